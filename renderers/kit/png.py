"""PNG encoding: deterministic 8-bit palette images, fixed palettes per game."""

from __future__ import annotations

import io

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
