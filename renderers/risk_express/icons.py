"""The die faces, empty die slots, soldiers and point coins of Risk Express, drawn with
primitives (no emoji font) at 4× and reduced, cached per size."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from renderers.kit import INK, RGB, SUPERSAMPLE, WHITE, font, star_points
from renderers.kit.memo import kept
from renderers.risk_express.look import (
    DIE_EDGE,
    DIE_FACE,
    GENERAL_BODY,
    HORSE,
    IRON,
    MUTED,
    SOLDIER,
    STAR,
    WOOD,
)


def _soldier_figure(d: ImageDraw.ImageDraw, cx: float, cy: float, h: float, color: RGB) -> None:
    """A little person (head + shoulders), ``h`` tall, centred on (cx, cy)."""
    hr = h * 0.21
    top = cy - h / 2
    d.ellipse((cx - hr, top, cx + hr, top + 2 * hr), fill=color)
    bw = h * 0.37
    d.rounded_rectangle((cx - bw, top + 2 * hr + h * 0.05, cx + bw, cy + h / 2),
                        radius=int(h * 0.18), fill=color)


@kept(64)
def die_icon(face: str, size: int) -> Image.Image:
    """One die face as an RGBA icon ``size`` px square, drawn with primitives (no emoji)."""
    s = size * SUPERSAMPLE
    im = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)

    def p(pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
        return [(x * s, y * s) for x, y in pts]

    body = GENERAL_BODY if face == "general" else DIE_FACE
    d.rounded_rectangle((0.03 * s, 0.03 * s, 0.97 * s, 0.97 * s), radius=int(0.2 * s),
                        fill=body, outline=DIE_EDGE, width=max(SUPERSAMPLE * 2, int(0.075 * s)))
    if face == "general":
        d.polygon(star_points(0.5 * s, 0.53 * s, 0.38 * s, 5, 0.44), fill=STAR,
                  outline=(60, 30, 0), width=int(0.03 * s))
    elif face == "cavalry":
        horse = [(0.30, 0.86), (0.80, 0.86), (0.78, 0.70), (0.74, 0.52), (0.76, 0.36),
                 (0.70, 0.24), (0.62, 0.17), (0.62, 0.08), (0.54, 0.15), (0.44, 0.16),
                 (0.30, 0.27), (0.18, 0.44), (0.14, 0.52), (0.17, 0.58), (0.26, 0.60),
                 (0.36, 0.55), (0.46, 0.50), (0.42, 0.64), (0.32, 0.76)]
        d.polygon(p(horse), fill=HORSE)
        d.ellipse(p([(0.40, 0.26), (0.47, 0.33)]), fill=DIE_FACE)
    elif face == "cannon":
        a = math.radians(-28)
        ux, uy = math.cos(a), math.sin(a)
        nx, ny = -uy, ux
        bx, by, length, w0, w1 = 0.24, 0.62, 0.64, 0.12, 0.085
        mx, my = bx + ux * length, by + uy * length
        d.polygon(p([(bx + nx * w0, by + ny * w0), (mx + nx * w1, my + ny * w1),
                     (mx - nx * w1, my - ny * w1), (bx - nx * w0, by - ny * w0)]), fill=IRON)
        d.ellipse(p([(bx - 0.12, by - 0.12), (bx + 0.12, by + 0.12)]), fill=IRON)
        cx, cy, r = 0.42, 0.69, 0.17
        d.ellipse(p([(cx - r, cy - r), (cx + r, cy + r)]), fill=WOOD, outline=DIE_FACE,
                  width=int(0.03 * s))
        d.ellipse(p([(cx - 0.05, cy - 0.05), (cx + 0.05, cy + 0.05)]), fill=DIE_FACE)
    elif face.startswith("soldier"):
        n = int(face[-1])
        spots = {
            1: [(0.5, 0.5, 0.62)],
            2: [(0.32, 0.33, 0.42), (0.68, 0.67, 0.42)],
            3: [(0.27, 0.28, 0.33), (0.5, 0.5, 0.33), (0.73, 0.72, 0.33)],
        }[n]
        for cx, cy, h in spots:
            _soldier_figure(d, cx * s, cy * s, h * s, SOLDIER)
    else:  # an unknown face: a question mark, rather than a crash
        d.text((s / 2, s / 2), "?", font=font(int(s * 0.6)), fill=INK, anchor="mm")
    return im.resize((size, size), Image.Resampling.LANCZOS)


@kept(16)
def ghost_die(size: int) -> Image.Image:
    """An empty die slot (a die set aside / a line still to fill)."""
    s = size * SUPERSAMPLE
    im = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((0.06 * s, 0.06 * s, 0.94 * s, 0.94 * s), radius=int(0.2 * s),
                        outline=MUTED, width=int(0.06 * s))
    w = int(0.06 * s)
    d.line((0.3 * s, 0.3 * s, 0.7 * s, 0.7 * s), fill=MUTED, width=w)
    d.line((0.3 * s, 0.7 * s, 0.7 * s, 0.3 * s), fill=MUTED, width=w)
    return im.resize((size, size), Image.Resampling.LANCZOS)


@kept(16)
def soldier_glyph(size: int, color: RGB = SOLDIER) -> Image.Image:
    s = size * SUPERSAMPLE
    im = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    _soldier_figure(ImageDraw.Draw(im), s / 2, s / 2, s * 0.92, color)
    return im.resize((size, size), Image.Resampling.LANCZOS)


@kept(16)
def coin_icon(value: int, size: int) -> Image.Image:
    """A points coin: the number in a white disc with a dark rim."""
    s = size * SUPERSAMPLE
    im = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.ellipse((1, 1, s - 2, s - 2), fill=WHITE, outline=DIE_EDGE, width=int(0.09 * s))
    im = im.resize((size, size), Image.Resampling.LANCZOS)
    txt = str(value)
    f = font(int(size * (0.62 if len(txt) == 1 else 0.5)))
    ImageDraw.Draw(im).text((size / 2, size / 2 + 1), txt, font=f, fill=INK, anchor="mm")
    return im
