"""Seeded random games of 2, 3 and 4 players through the contract (``play_out`` with the
random policy), the invariants checked after every step: no empty zone, nothing inside a
closed factory, each leader in one place (a zone his seat holds) or the scrapyard, the day
within six, and the game over at the end of day 6 at the latest. Plus the contract's checks on
sampled steps: the JSON round trip, the replay from the log, refusals that change nothing, the
timeouts that end a game, the engine's pick equal to the contract's, and secrets kept (hands
and standing orders to their owner and, in the team game, the teammate).

1,000+ games are ``slow`` (about a minute of CPU); a few dozen run in the fast suite."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from bot.rules.ai import RandomPolicy
from bot.rules.base import SYSTEM, RuleError, canonical, clone
from bot.rules.compact import accepts, choose, pick_action
from bot.rules.play import Playout
from bot.rules.transformers import GAME
from bot.rules.transformers.game import check_state

SEATS = ["s0", "s1", "s2", "s3"]


def play(seed: int, n: int, options=None, every_step=None):
    p = Playout(GAME, SEATS[:n], seed, RandomPolicy(), options)
    steps = 0
    for step in p:
        steps += 1
        errors = check_state(GAME, step.after)
        assert not errors, (seed, n, step.action, errors)
        if every_step:
            every_step(step)
    state = p.state
    result = GAME.outcome(state)
    assert result is not None and state["day"] <= 6
    if result["reason"] in ("days", "launch_pad"):
        assert state["day"] == 6
    return p, steps


def run(seeds, counts=(2, 3, 4), asked=None) -> dict[str, int]:
    """Every fifth game with the players' own starting placement, the odd ones with leaders
    drawn. ``asked``: counts the battles' questions by kind."""
    reasons: dict[str, int] = {}

    def count(step) -> None:
        for e in step.events:
            if e["type"] == "ask":
                asked[e["kind"]] = asked.get(e["kind"], 0) + 1

    for seed in seeds:
        n = counts[seed % len(counts)]
        options = {"setup": "place" if seed % 5 == 0 else "deal", "leaders": "random" if seed % 2 else "choose"}
        p, _ = play(seed, n, options, count if asked is not None else None)
        reason = p.state["result"]["reason"]
        reasons[reason] = reasons.get(reason, 0) + 1
    return reasons


def test_random_games_keep_the_invariants() -> None:
    reasons = run(range(36))
    assert sum(reasons.values()) == 36


@pytest.mark.slow
def test_a_thousand_random_games_keep_the_invariants() -> None:
    asked: dict[str, int] = {}
    reasons = run(range(1000, 2050), asked=asked)
    assert sum(reasons.values()) == 1050
    assert asked.get("bonus", 0) > 0 and asked.get("escape", 0) > 0, asked  # both questions met and answered
    assert reasons.get("launch_pad", 0) > 0 and reasons.get("days", 0) > 0


def test_the_engines_pick_is_the_contracts() -> None:
    for seed, n in ((1, 2), (2, 3), (3, 4)):
        r = random.Random(seed)

        def check(step, r=r):
            before, seat = step.before, step.seat
            if GAME.outcome(before) is not None:
                return
            k = r.randrange(1 << 30)
            mine = GAME.random_action(before, seat, random.Random(k).randrange)
            theirs = pick_action(GAME.moving(GAME.legal_actions(before, seat)), random.Random(k).randrange)
            assert mine == theirs
            assert accepts(GAME.legal_actions(before, seat), step.action)
        play(seed, n, every_step=check)


def leaks(state) -> list[str]:
    """A seat's hand and standing orders changed: only that seat's view (and its teammate's)
    may change; the public view never."""
    problems = []
    seats = state["seats"]
    public = GAME.view(state, None)
    json.dumps(public)
    views = {s: GAME.view(state, s) for s in seats}
    for owner in seats:
        changed = clone(state)
        player = changed["players"][owner]
        player["hand"] = [c for c in GAME.data.cards if c not in player["hand"]][:len(player["hand"]) + 1]
        player["stance"] = {"dice": 1, "leader": False, "lose": "first"}
        player["defence"] = "never" if GAME.defence_order(state, owner) != "never" else "save"
        if GAME.view(changed, None) != {**public, "players": GAME.view(changed, None)["players"]}:
            problems.append(f"the public view shows {owner}'s secrets")
        counts = {s: p["cards"] for s, p in GAME.view(changed, None)["players"].items()}
        if counts[owner] != len(player["hand"]):
            problems.append("hand sizes are public")
        for s in seats:
            sees = s == owner or s in state["teams"][owner]
            same = GAME.view(changed, s).get("you") == views[s].get("you") and \
                GAME.view(changed, s).get("teammate") == views[s].get("teammate")
            if same == sees:
                problems.append(f"{s} {'does not see' if sees else 'sees'} {owner}'s secrets")
    return problems


@pytest.mark.parametrize(("n", "options"), [(2, {}), (3, {"setup": "place"}), (4, {"leaders": "random"}),
                                            (4, {"setup": "place"})])
def test_the_contract_on_sampled_steps(n: int, options) -> None:
    seats = SEATS[:n]
    p = Playout(GAME, seats, 40 + n, RandomPolicy(), options)
    steps = list(itertools.islice(p, 400))
    assert GAME.outcome(p.state) is not None
    picked = set(range(0, len(steps), max(1, len(steps) // 10))) | {len(steps) - 1}
    for i, (before, seat, action, after, events) in enumerate(steps):
        public = GAME.events_for(events, None)
        assert all("private" not in e for e in public)
        if i not in picked:
            continue
        text = json.dumps(after, allow_nan=False)
        assert canonical(json.loads(text)) == canonical(after)
        assert canonical(GAME.replay(seats, options, 40 + n, p.log[: i + 1])) == canonical(after)
        frozen = canonical(before)
        for who, junk in (("nobody", action), (seat, {"type": "nope"}), (seat, {**action, "extra": 1}),
                          *[(s, action) for s in seats if s != seat and action["type"] not in GAME.anytime_actions]):
            with pytest.raises(RuleError):
                GAME.apply(before, who, junk)
        assert canonical(before) == frozen
        assert not leaks(after)
    with pytest.raises(RuleError):
        GAME.apply(p.state, seats[0], {"type": "end_turn"})


@pytest.mark.parametrize(("n", "options"), [(2, {}), (3, {}), (4, {}), (3, {"setup": "place"})])
def test_timeouts_alone_end_a_game_and_replay(n: int, options) -> None:
    seats = SEATS[:n]
    for seed, every in ((5, 1), (6, 3)):
        rnd = random.Random(seed)
        state = GAME.setup(seats, options, seed)
        log = []
        for step in range(5_000):
            if GAME.outcome(state) is not None:
                break
            if step % every == 0:
                frozen = canonical(state)
                state_after, events = GAME.apply_system(state, {"type": "timeout"})
                assert canonical(state) == frozen and events[0]["type"] == "timeout"
                state = state_after
                log.append((SYSTEM, {"type": "timeout"}))
            else:
                seat = GAME.current(state)
                action = GAME.random_action(state, seat, rnd.randrange)
                default = GAME.default_action(state, seat)
                assert accepts(GAME.legal_actions(state, seat), default)
                state, _ = GAME.apply(state, seat, action)
                log.append((seat, action))
            assert not check_state(GAME, state)
        assert GAME.outcome(state) is not None
        assert canonical(GAME.replay(seats, options, seed, log)) == canonical(state)


@pytest.mark.parametrize("n", [2, 4])
def test_apply_never_touches_its_input(n: int) -> None:
    """Copy on write: each state, as it was when made, is the next step's input unchanged
    after the engine applied a move to it (and after a lookahead of every legal form)."""
    made: list[str] = []
    rnd = random.Random(n)

    def check(step):
        if made:
            assert canonical(step.before) == made[-1]
        made.append(canonical(step.after))
        if GAME.outcome(step.after) is None:
            seat = GAME.current(step.after)
            for form in GAME.legal_actions(step.after, seat)[:12]:
                try:
                    GAME.apply(step.after, seat, choose(form, rnd.randrange))
                except RuleError:
                    pass
            assert canonical(step.after) == made[-1]

    play(70 + n, n, {"setup": "place"} if n == 4 else None, every_step=check)
