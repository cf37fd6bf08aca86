"""Risk Express solved for two seats (issue 28): the table holds the game's values under best
play (checked here against the turn model, position by position), and the levels that play it
choose the fill it makes best."""

from __future__ import annotations

import random

import pytest

import bot.rules.risk_express.solved as solved
from bot.rules import GAMES
from bot.rules.ai import RandomPolicy
from bot.rules.ai.search import level_policy
from bot.rules.base import Rng, clone
from bot.rules.play import play_out
from bot.rules.risk_express.ai import ORDER, turn_weights
from bot.rules.risk_express.scoring import CONTINENT, MEMBERS
from bot.rules.risk_express.throws import key_of, options, throw_of

A, B = "p0", "p1"


def _locked(owners: dict[str, str | None]) -> set[str]:
    return {cont for cont, members in MEMBERS.items()
            if owners[members[0]] is not None and all(owners[c] == owners[members[0]] for c in members)}


def _bellman(owners: dict[str, str | None], mover: str) -> float:
    """The mover's value by one turn of the turn model over the table's values after it."""
    seats = [A, B]
    other = B if mover == A else A
    kept = -solved.value(owners, other)
    locked = _locked(owners)
    gains = {}
    for i, card in enumerate(ORDER):
        if owners[card] == mover or CONTINENT[card] in locked:
            continue
        gains[i] = (solved._after(owners, sorted(locked), seats, card, mover) - kept, owners[card] is not None)
    weights = turn_weights(gains)
    return kept + sum(w * gains[i][0] for i, w in weights.items())


def _random_owners(rnd: random.Random, unowned: int) -> dict[str, str | None]:
    cards = list(ORDER)
    rnd.shuffle(cards)
    return {c: (None if k < unowned else rnd.choice((A, B))) for k, c in enumerate(cards)}


@pytest.mark.parametrize("unowned", [1, 2, 4, 7, 10, 14])
def test_every_value_of_the_table_is_one_turn_of_best_play_over_the_values_after_it(unowned):
    # a wrong table (a layer not converged, a digit read the other way, the seats swapped)
    # breaks the equation of best play at most positions
    rnd = random.Random(unowned)
    for _ in range(6):
        owners = _random_owners(rnd, unowned)
        for mover in (A, B):
            assert solved.value(owners, mover) == pytest.approx(_bellman(owners, mover), abs=1e-3)  # 12 bits a value


def test_the_table_reads_the_owners_from_the_mover_s_side():
    owners = {c: None for c in ORDER}
    owners.update(usa=A, canada=A, mexico=A, china=A, india=A, japan=A)  # North America and most of Asia
    # "a" holds 9 + 7 points, "b" nothing: a's value is high, b's low, whoever moves
    assert solved.value(owners, A) > 0.5
    assert solved.value(owners, B) < -0.3
    assert solved.index(owners, A) != solved.index(owners, B)
    # the first mover of a fresh game has the edge, but not much of one
    fresh = {c: None for c in ORDER}
    assert 0.0 < solved.value(fresh, A) < 0.3


def _state(owners: dict[str, str | None], tray: list[str]):
    """A two-seat position where p0 is to fill the first line of its turn with ``tray``."""
    game = GAMES["risk_express"]
    for step in play_out(game, [A, B], 3, RandomPolicy(), {}):
        state = step.after
        if state["phase"] == "place" and state["attempt"]["card"] is None and game.to_move(state) == A:
            state = clone(state)
            state["owners"] = dict(owners)
            state["locked"] = sorted(_locked(owners))
            state["attempt"]["tray"] = list(tray)
            return game, state
    raise AssertionError("no such position")


def test_behind_it_steals_rather_than_take_the_last_card_and_lose():
    # Australia is the last card unowned; "b" leads by far outside Asia and North America;
    # taking Australia (3 points locked) would end the game lost, so the table steals
    owners = {c: B for c in ORDER}
    owners.update(australia=None, usa=A, canada=A, mexico=A)  # a: North America locked, 9
    owners.update(brazil=A)  # a 2, b: Argentina 1, Europe 5, Africa 5, Asia 10 locked
    game, state = _state(owners, ["cavalry", "cannon", "soldier3", "soldier3", "soldier2", "cavalry", "general"])
    o = throw_of(key_of(state["attempt"]["tray"]), state["attempt"]["tray"])
    cards = {opt[0] for opt in options(state, o)}
    assert "australia" in cards and "argentina" in cards
    pick = solved.best_fill(state)
    assert pick is not None and pick["card"] != "australia"


def test_ahead_it_takes_the_last_card_and_wins():
    owners = {c: A for c in ORDER}
    owners.update(australia=None, china=B, india=B, japan=B, middle_east=B)  # a 23 to b 10
    game, state = _state(owners, ["cavalry", "cannon", "soldier3", "soldier3", "soldier2", "cavalry", "general"])
    assert solved.best_fill(state)["card"] == "australia"


def test_the_levels_that_play_the_table_choose_its_fill_and_three_seats_keep_the_search(monkeypatch):
    monkeypatch.setattr(solved, "SOLVED", frozenset({"hard"}))
    owners = {c: A for c in ORDER}
    owners.update(australia=None, china=B, india=B, japan=B, middle_east=B)
    game, state = _state(owners, ["cavalry", "cannon", "soldier3", "soldier3", "soldier2", "cavalry", "general"])
    legal = game.legal_actions(state, A)
    assert game.search_choice(state, A, "hard") == solved.best_fill(state)
    assert game.search_choice(state, A, "easy") is None
    assert level_policy("hard").choose(game, state, A, legal, Rng(1)) == solved.best_fill(state)
    three = {**state, "order": [A, B, "p2"]}
    assert game.search_choice(three, A, "hard") is None
