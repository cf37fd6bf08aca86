"""Card piles and trade tables of the Risk family.

Razors, ammunition and the like use the same printed chart
(``2→2, 3→4, 4→7 … 10→30``): the more you hand in at once, the better the rate, which is
why the rulebooks tell you to hoard and trade at the critical moment. Piles are plain lists
of card ids in the game state (the top is the end of the list) so they survive JSON.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

__all__ = [
    "RAZOR_TABLE",
    "Shuffler",
    "draw",
    "pick_trade",
    "trade_value",
]

# Razors (or ammo) handed in at once -> members (or survivors) gained.
RAZOR_TABLE: dict[int, int] = {2: 2, 3: 4, 4: 7, 5: 10, 6: 13, 7: 17, 8: 21, 9: 25, 10: 30}


class Shuffler(Protocol):
    def shuffle(self, items: list[Any]) -> None: ...


def trade_value(points: int, table: Mapping[int, int] = RAZOR_TABLE) -> int | None:
    """Members a trade of ``points`` razors earns, or ``None`` if the chart has no line for it."""
    return table.get(points)


def draw(
    pile: list[str], discard: list[str], count: int, rng: Shuffler, reshuffle: bool = True
) -> tuple[list[str], bool]:
    """Take up to ``count`` cards off the top of ``pile`` (the list's end).

    When the pile runs out and ``reshuffle`` is on, the discard pile is shuffled into a new
    pile (a long game needs it; it costs nothing in the others). Returns
    the cards drawn and whether a reshuffle happened. Mutates both lists.
    """
    drawn: list[str] = []
    reshuffled = False
    for _ in range(count):
        if not pile:
            if not (reshuffle and discard):
                break
            pile.extend(discard)
            discard.clear()
            rng.shuffle(pile)
            reshuffled = True
        drawn.append(pile.pop())
    return drawn, reshuffled


def pick_trade(
    hand: Sequence[str],
    points: Mapping[str, int],
    order: Sequence[int],
    table: Mapping[int, int] = RAZOR_TABLE,
) -> list[str]:
    """A subset of ``hand`` worth a chartable number of points, chosen greedily from the
    permutation ``order`` of hand positions (random play and the autocomplete's "trade
    the most you can" both use it). Empty if nothing in the hand can be traded."""
    top = max(table)
    chosen: list[str] = []
    total = 0
    for i in order:
        card = hand[i]
        if total + points[card] <= top:
            chosen.append(card)
            total += points[card]
    return chosen if total in table else []
