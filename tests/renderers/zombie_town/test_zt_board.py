"""The Zombie Town board picture (``renderers/zombie_town``): deterministic whatever the caches
and the live frame hold, small, in French too, and drawing only the public view (no card, key
or agenda in hand, no key under a house).

The frame keeps the last board per language and pastes only what changed: these tests render
views in shuffled orders, from several threads and after the caches are cleared, and compare
the bytes with boards drawn one by one on a fresh frame.
"""

from __future__ import annotations

import copy
import io
import random
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from typing import Any

from PIL import Image

import renderers.zombie_town as zt
from bot.rules.base import clone
from bot.rules.zombie_town import GAME
from bot.simulate import random_game
from renderers.zombie_town import frame, panels
from renderers.zombie_town.look import CELL, MARGIN, board_size, page_height
from renderers.zombie_town.words import WORDS

LABELS = {"a": "Alice", "b": "Bob 🐉", "c": "Chloé", "d": "Dmitri the Unstoppable", "e": "Ěva", "f": "Frank"}


@cache
def _played(players: int, seed: int) -> tuple[list[Any], list[dict[str, Any]]]:
    seats = list(LABELS)[:players]
    states, views = [], []
    for _, _, _, after, _ in random_game(GAME, seats, seed=seed, options={"road_rage": True}):
        states.append(after)
        view = GAME.view(after, None)
        view["labels"] = {s: LABELS[s] for s in seats}
        views.append(view)
    return states, views


def played(players: int, seed: int) -> list[dict[str, Any]]:
    return copy.deepcopy(_played(players, seed)[1])


def picture(png: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(png))
    im.load()
    return im


def test_a_board_is_a_small_palette_png_the_size_of_its_table() -> None:
    for players in (2, 6):
        views = played(players, 3)
        for view in (views[0], views[len(views) // 2], views[-1]):
            png = zt.render(view)
            im = picture(png)
            assert im.mode == "P"
            assert im.size == (board_size()[0], page_height(players))
            assert len(png) <= 400 * 1024


def test_the_same_view_gives_the_same_bytes_whatever_came_before() -> None:
    views = played(6, 4)[::12] + played(3, 5)[::12]
    zt.clear_caches()
    want = []
    for v in views:  # each on a fresh frame, no tile cached
        frame.clear()
        panels.clear()
        want.append(zt.render(v))
    order = list(range(len(views))) * 2
    random.Random(7).shuffle(order)
    for i in order:
        assert zt.render(views[i]) == want[i], i
    for v in views[:10]:  # French boards meanwhile change nothing in the English ones
        zt.render(dict(v, lang="fr"))
    assert [zt.render(v) for v in views] == want


def test_boards_rendered_from_threads_equal_the_sequential_ones() -> None:
    views = played(6, 6)[:60:2]
    zt.clear_caches()
    want = [zt.render(v) for v in views]
    order = list(range(len(views))) * 3
    random.Random(5).shuffle(order)
    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(lambda i: (i, zt.render(views[i])), order))
    assert all(png == want[i] for i, png in got)


def test_warm_changes_no_picture() -> None:
    views = played(3, 8)[::10]
    zt.clear_caches()
    cold = [zt.render(v) for v in views]
    zt.clear_caches()
    zt.warm()
    assert [zt.render(v) for v in views] == cold


def test_no_secret_is_drawn() -> None:
    """A seat's own view (its hand, keys, agendas, the key under its house) draws the very same
    board as the public view; so does a game whose secrets differ (another hand, other keys
    under the houses, other agendas): only their counts are on the board."""
    states, _ = _played(6, 9)
    state = states[len(states) // 2]
    public = GAME.view(state, None)
    png = zt.render(dict(public, labels=LABELS))
    for seat in state["order"]:
        assert zt.render(dict(GAME.view(state, seat), labels=LABELS)) == png
    other = clone(state)
    keys = [h["key"] for h in other["houses"].values() if h["key"] is not None]
    assert len(keys) >= 2
    rotated = keys[1:] + keys[:1]
    for h in other["houses"].values():
        if h["key"] is not None:
            h["key"] = rotated.pop(0)
    hands = [p["hand"] for p in other["players"].values()]
    deck = list(other["deck"])
    for hand in hands:  # every hand swapped for as many other cards
        for i in range(len(hand)):
            hand[i] = deck.pop()
    for p in other["players"].values():
        p["agendas"] = list(reversed(p["agendas"]))
        p["keys"] = sorted(p["keys"], reverse=True)
    assert zt.render(dict(GAME.view(other, None), labels=LABELS)) == png


def test_french_words_and_board() -> None:
    for key in WORDS.table["en"]:
        assert key in WORDS.table["fr"], key
    view = played(3, 2)[40]
    en, fr = zt.render(view), zt.render(dict(view, lang="fr"))
    assert en != fr
    a, b = picture(en).convert("RGB"), picture(fr).convert("RGB")
    # the squares' names and the pieces are the same; the words differ (the cemetery's among them)
    top = 2 * CELL + panels.header_boxes()["day"][3] + MARGIN
    assert a.crop((0, top, MARGIN + CELL, top + CELL)).tobytes() == b.crop((0, top, MARGIN + CELL, top + CELL)).tobytes()
    assert a.crop((0, 0, a.width, 70)).tobytes() != b.crop((0, 0, b.width, 70)).tobytes()


def test_what_changes_on_the_board_changes_the_picture() -> None:
    """A zombie more, a car's damage, a car parked on a facade, a barricade, an owner: each
    shows (the picture differs where it stands)."""
    base = played(3, 2)[30]
    png = zt.render(base)
    sq = next(s for s in ("E5", "F5", "H1") if s not in base["zombies"])
    changes = []
    v = copy.deepcopy(base)
    v["zombies"][sq] = 3
    changes.append(v)
    v = copy.deepcopy(base)
    car = next(iter(v["cars"].values()))
    car["damage"] = 2
    changes.append(v)
    v = copy.deepcopy(base)  # a car moved onto a facade, then the same car parked there
    car = next(c for c in v["cars"].values() if c["driver"] is None)
    house = next(h for h, x in v["houses"].items() if x["facade"] not in v["zombies"])
    car["pos"], car["parked_on"] = v["houses"][house]["facade"], None
    moved = zt.render(v)
    assert moved != png
    car["parked_on"] = house
    assert zt.render(v) != moved
    v = copy.deepcopy(base)
    next(iter(v["houses"].values()))["barricades"] = 2
    changes.append(v)
    v = copy.deepcopy(base)
    h = next(h for h in v["houses"].values() if h["owner"] is None)
    h["owner"] = v["order"][0]
    changes.append(v)
    for v in changes:
        assert zt.render(v) != png


def test_a_crowded_board_stays_small() -> None:
    view = played(6, 1)[-1]
    rows = view["board"]["rows"]
    squares = [f"{chr(65 + x)}{y + 1}" for y, row in enumerate(rows) for x, ch in enumerate(row) if ch in ".X"]
    view["zombies"] = {sq: 1 + i % 15 for i, sq in enumerate(squares)}
    for i, car in enumerate(view["cars"].values()):
        car["damage"], car["working"] = i % 5, i % 5 < 4
    for p in view["players"].values():
        p["done"] = [{"card": "x", "agenda": "x", "objective": 0, "value": v} for v in (2, 5, 4, 3, 1)]
    png = zt.render(view)
    assert len(png) <= 400 * 1024
    assert picture(png).size == (board_size()[0], page_height(6))


def test_a_board_without_road_rage_and_at_the_end() -> None:
    seats = ["a", "b"]
    views = []
    for _, _, _, after, _ in random_game(GAME, seats, seed=11, options={"road_rage": False}):
        views.append(GAME.view(after, None))
    assert not views[-1]["cars"] and views[-1]["winners"]
    for v in (views[0], views[-1], dict(views[-1], lang="fr")):
        assert picture(zt.render(v)).size == (board_size()[0], page_height(2))
