"""Game states to test the contract on, from seeded random play of every game.

The property tests (legal actions = what ``apply`` accepts, junk actions refused without a
trace) need many different states: every phase, pending battles, two-player neutrals, players
out, kicked players, standing orders changed, finished games. Random play through the engine
contract gives them; the seeds make every run the same.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from bot.rules import GAMES
from bot.rules.base import SYSTEM, Game, State

EXPRESS = GAMES["risk_express"]
PEAKY = GAMES["peaky_blinders"]


def random_move(game: Game, state: State, seat: str, rnd: random.Random) -> dict[str, Any]:
    return game.random_action(state, seat, rnd.randrange)


def play(game: Game, seats: list[str], seed: int, options: dict[str, Any] | None = None,
         every: int = 1, limit: int = 400, picks: dict[str, dict[str, str]] | None = None) -> Iterator[State]:
    """Every ``every``-th state of one random game (and its last), with, now and then, a
    standing order changed by another seat and a player kicked."""
    rnd = random.Random(seed * 7_919 + len(seats))
    state = game.setup(seats, options or {}, seed, picks)
    step = 0
    kicked = False
    while game.outcome(state) is None and step < limit:
        if step % every == 0:
            yield state
        step += 1
        (seat,) = game.to_act(state)
        if game.anytime_actions and rnd.random() < 0.05:
            other = rnd.choice(state["seats"])
            forms = [a for a in game.legal_actions(state, other) if a["type"] in game.anytime_actions]
            if forms:
                form = rnd.choice(forms)
                state, _ = game.apply(state, other, {**form, "order": rnd.choice(form["order"])})
                continue
        if not kicked and len(state["seats"]) > 2 and rnd.random() < 0.004:
            kicked = True
            gone = rnd.choice([s for s in state["seats"] if s != seat])
            state, _ = game.apply_system(state, {"type": "kick", "seat": gone})
            continue
        state, _ = game.apply(state, seat, random_move(game, state, seat, rnd))
    yield state


def express_states(games: int = 12, every: int = 9) -> Iterator[State]:
    for seed in range(games):
        players = 2 + seed % 5
        yield from play(EXPRESS, [f"s{i}" for i in range(players)], seed,
                        {"continue_attempt": seed % 2 == 0}, every)


def peaky_states(games: int = 12, every: int = 40) -> Iterator[State]:
    for seed in range(games):
        players = 2 + seed % 4
        options: dict[str, Any] = {"crown": seed % 3 != 0, "beaten_stops_attacks": seed % 4 != 1,
                                   "trades": "one" if seed % 2 else "any"}
        if seed % 5 == 4:
            options["gangs"] = "random"
        yield from play(PEAKY, [f"s{i}" for i in range(players)], seed, options, every, limit=900)


__all__ = ["EXPRESS", "PEAKY", "SYSTEM", "express_states", "peaky_states", "play", "random_move"]
