"""Risk Transformers' secrets, in the shape ``tests/rules/test_contract.py`` ``SECRETS`` declares
(ready for registration): the dice to come, the deck's order, each hand, each seat's standing
orders (defence cards, stance, Bumblebee's rally). In the team game a hand and the orders are seen by the owner
AND the teammate (``teammate`` in the view): the contract's leak check must let a seat's
teammate see them (``TEAM_SEES``) and stay as strict for every other seat and game."""

from __future__ import annotations

import random
from typing import Any

from bot.rules.base import State, clone

ORDERS = ("always", "save", "never")
RALLY = ("first", "strongest", "weakest")


def _rng(game: Any, state: State, seat: str | None, r: random.Random) -> State | None:
    new = clone(state)
    new["rng"] = (state["rng"] + 1 + r.randrange(1 << 32)) & ((1 << 64) - 1)
    return new


def _deck(game: Any, state: State, seat: str | None, r: random.Random) -> State | None:
    if len(set(state["deck"])) < 2:
        return None
    new = clone(state)
    while new["deck"] == state["deck"]:
        r.shuffle(new["deck"])
    return new


def _hand(game: Any, state: State, seat: str | None, r: random.Random) -> State | None:
    """One card of ``seat``'s hand swapped with one of the deck."""
    hand = state["players"][seat].get("hand") or []
    if not hand or not state["deck"]:
        return None
    new = clone(state)
    i, j = r.randrange(len(hand)), r.randrange(len(state["deck"]))
    new["players"][seat]["hand"][i], new["deck"][j] = state["deck"][j], hand[i]
    return new


def _defence(game: Any, state: State, seat: str | None, r: random.Random) -> State | None:
    new = clone(state)
    now = state["players"][seat].get("defence", "always")
    new["players"][seat]["defence"] = r.choice([o for o in ORDERS if o != now])
    return new


def _stance(game: Any, state: State, seat: str | None, r: random.Random) -> State | None:
    """The stance changed, outside a battle: in one, the stance in force is public (the public
    view's odds of the next roll show the defender's dice, as the dice are shown once thrown)."""
    if state.get("battle") is not None:
        return None
    new = clone(state)
    now = game.stance(state, seat)
    new["players"][seat]["stance"] = {**now, "dice": 3 - now.get("dice", 2)}
    return new


def _rally(game: Any, state: State, seat: str | None, r: random.Random) -> State | None:
    """Bumblebee's standing escape order (kept for every seat; only his player sets it)."""
    new = clone(state)
    now = state["players"][seat].get("rally", "first")
    new["players"][seat] = {**state["players"][seat], "rally": r.choice([o for o in RALLY if o != now])}
    return new


# (keys a seat's view adds to the public one, [(name, perturb, per seat?, owner sees?)])
TF_SECRETS = ({"you", "teammate"}, [
    ("rng", _rng, False, False),
    ("deck order", _deck, False, False),
    ("cards in hand", _hand, True, True),
    ("defence order", _defence, True, True),
    ("stance", _stance, True, True),
    ("rally order", _rally, True, True),
])


def team_sees(state: State, owner: str) -> set[str]:
    """Who besides ``owner`` may see ``owner``'s secrets: the teammate in the team game."""
    teams = state.get("teams") or {}
    return set(teams.get(owner) or []) - {owner}
