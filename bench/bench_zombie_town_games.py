"""Random Zombie Town games to the end through the contract, on one core: ``play_out`` with
``RandomPolicy`` in every seat (the loop the simulator and the tests use), 2, 3 and 6 players,
Road Rage on and off alternately.

Target (issue 10): ≥ 20 games/s at each player count. Times are CPU time (the machine is
shared: wall time is printed beside it), best of the runs.

Run: python bench/bench_zombie_town_games.py [--games N] [--runs R]
     python bench/bench_zombie_town_games.py --against /tmp/before   # a worktree of older code:
         runs alternate here / there in fresh processes, same games, and the ratio is printed
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

TARGET = 20.0  # games/s
PLAYERS = (2, 3, 6)


def play(game, players: int, seed: int) -> int:
    from bot.rules.ai import RandomPolicy
    from bot.rules.play import play_out

    seats = [f"p{i}" for i in range(players)]
    return len(play_out(game, seats, seed, RandomPolicy(), {"road_rage": seed % 2 == 0}).run().log)


def run(players: int, games: int) -> tuple[float, float, int]:
    """One run of ``games`` seeded games: (CPU s, wall s, moves)."""
    from bot.rules.zombie_town import GAME

    wall, cpu = time.perf_counter(), time.process_time()
    moves = sum(play(GAME, players, seed) for seed in range(games))
    return time.process_time() - cpu, time.perf_counter() - wall, moves


def there(root: Path, players: int, games: int) -> tuple[float, float, int]:
    done = subprocess.run([sys.executable, __file__, "--raw", "--root", str(root), "--players", str(players),
                           "--games", str(games)], check=True, capture_output=True, text=True)
    cpu, wall, moves = done.stdout.split()
    return float(cpu), float(wall), int(moves)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--players", type=int, default=0)
    ap.add_argument("--against", type=Path)
    ap.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1])
    ap.add_argument("--raw", action="store_true")
    args = ap.parse_args()
    sys.path.insert(0, str(args.root))
    if args.raw:
        cpu, wall, moves = run(args.players, args.games)
        print(cpu, wall, moves)
        return
    here = Path(__file__).resolve().parents[1]
    print(f"Zombie Town random games, {args.games} a run, best of {args.runs} (CPU time)")
    for players in ([args.players] if args.players else PLAYERS):
        now, before = [], []
        for _ in range(args.runs):
            now.append(there(here, players, args.games))
            if args.against:
                before.append(there(args.against, players, args.games))
        cpu, wall, moves = min(now)
        rate = args.games / cpu
        line = (f"{players} players: {rate:6.1f} games/s (target >= {TARGET:.0f}) {'OK ' if rate >= TARGET else 'LOW'}"
                f"  {1e6 * cpu / moves:6.1f} us/move, {moves / args.games:.0f} moves/game, wall {wall:.2f} s")
        if before:
            b = min(before)[0]
            line += f"  | before {args.games / b:6.1f} games/s, x{b / cpu:.2f}"
        print(line)


if __name__ == "__main__":
    main()
