"""A state fresh from JSON through the contract (issue 29, point 7): ``legal_actions`` keeps
its throw's options for the ``apply`` that follows (a fast fill); the result must be what
the full ruling gives, events included, and an illegal action is still refused."""

from __future__ import annotations

import json
import random

import pytest

from bot.rules import GAMES, RuleError

GAME = GAMES["risk_express"]


def moves(seed: int):
    seats = [f"p{i}" for i in range(2 + seed % 4)]
    state = GAME.setup(seats, {"continue_attempt": seed % 2 == 0}, seed)
    rnd = random.Random(seed)
    while GAME.outcome(state) is None:
        seat = GAME.to_act(state)[0]
        action = rnd.choice(GAME.legal_actions(state, seat))
        yield json.dumps(state), seat, action
        state, _ = GAME.apply(state, seat, action)


@pytest.mark.parametrize("seed", range(6))
def test_apply_after_legal_actions_is_the_full_ruling(seed):
    for text, seat, action in moves(seed):
        ruled = GAME.apply(json.loads(text), seat, action)  # no options known: the full ruling
        fresh = json.loads(text)
        assert action in GAME.legal_actions(fresh, seat)
        fast = GAME.apply(fresh, seat, dict(action))  # its options known: the fast fill
        assert json.dumps(fast, sort_keys=True) == json.dumps(ruled, sort_keys=True)
        assert json.loads(text) == fresh  # untouched


def test_an_action_not_offered_is_still_refused_after_legal_actions():
    checked = 0
    for text, seat, _ in moves(3):
        fresh = json.loads(text)
        legal = GAME.legal_actions(fresh, seat)
        if not legal or legal[0]["type"] != "fill":
            continue
        offered = {(a["card"], a["line"]) for a in legal}
        for card in ("c1", legal[0]["card"]):
            for line in (0, 1, 2, "general", True, 1.0):
                if (card, line) in offered and type(line) in (int, str):
                    continue
                with pytest.raises(RuleError):
                    GAME.apply(fresh, seat, {"type": "fill", "card": card, "line": line})
                checked += 1
        with pytest.raises(RuleError):  # a listed option with a key too many: the door refuses it
            GAME.apply(fresh, seat, {**legal[0], "extra": 1})
        other = next(s for s in fresh["seats"] if s != seat)
        with pytest.raises(RuleError):
            GAME.apply(fresh, other, legal[0])  # not their turn
        assert fresh == json.loads(text)
    assert checked > 100


@pytest.mark.parametrize("seed", range(4))
def test_a_state_the_engine_returned_lists_what_the_same_state_from_json_lists(seed):
    """A state just returned (its throw's options kept by identity, issue 29 point 7) lists
    what the same state fresh from JSON lists on another engine, and so picks, defaults and
    plays the same (the fast fill on the one, the full ruling on the other)."""
    from bot.rules.rng import Rng

    hot, cold = type(GAME)(), type(GAME)()  # their own kept options; cold never sees `state`
    seats = [f"p{i}" for i in range(2 + seed % 4)]
    state = hot.setup(seats, {"continue_attempt": seed % 2 == 1}, seed)
    rnd = random.Random(seed)
    kept = 0
    while hot.outcome(state) is None:
        seat = hot.to_move(state)
        fresh = json.loads(json.dumps(state))
        kept += hot._hot[0] is state  # its throw's options kept
        if state["phase"] == "place":
            assert hot.default_action(state, seat) == cold.default_action(fresh, seat)
        draws = seed * 1_000 + state["turn"]
        assert hot.random_action(state, seat, Rng(draws).below) == cold.random_action(fresh, seat, Rng(draws).below)
        legal = hot.legal_actions(state, seat)
        assert legal == cold.legal_actions(fresh, seat)
        action = rnd.choice(legal)
        new, events = hot.apply(state, seat, action)  # the fast fill, from the kept options
        assert (new, events) == cold.apply(json.loads(json.dumps(state)), seat, dict(action))
        state = new
    assert kept > 20  # the kept options were met
