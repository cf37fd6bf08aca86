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
from bot.rules.base import SYSTEM, canonical
from bot.rules.play import play_out
from tests.rules.test_contract import variants

PATH = Path(__file__).parent / "data" / "golden.json"
# The final state of each game, canonical JSON hashed: written at the start of issue 12
# (after the reshape changed the state's shape), so speed work changes no state either.
FINAL_PATH = Path(__file__).parent / "data" / "final_states.json"
SEEDS = (1, 2, 3)
POLICIES = {"random": RandomPolicy(), "greedy": GreedyPolicy()}


def cases() -> list[tuple[str, str, dict[str, Any], int, str, int]]:
    out = []
    for gid, game in GAMES.items():
        for opts in variants(game):
            for n in game.players(opts):  # a mode may narrow the counts (The Walking Dead)
                for policy in POLICIES:
                    for seed in SEEDS:
                        key = f"{gid}|{json.dumps(opts, sort_keys=True)}|{n}|{policy}|{seed}"
                        out.append((key, gid, opts, n, policy, seed))
    return out


def digest(gid: str, opts: dict[str, Any], n: int, policy: str, seed: int) -> str:
    return digests(gid, opts, n, policy, seed)[0]


def digests(gid: str, opts: dict[str, Any], n: int, policy: str, seed: int) -> tuple[str, str]:
    """(the moves and events' digest, the final state's digest) of one case."""
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
    final = hashlib.sha256(canonical(playout.state).encode()).hexdigest()[:24]
    return h.hexdigest()[:24], final


def record_finals() -> dict[str, str]:
    return {key: digests(gid, opts, n, policy, seed)[1] for key, gid, opts, n, policy, seed in cases()}


def add_game(gid: str) -> int:
    """A new game's cases ADDED to both records (moves and final states); every case already
    recorded keeps its digests as they are (nothing is recomputed). Returns how many were added."""
    golden = json.loads(PATH.read_text())
    finals = json.loads(FINAL_PATH.read_text())
    added = 0
    for key, g, opts, n, policy, seed in cases():
        if g != gid or key in golden or key in finals:
            continue
        golden[key], finals[key] = digests(g, opts, n, policy, seed)
        added += 1
    PATH.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n")
    FINAL_PATH.write_text(json.dumps(finals, indent=1, sort_keys=True) + "\n")
    return added


if __name__ == "__main__":
    import sys

    if sys.argv[1:2] == ["--add"] and len(sys.argv) == 3:  # --add <game id>: a new game's cases
        print(f"added {add_game(sys.argv[2])} cases of {sys.argv[2]}")
        raise SystemExit(0)
    if sys.argv[1:] != ["--rewrite-final-states"]:  # never rewritten by a slip of the hand
        raise SystemExit("usage: python -m tests.rules.golden --add GAME_ID   (a new game's cases)\n"
                         "       python -m tests.rules.golden --rewrite-final-states   (every game's final "
                         "states: only when an outcome is meant to change, reviewed)")
    # Only the final states' record is rewritten: the golden record of moves stays as it was
    # written before the reshape (delete a game's lines by hand to add a new game's).
    FINAL_PATH.write_text(json.dumps(record_finals(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {FINAL_PATH}")
