"""Risk Express's AI: a whole turn's chances, exact (issue 28).

:func:`.scoring._turns` guessed a turn ahead as "the player aims at one card, chosen before
the dice are seen, from a fresh throw of seven". A player chooses the card on the first throw
that fills a line, seeing the dice: with many cards open some card is nearly always within
reach, so a turn takes a card far more often than the best single card's chance says, and
which card it takes depends on the throw. :func:`turn_weights` plays the turn's first fill
exactly: over every throw of seven dice (then six, … when a throw fills nothing), the mover
fills the line whose chance of taking its card (:func:`.odds.success`, the rest of the
attempt played at best) times what the card is worth to them is best. It returns, per card,
the chance the turn ends with it taken; the evaluation mixes the positions with them.

Pure and deterministic; the tables are built once per process (1,715 throws) and read only.
"""

from __future__ import annotations

from functools import cache

from bot.rules.risk_express.cards import DICE, GENERAL, board, tray_lines
from bot.rules.risk_express.odds import success, throws

ORDER, _, _, _ = board()

__all__ = ["turn_weights"]

Entry = tuple[int, float, float]  # card's index in ORDER, chance when free, chance when a General is owed


@cache
def _table(n: int) -> tuple[tuple[float, tuple[Entry, ...]], ...]:
    """Every throw of ``n`` dice as (its chance, per card it fills a first line of: the best
    chance of then taking the card, unowned and owned by another player); throws that offer
    the same entries are one row, their chances added (792 throws of seven make 202 rows: a
    turn's weights cost a quarter as much)."""
    index = {c: i for i, c in enumerate(ORDER)}
    rows: dict[tuple[Entry, ...], float] = {}
    for chance, dice in throws(n):
        met = tray_lines(dice)
        entries = []
        for card in ORDER:
            lines = met.get(card, ())
            free = max((success(card, 1 << i, False, n - len(used)) for _, i, used, _ in lines), default=-1.0)
            owed = max((success(card, 1 << i, True, n - len(used)) for _, i, used, _ in lines), default=-1.0)
            if GENERAL in dice:
                owed = max(owed, success(card, 0, False, n - 1))
            if free >= 0 or owed >= 0:
                entries.append((index[card], free, owed))
        rows[tuple(entries)] = rows.get(tuple(entries), 0.0) + chance
    return tuple((chance, entries) for entries, chance in rows.items())


def turn_weights(gains: dict[int, tuple[float, bool]], n: int = DICE) -> dict[int, float]:
    """The chance a turn ends with each card taken, its mover playing the first fill at best:
    ``gains`` maps the index (in ``ORDER``) of each card the mover may attack to (what taking
    it is worth to them against failing, whether a General is owed). The throw of ``n`` dice
    fills the line with the best chance × worth (a fill is forced when one fits, even at a
    loss); a throw that fills nothing costs a die (the turn goes on with ``n - 1``; a share of
    the throws below a millionth is left out). Cards absent from ``gains`` are out of reach."""
    reach: list[tuple[float, bool] | None] = [None] * len(ORDER)
    for ci, g in gains.items():
        reach[ci] = g
    out = [0.0] * len(ORDER)
    missed = 0.0
    for chance, entries in _table(n):
        best, pick, p = None, -1, 0.0
        for ci, free, owed in entries:
            g = reach[ci]
            if g is None:
                continue
            q = owed if g[1] else free
            if q < 0:
                continue
            v = q * g[0]
            if best is None or v > best:
                best, pick, p = v, ci, q
        if best is None:
            missed += chance
        else:
            out[pick] += chance * p
    weights = {ci: w for ci, w in enumerate(out) if w}
    if missed > 1e-6 and n > 1:
        for ci, w in turn_weights(gains, n - 1).items():
            weights[ci] = weights.get(ci, 0.0) + missed * w
    return weights
