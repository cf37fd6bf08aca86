"""Seeded random games of The Walking Dead through the contract, invariants after every step.

Survival: 1,000 games for each of 2, 3 and 4 players, to the end. Conquest is classic Risk, to
the last group standing: a uniformly random player takes thousands of moves to get there, so the
1,000 games for each of 3, 4 and 5 players are checked for their first ``CONQUEST_STEPS`` moves
past the opening, and a few per count are played to the end. Options vary with the seed (claims
dealt or chosen, defenders asked live or by order, Conquest's two setups).

Conquest games played to the end use :class:`Blitz`, a random player that mostly attacks with
everything until decided (still a seeded random choice among the legal forms, through
``apply``): a uniformly random player takes tens of thousands of moves, or never ends, because
armies grow faster than its random attacks take them."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from wd_states import GAME, SEATS

from bot.rules.base import canonical
from bot.rules.compact import accepts, pick_action
from bot.rules.walking_dead.crates import CRATE_VALUES
from bot.rules.walking_dead.setup import CONQUEST_PAWNS, SURVIVAL_SETUP

GAMES = 1000
CONQUEST_STEPS = 40
TO_THE_END = 30
MAX_STEPS = 60_000


def options(mode: str, seed: int) -> dict:
    opts = {"mode": mode, "defenders": "ask" if seed % 2 else "orders"}
    if mode == "survival":
        opts["claims"] = "random" if seed % 3 == 0 else "choose"
    else:
        opts["setup"] = "claim" if seed % 3 == 0 else "deal"
    return opts


class Blitz:
    """A random player that attacks: four times in five it picks one of its attacks at random and
    sends everything it can, rolling until decided; otherwise (and when it cannot attack) the
    uniform random pick of the legal forms that move the game on."""

    def __init__(self, seed: int) -> None:
        self.r = random.Random(seed)

    def action(self, state, seat: str) -> dict:
        legal = GAME.legal_actions(state, seat)
        attacks = [f for f in legal if f["type"] == "attack"]
        if attacks and self.r.randrange(5):
            f = attacks[self.r.randrange(len(attacks))]
            return {"type": "attack", "from": f["from"], "to": f["to"], "count": f["count"]["max"], "until": True}
        if any(f["type"] == "roll" for f in legal):
            return {"type": "roll", "until": True}
        return pick_action(GAME.moving(legal), self.r.randrange)


def check(state, mode: str, n: int) -> None:
    owner, troops = state["owner"], state["troops"]
    seats = set(state["seats"])
    factions = seats | ({"walkers"} if mode == "survival" else set())
    setup = state["setup"] is not None
    for t, o in owner.items():
        if o is None:
            assert setup and troops[t] == 0, t
        else:
            assert o in factions and troops[t] >= 1, (t, o, troops[t])
    crates = list(state["bag"]) + list(state["spent"])
    for s in state["seats"]:
        crates += state["players"][s]["hand"]
    assert len(crates) == len(CRATE_VALUES) and set(crates) == set(CRATE_VALUES)
    assert sum(p["grenades"] for p in state["players"].values()) <= (4 if mode == "survival" else 0)
    assert len(set(state["towers"])) == len(state["towers"]) <= (3 if mode == "survival" else 0)
    if setup:  # nobody fights before the first turn: pawns only move from the supply to the board
        start = SURVIVAL_SETUP[n].survivors if mode == "survival" else CONQUEST_PAWNS[n]
        for s in state["seats"]:
            placed = sum(troops[t] for t in owner if owner[t] == s)
            assert placed + state["pawns"][s] == start or s in state["out"], (s, placed, state["pawns"][s])
    assert state["reserve"] >= 0
    b = state["battle"]
    if b is not None:  # a pending attack: its survivors are committed, one stayed behind
        assert b["committed"] >= 1 and troops[b["from"]] >= 1 and owner[b["from"]] == b["attacker"]
        assert b["committed"] <= b["sent"] and owner[b["to"]] == b["defender"]
    if state["result"] is None:
        to_act = GAME.to_act(state)
        assert len(to_act) == 1 and to_act[0] not in state["out"]
        if mode == "survival":
            assert 1 <= state["marker"] <= 4
    else:
        assert all(w in seats for w in state["result"]["winners"])


def play(mode: str, n: int, seed: int, steps: int | None, blitz: bool = False) -> tuple[dict, int]:
    state, _ = GAME.start(SEATS[n], options(mode, seed), seed)
    r = random.Random(seed)
    policy = Blitz(seed) if blitz else None
    done = 0
    started = state["setup"] is None
    past = 0
    while GAME.outcome(state) is None:
        seat = GAME.to_move(state)
        action = policy.action(state, seat) if policy else GAME.random_action(state, seat, r.randrange)
        assert action is not None
        if done % 97 == 0:
            before = canonical(state)
            assert accepts(GAME.legal_actions(state, seat), action)
            new, _ = GAME.apply(state, seat, action)
            assert canonical(state) == before
        elif policy:
            new, _ = GAME.apply(state, seat, action)
        else:
            new, _ = GAME.apply_legal(state, seat, action)
        state = new
        check(state, mode, n)
        done += 1
        started = started or state["setup"] is None
        past += started
        if steps is not None and past >= steps:
            break
        assert done < MAX_STEPS, "the game does not end"
    return state, done


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4])
def test_survival_random_games_end_and_keep_the_invariants(n):
    reasons: Counter[str] = Counter()
    for seed in range(GAMES):
        state, _ = play("survival", n, seed, None)
        reasons[state["result"]["reason"]] += 1
    assert reasons["horde"] > GAMES // 2  # most random games end with the Horde
    json.loads(json.dumps(state))


@pytest.mark.slow
@pytest.mark.parametrize("n", [3, 4, 5])
def test_conquest_random_games_keep_the_invariants(n):
    for seed in range(GAMES):
        play("conquest", n, seed, CONQUEST_STEPS)


@pytest.mark.slow
@pytest.mark.parametrize("n", [3, 4, 5])
def test_conquest_random_games_end_with_the_last_group_standing(n):
    for seed in range(TO_THE_END):
        state, _ = play("conquest", n, seed, None, blitz=True)
        result = state["result"]
        assert result["reason"] in ("elimination", "conquest") and len(result["winners"]) == 1
        assert set(state["owner"].values()) == set(result["winners"])


def test_a_few_random_games_of_each_mode():
    for mode, n in (("survival", 2), ("survival", 4), ("conquest", 5)):
        for seed in range(3):
            play(mode, n, seed, None if mode == "survival" else CONQUEST_STEPS)
