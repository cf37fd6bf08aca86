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
from bot.rules.base import Rng, canonical, clone
from bot.rules.play import play_out
from tests.rules.test_contract import SECRETS, SEES

REDRAWN = sorted(GAMES)
SEATS = ["p0", "p1", "p2"]


def _swap(deck: str, held: str):  # noqa: ANN202
    """Zombie Town: one card of ``seat``'s ``held`` swapped with one of ``deck`` — a state
    the game could be in (its perturbations in ZT_SECRETS draw cards anew, duplicates and all,
    which no game reaches; its pools are the hidden cards themselves: see its hidden.py)."""
    def perturb(game, state, seat, r):  # noqa: ANN001, ANN202
        mine, pile = state["players"][seat][held], state[deck]
        if not mine or not pile or set(mine) == set(pile):
            return None
        new = clone(state)
        i, j = r.randrange(len(mine)), r.randrange(len(pile))
        new["players"][seat][held][i], new[deck][j] = pile[j], mine[i]
        return new
    return perturb


def _swap_key(game, state, seat, r):  # noqa: ANN001, ANN202
    """Zombie Town: a key ``seat`` holds swapped with one face down under a house nobody is in."""
    keys = state["players"][seat]["keys"]
    occupied = {p["pos"] for p in state["players"].values()}
    under = [h for h, x in state["houses"].items() if x["key"] is not None and h not in occupied]
    if not keys or not under:
        return None
    new = clone(state)
    h = r.choice(sorted(under))
    new["players"][seat]["keys"][0], new["houses"][h]["key"] = state["houses"][h]["key"], keys[0]
    return new


def perturbations_of(game_id: str) -> list:
    _, found = SECRETS[game_id]
    if game_id != "zombie_town":
        return found
    conserving = {"rng", "action deck order", "combat deck order", "agenda deck order",
                  "keys face down under empty houses", "standing order"}
    return [p for p in found if p[0] in conserving] + [
        ("cards in hand (swapped with the deck)", _swap("deck", "hand"), True, True),
        ("agendas (swapped with the agenda deck)", _swap("agenda_deck", "agendas"), True, True),
        ("keys held (swapped with one under a house)", _swap_key, True, True)]


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
    perturbations = perturbations_of(game_id)
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
