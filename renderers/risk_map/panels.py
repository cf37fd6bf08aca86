"""The panels around a territory map: title and turn, regions and key, the factions' legend,
and the panels an edition adds (its :class:`~renderers.risk_map.decoration.Panel`).

Sizes are chosen for a phone, where the picture is shown 450 px wide (0.375 of its size):
headings 21-25 px (8-9 px there), everything a player reads in play at least 18 px
(6.75 px there), counts 28 px and up. Static parts (headings, region names and bonuses,
the key) are drawn once into the static layer; ``draw_*`` functions below draw the parts
that change, over an RGB copy of their box.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from renderers.kit import INK, WHITE, blend, clean_text, fit_font, fit_text, font, hex_rgb
from renderers.risk_map.decoration import Decoration
from renderers.risk_map.kit import GOLD, PAPER, RED, region_name, symbol_icon
from renderers.words import lang_of
from renderers.words import name as thing_name

RGB = tuple[int, int, int]

TITLE_DYNAMIC = (6, 62, 6, 222)  # inset of the title panel's changing part: x0, y0, x1, y1
REGION_ROW = 31
KEY_H = 112


# --------------------------------------------------------------------------- factions


def styles(view: dict[str, Any], deco: Decoration) -> dict[str, tuple[RGB, str]]:
    """Faction key → (colour, symbol): a faction's own style (the edition's), the rest in
    order."""
    factions = view.get("factions") or {}
    out: dict[str, tuple[RGB, str]] = {}
    used: set[str] = set()
    for key, f in factions.items():
        style = deco.style_of(str(key), f)
        if style and style[1] not in used:
            out[key] = (hex_rgb(style[0]), style[1])
            used.add(style[1])
    fallback = list(deco.styles)
    spare = [s for s in fallback if s[1] not in used]
    for key in factions:
        if key not in out:
            hx, shape = spare.pop(0) if spare else fallback[len(out) % len(fallback)]
            out[key] = (hex_rgb(hx), shape)
    return out


def faction_of(factions: dict[str, Any], seat: Any) -> str | None:
    if seat in factions:
        return seat
    for k, f in factions.items():
        if f.get("player") == seat:
            return k
    return None


def faction_name(view: dict[str, Any], key: str, deco: Decoration) -> str:
    f = (view.get("factions") or {}).get(key) or {}
    lang = lang_of(view)
    return clean_text(thing_name(view.get("game") or "", deco.faction_kind,
                                 deco.faction_id(key, f), lang, f.get("name") or str(key)))


def player_name(view: dict[str, Any], seat: Any) -> str:
    if seat is None:
        return ""
    labels = view.get("labels") or {}
    name = clean_text(labels.get(seat) or "")
    return name if any(ch.isalnum() for ch in name) else (clean_text(seat) or "?")


# --------------------------------------------------------------------------- static parts


def draw_static(img: Image.Image, d: ImageDraw.ImageDraw, meta: dict[str, Any],
                lay: dict[str, Any], lang: str, deco: Decoration) -> None:
    """Headings, region names and bonuses, the key; the edition's panels' fixed words."""
    word = deco.words
    game_id = deco.game or meta.get("id", "")
    panels = lay.get("panels", {})
    box = panels.get("title")
    if box:
        x0, y0, x1, y1 = box
        title = lay.get("title") or [meta.get("name", "")]
        ft = font(34, "bold")
        d.text((x0 + 14, y0 + 10), title[0], font=ft, fill=INK)
        if len(title) > 1:
            d.text((x0 + 24 + ft.getlength(title[0]), y0 + 22), title[1], font=font(19, "bold"),
                   fill=RED)
        d.line((x0 + 12, y0 + 56, x1 - 12, y0 + 56), fill=INK, width=2)
        y = regions_top(box, meta)
        d.line((x0 + 12, y - 10, x1 - 12, y - 10), fill=INK, width=2)
        d.text((x0 + 14, y), word("regions", lang), font=font(21, "bold"), fill=INK)
        d.text((x1 - 14, y + 3), word("regions.cols", lang), font=font(18, "regular"),
               fill=INK, anchor="ra")
        y += 32
        for r in meta["regions"]:
            fr = font(21, "regular")
            d.text((x0 + 14, y), fit_text(region_name(meta, r["id"], lang, game_id), fr,
                                          x1 - x0 - 110), font=fr, fill=INK)
            d.text((x1 - 14, y), f"+{r['bonus']}", font=font(22, "bold"), fill=INK, anchor="ra")
            y += REGION_ROW
        _key(img, d, (x0, y1 - KEY_H, x1, y1), lang, deco)
    for name, panel in deco.panels.items():
        if name in panels:
            panel.draw_static(img, d, panels[name], meta, lang, deco)
    box = panels.get("legend")
    if box:
        x0, y0, x1, _y1 = box
        d.text((x0 + 14, y0 + 10), word("legend", lang), font=font(22, "bold"), fill=INK)
        d.text((x1 - 14, y0 + 14), word("legend.cols", lang), font=font(18, "regular"),
               fill=INK, anchor="ra")


def regions_top(box: list[int], meta: dict[str, Any]) -> int:
    return box[3] - KEY_H - 12 - 32 - REGION_ROW * len(meta["regions"])


def region_rows(box: list[int], meta: dict[str, Any]) -> list[tuple[str, int]]:
    """Each region's row (id, y) in the title panel."""
    y = regions_top(box, meta) + 32
    return [(r["id"], y + i * REGION_ROW) for i, r in enumerate(meta["regions"])]


def wrapped(d: ImageDraw.ImageDraw, text: str, box: tuple[int, int, int, int],
             sizes: tuple[int, ...], weight: str) -> None:
    """``text`` in one or two lines, as large as fits the box."""
    x0, y0, x1, y1 = box
    words = text.split()
    for size in sizes:
        f = font(size, weight)
        if f.getlength(text) <= x1 - x0:
            d.text((x0, (y0 + y1) / 2), text, font=f, fill=INK, anchor="lm")
            return
        for i in range(len(words) - 1, 0, -1):
            a, b = " ".join(words[:i]), " ".join(words[i:])
            if f.getlength(a) <= x1 - x0 and f.getlength(b) <= x1 - x0:
                d.text((x0, (y0 + y1) / 2 - (size + 3) / 2), a, font=f, fill=INK, anchor="lm")
                d.text((x0, (y0 + y1) / 2 + (size + 3) / 2), b, font=f, fill=INK, anchor="lm")
                return
    f = font(sizes[-1], weight)
    d.text((x0, (y0 + y1) / 2), fit_text(text, f, x1 - x0), font=f, fill=INK, anchor="lm")


def _key(img: Image.Image, d: ImageDraw.ImageDraw, box: tuple[int, int, int, int],
         lang: str, deco: Decoration) -> None:
    """The key: the map's lines (strongholds, sea links), then the edition's, one under
    the other; a tall line takes 38 px (two lines of words), a short one 24."""
    x0, y0, x1, _y1 = box
    d.line((x0 + 12, y0, x1 - 12, y0), fill=INK, width=1)
    top = y0 + 4
    for entry in deco.key_entries():
        bottom = top + (38 if entry.tall else 24)
        entry.icon(img, d, x0 + 12, (top + bottom) / 2)
        wrapped(d, deco.words(entry.text, lang), (x0 + 46, top, x1 - 10, bottom),
                (17, 16, 15) if entry.tall else (17, 16), "regular")
        top = bottom + 2


# --------------------------------------------------------------------------- dynamic parts


def draw_title(view: dict[str, Any], rgb: Image.Image, d: ImageDraw.ImageDraw,
               style: dict[str, tuple[RGB, str]], deco: Decoration) -> None:
    """Turn, phase, who is to play, or every winner: the first thing a player looks for."""
    word = deco.words
    lang = lang_of(view)
    w = rgb.width
    factions = view.get("factions") or {}
    phase = view.get("phase") or ""
    turn = view.get("turn")
    line = word(f"phase.{phase}", lang) if word.has(f"phase.{phase}") else str(phase).title()
    if turn is not None:
        line = f"{word('turn', lang, n=turn)} · {line}"
    f, line = fit_font(line, w - 24, (25, 23, 21, 19), "bold")
    d.text((12, 4), line, font=f, fill=INK)
    y = 42
    winners = view.get("winners")
    if winners is not None:
        h = rgb.height - y - 12
        d.rounded_rectangle((4, y, w - 4, y + h), radius=10, fill=GOLD, outline=INK, width=2)
        if not winners:
            d.text((14, y + 8), word("nobody_wins", lang), font=font(21, "bold"), fill=INK)
            note = word("nobody_wins.note", lang)  # why, in the edition's words
            if note:
                wrapped(d, note, (14, y + 40, w - 14, y + 96), (19, 18, 17), "regular")
            return
        d.text((14, y + 6), word("winner" if len(winners) == 1 else "winners", lang),
               font=font(20, "bold"), fill=INK)
        # every winner, however many tie: past three, two columns of names
        top = y + 34
        cols = 1 if len(winners) <= 3 else 2
        rows = -(-len(winners) // cols)
        row = min(48, (h - 38) // rows)
        two = row >= 44  # room for the faction under the name
        fs = max(14, min(22, (row if not two else row // 2) - 2))
        col_w = (w - 16) // cols
        for k, seat in enumerate(winners):
            fk = faction_of(factions, seat)
            cx = 12 + (k // rows) * col_w
            ry = top + (k % rows) * row
            size = max(14, min(28, fs + 4))
            if fk in style:
                icon = symbol_icon(style[fk][1], size, style[fk][0])
                rgb.paste(icon, (cx, ry + (row - size) // 2 - (row // 4 if two else 0)), icon)
            who = player_name(view, seat) or (faction_name(view, fk, deco) if fk else str(seat))
            side = faction_name(view, fk, deco) if fk and factions.get(fk, {}).get("player") else ""
            fb = font(fs, "bold")
            room = col_w - 18 - size
            tx = cx + size + 6
            if two:
                d.text((tx, ry + 2), fit_text(who, fb, room), font=fb, fill=INK)
                fr = font(max(14, fs - 3), "regular")
                d.text((tx, ry + row // 2), fit_text(side, fr, room), font=fr, fill=INK)
            else:  # the symbol says the faction; its name only where it fits whole
                text = who + (f" · {side}" if side and cols == 1 else "")
                if fb.getlength(text) > room:
                    text = who
                d.text((tx, ry + (row - fs) // 2 - 1), fit_text(text, fb, room), font=fb,
                       fill=INK)
        return
    cur = view.get("current")
    if cur is None:
        return
    fk = faction_of(factions, cur)
    if fk in style:
        icon = symbol_icon(style[fk][1], 34, style[fk][0])
        rgb.paste(icon, (10, y + 2), icon)
    fb = font(25, "bold")
    d.text((52, y + 2), fit_text(player_name(view, cur), fb, w - 64), font=fb, fill=INK)
    if fk:
        fr = font(20, "regular")
        d.text((52, y + 34), fit_text(faction_name(view, fk, deco), fr, w - 64), font=fr, fill=INK)
    fr = font(20, "regular")
    d.text((52, y + 60), word("to_play", lang), font=fr, fill=blend(INK, PAPER, 0.35))


def holders(view: dict[str, Any], meta: dict[str, Any]) -> dict[str, str]:
    """Region id → the faction holding every one of its territories."""
    terr = view.get("territories") or {}
    out = {}
    for r in meta["regions"]:
        owners = {(terr.get(t["id"]) or {}).get("owner") for t in meta["territories"]
                  if t["region"] == r["id"]}
        if len(owners) == 1 and None not in owners:
            out[r["id"]] = owners.pop()
    return out


def draw_legend(view: dict[str, Any], rgb: Image.Image, d: ImageDraw.ImageDraw,
                style: dict[str, tuple[RGB, str]], deco: Decoration) -> None:
    """One row per faction: symbol in its colour, name, player, territories and troops."""
    word = deco.words
    lang = lang_of(view)
    w, h = rgb.size
    factions = view.get("factions") or {}
    terr = view.get("territories") or {}
    held: dict[str, int] = {}
    men: dict[str, int] = {}
    for t in terr.values():
        o = t.get("owner")
        if o is None:
            continue
        held[o] = held.get(o, 0) + 1
        men[o] = men.get(o, 0) + int(t.get("troops") or 0)
    out = set(view.get("eliminated") or [])
    cur = view.get("current")
    keys = list(factions)[:8]
    top = 4
    row = min(84, (h - top - 6) // max(1, len(keys)))
    fr = font(19, "regular")
    for j, key in enumerate(keys):
        f = factions[key]
        y = top + j * row
        seat = f.get("player")
        if cur is not None and (seat == cur or key == cur):
            d.rounded_rectangle((4, y, w - 4, y + row - 6), radius=9, fill=WHITE, outline=INK,
                                width=2)
        colour, shape = style[key]
        icon = symbol_icon(shape, 40, colour)
        rgb.paste(icon, (10, y + (row - 6 - 40) // 2), icon)
        gone = key in out or (seat is not None and seat in out)
        name = faction_name(view, key, deco)
        fg, shown = fit_font(name, w - 150, (22, 20, 18), "bold")
        d.text((58, y + 8 + (22 - fg.size) // 2), shown, font=fg, fill=INK)
        who = player_name(view, seat) if seat else word("neutral", lang)
        if gone:
            who += " · " + word("out", lang)
        d.text((58, y + 38), fit_text(who, fr, w - 150), font=fr, fill=INK)
        d.text((w - 14, y + 4), str(held.get(key, 0)), font=font(30, "bold"), fill=INK,
               anchor="ra")
        d.text((w - 14, y + 42), word("members", lang, n=men.get(key, 0)),
               font=font(17, "regular"), fill=INK, anchor="ra")
        if gone:
            d.line((58, y + 20, 58 + fg.getlength(shown), y + 20), fill=INK, width=3)


__all__ = ["draw_static", "draw_title", "draw_legend", "styles", "holders", "region_rows",
           "faction_of", "faction_name", "player_name", "wrapped", "TITLE_DYNAMIC", "PAPER"]
