"""Random Risk Express games to the end through the contract, on one core: ``play_out`` with
``RandomPolicy`` in every seat, the loop the simulator and the tests use (the engine's own
pick, ``random_action``, then ``apply_legal``; before issue 12: ``legal_actions`` then
``apply``).

Targets (issue 12 point 3): ≥ 300 games/s, and the cost per move 3× below the code before
issue 12 (commit 62f6d15). Times are CPU time (the machine is shared: wall time is printed
beside it), best of the runs.

Run: python bench/bench_express_games.py
     python bench/bench_express_games.py --against /tmp/before   # a worktree of 62f6d15:
         runs alternate here / there, same games, and the ratio is printed; with valgrind
         installed, also the instructions a move takes here and there (cachegrind: a count
         the load of the shared machine does not move, where CPU time varies by a third)

Measured (2026-11-23, load 5-9): 62f6d15 226.9k instructions/move; after the contract fast path
and the remembered throw 86.6k; with a throw's options worked out where it lands 80.9k (2.80x).
Quiet-machine CPU: ~147 games/s (target 300 not reached). Later (ENG): Playout.run plays the engine's
own picks without building steps, the throw looked up inline: 77.9k (2.91x); CPU at load ~6, 2
alternated rounds: 133 games/s, 3.53x per move vs 62f6d15 (quiet machine ~155-160 expected; target
300 not reached: the move's cost is spread over the contract's copies, events and ~2.5 draws).
2026-11-28 (who holds which cards remembered between conquests, a failed card checked alone):
75.7k instructions (3.02x); CPU, 3 alternated rounds on a machine ~1.8x slower than the issue's
(62f6d15 ran 49 games/s here against the issue's 90): 156 games/s, 3.20x per move.
2026-11-28, later (the contract's ``random_move``: the pick and its play in one call, no throw
events built where nobody reads them; a card's options unfiltered when no line met is filled):
64.0k instructions (3.53x); CPU, 3 alternated rounds: 199 games/s here where 62f6d15 runs 53,
3.79x per move: on the machine of the issue's figures (62f6d15 at 90 games/s) that is 318 games/s
by instructions, 341 by CPU. Again (the calibrated line added): 212 games/s here, 62f6d15 57;
3.72x CPU, 3.54x instructions (63.8k); calibrated 335 (CPU) and 318 (instructions) games/s.
With one pick and one ending shared by random_action, random_move and apply_legal (two calls
more a move): 65.5k instructions (3.45x), 203 games/s here (62f6d15: 56), 3.61x CPU; calibrated
325 (CPU) and 311 (instructions) games/s.

``--contract --against /tmp/before`` (issue 29, point 7): what a click, the autocomplete and the
AI's candidates pay, ``legal_actions`` then ``apply`` on a state fresh from JSON (60 seeded games,
20,299 moves, the same games here and there: a digest of every resulting state is compared), in
fresh processes alternated. 2026-11-28: 62f6d15 39.7 µs/move, today's main 26.3 (1.51×); with
``legal_actions`` keeping the throw's options for the ``apply`` that follows (its fast fill)
22.8-23.8 µs (1.69-1.73×); with a throw's first options remembered per throw and open cards
22.8 µs where 62f6d15 took 41.2 (1.81×, a rendering bench running beside); with an option
listed in that very state let through the door (its checks hold by construction) 20.5 µs
where 62f6d15 took 38.0 (1.85×, 3 rounds). Then ``legal_actions`` from the turn keys, ``apply``
handing the option found straight to the fill (133.8k -> 128.7k instructions a move), and every
new throw compiling the next 16 not met yet (~470 throws were met for the first time among the
measured moves, ~100 µs each; 102.4k instructions with all compiled at once): 18.8 µs where
62f6d15 took 38.7 (2.06×, 3 rounds, load ~6-8; 2.30× by instructions): target 3× not reached (what remains: touching the fresh state,
the copies, the throws and their events, the next throw's options; see docs/architecture.md).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

TARGET = 300.0  # games/s
RATIO = 3.0  # × the code before issue 12
# games/s of the code before (62f6d15) on the machine where the issue's figures were taken: the
# target of 300 is 3.33× it. The machine's speed has drifted since (the same code runs 49-56
# here now), so --against also prints the figure calibrated on that yardstick.
ISSUE_BEFORE = 90.0
GAMES_PER_RUN = 500


def play(game, seed: int) -> int:
    from bot.rules.ai import RandomPolicy
    from bot.rules.play import play_out

    players = 2 + seed % 5
    seats = [f"p{i}" for i in range(players)]
    return len(play_out(game, seats, seed, RandomPolicy(), {"continue_attempt": seed % 2 == 0}).run().log)


def runs(count: int, n: int = GAMES_PER_RUN) -> list[tuple[float, float, int]]:
    """``count`` runs of the same ``n`` games: (CPU s, wall s, moves) each, the engine's memos
    warmed first (the lines each throw meets)."""
    from bot.rules import GAMES

    game = GAMES["risk_express"]
    for seed in range(20):
        play(game, 10_000 + seed)
    out = []
    for _ in range(count):
        wall, cpu = time.perf_counter(), time.process_time()
        moves = sum(play(game, seed) for seed in range(n))
        out.append((time.process_time() - cpu, time.perf_counter() - wall, moves))
    return out


def there(root: Path) -> tuple[float, float, int]:
    """One run in a fresh process on the code at ``root`` (the same games)."""
    done = subprocess.run([sys.executable, __file__, "--raw", "--root", str(root)], check=True,
                          capture_output=True, text=True)
    cpu, wall, moves = done.stdout.split()
    return float(cpu), float(wall), int(moves)


def count(root: Path, games: int) -> int:
    """Play ``games`` games (after the warm-up) and print the moves: what ``instructions`` counts."""
    from bot.rules import GAMES

    game = GAMES["risk_express"]
    for seed in range(40):
        play(game, 10_000 + seed)
    return sum(play(game, seed) for seed in range(games))


def instructions(root: Path, games: int = 100) -> float:
    """Instructions per move at ``root`` (valgrind's cachegrind): ``games`` games less none."""
    refs, moves = [], 0
    for n in (0, games):
        run = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                              sys.executable, __file__, "--count", str(n), "--root", str(root)],
                             check=True, capture_output=True, text=True)
        moves = json.loads(run.stdout.strip().splitlines()[-1])["moves"]
        found = next(x for x in run.stderr.splitlines() if "I" in x and "refs" in x)
        refs.append(int(found.split()[-1].replace(",", "")))
    return (refs[1] - refs[0]) / moves


CONTRACT_GAMES = 60


def contract_records(games: int = CONTRACT_GAMES) -> list[tuple[str, str, Any]]:
    """Every move of ``games`` seeded games played through the contract (``legal_actions``,
    a seeded pick, ``apply``): the state before it as JSON, the seat, the action."""
    import random

    from bot.rules import GAMES

    game = GAMES["risk_express"]
    out = []
    for seed in range(games):
        seats = [f"p{i}" for i in range(2 + seed % 5)]
        state = game.setup(seats, {"continue_attempt": seed % 2 == 0}, seed)
        rnd = random.Random(seed)
        while game.outcome(state) is None:
            seat = game.to_act(state)[0]
            action = rnd.choice(game.legal_actions(state, seat))
            out.append((json.dumps(state), seat, action))
            state, _ = game.apply(state, seat, action)
    return out


def contract_run() -> tuple[float, int, str]:
    """What a click, the autocomplete and the AI's candidates pay: a state fresh from JSON,
    its ``legal_actions``, then ``apply`` of the move; CPU s for all the moves (the JSON
    parsing left out), the moves, and a digest of every resulting state (the same games?)."""
    import gc
    import hashlib

    from bot.rules import GAMES

    game = GAMES["risk_express"]
    records = contract_records()
    getattr(game, "warm", lambda: None)()  # what the bot does once online (62f6d15 has no warm)
    fresh = [(json.loads(s), seat, a) for s, seat, a in records]  # warm the memos, as in a bot
    for state, seat, action in fresh[:2000]:
        game.legal_actions(state, seat)
        game.apply(state, seat, action)
    fresh = [(json.loads(s), seat, a) for s, seat, a in records]
    # the 20k states held here are not the engine's garbage: out of the collector's sight
    # (else its passes over them, ~a third of the time, are counted as the moves' cost)
    gc.collect()
    gc.freeze()
    cpu = time.process_time()
    ends = []
    for state, seat, action in fresh:
        game.legal_actions(state, seat)
        ends.append(game.apply(state, seat, action)[0])
    spent = time.process_time() - cpu
    digest = hashlib.sha256(json.dumps(ends, sort_keys=True).encode()).hexdigest()[:16]
    return spent, len(records), digest


def contract_there(root: Path) -> tuple[float, int, str]:
    done = subprocess.run([sys.executable, __file__, "--raw-contract", "--root", str(root)], check=True,
                          capture_output=True, text=True)
    cpu, moves, digest = done.stdout.split()
    return float(cpu), int(moves), digest


def contract_compare(against: Path, rounds: int) -> None:
    here_root = Path(__file__).resolve().parents[1]
    here, there_ = [], []
    for _ in range(rounds):  # alternated, fresh processes both
        there_.append(contract_there(against))
        here.append(contract_there(here_root))
    now, before = min(here), min(there_)
    ratio = (before[0] / before[1]) / (now[0] / now[1])
    same = "the same games" if (now[1], now[2]) == (before[1], before[2]) else \
        f"NOT the same games ({now[1]} moves {now[2]} here, {before[1]} {before[2]} there)"
    print(f"legal_actions + apply on a state fresh from JSON ({now[1]} moves of {CONTRACT_GAMES} games, {same}): "
          f"before {before[0] / before[1] * 1e6:.1f} µs/move, now {now[0] / now[1] * 1e6:.1f} µs/move: "
          f"{ratio:.2f}× cheaper  target ≥ {RATIO:.0f}×  {'OK' if ratio >= RATIO else 'BELOW TARGET'}  "
          f"(CPU, best of {rounds} alternated processes)")


def line(label: str, cpu: float, wall: float, moves: int, n: int = GAMES_PER_RUN) -> str:
    rate = n / cpu
    return (f"{label}: {rate:,.0f} games/s CPU ({n / wall:,.0f} wall; {moves / n:.0f} moves/game, "
            f"{cpu / moves * 1e6:.1f} µs/move)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", type=Path, help="a checkout of the code before (62f6d15) to compare with")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--contract", action="store_true",
                    help="with --against: legal_actions + apply on states fresh from JSON, here and there")
    ap.add_argument("--raw", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--raw-contract", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--count", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--root", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    root = (args.root or Path(__file__).resolve().parents[1]).resolve()
    sys.path.insert(0, str(root))
    if args.raw:
        print(*runs(1)[0])
        return
    if args.raw_contract:
        print(*contract_run())
        return
    if args.contract:
        contract_compare((args.against or Path(__file__).resolve().parents[1]).resolve(), args.rounds)
        return
    if args.count is not None:
        print(json.dumps({"moves": count(root, args.count)}))
        return
    if args.against is None:
        found = runs(args.rounds)
        best = min(found)
        print(f"{line('risk_express random games', *best)}  target ≥ {TARGET:.0f} games/s  "
              f"{'OK' if GAMES_PER_RUN / best[0] >= TARGET else 'BELOW TARGET'}")
        return
    here_runs: list[tuple[float, float, int]] = []
    there_runs: list[tuple[float, float, int]] = []
    for _ in range(args.rounds):  # alternate, so that the load of the machine hits both alike
        there_runs.append(there(args.against.resolve()))
        here_runs.extend(runs(1))
    now, before = min(here_runs), min(there_runs)
    if now[2] != before[2]:
        print(f"warning: not the same games ({now[2]} moves here, {before[2]} there)")
    rate = GAMES_PER_RUN / now[0]
    ratio = before[0] / now[0]
    print(line("before (" + str(args.against) + ")", *before))
    print(f"{line('now', *now)}  target ≥ {TARGET:.0f} games/s  {'OK' if rate >= TARGET else 'BELOW TARGET'}")
    print(f"per move {ratio:.2f}× faster than before (CPU, best of {args.rounds} alternated runs)  "
          f"target ≥ {RATIO:.0f}×  {'OK' if ratio >= RATIO else 'BELOW TARGET'}")
    print(f"calibrated on the code before (it ran {ISSUE_BEFORE:.0f} games/s on the machine of the issue's "
          f"figures, {GAMES_PER_RUN / before[0]:.0f} here): {ISSUE_BEFORE * ratio:.0f} games/s there  "
          f"target ≥ {TARGET:.0f} games/s  {'OK' if ISSUE_BEFORE * ratio >= TARGET else 'BELOW TARGET'}")
    if shutil.which("valgrind"):
        was, now_i = instructions(args.against.resolve()), instructions(root)
        print(f"instructions per move (valgrind, 100 games): before {was:,.0f}, now {now_i:,.0f} "
              f"({was / now_i:.2f}×)  target ≥ {RATIO:.0f}×  {'OK' if was / now_i >= RATIO else 'BELOW TARGET'}; "
              f"calibrated: {ISSUE_BEFORE * was / now_i:.0f} games/s  target ≥ {TARGET:.0f}  "
              f"{'OK' if ISSUE_BEFORE * was / now_i >= TARGET else 'BELOW TARGET'}")


if __name__ == "__main__":
    main()
