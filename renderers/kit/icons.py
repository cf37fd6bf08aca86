"""Icons and shapes drawn with primitives (no emoji font), at 4× and reduced, cached:
players' tokens, padlock, winner's crown, the ▶ and ✓ marks."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from renderers.kit.colours import PLAYER_COLORS, RGB, WHITE, Box
from renderers.kit.memo import kept

SUPERSAMPLE = 4  # icons are drawn 4× larger then reduced: smooth edges, cached anyway


def star_points(cx: float, cy: float, r: float, points: int = 5, inner: float = 0.45,
                rotation: float = -90.0) -> list[tuple[float, float]]:
    pts = []
    for i in range(points * 2):
        rr = r if i % 2 == 0 else r * inner
        a = math.radians(rotation + i * 180.0 / points)
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return pts


def shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]] | None:
    """Polygon of a player token shape; ``None`` for the circle."""
    if shape == "circle":
        return None
    if shape == "square":
        q = r * 0.86
        return [(cx - q, cy - q), (cx + q, cy - q), (cx + q, cy + q), (cx - q, cy + q)]
    if shape == "triangle":
        return [(cx, cy - r), (cx + r * 0.95, cy + r * 0.75), (cx - r * 0.95, cy + r * 0.75)]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    if shape == "star":
        return star_points(cx, cy, r * 1.1, 5, 0.5)
    if shape == "hexagon":
        return [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
                for a in range(0, 360, 60)]
    raise ValueError(f"unknown shape {shape!r}")


@kept(64)
def token_icon(index: int, size: int, ring: RGB = WHITE) -> Image.Image:
    """A player's token (their shape in their colour, with a contrasting ring), RGBA."""
    pc = PLAYER_COLORS[index % len(PLAYER_COLORS)]
    s = size * SUPERSAMPLE
    im = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    c = s / 2
    r = s / 2 - SUPERSAMPLE * 1.5
    pts = shape_points(pc.shape, c, c, r)
    w = max(SUPERSAMPLE * 2, s // 10)
    if pts is None:
        d.ellipse((c - r, c - r, c + r, c + r), fill=pc.fill, outline=ring, width=w)
    else:
        d.polygon(pts, fill=pc.fill, outline=ring, width=w)
    return im.resize((size, size), Image.Resampling.LANCZOS)


def paste_icon(canvas: Image.Image, icon: Image.Image, xy: tuple[int, int]) -> None:
    """Alpha-paste an RGBA icon at integer top-left ``xy``."""
    canvas.paste(icon, (int(xy[0]), int(xy[1])), icon)


@kept(16)
def padlock_icon(size: int, color: RGB = WHITE, body: RGB | None = None) -> Image.Image:
    """A closed padlock, RGBA."""
    s = size * SUPERSAMPLE
    im = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    w = s * 0.13
    d.arc((s * 0.22, s * 0.04, s * 0.78, s * 0.62), 180, 360, fill=color, width=int(w))
    d.line((s * 0.22 + w / 2, s * 0.33, s * 0.22 + w / 2, s * 0.46), fill=color, width=int(w))
    d.line((s * 0.78 - w / 2, s * 0.33, s * 0.78 - w / 2, s * 0.46), fill=color, width=int(w))
    d.rounded_rectangle((s * 0.1, s * 0.42, s * 0.9, s * 0.98), radius=int(s * 0.1),
                        fill=body or color)
    hole = (0, 0, 0, 0) if body is None else color
    d.ellipse((s * 0.42, s * 0.56, s * 0.58, s * 0.72), fill=hole)
    d.rectangle((s * 0.46, s * 0.66, s * 0.54, s * 0.86), fill=hole)
    return im.resize((size, size), Image.Resampling.LANCZOS)


@kept(16)
def crown_icon(size: int, color: RGB = (255, 200, 40), edge: RGB = (90, 60, 0)) -> Image.Image:
    """A winner's crown, RGBA."""
    s = size * SUPERSAMPLE
    im = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    pts = [(0.08, 0.82), (0.08, 0.3), (0.3, 0.55), (0.5, 0.18), (0.7, 0.55), (0.92, 0.3),
           (0.92, 0.82)]
    d.polygon([(x * s, y * s) for x, y in pts], fill=color, outline=edge, width=s // 16)
    for x, y in ((0.08, 0.26), (0.5, 0.14), (0.92, 0.26)):
        r = s * 0.08
        d.ellipse((x * s - r, y * s - r, x * s + r, y * s + r), fill=color, outline=edge,
                  width=s // 24)
    return im.resize((size, size), Image.Resampling.LANCZOS)


def play_triangle(draw: ImageDraw.ImageDraw, box: Box, fill: RGB) -> None:
    """A ▶ marker filling ``box`` (drawn, not a glyph, so it is the same everywhere)."""
    x0, y0, x1, y1 = box
    draw.polygon([(x0, y0), (x1, (y0 + y1) / 2), (x0, y1)], fill=fill)


def check_mark(draw: ImageDraw.ImageDraw, box: Box, fill: RGB, width: int = 4) -> None:
    """A ✓ drawn with a polyline inside ``box``."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    draw.line([(x0 + w * 0.08, y0 + h * 0.55), (x0 + w * 0.38, y0 + h * 0.85),
               (x0 + w * 0.92, y0 + h * 0.15)], fill=fill, width=width, joint="curve")
