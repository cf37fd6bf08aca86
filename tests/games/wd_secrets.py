"""The Walking Dead's secrets, as ``tests/rules/test_contract.py`` ``SECRETS`` declares them:
the piles' order (action deck, territory pile, crate bag), the values of the crates in a hand
and the standing defence orders. Each perturbation changes one secret in a copy of the state to
another value the game could hold (``None`` when there is nothing to change now)."""

from __future__ import annotations

import random
from typing import Any

from bot.rules.base import State, clone
from bot.rules.walking_dead.crates import CRATE_VALUES


def _rng(game: Any, state: State, seat: str | None, r: random.Random) -> State | None:
    new = clone(state)
    new["rng"] = (state["rng"] + 1 + r.randrange(1 << 32)) & ((1 << 64) - 1)
    return new


def _shuffled(key: str):  # noqa: ANN202
    def perturb(game: Any, state: State, seat: str | None, r: random.Random) -> State | None:
        if len(set(state[key])) < 2:
            return None
        new = clone(state)
        while new[key] == state[key]:
            r.shuffle(new[key])
        return new
    return perturb


def _hand(game: Any, state: State, seat: str | None, r: random.Random) -> State | None:
    """One crate of the hand swapped with a crate of the other value still in the bag."""
    hand = state["players"][seat]["hand"]
    if not hand:
        return None
    pool = [c for c in state["bag"] if CRATE_VALUES[c] != CRATE_VALUES[hand[0]]]
    if not pool:
        return None
    new = clone(state)
    c = r.choice(pool)
    new["players"][seat]["hand"][0] = c
    new["bag"][new["bag"].index(c)] = hand[0]
    return new


def _orders(game: Any, state: State, seat: str | None, r: random.Random) -> State | None:
    new = clone(state)
    new["players"][seat]["orders"] = {"dice": r.choice(["most", "one"]), "grenade": r.choice(["always", "save", "never"])}
    if new["players"][seat]["orders"] == game.orders(state, seat):
        return None
    return new


WD_SECRETS = ({"you"}, [
    ("rng", _rng, False, False),
    ("action deck order", _shuffled("actions"), False, False),
    ("territory pile order", _shuffled("deck"), False, False),
    ("crate bag order", _shuffled("bag"), False, False),
    ("crates in hand", _hand, True, True),
    ("defence order", _orders, True, True),
])
