"""The banded PNG (issue 29, point 7): a board's rows deflated band by band, the bands that
did not change kept; any decoder reads back the very same indices and palette, and the
bytes are the same whatever was kept."""

from __future__ import annotations

import io
import random
import zlib

from PIL import Image

from renderers.kit.png import BAND_ROWS, adler32_combine, banded_png, touch


def image(seed: int, size: tuple[int, int] = (211, 5 * BAND_ROWS + 7)) -> Image.Image:
    rnd = random.Random(seed)
    im = Image.new("P", size)
    im.putpalette([rnd.randrange(256) for _ in range(768)])
    im.putdata([rnd.randrange(8) * 30 for _ in range(size[0] * size[1])])  # runs deflate can find
    return im


def test_adler32_combine_is_zlibs():
    rnd = random.Random(3)
    for _ in range(100):
        a = rnd.randbytes(rnd.randrange(0, 200))
        b = rnd.randbytes(rnd.randrange(0, 140_000))
        assert adler32_combine(zlib.adler32(a), zlib.adler32(b), len(b)) == zlib.adler32(a + b)


def test_decodes_to_the_same_indices_and_palette():
    im = image(1)
    fresh: dict = {}
    png = banded_png(im, {}, fresh)
    back = Image.open(io.BytesIO(png))
    back.load()
    assert back.mode == "P" and back.size == im.size
    assert back.tobytes() == im.tobytes() and back.getpalette() == im.getpalette()
    assert sorted(fresh) == list(range(6))  # every band deflated, the last one short


def test_kept_bands_give_the_same_bytes_and_touched_rows_are_deflated_again():
    im = image(2)
    bands: dict = {}
    fresh: dict = {}
    first = banded_png(im, bands, fresh)
    bands.update(fresh)
    fresh = {}
    assert banded_png(im, bands, fresh) == first and fresh == {}  # nothing deflated again
    im.paste(7, (10, BAND_ROWS + 3, 40, 2 * BAND_ROWS + 1))  # rows of bands 1 and 2 change
    touch(bands, BAND_ROWS + 3, 2 * BAND_ROWS + 1)
    fresh = {}
    png = banded_png(im, bands, fresh)
    assert sorted(fresh) == [1, 2]
    assert png == banded_png(im, {}, {})  # as if nothing had been kept
    back = Image.open(io.BytesIO(png))
    assert back.tobytes() == im.tobytes()


def test_other_images_go_through_pillow():
    rgb = Image.new("RGB", (30, 20), (1, 2, 3))
    back = Image.open(io.BytesIO(banded_png(rgb, {}, {})))
    assert back.mode == "RGB" and back.tobytes() == rgb.tobytes()
