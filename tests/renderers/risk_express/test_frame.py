"""The palette board built from cached pieces equals the RGB board mapped to the palette,
pixel for pixel, whatever the caches hold (``renderers/risk_express/frame.py``)."""

from __future__ import annotations

import io
import random
import sys
from pathlib import Path

from PIL import Image, ImageChops

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:  # tests run without the project installed
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from test_pictures import played  # noqa: E402

from renderers import risk_express as rx  # noqa: E402
from renderers.kit import quantize  # noqa: E402
from renderers.risk_express import palette  # noqa: E402


def test_pieces_equal_the_whole_board_mapped() -> None:
    rnd = random.Random(12)
    views = [v for seed, n in ((7, 2), (8, 6)) for v in played(seed, n)]
    sample = rnd.sample(views, 40)
    for v in sample[:8]:  # other boards' pieces in the caches change nothing
        v["lang"] = "fr"
    for v in sample[8:16]:  # cards taken since a player's last move, ringed
        v["changed"] = [c["id"] for c in v["cards"] if c.get("owner")][:3]
    rx.clear_caches()
    for v in sample:
        colors = tuple(rx.safe_hex(c.get("color")) for c in v["continents"])
        whole = quantize(rx.render_image(v), palette=palette.board_palette(colors))
        pieces = Image.open(io.BytesIO(rx.render(v)))
        assert pieces.mode == "P"
        diff = ImageChops.difference(whole.convert("RGB"), pieces.convert("RGB"))
        assert diff.getbbox() is None, (v["turn"], diff.getbbox())


def test_boards_drawn_while_another_is_encoded_stay_whole() -> None:
    """The board is encoded from the live frame, outside the drawing lock: a board drawn
    meanwhile on the same frame must draw on a copy, never under the encoder."""
    from concurrent.futures import ThreadPoolExecutor

    views = played(9, 4)[:24]
    rx.clear_caches()
    want = [rx.render(v) for v in views]
    rx.clear_caches()
    order = list(range(len(views))) * 3
    random.Random(5).shuffle(order)
    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(lambda i: (i, rx.render(views[i])), order))
    assert all(png == want[i] for i, png in got)
