"""Risk Express's AI levels tuned (issue 28): a match between two players, each a level as it
stands (``normal``, ``beginner``…) or a variant of the search written
``depth,exact,leaf,iterations`` (``4,3,solved2,480`` is hard: look-ahead ``depth`` turns, played
exactly from ``exact`` turns left, the leaf ``leaf``, ``iterations`` a decision; ``exact`` 99:
never). Games are dealt as ``python -m bot arena`` deals them (:func:`bot.arena.game_seed`, seats
rotated), so a variant and a level are compared on the same games. Prints one line per game
(the winners) and the figure, a shared win full and as a half, and A's decision times.

Run: ``python bench/express_variants.py A B [games] [seed]``, e.g.
``python bench/express_variants.py 4,3,solved,160 beginner 200 32001``.
"""

from __future__ import annotations

import statistics
import sys
import time

import _path  # noqa: F401

from bot.arena import game_seed, wilson
from bot.rules import GAMES
from bot.rules.ai import make_policy
from bot.rules.ai.search import SearchPolicy
from bot.rules.play import play_out
from bot.rules.risk_express import scoring


def player(name: str) -> object:
    """A level by name, or a variant ``depth,exact,leaf,iterations`` (registered under its own
    name in :mod:`.scoring`'s tables, in this process only)."""
    if "," not in name:
        return make_policy(name)
    depth, exact, leaf, iterations = name.split(",")
    scoring.DEPTHS[name] = int(depth)
    scoring.EXACT[name] = int(exact)
    scoring.LEAVES[name] = leaf
    if int(iterations) == 0:
        return Exact(name)
    return SearchPolicy(iterations=int(iterations), horizon=0, level=name)


class Exact:
    """A fill chosen by its worth read exactly (the chance of taking the card once the line is
    filled, the position taken or not as the look-ahead judges it: :func:`.scoring.evaluate`'s
    own reading of a throw), no samples; other decisions by the search."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.search = SearchPolicy(iterations=160, horizon=0, level=name)

    def choose(self, game, state, seat, legal, rng):  # noqa: ANN001, ANN201
        if state["phase"] == "continue":
            return self.search.choose(game, state, seat, legal, rng)
        d, e, lf = scoring.DEPTHS[self.name], scoring.EXACT[self.name], scoring.LEAVES[self.name]
        seats = scoring.turns.still_in(state)
        owners, locked, order = state["owners"], state["locked"], state["order"]
        nxt = scoring._next(order, seats, seat)
        kept = scoring._turns(owners, locked, seats, order, nxt, d, e, lf)
        best, pick = -9.0, None
        for o, chance in scoring.throw_chances(state):
            after = scoring._turns(*scoring._conquered(owners, locked, o[0], seat), seats, order, nxt, d, e, lf)
            worth = chance * after[seat] + (1 - chance) * kept[seat]
            if worth > best:
                best, pick = worth, o
        return {"type": "fill", "card": pick[0], "line": pick[1]}


class Timed:
    def __init__(self, policy: object) -> None:
        self.policy = policy
        self.times: list[float] = []

    def choose(self, *args: object) -> object:
        start = time.process_time()
        out = self.policy.choose(*args)  # type: ignore[attr-defined]
        self.times.append(time.process_time() - start)
        return out


def main() -> None:
    a, b = sys.argv[1], sys.argv[2]
    games = int(sys.argv[3]) if len(sys.argv) > 3 else 100
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else 32001
    game = GAMES["risk_express"]
    pa, pb = Timed(player(a)), Timed(player(b))
    full = half = 0.0
    shared = 0
    start = time.time()
    for k in range(games):
        mine = "p0" if k % 2 == 0 else "p1"
        seats = ["p0", "p1"]
        out = play_out(game, seats, game_seed(seed, k), {s: (pa if s == mine else pb) for s in seats}).run().outcome
        winners = (out or {}).get("winners") or []
        if mine in winners:
            full += 1
            half += 1 / len(winners)
            shared += len(winners) > 1
        print(f"game {k + 1} {'W' if mine in winners and len(winners) == 1 else 'T' if mine in winners else 'L'}",
              flush=True)
    q = sorted(pa.times)
    p95 = q[min(len(q) - 1, int(0.95 * len(q)))] if q else 0.0
    lo, hi = wilson(half, games)
    print(f"{a} vs {b}, {games} games from {seed}: as shares {half:g} of {games} = {100 * half / games:.0f} %"
          f" (CI {100 * lo:.0f}–{100 * hi:.0f}); full {full:g} ({shared} shared);"
          f" decisions p50 {1000 * statistics.median(q) if q else 0:.0f} ms p95 {1000 * p95:.0f} ms"
          f" max {1000 * (q[-1] if q else 0):.0f} ms; {time.time() - start:.0f} s wall")


if __name__ == "__main__":
    main()
