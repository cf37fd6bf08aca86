"""Risk Express solved for two seats (issue 28): every position's value under best play, read
from a table, and the fill it makes best.

Between turns a two-seat game is only the owner of each of its 14 cards and whose turn it is:
3^14 = 4,782,969 positions. ``bench/solve_express.py`` solves them all (value iteration, layer
by layer of the cards still unowned, both seats playing every throw at best: the turn of
:func:`.ai.turn_weights`, each attempt played out at :func:`.odds.success`) and writes
``data/risk_express/solved.bin``: per position, with the cards' owners as digits (0 unowned,
1 the seat to move, 2 the other; the first card of ``ORDER`` the lowest digit), the value for
the seat to move on the scale of a finished game's (:func:`.scoring._won`: 1 won, 0 a tie,
-1 lost), as a little-endian 16-bit integer (× 2,047), the whole compressed with xz.

:func:`value` reads a position; :func:`best_fill` chooses among the fills of the throw on the
table the one whose chance of taking its card times what the card is worth (the table's value
once taken, against the table's value of the turn lost) is best: the solved play. Pure: the
table is read once per process and never changed (threads may share it).
"""

from __future__ import annotations

import lzma
import sys
from array import array
from pathlib import Path
from typing import Any

import bot.rules.turns as turns
from bot.rules.risk_express.cards import board
from bot.rules.risk_express.odds import throw_chances
from bot.rules.risk_express.scoring import _conquered, _standing

ORDER = board()[0]
DATA = Path(__file__).resolve().parents[3] / "data" / "risk_express" / "solved.bin"
POSITIONS = 3 ** len(ORDER)
SCALE = 2047.0  # twelve bits of a value: enough to choose as the exact values do (bench/solve_express.py)
_POW = [3**i for i in range(len(ORDER))]
_TABLE: list[array] = []

__all__ = ["DATA", "SOLVED", "best_fill", "index", "search_choice", "value"]

# the levels that play the solved game with two seats, every fill chosen by the table (the
# others, and every level with more seats, search with :func:`.scoring.evaluation`)
SOLVED: frozenset[str] = frozenset({"hard"})


def table() -> array:
    """The solved values (read once; a broken file fails loudly)."""
    if not _TABLE:
        raw = lzma.decompress(DATA.read_bytes())
        values = array("h")
        values.frombytes(raw)
        if sys.byteorder != "little":
            values.byteswap()
        if len(values) != POSITIONS:
            raise ValueError(f"{DATA.name}: {len(values)} positions, {POSITIONS} expected")
        _TABLE.append(values)
    return _TABLE[0]


def index(owners: dict[str, str | None], mover: str) -> int:
    """The position's place in the table: each card's owner as a digit seen from ``mover``."""
    out = 0
    for cid, p in zip(ORDER, _POW, strict=True):
        owner = owners[cid]
        if owner is not None:
            out += p if owner == mover else 2 * p
    return out


def applies(owners: dict[str, str | None], seats: list[str]) -> bool:
    """Whether the table knows the position: two seats, every card theirs or unowned."""
    return len(seats) == 2 and all(o is None or o in seats for o in owners.values())


def value(owners: dict[str, str | None], mover: str) -> float:
    """The value for ``mover``, about to start a turn, of a two-seat position (the game not
    over: a card unowned)."""
    return table()[index(owners, mover)] / SCALE


def _after(owners: dict[str, str | None], locked: list[str], seats: list[str], card: str, mover: str) -> float:
    """The mover's value once it takes ``card`` and the other is to move, or the game's
    result when that card was the last (:func:`.scoring._standing`)."""
    owners, locked = _conquered(owners, locked, card, mover)
    if None in owners.values():
        return -value(owners, seats[1 - seats.index(mover)])
    return _standing(owners, locked, seats)[mover]


def best_fill(state: dict[str, Any]) -> dict[str, Any] | None:
    """The solved play's fill of the throw waiting in a two-seat ``state``: the option whose
    chance of taking its card times the worth of taking it (against the turn ending without
    it) is best; ``None`` where the table does not apply (more seats, no throw waiting)."""
    att = state.get("attempt")
    if not att or not att.get("tray") or state.get("result") is not None:
        return None
    seats = turns.still_in(state)
    owners = state["owners"]
    mover = turns.current_seat(state)
    if mover not in seats or not applies(owners, seats):
        return None
    other = seats[1 - seats.index(mover)]
    kept = -value(owners, other)
    best, pick = None, None
    worths: dict[str, float] = {}
    for (card, line, _, _), chance in throw_chances(state):
        worth = worths.get(card)
        if worth is None:
            worth = worths[card] = _after(owners, state["locked"], seats, card, mover) - kept
        v = chance * worth
        if best is None or v > best:
            best, pick = v, {"type": "fill", "card": card, "line": line}
    return pick


def search_choice(game: Any, state: dict[str, Any], seat: str, level: str | None) -> dict[str, Any] | None:
    """The game's :meth:`~bot.rules.base.Game.search_choice`: two seats, at a level that plays
    the solved game (:data:`SOLVED`), the fill the table makes best (:func:`best_fill`);
    otherwise None (the search)."""
    if level not in SOLVED or state["phase"] != "place" or turns.current_seat(state) != seat:
        return None
    return best_fill(state)
