"""Battle odds benchmark: ``python bench/bench_odds.py``.

Prints each figure beside its target. Not a timed test: nothing here fails CI.

* ``conquest_probability(30, 30)`` from a cold cache (every table cleared before each
  run, so the dice enumeration is included), median of several runs — target < 5 ms.
* One-roll resolution throughput: roll 3 v 2 with the game's ``Rng`` and resolve it with
  ``resolve_roll`` — target ≥ 200,000 rolls/s. The resolution alone (dice rolled
  beforehand) is shown too, to tell the dice from the rules.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.rules.base import Rng  # noqa: E402
from bot.rules.risk_map.odds import (  # noqa: E402
    battle_outcomes,
    clear_caches,
    conquest_probability,
    resolve_roll,
)

RUNS = 21
ROLLS = 200_000


def time_cold(attackers: int, defenders: int) -> tuple[float, float]:
    """Median and best seconds of one cold ``conquest_probability`` call."""
    times = []
    for _ in range(RUNS):
        clear_caches()
        start = time.perf_counter()
        conquest_probability(attackers, defenders)
        times.append(time.perf_counter() - start)
    return statistics.median(times), min(times)


def time_cached(attackers: int, defenders: int, calls: int = 10_000) -> float:
    conquest_probability(attackers, defenders)
    start = time.perf_counter()
    for _ in range(calls):
        conquest_probability(attackers, defenders)
    return (time.perf_counter() - start) / calls


def rolls_per_second_with_dice(n: int) -> float:
    rng = Rng.from_seed("bench-odds")
    dice = rng.dice
    start = time.perf_counter()
    for _ in range(n):
        resolve_roll(dice(3), dice(2))
    return n / (time.perf_counter() - start)


def rolls_per_second_resolve_only(n: int) -> float:
    rng = Rng.from_seed("bench-odds")
    rolls = [(rng.dice(3), rng.dice(2)) for _ in range(n)]
    start = time.perf_counter()
    for att, dfn in rolls:
        resolve_roll(att, dfn)
    return n / (time.perf_counter() - start)


def main() -> None:
    print(f"Python {sys.version.split()[0]}")
    median, best = time_cold(30, 30)
    print(
        f"conquest_probability(30, 30), cold cache: median {median * 1e3:.3f} ms "
        f"(best {best * 1e3:.3f} ms, {RUNS} runs)   target < 5 ms   "
        f"{'OK' if median < 0.005 else 'MISSED'}"
    )
    print(f"conquest_probability(30, 30), cached: {time_cached(30, 30) * 1e6:.2f} µs per call")
    for a, d in ((10, 10), (60, 60), (100, 100)):
        median, _ = time_cold(a, d)
        print(f"conquest_probability({a}, {d}), cold cache: median {median * 1e3:.3f} ms")
    r = battle_outcomes(30, 30)
    print(
        f"  30 v 30: chance to take it {r['win']:.1%}, expected losses "
        f"{r['expected_attacker_losses']:.2f} attacking / {r['expected_defender_losses']:.2f} defending"
    )

    with_dice = statistics.median(rolls_per_second_with_dice(ROLLS) for _ in range(5))
    print(
        f"one 3 v 2 roll, Rng dice + resolve_roll: {with_dice:,.0f} rolls/s   "
        f"target ≥ 200,000 rolls/s   {'OK' if with_dice >= 200_000 else 'MISSED'}"
    )
    resolve_only = statistics.median(rolls_per_second_resolve_only(ROLLS) for _ in range(5))
    print(f"one 3 v 2 roll, resolve_roll alone: {resolve_only:,.0f} rolls/s")


if __name__ == "__main__":
    main()
