"""Random games of Risk: The Walking Dead to the end through the contract, on one core:
``play_out`` with ``RandomPolicy`` in every seat (the loop the simulator and the tests use), per
mode and player count (Survival 2, 3, 4; Conquest 3, 4, 5), the options varying with the seed
(claims chosen or dealt, defenders asked live or by order, Conquest's two setups).

Target (issue 8): ≥ 20 random games/s per mode. Times are CPU time (the machine is shared: wall
time is printed beside it), best of the runs. Survival ends with the Horde after a few rounds.
Conquest is classic Risk to the last group standing, which a uniformly random player reaches only
after tens of thousands of moves (35,000 a game with 3 players; some 4-player games pass the
loop's 100,000), so Conquest is measured with :class:`Blitz` in every seat (a seeded random
player that mostly attacks with everything, through ``apply``), and ``--uniform N`` plays N
moves of the uniform random player to give the engine's speed per move in that mode.

Run: python bench/bench_walking_dead_games.py [--games N] [--runs R] [--mode survival|conquest]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

TARGET = 20.0  # games/s
COUNTS = {"survival": (2, 3, 4), "conquest": (3, 4, 5)}
GAMES = {"survival": 200, "conquest": 20}


def options(mode: str, seed: int) -> dict:
    opts = {"mode": mode, "defenders": "ask" if seed % 2 else "orders"}
    if mode == "survival":
        opts["claims"] = "random" if seed % 3 == 0 else "choose"
    else:
        opts["setup"] = "claim" if seed % 3 == 0 else "deal"
    return opts


class Blitz:
    """A random player that attacks: it places all its survivors on one of its territories drawn
    at random; four times in five it picks one of its attacks at random and sends everything it
    can, rolling until decided; otherwise the uniform random pick of the legal forms that move
    the game on (a :class:`bot.rules.play.Policy`)."""

    engine_pick = False

    def choose(self, game, state, seat, legal, rng):
        from bot.rules.compact import pick_action

        attacks = []
        for f in legal:
            kind = f["type"]
            if kind == "place":  # every survivor on one territory drawn at random
                return {"type": "place", "territory": f["territory"][rng.below(len(f["territory"]))],
                        "count": f["count"]["max"]}
            if kind == "roll":
                return {"type": "roll", "until": True}
            if kind == "attack":
                attacks.append(f)
        if attacks and rng.below(5):
            f = attacks[rng.below(len(attacks))]
            return {"type": "attack", "from": f["from"], "to": f["to"], "count": f["count"]["max"], "until": True}
        return pick_action(game.moving(legal), rng.below)


def play(game, mode: str, players: int, seed: int) -> int:
    from bot.rules.ai import RandomPolicy
    from bot.rules.play import play_out

    seats = [f"p{i}" for i in range(players)]
    policy = RandomPolicy() if mode == "survival" else Blitz()
    return len(play_out(game, seats, seed, policy, options(mode, seed)).run().log)


def uniform(players: int, moves: int) -> float:
    """CPU seconds of ``moves`` moves of uniformly random Conquest play (games restarted as
    they end)."""
    import itertools

    from bot.rules.ai import RandomPolicy
    from bot.rules.play import play_out
    from bot.rules.walking_dead import GAME

    seats = [f"p{i}" for i in range(players)]
    cpu = time.process_time()
    left, seed = moves, 0
    while left > 0:
        left -= sum(1 for _ in itertools.islice(play_out(GAME, seats, seed, RandomPolicy(),
                                                         options("conquest", seed)), left))
        seed += 1
    return time.process_time() - cpu


def run(mode: str, players: int, games: int) -> tuple[float, float, int]:
    """One run of ``games`` seeded games: (CPU s, wall s, moves)."""
    from bot.rules.walking_dead import GAME

    wall, cpu = time.perf_counter(), time.process_time()
    moves = sum(play(GAME, mode, players, seed) for seed in range(games))
    return time.process_time() - cpu, time.perf_counter() - wall, moves


def there(root: Path, mode: str, players: int, games: int) -> tuple[float, float, int]:
    done = subprocess.run([sys.executable, __file__, "--raw", "--root", str(root), "--mode", mode,
                           "--players", str(players), "--games", str(games)], check=True, capture_output=True,
                          text=True)
    cpu, wall, moves = done.stdout.split()
    return float(cpu), float(wall), int(moves)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=0)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--mode", choices=tuple(COUNTS), default="")
    ap.add_argument("--players", type=int, default=0)
    ap.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1])
    ap.add_argument("--raw", action="store_true")
    ap.add_argument("--uniform", type=int, default=20_000)
    args = ap.parse_args()
    sys.path.insert(0, str(args.root))
    if args.raw:
        cpu, wall, moves = run(args.mode, args.players, args.games)
        print(cpu, wall, moves)
        return
    here = Path(__file__).resolve().parents[1]
    for mode in [args.mode] if args.mode else COUNTS:
        games = args.games or GAMES[mode]
        print(f"The Walking Dead, {mode}: random games, {games} a run, best of {args.runs} (CPU time)")
        for players in [args.players] if args.players else COUNTS[mode]:
            cpu, wall, moves = min(there(here, mode, players, games) for _ in range(args.runs))
            rate = games / cpu
            print(f"  {players} players: {rate:7.1f} games/s (target >= {TARGET:.0f}) {'OK ' if rate >= TARGET else 'LOW'}"
                  f"  {1e6 * cpu / moves:6.1f} us/move, {moves / games:.0f} moves/game, wall {wall:.2f} s")
            if mode == "conquest" and args.uniform:
                spent = uniform(players, args.uniform)
                print(f"      uniform random play: {1e6 * spent / args.uniform:6.1f} us/move over {args.uniform} moves")


if __name__ == "__main__":
    main()
