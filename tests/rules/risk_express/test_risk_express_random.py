"""2,000 seeded random games of 2–6 players through ``play_out`` (the contract only), invariants
after every step;
on a sample of states, ``legal_actions`` is exactly what ``apply`` accepts and refusals leave
the state untouched."""

from __future__ import annotations

import json
import random

import pytest

from bot.rules import GAMES
from bot.rules.ai import RandomPolicy
from bot.rules.base import canonical
from bot.rules.play import play_out
from bot.rules.risk_express.game import DICE, load_cards
from tests.rules.test_legal_actions import check_state

game = GAMES["risk_express"]
CARDS = load_cards()


BY_CONTINENT: dict[str, list[str]] = {}
for _cid, _card in CARDS["cards"].items():
    BY_CONTINENT.setdefault(_card["continent"], []).append(_cid)


def expected_scores(state) -> dict[str, int]:
    """Scores recomputed from scratch, apart from the engine's own function."""
    scores = {s: 0 for s in state["seats"]}
    for cont, ids in BY_CONTINENT.items():
        owners = {state["owners"][c] for c in ids}
        if len(owners) == 1 and None not in owners:
            assert cont in state["locked"], f"{cont} fully owned but not locked"
            scores[owners.pop()] += CARDS["continents"][cont]["value"]
        else:
            assert cont not in state["locked"]
            for c in ids:
                if state["owners"][c] is not None:
                    scores[state["owners"][c]] += CARDS["cards"][c]["points"]
    return scores


def check(before, after, events, full: bool = True) -> None:
    assert set(after["owners"]) == set(CARDS["cards"])  # cards conserved
    assert all(o is None or o in after["seats"] for o in after["owners"].values())
    for cont in before["locked"]:  # a locked continent never changes hands
        assert cont in after["locked"]
    att = after["attempt"]
    if att is not None:
        placed = sum(len(d) for d in att["filled"].values())
        assert placed + len(att["tray"]) + att["set_aside"] == DICE
        assert 0 < len(att["tray"]) <= DICE
        assert game.legal_actions(after, game.current(after)), "a player is asked but has no choice"
    assert game.scores(after) == expected_scores(after)
    assert sum(1 for e in events if e["type"] == "conquer") <= 1
    if full:  # plain JSON: sampled, a value of another type would show on any step
        assert json.loads(json.dumps(after)) == after


def play_games(seeds: range) -> None:
    for seed in seeds:
        players = 2 + seed % 5
        seats = [f"s{i}" for i in range(players)]
        options = {"continue_attempt": seed % 3 == 0}
        rnd = random.Random(seed)
        playout = play_out(game, seats, seed, RandomPolicy(), options)
        for step, (before, _seat, _action, after, events) in enumerate(playout):
            check(before, after, events, full=step % 8 == 0)
            if step % 200 == 7:
                check_state(game, after, rnd)  # legal = accepted, refusals leave no trace
        state = playout.state
        assert playout.log
        assert json.loads(json.dumps(state)) == state
        result = game.outcome(state)
        assert result is not None and result["winners"]
        assert all(o is not None for o in state["owners"].values())
        best = max(result["scores"].values())
        assert result["winners"] == [s for s in seats if result["scores"][s] == best]
        if seed % 10 == 0:
            assert canonical(game.replay(seats, options, seed, playout.log)) == canonical(state)


def test_random_games() -> None:
    """A sample in the everyday suite: every player count, both options, replays."""
    play_games(range(10_000, 10_060))


@pytest.mark.slow
@pytest.mark.parametrize("block", range(8))
def test_thousands_of_random_games(block: int) -> None:
    play_games(range(block * 250, (block + 1) * 250))


def test_its_own_random_action_draws_as_the_contracts_pick():
    """``RiskExpress.random_action`` skips building the forms, yet draws the same numbers and
    returns the same action as the base class's ``pick_action`` on ``legal_actions``, for
    every seat (``None`` for a seat with nothing legal), in both phases and at the end."""
    from bot.rules.base import Game, Rng
    from tests.rules.states import express_states

    phases = set()
    for state in express_states(games=10, every=3):
        for seat in state["seats"]:
            a, b = Rng(len(str(state)) + 1), Rng(len(str(state)) + 1)
            fast = game.random_action(state, seat, a.below)
            plain = Game.random_action(game, state, seat, b.below)
            assert fast == plain and a.state == b.state
            if fast is not None:
                phases.add(state["phase"])
    assert phases == {"place", "continue"}
