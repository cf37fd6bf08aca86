"""Rounds of Survival (p. 7, 15, 16): who plays next, when a round ends, the invasion marker,
and when the Horde ends the game.

« Un round comprend un tour par joueur dans le sens des aiguilles d'une montre »: a round ends
when the turn passes from the last seat still in back to the first (seats out are skipped).
At the end of every round the marker moves one step (never past 4). Once the Horde has been
drawn, the round it was drawn in is the last: when it ends, the final invasion (with the marker
as that round left it) and the scores follow. ``bot.rules.turns`` has turns, not rounds; this is
what the engine needs of them until it grows its own (docs/walking_dead.md, "what the map
engine must grow", 10).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.rules.walking_dead.invasion import next_marker

__all__ = ["TurnEnd", "end_of_turn", "next_seat"]


def next_seat(order: Sequence[str], out: Sequence[str], current: int) -> tuple[int, bool]:
    """The index of the next seat still in after ``order[current]``, and whether passing to it
    ends a round (it wraps round the table). ``current`` may be a seat just eliminated."""
    n = len(order)
    i = current
    for _ in range(n):
        i = (i + 1) % n
        if order[i] not in out:
            return i, i <= current
    raise ValueError("no seat is still in")


@dataclass(frozen=True)
class TurnEnd:
    """What follows the end of a turn."""

    next: int  # the index in ``order`` of the seat to play next
    round_over: bool
    marker: int  # the invasion marker for the next invasion
    round: int  # the round the next turn belongs to
    final: bool  # the Horde's round is over: the final invasion, then the scores


def end_of_turn(order: Sequence[str], out: Sequence[str], current: int, marker: int, rnd: int,
                horde: bool) -> TurnEnd:
    """The step after ``order[current]``'s turn: the next seat, and at a round's end the
    marker one step on and, if the Horde came this round, the end (p. 16)."""
    nxt, wrapped = next_seat(order, out, current)
    if not wrapped:
        return TurnEnd(nxt, False, marker, rnd, False)
    return TurnEnd(nxt, True, next_marker(marker), rnd + 1, horde)
