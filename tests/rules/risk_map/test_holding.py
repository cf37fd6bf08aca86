"""The holdings read off the map's bit masks (the plain rules) equal the ones searched with
the edition's predicates, on random owner maps; the memory of owner maps never answers for a
map changed since."""

from __future__ import annotations

import random

from bot.rules.peaky_blinders.game import PeakyBlinders
from bot.rules.risk_map.board import Board
from bot.rules.risk_map.holding import Holding, Masks


def _maps(board: Board, n: int, factions: int) -> list[dict[str, str]]:
    rnd = random.Random(factions)
    return [{t: f"f{rnd.randrange(factions)}" for t in board.order} for _ in range(n)]


def test_plain_holdings_equal_the_searched_ones() -> None:
    board = PeakyBlinders().board
    for factions in (1, 2, 3, 5):
        for owner in _maps(board, 40, factions):
            held = board.holdings(owner)
            for faction in [f"f{i}" for i in range(factions)] + ["nobody"]:
                mine = {t for t in board.order if owner[t] == faction}
                ref = Holding.general(board.order, owner, faction, board.neighbours,
                                      lambda t, mine=mine: t not in mine, mine.__contains__)
                got = held.of(faction)
                assert got.owned == ref.owned == held.owned(faction)
                assert got.targets == ref.targets
                for t in got.owned:
                    assert got.group(t) == ref.group(t)
                    assert got.others(t) == ref.others(t)
                    group = set(board.reachable(t, mine.__contains__))
                    assert set(got.group(t)) == group
                assert held.region_bonus(faction) == board.region_bonus(owner, faction)


def test_a_map_changed_in_place_is_read_again() -> None:
    board = PeakyBlinders().board
    owner = {t: "a" for t in board.order}
    assert board.holdings(owner).owned("b") == ()
    owner[board.order[0]] = "b"  # a test's (or a bug's) edit in place: never a stale answer
    assert board.holdings(owner).owned("b") == (board.order[0],)
    assert board.holdings(owner).of("a").targets[board.neighbours(board.order[0])[0]] == (board.order[0],)


def test_masks_read_a_hub_with_many_neighbours() -> None:
    order = [f"t{i}" for i in range(14)]
    neighbours = {t: () for t in order}
    neighbours["t0"] = tuple(order[1:])  # 13 neighbours: more than the subsets listed up front
    for t in order[1:]:
        neighbours[t] = ("t0",)
    masks = Masks(order, neighbours, [(order, 3)])
    owner = {t: "a" if i % 2 else "b" for i, t in enumerate(order)}
    mine = sum(masks.bit[t] for t in order if owner[t] == "b")
    held = Holding.plain(masks, tuple(t for t in order if owner[t] == "b"), mine)
    assert held.targets["t0"] == tuple(t for t in order[1:] if owner[t] == "a")
    assert held.group("t0") == tuple(t for t in order if owner[t] == "b")
    assert held.others("t2") == tuple(t for t in order if owner[t] == "b" and t != "t2")
