"""Risk Peaky Blinders random games benchmark: ``python bench/bench_peaky_games.py [games]``.

Plays whole games (with the British Crown, 2 to 5 players, random legal actions) through
the engine contract only: ``play_out`` with ``RandomPolicy``, the loop the simulator and the
tests use (``setup``, ``to_act``, ``legal_actions``, ``apply``, ``outcome``). Every ``apply``
copies the state, so this is the cost the bot, the simulator and the random tests pay.
Prints the figure beside its target; not a timed test, nothing here fails CI. Timed in CPU
time (``time.process_time``), best of ``rounds``: the machine is shared, wall clock is noise.

Target (issue 12): ≥ 250 games/s, three times the ~80 games/s measured before the speed work
(same machine, same conditions: 99 µs a move through the contract).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.rules.ai import RandomPolicy  # noqa: E402
from bot.rules.peaky_blinders.game import PeakyBlinders  # noqa: E402
from bot.rules.play import play_out  # noqa: E402

TARGET = 250.0
SEATS = ["s1", "s2", "s3", "s4", "s5"]


def play(game: PeakyBlinders, players: int, seed: int) -> tuple[int, int]:
    """One game to the end; returns (actions applied, player turns)."""
    playout = play_out(game, SEATS[:players], seed, RandomPolicy()).run()
    return len(playout.log), playout.state["turn"]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    game = PeakyBlinders()
    game.data  # noqa: B018 - load and validate the data outside the timing
    for players in (2, 3, 4, 5):
        play(game, players, 0)  # warm-up
    best = float("inf")
    actions, turns = [], []
    for _ in range(rounds):
        start = time.process_time()
        actions, turns = [], []
        for i in range(games):
            a, t = play(game, 2 + i % 4, i + 1)
            actions.append(a)
            turns.append(t)
        best = min(best, time.process_time() - start)
    rate = games / best
    print(f"Risk Peaky Blinders, {games} random games (2-5 players, with the Crown), CPU time, best of {rounds}")
    print(f"  {rate:8.1f} games/s    target >= {TARGET:.0f} games/s    {'OK' if rate >= TARGET else 'BELOW TARGET'}")
    print(f"  {best / sum(actions) * 1e6:8.1f} us/move  ({sum(actions) / best:.0f} actions/s; "
          f"mean {statistics.mean(actions):.0f} actions, {statistics.mean(turns):.0f} turns a game)")


if __name__ == "__main__":
    main()
