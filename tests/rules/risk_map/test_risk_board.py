"""The shared Risk map engine: boards validated on load, reinforcements, battles, manoeuvre
paths, card piles and the trade table."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from bot.rules.base import Rng
from bot.rules.peaky_blinders import PeakyBlinders
from bot.rules.risk_map.battle import attack_dice, defence_dice, resolve_roll, roll
from bot.rules.risk_map.board import Board, BoardError, reinforcements
from bot.rules.risk_map.cards import RAZOR_TABLE, draw, pick_trade, trade_value

TINY = Path(__file__).parent / "data" / "tiny_map.json"


@pytest.fixture()
def raw() -> dict:
    return json.loads(TINY.read_text())


@pytest.fixture()
def board() -> Board:
    return Board.from_file(TINY)


def broken(data: dict) -> str:
    with pytest.raises(BoardError) as err:
        Board.from_dict(data)
    return str(err.value)


# -- loading and validation ------------------------------------------------------------


def test_tiny_map_loads(board: Board) -> None:
    assert board.order == ("a1", "a2", "a3", "b1", "b2", "b3")
    assert board.regions["west"].territories == ("a1", "a2", "a3")
    assert board.regions["east"].bonus == 3
    assert board.territories["a1"].stronghold and not board.territories["a2"].stronghold
    assert board.neighbours("a1") == ("a2", "b3")
    assert board.border_kind("a3", "b1") == "sea"
    assert board.border_kind("b1", "a3") == "sea"
    assert board.border_kind("a1", "b3") == "hyperlink"
    assert board.border_kind("a1", "b1") is None
    assert "a1" in board and "zz" not in board


def test_every_border_is_symmetric(board: Board) -> None:
    for t in board.order:
        for n in board.neighbours(t):
            assert t in board.neighbours(n)


def test_asymmetric_border_is_refused(raw: dict) -> None:
    raw["borders"].append({"a": "b1", "b": "a3", "kind": "land"})
    msg = broken(raw)
    assert "asymmetric border" in msg and "a3→b1 is sea" in msg and "b1→a3 is land" in msg


def test_border_listed_both_ways_alike_is_fine(raw: dict) -> None:
    raw["borders"].append({"a": "b1", "b": "a3", "kind": "sea"})
    assert Board.from_dict(raw).adjacent("a3", "b1")


def test_duplicate_border_is_refused(raw: dict) -> None:
    raw["borders"].append({"a": "a1", "b": "a2", "kind": "land"})
    assert "border a1–a2 is listed twice" in broken(raw)


def test_border_to_unknown_territory(raw: dict) -> None:
    raw["borders"].append({"a": "a1", "b": "nowhere", "kind": "land"})
    assert "unknown territory 'nowhere'" in broken(raw)


def test_border_to_itself_and_bad_kind(raw: dict) -> None:
    raw["borders"].append({"a": "a1", "b": "a1", "kind": "land"})
    raw["borders"].append({"a": "a1", "b": "a3", "kind": "tunnel"})
    msg = broken(raw)
    assert "joins a territory to itself" in msg
    assert "unknown kind 'tunnel'" in msg


def test_territory_in_no_region(raw: dict) -> None:
    raw["territories"][2]["region"] = "atlantis"
    assert "territory 'a3' is in no region (unknown region 'atlantis')" in broken(raw)


def test_territory_without_region(raw: dict) -> None:
    del raw["territories"][2]["region"]
    assert "territory 'a3' must be in exactly one region, not None" in broken(raw)


def test_territory_in_two_regions(raw: dict) -> None:
    raw["territories"][2]["region"] = ["west", "east"]
    assert "territory 'a3' must be in exactly one region" in broken(raw)
    raw["territories"][2]["region"] = "west"
    raw["territories"].append({"id": "a3", "name": "Again", "region": "east"})
    assert "territory 'a3' is listed twice (regions 'west' and 'east')" in broken(raw)


def test_region_listing_must_agree(raw: dict) -> None:
    raw["regions"][0]["territories"] = ["a1", "a2"]
    assert "region 'west' lists ['a1', 'a2'] but its territories are ['a1', 'a2', 'a3']" in broken(raw)


def test_empty_region_is_refused(raw: dict) -> None:
    raw["regions"].append({"id": "void", "name": "Void", "bonus": 1})
    assert "region 'void' has no territory" in broken(raw)


def test_disconnected_graph(raw: dict) -> None:
    raw["borders"] = [b for b in raw["borders"] if {b["a"], b["b"]} not in ({"a3", "b1"}, {"a1", "b3"}, {"a2", "b2"})]
    msg = broken(raw)
    assert "not one connected graph" in msg and "3 territories cannot be reached from 'a1'" in msg


def test_wrong_counts() -> None:
    with pytest.raises(BoardError) as err:
        Board.from_file(TINY, expect={"territories": 42, "regions": 5, "strongholds": 10})
    msg = str(err.value)
    assert "the rulebook says 42 territories, the map has 6" in msg
    assert "the rulebook says 5 regions, the map has 2" in msg
    assert "the rulebook says 10 strongholds, the map has 2" in msg


def test_all_problems_are_listed(raw: dict) -> None:
    raw["territories"][0]["region"] = "nope"
    raw["borders"].append({"a": "a2", "b": "x", "kind": "land"})
    msg = broken(raw)
    assert "'a1' is in no region" in msg and "unknown territory 'x'" in msg


def test_peaky_map_matches_the_rulebook() -> None:
    board = Board.load("peaky_blinders", PeakyBlinders.rulebook_counts)
    assert Board.load("peaky_blinders") is board  # cached
    assert PeakyBlinders().board is board  # the edition checks its rulebook's counts
    assert len(board.order) == PeakyBlinders.rulebook_counts["territories"] == 42
    assert len(board.regions) == 5
    assert sum(t.stronghold for t in board.territories.values()) == 10
    assert board.border_kind("south_west_england", "south_east_ireland") == "sea"


# -- graph queries ---------------------------------------------------------------------


def test_closed_zone_and_gate(board: Board) -> None:
    assert board.neighbours("a2") == ("a1", "a3", "b2")
    assert board.neighbours("a2", frozenset({"pivot"})) == ("a1", "a3")
    assert board.neighbours("a2", frozenset({"a1"})) == ("a3", "b2")
    assert board.neighbours("a1", frozenset({"a1"})) == ()
    assert not board.adjacent("a2", "b2", frozenset({"pivot"}))


def test_path_search_through_owned_territories(board: Board) -> None:
    owner = {"a1": "x", "a2": "y", "a3": "x", "b1": "x", "b2": "y", "b3": "x"}
    mine = lambda t: owner[t] == "x"  # noqa: E731
    # b2 and a2 are someone else's: from a1 the owned way stops at b3.
    assert board.path("a1", "b1", mine) is None
    assert board.path("a3", "b1", mine) == ["a3", "b1"]
    assert board.reachable("a1", mine) == {"a1", "b3"}
    # A teammate's zones may be passed through (Transformers, four players).
    team = lambda t: owner[t] in ("x", "y")  # noqa: E731
    assert len(board.path("a1", "b1", team)) == 4
    assert board.reachable("a1", team) == set(board.order)
    assert board.path("a1", "a1", mine) == ["a1"]
    assert board.components(["a1", "a3", "b1", "b3"]) == [["a1", "b3"], ["a3", "b1"]]


def test_region_bonus(board: Board) -> None:
    owner = {"a1": "x", "a2": "x", "a3": "x", "b1": "y", "b2": "x", "b3": "x"}
    assert board.regions_held(owner, "x") == ["west"]
    assert board.region_bonus(owner, "x") == 2
    owner["b1"] = "x"
    assert board.region_bonus(owner, "x") == 5
    assert board.region_bonus(owner, "y") == 0


# -- reinforcements ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("territories", "members"),
    [(0, 3), (1, 3), (8, 3), (11, 3), (12, 4), (14, 4), (15, 5), (17, 5), (18, 6), (23, 7), (42, 14)],
)
def test_reinforcements(territories: int, members: int) -> None:
    assert reinforcements(territories) == members


# -- battles ---------------------------------------------------------------------------


def test_rulebook_battle_roll() -> None:
    # Peaky Blinders: black 6, 3 (and a third die) beat red 4, 2.
    assert resolve_roll([6, 3, 1], [4, 2]) == (0, 2)
    assert resolve_roll([1, 3, 6], [2, 4]) == (0, 2)  # order of the dice does not matter


def test_ties_go_to_the_defender() -> None:
    assert resolve_roll([5, 4, 1], [5, 4]) == (2, 0)
    # Walking Dead example: Rick's 6, 4, 1 against 5, 4 -> each loses one.
    assert resolve_roll([6, 4, 1], [5, 4]) == (1, 1)


def test_defence_bonus_on_the_highest_die_only() -> None:
    assert resolve_roll([5, 5, 1], [4, 4]) == (0, 2)
    assert resolve_roll([5, 5, 1], [4, 4], defence_bonus=1) == (1, 1)
    assert resolve_roll([5], [4, 4], defence_bonus=1) == (1, 0)


def test_per_die_modifiers() -> None:
    # Walking Dead walker invasion: walkers 6, 3, 2 against survivors 4+1, 2+1.
    assert resolve_roll([6, 3, 2], [4, 2], def_mod=1) == (1, 1)
    assert resolve_roll([4, 4], [4, 4], att_mod=1) == (0, 2)
    assert resolve_roll([4, 4], [4, 4], att_mod=1, def_mod=1) == (2, 0)


def test_d8_dice_and_uneven_counts() -> None:
    # Transformers: a leader's d8 can show 7 or 8.
    assert resolve_roll([6, 4, 3], [8, 3]) == (1, 1)
    assert resolve_roll([7], [6, 6]) == (0, 1)
    assert resolve_roll([2, 2], [1]) == (0, 1)
    with pytest.raises(ValueError):  # a roll needs dice on both sides
        resolve_roll([], [3])


def test_dice_counts_and_rolls() -> None:
    assert [attack_dice(n) for n in (1, 2, 3, 6)] == [1, 2, 3, 3]
    assert [defence_dice(n) for n in (1, 2, 5)] == [1, 2, 2]
    rng = Rng.from_seed(7)
    for _ in range(200):
        dice = roll(rng, [6, 6, 8])
        assert dice == sorted(dice, reverse=True)
        assert all(1 <= d <= 8 for d in dice)
    assert any(roll(rng, [8])[0] > 6 for _ in range(100))


def test_resolve_roll_with_a_bonus_on_the_best_defence_die() -> None:
    """(Its speed is measured in bench/bench_odds.py, not here.)"""
    assert resolve_roll([6, 3, 1], [4, 2], 1) == (0, 2)  # 6 beats 4+1, 3 beats 2
    assert resolve_roll([5, 3], [4, 2], 1) == (1, 1)     # 5 ties 4+1: the defender wins it
    assert resolve_roll([6], [6], 0) == (1, 0)           # ties go to the defender


# -- cards -------------------------------------------------------------------------------


def test_trade_table() -> None:
    assert RAZOR_TABLE == {2: 2, 3: 4, 4: 7, 5: 10, 6: 13, 7: 17, 8: 21, 9: 25, 10: 30}
    assert trade_value(4) == 7 and trade_value(10) == 30
    assert trade_value(1) is None and trade_value(11) is None


def test_draw_reshuffles_the_discard() -> None:
    rng = Rng.from_seed(1)
    pile, discard = ["a", "b"], ["c", "d", "e"]
    drawn, reshuffled = draw(pile, discard, 4, rng)
    assert drawn[:2] == ["b", "a"] and reshuffled
    assert sorted(drawn + pile) == ["a", "b", "c", "d", "e"] and discard == []
    drawn, _ = draw(pile, discard, 5, rng)
    assert len(drawn) == 1 and pile == []  # nothing left anywhere
    pile, discard = [], ["x"]
    assert draw(pile, discard, 1, rng, reshuffle=False) == ([], False)


def test_pick_trade() -> None:
    points = {"a": 2, "b": 2, "c": 1, "d": 2, "e": 2, "f": 2, "g": 2}
    hand = list(points)
    chosen = pick_trade(hand, points, range(len(hand)))
    assert sum(points[c] for c in chosen) in RAZOR_TABLE
    assert sum(points[c] for c in chosen) <= 10
    assert pick_trade(["c"], points, [0]) == []


def test_board_data_is_not_mutated(raw: dict) -> None:
    before = copy.deepcopy(raw)
    Board.from_dict(raw)
    assert raw == before
