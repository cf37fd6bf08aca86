"""Risk Express's AI (issue 28): the turn ahead played exactly (:mod:`bot.rules.risk_express.ai`)
and hard's evaluation built on it."""

from __future__ import annotations

import pytest

import bot.rules.risk_express.scoring as scoring
from bot.rules.risk_express.ai import ORDER, turn_weights
from bot.rules.risk_express.odds import success

SEATS = ["p0", "p1"]


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


def test_hard_plays_the_next_two_turns_exactly_and_normal_does_not():
    assert scoring.DEPTHS["hard"] - scoring.EXACT["hard"] == 1  # the other's turn and then its own
    assert scoring.EXACT["normal"] > scoring.DEPTHS["normal"] and scoring.EXACT["easy"] > scoring.DEPTHS["easy"]


def test_the_chance_to_win_leaf_grows_with_the_lead_and_is_the_standing_past_two_seats():
    """The fitted leaf (off in every level: ``scoring.LEAVES``, the next thing to measure): one
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
    assert not scoring.LEAVES  # off: no level's figures were measured with it
