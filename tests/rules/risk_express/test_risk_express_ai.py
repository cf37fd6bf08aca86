"""Risk Express's AI (issue 28): the turn ahead played exactly (:mod:`bot.rules.risk_express.ai`)
and hard's evaluation built on it."""

from __future__ import annotations

import pytest

import bot.rules.risk_express.endgame as endgame
import bot.rules.risk_express.scoring as scoring
from bot.rules.risk_express.ai import ORDER, turn_weights
from bot.rules.risk_express.odds import success

SEATS = ["p0", "p1"]
SEATS_AB = ["a", "b"]


@pytest.mark.parametrize("card", ["usa", "china", "middle_east", "australia"])
@pytest.mark.parametrize("owed", [False, True])
def test_a_lone_card_is_taken_at_the_fresh_throw_s_chance(card, owed):
    """With one card in reach the turn is the attempt on it from seven dice (odds.success)."""
    i = ORDER.index(card)
    assert turn_weights({i: (1.0, owed)}) == pytest.approx({i: success(card, 0, owed, 7)}, abs=1e-5)


def test_a_turn_with_several_cards_open_takes_one_more_often_than_the_best_alone():
    """The card is chosen on the first throw that fills a line, seeing the dice: with the
    USA, China, Canada and Japan open, some card falls more often (0.546) than the best of
    them aimed at blindly (the old model: Japan, 0.526), and each card's share follows its
    worth."""
    cards = ["usa", "china", "canada", "japan"]
    best_alone = max(success(c, 0, False, 7) for c in cards)
    even = turn_weights({ORDER.index(c): (1.0, False) for c in cards})
    assert sum(even.values()) > best_alone + 0.015
    assert sum(even.values()) <= 1.0 + 1e-9
    china = ORDER.index("china")
    keen = turn_weights({**{ORDER.index(c): (1.0, False) for c in cards}, china: (20.0, False)})
    assert keen.get(china, 0.0) > even.get(china, 0.0) + 0.02  # worth twenty times more: aimed at on more throws


def test_hard_sees_the_other_s_turn_take_a_card_the_old_model_thought_out_of_reach():
    """p0 ahead by three (the USA), p1 to play with five cards open to it, none of them likely
    alone: the old model has p1 aim at one and mostly fail; played exactly, p1 takes one of
    them nearly every other turn, so hard judges the lead smaller."""
    owners = dict.fromkeys(ORDER, "p0")
    for c in ("usa", "canada", "china", "japan", "india"):
        owners[c] = None
    owners["western_europe"] = owners["eastern_europe"] = "p1"
    locked = ["australia"]
    old = scoring._turns(owners, locked, SEATS, SEATS, "p1", 1)["p0"]
    exact = scoring._turns(owners, locked, SEATS, SEATS, "p1", 1, exact=1)["p0"]
    assert exact < old - 0.01


def test_normal_and_hard_play_the_next_two_turns_exactly_and_easy_does_not():
    for level in ("normal", "hard"):  # the other's turn and then its own (normal since the eighth session)
        assert scoring.DEPTHS[level] - scoring.EXACT[level] == 1, level
    assert scoring.EXACT["easy"] > scoring.DEPTHS["easy"]


def test_normal_judges_with_four_turns_ahead_and_the_solved_endgame():
    """Eighth session (docs/ai.md): normal's search judges a position as hard's look-ahead did
    (four turns, the next two exact, the one-card endgame solved), no longer two turns: in a
    set position the two judge p0's chances far apart, and normal's evaluation is the deeper."""
    from bot.rules import GAMES
    from bot.rules.ai import RandomPolicy
    from bot.rules.base import clone
    from bot.rules.play import play_out

    game = GAMES["risk_express"]
    state = next(clone(s.after) for s in play_out(game, SEATS, 3, RandomPolicy(), {})
                 if s.after["phase"] == "place" and s.after["attempt"]["card"] is None and game.to_move(s.after) == "p0")
    mine = {"usa", "canada", "north_africa", "south_africa", "china"}
    theirs = {"mexico", "brazil", "argentina", "western_europe", "india", "australia"}
    state["owners"] = {c: "p0" if c in mine else "p1" if c in theirs else None for c in state["owners"]}
    state["locked"] = ["africa", "south_america", "australia"]
    normal = scoring.evaluation(game, "normal")(state, "p0")
    assert normal == scoring.evaluate(game, state, "p0", 4, 3, "solved")
    assert abs(normal - scoring.evaluate(game, state, "p0", 2, 99, "solved")) > 0.05  # 0.25 against 0.12


def test_the_chance_to_win_leaf_grows_with_the_lead_and_is_the_standing_past_two_seats():
    """The fitted leaf (where the endgame is not solved: ``scoring._leaf``): one
    card left unowned, no continent locked, the mover ahead in open cards: the bigger the lead,
    the likelier the win; it is zero-sum between the two seats; with three seats (no fit) it is
    the standing."""
    from bot.rules.risk_express import scoring

    def owners(mine: list[str]) -> dict[str, str | None]:
        out: dict[str, str | None] = {}
        for cid in scoring.load_cards()["order"]:
            out[cid] = None if cid == "australia" else ("a" if cid in mine else "b")
        return out

    # a: usa 3, brazil 2, western_europe 2, north_africa 2, china 3, japan 2 = 14 of 25: lead 3
    close = owners(["usa", "brazil", "western_europe", "north_africa", "china", "japan"])
    # a: the same and canada, india: 18 against 7, lead 11
    far = owners(["usa", "brazil", "western_europe", "north_africa", "china", "japan", "canada", "india"])
    near, wide = scoring._chance_to_win(close, [], ["a", "b"], "a"), scoring._chance_to_win(far, [], ["a", "b"], "a")
    assert 0 < near["a"] < wide["a"] < 1 and near["b"] == -near["a"] and wide["b"] == -wide["a"]
    assert scoring._chance_to_win(close, [], ["a", "b", "c"], "a") == scoring._standing(close, [], ["a", "b", "c"])
    assert scoring.LEAVES.get("easy", "") == ""  # easy keeps the standing: a level the beginner beats
    assert (scoring.LEAVES["normal"], scoring.LEAVES["hard"]) == ("solved", "solved2")  # hard solves two cards


def _all_locked(a: list[str], last: str) -> tuple[dict[str, str | None], list[str]]:
    """Every continent locked, ``a``'s for seat "a" and the rest "b"'s, ``last`` left unowned."""
    _, continent, _, members = scoring.board()
    owners: dict[str, str | None] = {c: ("a" if continent[c] in a else "b") for c in ORDER}
    owners[last] = None
    return owners, [k for k in members if last not in members[k]]


def test_a_tie_is_worth_half_a_win_not_three_quarters():
    """A two-seat game ending in a tie (both win) is as good as an even chance: 0 on the
    scale where a win is 1 and a loss -1 (it was 0.5: the AI settled for ties)."""
    owners, locked = _all_locked(["north_america", "south_america", "europe"], "australia")  # 18 against 15
    tied = {**owners, "australia": "b"}  # 18 against 18
    assert scoring._standing(tied, [*locked, "australia"], SEATS_AB) == {"a": 0.0, "b": 0.0}
    won = {**owners, "australia": "a"}
    assert scoring._standing(won, [*locked, "australia"], SEATS_AB) == {"a": 1.0, "b": -1.0}
    assert scoring._won("a", ["a", "b", "c"]) == pytest.approx(-1 / 3)  # a three-way tie: a seat's share


def test_the_solved_endgame_is_a_race_for_the_last_card_checked_by_hand():
    """Every continent locked, "a" ahead 18 to 15, Australia (3 points) left: "a" wins by
    taking it, "b" only ties (worth 0). With q the chance to take it from a fresh throw, "a" to
    move wins with q + (1-q)^2 q + … = 1/(2-q) and never loses: value 1/(2-q); "b" to move is
    worth -(1-q)/(2-q), its ties counting nothing."""
    owners, locked = _all_locked(["north_america", "south_america", "europe"], "australia")
    q = success("australia", 0, False, 7)
    assert endgame.chance_to_win(owners, locked, SEATS_AB, "a") == pytest.approx(1 / (2 - q), abs=1e-5)
    assert endgame.chance_to_win(owners, locked, SEATS_AB, "b") == pytest.approx(-(1 - q) / (2 - q), abs=1e-5)
    # the leaf on the look-ahead's scale, zero-sum; not solved with three cards unowned or three seats
    assert scoring._leaf(owners, locked, SEATS_AB, "a", "solved")["b"] == pytest.approx(-1 / (2 - q), abs=1e-5)
    asia = [k for k in locked if k != "asia"]
    assert endgame.chance_to_win({**owners, "china": None}, asia, SEATS_AB, "a") is None  # two: hard's only
    two = endgame.chance_to_win({**owners, "china": None}, asia, SEATS_AB, "a", unowned=2)
    assert two is not None and -1 < two < 1
    assert endgame.chance_to_win({**owners, "china": None, "japan": None}, asia, SEATS_AB, "a", 2) is None
    assert endgame.chance_to_win(owners, locked, ["a", "b", "c"], "a") is None


def test_the_solved_endgame_steals_back_before_the_last_card():
    """South America open (Brazil "a"'s, Argentina "b"'s), Australia left, everything else
    locked, 16 all: whoever takes Australia wins. "a" is better off to move than to wait; with
    "b" to move, "a" is better off holding both South American cards (they lock: 4 points for
    good, 18 to 15, "b" can then only tie) than one."""
    _, continent, _, members = scoring.board()
    owners, locked = _all_locked(["north_america", "europe"], "australia")  # a 14, b 19 locked
    locked = [k for k in locked if k != "south_america"]
    owners["brazil"], owners["argentina"] = "a", "b"
    first = endgame.chance_to_win(owners, locked, SEATS_AB, "a")
    second = -endgame.chance_to_win(owners, locked, SEATS_AB, "b")
    assert first is not None and second is not None and first > second
    both = endgame.chance_to_win({**owners, "argentina": "a"}, [*locked, "south_america"], SEATS_AB, "b")
    assert both is not None and -both > second
