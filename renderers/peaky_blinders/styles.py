"""The look of Peaky Blinders' own things: the five gangs' colours and symbols, and the
British Crown (its icon, the stops of its route, the badge of the territory it stands on).

A gang is told by its colour AND its symbol, on every count badge, in the legend and the
title panel; the five (colour, symbol) pairs are the map's colour-blind-safe ``STYLES``
(:mod:`renderers.risk_map.kit`), given to the gangs in the order of ``gangs.json``.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from renderers.kit import INK, blend
from renderers.risk_map.kit import GOLD, RED, RGB, SS, STYLES, die

# gang id → (fill colour, symbol); any other faction takes the map's STYLES in order
GANG_STYLE: dict[str, tuple[str, str]] = dict(zip(
    ("peaky_blinders", "birmingham_boys", "jewish_gang", "sabinis", "ira"), STYLES,
    strict=True))

CROWN_BADGE: RGB = (250, 214, 110)  # the badge of the territory where the Crown stands
FRAME_CROWN = 3.5  # that badge's gold frame (px)
# the palette entries the Crown's badge needs beside the map's fixed colours
CROWN_COLOURS: tuple[RGB, ...] = (CROWN_BADGE, *(blend(INK, CROWN_BADGE, k / 4)
                                                for k in range(1, 4)))


def crown(d: ImageDraw.ImageDraw, x0: float, y0: float, S: float) -> None:
    """The British Crown in an S×S box: gold, ink outline, a red band."""
    pts = [(0.08, 0.88), (0.05, 0.30), (0.30, 0.56), (0.5, 0.14), (0.70, 0.56), (0.95, 0.30),
           (0.92, 0.88)]
    d.polygon([(x0 + x * S, y0 + y * S) for x, y in pts], fill=GOLD, outline=INK,
              width=max(1, int(S * 0.08)))
    for x, y in ((0.05, 0.24), (0.5, 0.10), (0.95, 0.24)):
        r = S * 0.09
        d.ellipse((x0 + x * S - r, y0 + y * S - r, x0 + x * S + r, y0 + y * S + r), fill=GOLD,
                  outline=INK, width=max(1, int(S * 0.05)))
    d.rectangle((x0 + 0.12 * S, y0 + 0.68 * S, x0 + 0.88 * S, y0 + 0.79 * S), fill=RED)


@lru_cache(maxsize=16)
def crown_icon(size: int) -> Image.Image:
    s = size * SS
    im = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    crown(ImageDraw.Draw(im), 0, 0, s)
    return im.resize((size, size), Image.Resampling.LANCZOS)


def stop_disc(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, width: float) -> None:
    """A stop of the Crown's route: a gold disc with an ink ring."""
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=GOLD, outline=INK, width=int(width))


# the marks a badge on the Crown's route wears (drawn at S×, centred on cx, cy)


def stop_tab(d: ImageDraw.ImageDraw, cx: float, cy: float, S: float) -> None:
    stop_disc(d, cx, cy, 7 * S, 2 * S)


def die_tab(d: ImageDraw.ImageDraw, cx: float, cy: float, S: float) -> None:
    die(d, cx, cy, 8.5 * S)


def crown_tab(d: ImageDraw.ImageDraw, cx: float, cy: float, S: float) -> None:
    crown(d, cx - 12 * S, cy - 12.5 * S, 24 * S)
