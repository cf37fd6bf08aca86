"""A static layer kept as another one plus the boxes where it differs.

A board's static layer in a second language differs from the first's only where words are
(names, headings, the legend): 3–13 % of the pixels. Keeping it as the first layer and the
boxes that differ saves ~1–1.5 MB a layer (memory, issue 12); pasted back, the boxes give
the very same pixels. Both layers must be index images (modes "L" or "P") of one size whose
indices mean the same colours where they are equal (the same fixed palette, or a picture
whose differing entries are all inside the boxes)."""

from __future__ import annotations

from PIL import Image, ImageChops

from renderers.kit.lut import lut

Box = tuple[int, int, int, int]
Patches = tuple[tuple[Box, Image.Image], ...]

_ANY = lut(lambda v: 255 if v else 0)


def diff_patches(ref: Image.Image, im: Image.Image, band: int = 48) -> Patches | None:
    """The boxes of ``im`` that differ from ``ref``, with ``im``'s pixels: bands of ``band``
    rows, each run of differing columns (gaps under ``band`` joined) a box. ``None`` when
    the two cannot be compared (size or mode)."""
    if ref.size != im.size or ref.mode != im.mode or im.mode not in ("L", "P"):
        return None
    a = Image.frombytes("L", ref.size, ref.tobytes()) if ref.mode == "P" else ref
    b = Image.frombytes("L", im.size, im.tobytes()) if im.mode == "P" else im
    diff = ImageChops.difference(a, b).point(_ANY)
    W, H = im.size
    out = []
    for y0 in range(0, H, band):
        y1 = min(H, y0 + band)
        cols = diff.crop((0, y0, W, y1)).reduce((1, y1 - y0)).tobytes()
        x = 0
        while x < W:
            if not cols[x]:
                x += 1
                continue
            x0 = last = x
            while x < W and (cols[x] or x - last < band):
                last = x if cols[x] else last
                x += 1
            box = (x0, y0, last + 1, y1)
            out.append((box, b.crop(box)))
    return tuple(out)


def same_pixels(a: Image.Image, b: Image.Image) -> bool:
    """Whether ``a`` and ``b`` are the same picture (mode, size, pixels; ~1 ms a board):
    a layer read back from disk may then be the very image another layer already keeps."""
    return a.mode == b.mode and a.size == b.size and a.tobytes() == b.tobytes()


def patched_copy(ref: Image.Image, patches: Patches) -> Image.Image:
    """``ref`` with every patch pasted: the layer whole (a new image)."""
    im = ref.copy()
    core = im.im
    for box, patch in patches:
        core.paste(patch.im, box)
    return im


def patched_crop(ref: Image.Image, patches: Patches, box: Box) -> Image.Image:
    """The layer's part ``box``."""
    im = ref.crop(box)
    x0, y0, x1, y1 = box
    core = im.im
    for (a, b, c, d), patch in patches:
        if a < x1 and x0 < c and b < y1 and y0 < d:
            u0, v0, u1, v1 = max(a, x0), max(b, y0), min(c, x1), min(d, y1)
            part = patch.crop((u0 - a, v0 - b, u1 - a, v1 - b))
            core.paste(part.im, (u0 - x0, v0 - y0, u1 - x0, v1 - y0))
    return im
