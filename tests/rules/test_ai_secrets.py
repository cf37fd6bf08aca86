"""What an AI seat may know (issue 14): ``Game.sample_state`` redraws every part of a state
its seat may not see, so the search plays on samples, never on the true state.

- The promise: for every secret the contract knows (``SECRETS`` of tests/rules/test_contract.py),
  changed in a part the seat does not see, the sample drawn from generators in the same state
  is the same, and so is :func:`bot.rules.ai.decide`'s action.
- A sample is a state the seat could be in: its view is the seat's view, and it plays on to
  the end.
"""

from __future__ import annotations

import random

import pytest

from bot.rules import GAMES
from bot.rules.ai import RandomPolicy, decide
from bot.rules.base import Rng, canonical
from bot.rules.play import play_out
from tests.rules.test_contract import SECRETS, SEES

# Zombie Town's keys, agendas and hands are not redrawn yet (issue 14 is open): its samples
# still hold the true hidden cards, which these tests would catch.
REDRAWN = sorted(g for g in GAMES if g != "zombie_town")
SEATS = ["p0", "p1", "p2"]


def states(game_id: str, seed: int = 3, every: int = 9, most: int = 12) -> list[dict]:
    out = []
    for i, step in enumerate(play_out(GAMES[game_id], SEATS, seed, RandomPolicy())):
        if i % every == 0:
            out.append(step.after)
        if len(out) >= most:
            break
    return out


@pytest.mark.parametrize("game_id", REDRAWN)
def test_a_secret_the_seat_does_not_see_changes_neither_its_sample_nor_its_choice(game_id):
    game = GAMES[game_id]
    _, perturbations = SECRETS[game_id]
    sees = SEES.get(game_id)
    rnd = random.Random(11)
    checked = decided = 0
    for state in states(game_id):
        if game.outcome(state) is not None:
            continue
        for seat in SEATS:
            for name, perturb, per_seat, owner_sees in perturbations:
                # another seat's secret, or one of its own it does not look at (face-down powers)
                owners = [o for o in SEATS if (o != seat or not owner_sees)
                          and not (o != seat and sees and seat in sees(state, o))] if per_seat else [None]
                for owner in owners:
                    changed = perturb(game, state, owner, rnd)
                    if changed is None or canonical(changed) == canonical(state):
                        continue
                    a = game.sample_state(state, seat, Rng(5))
                    b = game.sample_state(changed, seat, Rng(5))
                    assert canonical(a) == canonical(b), f"{name} of {owner} reaches {seat}'s sample"
                    checked += 1
                    mover = game.to_move(state)
                    if mover == seat and decided < 6:
                        assert decide(game, state, seat, seed=9, iterations=12) == \
                            decide(game, changed, seat, seed=9, iterations=12), name
                        decided += 1
    assert checked > 20


@pytest.mark.parametrize("game_id", REDRAWN)
def test_a_sample_is_a_state_the_seat_could_be_in(game_id):
    game = GAMES[game_id]
    for i, state in enumerate(states(game_id, seed=4, every=13, most=6)):
        seat = SEATS[i % 3]
        sample = game.sample_state(state, seat, Rng(i))
        assert canonical(game.view(sample, seat)) == canonical(game.view(state, seat))
        assert canonical(game.view(sample, None)) == canonical(game.view(state, None))
        assert sample["rng"] != state["rng"]  # the dice to come are redrawn too
        # and the game plays on from it to its end
        left = play_out(game, SEATS, 1, RandomPolicy())
        left.state = sample
        for _ in left:
            pass
        assert game.outcome(left.state) is not None
