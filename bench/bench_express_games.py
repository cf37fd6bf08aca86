"""Random Risk Express games to the end through the contract, on one core: ``play_out`` with
``RandomPolicy`` in every seat, the loop the simulator and the tests use.

Target: ≥ 300 games/s. Run: python bench/bench_express_games.py
"""

from __future__ import annotations

import time

import _path  # noqa: F401

from bot.rules import GAMES
from bot.rules.ai import RandomPolicy
from bot.rules.play import play_out

TARGET = 300.0


POLICY = RandomPolicy()


def play(game, seed: int) -> int:
    players = 2 + seed % 5
    seats = [f"p{i}" for i in range(players)]
    return len(play_out(game, seats, seed, POLICY, {"continue_attempt": seed % 2 == 0}).run().log)


def main() -> None:
    """Best of three runs of 500 games, in CPU time (the machine is shared: wall time is
    printed beside it)."""
    game = GAMES["risk_express"]
    n = 500
    for seed in range(20):  # warm the engine's memos (the lines each tray meets)
        play(game, 10_000 + seed)
    best_cpu = best_wall = float("inf")
    moves = 0
    for _ in range(3):
        wall, cpu = time.perf_counter(), time.process_time()
        moves = sum(play(game, seed) for seed in range(n))
        best_cpu = min(best_cpu, time.process_time() - cpu)
        best_wall = min(best_wall, time.perf_counter() - wall)
    rate = n / best_cpu
    print(f"risk_express random games: {rate:,.0f} games/s CPU ({n / best_wall:,.0f} wall; {moves / n:.0f} moves/game, "
          f"{best_cpu / moves * 1e6:.1f} µs/move)  target ≥ {TARGET:.0f} games/s  "
          f"{'OK' if rate >= TARGET else 'BELOW TARGET'}")


if __name__ == "__main__":
    main()
