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
    game = GAMES["risk_express"]
    n = 1000
    start = time.perf_counter()
    moves = sum(play(game, seed) for seed in range(n))
    elapsed = time.perf_counter() - start
    rate = n / elapsed
    print(f"risk_express random games: {rate:,.0f} games/s ({moves / n:.0f} moves/game, "
          f"{elapsed / moves * 1e6:.1f} µs/move)  target ≥ {TARGET:.0f} games/s  "
          f"{'OK' if rate >= TARGET else 'BELOW TARGET'}")


if __name__ == "__main__":
    main()
