"""Drawing straight into a map's palette indices, with the API of Pillow's RGB drawing.

A board is composed as palette indices (:mod:`.static`). Its changing parts (the panels,
the attack arrow) were drawn over RGB copies of their boxes and quantised back each turn:
a third of a render. Here they are drawn into the indices themselves:

- :class:`IndexBox` stands for the RGB image a panel draws on (``paste``, ``size``,
  ``width``, ``height``) and :class:`IndexDraw` for its ``ImageDraw`` (``text``, ``line``,
  ``ellipse``, ``rectangle``, ``rounded_rectangle``, ``polygon``, and any other
  ``ImageDraw`` method taking ``fill=`` / ``outline=`` colours). Pillow draws shapes without
  anti-aliasing, so a shape in a colour of the palette gives the very pixels it gave in RGB;
- text is anti-aliased: Pillow's ``ImageDraw.text`` lays it out and renders its glyphs as
  usual, but hands us each line's coverage (a capturing stand-in for its core drawing
  object), and each covered pixel takes the palette entry nearest to the ink blended over
  the pixel's ground at that coverage (16 levels, over 16 ground colours), through one
  lookup table;
- an RGBA icon pasted over a plain ground is quantised once per (icon, ground, factions'
  colours) and kept; over a mixed ground it is quantised in place.

Only the palette's static entries (and the factions' swatches, for icons) are chosen, never
a territory's fill, whose colour changes with its owner. The pixels differ from an RGB
drawing quantised afterwards only where the anti-aliasing falls on a shade between two
entries. An edition's :class:`~renderers.risk_map.decoration.Panel` gets these two objects,
so it draws as it would in RGB.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from renderers.kit.lut import Lut, lut
from renderers.risk_map.static import MapArt, fixed_colours

__all__ = ["IndexBox", "IndexDraw", "Inks", "inks"]

RGB = tuple[int, int, int]
LEVELS = 16  # coverage levels of anti-aliased text
GROUNDS = 16  # ground colours text is blended over (the first fixed colours)
_LEVEL = lut(lambda a: a * LEVELS // 256)
_COVERED = lut(lambda a: 255 if a >= 256 // LEVELS else 0)
_ANY = lut(lambda a: 255 if a else 0)
_SPRITES_MAX = 512


class Inks:
    """A static layer's colour lookups: colour → static entry, text's tables, sprites."""

    def __init__(self, art: MapArt) -> None:
        self.art = art
        pal = art.palette
        self.static0 = art.static0
        self.static_cols = [tuple(pal[3 * i:3 * i + 3]) for i in range(art.static0, 256)]
        self.exact: dict[RGB, int] = {}
        for i, c in enumerate(self.static_cols):
            self.exact.setdefault(c, art.static0 + i)  # type: ignore[arg-type]
        self.static_pal = self._pal(self.static_cols)
        grounds = fixed_colours(art.deco.colours)[:GROUNDS]
        self.grounds = grounds + [grounds[0]] * (GROUNDS - len(grounds))
        near = self.nearest_many(self.grounds)
        gidx: dict[int, int] = {}
        for g, idx in enumerate(near):
            gidx.setdefault(idx, g)
        # each index's ground: a static entry's own or nearest; a fill's (text never lies
        # on one in a panel) paper's
        cls = self._classify(self.static_cols)  # type: ignore[arg-type]
        paper = self.grounds.index(fixed_colours()[2])
        self.ground_of = Lut([paper * LEVELS] * art.static0 + [
            gidx.get(art.static0 + i, cls[i]) * LEVELS for i in range(len(cls))])
        self._text: dict[RGB, Lut] = {}
        self.sprites: dict[Any, tuple[Image.Image, Image.Image]] = {}
        self.laid: dict[Any, None] = {}  # the strings written on this layer, the latest last

    # what the tables and sprites are made of: kept on disk with the layer (issue 29,
    # ``canvas``'s panel pieces) and given back to a restart's first board
    _STATE = ("static_cols", "exact", "static_pal", "grounds", "ground_of", "_text", "sprites")

    def state(self) -> dict[str, Any]:
        """The tables and sprites made so far (copies: to be stored outside the drawing lock)."""
        out = {name: getattr(self, name) for name in self._STATE}
        return {name: dict(v) if isinstance(v, dict) else v for name, v in out.items()}

    @classmethod
    def taken_back(cls, art: MapArt, state: dict[str, Any]) -> Inks:
        """The lookups of ``art`` as :meth:`state` gave them (the same layer, drawn by
        another process): none of the tables made again."""
        self = cls.__new__(cls)
        self.art = art
        self.static0 = art.static0
        for name in cls._STATE:
            value = state[name]
            setattr(self, name, dict(value) if isinstance(value, dict) else value)
        self.laid = {}
        if not (isinstance(self.ground_of, Lut) and isinstance(self.static_pal, Image.Image)
                and len(self.static_cols) == 256 - art.static0):
            raise ValueError("not the tables of this layer")
        return self

    def _pal(self, cols: list[Any]) -> Image.Image:
        """A palette image of ``cols``, padded with the last (a tie picks the first)."""
        cols = list(cols) + [cols[-1]] * (256 - len(cols))
        pal = Image.new("P", (1, 1))
        pal.putpalette([v for c in cols for v in c])
        return pal

    def _classify(self, cols: list[RGB]) -> list[int]:
        out = []
        for c in cols:
            out.append(min(range(GROUNDS), key=lambda g: sum(
                (a - b) ** 2 for a, b in zip(c, self.grounds[g], strict=True))))
        return out

    def nearest_many(self, cols: list[RGB]) -> list[int]:
        """The static entries nearest to ``cols``: a colour's own entry if it has one, else
        the one Pillow's quantisation picks (through its 6-bit cache, which may prefer a
        shade one level off)."""
        strip = Image.new("RGB", (len(cols), 1))
        strip.putdata(cols)
        q = strip.quantize(palette=self.static_pal, dither=Image.Dither.NONE)
        return [self.exact.get(c, self.static0 + v)  # type: ignore[call-overload]
                for c, v in zip(cols, q.tobytes(), strict=True)]

    def index(self, colour: Any) -> int:
        """A colour's palette entry: its own if static, else the nearest static one."""
        if isinstance(colour, int):
            return colour
        c = tuple(colour[:3])
        hit = self.exact.get(c)  # type: ignore[arg-type]
        if hit is None:
            hit = self.exact[c] = self.nearest_many([c])[0]  # type: ignore[index]
        return hit

    def text_lut(self, ink: Any) -> Lut:
        """(ground × 16 + coverage level) → the entry nearest to the ink at that coverage
        over that ground."""
        c: RGB = tuple(ink[:3]) if not isinstance(ink, int) else tuple(  # type: ignore[assignment]
            self.art.palette[3 * ink:3 * ink + 3])
        hit = self._text.get(c)
        if hit is None:
            cols = []
            for g in self.grounds:
                for lv in range(LEVELS):
                    k = lv / (LEVELS - 1)
                    cols.append(tuple(round(g[j] + (c[j] - g[j]) * k) for j in range(3)))
            hit = self._text[c] = Lut(self.nearest_many(cols))  # type: ignore[arg-type]
        return hit


def inks(art: MapArt) -> Inks:
    hit = art.sprites.get("inks")
    if hit is None:
        hit = art.sprites["inks"] = Inks(art)
    return hit


# a string's glyph coverage and places, per (font, text, position, options): Pillow's
# layout is pure, and a board writes the same words every turn
_LAID: dict[Any, list[tuple[tuple[int, int], Any]]] = {}
_LAID_MAX = 1024


def _coverage(cov: Any) -> tuple[Any, Any]:
    """A glyph mask's coverage levels and where it covers (two small tables' passes; not
    kept: they would double the glyph masks' memory)."""
    return cov.point(_LEVEL, None), cov.point(_COVERED, None)


class _Capture:
    """Stands for Pillow's core drawing object inside an ``ImageDraw`` so that ``text``
    hands us each line's glyph coverage and place instead of drawing it."""

    def __init__(self) -> None:
        self.got: list[tuple[tuple[int, int], Any]] = []

    def draw_ink(self, ink: Any) -> int:
        return 255

    def draw_bitmap(self, xy: tuple[int, int], mask: Any, ink: int) -> None:
        self.got.append((xy, mask))


_CAPTURE = _Capture()
_TEXT_DRAW = ImageDraw.Draw(Image.new("L", (1, 1)))
_TEXT_DRAW.draw = _CAPTURE  # type: ignore[assignment]


_LAID_KEPT = 256  # a layer's strings kept with its pieces (a board writes ~25-45)
_PLAIN = (str, int, float, bool, type(None))


def _plain(v: Any) -> bool:
    return isinstance(v, _PLAIN) or (isinstance(v, tuple) and all(_plain(x) for x in v))


def laid_state(ink: Inks) -> list[tuple[Any, list[tuple[tuple[int, int], Image.Image]]]]:
    """The strings ``ink``'s layer wrote lately, laid out (glyph coverage and places), with
    a key that holds in another process (the font's file and size, not the object)."""
    from renderers.kit.text import CachedFont

    out = []
    for key in ink.laid:
        got = _LAID.get(key)
        f, rest = key[0], key[1:]
        if got is None or not isinstance(f, CachedFont) or not _plain(rest):
            continue
        fkey = (Path(f.path).name, f.size, f.index, int(f.layout_engine))
        out.append(((fkey, *rest), [(xy, Image.Image()._new(m)) for xy, m in got]))
    return out


def take_laid(ink: Inks, entries: Any) -> None:
    """Put back :func:`laid_state` of another process (its fonts this process's)."""
    from renderers.kit.text import FONT_FILES, font

    weights = {file: weight for weight, file in FONT_FILES.items()}
    for (fkey, *rest), got in entries:
        name, size, index, engine = fkey
        if name not in weights:
            continue
        f = font(size, weights[name])
        if f.index != index or int(f.layout_engine) != engine:
            continue
        key = (f, *rest)
        if len(_LAID) < _LAID_MAX and key not in _LAID:
            _LAID[key] = [(tuple(xy), m.im) for xy, m in got]
        ink.laid[key] = None


def clear() -> None:
    """Forget the laid-out strings (tests: cold caches must not change a byte)."""
    _LAID.clear()
    _sprite_table.cache_clear()


class IndexBox:
    """A box of the canvas's indices that panel code draws on as on an RGB image."""

    def __init__(self, im: Image.Image, ink: Inks, pal_img: Image.Image,
                 swatches: tuple[RGB, ...]) -> None:
        self.im = im
        self.inks = ink
        self.pal_img = pal_img
        self.swatches = swatches
        self.size = im.size
        self.width, self.height = im.size
        self.mode = "RGB"
        self.draw = IndexDraw(self)

    def text(self, ink: Any, got: list[tuple[tuple[int, int], Any]]) -> None:
        """Blend captured glyph coverage into the indices (see the module docstring).
        Pillow's core calls, as ``Image.crop``/``point``/``paste`` make them, without their
        checks: a board writes ~25 strings."""
        table = self.inks.text_lut(ink)
        ground = self.inks.ground_of
        core = self.im.im
        for (x, y), cov in got:
            w, h = cov.size
            if not w or not h:
                continue
            levels, covered = _coverage(cov)
            key = core.crop((x, y, x + w, y + h)).point(ground, None).chop_add(levels, 1.0, 0)
            core.paste(key.point(table, None), (x, y, x + w, y + h), covered)

    def paste(self, im: Any, box: Any = None, mask: Image.Image | None = None) -> None:
        if not isinstance(im, Image.Image):  # a colour
            self.im.paste(self.inks.index(im), box, mask)
            return
        if box is None:
            box = (0, 0)
        x, y = int(box[0]), int(box[1])
        if im.mode != "RGBA" or (mask is not None and mask is not im):
            rgba = im.convert("RGBA")
            if mask is not None:
                rgba.putalpha(mask.convert("L"))
            im = rgba
        idx, m = self._sprite(im, x, y)
        self.im.paste(idx, (x, y), m)
    def _sprite(self, icon: Image.Image, x: int, y: int) -> tuple[Image.Image, Image.Image]:
        under = self.im.crop((x, y, x + icon.width, y + icon.height))
        lo, hi = under.getextrema()
        if lo < self.inks.static0:  # over a fill (its colour changes): quantised each time
            return self._quantise(icon, under)
        key = (icon_key(icon), lo if lo == hi else under.tobytes(), self.swatches)
        hit = self.inks.sprites.get(key)
        if hit is None:
            if len(self.inks.sprites) >= _SPRITES_MAX:
                self.inks.sprites.clear()
            hit = self.inks.sprites[key] = self._quantise(icon, under)
        return hit

    def _quantise(self, icon: Image.Image, under: Image.Image) -> tuple[Image.Image, Image.Image]:
        """The icon over ``under``, in the static entries and the swatches."""
        u = under.copy()
        u.putpalette(self.pal_img.getpalette())
        rgb = u.convert("RGB")
        rgb.paste(icon, (0, 0), icon)
        n_sw = len(self.swatches)
        pal = self.inks._pal([*self.swatches, *self.inks.static_cols])
        q = rgb.quantize(palette=pal, dither=Image.Dither.NONE)
        idx = Image.frombytes("L", q.size, q.tobytes()).point(
            _sprite_table(self.inks.art.n * 4, self.inks.static0, n_sw))
        mask = icon.getchannel("A").point(_ANY)
        return idx, mask


def icon_key(icon: Image.Image) -> bytes:
    """An icon's sprites' key: a digest of its pixels, not the object's identity, so that
    the sprites made in one process serve the next (the same icon drawn again there), made
    once per icon object (the cached icons are never drawn on once made)."""
    key = icon.__dict__.get("_sprite_key")
    if key is None:
        key = icon._sprite_key = hashlib.blake2b(  # type: ignore[attr-defined]
            f"{icon.mode}{icon.size}".encode() + icon.tobytes(), digest_size=16).digest()
    return key


@lru_cache(maxsize=64)
def _sprite_table(sw0: int, s0: int, n_sw: int) -> Lut:
    """A quantised sprite's entries → the layer's: the swatches, then the static colours
    (made once: a table costs ~1 ms, a new game's legend quantises eight sprites)."""
    return lut(lambda v: sw0 + v if v < n_sw else s0 + v - n_sw)


class IndexDraw:
    """``ImageDraw`` over an :class:`IndexBox`: colours become palette entries, text goes
    through the box's coverage layer."""

    def __init__(self, box: IndexBox) -> None:
        self._box = box
        self._core: ImageDraw.ImageDraw | None = None

    @property
    def _draw(self) -> ImageDraw.ImageDraw:
        if self._core is None:
            self._core = ImageDraw.Draw(self._box.im)
        return self._core

    def text(self, xy: Any, text: str, fill: Any = None, font: Any = None, *args: Any,
             **kw: Any) -> None:
        kw.pop("stroke_fill", None)  # a stroke is drawn in the text's ink
        try:
            key = (font, text, tuple(xy), args, tuple(sorted(kw.items())))
            got = _LAID.get(key)
        except TypeError:  # an unhashable option: laid out each time
            key, got = None, None
        if got is None:  # under the renderers' DRAW_LOCK, as every drawing
            _CAPTURE.got = []
            _TEXT_DRAW.text(xy, text, 255, font, *args, **kw)
            got = _CAPTURE.got
            if key is not None:
                if len(_LAID) >= _LAID_MAX:
                    _LAID.clear()
                _LAID[key] = got
        if key is not None:  # what this layer writes (its pieces keep the latest)
            laid = self._box.inks.laid
            laid.pop(key, None)
            laid[key] = None
            if len(laid) > _LAID_KEPT:
                del laid[next(iter(laid))]
        self._box.text(fill if fill is not None else (0, 0, 0), got)

    def textlength(self, *args: Any, **kw: Any) -> float:
        return self._draw.textlength(*args, **kw)

    def textbbox(self, *args: Any, **kw: Any) -> tuple[int, int, int, int]:
        return ImageDraw.Draw(Image.new("L", (1, 1))).textbbox(*args, **kw)

    def __getattr__(self, name: str) -> Any:
        method = getattr(self._draw, name)

        def shape(*args: Any, **kw: Any) -> Any:
            for k in ("fill", "outline"):
                if kw.get(k) is not None:
                    kw[k] = self._box.inks.index(kw[k])
            return method(*args, **kw)

        return shape
