"""Random Risk Transformers games to the end through the contract, on one core: ``play_out``
with ``RandomPolicy`` in every seat (the loop the simulator and the tests use), 2, 3 and 4
players (the 4-player game in teams), leaders drawn on odd seeds.

Target (issue 9): ≥ 20 games/s. Times are CPU time (the machine is shared: wall time is
printed beside it), best of the runs.

Run: python bench/bench_transformers_games.py [--games N] [--runs R]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

TARGET = 20.0  # games/s
PLAYERS = (2, 3, 4)


def run(players: int, games: int) -> tuple[float, float, int]:
    """One run of ``games`` seeded games: (CPU s, wall s, moves)."""
    from bot.rules.ai import RandomPolicy
    from bot.rules.play import play_out
    from bot.rules.transformers import GAME

    seats = [f"p{i}" for i in range(players)]
    wall, cpu = time.perf_counter(), time.process_time()
    moves = 0
    for seed in range(games):
        options = {"leaders": "random" if seed % 2 else "choose"}
        moves += len(play_out(GAME, seats, seed, RandomPolicy(), options).run().log)
    return time.process_time() - cpu, time.perf_counter() - wall, moves


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    from bot.rules.transformers import GAME

    GAME.setup(["a", "b"], {}, 0)  # load the data outside the timings
    for players in PLAYERS:
        runs = [run(players, args.games) for _ in range(args.runs)]
        cpu, wall, moves = min(runs)
        rate = args.games / cpu
        print(f"{players} players: {rate:6.1f} games/s CPU (target ≥ {TARGET:.0f}: "
              f"{'ok' if rate >= TARGET else 'MISSED'}), {args.games} games, {moves / args.games:.0f} moves a game, "
              f"{cpu / moves * 1e6:.0f} µs a move; wall {wall:.2f} s")


if __name__ == "__main__":
    main()
