"""Fonts and text: DejaVu from ``data/fonts`` only (never the system's), with the BASIC
layout engine (libraqm may or may not be installed, and it moves glyphs by a pixel); names
a player typed cleaned of what the font cannot draw and fitted to their box."""

from __future__ import annotations

import contextlib
import ctypes
import threading
import time
import unicodedata
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

from PIL import ImageDraw, ImageFont

from renderers.kit.colours import RGB, Box

FONT_DIR = Path(__file__).resolve().parents[2] / "data" / "fonts"
FONT_FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed-Bold.ttf",
}

# Renders run in worker threads (``asyncio.to_thread``) and FreeType faces, shared by every
# renderer through ``font``'s cache, are not thread-safe: drawing holds this lock (the PNG
# encoding, the slower half, runs outside it). Re-entrant: a render may build a cache.
DRAW_LOCK = threading.RLock()

# Boards being drawn now (``renderers.render``): a background warm-up's steps let them pass
# first (:func:`warm_step`), since the lock is not fair (a thread that releases it and takes
# it again at once would keep a player's board waiting for the whole warm-up).
_BOARDS = 0
_BOARDS_LOCK = threading.Lock()
# ... and a burst of boards (a restart: every game in play asks for its board at once) passes
# whole: a step waits until no board was drawn for QUIET seconds, QUIET_MOST at most a step
QUIET = 0.1
QUIET_MOST = 1.0
_LAST_BOARD = [float("-inf")]  # when the last player's board was drawn (time.monotonic)


@contextmanager
def drawing_board() -> Iterator[None]:
    """Around a board drawn for a player: warming pauses meanwhile."""
    global _BOARDS
    with _BOARDS_LOCK:
        _BOARDS += 1
    try:
        yield
    finally:
        with _BOARDS_LOCK:
            _BOARDS -= 1
            _LAST_BOARD[0] = time.monotonic()


@contextmanager
def warm_step(hold: bool = True) -> Iterator[None]:
    """One step of a warm-up (a layer, a territory's badges, a sample board): after the
    boards being drawn and a quiet moment (:data:`QUIET`), then holding :data:`DRAW_LOCK` (``hold=False``: not held, for a
    sample board drawn through a renderer's ``render``, which takes it for its drawing and
    encodes outside it, as for a player's board: a board asked meanwhile waits for the
    drawing only)."""
    start = time.monotonic()
    while _BOARDS or (time.monotonic() - _LAST_BOARD[0] < QUIET and time.monotonic() - start < QUIET_MOST):
        time.sleep(0.002)
    if not hold:
        yield
        return
    with DRAW_LOCK:
        yield


# rendered strings (~1.6 KB each), least recently drawn first: past MASKS_MAX the least recent
# goes (the static layers' names, drawn once, before the boards' own words)
_MASKS: OrderedDict[tuple[object, ...], tuple[object, tuple[int, int]]] = OrderedDict()
MASKS_MAX = 1024


class CachedFont(ImageFont.FreeTypeFont):
    """A FreeType font that keeps the glyph masks of the strings it rendered.

    A board draws the same words every turn (names, headings, counts): FreeType's
    rendering is most of a panel's cost, and ``ImageDraw.text`` only reads the mask it gets
    (``draw_bitmap``), so a string is rendered once per font, position fraction, stroke
    and anchor, and the pixels are the very same."""

    def getmask2(self, text, mode="", *args, **kwargs):  # type: ignore[no-untyped-def]
        if mode == "RGBA":  # colour glyphs: the caller writes into the mask
            return super().getmask2(text, mode, *args, **kwargs)
        try:
            key = (self.path, self.size, self.index, self.layout_engine, text, mode, args,
                   tuple(sorted(kwargs.items())))
            hit = _MASKS.get(key)
        except TypeError:  # an unhashable option (features as a list): no cache
            return super().getmask2(text, mode, *args, **kwargs)
        if hit is None:
            hit = _MASKS[key] = super().getmask2(text, mode, *args, **kwargs)
            if len(_MASKS) > MASKS_MAX:
                _MASKS.popitem(last=False)
        else:
            with contextlib.suppress(KeyError):  # let go meanwhile by another thread's string
                _MASKS.move_to_end(key)
        return hit


@lru_cache(maxsize=128)
def font(size: int, weight: str = "bold") -> ImageFont.FreeTypeFont:
    """A DejaVu font from ``data/fonts`` ("regular", "bold" or "condensed"), cached per size
    (with its rendered strings, :class:`CachedFont`)."""
    path = FONT_DIR / FONT_FILES[weight]
    return CachedFont(str(path), size, layout_engine=ImageFont.Layout.BASIC)


def font_mappings() -> list[tuple[int, int]]:
    """The address ranges where FreeType maps the font files of ``data/fonts`` (Linux; none
    elsewhere): one mapping per face, each (file, size) a face of its own."""
    fonts = {str(FONT_DIR / name) for name in FONT_FILES.values()}
    out = []
    try:
        with open("/proc/self/maps") as f:
            for line in f:
                parts = line.split(maxsplit=5)
                if len(parts) == 6 and parts[5].strip() in fonts:
                    a, _, z = parts[0].partition("-")
                    out.append((int(a, 16), int(z, 16)))
    except OSError:  # no /proc: nothing to release
        return []
    return out


_MADV_DONTNEED = 4


def release_font_pages() -> int:
    """Let go of the font files' pages this process has mapped (the bytes released; renderers'
    memory, issue 29): FreeType maps a font file once per face (41 faces: ~16 MB of RSS for
    2 MB of files), and most of those pages were read once, to draw a static layer or to
    measure a word at a size the boards no longer use. The mappings are private, read-only
    and never written, so a page released is read again from the file (the system's page
    cache: a minor fault, the very same bytes) the next time a face needs it: only the
    pages the boards use come back. Called after the warm-up (``renderers._trim``)."""
    try:
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        madvise = libc.madvise
    except (OSError, AttributeError):  # not glibc: nothing to do
        return 0
    madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    madvise.restype = ctypes.c_int
    done = 0
    for a, z in font_mappings():
        if madvise(a, z - a, _MADV_DONTNEED) == 0:
            done += z - a
    return done


_NOTDEF_PROBE = "\U0010fffd"  # a private-use code point no font here draws


@lru_cache(maxsize=8)
def _probe(path: str) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, 16, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=8)
def _notdef(path: str) -> tuple[tuple[int, int], bytes]:
    m = _probe(path).getmask(_NOTDEF_PROBE)
    return m.size, bytes(m)


@lru_cache(maxsize=4096)
def _has_glyph(path: str, ch: str) -> bool:
    """Pillow does not expose the cmap: compare with the .notdef box the font draws."""
    m = _probe(path).getmask(ch)
    return (m.size, bytes(m)) != _notdef(path)


def clean_text(text: object, weight: str = "bold") -> str:
    if isinstance(text, str):
        return _clean_text(text, weight)
    return _clean_text(str(text), weight)


@lru_cache(maxsize=4096)
def _clean_text(text: str, weight: str) -> str:
    """Text safe to draw: NFC, control/format characters (ZWJ, variation selectors) and
    characters the font has no glyph for (most emoji, CJK) dropped, whitespace collapsed."""
    s = unicodedata.normalize("NFC", str(text))
    path = str(FONT_DIR / FONT_FILES[weight])
    out = []
    for ch in s:
        if ch.isspace():
            out.append(" ")
        elif not _invisible(ch) and _has_glyph(path, ch):
            out.append(ch)
    return " ".join("".join(out).split())


def _invisible(ch: str) -> bool:
    """Controls, format characters (ZWJ…), emoji skin tones and variation selectors."""
    cat = unicodedata.category(ch)
    cp = ord(ch)
    return cat[0] == "C" or (cat == "Sk" and cp >= 0x1F3FB) or 0xFE00 <= cp <= 0xFE0F


def text_width(text: str, f: ImageFont.FreeTypeFont) -> int:
    return int(round(f.getlength(text)))


@lru_cache(maxsize=4096)
def fit_text(text: str, f: ImageFont.FreeTypeFont, max_width: int, ellipsis: str = "…") -> str:
    """``text`` cut at the end with an ellipsis so it is at most ``max_width`` px wide."""
    if text_width(text, f) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid].rstrip() + ellipsis, f) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return (text[:lo].rstrip() + ellipsis) if lo else ""


@lru_cache(maxsize=4096)
def fit_font(
    text: str, max_width: int, sizes: tuple[int, ...], weight: str = "bold"
) -> tuple[ImageFont.FreeTypeFont, str]:
    """The largest of ``sizes`` (given big → small) at which ``text`` fits, else the smallest
    with the text truncated."""
    for size in sizes:
        f = font(size, weight)
        if text_width(text, f) <= max_width:
            return f, text
    f = font(sizes[-1], weight)
    return f, fit_text(text, f, max_width)


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    f: ImageFont.FreeTypeFont,
    fill: RGB,
    *,
    outline: RGB | None = None,
    outline_width: int = 2,
    anchor: str = "la",
) -> None:
    """Text, optionally with an outline (stroke) so it reads on any background."""
    if outline is None:
        draw.text(xy, text, font=f, fill=fill, anchor=anchor)
    else:
        draw.text(
            xy, text, font=f, fill=fill, anchor=anchor,
            stroke_width=outline_width, stroke_fill=outline,
        )


def rounded_box(
    draw: ImageDraw.ImageDraw,
    box: Box | tuple[float, float, float, float],
    radius: int,
    fill: RGB | None = None,
    outline: RGB | None = None,
    width: int = 1,
) -> None:
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)
