"""Random Risk Express games to the end through the contract, on one core.

Target: ≥ 300 games/s. Run: python bench/bench_express_games.py
"""

from __future__ import annotations

import random
import time

import _path  # noqa: F401

from bot.rules import GAMES

TARGET = 300.0


def play(game, seed: int) -> int:
    players = 2 + seed % 5
    state = game.setup([f"p{i}" for i in range(players)], {"continue_attempt": seed % 2 == 0}, seed)
    chooser = random.Random(seed)
    moves = 0
    while game.outcome(state) is None:
        seat = game.to_act(state)[0]
        state, _ = game.apply(state, seat, chooser.choice(game.legal_actions(state, seat)))
        moves += 1
    return moves


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
