"""The engine's fast paths agree with the plain searches they replace, on positions from
seeded games and on random ones: the zombies' ways (``zombies._Ways``: per-target tables,
worked out node by node) with a breadth-first search under the parked cars' rule, and a car's
drives (``board.car_moves``, layers with links back) with a drive search that copies paths."""

from __future__ import annotations

import random

import pytest

from bot.rules.zombie_town import GAME
from bot.rules.zombie_town.board import _car_table, car_moves, distances
from bot.rules.zombie_town.core import geo
from bot.rules.zombie_town.data import HEADINGS
from bot.rules.zombie_town.zombies import _prey, _ways, can_step, moves
from bot.simulate import random_game


def plain_moves(state, mover):  # noqa: ANN001, ANN201
    """The zombies' steps by a fresh search from the prey (the rule as written)."""
    g = geo()
    players = state["players"]
    targets = [players[s]["pos"] for s in state["order"]
               if s != mover and s not in state["out"] and players[s]["pos"] is not None]
    if not targets:
        return {}
    ok = can_step(state)
    field = distances(g, targets, ok)
    out = {}
    for node in state["zombies"]:
        d = field.get(node)
        if d:
            dests = [n for n in g.walk[node] if field.get(n) == d - 1 and ok(node, n)]
            if dests:
                out[node] = dests
    return out


def test_the_zombies_ways_are_the_plain_search() -> None:
    checked = 0
    for players, seed in ((6, 21), (3, 22), (2, 23)):
        for _, _, _, after, _ in random_game(GAME, [f"s{i}" for i in range(players)], seed=seed):
            if after["result"] is not None:
                continue
            mover = after["order"][after["current"]]
            assert moves(after, mover) == plain_moves(after, mover)
            checked += 1
    assert checked > 300


@pytest.mark.parametrize("seed", [4, 5])
def test_the_zombies_ways_with_cars_parked_on_doors(seed: int) -> None:
    """Cars moved onto houses' entrances, doors and driveways, sometimes both of one house
    (prey inside those houses or not): the same steps."""
    g = geo()
    rnd = random.Random(seed)
    states = [after for _, _, _, after, _ in random_game(GAME, ["a", "b", "c", "d"], seed=31)]
    for state in rnd.sample(states[:-1], 60):
        state = GAME._copy(state)
        facades = list(g.facade.values()) if seed == 4 else list(g.house_at)
        for car in state["cars"].values():
            if rnd.random() < 0.5:
                car["pos"] = rnd.choice(facades)
        for p in state["players"].values():
            if p["pos"] is not None and p["car"] is None and rnd.random() < 0.5:
                p["pos"] = rnd.choice(list(g.facade))  # into a house
        for node in rnd.sample(list(g.nodes), 12):
            state["zombies"][node] = 1
        for mover in state["order"]:
            assert moves(state, mover) == plain_moves(state, mover)
            key = _prey(state, mover)
            if key is not None:
                ways = _ways(*key)
                field = distances(g, key[0], can_step(state))
                assert {n: ways.get(n) for n in g.nodes if ways.get(n) is not None} == field


def plain_car_moves(start, heading, squares, zombies, blocked, capacity):  # noqa: ANN001, ANN201
    """The drive search copying a path per step (the code before the layers kept links)."""
    table = _car_table(geo())
    layer = {(start, heading): (0, [])}
    best = {}
    for _ in range(squares):
        nxt = {}
        for key0, (hits, path) in layer.items():
            if hits >= capacity:
                continue
            for key in table[key0]:
                dest = key[0]
                if blocked(dest):
                    continue
                total = min(capacity, hits + zombies(dest))
                old = nxt.get(key)
                if old is None or total < old[0]:
                    nxt[key] = (total, [*path, dest])
        for (sq, hd), (hits, path) in nxt.items():
            if sq == start:
                continue
            old_best = best.get(sq)
            if old_best is None or (hits, len(path)) < (old_best[0], len(old_best[1])):
                best[sq] = (hits, path, hd)
        layer = nxt
    return best


def test_a_cars_drives_are_the_plain_search() -> None:
    g = geo()
    rnd = random.Random(1)
    squares = list(g.squares)
    for _ in range(150):
        start, heading = rnd.choice(squares), rnd.choice(HEADINGS)
        crowd = {s: rnd.randint(1, 3) for s in rnd.sample(squares, rnd.randint(0, 60))}
        walls = set(rnd.sample(squares, rnd.randint(0, 12))) - {start}
        capacity, steps = rnd.randint(1, 4), rnd.randint(1, 6)
        args = (start, heading, steps, lambda s, crowd=crowd: crowd.get(s, 0), walls.__contains__, capacity)
        assert list(car_moves(g, *args).items()) == list(plain_car_moves(*args).items())
