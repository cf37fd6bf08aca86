"""What The Walking Dead adds to the shared territory map: the circular board's night round it
and its zones' coloured ring, the strategic locations' star and the watchtowers on the badges,
the groups' and the walkers' styles, and a panel with the invasion track, the action card just
drawn and each player's crates and grenades.

The view it reads, beside the map's (``territories``, ``factions``, ``turn``, ``phase``,
``current``, ``highlight``, ``winners``, ``lang``):

- ``factions[key]["group"]``: ``rick``, ``governor``, ``greene``, ``prisoners`` or ``walkers``;
- ``towers``: the territories with a watchtower;
- ``mode``: ``survival`` (default) or ``conquest``;
- ``invasion``: ``{"marker": 1-4, "round": n, "horde": bool}`` (Survival);
- ``action``: the card just drawn, ``{"name", "text", "name_fr", "text_fr"}``, or ``None``;
- ``crates`` / ``grenades``: seat → how many (counts only: crate values are secret).
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from renderers.kit import INK, WHITE, blend, fit_text, font, hex_rgb
from renderers.risk_map.decoration import Decoration, KeyEntry, Panel, Style
from renderers.risk_map.kit import GOLD, PAPER, RED, Tab, symbol_icon
from renderers.risk_map.panels import faction_of, styles, wrapped
from renderers.walking_dead.styles import (
    COLOURS,
    GROUP_STYLE,
    NIGHT,
    STAR_BADGE,
    star,
    star_tab,
    tower,
    tower_tab,
)
from renderers.walking_dead.words import WORDS
from renderers.words import lang_of

STAR = Tab("star", star_tab, frame=GOLD, frame_w=3.0, ground=STAR_BADGE, hairline=True, always=True)
TOWER = Tab("tower", tower_tab)
STAR_TOWER = Tab("star_tower", tower_tab, frame=GOLD, frame_w=3.0, ground=STAR_BADGE, hairline=True,
                 always=True)
TRACK = ((1, 1), (2, 2), (3, 2), (4, 3))  # the board's Invasion table (bot/rules/walking_dead/invasion.py)
RING = 30  # the zones' coloured ring round the circle, px wide


def _star_key(img: Image.Image, d: ImageDraw.ImageDraw, x: int, cy: float) -> None:
    big = Image.new("RGBA", (112, 112), (0, 0, 0, 0))
    star(ImageDraw.Draw(big), 56, 56, 50, 4)
    img.alpha_composite(big.resize((28, 28), Image.Resampling.LANCZOS), (x, int(cy) - 14))


def _tower_key(img: Image.Image, d: ImageDraw.ImageDraw, x: int, cy: float) -> None:
    big = Image.new("RGBA", (112, 112), (0, 0, 0, 0))
    tower(ImageDraw.Draw(big), 56, 58, 4.6)
    img.alpha_composite(big.resize((28, 28), Image.Resampling.LANCZOS), (x, int(cy) - 14))


def _panel_static(img: Image.Image, d: ImageDraw.ImageDraw, box: list[int], meta: dict[str, Any], lang: str,
                  deco: Decoration) -> None:
    """Nothing fixed: the panel's headings depend on the mode (Conquest has no invasions)."""


def _track(view: dict[str, Any], d: ImageDraw.ImageDraw, deco: Decoration, lang: str, w: int) -> None:
    """The round, the next invasion's size and the board's Invasion table with its marker."""
    word = deco.words
    inv = view.get("invasion") or {}
    marker = max(1, min(4, int(inv.get("marker") or 1)))
    k, n = TRACK[marker - 1]
    d.text((10, 4), word("wd.invasion", lang), font=font(22, "bold"), fill=INK)
    f = font(19, "bold")
    line = f"{word('wd.round', lang, n=inv.get('round') or 1)} · {word('wd.next', lang, k=k, w=n)}"
    d.text((10, 34), fit_text(line, f, w - 16), font=f, fill=INK)
    pitch = (w - 56) / 3
    for i, (kk, ww) in enumerate(TRACK):
        cx, cy = 28 + i * pitch, 80
        on = i + 1 == marker
        if i < 3:
            d.line((cx + 19, cy, cx + pitch - 19, cy), fill=INK, width=2)
        d.ellipse((cx - 17, cy - 17, cx + 17, cy + 17), fill=RED if on else WHITE, outline=INK, width=2)
        d.text((cx, cy + 1), str(i + 1), font=font(19, "bold"), fill=WHITE if on else INK, anchor="mm")
        d.text((cx, cy + 30), f"{kk}×{ww}", font=font(17, "regular"), fill=INK, anchor="mm")
    if inv.get("horde"):
        d.text((10, 124), fit_text(word("wd.horde", lang), font(18, "bold"), w - 16), font=font(18, "bold"),
               fill=RED)


def _lines(text: str, f: Any, width: int, most: int) -> list[str]:
    """``text`` wrapped greedily in at most ``most`` lines of ``width`` px (the last cut short)."""
    out: list[str] = []
    words = text.split()
    while words and len(out) < most:
        line = words.pop(0)
        while words and f.getlength(f"{line} {words[0]}") <= width:
            line += " " + words.pop(0)
        out.append(line)
    if words:
        out[-1] = fit_text(f"{out[-1]} {' '.join(words)}", f, width)
    return [fit_text(line, f, width) for line in out]


def _action(view: dict[str, Any], d: ImageDraw.ImageDraw, deco: Decoration, lang: str,
            box: tuple[int, int, int, int]) -> None:
    """The action card just drawn: its name and its words, wrapped to the box."""
    x0, y0, x1, y1 = box
    d.text((x0, y0 + 4), deco.words("wd.action", lang), font=font(22, "bold"), fill=INK)
    card = view.get("action")
    if not card:
        d.text((x0, y0 + 36), deco.words("wd.no_action", lang), font=font(18, "regular"), fill=INK)
        return
    fr = lang == "fr"
    name = (card.get("name_fr") if fr else None) or card.get("name") or ""
    text = (card.get("text_fr") if fr else None) or card.get("text") or ""
    y = y0 + 32
    fb = font(19, "bold")
    for line in _lines(name, fb, x1 - x0, 2):
        d.text((x0, y), line, font=fb, fill=INK)
        y += 22
    fr_ = font(16, "regular")
    for line in _lines(text, fr_, x1 - x0, max(1, (y1 - y - 2) // 19)):
        d.text((x0, y + 2), line, font=fr_, fill=INK)
        y += 19


def _survival_panel(view: dict[str, Any], meta: dict[str, Any], rgb: Any, d: ImageDraw.ImageDraw,
                    deco: Decoration) -> None:
    """The invasion track and round and the action card just drawn (Survival), then each
    player's crates and grenades (counts: the values are secret)."""
    word = deco.words
    lang = lang_of(view)
    w, h = rgb.width, rgb.height
    half = w // 2
    if view.get("mode") == "conquest":
        wrapped(d, word("wd.conquest", lang), (10, 6, w - 10, 60), (21, 20, 19), "bold")
    else:
        _track(view, d, deco, lang, half)
        d.line((half, 6, half, h - 50), fill=INK, width=1)
        _action(view, d, deco, lang, (half + 12, 0, w - 8, h - 46))
    y = h - 44
    d.line((6, y, w - 6, y), fill=INK, width=1)
    y += 8
    f = font(17, "bold")
    label = word("wd.crates", lang) if view.get("mode") != "conquest" else word("wd.crates_only", lang)
    d.text((10, y + 8), label, font=f, fill=blend(INK, PAPER, 0.35))
    x = 18 + f.getlength(label)
    factions = view.get("factions") or {}
    style = styles(view, deco)
    crates, grenades = view.get("crates") or {}, view.get("grenades") or {}
    seats = [fk.get("player") for fk in factions.values() if fk.get("player")]
    room = (w - x - 6) / max(1, len(seats))
    for seat in seats:
        fk = faction_of(factions, seat)
        if fk in style:
            icon = symbol_icon(style[fk][1], 26, style[fk][0])
            rgb.paste(icon, (int(x), y + 4), icon)
        fn = font(22, "bold")
        cx = x + 32
        counts = [(int(crates.get(seat) or 0), _crate)]
        if view.get("mode") != "conquest":
            counts.append((int(grenades.get(seat) or 0), _grenade))
        for n, glyph in counts:  # "3 [crate] 1 [grenade]": the count, then what it counts
            d.text((cx, y + 17), str(n), font=fn, fill=INK, anchor="lm")
            cx += fn.getlength(str(n)) + 3
            glyph(d, cx, y + 17)
            cx += 26
        x += room


def _crate(d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
    """An ammunition crate: a wooden box with its cross-bracing."""
    d.rectangle((x, cy - 8, x + 18, cy + 8), fill=(160, 112, 62), outline=INK, width=2)
    d.line((x + 2, cy - 6, x + 16, cy + 6), fill=INK, width=2)
    d.line((x + 2, cy + 6, x + 16, cy - 6), fill=INK, width=2)


def _grenade(d: ImageDraw.ImageDraw, x: float, cy: float) -> None:
    """A grenade: an olive body, its lever and ring."""
    d.ellipse((x + 1, cy - 6, x + 15, cy + 9), fill=(92, 108, 58), outline=INK, width=2)
    d.rectangle((x + 5, cy - 10, x + 11, cy - 5), fill=INK)
    d.ellipse((x + 11, cy - 13, x + 17, cy - 7), outline=INK, width=2)


class WalkingDead(Decoration):
    """The Walking Dead's board: the shared map, round, with its groups, walkers and towers."""

    game = "walking_dead"
    words = WORDS
    faction_kind = "gang"  # the names' kind bot/rules/names.py knows for a faction (our groups)
    own_styles = tuple(GROUP_STYLE.values())
    colours = COLOURS
    panels = {"survival": Panel(_panel_static, _survival_panel, inset=(4, 4, 4, 4))}

    def style_of(self, key: str, faction: dict[str, Any]) -> Style | None:
        return GROUP_STYLE.get(faction.get("gang") or faction.get("group") or "") or GROUP_STYLE.get(key)

    def faction_id(self, key: str, faction: dict[str, Any]) -> str:
        return str(faction.get("group") or faction.get("gang") or key)

    def draw_art(self, d: ImageDraw.ImageDraw, lay: dict[str, Any], scale: int) -> None:
        """Night round the circle, and each outer zone's colour as a ring along its arc."""
        s = scale
        cx, cy = (v * s for v in lay["centre"])
        r = lay["radii"][-1] * s
        W, H = (v * s for v in lay["size"])
        d.rectangle((0, 0, W, H), fill=NIGHT)
        outer = r + RING * s
        for zid, zone in lay["zones"].items():
            a0, a1 = zone["arc"]
            if zid == "prison":
                continue
            d.pieslice((cx - outer, cy - outer, cx + outer, cy + outer), a0 - 90, a1 - 90,
                       fill=hex_rgb(zone["color"]), outline=INK, width=3 * s)
        d.ellipse((cx - outer, cy - outer, cx + outer, cy + outer), outline=INK, width=3 * s)
        inner = r + 2 * s
        d.ellipse((cx - inner, cy - inner, cx + inner, cy + inner), fill=(0, 0, 0, 0), outline=INK, width=3 * s)

    def tabs(self, view: dict[str, Any], meta: dict[str, Any], lay: dict[str, Any]) -> dict[str, Tab]:
        towers = set(view.get("towers") or ())
        out: dict[str, Tab] = {}
        for tid, spot in lay["territories"].items():
            if spot.get("strategic"):
                out[tid] = STAR_TOWER if tid in towers else STAR
            elif tid in towers:
                out[tid] = TOWER
        return out

    def tab_choices(self, meta: dict[str, Any], lay: dict[str, Any], tid: str) -> list[Tab | None]:
        if lay["territories"][tid].get("strategic"):
            return [STAR, STAR_TOWER]
        return [None, TOWER]

    def key_entries(self) -> tuple[KeyEntry, ...]:
        return (KeyEntry(_star_key, "key.strategic"), KeyEntry(_tower_key, "key.tower"))

    def warm(self) -> None:
        for shape in ("circle", "square", "triangle", "diamond", "cross"):
            symbol_icon(shape, 26, WHITE)


DECORATION = WalkingDead()
