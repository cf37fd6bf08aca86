"""The look of The Walking Dead's own things: the groups' colours and symbols, the walkers,
the zones' ring round the board, the strategic locations' star and the watchtowers.

A group is told by its colour AND its symbol (the map's colour-blind-safe ``STYLES``); the
walkers are a dead olive with the cross. ``data/walking_dead/groups.json`` carries the same
colours (a test keeps them equal).
"""

from __future__ import annotations

from PIL import ImageDraw

from renderers.kit import INK, WHITE, blend
from renderers.kit.icons import star_points
from renderers.risk_map.kit import GOLD, RGB, STONE, STYLES

GROUP_STYLE: dict[str, tuple[str, str]] = {
    "rick": STYLES[0], "prisoners": STYLES[1], "greene": STYLES[2], "governor": STYLES[3],
    "walkers": ("#5E6B52", "cross"),
}
NIGHT: RGB = (38, 40, 36)  # round the circle
TOWER_WOOD: RGB = (120, 92, 60)
STAR_BADGE: RGB = (255, 244, 206)  # the badge of a strategic location
COLOURS: tuple[RGB, ...] = (NIGHT, TOWER_WOOD, STAR_BADGE, *(blend(INK, STAR_BADGE, k / 4) for k in range(1, 4)))


def star(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, S: float) -> None:
    d.polygon(star_points(cx, cy, r), fill=GOLD, outline=INK, width=max(1, int(1.6 * S)))


def tower(d: ImageDraw.ImageDraw, cx: float, cy: float, S: float, ground: RGB = WHITE) -> None:
    """A watchtower, 18×20 at S×: a cabin with a roof on two splayed legs."""
    w = max(1, int(1.8 * S))
    d.line((cx - 5 * S, cy + 10 * S, cx - 2.5 * S, cy - 2 * S), fill=INK, width=w)
    d.line((cx + 5 * S, cy + 10 * S, cx + 2.5 * S, cy - 2 * S), fill=INK, width=w)
    d.line((cx - 4 * S, cy + 5 * S, cx + 4 * S, cy + 5 * S), fill=INK, width=w)
    d.rectangle((cx - 5.5 * S, cy - 5 * S, cx + 5.5 * S, cy), fill=TOWER_WOOD, outline=INK, width=w)
    d.polygon([(cx - 8 * S, cy - 5 * S), (cx, cy - 10.5 * S), (cx + 8 * S, cy - 5 * S)], fill=STONE, outline=INK,
              width=w)


def star_tab(d: ImageDraw.ImageDraw, cx: float, cy: float, S: float) -> None:
    star(d, cx, cy, 9.5 * S, S)


def tower_tab(d: ImageDraw.ImageDraw, cx: float, cy: float, S: float) -> None:
    tower(d, cx, cy + 0.5 * S, S)
