"""Zombie Town through the engine contract, unregistered: the checks of
``tests/rules/test_contract.py`` (which take a game) run on the engine object itself, with its
secrets declared here and a stand-in presenter (its words come next session) that shows
everything the views and public events give it."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest

import tests.rules.test_contract as contract
from bot.rules.ai import RandomPolicy
from bot.rules.base import SYSTEM, RuleError, State, canonical
from bot.rules.compact import accepts, expand
from bot.rules.events import events_for
from bot.rules.play import play_out
from bot.rules.zombie_town import GAME
from tests.rules.test_legal_actions import applies, expansions, mutations
from tests.rules.zombie_town.zt_secrets import ZT_SECRETS


class ShowAll:
    """A presenter that writes out whatever it is handed (a public view, a seat's view, the
    public events): a leak in what it is given shows in its text."""

    def status(self, view: dict[str, Any], names: dict[str, str], lang: str) -> str:
        return json.dumps(view, sort_keys=True)

    def prompt(self, view: dict[str, Any], names: dict[str, str], lang: str) -> str:
        return str(view.get("current"))

    def hand(self, view: dict[str, Any], seat: str, names: dict[str, str], lang: str) -> str:
        return json.dumps(view.get("you"), sort_keys=True)

    def narrate(self, events: list[dict[str, Any]], names: dict[str, str], lang: str) -> list[str]:
        return [json.dumps(e, sort_keys=True) for e in events_for(events, None)]


@pytest.fixture
def as_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(contract.SECRETS, GAME.id, ZT_SECRETS)
    monkeypatch.setattr(contract, "presenter", lambda gid: ShowAll())


CASES = [(n, rr) for n in (2, 3, 4, 6) for rr in (True, False)]
FAST = [pytest.param(n, rr, 1, 150, 5) for n, rr in CASES if n != 4]
SLOW = [pytest.param(n, rr, seed, 600, 20, marks=pytest.mark.slow) for n, rr in CASES for seed in (7, 8, 9)]


@pytest.mark.parametrize(("players", "road_rage", "seed", "steps", "samples"), FAST + SLOW)
def test_contract(players: int, road_rage: bool, seed: int, steps: int, samples: int, as_registered: None) -> None:
    seats = contract.seat_names(players)
    options = {"road_rage": road_rage}
    r = random.Random(f"zt-{players}-{road_rage}-{seed}")
    playout = play_out(GAME, seats, seed, RandomPolicy(), options)
    problems = contract.view_leaks(GAME, playout.start, r)
    problems += contract.event_leaks(GAME, GAME.opening_events(playout.start), seats)
    played = list(itertools.islice(playout, steps))
    picked = set(range(0, len(played), max(1, len(played) // samples))) | {len(played) - 1}
    for i, (before, seat, action, after, events) in enumerate(played):
        problems += [f"step {i}: {p}" for p in contract.event_leaks(GAME, events, seats)]
        if i not in picked:
            continue
        text = json.dumps(after, allow_nan=False)
        assert canonical(json.loads(text)) == canonical(after)
        replayed = GAME.replay(seats, options, seed, playout.log[: i + 1])
        assert canonical(replayed) == canonical(after), f"step {i}: replay differs"
        problems += [f"step {i}: {p}" for p in contract.refusal_problems(GAME, before, action, seat)]
        problems += [f"step {i}: {p}" for p in contract.view_leaks(GAME, after, r)]
        problems += [f"step {i}: {p}" for p in contract.turn_problems(GAME, before, after)]
    assert not problems, "\n".join(problems[:20])


def test_the_checker_catches_a_leak_of_the_key_under_a_house(as_registered: None) -> None:
    state = GAME.setup(["a", "b", "c"], {}, 4)
    house = next(h for h, x in state["houses"].items() if x["key"] is not None)

    def leaky(st: State, seat: str | None = None) -> dict[str, Any]:
        v = GAME.view(st, seat)
        v["houses"][house]["key"] = st["houses"][house]["key"]
        return v

    assert contract.view_leaks(GAME, state, random.Random(1), leaky)


@pytest.mark.parametrize(("players", "road_rage"), [(2, True), (3, False), (6, True)])
def test_turns_default_action_and_timeouts(players: int, road_rage: bool) -> None:
    seats = contract.seat_names(players)
    options = {"road_rage": road_rage}
    state, opening = GAME.start(seats, options, 3)
    assert opening == GAME.opening_events(state) and opening
    problems = []
    for i, (before, seat, _a, after, _e) in enumerate(itertools.islice(play_out(GAME, seats, 3, RandomPolicy(),
                                                                                options), 300)):
        problems += [f"step {i}: {p}" for p in contract.turn_problems(GAME, before, after)]
        default = GAME.default_action(before, seat)
        if not accepts(GAME.legal_actions(before, seat), default):
            problems.append(f"step {i}: default {default} is not legal")
    assert not problems, "\n".join(problems[:20])
    for seed, every in ((5, 1), (6, 3)):
        rnd = random.Random(seed)
        state = GAME.setup(seats, options, seed)
        log: list[tuple[str, dict[str, Any]]] = []
        for step in range(5_000):
            if GAME.outcome(state) is not None:
                break
            if step % every == 0:
                frozen = canonical(state)
                after, events = GAME.apply_system(state, {"type": "timeout"})
                assert canonical(state) == frozen and events[0]["type"] == "timeout"
                state = after
                log.append((SYSTEM, {"type": "timeout"}))
            else:
                seat = GAME.current(state)
                action = GAME.random_action(state, seat, rnd.randrange)
                state, _ = GAME.apply(state, seat, action)
                log.append((seat, action))
            GAME.check(state)
        assert every > 1 or GAME.outcome(state) is not None, "timeouts alone did not end the game"
        assert canonical(GAME.replay(seats, options, seed, log)) == canonical(state)


@pytest.mark.parametrize("seed", (2, 9))
def test_legal_actions_are_exactly_what_apply_accepts(seed: int) -> None:
    """Every listed action is accepted; of the candidates (expansions of the forms and their
    mutations), exactly the listed ones are."""
    rnd = random.Random(seed)
    seats = ["a", "b", "c"]
    playout = play_out(GAME, seats, seed, RandomPolicy(), {"road_rage": True})
    for i, (before, _seat, _a, _after, _e) in enumerate(itertools.islice(playout, 200)):
        if i % 5:
            continue
        for seat in [*seats, "outsider"]:
            legal = GAME.legal_actions(before, seat)
            for form in legal:
                for a in expand([form], 6):
                    assert applies(GAME, before, seat, a), (before["phase"], seat, a)
            cands = expansions(legal, rnd)
            cands += mutations(cands, rnd)
            for a in cands:
                assert applies(GAME, before, seat, a) == accepts(legal, a), (before["phase"], seat, a)


def test_skip_and_kick() -> None:
    seats = ["a", "b", "c"]
    state = GAME.setup(seats, {}, 11)
    state, events = GAME.apply_system(state, {"type": "skip"})  # in the deal: keeps the first three
    assert events[0]["type"] == "skipped"
    kicked = GAME.current(state)
    state, _ = GAME.apply_system(state, {"type": "kick", "seat": kicked})
    assert kicked in GAME.turn_info(state).out and state["players"][kicked]["pos"] is None
    GAME.check(state)
    for _ in range(3):
        state, _ = GAME.apply_system(state, {"type": "timeout"})
        GAME.check(state)
    with pytest.raises(RuleError):
        GAME.apply_system(state, {"type": "kick", "seat": kicked})
