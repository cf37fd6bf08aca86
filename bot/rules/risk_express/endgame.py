"""Risk Express's endgame, solved (issue 28): with one card left unowned, a two-seat game is a
war of steals over the cards of the continents not locked, until one seat takes the last card
and the count ends it. Few positions: the owners of those cards and whose turn it is.

:func:`chance_to_win` gives the mover's chance to win such a position (on the scale of a
finished game's value, :func:`.scoring._won`: 1 won, 0 a tie, -1 lost) when both seats play at
best with the turn model of the look-ahead's old turns (the mover aims at one card from a
fresh throw of seven, :func:`.odds.success`, a General owed for the other's card): value
iteration over every owner of the cards still open (``2 ** open`` positions, two movers),
solved once per configuration (the open cards, the last card, the locked continents' points)
and kept in a bounded table. Past ``MOST`` open cards it is not solved (``None``).

Pure and deterministic. The tables are built on demand, per process, and replaced whole (never
mutated once published), so threads may read and fill them at once.
"""

from __future__ import annotations

from typing import Any

from bot.rules.risk_express.cards import board, load_cards
from bot.rules.risk_express.odds import fresh

ORDER, CONTINENT, _, MEMBERS = board()

__all__ = ["LAST", "MOST", "chance_to_win"]

LAST = 2  # the most cards unowned a position may have to be solved (``chance_to_win``'s ``unowned``)
MOST = 13  # open cards (the last one with them) past which a position is not solved: 2^12 × 2 positions, ~0.2 s
_POINTS = {cid: c["points"] for cid, c in load_cards()["cards"].items()}
_VALUES = {cont: c["value"] for cont, c in load_cards()["continents"].items()}
_TABLES: dict[tuple[Any, ...], tuple[list[float], list[float]]] = {}


def chance_to_win(owners: dict[str, str | None], locked: list[str], seats: list[str],
                  mover: str, unowned: int = 1) -> float | None:
    """The value for ``mover`` (about to start a turn) of a two-seat position with one card
    unowned (up to ``unowned``: 2 for hard, a table of up to ~2 s of CPU), both seats playing
    the war of steals at best (see the module's doc); ``None`` when the position is not of
    that kind or has more than :data:`MOST` open cards."""
    if len(seats) != 2 or mover not in seats:
        return None
    last = tuple(c for c in ORDER if owners[c] is None)
    if not 1 <= len(last) <= min(unowned, LAST):
        return None
    open_ = tuple(c for c in ORDER if c not in last and CONTINENT[c] not in locked)
    if len(open_) + len(last) > MOST:
        return None
    a = seats[0]
    lead = 0.0  # seats[0]'s lead in the locked continents, which never change hands again
    for cont in locked:
        lead += _VALUES[cont] if owners[MEMBERS[cont][0]] == a else -_VALUES[cont]
    state = sum(1 << i for i, c in enumerate(open_) if owners[c] == a)
    return _table(open_, last, lead)[0 if mover == a else 1][state]


def _table(open_: tuple[str, ...], last: tuple[str, ...], lead: float) -> tuple[list[float], list[float]]:
    key = (open_, last, lead)
    tables = _TABLES.get(key)
    if tables is None:
        tables = _solve(open_, last, lead)
        if len(_TABLES) > 2_000:
            _TABLES.clear()
        _TABLES[key] = tables
    return tables


def _taken(open_: tuple[str, ...], last: tuple[str, ...], lead: float, mask: int, card: str,
           a: bool) -> tuple[tuple[str, ...], tuple[str, ...], float, int]:
    """The configuration once seat A (``a``) or B takes ``card``, one of the ``last`` two: the
    card joins the open ones, or its continent locks (held whole) and leaves them for the lead."""
    held = {c: bool(mask >> i & 1) for i, c in enumerate(open_)}
    held[card] = a
    cont = CONTINENT[card]
    rest = tuple(c for c in last if c != card)
    if all(held.get(c) is a for c in MEMBERS[cont]):
        lead += _VALUES[cont] if a else -_VALUES[cont]
        kept = tuple(c for c in ORDER if c in held and CONTINENT[c] != cont)
    else:
        kept = tuple(c for c in ORDER if c in held)
    return kept, rest, lead, sum(1 << i for i, c in enumerate(kept) if held[c])


def _ends(open_: tuple[str, ...], card: str, lead: float) -> tuple[list[float], list[float]]:
    """Seat A's lead in points at the count, for every owner of ``open_`` (bit i set: A owns
    card i), when A takes the last ``card`` (first list) or B does (second): a continent one
    seat holds whole at its value, else its cards owned at their points. Per continent, its
    part for each owner of its open cards is worked out once (at most 2^4), then added up."""
    parts: list[tuple[list[int], tuple[list[float], list[float]]]] = []
    for cont in dict.fromkeys([*(CONTINENT[c] for c in open_), CONTINENT[card]]):
        members = MEMBERS[cont]
        names = [c for c in members if c in open_]
        idx = [open_.index(c) for c in names]
        tables: tuple[list[float], list[float]] = ([], [])
        for k, last_a in enumerate((True, False)):
            for sub in range(1 << len(names)):
                owner: dict[str, bool] = {c: bool(sub >> j & 1) for j, c in enumerate(names)}
                if CONTINENT[card] == cont:
                    owner[card] = last_a
                held = [owner.get(c) for c in members]
                if all(h is True for h in held):
                    part = float(_VALUES[cont])
                elif all(h is False for h in held):
                    part = float(-_VALUES[cont])
                else:
                    part = float(sum(_POINTS[c] if owner[c] else -_POINTS[c] for c in members if c in owner))
                tables[k].append(part)
        parts.append((idx, tables))
    size = 1 << len(open_)
    ends: tuple[list[float], list[float]] = ([lead] * size, [lead] * size)
    for idx, (taken_a, taken_b) in parts:
        for mask in range(size):
            sub = 0
            for j, i in enumerate(idx):
                sub |= (mask >> i & 1) << j
            ends[0][mask] += taken_a[sub]
            ends[1][mask] += taken_b[sub]
    return ends


def _solve(open_: tuple[str, ...], last: tuple[str, ...], lead: float) -> tuple[list[float], list[float]]:
    """Both movers' values over every owner of ``open_`` (bit i set: seat A owns card i), the
    ``last`` cards unowned (two: taking one leads to the tables of the other left alone)."""
    n = len(open_)
    size = 1 << n
    whole = {cont: [i for i, c in enumerate(open_) if CONTINENT[c] == cont] for cont in {CONTINENT[c] for c in open_}}
    complete = [sum(1 << i for i in idx) for cont, idx in whole.items() if len(idx) == len(MEMBERS[cont])]
    steal = [(fresh(c, True), 1 - fresh(c, True)) for c in open_]
    ends = {card: _ends(open_, card, lead) for card in last} if len(last) == 1 else {}
    # per mover, per state: the steals (chance, its complement, the state after) and the
    # attempts at a last card (the chance times the value reached, the complement)
    steals: list[list[list[tuple[float, float, int]]]] = [[], []]
    finals: list[list[list[tuple[float, float]]]] = [[], []]
    for state in range(size):
        locked_bits = 0
        for bits in complete:
            if state & bits in (0, bits):
                locked_bits |= bits
        for m in (0, 1):  # 0: seat A moves
            mine = state if m == 0 else ~state & (size - 1)
            steals[m].append([(*steal[i], state ^ (1 << i)) for i in range(n)
                              if not (mine >> i & 1 or locked_bits >> i & 1)])
            out: list[tuple[float, float]] = []
            for card in last:
                if len(last) == 1:
                    end = ends[card][m][state]
                    won = 1.0 if end > 0 else (0.0 if end == 0 else -1.0)
                    value = won if m == 0 else -won
                else:  # the other seat then starts a turn with one card left
                    kept, rest, after, mask = _taken(open_, last, lead, state, card, m == 0)
                    value = -_table(kept, rest, after)[1 - m][mask]
                q = fresh(card, False)
                out.append((q * value, 1 - q))
            finals[m].append(out)
    value = [[0.0] * size, [0.0] * size]
    for _ in range(500):
        change = 0.0
        for m in (0, 1):
            mine, theirs = value[m], value[1 - m]
            for state, (taking, trying) in enumerate(zip(steals[m], finals[m], strict=True)):
                stay = -theirs[state]
                best = -2.0
                for q, r, nxt in taking:
                    v = q * -theirs[nxt] + r * stay
                    if v > best:
                        best = v
                for qv, r in trying:
                    v = qv + r * stay
                    if v > best:
                        best = v
                d = best - mine[state]
                if d > change or -d > change:
                    change = d if d > 0 else -d
                mine[state] = best
        if change < 1e-6:
            break
    return value[0], value[1]
