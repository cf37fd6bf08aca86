"""Drawing kit of the territory maps: colours, faction symbols, icons and count badges.

A faction is told by its colour AND its symbol (circle, square, triangle, diamond, cross),
so a colour-blind player, or anyone on a small screen, reads every territory's owner from
the symbol on its count badge. The five colours of ``STYLES`` were chosen by simulating
protanopia, deuteranopia and tritanopia (Machado et al. 2009): every pair stays at least
ΔE 25 apart under each (the Okabe-Ito five we used before fell to 17, orange/vermillion and
pink/green), and each stays clear of the sea and of the ink (``tests/renderers``). An
edition gives them to its own factions (:class:`renderers.risk_map.decoration.Decoration`).

Everything is drawn at 4× and reduced (smooth edges), in RGBA, and cached.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from renderers.kit import INK, WHITE, clean_text, font, star_points
from renderers.kit.memo import kept
from renderers.words import name as thing_name

RGB = tuple[int, int, int]

SEA: RGB = (172, 200, 212)
SEA_LINE: RGB = (150, 181, 196)
SEA_DEEP: RGB = (150, 180, 197)
PAPER: RGB = (247, 241, 228)
UNOWNED: RGB = (226, 221, 206)  # a territory nobody holds: neutral, no region colour
GOLD: RGB = (214, 162, 28)
GOLD_DARK: RGB = (140, 98, 10)
STONE: RGB = (226, 220, 204)
LINK: RGB = (44, 62, 84)
RED: RGB = (190, 36, 44)

SHAPES = ("circle", "square", "triangle", "diamond", "cross")

# (fill colour, symbol) of the factions, in the order they are handed out
STYLES: tuple[tuple[str, str], ...] = (
    ("#3B5BA9", "circle"),  # blue
    ("#E69F00", "square"),  # orange
    ("#FEE08B", "triangle"),  # sand
    ("#B2182B", "diamond"),  # crimson
    ("#009E73", "cross"),  # green
)

SS = 4  # supersampling of icons


def shape_polygon(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]] | None:
    """A symbol's outline (``None``: a circle of radius r)."""
    if shape == "circle":
        return None
    if shape == "square":
        q = r * 0.84
        return [(cx - q, cy - q), (cx + q, cy - q), (cx + q, cy + q), (cx - q, cy + q)]
    if shape == "triangle":
        return [(cx, cy - r * 1.02), (cx + r * 1.0, cy + r * 0.8), (cx - r * 1.0, cy + r * 0.8)]
    if shape == "diamond":
        return [(cx, cy - r * 1.08), (cx + r * 1.0, cy), (cx, cy + r * 1.08), (cx - r * 1.0, cy)]
    if shape == "cross":
        a, b = r * 0.36, r * 0.98
        return [(cx - a, cy - b), (cx + a, cy - b), (cx + a, cy - a), (cx + b, cy - a),
                (cx + b, cy + a), (cx + a, cy + a), (cx + a, cy + b), (cx - a, cy + b),
                (cx - a, cy + a), (cx - b, cy + a), (cx - b, cy - a), (cx - a, cy - a)]
    if shape == "star":
        return star_points(cx, cy, r * 1.1, 5, 0.5)
    raise ValueError(f"unknown shape {shape!r}")


def draw_shape(d: ImageDraw.ImageDraw, shape: str, cx: float, cy: float, r: float,
               fill: RGB | tuple[int, int, int, int], outline: RGB | None = INK,
               width: float = 0) -> None:
    pts = shape_polygon(shape, cx, cy, r)
    w = int(round(width))
    if pts is None:
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline if w else None,
                  width=w)
    else:
        d.polygon(pts, fill=fill, outline=outline if w else None, width=w)


@kept(128)  # every game's styles at three sizes: ~0.5 MB (a restart takes back the panels')
def symbol_icon(shape: str, size: int, colour: RGB, ring: RGB = INK) -> Image.Image:
    """A faction's symbol in its colour with an ink ring (legend, panels), RGBA."""
    s = size * SS
    im = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    r = s / 2 - SS * 1.5
    draw_shape(d, shape, s / 2, s / 2, r, ring)
    draw_shape(d, shape, s / 2, s / 2, r - SS * 2.2, colour)
    return im.resize((size, size), Image.Resampling.LANCZOS)


def castle(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """A stronghold: a small keep with battlements, stone with an ink outline."""
    w = r * 0.16
    x0, x1 = cx - r * 0.85, cx + r * 0.85
    y0, y1 = cy - r * 0.45, cy + r * 0.9
    top = y0 - r * 0.42
    body = [(x0, y1), (x0, top), (x0 + r * 0.42, top), (x0 + r * 0.42, y0),
            (cx - r * 0.2, y0), (cx - r * 0.2, top), (cx + r * 0.2, top),
            (cx + r * 0.2, y0), (x1 - r * 0.42, y0), (x1 - r * 0.42, top),
            (x1, top), (x1, y1)]
    d.polygon(body, fill=INK)
    inset = [(x + (w if x < cx else -w), y + (w if y < cy else -w)) for x, y in body]
    d.polygon(inset, fill=STONE)
    d.rounded_rectangle((cx - r * 0.24, cy + r * 0.22, cx + r * 0.24, y1 - w), radius=r * 0.22,
                        fill=INK)


@kept(16)
def castle_icon(size: int) -> Image.Image:
    s = size * SS
    im = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    castle(ImageDraw.Draw(im), s / 2, s / 2, s * 0.45)
    return im.resize((size, size), Image.Resampling.LANCZOS)


def die(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, pips: int = 6) -> None:
    d.rounded_rectangle((cx - r, cy - r, cx + r, cy + r), radius=r * 0.3, fill=WHITE,
                        outline=INK, width=max(2, int(r * 0.22)))
    p = r * 0.45
    spots = {6: [(-p, -p), (-p, 0), (-p, p), (p, -p), (p, 0), (p, p)],
             5: [(-p, -p), (p, -p), (0, 0), (-p, p), (p, p)]}[pips]
    q = r * 0.17
    for dx, dy in spots:
        d.ellipse((cx + dx - q, cy + dy - q, cx + dx + q, cy + dy + q), fill=INK)


@kept(16)
def die_icon(size: int) -> Image.Image:
    s = size * SS
    im = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    die(ImageDraw.Draw(im), s / 2, s / 2, s / 2 - SS)
    return im.resize((size, size), Image.Resampling.LANCZOS)


def walk(pts: list[list[int]] | list[tuple[float, float]], spacing: float
         ) -> list[tuple[float, float]]:
    """Points every ``spacing`` px along a polyline."""
    out = []
    carry = 0.0
    for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
        seg = math.hypot(x1 - x0, y1 - y0)
        pos = carry
        while pos < seg:
            t = pos / seg
            out.append((x0 + (x1 - x0) * t, y0 + (y1 - y0) * t))
            pos += spacing
        carry = pos - seg
    if pts:
        out.append(tuple(pts[-1]))
    return out


def dashed(d: ImageDraw.ImageDraw, pts: list[tuple[float, float]], col: RGB, width: int,
           dash: float, gap: float) -> None:
    on, left = True, dash
    for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
        seg = math.hypot(x1 - x0, y1 - y0)
        pos = 0.0
        while pos < seg:
            step = min(left, seg - pos)
            if on:
                a, b = pos / seg, (pos + step) / seg
                d.line([(x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                        (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b)], fill=col, width=width)
            pos += step
            left -= step
            if left <= 0:
                on = not on
                left = dash if on else gap


# --------------------------------------------------------------------------- badges

BADGE_FONT = 24  # 9 px on a phone (the picture 450 px wide)
BADGE_FONT_3 = 21  # three digits, condensed
SYMBOL = 22  # the owner's symbol on the badge: 8 px on a phone

FRAME = 2.5  # the badge's ink frame (px)


@dataclass(frozen=True)
class Tab:
    """A mark on a badge's left, that an edition adds (a stop of a route it draws): what it
    draws there and how the badge around it looks. ``draw(d, cx, cy, S)`` draws it centred on
    (cx, cy) at S× (the badge is drawn supersampled). ``always``: the badge shows even on a
    territory the view leaves out (then without a count). ``name`` tells a decoration's
    tabs apart (the badge caches key on it)."""

    name: str
    draw: Callable[[ImageDraw.ImageDraw, float, float, float], None]
    frame: RGB = INK
    frame_w: float = FRAME
    ground: RGB = WHITE
    hairline: bool = False  # a hairline of ink outside and inside the frame
    always: bool = False


def badge_geometry(w: int, h: int, tab: bool, strong: bool) -> dict[str, float]:
    """Where the parts of a badge lie in its box (w × h): an edition's tab on the left
    (``"tab"``), the symbol, the count, the castle on the right."""
    x = 0.0
    out: dict[str, float] = {}
    if tab:
        out["tab"] = x + 13
        x += 24
    out["symbol"] = x + 3 + SYMBOL / 2
    x += 3 + SYMBOL + 3
    right = w - (20 if strong else 0)
    if strong:
        out["castle"] = w - 12
    out["count"] = (x + right - 3) / 2
    out["h"] = h
    return out


def badge_frame(shape: str | None, w: int, h: int, tab: Tab | None, strong: bool,
                scale: float = 1.0) -> tuple[Image.Image, Image.Image]:
    """A count badge without its count (RGBA) and its silhouette ("L", 255 inside).

    The symbol is a *hole* in the white badge, ringed in ink: pasted over a territory, the
    territory's own fill (its owner's colour) shows through, so one cached badge serves every
    owner. ``tab``: None, or an edition's mark on the left (its frame and ground with it).
    The count goes in the plain area ``count_box`` gives (``count_tile``). ``scale``: the
    badge ``scale`` times bigger (a close-up), drawn as sharp as at 1×."""
    g = badge_geometry(w, h, tab is not None, strong)
    S = SS
    W, H = w * S, h * S
    im = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    frame = tab.frame if tab else INK
    fw = tab.frame_w if tab else FRAME
    ground = tab.ground if tab else WHITE
    d.rounded_rectangle((S * 0.5, S * 0.5, W - S * 0.5, H - S * 0.5), radius=H * 0.42, fill=frame)
    d.rounded_rectangle((S * (0.5 + fw), S * (0.5 + fw), W - S * (0.5 + fw), H - S * (0.5 + fw)),
                        radius=H * 0.42 - S * fw, fill=ground)
    if tab and tab.hairline:  # a coloured frame keeps a hairline of ink outside and in
        d.rounded_rectangle((S * 0.5, S * 0.5, W - S * 0.5, H - S * 0.5), radius=H * 0.42,
                            outline=INK, width=int(S * 1.2))
        d.rounded_rectangle((S * (0.5 + fw), S * (0.5 + fw), W - S * (0.5 + fw),
                             H - S * (0.5 + fw)), radius=H * 0.42 - S * fw, outline=INK,
                            width=int(S * 1.0))
    cy = H / 2
    if shape is not None:
        r = SYMBOL / 2 * S
        draw_shape(d, shape, g["symbol"] * S, cy, r, INK)
        draw_shape(d, shape, g["symbol"] * S, cy, r - S * 2.2, (0, 0, 0, 0))
    if tab:
        tab.draw(d, g["tab"] * S, cy, S)
    if strong:
        castle(d, g["castle"] * S, cy, 8.6 * S)
    sil = Image.new("L", (W, H), 0)
    ImageDraw.Draw(sil).rounded_rectangle((S * 0.5, S * 0.5, W - S * 0.5, H - S * 0.5),
                                          radius=H * 0.42, fill=255)
    size = (round(w * scale), round(h * scale))
    return (im.resize(size, Image.Resampling.LANCZOS),
            sil.resize(size, Image.Resampling.LANCZOS))


def count_box(w: int, h: int, tab: Tab | None, strong: bool) -> tuple[int, int, int, int]:
    """The plain area of a badge where its count is written (x0, y0, x1, y1)."""
    g = badge_geometry(w, h, tab is not None, strong)
    half = 17
    inset = int(tab.frame_w if tab else FRAME) + 2
    cx = int(round(g["count"]))
    return (cx - half, inset, cx + half, h - inset)


def count_tile(text: str, size: tuple[int, int], ground: RGB = WHITE, scale: float = 1.0
               ) -> Image.Image:
    """The count on the badge's ground, opaque RGB: one digit in the bold face, two or
    three in the condensed one (same height, narrower); ``scale`` times bigger in a
    close-up."""
    w, h = size
    im = Image.new("RGB", (w, h), ground)
    f = font(round((BADGE_FONT if len(text) < 3 else BADGE_FONT_3) * scale),
             "bold" if len(text) < 2 else "condensed")
    ImageDraw.Draw(im).text((w / 2, h / 2 + scale), text, font=f, fill=INK, anchor="mm")
    return im


def badge_rgba(text: str, shape: str | None, w: int, h: int, tab: Tab | None,
               strong: bool) -> tuple[Image.Image, Image.Image]:
    """A whole count badge (RGBA) and its silhouette: the frame with its count."""
    im, sil = badge_frame(shape, w, h, tab, strong)
    if text:
        box = count_box(w, h, tab, strong)
        tile = count_tile(text, (box[2] - box[0], box[3] - box[1]), tab.ground if tab else WHITE)
        im.paste(tile, box[:2])
    return im, sil


# -------------------------------------------------------------------------- names


def territory_name(meta: dict[str, Any], tid: str, lang: str, game_id: str) -> str:
    t = next(t for t in meta["territories"] if t["id"] == tid)
    return clean_text(thing_name(game_id, "territory", tid, lang, t["name"]), "condensed")


def region_name(meta: dict[str, Any], rid: str, lang: str, game_id: str) -> str:
    r = next(r for r in meta["regions"] if r["id"] == rid)
    return clean_text(thing_name(game_id, "region", rid, lang, r["name"]))
