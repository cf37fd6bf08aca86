"""Lookup tables for ``Image.point`` that skip Pillow's per-call checks.

``Image.point(list)`` rounds its 256 (or 768) entries in Python on every call (~30 µs);
a board applies dozens of tables to small boxes, so a table is made once as a
:class:`Lut` (already whole numbers) and Pillow's ``ImagePointHandler`` protocol hands it
straight to the core."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PIL import Image


class Lut(list, Image.ImagePointHandler):  # type: ignore[type-arg]
    """A table of whole numbers ``Image.point`` applies as is (the same pixels as the list)."""

    def __init__(self, table: Iterable[int]) -> None:
        super().__init__(max(0, min(255, int(v))) for v in table)

    def point(self, im: Image.Image) -> Image.Image:  # the ImagePointHandler protocol
        bands = len(im.getbands())
        return im._new(im.im.point(self if bands == 1 else list(self) * bands, None))


def lut(fn: Callable[[int], float]) -> Lut:
    """A table from a function of 0..255, clamped to 0..255."""
    return Lut(int(fn(v)) for v in range(256))
