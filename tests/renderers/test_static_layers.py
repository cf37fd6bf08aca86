"""Static layers past the first language are kept as the first's plus the boxes where they
differ (renderers/kit/layer.py, memory: issue 12): pasted back, the very same pixels."""

from __future__ import annotations

import random

from PIL import Image, ImageDraw

from renderers.kit.layer import diff_patches, patched_copy, patched_crop
from renderers.risk_map import static
from renderers.zombie_town import frame as zt_frame


def _pair(seed: int, mode: str) -> tuple[Image.Image, Image.Image]:
    rnd = random.Random(seed)
    w, h = rnd.randint(40, 300), rnd.randint(40, 300)
    a = Image.effect_noise((w, h), 60).convert("L")
    if mode == "P":
        a = a.convert("P")
    b = a.copy()
    d = ImageDraw.Draw(b)
    for _ in range(rnd.randint(0, 12)):  # words: small boxes of other indices, edges included
        x, y = rnd.randrange(w), rnd.randrange(h)
        d.rectangle((x, y, x + rnd.randint(0, 30), y + rnd.randint(0, 8)), fill=rnd.randrange(256))
    return a, b


def test_patches_give_back_the_very_same_layer_and_any_part_of_it() -> None:
    for seed in range(40):
        for mode in ("L", "P"):
            ref, im = _pair(seed, mode)
            patches = diff_patches(ref, im, band=16 + seed % 40)
            assert patches is not None
            whole = patched_copy(ref, patches)
            assert whole.tobytes() == im.tobytes()
            rnd = random.Random(seed)
            w, h = im.size
            for _ in range(10):
                x0, y0 = rnd.randrange(w), rnd.randrange(h)
                box = (x0, y0, rnd.randint(x0 + 1, w), rnd.randint(y0 + 1, h))
                assert patched_crop(ref, patches, box).tobytes() == im.crop(box).tobytes()
    ref, _ = _pair(1, "L")
    assert diff_patches(ref, ref, 48) == ()  # nothing differs: nothing kept
    assert diff_patches(ref, ref.resize((7, 7)), 48) is None  # not comparable: kept whole


def test_a_maps_second_language_is_kept_as_patches_and_draws_the_same_pixels() -> None:
    from renderers.peaky_blinders import DECORATION, MAP

    try:
        static.clear()
        fr_alone = static.static(MAP, "fr", DECORATION)  # built first: kept whole
        assert fr_alone.layer is not None
        want = fr_alone.layer.tobytes()
        static.clear()
        en = static.static(MAP, "en", DECORATION)
        fr = static.static(MAP, "fr", DECORATION)
        assert en.layer is not None and fr.layer is None and fr.patches
        assert fr.fresh().tobytes() == want
        box = (100, 200, 700, 900)
        assert fr.crop(box).tobytes() == fr_alone.layer.crop(box).tobytes()
        assert fr.luts is en.luts and fr.palette == fr_alone.palette
    finally:
        static.clear()


def test_zombie_towns_second_language_frame_is_patches_over_the_first() -> None:
    saved = dict(zt_frame._STATIC)
    try:
        zt_frame._STATIC.clear()
        fr_alone = zt_frame.frame("fr")  # built first: kept whole
        zt_frame._STATIC.clear()
        zt_frame.frame("en")
        whole, ref, patches = zt_frame._static("fr")
        assert whole is None and ref is not None and patches
        fr = zt_frame.frame("fr")
        assert fr.tobytes() == fr_alone.tobytes() and fr.getpalette() == fr_alone.getpalette()
        box = (0, 1000, 956, 1394)
        assert zt_frame.frame_crop("fr", box).tobytes() == fr_alone.crop(box).tobytes()
    finally:
        zt_frame._STATIC.clear()
        zt_frame._STATIC.update(saved)
