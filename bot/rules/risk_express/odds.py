"""Risk Express's odds: the chance that an attempt on a card ends in its conquest, when the
player fills, throw after throw, the line that gives the best chance (exact, over every
throw of the dice left; memoised).

An attempt is ``(card, lines filled as bits, General owed, dice left to throw)``. A throw of
``n`` dice is one of the multisets of ``n`` faces, each with its multinomial chance; it fills
one line (the best for what follows), or nothing and costs a die. The AI's evaluation
(:mod:`.scoring`) weighs each card by it, so it sees the rest of a turn without playing it.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement
from math import factorial, prod
from typing import Any

from bot.rules.risk_express.cards import DICE, FACES, GENERAL, tray_lines
from bot.rules.risk_express.throws import LINES, Option, filled_bits, key_of, options, throw_of

__all__ = ["fresh", "success", "throw_chances", "throws", "view_chance"]


@cache
def throws(n: int) -> tuple[tuple[float, tuple[str, ...]], ...]:
    """Every throw of ``n`` dice as (its chance, its dice sorted): 792 of them for seven."""
    out = []
    for dice in combinations_with_replacement(sorted(FACES), n):
        ways = factorial(n) // prod(factorial(dice.count(f)) for f in set(dice))
        out.append((ways / len(FACES) ** n, dice))
    return tuple(out)


@cache
def success(card: str, filled: int, owed: bool, n: int) -> float:
    """The chance to conquer ``card`` with lines ``filled`` (bit ``i``: line ``i``), a General
    still ``owed`` or not, and ``n`` dice to throw, playing each throw at best."""
    if filled == (1 << LINES[card]) - 1 and not owed:
        return 1.0
    if n == 0:
        return 0.0
    won = missed = 0.0
    for chance, dice in throws(n):
        best = -1.0
        for _, index, used, _ in tray_lines(dice).get(card, ()):
            if not filled & (1 << index):
                best = max(best, success(card, filled | (1 << index), owed, n - len(used)))
        if owed and GENERAL in dice:
            best = max(best, success(card, filled, False, n - 1))
        if best < 0:
            missed += chance
        else:
            won += chance * best
    return won + missed * success(card, filled, owed, n - 1) if missed else won


def fresh(card: str, owed: bool) -> float:
    """The chance to take ``card`` in a turn of one's own, aiming at it from the first throw
    (a General owed when another player owns it): seven dice, each throw played at best."""
    return success(card, 0, owed, DICE)


def throw_chances(state: dict[str, Any]) -> list[tuple[Option, float]]:
    """Each option of the throw waiting in ``state`` for the seat to play, with the chance of
    taking its card once it is filled (a first fill starts the attempt: the General owed if
    another player owns the card)."""
    att = state["attempt"]
    tray = att["tray"]
    if att["card"] is not None:
        base = filled_bits(att["filled"])
        owed_now = bool(att["general_needed"]) and GENERAL not in att["filled"]
    out = []
    for o in options(state, throw_of(key_of(tray), tray)):
        card, line, used, _ = o
        if att["card"] is None:
            filled, owed = 0, state["owners"][card] is not None
        else:
            filled, owed = base, owed_now
        if line == GENERAL:
            owed = False
        else:
            filled |= 1 << line
        out.append((o, success(card, filled, owed, len(tray) - len(used))))
    return out


def view_chance(view: dict[str, Any], card: str, line: Any) -> float | None:
    """The chance of taking ``card`` once ``line`` (``0``–``2`` or the General) is filled with
    the throw on the table, read from the public ``view`` alone (what a label or a menu has):
    the lines filled already, the General owed (another player's card), the dice left after
    the ones the line takes. ``None`` when there is no throw or the line does not fit it."""
    att = view.get("attempt")
    entry = next((c for c in view.get("cards", ()) if c["id"] == card), None)
    if not att or entry is None:
        return None
    known = att.get("chances", {}).get(f"{card}|{line}")
    if known is not None:  # worked out with the view
        return known
    tray = tuple(sorted(att["tray"]))
    if line == GENERAL:
        used: tuple[str, ...] | None = (GENERAL,) if GENERAL in tray else None
    else:
        used = next((o[2] for o in tray_lines(tray).get(card, ()) if o[1] == line), None)
    if used is None:
        return None
    if att["card"] == card:
        filled = sum(1 << i for i, x in enumerate(entry["lines"]) if x["filled"] is not None)
        owed = entry["general"] is not None and entry["general"]["filled"] is None
    else:  # a first fill starts the attempt: a General is owed for another player's card
        filled, owed = 0, entry["owner"] is not None
    if line == GENERAL:
        owed = False
    else:
        filled |= 1 << line
    return success(card, filled, owed, len(tray) - len(used))
