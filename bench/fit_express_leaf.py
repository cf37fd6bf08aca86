"""Fit Risk Express's leaf (issue 28): the chance that the seat about to start a turn wins a
2-seat game, given its lead in points and the cards still unowned, from self-play of the AI's
own simple policy (never the beginner's).

The self-play is the turn model of :mod:`bot.rules.risk_express.ai`, exact for its policy: at
each turn the mover fills, on the first throw that fills a line, the line whose chance of
taking its card times the card's swing in points (its points and the lead it takes from the
other; the last card, which ends the game, at the win or loss it brings) is best; the turn ends with each card taken at :func:`~bot.rules.risk_express.ai.turn_weights`'
chance. Per count of cards unowned, a logistic fit of the outcome on the lead: the table
:data:`bot.rules.risk_express.scoring.LEAF`. Run: ``python bench/fit_express_leaf.py [games] [seed]``.
"""

from __future__ import annotations

import math
import random
import sys

import _path  # noqa: F401

from bot.rules.risk_express.ai import turn_weights
from bot.rules.risk_express.scoring import CONTINENT, INDEX, ORDER, _conquered, _points


def features(owners: dict[str, str | None], locked: list[str], mover: str, other: str) -> tuple[float, float]:
    """The mover's lead in points held in locked continents (safe: a locked card cannot be
    attacked) and in cards outside them (open to a steal)."""
    total = _points(owners, locked, [mover, other])
    safe = _points({c: o for c, o in owners.items() if CONTINENT[c] in locked}, locked, [mover, other])
    return safe[mover] - safe[other], (total[mover] - safe[mover]) - (total[other] - safe[other])


def play(rng: random.Random) -> list[tuple[int, tuple[float, float], float]]:
    """One game: per turn (cards unowned, the mover's leads: :func:`features`) and, once it
    ends, the mover's result (1 won, 0.5 shared, 0 lost)."""
    seats = ["a", "b"]
    owners: dict[str, str | None] = dict.fromkeys(ORDER)
    locked: list[str] = []
    mover = seats[rng.randrange(2)]
    rows: list[tuple[int, tuple[float, float], str]] = []
    while any(o is None for o in owners.values()):
        other = seats[1 - seats.index(mover)]
        pts = _points(owners, locked, seats)
        lead = pts[mover] - pts[other]
        rows.append((sum(o is None for o in owners.values()), features(owners, locked, mover, other), mover))
        gains: dict[int, tuple[float, bool]] = {}
        options = {}
        for card, owner in owners.items():
            if owner == mover or CONTINENT[card] in locked:
                continue
            after = _conquered(owners, locked, card, mover)
            p2 = _points(*after, seats)
            swing = p2[mover] - p2[other] - lead
            if all(o is not None for o in after[0].values()):  # the last card: the game ends
                swing = 100.0 * ((p2[mover] > p2[other]) - (p2[mover] < p2[other]))
            gains[INDEX[card]] = (swing, owner is not None)
            options[INDEX[card]] = after
        weights = turn_weights(gains)
        r = rng.random()
        for ci, w in weights.items():
            if r < w:
                owners, locked = options[ci]
                break
            r -= w
        mover = other
    pts = _points(owners, locked, seats)
    result = {s: (0.5 if pts["a"] == pts["b"] else float(pts[s] > max(v for t, v in pts.items() if t != s)))
              for s in seats}
    return [(u, lead, result[m]) for u, lead, m in rows]


def fit(rows: list[tuple[tuple[float, ...], float]]) -> list[float]:
    """Logistic regression of the result on the features and a constant (Newton's method,
    a little ridge): the weights, the constant last."""
    k = len(rows[0][0]) + 1
    w = [0.0] * k
    for _ in range(30):
        grad = [0.0] * k
        hess = [[1e-3 * (i == j) for j in range(k)] for i in range(k)]
        for x, y in rows:
            xs = (*x, 1.0)
            p = 1 / (1 + math.exp(-max(-30.0, min(30.0, sum(a * b for a, b in zip(w, xs, strict=True))))))
            for i in range(k):
                grad[i] += (y - p) * xs[i]
                for j in range(k):
                    hess[i][j] += p * (1 - p) * xs[i] * xs[j]
        step = _solve(hess, grad)
        w = [a + b for a, b in zip(w, step, strict=True)]
        if sum(abs(d) for d in step) < 1e-7:
            break
    return w


def _solve(m: list[list[float]], v: list[float]) -> list[float]:
    """``m`` x = ``v`` by Gaussian elimination (m small, symmetric positive)."""
    n = len(v)
    a = [row[:] + [v[i]] for i, row in enumerate(m)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[piv] = a[piv], a[c]
        for r in range(n):
            if r != c:
                f = a[r][c] / a[c][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c], strict=True)]
    return [a[i][n] / a[i][i] for i in range(n)]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 600
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 28)
    by: dict[int, list[tuple[tuple[float, ...], float]]] = {}
    for _ in range(games):
        for u, x, y in play(rng):
            by.setdefault(min(u, BUCKET), []).append((x, y))
    print(f"{games} self-play games; per cards unowned ({BUCKET}: {BUCKET} or more): turns seen, the fit "
          "(locked lead, open lead, constant)")
    table = {}
    for u in sorted(by):
        if u == 0:
            continue
        w = fit(by[u])
        table[u] = tuple(round(a, 3) for a in w)
        print(f"  {u:2d}: {len(by[u]):6d} turns, {table[u]}")
    print("LEAF =", table)


BUCKET = 6  # six cards unowned or more share a line (few turns start with many)

if __name__ == "__main__":
    main()
