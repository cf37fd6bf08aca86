"""The golden record of play: for every game, option set, player count and policy, a digest
of every move (seat, action) and every event of a fixed-seed game, plus its outcome and the
moderator moves (a skip and a kick) on the way. Written once before the issue-7 reshape
(``python -m tests.rules.golden``); ``test_golden.py`` replays it, so any change in how the
games play, move for move, fails a test."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from bot.rules import GAMES
from bot.rules.ai import GreedyPolicy, RandomPolicy
from bot.rules.base import SYSTEM
from bot.rules.play import play_out
from tests.rules.test_contract import variants

PATH = Path(__file__).parent / "data" / "golden.json"
SEEDS = (1, 2, 3)
POLICIES = {"random": RandomPolicy(), "greedy": GreedyPolicy()}


def cases() -> list[tuple[str, str, dict[str, Any], int, str, int]]:
    out = []
    for gid, game in GAMES.items():
        for opts in variants(game):
            for n in range(game.min_players, game.max_players + 1):
                for policy in POLICIES:
                    for seed in SEEDS:
                        key = f"{gid}|{json.dumps(opts, sort_keys=True)}|{n}|{policy}|{seed}"
                        out.append((key, gid, opts, n, policy, seed))
    return out


def digest(gid: str, opts: dict[str, Any], n: int, policy: str, seed: int) -> str:
    game = GAMES[gid]
    seats = [f"s{i}" for i in range(n)]
    h = hashlib.sha256()
    playout = play_out(game, seats, seed, POLICIES[policy], opts)
    h.update(json.dumps(game.opening_events(playout.state), sort_keys=True).encode())
    for moves, step in enumerate(playout, 1):
        h.update(json.dumps([step.seat, step.action, step.events], sort_keys=True).encode())
        if moves == 7 and n > 2:  # the moderator's moves, mid-game: a skip, then a kick
            for action in ({"type": "skip"}, {"type": "kick", "seat": seats[-1]}):
                if game.outcome(playout.state) is not None:
                    break
                after, events = game.apply_system(playout.state, action)
                playout.log.append((SYSTEM, action))
                playout.state = after
                h.update(json.dumps([SYSTEM, action, events], sort_keys=True).encode())
    h.update(json.dumps(playout.outcome, sort_keys=True).encode())
    return h.hexdigest()[:24]


def record() -> dict[str, str]:
    return {key: digest(gid, opts, n, policy, seed) for key, gid, opts, n, policy, seed in cases()}


if __name__ == "__main__":
    PATH.write_text(json.dumps(record(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {PATH}")
