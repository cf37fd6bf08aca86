"""Battle odds for the autocomplete lists, in bounded time whatever the armies.

``win_chances(counts, defenders, bonus)`` answers "what if I commit n" for many ``n`` at
once: one backward pass over the battle's states gives the chance from every
``(attackers, defenders)`` below the largest asked (the forward chain of
:mod:`bot.rules.risk_map.odds` answers one start per pass). It is exact while the table stays
under ``EXACT_CELLS`` states (every army a real game reaches); beyond that, for armies of
hundreds on both sides, it uses the normal approximation of the 3-against-2 rolls, within
two points of the exact chance there (it ignores the last rolls, when a side rolls fewer
dice). Either way a list's odds cost at most a table of ``BUDGET_CELLS`` states.
"""

from __future__ import annotations

import math
from functools import lru_cache

from bot.rules.risk_map.odds import roll_distribution

EXACT_CELLS = 12_000  # one battle's exact table
BUDGET_CELLS = 2 * EXACT_CELLS  # all the battles of one list
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


def _bucket(n: int) -> int:
    """Round a table size up (to a multiple of 16) so nearby questions share one table."""
    return -(-n // 16) * 16


def win_chances_for(pairs: list[tuple[int, int]], bonus: int = 0,
                    budget: int = BUDGET_CELLS) -> dict[tuple[int, int], float]:
    """``{(attackers, defenders): chance to take the territory}`` for many battles with the
    same defence bonus, from ONE exact table covering as many of them as ``budget``
    states allow (the smallest battles first)."""
    out: dict[tuple[int, int], float] = {}
    todo = []
    for a, d in dict.fromkeys(pairs):
        if d <= 0:
            out[a, d] = 1.0
        elif a < 1:
            out[a, d] = 0.0
        else:
            todo.append((a, d))
    # One exact table for as many battles as a budget of states allows (smallest first);
    # the rest, armies of hundreds on both sides, by the normal approximation.
    width = height = 0
    for a, d in sorted(todo, key=lambda p: p[0] * p[1]):
        w, h = max(width, _bucket(a)), max(height, d)
        if w * h <= budget:
            width, height = w, h
    table = _table(width, height, bonus) if width else ()
    for a, d in todo:
        if a <= width and d <= height:
            out[a, d] = table[a][d]
        else:
            out[a, d] = _normal(a, d, bonus)
    return out


def win_chance(attackers: int, defenders: int, bonus: int = 0) -> float:
    return win_chances_for([(attackers, defenders)], bonus)[attackers, defenders]


def win_chances(counts: list[int], defenders: int, bonus: int = 0) -> dict[int, float]:
    """``{n: chance that n committed attackers take a territory held by defenders}``."""
    found = win_chances_for([(n, defenders) for n in counts], bonus)
    return {n: found[n, defenders] for n in counts}
