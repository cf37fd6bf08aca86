"""What Risk Transformers adds to the shared territory map: Cybertron's bridges, gates and
hyperlinks round the planet, the sectors' rings, the four leaders (their colours, their mode on
the badge of the zone they stand on), the transforming zones as they are now, and a panel
with the calendar, the special zones, the leaders and the Matrix.

The view it reads (the engine's public view, ``bot.rules.transformers.view``):
the map's usual ``territories`` (``troops`` = the zone's robots), ``factions`` (seat →
``{"name", "player", "leader"}``), and ``view["transformers"]``::

    {"day": 1..6, "days": 6, "over": bool,
     "open": {"praxus": bool, "pion_tower": bool, "decagon": bool, "moon_alpha": bool},
     "leaders": {leader: {"seat", "zone" | None, "mode": "robot" | "vehicle"}},
     "matrix": zone | None, "teams": bool}              # teams: the 4-player game (sides shown)
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from bot.rules.names import name as component_name
from renderers.kit import INK, WHITE, blend, fit_text, font, hex_rgb
from renderers.risk_map.decoration import Decoration, KeyEntry, Panel, Style
from renderers.risk_map.kit import GOLD, LINK, RED, STONE, Tab, dashed, symbol_icon, territory_name
from renderers.transformers.words import WORDS
from renderers.words import lang_of

# leader → (army colour, symbol): the box's colours (ours: docs/transformers.md), told apart
# by symbol too
LEADER_STYLE: dict[str, tuple[str, str]] = {
    "optimus_prime": ("#C8372D", "circle"),
    "bumblebee": ("#2E6DB4", "square"),
    "megatron": ("#4A4A4A", "triangle"),
    "barricade": ("#F2C230", "diamond"),
}
LEADER_NAMES = {"optimus_prime": "Optimus Prime", "bumblebee": "Bumblebee", "megatron": "Megatron",
                "barricade": "Barricade"}
AUTOBOTS = ("optimus_prime", "bumblebee")


def leader_name(lid: str, lang: str) -> str:
    """A leader's name in ``lang`` (the engine's names: bot.rules.names), else its English name."""
    try:
        found = component_name("transformers", "leader", lid, lang)
    except (KeyError, ValueError):
        found = None
    return found if found and found != lid else LEADER_NAMES.get(lid, lid)
PIVOTS = ("praxus", "pion_tower")
SLIDES = ("decagon", "moon_alpha")
STEEL = (150, 160, 170)


# --------------------------------------------------------------------------- badge marks


def _robot(d: ImageDraw.ImageDraw, cx: float, cy: float, S: float) -> None:
    """A leader in robot mode: a head with two eyes."""
    r = 8 * S
    d.rounded_rectangle((cx - r, cy - r, cx + r, cy + r), radius=2.5 * S, fill=GOLD, outline=INK, width=int(2 * S))
    for dx in (-3.4, 3.4):
        d.rectangle((cx + dx * S - 1.6 * S, cy - 2.5 * S, cx + dx * S + 1.6 * S, cy + 0.5 * S), fill=INK)
    d.line((cx - 3.5 * S, cy + 4 * S, cx + 3.5 * S, cy + 4 * S), fill=INK, width=int(1.6 * S))


def _vehicle(d: ImageDraw.ImageDraw, cx: float, cy: float, S: float) -> None:
    """A leader in vehicle mode: a car."""
    d.polygon([(cx - 9 * S, cy + 3 * S), (cx - 9 * S, cy - 1 * S), (cx - 4 * S, cy - 2 * S), (cx - 2 * S, cy - 6 * S),
               (cx + 4 * S, cy - 6 * S), (cx + 6 * S, cy - 2 * S), (cx + 9 * S, cy - 1 * S), (cx + 9 * S, cy + 3 * S)],
              fill=GOLD, outline=INK, width=int(1.8 * S))
    for dx in (-5, 5):
        r = 2.8 * S
        d.ellipse((cx + dx * S - r, cy + 3 * S - r, cx + dx * S + r, cy + 3 * S + r), fill=INK)


def _open(d: ImageDraw.ImageDraw, cx: float, cy: float, S: float) -> None:
    """A pivoting zone turned open: arrows both ways."""
    w = int(2.2 * S)
    d.line((cx - 8 * S, cy - 3 * S, cx + 8 * S, cy - 3 * S), fill=INK, width=w)
    d.polygon([(cx + 9 * S, cy - 3 * S), (cx + 4 * S, cy - 7 * S), (cx + 4 * S, cy + 1 * S)], fill=INK)
    d.line((cx - 8 * S, cy + 4 * S, cx + 8 * S, cy + 4 * S), fill=INK, width=w)
    d.polygon([(cx - 9 * S, cy + 4 * S), (cx - 4 * S, cy), (cx - 4 * S, cy + 8 * S)], fill=INK)


def _wall(d: ImageDraw.ImageDraw, cx: float, cy: float, S: float) -> None:
    """A zone closed: a wall of bricks."""
    d.rectangle((cx - 9 * S, cy - 7 * S, cx + 9 * S, cy + 7 * S), fill=RED, outline=INK, width=int(1.8 * S))
    for y in (-2.3, 2.3):
        d.line((cx - 9 * S, cy + y * S, cx + 9 * S, cy + y * S), fill=INK, width=int(1.3 * S))
    for x, y0, y1 in ((0, -7, -2.3), (-4.5, -2.3, 2.3), (4.5, -2.3, 2.3), (0, 2.3, 7)):
        d.line((cx + x * S, cy + y0 * S, cx + x * S, cy + y1 * S), fill=INK, width=int(1.3 * S))


def _shut(d: ImageDraw.ImageDraw, cx: float, cy: float, S: float) -> None:
    """A closed factory: its whole badge walled up (no count: nothing stands inside)."""
    x0, x1 = cx - 9 * S, d.im.size[0] - (cx - 9 * S)
    y0, y1 = cy - 7 * S, cy + 7 * S
    d.rounded_rectangle((x0, y0, x1, y1), radius=3 * S, fill=RED, outline=INK, width=int(1.8 * S))
    thin = int(1.3 * S)
    for y in (-2.3, 2.3):
        d.line((x0, cy + y * S, x1, cy + y * S), fill=INK, width=thin)
    step = 9 * S
    for row, (ya, yb) in enumerate(((-7, -2.3), (-2.3, 2.3), (2.3, 7))):
        x = x0 + (step / 2 if row % 2 else step)
        while x < x1 - 2 * S:
            d.line((x, cy + ya * S, x, cy + yb * S), fill=INK, width=thin)
            x += step


ROBOT = Tab("robot", _robot, frame=GOLD, hairline=True)
VEHICLE = Tab("vehicle", _vehicle, frame=GOLD, hairline=True)
OPEN = Tab("open", _open)
WALL = Tab("wall", _wall)
SHUT = Tab("shut", _shut, always=True)  # a closed factory: no zone, no count


# --------------------------------------------------------------------------- key


def _bridge(d: ImageDraw.ImageDraw, x0: float, y0: float, x1: float, y1: float, s: float) -> None:
    d.line((x0, y0, x1, y1), fill=INK, width=int(13 * s))
    d.line((x0, y0, x1, y1), fill=STEEL, width=int(8 * s))


def _gate(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float) -> None:
    r = 9 * s
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=GOLD, outline=INK, width=int(2.5 * s))
    d.line((cx - 5 * s, cy, cx + 5 * s, cy), fill=INK, width=int(2.5 * s))


def _key_sea(img: Image.Image, d: ImageDraw.ImageDraw, x: int, cy: float) -> None:
    dashed(d, [(x, cy), (x + 28, cy)], LINK, 3, 9, 6)


def _key_wrap(img: Image.Image, d: ImageDraw.ImageDraw, x: int, cy: float) -> None:
    _disc(d, x + 14, cy, 1, 1)


def _key_gate(img: Image.Image, d: ImageDraw.ImageDraw, x: int, cy: float) -> None:
    _bridge(d, x, cy, x + 28, cy, 1)
    _gate(d, x + 14, cy, 1)


def _disc(d: ImageDraw.ImageDraw, cx: float, cy: float, n: int, s: float) -> None:
    r = 12 * s
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WHITE, outline=LINK, width=int(3 * s))
    d.text((cx, cy + s), str(n), font=font(int(15 * s), "bold"), fill=LINK, anchor="mm")


# --------------------------------------------------------------------------- the panel


def _panel_static(img: Image.Image, d: ImageDraw.ImageDraw, box: list[int], meta: dict[str, Any], lang: str,
                  deco: Decoration) -> None:
    x0, y0, _x1, _y1 = box
    d.text((x0 + 14, y0 + 10), deco.words("cyb.title", lang), font=font(22, "bold"), fill=INK)


def _panel(view: dict[str, Any], meta: dict[str, Any], rgb: Image.Image, d: ImageDraw.ImageDraw,
           deco: Decoration) -> None:
    """The calendar, the four transforming zones, the leaders and the Matrix's last card."""
    word = deco.words
    lang = lang_of(view)
    w = rgb.width
    tf = view.get("transformers") or {}
    days = int(tf.get("days") or 6)
    day = max(1, min(days, int(tf.get("day") or 1)))
    game = deco.game
    fb, fr = font(21, "bold"), font(19, "regular")
    head = word("cyb.over", lang) if tf.get("over") else word("cyb.day", lang, day=day, days=days)
    d.text((12, 2), fit_text(head, fb, w - 24), font=fb, fill=INK)
    pitch = (w - 24) / days
    for i in range(days):
        x = 12 + i * pitch
        past, now = i + 1 < day, i + 1 == day and not tf.get("over")
        fill = GOLD if now else STONE if past or tf.get("over") else WHITE
        d.rounded_rectangle((x + 2, 32, x + pitch - 4, 68), radius=6, fill=fill, outline=INK, width=2)
        d.text((x + pitch / 2 - 1, 51), str(i + 1), font=font(20, "bold"), fill=INK, anchor="mm")
    y = 80
    opened = tf.get("open") or {}
    for z in (*PIVOTS, *SLIDES):
        name = territory_name(meta, z, lang, game) if any(t["id"] == z for t in meta["territories"]) else z
        state = word("cyb.open" if opened.get(z, z in PIVOTS) else "cyb.closed", lang)
        ok = opened.get(z, z in PIVOTS)
        d.text((12, y), fit_text(name, fr, w - 140), font=fr, fill=INK)
        d.rounded_rectangle((w - 122, y - 1, w - 12, y + 24), radius=8, fill=GOLD if ok else RED, outline=INK,
                            width=2)
        d.text((w - 67, y + 12), state, font=font(17, "bold"), fill=INK if ok else WHITE, anchor="mm")
        y += 32
    y += 6
    d.line((12, y, w - 12, y), fill=INK, width=1)
    y += 8
    leaders = tf.get("leaders") or {}
    for lid, lead in leaders.items():
        colour, shape = LEADER_STYLE.get(lid, ("#888888", "circle"))
        icon = symbol_icon(shape, 28, hex_rgb(colour))
        rgb.paste(icon, (10, y + 2), icon)
        title = leader_name(lid, lang)
        if tf.get("teams"):  # the team game: each leader's side, so the two teams read at once
            title = f"{title} · {word('cyb.autobots' if lid in AUTOBOTS else 'cyb.decepticons', lang)}"
        d.text((46, y), fit_text(title, fb, w - 58), font=fb, fill=INK)
        zone = lead.get("zone")
        where = (territory_name(meta, zone, lang, game) if zone and any(t["id"] == zone for t in meta["territories"])
                 else word("cyb.scrapyard", lang))
        mode = word("cyb.vehicle" if lead.get("mode") == "vehicle" else "cyb.robot", lang)
        line = f"{mode} · {where}" if zone else where
        d.text((46, y + 25), fit_text(line, font(18, "regular"), w - 58), font=font(18, "regular"),
               fill=blend(INK, WHITE, 0.15) if zone else RED)
        y += 54
    matrix = tf.get("matrix")
    if matrix and any(t["id"] == matrix for t in meta["territories"]):
        text = word("cyb.matrix", lang, zone=territory_name(meta, matrix, lang, game))
    else:
        text = word("cyb.matrix.none", lang)
    if y + 26 < rgb.height:
        d.text((12, y + 2), fit_text(text, fr, w - 24), font=fr, fill=INK)


# --------------------------------------------------------------------------- the decoration


class Cybertron(Decoration):
    """The Risk Transformers board: plates, bridges, hyperlinks, leaders, the calendar."""

    game = "transformers"
    words = WORDS
    faction_kind = "leader"  # a faction's leader id, in the view and for its name
    own_styles = tuple(LEADER_STYLE.values())
    # the leaders the engine seats when nobody picks (bot/rules/transformers/sides.py), 2 to 4 players
    warm_views = tuple({"factions": [{"leader": lid} for lid in lineup],
                        "transformers": {"leaders": {lid: {} for lid in lineup}, "teams": len(lineup) == 4}}
                       for lineup in (("optimus_prime", "megatron"), ("optimus_prime", "megatron", "barricade"),
                                      ("optimus_prime", "megatron", "bumblebee", "barricade")))
    panels = {"cybertron": Panel(_panel_static, _panel, inset=(4, 44, 4, 4))}

    def style_of(self, key: str, faction: dict[str, Any]) -> Style | None:
        return LEADER_STYLE.get(faction.get("leader") or "") or LEADER_STYLE.get(key)

    def draw_art(self, d: ImageDraw.ImageDraw, lay: dict[str, Any], scale: int) -> None:
        """Bridges (a gate on a pivoting zone's), the stubs of the hyperlinks round the
        planet with their numbers, and each plate's ring in its sector's colour."""
        s = scale
        for b in lay.get("bridges", []):
            (x0, y0), (x1, y1) = b["path"]
            _bridge(d, x0 * s, y0 * s, x1 * s, y1 * s, s)
        for b in lay.get("bridges", []):
            if b.get("gate"):
                (x0, y0), (x1, y1) = b["path"]
                _gate(d, (x0 + x1) / 2 * s, (y0 + y1) / 2 * s, s)
        for wrap in lay.get("wraps", []):
            for (x0, y0), (x1, y1) in wrap["paths"]:
                dashed(d, [(x0 * s, y0 * s), (x1 * s, y1 * s)], LINK, int(3 * s), 9 * s, 6 * s)
                _disc(d, x1 * s, y1 * s, wrap["n"], s)
        plate = lay.get("plate") or {}
        w, h, c = plate.get("w", 0) / 2, plate.get("h", 0) / 2, plate.get("chamfer", 0)
        for tid, (cx, cy) in (plate.get("centres") or {}).items():
            ring = hex_rgb(lay["territories"][tid].get("ring") or "#000000")
            pts = [(cx - w + c, cy - h), (cx + w - c, cy - h), (cx + w, cy - h + c), (cx + w, cy + h - c),
                   (cx + w - c, cy + h), (cx - w + c, cy + h), (cx - w, cy + h - c), (cx - w, cy - h + c)]
            d.line([(x * s, y * s) for x, y in (*pts, pts[0])], fill=ring, width=int(5 * s), joint="curve")

    def tabs(self, view: dict[str, Any], meta: dict[str, Any], lay: dict[str, Any]) -> dict[str, Tab]:
        tf = view.get("transformers") or {}
        opened = tf.get("open") or {}
        out: dict[str, Tab] = {}
        for z in PIVOTS:
            if z in lay["territories"]:
                out[z] = OPEN if opened.get(z, True) else WALL
        for z in SLIDES:
            if z in lay["territories"] and not opened.get(z, False):
                out[z] = SHUT
        for lead in (tf.get("leaders") or {}).values():
            z = lead.get("zone")
            if z in lay["territories"]:
                out[z] = VEHICLE if lead.get("mode") == "vehicle" else ROBOT
        return out

    def tab_choices(self, meta: dict[str, Any], lay: dict[str, Any], tid: str) -> list[Tab | None]:
        base: list[Tab | None] = [OPEN, WALL] if tid in PIVOTS else [None, SHUT] if tid in SLIDES else [None]
        return [*base, ROBOT, VEHICLE]

    def key_entries(self) -> tuple[KeyEntry, ...]:
        # three lines fit the title panel's key; a bridge needs no words
        return (KeyEntry(_key_sea, "key.sea", tall=False), KeyEntry(_key_wrap, "key.wrap"),
                KeyEntry(_key_gate, "key.gate"))

    def warm(self) -> None:
        for colour, shape in LEADER_STYLE.values():
            symbol_icon(shape, 28, hex_rgb(colour))


DECORATION = Cybertron()
