"""What Peaky Blinders adds to the shared territory map: the British Crown (its dotted
route and stops, the badge of the territory it stands on, its panel and its line in the
key), the gangs' colours and symbols, and the board's words.

The route's drawing (``layout.json``'s ``crown_path``, from stop to stop around every
name) and its stops (``territories[id].stop``, ``stop.dice``) come from the map's build
(``data/peaky_blinders/build_map.py``); ``map.json``'s ``crown_route`` says where the Crown
stands at each step and where it rolls.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from renderers.kit import INK, WHITE, blend, fit_text, font
from renderers.peaky_blinders.styles import (
    CROWN_BADGE,
    CROWN_COLOURS,
    FRAME_CROWN,
    GANG_STYLE,
    crown_icon,
    crown_tab,
    die_tab,
    stop_tab,
)
from renderers.peaky_blinders.words import WORDS
from renderers.risk_map.decoration import MAP_KEY, Decoration, KeyEntry, Panel, Style
from renderers.risk_map.kit import GOLD, RED, Tab, die_icon, territory_name, walk
from renderers.risk_map.panels import wrapped
from renderers.words import lang_of

STOP = Tab("stop", stop_tab)
DIE = Tab("die", die_tab)  # a stop where the Crown rolls 2d6
CROWN = Tab("crown", crown_tab, frame=GOLD, frame_w=FRAME_CROWN, ground=CROWN_BADGE,
            hairline=True, always=True)  # where the Crown stands


def _route_key(img: Image.Image, d: ImageDraw.ImageDraw, x: int, cy: float) -> None:
    for k in range(3):
        cx = x + 2 + k * 11
        d.ellipse((cx - 5, cy - 5, cx + 5, cy + 5), fill=GOLD, outline=INK, width=2)


def _crown_static(img: Image.Image, d: ImageDraw.ImageDraw, box: list[int],
                  meta: dict[str, Any], lang: str, deco: Decoration) -> None:
    """The Crown panel's heading and the two ends of its route."""
    x0, y0, x1, y1 = box
    d.text((x0 + 14, y0 + 10), deco.words("crown.title", lang), font=font(22, "bold"), fill=INK)
    wrapped(d, deco.words("crown.ends", lang), (x0 + 14, y1 - 50, x1 - 14, y1 - 6),
            (18, 17, 16), "regular")


def _crown_panel(view: dict[str, Any], meta: dict[str, Any], rgb: Image.Image,
                 d: ImageDraw.ImageDraw, deco: Decoration) -> None:
    """Where the Crown is: its step and territory, and the 24-step track."""
    word = deco.words
    lang = lang_of(view)
    w = rgb.width
    crown = view.get("crown")
    route = meta.get("crown_route") or []
    if not crown or not route:
        d.text((14, 10), word("crown.off", lang), font=font(20, "regular"), fill=INK)
        return
    n = len(route)
    step = max(0, min(n - 1, int(crown.get("step") or 0)))
    name = territory_name(meta, route[step]["territory"], lang, deco.game)
    f = font(21, "bold")
    d.text((14, 4), fit_text(word("crown.step", lang, step=step + 1, steps=n, name=name), f,
                             w - 28), font=f, fill=INK)
    if route[step]["dice"]:
        d.text((14, 32), fit_text(word("crown.dice", lang), font(18, "regular"), w - 28),
               font=font(18, "regular"), fill=RED)
    per_row = (n + 1) // 2
    pitch = (w - 44) / (per_row - 1)
    pts = []
    for i in range(n):
        r, c = divmod(i, per_row)
        x = 22 + (c if r == 0 else per_row - 1 - c) * pitch
        pts.append((x, 78 + r * 50))
    d.line(pts, fill=blend(GOLD, INK, 0.5), width=3)  # segment by segment, in one call
    die = die_icon(22)
    for i, (x, y) in enumerate(pts):
        if i == step:
            continue
        if route[i]["dice"]:
            rgb.paste(die, (int(x - 11), int(y - 11)), die)
            if i < step:  # passed: a gold wash over the die
                d.ellipse((x - 4, y - 4, x + 4, y + 4), fill=GOLD, outline=INK, width=1)
        else:
            fill = GOLD if i < step else WHITE
            d.ellipse((x - 9, y - 9, x + 9, y + 9), fill=fill, outline=INK, width=2)
    x, y = pts[step]
    c = crown_icon(34)
    rgb.paste(c, (int(x - 17), int(y - 20)), c)


class PeakyBlinders(Decoration):
    """The Peaky Blinders board: the shared map with the Crown and the gangs."""

    game = "peaky_blinders"
    words = WORDS
    faction_kind = "gang"  # a faction's gang id, in the view and for its name
    own_styles = tuple(GANG_STYLE.values())
    colours = CROWN_COLOURS
    panels = {"crown": Panel(_crown_static, _crown_panel, inset=(4, 42, 4, 56))}

    def style_of(self, key: str, faction: dict[str, Any]) -> Style | None:
        return GANG_STYLE.get(faction.get("gang") or "") or GANG_STYLE.get(key)

    def draw_art(self, d: ImageDraw.ImageDraw, lay: dict[str, Any], scale: int) -> None:
        """The Crown's dotted gold route, then its stops (a die where it rolls)."""
        s = scale
        for x, y in walk(lay.get("crown_path") or [], 13):
            r = 4.2 * s
            d.ellipse((x * s - r - s, y * s - r - s, x * s + r + s, y * s + r + s), fill=INK)
            d.ellipse((x * s - r, y * s - r, x * s + r, y * s + r), fill=GOLD)
        dice = set(lay.get("stop", {}).get("dice", []))
        for tid, spot in lay["territories"].items():
            if spot.get("stop"):
                x, y = spot["stop"]
                (die_tab if tid in dice else stop_tab)(d, x * s, y * s, s)

    def tabs(self, view: dict[str, Any], meta: dict[str, Any], lay: dict[str, Any]
             ) -> dict[str, Tab]:
        crown = view.get("crown")
        route = meta.get("crown_route") or []
        crown_at = None
        if crown and route:
            crown_at = route[max(0, min(len(route) - 1,
                                        int(crown.get("step") or 0)))]["territory"]
        dice = set(lay.get("stop", {}).get("dice", []))
        return {tid: CROWN if tid == crown_at else DIE if tid in dice else STOP
                for tid, spot in lay["territories"].items() if spot.get("stop")}

    def tab_choices(self, meta: dict[str, Any], lay: dict[str, Any], tid: str
                    ) -> list[Tab | None]:
        if not lay["territories"][tid].get("stop"):
            return [None]
        return [CROWN, DIE if tid in set(lay.get("stop", {}).get("dice", [])) else STOP]

    def key_entries(self) -> tuple[KeyEntry, ...]:
        return (*MAP_KEY, KeyEntry(_route_key, "key.route"))

    def warm(self) -> None:
        crown_icon(34)
        die_icon(22)


DECORATION = PeakyBlinders()
