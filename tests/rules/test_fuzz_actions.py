"""Every action form of every game, thrown at every kind of state: a clean refusal or a listed move.

For all five games, each mode and option value (:func:`variants`), seeded random games give
states in every phase (claims, placements, battles, questions asked, finished games). At each
sampled state, for the seat to act, another seat and a seat out of the game, every action
*type* the game's schema knows is sent with plausible parts (the names and numbers the legal
forms use now, every component id of the game) and absurd ones (0, -1, a million, ``True``,
``None``, text, lists), parts left out and parts added; with them, the concrete actions of
the legal forms of every seat. Each one either

* is refused with the project's refusal (:class:`~bot.rules.errors.RuleError` or its family),
  the state unchanged — never ``KeyError`` or any other crash; or
* is accepted, and then it is among the concrete actions the seat's compact
  ``legal_actions`` stand for (:func:`bot.rules.compact.accepts`): a move is accepted only
  if it is listed (and, the other way, a listed one thrown is never refused).

The fast test is in the default run; a bigger one (more seeds, more states) is marked
``slow``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from bot.rules import GAMES
from bot.rules.base import Game, RuleError, State, canonical
from bot.rules.compact import accepts, expand

OUTSIDER = "not-seated"

ABSURD: list[Any] = [0, -1, 1, 2, 3, 4, 7, 10**6, 10**12, -(10**9), True, False, None, "", "x", "{0}",
                     1.5, [], {}, ["a"], {"a": 1}]


def variants(game: Game) -> list[dict[str, Any]]:
    """The defaults, then each option set to each other value it offers."""
    out: list[dict[str, Any]] = [{}]
    for opt in game.options:
        values = (True, False) if opt.kind == "bool" else opt.choices
        out += [{opt.name: v} for v in values if v != opt.default]
    return out


CASES = [(gid, opts) for gid, game in GAMES.items() for opts in variants(game)]


def case_id(case: tuple[str, dict[str, Any]]) -> str:
    gid, opts = case
    return gid + "-" + ("-".join(f"{k}={v}" for k, v in opts.items()) or "default")


def random_states(game: Game, players: int, options: dict[str, Any], seed: int, every: int,
                  limit: int) -> Iterator[State]:
    """Every ``every``-th state of a seeded random game (and its last), a kick now and then."""
    rnd = random.Random(f"{game.id}-{players}-{options}-{seed}")
    seats = [f"s{i}" for i in range(players)]
    state = game.setup(seats, options, seed)
    kicked = False
    for step in range(limit):
        if game.outcome(state) is not None:
            break
        if step % every == every - 1:
            yield state
        if not kicked and players > 2 and rnd.random() < 0.003:
            kicked = True
            state, _ = game.apply_system(state, {"type": "kick", "seat": rnd.choice(seats)})
            continue
        seat = game.to_move(state)
        if seat is None:
            break
        action = game.random_action(state, seat, rnd.randrange)
        if action is None:
            break
        state, _ = game.apply(state, seat, action)
    yield state


def component_ids(game: Game) -> list[str]:
    ids: set[str] = set()
    for names in game.component_names().values():
        ids.update(k for k in names if isinstance(k, str))
    return sorted(ids)


def candidates(game: Game, state: State, legal: dict[str, list[dict[str, Any]]], rnd: random.Random,
               per_type: int) -> list[Any]:
    """The actions to throw: every schema type with plausible and absurd parts, and the legal
    forms' own concrete actions (some with a part left out or added)."""
    concrete: list[dict[str, Any]] = []
    for forms in legal.values():
        for form in forms:
            some = expand([form], 60)
            concrete += rnd.sample(some, min(3, len(some)))
    pool: dict[str, list[Any]] = {}
    for a in concrete:
        for key, value in a.items():
            if key != "type":
                pool.setdefault(key, []).append(value)
    ids = component_ids(game)
    seats = list(state["seats"])
    out: list[Any] = list(concrete)
    for a in rnd.sample(concrete, min(6, len(concrete))):
        keys = [k for k in a if k != "type"]
        if keys:
            gone = rnd.choice(keys)
            out.append({k: v for k, v in a.items() if k != gone})
            out.append({**a, gone: rnd.choice(ABSURD)})
    for kind, fields in game.schema.types.items():
        for _ in range(per_type):
            action: dict[str, Any] = {"type": kind}
            for key, field in fields.items():
                roll = rnd.random()
                if roll < 0.12:
                    continue  # left out
                if roll < 0.3:
                    action[key] = rnd.choice(ABSURD)
                    continue
                good = [v for v in pool.get(key, []) + ids + seats + ABSURD if _ok(field.ok, v)]
                action[key] = rnd.choice(good) if good else rnd.choice(ABSURD)
            out.append(action)
    return out


def _ok(ok: Any, value: Any) -> bool:
    try:
        return bool(ok(value))
    except Exception:  # noqa: BLE001 - a predicate that cannot read a value refuses it
        return False


def check(game: Game, state: State, rnd: random.Random, per_type: int) -> tuple[int, list[str]]:
    """Throw the candidates at ``state`` from each kind of seat; the problems found."""
    everyone = list(state["seats"])
    out_seats = [s for s in state.get("out", []) if s in everyone]
    seats = list(dict.fromkeys([*game.to_act(state), rnd.choice(everyone), *out_seats[:1], OUTSIDER]))
    legal = {s: game.legal_actions(state, s) for s in seats}
    cands = candidates(game, state, legal, rnd, per_type)
    before = canonical(state)
    problems: list[str] = []
    n = 0
    phase = game.turn_info(state).phase
    for seat in seats:
        for action in cands:
            n += 1
            try:
                game.apply(state, seat, action)
            except RuleError as err:
                if accepts(legal[seat], action):
                    problems.append(f"{game.id} phase={phase} {seat}: {str(action)[:120]} listed but refused "
                                    f"({err.key})")
                continue
            except Exception as exc:  # noqa: BLE001 - any other exception is the finding
                problems.append(f"{game.id} phase={phase} {seat}: {str(action)[:120]} -> "
                                f"{type(exc).__name__}: {exc}")
                continue
            if not accepts(legal[seat], action):
                problems.append(f"{game.id} phase={phase} {seat}: {str(action)[:120]} accepted but not listed")
    if canonical(state) != before:
        problems.append(f"{game.id} phase={phase}: the state changed")
    return n, problems


def run(game_id: str, options: dict[str, Any], seeds: range, every: int, limit: int, per_type: int) -> None:
    game = GAMES[game_id]
    rnd = random.Random(f"fuzz-{game_id}-{options}")
    problems: list[str] = []
    thrown = 0
    counts = list(game.players(options))
    for seed in seeds:
        players = counts[seed % len(counts)]
        for state in random_states(game, players, options, seed, every, limit):
            n, found = check(game, state, rnd, per_type)
            thrown += n
            problems += found
    assert thrown > 300
    assert not problems, f"{len(problems)} of {thrown} actions:\n" + "\n".join(problems[:25])


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_every_action_is_a_clean_refusal_or_listed(case: tuple[str, dict[str, Any]]) -> None:
    gid, options = case
    run(gid, options, range(3), every=9, limit=500, per_type=3)


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_every_action_is_a_clean_refusal_or_listed_at_length(case: tuple[str, dict[str, Any]]) -> None:
    gid, options = case
    run(gid, options, range(3, 15), every=6, limit=2000, per_type=4)
