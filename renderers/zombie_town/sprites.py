"""The Zombie Town board's small pictures, drawn with primitives at 4× and reduced, cached
(RGBA): a zombie, a car at each of its eight headings, a face-down key, a barricade's plank,
a heart, a card back, a gun, a blade, a survivor, an agenda, a tombstone."""

from __future__ import annotations

from PIL import Image, ImageDraw

from renderers.kit import SUPERSAMPLE, font
from renderers.kit.memo import kept
from renderers.zombie_town.look import (
    CARD_BACK,
    DAMAGE,
    HEART,
    INK,
    KEY,
    PLANK,
    PLANK_EDGE,
    STONE,
    WHITE,
    ZOMBIE,
    ZOMBIE_DARK,
)

S = SUPERSAMPLE
HEADING_ANGLE = {"N": 0, "NE": -45, "E": -90, "SE": -135, "S": 180, "SW": 135, "W": 90, "NW": 45}


def _canvas(size: int) -> tuple[Image.Image, ImageDraw.ImageDraw, int]:
    s = size * S
    im = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    return im, ImageDraw.Draw(im), s


def _done(im: Image.Image, size: int) -> Image.Image:
    return im.resize((size, size), Image.Resampling.LANCZOS)


@kept(8)
def zombie(size: int) -> Image.Image:
    """A green zombie's head with dark eyes and a jagged mouth."""
    im, d, s = _canvas(size)
    w = s // 14
    d.rounded_rectangle((s * 0.14, s * 0.06, s * 0.86, s * 0.94), radius=s * 0.3, fill=ZOMBIE,
                        outline=ZOMBIE_DARK, width=w)
    for cx in (0.35, 0.65):
        d.ellipse((s * (cx - 0.11), s * 0.3, s * (cx + 0.11), s * 0.52), fill=ZOMBIE_DARK)
    d.line([(s * 0.3, s * 0.72), (s * 0.4, s * 0.66), (s * 0.5, s * 0.74), (s * 0.6, s * 0.66),
            (s * 0.7, s * 0.72)], fill=ZOMBIE_DARK, width=w)
    return _done(im, size)


@kept(128)
def car(size: int, colour: tuple[int, int, int], heading: str, broken: bool) -> Image.Image:
    """A car seen from above, nose towards ``heading``, in its house's colour (grey with a red
    cross once broken)."""
    body = (112, 112, 116) if broken else colour
    im, d, s = _canvas(size)
    w = s // 24
    d.rounded_rectangle((s * 0.27, s * 0.08, s * 0.73, s * 0.92), radius=s * 0.12, fill=body,
                        outline=INK, width=w)
    d.polygon([(s * 0.32, s * 0.3), (s * 0.68, s * 0.3), (s * 0.63, s * 0.42), (s * 0.37, s * 0.42)],
              fill=(200, 225, 240), outline=INK, width=w // 2)  # the windscreen, at the front
    d.rectangle((s * 0.36, s * 0.76, s * 0.64, s * 0.82), fill=(200, 225, 240), outline=INK, width=w // 2)
    for x in (0.31, 0.69):  # headlights
        d.ellipse((s * (x - 0.035), s * 0.1, s * (x + 0.035), s * 0.17), fill=(255, 240, 150))
    im = im.rotate(HEADING_ANGLE[heading], resample=Image.Resampling.BICUBIC)
    if broken:
        d = ImageDraw.Draw(im)
        d.line([(s * 0.2, s * 0.2), (s * 0.8, s * 0.8)], fill=DAMAGE, width=s // 10)
        d.line([(s * 0.8, s * 0.2), (s * 0.2, s * 0.8)], fill=DAMAGE, width=s // 10)
    return _done(im, size)


@kept(8)
def key_back(size: int) -> Image.Image:
    """A key lying face down: a gold tag with a key's outline and a '?'."""
    im, d, s = _canvas(size)
    d.rounded_rectangle((s * 0.06, s * 0.14, s * 0.94, s * 0.86), radius=s * 0.16, fill=KEY,
                        outline=INK, width=s // 16)
    d.ellipse((s * 0.16, s * 0.32, s * 0.46, s * 0.68), outline=INK, width=s // 12)
    d.line([(s * 0.46, s * 0.5), (s * 0.84, s * 0.5)], fill=INK, width=s // 12)
    d.line([(s * 0.72, s * 0.5), (s * 0.72, s * 0.66)], fill=INK, width=s // 14)
    return _done(im, size)


@kept(8)
def plank(size: int) -> Image.Image:
    """A barricade: two crossed planks."""
    im, d, s = _canvas(size)
    for a, b in (((0.1, 0.25), (0.9, 0.75)), ((0.1, 0.75), (0.9, 0.25))):
        d.line([(s * a[0], s * a[1]), (s * b[0], s * b[1])], fill=PLANK_EDGE, width=int(s * 0.26))
        d.line([(s * a[0], s * a[1]), (s * b[0], s * b[1])], fill=PLANK, width=int(s * 0.17))
    return _done(im, size)


@kept(16)
def heart(size: int, full: bool) -> Image.Image:
    im, d, s = _canvas(size)
    fill = HEART if full else None
    edge = HEART if full else (120, 124, 132)
    pts = [(0.5, 0.9), (0.1, 0.5), (0.08, 0.3), (0.2, 0.14), (0.36, 0.12), (0.5, 0.26), (0.64, 0.12),
           (0.8, 0.14), (0.92, 0.3), (0.9, 0.5)]
    d.polygon([(x * s, y * s) for x, y in pts], fill=fill, outline=edge, width=s // 10)
    return _done(im, size)


@kept(8)
def card_back(size: int) -> Image.Image:
    im, d, s = _canvas(size)
    d.rounded_rectangle((s * 0.2, s * 0.06, s * 0.8, s * 0.94), radius=s * 0.1, fill=CARD_BACK,
                        outline=WHITE, width=s // 14)
    d.line([(s * 0.32, s * 0.2), (s * 0.68, s * 0.8)], fill=(120, 150, 220), width=s // 14)
    return _done(im, size)


@kept(8)
def agenda(size: int) -> Image.Image:
    """An agenda card, face down: a card with a folded corner and a target."""
    im, d, s = _canvas(size)
    d.rounded_rectangle((s * 0.2, s * 0.06, s * 0.8, s * 0.94), radius=s * 0.1, fill=(150, 60, 60),
                        outline=WHITE, width=s // 14)
    d.ellipse((s * 0.32, s * 0.32, s * 0.68, s * 0.68), outline=WHITE, width=s // 14)
    d.ellipse((s * 0.45, s * 0.45, s * 0.55, s * 0.55), fill=WHITE)
    return _done(im, size)


@kept(8)
def gun(size: int) -> Image.Image:
    im, d, s = _canvas(size)
    d.rectangle((s * 0.08, s * 0.28, s * 0.92, s * 0.46), fill=(200, 204, 212), outline=INK, width=s // 20)
    d.polygon([(s * 0.6, s * 0.44), (s * 0.86, s * 0.44), (s * 0.8, s * 0.86), (s * 0.6, s * 0.86)],
              fill=(150, 104, 60), outline=INK, width=s // 20)
    return _done(im, size)


@kept(8)
def blade(size: int) -> Image.Image:
    im, d, s = _canvas(size)
    d.polygon([(s * 0.18, s * 0.82), (s * 0.74, s * 0.12), (s * 0.88, s * 0.26), (s * 0.3, s * 0.9)],
              fill=(210, 214, 222), outline=INK, width=s // 20)
    d.line([(s * 0.12, s * 0.66), (s * 0.36, s * 0.92)], fill=(150, 104, 60), width=s // 7)
    return _done(im, size)


@kept(8)
def survivor(size: int, colour: tuple[int, int, int] = (236, 200, 150)) -> Image.Image:
    """A rescued survivor: a little person."""
    im, d, s = _canvas(size)
    d.ellipse((s * 0.34, s * 0.06, s * 0.66, s * 0.38), fill=colour, outline=INK, width=s // 16)
    d.rounded_rectangle((s * 0.2, s * 0.42, s * 0.8, s * 0.96), radius=s * 0.2, fill=colour, outline=INK,
                        width=s // 16)
    return _done(im, size)


@kept(8)
def tomb(size: int) -> Image.Image:
    im, d, s = _canvas(size)
    d.rounded_rectangle((s * 0.22, s * 0.12, s * 0.78, s * 0.92), radius=s * 0.26, fill=STONE,
                        outline=(90, 92, 96), width=s // 14)
    d.line([(s * 0.5, s * 0.26), (s * 0.5, s * 0.7)], fill=(110, 112, 118), width=s // 12)
    d.line([(s * 0.36, s * 0.4), (s * 0.64, s * 0.4)], fill=(110, 112, 118), width=s // 12)
    return _done(im, size)


@kept(8)
def skull(size: int) -> Image.Image:
    im, d, s = _canvas(size)
    d.ellipse((s * 0.14, s * 0.08, s * 0.86, s * 0.72), fill=(230, 230, 226), outline=INK, width=s // 16)
    d.rectangle((s * 0.3, s * 0.6, s * 0.7, s * 0.9), fill=(230, 230, 226), outline=INK, width=s // 16)
    for cx in (0.36, 0.64):
        d.ellipse((s * (cx - 0.1), s * 0.32, s * (cx + 0.1), s * 0.52), fill=INK)
    return _done(im, size)


def count_badge_font(size: int):  # type: ignore[no-untyped-def]
    return font(size, "bold")
