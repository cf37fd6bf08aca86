"""PNG encoding: deterministic 8-bit palette images, fixed palettes per game."""

from __future__ import annotations

import io
import struct
import zlib

from PIL import Image

from renderers.kit.colours import RGB

PNG_COMPRESS_LEVEL = 3


def png_bytes(
    img: Image.Image,
    *,
    palette: Image.Image | None = None,
    colors: int = 256,
    compress_level: int = PNG_COMPRESS_LEVEL,
) -> bytes:
    """Encode ``img`` as PNG, deterministically (same pixels → same bytes).

    RGB(A) images become 8-bit palette images: on a 1200×1000 board, RGB costs ~15 ms and
    ~100 KB at level 1, a palette image ~3 ms and ~70 KB at level 3. Each pixel maps to its
    nearest entry without dithering (dither noise costs bytes and blurs thin text).

    - ``palette`` (from ``make_palette``): a fixed palette for the game, so a part of the
      board that did not change keeps exactly the same pixels from one turn to the next.
    - otherwise an adaptive palette: fast octree on a 1/4-scale copy (~1 ms).
    - ``colors=0`` keeps RGB.

    Levels: 1–3 cost the same (~3 ms); 6 saves ~15 % of bytes for twice the time; 9 or
    ``optimize`` ~20 % for fifteen times the time. Our images are far below any size limit,
    so time wins: level 3.
    """
    if colors and img.mode in ("RGB", "RGBA"):
        img = quantize(img, colors, palette)
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=compress_level)
    return buf.getvalue()


def quantize(img: Image.Image, colors: int = 256, palette: Image.Image | None = None
             ) -> Image.Image:
    """Palette version of an RGB image (see ``png_bytes``)."""
    rgb = img.convert("RGB") if img.mode != "RGB" else img
    if palette is None:
        small = rgb.reduce(4) if min(rgb.size) >= 64 else rgb
        palette = small.quantize(colors, method=Image.Quantize.FASTOCTREE,
                                 dither=Image.Dither.NONE)
    return rgb.quantize(palette=palette, dither=Image.Dither.NONE)


def make_palette(samples: list[Image.Image], exact: list[RGB] | tuple[RGB, ...] = (),
                 colors: int = 256) -> Image.Image:
    """A fixed palette: the ``exact`` colours (flat fills stay exact), then median cut over
    ``samples`` (reference renders) for the rest, mostly anti-aliasing shades."""
    keep: list[RGB] = []
    for c in exact:
        if c not in keep and len(keep) < colors // 2:
            keep.append(c)
    width = max(im.width for im in samples)
    sheet = Image.new("RGB", (width, sum(im.height for im in samples)))
    y = 0
    for im in samples:
        sheet.paste(im.convert("RGB"), (0, y))
        y += im.height
    # half scale: 6× faster median cut, and the shades it finds are as good
    cut = sheet.reduce(2).quantize(colors - len(keep), method=Image.Quantize.MEDIANCUT,
                                   dither=Image.Dither.NONE)
    raw = cut.getpalette() or []
    entries = list(keep)
    for i in range(0, min(len(raw), 3 * (colors - len(keep))), 3):
        rgb = (raw[i], raw[i + 1], raw[i + 2])
        # Pillow maps pixels through a 6-bit-per-channel cache: a shade a few levels from
        # an exact colour could steal its pixels, so leave the exact colour alone there
        if all(max(abs(a - b) for a, b in zip(rgb, e, strict=True)) > 6 for e in keep) and \
                rgb not in entries:
            entries.append(rgb)
    entries += [entries[-1]] * (256 - len(entries))
    pal = Image.new("P", (1, 1))
    pal.putpalette([v for rgb in entries[:256] for v in rgb])
    return pal


# ----------------------------------------------------------------------------- banded PNG
# A board that changes a few pieces a turn need not deflate the whole picture again: its
# rows are cut into bands, each deflated on its own (no reference reaches across bands:
# the bands' streams end byte-aligned, Z_SYNC_FLUSH, and are simply put one after the
# other, as pigz does), and a band whose rows did not change keeps its compressed bytes.
# The PNG is a plain one (IHDR, PLTE, one IDAT, IEND; filter None on every row) that any
# decoder reads back to the very same indices and palette; the same pixels give the same
# bytes, whatever was cached.

BAND_ROWS = 32
BAND_LEVEL = 4  # Risk Express: ~3 % smaller than Pillow's level 3, paid only for the bands that change (~19 of 35 a throw)
Band = tuple[bytes, int, int]  # deflated rows, their Adler-32, their length uncompressed
_END = zlib.compressobj(BAND_LEVEL, zlib.DEFLATED, -15).flush()  # the empty last block
_MOD = 65521


def adler32_combine(a: int, b: int, len_b: int) -> int:
    """The Adler-32 of ``x + y`` from ``a = adler32(x)``, ``b = adler32(y)`` and ``len(y)``
    (zlib's ``adler32_combine``, which Python does not expose)."""
    rem = len_b % _MOD
    s1 = a & 0xFFFF
    s2 = (rem * s1) % _MOD
    s1 = (s1 + (b & 0xFFFF) + _MOD - 1) % _MOD
    s2 = (s2 + ((a >> 16) & 0xFFFF) + ((b >> 16) & 0xFFFF) + _MOD - rem) % _MOD
    return s1 | (s2 << 16)


def touch(bands: dict[int, Band], y0: int, y1: int) -> None:
    """Rows ``y0`` to ``y1 - 1`` changed: their bands are deflated again."""
    for b in range(max(0, y0) // BAND_ROWS, max(y0, y1 - 1) // BAND_ROWS + 1):
        bands.pop(b, None)


def _chunk(tag: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))


def banded_png(im: Image.Image, bands: dict[int, Band], fresh: dict[int, Band],
               level: int = BAND_LEVEL) -> bytes:
    """``im`` (an 8-bit palette image with 256 entries, no transparency) as PNG bytes, the
    bands found in ``bands`` taken as they are (the caller says which changed:
    :func:`touch`), the others deflated and put in ``fresh``. Any other image: Pillow's
    encoder at ``PNG_COMPRESS_LEVEL``."""
    pal = im.getpalette() if im.mode == "P" else None
    if pal is None or len(pal) != 768 or "transparency" in im.info:
        buf = io.BytesIO()
        im.save(buf, "PNG", compress_level=PNG_COMPRESS_LEVEL)
        return buf.getvalue()
    w, h = im.size
    parts = [b"\x78\x9c"]
    adler = 1
    for b in range((h + BAND_ROWS - 1) // BAND_ROWS):
        band = bands.get(b)
        if band is None:
            y0 = b * BAND_ROWS
            rows = im.crop((0, y0, w, min(h, y0 + BAND_ROWS))).tobytes()
            data = b"".join(b"\0" + rows[i:i + w] for i in range(0, len(rows), w))
            z = zlib.compressobj(level, zlib.DEFLATED, -15)
            band = fresh[b] = (z.compress(data) + z.flush(zlib.Z_SYNC_FLUSH), zlib.adler32(data), len(data))
        parts.append(band[0])
        adler = adler32_combine(adler, band[1], band[2])
    parts += [_END, struct.pack(">I", adler)]
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0))
            + _chunk(b"PLTE", bytes(pal)) + _chunk(b"IDAT", b"".join(parts)) + _chunk(b"IEND", b""))
