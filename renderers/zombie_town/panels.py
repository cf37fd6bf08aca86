"""The parts of the Zombie Town page around the board: the header (the day, whose turn, the
actions left, the free move, the zombies to move or to fight, the box and the decks), the
legend, and the players' table (token, name, character, health, weapons and ammunition,
survivors, zombies collected, hand, keys and agendas as counts face down, completed agendas,
public points). Each is drawn in RGB, mapped to the board's palette and cached by what it
shows."""

from __future__ import annotations

from PIL import Image, ImageDraw

import renderers.zombie_town.sprites as sprites
from renderers.kit import check_mark, crown_icon, draw_text, fit_font, fit_text, font, token_icon
from renderers.kit.memo import kept
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
# Four blocks, each cached by what it shows (a turn's actions change only the third):
# the day | whose turn (or the game over) | the actions left, the free move, the zombies to
# move or fight (or the winners) | the box and the decks.

DAY_W = 215  # the day block's width
COUNTS_W = 300  # the box and decks, top right
TOP_H = 44  # the upper line's height


def header_boxes() -> dict[str, tuple[int, int, int, int]]:
    w = width()
    return {"day": (0, 0, DAY_W, HEADER_H), "who": (DAY_W, 0, w - COUNTS_W, TOP_H),
            "act": (DAY_W, TOP_H, w, HEADER_H), "counts": (w - COUNTS_W, 0, w, TOP_H)}


def _block(name: str) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    x0, y0, x1, y1 = header_boxes()[name]
    return _blank(x1 - x0, y1 - y0, PAGE)


@kept(64)
def day_block(lang: str, day: int, last_day: int) -> Image.Image:
    """The day and a pip per day (the days gone and today filled)."""
    im, d = _block("day")
    f, text = fit_font(WORDS("day", lang, day=day, last=last_day), DAY_W - 30, (26, 24, 22, 20))
    draw_text(d, (16, 26), text, f, PAGE_TEXT, anchor="lm")
    pip = max(4, min(12, (DAY_W - 40) // max(1, last_day)))
    for i in range(last_day):
        x = 16 + i * pip
        d.rectangle((x, 50, x + pip - 4, 60), fill=(226, 64, 72) if i < day else (70, 74, 82))
    d.line([(DAY_W - 8, 10), (DAY_W - 8, HEADER_H - 10)], fill=(70, 74, 82), width=2)
    return to_palette(im)


@kept(256)
def who_block(lang: str, phase: str, who: str | None, who_index: int | None) -> Image.Image:
    """Whose turn and what they do now (or "Game over", with a crown)."""
    im, d = _block("who")
    w = im.width
    x0 = 6
    if phase == "over":
        _icon(im, crown_icon(30), x0, 8)
        draw_text(d, (x0 + 38, 24), WORDS("game_over", lang), font(22, "bold"), PAGE_TEXT, anchor="lm")
    elif who is not None and who_index is not None:
        _icon(im, token_icon(who_index, 30), x0, 9)
        ff, line = fit_font(WORDS(f"phase.{phase}", lang, who=who), w - x0 - 44, (22, 20, 18, 16))
        draw_text(d, (x0 + 38, 24), line, ff, PAGE_TEXT, anchor="lm")
    return to_palette(im)


@kept(256)
def act_block(lang: str, phase: str, actions: int, per_turn: int, free: bool, extra: int,
              winners: tuple[tuple[str, int], ...] | None) -> Image.Image:
    """The actions left and the free move (and the zombies left to fight), or the zombies left
    to move, or at the end the winners. ``extra``: zombie moves left (phase zombies) or
    zombies left to fight (encounter)."""
    im, d = _block("act")
    w = im.width
    x0, y = 6, 12
    if phase == "over":
        if winners:
            names = WORDS("and", lang).join(n for n, _ in winners)
            key = "wins" if len(winners) == 1 else "win"
            ff, line = fit_font(WORDS(key, lang, who=names), w - x0 - 160, (20, 18, 16, 14))
        else:
            ff, line = font(20, "bold"), WORDS("no_winner", lang)
        x = x0
        for _, idx in (winners or ())[:6]:
            _icon(im, token_icon(idx, 20), x, y - 10)
            x += 22
        draw_text(d, (x + 6, y), line, ff, (255, 214, 90), anchor="lm")
    elif phase in ("act", "encounter", "redraw"):
        for i in range(per_turn):  # the actions left, filled
            x = x0 + i * 20
            d.ellipse((x, y - 7, x + 14, y + 7), fill=(255, 214, 90) if i < actions else None,
                      outline=(255, 214, 90) if i < actions else (110, 114, 122), width=2)
        x = x0 + per_turn * 20 + 4
        f = font(15, "regular")
        t = WORDS("actions", lang)
        draw_text(d, (x, y), t, f, PAGE_TEXT, anchor="lm")
        x += int(f.getlength(t)) + 18
        if free:
            check_mark(d, (x, y - 7, x + 14, y + 7), GOOD, 3)
        else:
            d.line([(x + 2, y - 5), (x + 12, y + 5)], fill=BAD, width=3)
            d.line([(x + 12, y - 5), (x + 2, y + 5)], fill=BAD, width=3)
        t = WORDS("free", lang)
        draw_text(d, (x + 20, y), t, f, PAGE_TEXT if free else MUTED, anchor="lm")
        if phase == "encounter" and extra:
            x += 40 + int(f.getlength(t))
            _icon(im, sprites.zombie(18), x, y - 9)
            draw_text(d, (x + 22, y), WORDS("encounter_left", lang, n=extra), font(15, "bold"), (170, 230, 120),
                      anchor="lm")
    elif phase == "zombies":
        _icon(im, sprites.zombie(20), x0, y - 10)
        draw_text(d, (x0 + 26, y), WORDS("zombies_left", lang, n=extra), font(16, "bold"), (170, 230, 120),
                  anchor="lm")
    return to_palette(im)


@kept(256)
def counts_block(lang: str, box: int, stands: int, deck: int) -> Image.Image:
    """Zombies left in the box, barricades left, cards in the deck."""
    im, d = _block("counts")
    t = "  ·  ".join((WORDS("box", lang, n=box), WORDS("stands", lang, n=stands), WORDS("deck", lang, n=deck)))
    f, t = fit_font(t, COUNTS_W - 20, (14, 13, 12))
    draw_text(d, (COUNTS_W - 14, 24), t, f, MUTED, anchor="rm")
    return to_palette(im)


# ------------------------------------------------------------------------------ a player's line
# Six cells, each cached by what it shows (a wound redraws the hearts only); the line's
# background is in the frame.

CELL_TOP = 4  # a cell's top inside its line
CELL_H = ROW_H - 8


def row_cells() -> dict[str, tuple[int, int]]:
    """Each cell's x span on a line."""
    return {"name": (8, C_HEALTH - 8), "health": (C_HEALTH - 4, C_KIT - 6), "kit": (C_KIT - 4, C_ZOMBIES - 6),
            "zombies": (C_ZOMBIES - 4, C_HIDDEN - 6), "hidden": (C_HIDDEN - 4, C_POINTS - 64),
            "points": (C_POINTS - 60, width() - 10)}


def _cell(name: str, bg: tuple[int, int, int] = ROW_BG) -> tuple[Image.Image, ImageDraw.ImageDraw, int]:
    x0, x1 = row_cells()[name]
    im, d = _blank(x1 - x0, CELL_H, bg)
    return im, d, x0


@kept(128)
def name_cell(index: int, name: str, sub: str, alarm: bool, current: bool, winner: bool) -> Image.Image:
    """Token, name, and below it the character and what befell them (``alarm``: dead or out,
    in red). The player whose turn it is: a lighter cell with a yellow bar."""
    im, d, x0 = _cell("name", ROW_BG_CURRENT if current else ROW_BG)
    cy = CELL_H // 2
    if current:
        d.rectangle((0, 0, 4, CELL_H), fill=(255, 214, 90))
    _icon(im, token_icon(index, 28), C_NAME + 2 - x0, cy - 14)
    if winner:
        _icon(im, crown_icon(18), C_NAME + 7 - x0, -4)
    nf = font(17, "bold")
    room = im.width - (C_NAME + 38 - x0) - 4
    draw_text(d, (C_NAME + 38 - x0, 11), fit_text(name, nf, room), nf, PAGE_TEXT, anchor="lm")
    sf = font(13, "regular")
    draw_text(d, (C_NAME + 38 - x0, 30), fit_text(sub, sf, room), sf, BAD if alarm else MUTED, anchor="lm")
    return to_palette(im)


@kept(64)
def health_cell(health: int, max_health: int) -> Image.Image:
    im, d, x0 = _cell("health")
    cy = CELL_H // 2
    for i in range(max_health):
        _icon(im, sprites.heart(17, i < health), C_HEALTH + i * 19 - x0, cy - 9)
    return to_palette(im)


@kept(128)
def kit_cell(weapons: tuple[tuple[bool, int | None], ...], followers: tuple[bool, ...]) -> Image.Image:
    """Weapons carried (a gun with its bullets, a blade) and the survivors following (armed:
    a small gun)."""
    im, d, x0 = _cell("kit")
    cy = CELL_H // 2
    x = C_KIT - x0
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
    return to_palette(im)


@kept(64)
def zombies_cell(zombies: int) -> Image.Image:
    """Zombies collected."""
    im, d, x0 = _cell("zombies")
    cy = CELL_H // 2
    _icon(im, sprites.zombie(22), C_ZOMBIES - x0, cy - 11)
    draw_text(d, (C_ZOMBIES - x0 + 25, cy + 1), str(zombies), font(16, "bold"), PAGE_TEXT, anchor="lm")
    return to_palette(im)


@kept(128)
def hidden_cell(hand: int, keys: int, agendas: int, done: tuple[int, ...]) -> Image.Image:
    """Cards in hand, keys held and agendas in hand, as counts (face down), then the completed
    agendas, face up: their values."""
    im, d, x0 = _cell("hidden")
    cy = CELL_H // 2
    x = C_HIDDEN - x0
    for icon, n in ((sprites.card_back(22), hand), (sprites.key_back(22), keys), (sprites.agenda(22), agendas)):
        _icon(im, icon, x, cy - 11)
        draw_text(d, (x + 24, cy + 1), str(n), font(16, "bold"), PAGE_TEXT, anchor="lm")
        x += 52
    small = font(14, "bold")
    for i, v in enumerate(done):
        t = f"+{v}"
        tw = int(small.getlength(t))
        if x + tw + 10 > im.width - 4 or (i < len(done) - 1 and x + tw + 48 > im.width - 4):
            t = f"+{sum(done[i:])}…" if i else f"+{sum(done)}"
            tw = int(small.getlength(t))
        d.rounded_rectangle((x, cy - 10, x + tw + 10, cy + 10), radius=5, fill=(60, 120, 70))
        draw_text(d, (x + 5, cy + 1), t, small, PAGE_TEXT, anchor="lm")
        x += tw + 14
        if t.endswith("…") or (i == 0 and t != f"+{v}"):
            break
    return to_palette(im)


@kept(128)
def points_cell(points: int, winner: bool) -> Image.Image:
    im, d, x0 = _cell("points")
    draw_text(d, (C_POINTS - x0, CELL_H // 2 + 1), str(points), font(24, "bold"),
              (255, 214, 90) if winner else PAGE_TEXT, anchor="rm")
    return to_palette(im)


def clear() -> None:
    for fn in (day_block, who_block, act_block, counts_block, name_cell, health_cell, kit_cell, zombies_cell,
               hidden_cell, points_cell):
        fn.cache_clear()


__all__ = ["CELL_TOP", "act_block", "clear", "counts_block", "day_block", "header_boxes", "health_cell",
           "hidden_cell", "kit_cell", "name_cell", "points_cell", "row_cells", "who_block", "zombies_cell"]
