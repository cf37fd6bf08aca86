"""Battle odds for the autocomplete lists, in bounded time whatever the armies.

``win_chances(counts, defenders, bonus)`` answers "what if I commit n" for many ``n`` at
once: one backward pass over the battle's states gives the chance from every
``(attackers, defenders)`` below the largest asked (the forward chain of
:mod:`bot.rules.risk.odds` answers one start per pass). It is exact while the table stays
under ``EXACT_CELLS`` states (every army a real game reaches); beyond that, for armies of
hundreds on both sides, it uses the normal approximation of the 3-against-2 rolls, which
is within a fraction of a percent there. Either way an answer costs a few milliseconds.
"""

from __future__ import annotations

import math
from functools import lru_cache

from bot.rules.risk.odds import roll_distribution

EXACT_CELLS = 12_000
ATT_DICE, DEF_DICE = 3, 2


@lru_cache(maxsize=16)
def _transitions(bonus: int) -> dict[tuple[int, int], tuple[tuple[int, int, float], ...]]:
    out = {}
    for a in range(1, ATT_DICE + 1):
        for d in range(1, DEF_DICE + 1):
            out[a, d] = tuple((al, dl, float(p)) for (al, dl), p in roll_distribution(a, d, bonus).items())
    return out


@lru_cache(maxsize=32)
def _table(attackers: int, defenders: int, bonus: int) -> tuple[tuple[float, ...], ...]:
    """``P[a][d]``: the chance that ``a`` committed attackers take a territory held by
    ``d``, for every ``a <= attackers`` and ``d <= defenders`` (exact)."""
    trans = _transitions(bonus)
    rows: list[list[float]] = [[0.0] * (defenders + 1)]
    for a in range(1, attackers + 1):
        row = [1.0] + [0.0] * defenders
        ad = a if a < ATT_DICE else ATT_DICE
        for d in range(1, defenders + 1):
            total = 0.0
            for al, dl, p in trans[ad, d if d < DEF_DICE else DEF_DICE]:
                total += p * (row if al == 0 else rows[a - al])[d - dl]
            row[d] = total
        rows.append(row)
    return tuple(tuple(r) for r in rows)


def _normal(attackers: int, defenders: int, bonus: int) -> float:
    """Both sides large: the battle is a run of 3-against-2 rolls. The attacker wins when,
    after the rolls that remove ``a + d - 1`` members, it has lost fewer than ``a``."""
    dist = _transitions(bonus)[ATT_DICE, DEF_DICE]
    mean = sum(al * p for al, _dl, p in dist)
    var = sum(al * al * p for al, _dl, p in dist) - mean * mean
    rolls = (attackers + defenders - 1) / 2
    z = (attackers - 0.5 - rolls * mean) / math.sqrt(rolls * var)
    return 0.5 * math.erfc(-z / math.sqrt(2))


def win_chance(attackers: int, defenders: int, bonus: int = 0) -> float:
    return win_chances([attackers], defenders, bonus)[attackers]


def win_chances(counts: list[int], defenders: int, bonus: int = 0) -> dict[int, float]:
    """``{n: chance that n committed attackers take a territory held by defenders}``."""
    if defenders <= 0:
        return {n: 1.0 for n in counts}
    out: dict[int, float] = {n: 0.0 for n in counts if n < 1}
    # Twice the defenders and more nearly always win; more attackers only help, so the
    # chance of that smaller army is a floor for every larger one.
    probe = min(EXACT_CELLS // defenders, 2 * defenders + 30)
    if probe >= ATT_DICE and any(n > probe for n in counts):
        floor = _table(probe, defenders, bonus)[probe][defenders]
        if floor > 0.9995:
            out.update({n: floor for n in counts if n > probe})
    exact = [n for n in counts if n not in out and n * defenders <= EXACT_CELLS]
    if exact:
        table = _table(max(exact), defenders, bonus)
        out.update({n: table[n][defenders] for n in exact})
    for n in counts:
        if n not in out:
            out[n] = _normal(n, defenders, bonus)
    return out
