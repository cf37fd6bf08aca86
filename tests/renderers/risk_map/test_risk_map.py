"""The Peaky Blinders board as data, and the Risk-family map renderer.

The board is checked against what the rulebook and GAMES.md fix (42 territories, five
regions, 10 strongholds, the Crown's 24-step route from London to the Garrison Tavern, the
names and the manoeuvre example's geography) and against its own picture: the land
borders in map.json are exactly the territories that touch on the index raster.
"""

from __future__ import annotations

import io
import json
import random
from collections import deque
from pathlib import Path

import pytest
from PIL import Image

from renderers.peaky_blinders import DECORATION as DECO
from renderers.peaky_blinders import render as render_map
from renderers.risk_map import canvas as risk_map
from renderers.risk_map import panels as map_panels
from renderers.risk_map.canvas import index_image, load_layout, load_map

ROOT = Path(__file__).resolve().parents[3]
MAP_ID = "peaky_blinders"
MIN_CONTACT = 12  # as in data/peaky_blinders/build_map.py


@pytest.fixture(scope="module")
def meta() -> dict:
    return load_map(MAP_ID)


def _adj(meta: dict, kinds: tuple[str, ...] = ("land", "sea")) -> dict[str, set[str]]:
    adj: dict[str, set[str]] = {t["id"]: set() for t in meta["territories"]}
    for b in meta["borders"]:
        if b["kind"] in kinds:
            adj[b["a"]].add(b["b"])
            adj[b["b"]].add(b["a"])
    return adj


def sample_view(seed: int = 1, **over) -> dict:
    """Random owners and counts among the five gangs (two players, three neutrals)."""
    rnd = random.Random(seed)
    meta = load_map(MAP_ID)
    gangs = json.loads((ROOT / "data" / MAP_ID / "gangs.json").read_text())["gangs"]
    factions = {}
    for i, g in enumerate(gangs):
        key = f"seat-{i}" if i < 2 else f"neutral:{g['id']}"
        factions[key] = {"name": g["name"], "leader": g["leader"], "color": g["color"],
                         "player": key if i < 2 else None, "gang": g["id"]}
    keys = list(factions)
    view = {
        "game": MAP_ID, "map": MAP_ID, "turn": 7, "phase": "attack", "current": "seat-0",
        "labels": {"seat-0": "Alice", "seat-1": "Bob"}, "factions": factions,
        "territories": {t["id"]: {"owner": rnd.choice(keys), "troops": rnd.randint(1, 30)}
                        for t in meta["territories"]},
        "crown": {"step": rnd.randrange(24), "steps": 24},
        "eliminated": [], "winners": None,
        "highlight": {"from": "north_west_england", "to": "dumfries_and_galloway"},
    }
    view.update(over)
    return view


# --------------------------------------------------------------------------- the data


def test_counts_and_regions(meta):
    assert meta["id"] == MAP_ID
    terr = meta["territories"]
    assert len(terr) == 42
    assert len({t["id"] for t in terr}) == 42
    regions = {r["id"] for r in meta["regions"]}
    assert regions == {"england", "scotland", "wales", "northern_ireland", "ireland"}
    for t in terr:  # every territory in exactly one, existing region
        assert t["region"] in regions
        assert isinstance(t["stronghold"], bool) and isinstance(t["provisional"], bool)
    for r in meta["regions"]:
        assert r["color"].startswith("#") and len(r["color"]) == 7
        n = sum(t["region"] == r["id"] for t in terr)
        assert 4 <= n <= 16
        assert 2 <= r["bonus"] <= n  # classic scale: roughly half the territories or less


def test_known_names(meta):
    names = {t["name"] for t in meta["territories"]}
    for name in ("West Midlands", "North West England", "Yorkshire and the Humber",
                 "East Midlands", "Dumfries and Galloway", "London", "Small Heath",
                 "South West England", "South East Ireland"):
        assert name in names
    by_id = {t["id"]: t for t in meta["territories"]}
    for tid in ("west_midlands", "north_west_england", "yorkshire_and_the_humber",
                "east_midlands", "dumfries_and_galloway"):
        assert not by_id[tid]["provisional"]


def test_borders_symmetric_valid_and_connected(meta):
    ids = {t["id"] for t in meta["territories"]}
    seen = set()
    for b in meta["borders"]:
        assert b["a"] in ids and b["b"] in ids and b["a"] != b["b"]
        assert b["kind"] in ("land", "sea")
        key = frozenset((b["a"], b["b"]))
        assert key not in seen, f"border listed twice: {b}"
        seen.add(key)
    adj = _adj(meta)
    for a, ns in adj.items():  # symmetric by construction of an undirected list; check it
        for b in ns:
            assert a in adj[b]
        assert ns, f"{a} has no neighbour"
    start = next(iter(adj))
    reach, q = {start}, deque([start])
    while q:
        for nb in adj[q.popleft()]:
            if nb not in reach:
                reach.add(nb)
                q.append(nb)
    assert reach == ids


def test_required_links(meta):
    sea = _adj(meta, ("sea",))
    land = _adj(meta, ("land",))
    assert "south_east_ireland" in sea["south_west_england"]
    # Ireland / Northern Ireland reach Great Britain by sea from each side
    gb = {t["id"] for t in meta["territories"]
          if t["region"] in ("england", "scotland", "wales")}
    irish = {t["id"] for t in meta["territories"]
             if t["region"] in ("ireland", "northern_ireland")}
    crossings = {(a, b) for a in irish for b in sea[a] if b in gb}
    regions = {t["id"]: t["region"] for t in meta["territories"]}
    assert {regions[b] for _, b in crossings} == {"england", "scotland", "wales"}
    assert {regions[a] for a, _ in crossings} == {"ireland", "northern_ireland"}
    # no wrap-around: nothing links the far west of Ireland to the east of England
    assert not (sea["kerry"] | sea["east_anglia"] | sea["london"])
    assert "small_heath" in land["west_midlands"]


def test_manoeuvre_example_geography(meta):
    """Dumfries and Galloway → North West England → Yorkshire and the Humber → East
    Midlands, and no way round Yorkshire through those territories."""
    adj = _adj(meta)
    assert "north_west_england" in adj["dumfries_and_galloway"]
    assert "yorkshire_and_the_humber" in adj["north_west_england"]
    assert "east_midlands" in adj["yorkshire_and_the_humber"]
    assert "east_midlands" not in adj["north_west_england"]
    assert "east_midlands" not in adj["dumfries_and_galloway"]
    # the attack example: Jewish Gang attacks Dumfries and Galloway from North West England
    assert "dumfries_and_galloway" in adj["north_west_england"]


def test_strongholds(meta):
    strong = [t for t in meta["territories"] if t["stronghold"]]
    assert len(strong) == 10
    assert {t["region"] for t in strong} == {r["id"] for r in meta["regions"]}


def test_crown_route(meta):
    route = meta["crown_route"]
    assert len(route) == 24
    steps = [s["territory"] for s in route]
    assert len(set(steps)) == 24
    assert steps[0] == "london" and steps[-1] == "small_heath"
    adj = _adj(meta)
    for a, b in zip(steps, steps[1:], strict=False):
        assert b in adj[a], f"crown route jumps from {a} to {b}"
    assert 4 <= sum(s["dice"] for s in route) <= 6
    assert not route[0]["dice"] and not route[-1]["dice"]
    assert meta["crown_start_label"] == "Parliament"
    assert meta["crown_end_label"] == "Garrison Tavern"


def test_gangs():
    gangs = json.loads((ROOT / "data" / MAP_ID / "gangs.json").read_text())["gangs"]
    assert [g["id"] for g in gangs] == ["peaky_blinders", "birmingham_boys", "jewish_gang",
                                         "sabinis", "ira"]
    leaders = {g["leader"] for g in gangs}
    assert {"Thomas Shelby", "Billy Kimber", "Alfie Solomons", "Captain Swing"} <= leaders
    assert len({g["color"].lower() for g in gangs}) == 5


# --------------------------------------------------------------------------- data vs picture


def _contacts(lab: bytes, w: int) -> dict[tuple[int, int], int]:
    out: dict[tuple[int, int], int] = {}
    h = len(lab) // w
    for y in range(h):
        row = lab[y * w:(y + 1) * w]
        below = lab[(y + 1) * w:(y + 2) * w] if y + 1 < h else b""
        for x in range(w):
            a = row[x]
            if not a:
                continue
            for b in ((row[x + 1] if x + 1 < w else 0), (below[x] if below else 0)):
                if b and b != a:
                    k = (a, b) if a < b else (b, a)
                    out[k] = out.get(k, 0) + 1
    return out


def test_raster_matches_land_borders(meta):
    img = index_image(MAP_ID, meta)
    assert list(img.size) == meta["layout"]["size"]
    ids = [t["id"] for t in meta["territories"]]
    lab = img.tobytes()
    values = set(lab)
    assert values == set(range(43)), "every territory is drawn, nothing else"
    touch = _contacts(lab, img.width)
    assert all(n >= MIN_CONTACT for n in touch.values()), "corner-only touches on the picture"
    drawn = {frozenset((ids[a - 1], ids[b - 1])) for a, b in touch}
    land = {frozenset((b["a"], b["b"])) for b in meta["borders"] if b["kind"] == "land"}
    sea = {frozenset((b["a"], b["b"])) for b in meta["borders"] if b["kind"] == "sea"}
    assert land == drawn
    assert not land & sea


def test_layout_points_inside_their_territory(meta):
    img = index_image(MAP_ID, meta)
    lay = load_layout(MAP_ID)["territories"]
    for i, t in enumerate(meta["territories"]):
        spot = lay[t["id"]]
        assert img.getpixel(tuple(spot["badge"])) == i + 1, t["id"]
        assert spot["stronghold"] == t["stronghold"]
    route = {s["territory"] for s in meta["crown_route"]}
    assert {tid for tid, s in lay.items() if s["stop"] is not None} == route


# --------------------------------------------------------------------------- the renderer


def _decode(png: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(png))
    im.load()
    return im


def test_render_is_a_png_of_the_layout_size(meta):
    png = render_map(sample_view())
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    im = _decode(png)
    assert list(im.size) == meta["layout"]["size"] == load_layout(MAP_ID)["size"]
    assert im.size[0] * im.size[1] >= 1_500_000
    assert len(png) <= 400 * 1024


def test_render_is_deterministic():

    a = render_map(sample_view(3))
    risk_map.clear_caches()  # cold caches (layers, frames, counts, arrows) must not change a byte
    b = render_map(sample_view(3))
    assert a == b
    assert render_map(sample_view(4)) != a


def test_owner_colour_fills_territory(meta):
    """Most of every territory shows exactly its owner's colour (the rest is lines,
    names, badges, icons)."""
    view = sample_view(5)
    lab = index_image(MAP_ID, meta).tobytes()
    rgb = _decode(render_map(view)).convert("RGB").tobytes()
    style = map_panels.styles(view, DECO)
    want = {}
    for i, t in enumerate(meta["territories"]):
        want[i + 1] = bytes(style[view["territories"][t["id"]]["owner"]][0])
    total: dict[int, int] = {}
    same: dict[int, int] = {}
    for p in range(0, len(lab), 3):
        v = lab[p]
        if v:
            total[v] = total.get(v, 0) + 1
            if rgb[3 * p:3 * p + 3] == want[v]:
                same[v] = same.get(v, 0) + 1
    for v, n in total.items():
        assert same.get(v, 0) / n > 0.2, meta["territories"][v - 1]["id"]


@pytest.mark.parametrize("over", [
    {"phase": "setup", "current": None, "crown": None, "highlight": None},
    {"phase": "over", "winners": ["seat-1"], "current": None},
    {"phase": "over", "winners": [], "current": None},
    {"eliminated": ["seat-1"], "labels": {}},
    {"territories": {}},  # nothing placed yet: region tints, no badges
])
def test_render_edge_views(over, meta):
    png = render_map(sample_view(6, **over))
    assert list(_decode(png).size) == meta["layout"]["size"]


def test_unusual_names_and_big_counts(meta):
    view = sample_view(7)
    view["labels"] = {"seat-0": "Zoë 🎩 the very long player name indeed", "seat-1": "\u200b"}
    for t in view["territories"].values():
        t["troops"] = 999
    png = render_map(view)
    assert list(_decode(png).size) == meta["layout"]["size"]
    assert len(png) <= 400 * 1024


def _title_box(meta: dict) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = load_layout(MAP_ID)["panels"]["title"]
    return (x0, y0, x1, y1)


def test_three_way_tie_shows_every_winner(meta):
    """A three-way tie on the final board names all three winners: the third one changes
    the title panel (``winners[:2]`` drew two and dropped the rest)."""
    base = sample_view(8, phase="over", current=None, highlight=None)
    base["labels"] = {"seat-0": "Alice", "seat-1": "Bob", "neutral:jewish_gang": "x"}
    two = render_map(dict(base, winners=["seat-0", "seat-1"]))
    three = render_map(dict(base, winners=["seat-0", "seat-1", "neutral:jewish_gang"]))
    other = render_map(dict(base, winners=["seat-0", "seat-1", "neutral:sabinis"]))
    box = _title_box(meta)
    a, b, c = (_decode(p).convert("RGB").crop(box) for p in (two, three, other))
    from PIL import ImageChops
    assert ImageChops.difference(a, b).getbbox() is not None
    assert ImageChops.difference(b, c).getbbox() is not None
