"""Risk Peaky Blinders played to the end with random legal actions through ``play_out`` (the
engine contract only: setup / legal_actions / apply / outcome), invariants checked after every step;
other players change their standing defence orders now and then, and on a sample of states
``legal_actions`` is exactly what ``apply`` accepts and refusals leave the state untouched."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.rules.ai import GreedyPolicy, RandomPolicy
from bot.rules.base import Rng, canonical
from bot.rules.compact import choose
from bot.rules.peaky_blinders.game import NEUTRAL, PeakyBlinders
from bot.rules.play import play_out
from tests.rules.test_legal_actions import check_state

G = PeakyBlinders()


SEATS = ["s1", "s2", "s3", "s4", "s5"]
MAX_STEPS = 20_000


def members(st: dict) -> int:
    """Members on the board plus those out fighting in a pending attack."""
    return sum(st["troops"].values()) + (st["battle"]["committed"] if st["battle"] else 0)


def member_delta(events: list[dict]) -> int:
    """What the rules say the number of members changed by, from the events."""
    d = 0
    for e in events:
        t = e["type"]
        if t == "place":
            d += e["count"]
        elif t == "neutral":
            d += sum(e["placements"].values())
        elif t == "roll":
            d -= e["att_losses"] + e["def_losses"]
        elif t == "power_flipped" and e["result"] == "lose":
            d -= sum(e["losses"].values())
    return d


def check(before: dict, after: dict, events: list[dict]) -> None:
    board = G.board
    factions = set(after["seats"]) | {NEUTRAL + g for g in after["neutrals"]}
    for t in board.order:
        assert after["owner"][t] in factions, (t, after["owner"][t])
        assert after["troops"][t] >= 1, t  # never an empty territory
    # Members change only by placement, battle losses and powers.
    assert members(after) == members(before) + member_delta(events)
    # Every card is somewhere, exactly once.
    cards = list(after["deck"]) + after["discard"]
    for p in after["players"].values():
        cards += p["hand"]
    for c in after["neutral_rewards"].values():
        cards += c
    assert len(cards) == 42 and sorted(cards) == sorted(board.order)
    # The Crown never moves back.
    if before["crown"] is not None:
        assert after["crown"]["step"] >= before["crown"]["step"]
        assert 0 <= after["crown"]["step"] <= 23
    assert after["reserve"] >= 0
    for s in after["seats"]:
        n = sum(1 for o in after["owner"].values() if o == s)
        assert (n == 0) == (s in after["out"])
    powers = sum(len(p["powers"]) for p in after["players"].values()) + len(after["power_discard"])
    assert powers == (6 if len(after["seats"]) == 2 else 2 * len(after["seats"]))
    # Missions: only territories taken by an attack count, at the start of the owner's turn.
    assert set(after["taken"]) <= set(board.order) and set(before["taken"]) <= set(after["taken"])
    for e in events:
        if e["type"] in ("turn", "mission_completed"):
            seat = e["seat"]
            for m in after["players"][seat]["missions"]:
                mission = G.data.missions[m["id"]]
                counts = all(G.counts_for_mission(after, seat, t) for t in mission.territories)
                if e["type"] == "turn" and not m["done"]:
                    assert (m["held"] > 0) == counts, (seat, m)
                if e["type"] == "mission_completed" and e["mission"] == m["id"]:
                    assert counts and m["done"]
    # Plain JSON, round trip exact.
    assert json.loads(json.dumps(after)) == after


class Aggressive:
    """A policy that finishes games without the Crown: mass on the front, attack to the end."""

    def choose(self, game: PeakyBlinders, st: dict, seat: str, legal: list[dict], rng: Rng) -> dict:
        kinds = {a["type"]: a for a in legal}
        if st["phase"] == "place":
            for k in ("trade", "neutral"):
                if k in kinds:
                    return choose(kinds[k], rng.below)
            if "place" in kinds:
                front = [t for t in kinds["place"]["territory"]
                         if any(st["owner"][n] != seat for n in game.board.neighbours(t))]
                options = front or kinds["place"]["territory"]
                return {"type": "place", "territory": options[rng.below(len(options))]}
            return {"type": "end_placement"}
        if st["phase"] == "battle":
            return {"type": "roll", "until": True}
        attacks = [a for a in legal if a["type"] == "attack" and a["count"]["max"] >= 3]
        if attacks and st["phase"] == "attack":
            a = max(attacks, key=lambda x: x["count"]["max"] - st["troops"][x["to"]])
            return {"type": "attack", "from": a["from"], "to": a["to"], "count": a["count"]["max"], "until": True}
        return {"type": "end_turn"}


POLICIES = {"random": RandomPolicy(), "aggressive": Aggressive()}


def play(n: int, seed: int, options: dict[str, Any] | None = None, policy: str = "random",
         full_checks: bool = True) -> tuple[dict, list[tuple[str, dict]], int]:
    """One game through ``play_out``; between steps, now and then, a seat (maybe not the one to
    act) changes its standing defence order."""
    options = options or {}
    rnd = random.Random(seed * 7919 + n)
    playout = play_out(G, SEATS[:n], seed, POLICIES[policy], options, max_actions=MAX_STEPS)
    frozen = canonical(playout.state) if full_checks else ""
    steps = 0
    for before, _seat, _action, after, events in playout:
        if full_checks:
            assert canonical(before) == frozen  # apply never touches its input
        check(before, after, events)
        steps += 1
        if full_checks and steps % 150 == 75:
            check_state(G, after, rnd)  # legal = accepted, refusals leave no trace
        if G.outcome(after) is None and rnd.random() < 0.03:
            seat = rnd.choice(after["order"])
            orders = [a for a in G.legal_actions(after, seat) if a["type"] == "defence"]
            if orders:
                step = playout.push(seat, {"type": "defence", "order": rnd.choice(orders[0]["order"])})
                check(step.before, step.after, step.events)
                steps += 1
        if full_checks:
            frozen = canonical(playout.state)
    st = playout.state
    out = G.outcome(st)
    assert out is not None and st["phase"] == "over" and G.to_act(st) == []
    assert all(G.legal_actions(st, s) == [] for s in st["seats"])
    assert set(out["scores"]) == set(st["seats"])
    assert G.view(st)["winners"] == out["winners"]
    return st, playout.log, steps


def crown_games(n: int, seeds: range) -> dict[str, int]:
    reasons: dict[str, int] = {}
    for seed in seeds:
        options: dict[str, Any] = {"gangs": "random"} if seed % 2 else {}
        if seed % 3 == 1:
            options["trades"] = "one"
        if seed % 5 == 2:
            options["beaten_stops_attacks"] = False
        st, _, _ = play(n, seed, options)
        reason = G.outcome(st)["reason"]
        reasons[reason] = reasons.get(reason, 0) + 1
    return reasons


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_random_games_with_the_crown(n: int) -> None:
    """A sample in the everyday suite (every invariant, every option); thousands under -m slow."""
    reasons = crown_games(n, range(1000, 1012))
    assert set(reasons) <= {"crown", "double_six", "conquest", "elimination"}, reasons


@pytest.mark.slow
@pytest.mark.parametrize(("n", "block"), [(n, b) for n in (2, 3, 4, 5) for b in range(2)])
def test_thousands_of_random_games_with_the_crown(n: int, block: int) -> None:
    reasons = crown_games(n, range(block * 130, (block + 1) * 130))
    assert reasons.get("crown", 0) > 0


def test_replay_from_the_log_is_identical() -> None:
    for n, seed in ((2, 11), (3, 12), (4, 13), (5, 14)):
        st, log, _ = play(n, seed)
        again = G.replay(SEATS[:n], {}, seed, log)
        assert canonical(again) == canonical(st)


@pytest.mark.parametrize(("n", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_games_without_the_crown_end_by_conquest(n: int, seed: int) -> None:
    st, _, _ = play(n, seed, {"crown": False}, policy="aggressive", full_checks=False)
    assert G.outcome(st)["reason"] in ("conquest", "elimination")
    assert len(G.outcome(st)["winners"]) == 1


@pytest.mark.parametrize("n", [2, 4])
def test_apply_never_touches_its_input_under_a_lookahead(n: int) -> None:
    """The working copy shares what an action does not change with the state before (copy on
    write): a greedy seat applies a dozen actions to one state per move, and not one of them
    may leave a trace in it, nor in any earlier state of the game."""
    playout = play_out(G, SEATS[:n], 40 + n, GreedyPolicy(), max_actions=400)
    seen: list[tuple[dict, str]] = []
    for before, _seat, _action, after, _events in playout:
        seen.append((before, canonical(before)))
        for st, frozen in seen[-40:]:
            assert canonical(st) == frozen
        check(before, after, _events)
        if G.outcome(after) is not None or len(seen) >= 300:
            break
