"""AI seats (issue 14): an arena per game and mode, with its figures beside the targets.

For every game and mode: ``normal`` against uniformly random play in two-seat games (target
≥ 95 % won) and at the most seats (target: a seat's expected share or better), ``normal``
against the one-move-lookahead greedy player (target ≥ 65 %), each with its 95 % Wilson
interval; then the decision time of ``normal`` under a budget (p95 within the budget + 10 %,
CPU time: the machine is shared) and the memory one decision takes (tracemalloc peak, target
≤ 200 MB). Seeds 1…N; ``--games`` per match (the intervals say how much that is worth).

    .venv/bin/python bench/bench_arena.py [--games 40] [--budget 1.0] [--only risk_express …]
"""

from __future__ import annotations

import argparse
import time
import tracemalloc

import _path  # noqa: F401

from bot.arena import play_match, wilson
from bot.rules import GAMES
from bot.rules.ai import RandomPolicy, make_policy
from bot.rules.base import Rng
from bot.rules.play import play_out

KINDS = [("risk_express", {}), ("peaky_blinders", {}), ("zombie_town", {}), ("walking_dead", {"mode": "survival"}),
         ("walking_dead", {"mode": "conquest"}), ("transformers", {})]


def decision_costs(game_id: str, options: dict, budget: float, decisions: int = 40) -> tuple[float, float, float]:
    """p50 and p95 CPU seconds of ``normal`` deciding under ``budget`` (its iterations raised so
    the clock is what stops it), and the largest tracemalloc peak of one decision, in MB."""
    game = GAMES[game_id]
    seats = [f"p{i}" for i in range(min(game.players(options)))]
    times: list[float] = []
    peak = 0.0
    for seed in range(1, 20):
        playout = play_out(game, seats, seed, RandomPolicy(), options)
        for i, step in enumerate(playout):
            if i % 5 or game.to_move(step.after) is None:
                continue
            state, seat = step.after, game.to_move(step.after)
            legal = game.legal_actions(state, seat)
            deadline = time.process_time() + budget
            policy = make_policy("normal", iterations=10**6, stop=lambda d=deadline: time.process_time() >= d)
            tracemalloc.start()
            start = time.process_time()
            policy.choose(game, state, seat, legal, Rng(i))
            times.append(time.process_time() - start)
            peak = max(peak, tracemalloc.get_traced_memory()[1] / 1e6)
            tracemalloc.stop()
            if len(times) >= decisions:
                break
        if len(times) >= decisions:
            break
    times.sort()
    return times[len(times) // 2], times[min(len(times) - 1, int(0.95 * len(times)))], peak


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--budget", type=float, default=1.0, help="seconds per decision for the timing (default 1)")
    ap.add_argument("--decisions", type=int, default=20, help="decisions timed per game and mode")
    ap.add_argument("--only", nargs="*", default=None)
    args = ap.parse_args()
    for game_id, options in KINDS:
        if args.only and game_id not in args.only:
            continue
        label = game_id + (f" ({options['mode']})" if "mode" in options else "")
        counts = GAMES[game_id].players(options)
        two = 2 if 2 in counts else min(counts)
        most = max(counts)
        for b, players, target in (("random", two, 0.95 if two == 2 else 1 / two),
                                   ("random", most, 1 / most), ("greedy", two, 0.65 if two == 2 else 1 / two)):
            t = time.process_time()
            m = play_match(game_id, "normal", b, args.games, players, 1, options)
            lo, hi = wilson(m.wins, m.games)
            verdict = "met" if m.share >= target else "NOT met"
            print(f"{label:30} normal vs {b:6} {players} seats: {m.wins:g}/{m.games} = {100 * m.share:3.0f} %"
                  f" (95 % CI {100 * lo:.0f}–{100 * hi:.0f}) target ≥ {100 * target:.0f} %: {verdict}"
                  + (f"; {m.draws} game(s) nobody won" if m.draws else "")
                  + f" [{time.process_time() - t:.0f} s CPU]", flush=True)
        p50, p95, peak = decision_costs(game_id, options, args.budget, args.decisions)
        ok = p95 <= 1.1 * args.budget and peak <= 200
        print(f"{label:30} decisions under a {args.budget:g} s budget: p50 {p50:.2f} s, p95 {p95:.2f} s (target ≤"
              f" {1.1 * args.budget:.2f}); peak memory of one decision {peak:.1f} MB (target ≤ 200):"
              f" {'met' if ok else 'NOT met'}", flush=True)


if __name__ == "__main__":
    main()
