"""The Cybertron board's picture: its geometry agrees with the rules' graph, and it renders.

The board is drawn as separate plates with every connection drawn (a bridge, a dashed
hyperlink, a numbered stub round the planet), so the picture can only show what the rules
have: these tests check the files the build made are the build's, that no two plates touch,
that every border is drawn once and nothing else is, and that views render (English, French,
each sector's close-up, the end) deterministically and small.
"""

from __future__ import annotations

import importlib.util
import io
import json

import pytest
from PIL import Image, ImageChops, ImageFilter

import renderers.transformers as tf_render
from bot.rules.base import Rng
from bot.rules.risk_map.board import DATA_DIR
from bot.rules.transformers.data import load_data
from bot.rules.transformers.setup import random_setup
from bot.rules.transformers.sides import assign_leaders
from renderers.risk_map import static as map_static

FOLDER = DATA_DIR / "transformers"


def _build_module():
    spec = importlib.util.spec_from_file_location("tf_build_board", FOLDER / "build_board.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def built():
    return _build_module().build()


def test_the_files_are_the_builds(built):
    raster, layout, problems = built
    assert problems == []
    with open(FOLDER / "layout.json", encoding="utf-8") as fh:
        assert json.load(fh) == json.loads(json.dumps(layout))
    with Image.open(FOLDER / "territories.png") as im:
        assert im.tobytes() == raster.tobytes()
    # the stored art was drawn from these files (else the renderer redraws it, ~1 s, logged)
    with Image.open(FOLDER / "board_art.png") as im:
        assert im.text.get("source") == map_static.fingerprint("transformers")


def clashes(raster: Image.Image) -> tuple[int, int, int, int] | None:
    """Where two different plates come within 2 px of each other (None: nowhere)."""
    grown = raster.filter(ImageFilter.MaxFilter(5))
    shrunk = raster.point(lambda v: v if v else 255).filter(ImageFilter.MinFilter(5))
    # where a 5x5 window holds two different plates, max and min (space ignored) differ
    near = ImageChops.multiply(grown.point(lambda v: 255 if v else 0), shrunk.point(lambda v: 255 if v < 255 else 0))
    return ImageChops.multiply(ImageChops.difference(grown, shrunk).point(lambda v: 255 if v else 0), near).getbbox()


def test_no_two_plates_touch(built):
    raster = built[0]
    ids = [t["id"] for t in load_data().board.board.raw["territories"]]
    assert clashes(raster) is None
    assert sorted(set(raster.tobytes())) == list(range(len(ids) + 1))  # every zone has a plate
    planted = raster.copy()
    planted.paste(7, (0, 0, 30, 30))
    planted.paste(9, (30, 0, 60, 30))
    assert clashes(planted) is not None


def test_every_border_is_drawn_once(built):
    layout = built[1]
    board = load_data().board.board
    drawn = {}
    for kind in ("bridges", "sea_links", "wraps"):
        for link in layout[kind]:
            key = frozenset((link["a"], link["b"]))
            assert key not in drawn, key
            drawn[key] = (kind, link.get("gate"))
    want = {}
    for pair, (kind, gate) in board.borders.items():
        wraps = any(frozenset((b["a"], b["b"])) == pair and b.get("wrap") for b in board.raw["borders"])
        want[pair] = ("wraps" if wraps else "sea_links" if kind == "hyperlink" else "bridges",
                      None if kind == "hyperlink" else gate)
    assert drawn == want


def view(n=4, seed=1, lang="en", **extra):
    data = load_data()
    seats = [f"s{i}" for i in range(n)]
    chosen = assign_leaders(seats)
    table = random_setup(data, seats, chosen, Rng.from_seed(seed))
    table["open"] = {**table["open"], "decagon": True, "praxus": not table["open"]["praxus"]}
    table["zones"]["decagon"] = {"owner": seats[0], "robots": 1}  # the factory opened on a robot of s0's
    table["leaders"][chosen[seats[1]]]["mode"] = "vehicle"  # s1's leader flipped
    out = {"game": "transformers", "map": "transformers", "lang": lang, "turn": 2, "phase": "transform",
           "current": seats[1], "labels": {s: f"Player {s}" for s in seats},
           "factions": {s: {"name": data.leaders[chosen[s]].name, "player": s, "leader": chosen[s]} for s in seats},
           "territories": {z: {"owner": i["owner"], "troops": i["robots"]} for z, i in table["zones"].items()},
           "eliminated": [], "winners": None, "highlight": {"from": "hexima_state", "to": "launch_pad"},
           "transformers": {"day": 2, "days": 6, "open": table["open"], "leaders": table["leaders"],
                            "matrix": "kalis"}}
    out.update(extra)
    return out


def png(data: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(data))
    im.load()
    return im


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_board_renders_the_same_twice_and_small(n):
    a = tf_render.render(view(n))
    assert a == tf_render.render(view(n))
    im = png(a)
    assert im.size == (1200, 1450)
    assert len(a) <= 400_000


def test_french_differs_and_close_ups_render():
    assert tf_render.render(view(lang="fr")) != tf_render.render(view())
    assert tf_render.zoom_regions() == ["red", "yellow", "green", "blue", "purple", "orange"]
    for sector in tf_render.zoom_regions():
        im = png(tf_render.render(view(zoom=sector)))
        assert im.width >= 600  # a small sector stops at twice its size


def test_the_state_of_the_special_zones_shows():
    plain = view()
    shut = view()
    shut["transformers"] = {**shut["transformers"], "open": {**shut["transformers"]["open"], "pion_tower": False}}
    assert tf_render.render(shut) != tf_render.render(plain)
    tabs = tf_render.DECORATION.tabs(shut, {}, tf_render.map_art().lay)
    assert tabs["pion_tower"].name == "wall" and tabs["moon_alpha"].name == "shut"
    assert tabs[shut["transformers"]["leaders"]["megatron"]["zone"]].name == "vehicle"


def test_the_end_renders():
    over = view(winners=["s0", "s2"], phase="over")
    over["transformers"] = {**over["transformers"], "day": 6, "over": True}
    assert png(tf_render.render(over)).size == (1200, 1450)
