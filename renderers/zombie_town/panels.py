"""The parts of the Zombie Town page around the board: the header (the day, whose turn, the
actions left, the free move, the zombies to move or to fight, the box and the decks), the
legend, and the players' table (token, name, character, health, weapons and ammunition,
survivors, zombies collected, hand, keys and agendas as counts face down, completed agendas,
public points). Each is drawn in RGB, mapped to the board's palette and cached by what it
shows."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from renderers.kit import check_mark, crown_icon, draw_text, fit_font, fit_text, font, token_icon
from renderers.zombie_town import sprites
from renderers.zombie_town.frame import to_palette
from renderers.zombie_town.look import (
    C_HEALTH,
    C_HIDDEN,
    C_KIT,
    C_NAME,
    C_POINTS,
    C_ZOMBIES,
    HEADER_H,
    MUTED,
    PAGE,
    PAGE_TEXT,
    ROW_BG,
    ROW_BG_CURRENT,
    ROW_H,
    width,
)
from renderers.zombie_town.words import WORDS

GOOD = (120, 210, 120)
BAD = (236, 96, 96)



def _blank(w: int, h: int, bg: tuple[int, int, int]) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    im = Image.new("RGBA", (w, h), bg + (255,))
    return im, ImageDraw.Draw(im)


def _icon(im: Image.Image, icon: Image.Image, x: int, y: int) -> None:
    im.alpha_composite(icon, (int(x), int(y)))


# ------------------------------------------------------------------------------ header

@lru_cache(maxsize=512)
def header(lang: str, day: int, last_day: int, phase: str, who: str | None, who_index: int | None,
           actions: int, per_turn: int, free: bool, extra: int, counts: tuple[int, int, int],
           winners: tuple[tuple[str, int], ...] | None) -> Image.Image:
    """The header as a palette image. ``extra``: zombie moves left (phase zombies) or zombies
    left to fight (encounter); ``counts``: zombies in the box, barricades left, the deck."""
    w = width()
    im, d = _blank(w, HEADER_H, PAGE)
    f = font(26, "bold")
    text = WORDS("day", lang, day=day, last=last_day)
    draw_text(d, (16, 26), text, f, PAGE_TEXT, anchor="lm")
    dw = max(int(f.getlength(text)), 12 * last_day)
    for i in range(last_day):  # a pip per day, the days gone and today filled
        x = 16 + i * 12
        d.rectangle((x, 50, x + 8, 60), fill=(226, 64, 72) if i < day else (70, 74, 82))
    x0 = 16 + dw + 28
    d.line([(x0 - 14, 10), (x0 - 14, HEADER_H - 10)], fill=(70, 74, 82), width=2)
    if phase == "over":
        _icon(im, crown_icon(30), x0, 10)
        draw_text(d, (x0 + 38, 26), WORDS("game_over", lang), font(22, "bold"), PAGE_TEXT, anchor="lm")
        if winners:
            names = WORDS("and", lang).join(n for n, _ in winners)
            key = "wins" if len(winners) == 1 else "win"
            ff, line = fit_font(WORDS(key, lang, who=names), w - x0 - 60, (20, 18, 16, 14))
        else:
            ff, line = font(20, "bold"), WORDS("no_winner", lang)
        x = x0
        for _, idx in (winners or ())[:6]:
            _icon(im, token_icon(idx, 20), x, 46)
            x += 22
        draw_text(d, (x + 6, 56), line, ff, (255, 214, 90), anchor="lm")
        return to_palette(im)
    if who is not None and who_index is not None:
        _icon(im, token_icon(who_index, 30), x0, 11)
        ff, line = fit_font(WORDS(f"phase.{phase}", lang, who=who), w - x0 - 250, (22, 20, 18, 16))
        draw_text(d, (x0 + 38, 26), line, ff, PAGE_TEXT, anchor="lm")
    y = 56
    if phase in ("act", "encounter", "redraw"):
        for i in range(per_turn):  # the actions left, filled
            x = x0 + i * 20
            d.ellipse((x, y - 7, x + 14, y + 7), fill=(255, 214, 90) if i < actions else None,
                      outline=(255, 214, 90) if i < actions else (110, 114, 122), width=2)
        x = x0 + per_turn * 20 + 4
        t = WORDS("actions", lang)
        draw_text(d, (x, y), t, font(15, "regular"), PAGE_TEXT, anchor="lm")
        x += int(font(15, "regular").getlength(t)) + 18
        if free:
            check_mark(d, (x, y - 7, x + 14, y + 7), GOOD, 3)
        else:
            d.line([(x + 2, y - 5), (x + 12, y + 5)], fill=BAD, width=3)
            d.line([(x + 12, y - 5), (x + 2, y + 5)], fill=BAD, width=3)
        draw_text(d, (x + 20, y), WORDS("free", lang), font(15, "regular"), PAGE_TEXT if free else MUTED, anchor="lm")
        if phase == "encounter" and extra:
            t = WORDS("encounter_left", lang, n=extra)
            x += 30 + int(font(15, "regular").getlength(WORDS("free", lang)))
            _icon(im, sprites.zombie(18), x, y - 9)
            draw_text(d, (x + 22, y), t, font(15, "bold"), (170, 230, 120), anchor="lm")
    elif phase == "zombies":
        _icon(im, sprites.zombie(20), x0, y - 10)
        draw_text(d, (x0 + 26, y), WORDS("zombies_left", lang, n=extra), font(16, "bold"), (170, 230, 120),
                  anchor="lm")
    box, stands, deck = counts
    small = font(14, "regular")
    t = "  ·  ".join((WORDS("box", lang, n=box), WORDS("stands", lang, n=stands), WORDS("deck", lang, n=deck)))
    draw_text(d, (w - 14, 26), t, small, MUTED, anchor="rm")
    return to_palette(im)


# ------------------------------------------------------------------------------ a player's line

@lru_cache(maxsize=1024)
def row(lang: str, index: int, name: str, character: str, status: str, current: bool, health: int, max_health: int,
        weapons: tuple[tuple[bool, int | None], ...], followers: tuple[bool, ...], zombies: int, hand: int,
        keys: int, agendas: int, done: tuple[int, ...], points: int, winner: bool) -> Image.Image:
    """A player's line as a palette image. ``weapons``: (is a gun, bullets); ``followers``:
    armed or not; ``done``: the values of the completed agendas."""
    w = width()
    bg = ROW_BG_CURRENT if current else ROW_BG
    im, d = _blank(w, ROW_H, PAGE)
    d.rounded_rectangle((6, 2, w - 7, ROW_H - 3), radius=8, fill=bg)
    if current:
        d.rounded_rectangle((6, 2, w - 7, ROW_H - 3), radius=8, outline=(255, 214, 90), width=2)
    _icon(im, token_icon(index, 28), C_NAME, ROW_H // 2 - 14)
    if winner:
        _icon(im, crown_icon(18), C_NAME + 5, 0)
    nf = font(17, "bold")
    draw_text(d, (C_NAME + 36, 16), fit_text(name, nf, C_HEALTH - C_NAME - 44), nf, PAGE_TEXT, anchor="lm")
    sf = font(13, "regular")
    sub = " · ".join(x for x in (character, status) if x)
    draw_text(d, (C_NAME + 36, 34), fit_text(sub, sf, C_HEALTH - C_NAME - 44), sf,
              BAD if status and not status.startswith(("in ", "voiture")) else MUTED, anchor="lm")
    cy = ROW_H // 2
    for i in range(max_health):
        _icon(im, sprites.heart(17, i < health), C_HEALTH + i * 19, cy - 9)
    x = C_KIT
    small = font(14, "bold")
    for gun, ammo in weapons:
        _icon(im, sprites.gun(22) if gun else sprites.blade(22), x, cy - 11)
        x += 23
        if gun:
            draw_text(d, (x, cy + 1), str(ammo or 0), small, PAGE_TEXT if ammo else BAD, anchor="lm")
            x += 14
        x += 8
    if weapons:
        x += 6
    for armed in followers:
        _icon(im, sprites.survivor(20), x, cy - 10)
        if armed:
            _icon(im, sprites.gun(12), x + 10, cy + 2)
        x += 22
    x = C_ZOMBIES
    _icon(im, sprites.zombie(22), x, cy - 11)
    draw_text(d, (x + 25, cy + 1), str(zombies), font(16, "bold"), PAGE_TEXT, anchor="lm")
    x = C_HIDDEN
    for icon, n in ((sprites.card_back(22), hand), (sprites.key_back(22), keys), (sprites.agenda(22), agendas)):
        _icon(im, icon, x, cy - 11)
        draw_text(d, (x + 24, cy + 1), str(n), font(16, "bold"), PAGE_TEXT, anchor="lm")
        x += 52
    for v in done:  # completed agendas, face up: their values
        t = f"+{v}"
        tw = int(small.getlength(t))
        d.rounded_rectangle((x, cy - 10, x + tw + 10, cy + 10), radius=5, fill=(60, 120, 70))
        draw_text(d, (x + 5, cy + 1), t, small, PAGE_TEXT, anchor="lm")
        x += tw + 14
    pf = font(24, "bold")
    draw_text(d, (C_POINTS, cy + 1), str(points), pf, (255, 214, 90) if winner else PAGE_TEXT, anchor="rm")
    return to_palette(im)


def clear() -> None:
    for fn in (header, row):
        fn.cache_clear()


__all__ = ["clear", "header", "row"]
