"""Zombie Town's secrets, as ``tests/rules/test_contract.py`` ``SECRETS`` declares them: each
perturbation changes one secret in a copy of the state to another value the game could hold
(``None`` when there is nothing to change now). Apart from the tests so that the contract's
module imports it without importing a test module."""

from __future__ import annotations

import random
from typing import Any

from bot.rules.base import State, clone


def _rng(game: Any, state: State, seat: str | None, r: random.Random) -> State | None:
    """The generator's state: the draws to come, nobody's to know."""
    new = clone(state)
    new["rng"] = (state["rng"] + 1 + r.randrange(1 << 32)) & ((1 << 64) - 1)
    return new


def _perturb_list(key: str):  # noqa: ANN202
    def perturb(game: Any, state: State, seat: str | None, r: random.Random) -> State | None:
        if len(set(state[key])) < 2:
            return None
        new = clone(state)
        while new[key] == state[key]:
            r.shuffle(new[key])
        return new
    return perturb


def _hand(game: Any, state: State, seat: str | None, r: random.Random) -> State | None:
    hand = state["players"][seat]["hand"]
    if not hand or not state["deck"]:
        return None
    new = clone(state)
    pool = sorted(set(state["deck"]) - set(hand))
    new["players"][seat]["hand"] = [r.choice(pool) for _ in hand]
    return new


def _keys(game: Any, state: State, seat: str | None, r: random.Random) -> State | None:
    keys = state["players"][seat]["keys"]
    if not keys:
        return None
    new = clone(state)
    others = sorted(set(state["houses"]) - set(keys))
    new["players"][seat]["keys"] = [r.choice(others) for _ in keys]
    return new


def _agendas(game: Any, state: State, seat: str | None, r: random.Random) -> State | None:
    held = state["players"][seat]["agendas"]
    if not held or not state["agenda_deck"]:
        return None
    new = clone(state)
    new["players"][seat]["agendas"] = [r.choice(state["agenda_deck"]) for _ in held]
    if new["players"][seat]["agendas"] == held:
        return None
    return new


def _key_here(game: Any, state: State, seat: str | None, r: random.Random) -> State | None:
    """The key under the house ``seat`` stands in (they see it; nobody else does)."""
    pos = state["players"][seat]["pos"]
    house = state["houses"].get(pos)
    if house is None or house["key"] is None:
        return None
    new = clone(state)
    new["houses"][pos]["key"] = r.choice(sorted(set(state["houses"]) - {house["key"]}))
    return new


def _keys_under_empty_houses(game: Any, state: State, seat: str | None, r: random.Random) -> State | None:
    occupied = {p["pos"] for p in state["players"].values()}
    face_down = [h for h, x in state["houses"].items() if x["key"] is not None and h not in occupied]
    if len(face_down) < 2:
        return None
    new = clone(state)
    keys = [state["houses"][h]["key"] for h in face_down]
    keys = keys[1:] + keys[:1]
    for h, k in zip(face_down, keys, strict=True):
        new["houses"][h]["key"] = k
    return new


def _order(game: Any, state: State, seat: str | None, r: random.Random) -> State | None:
    new = clone(state)
    new["players"][seat]["order"] = r.choice([o for o in ("best", "self", "survivors", "flee")
                                              if o != state["players"][seat]["order"]])
    return new


ZT_SECRETS = ({"you"}, [
    ("rng", _rng, False, False),
    ("action deck order", _perturb_list("deck"), False, False),
    ("combat deck order", _perturb_list("combat"), False, False),
    ("agenda deck order", _perturb_list("agenda_deck"), False, False),
    ("keys face down under empty houses", _keys_under_empty_houses, False, False),
    ("cards in hand", _hand, True, True),
    ("keys held", _keys, True, True),
    ("agendas in hand", _agendas, True, True),
    ("the key under the house one is in", _key_here, True, True),
    ("standing order", _order, True, True),
])
