"""Six days, the Matrix, the end and the scores (pages 13, 17 and 18).

- A day (round) is one turn of every player. At its end the last player draws the top upgrade
  card and lays it face up: the Matrix creates life on the zone it names, whose controller
  at once puts 3 robots from his scrapyard on it (a closed factory, or a card naming no zone
  in play, brings nothing: we decide). Then the calendar moves on; after day 6 the game ends.
- At the end every player counts his zones (a team's count together); the most wins. On a
  tie the holder of the Launch Pad wins, whatever his count (the page 18 example: black and
  yellow 16 each, red 10 with the Launch Pad: red wins). If the Launch Pad's holder's side
  is among the tied we read it the same way; the rulebook has no other tie-break.
- A player with no piece left on the board is out, his cards go back into the deck (page
  13); a side that destroys every enemy army wins at once.
- The deck running out: the discards are shuffled into a new deck (we decide; page 17
  only says played cards go face up on the discard pile).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from bot.rules.transformers.board import Cybertron
from bot.rules.transformers.table import Table, add_robots, zones_of

__all__ = [
    "DAYS",
    "MATRIX_ROBOTS",
    "Result",
    "draw",
    "eliminated",
    "last_side_standing",
    "matrix",
    "next_day",
    "result",
    "scores",
    "shuffle",
]

class Draws(Protocol):
    """Anything that draws a uniform integer below ``n`` (``bot.rules.base.Rng`` does)."""

    def below(self, n: int) -> int: ...


DAYS = 6
MATRIX_ROBOTS = 3


def next_day(day: int) -> int | None:
    """The day after ``day`` (1-based), or ``None``: the calendar is done, the game ends."""
    if not 1 <= day <= DAYS:
        raise ValueError(f"no day {day}")
    return day + 1 if day < DAYS else None


def shuffle(rng: Draws, cards: Sequence[str]) -> list[str]:
    """Fisher–Yates with the game's ``Rng`` (its ``below``)."""
    out = list(cards)
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def draw(rng: Draws, deck: Sequence[str], discard: Sequence[str]) -> tuple[str | None, list[str], list[str]]:
    """The top card of ``deck`` (the first), the deck and discards after; an empty deck takes
    the shuffled discards first. ``None`` if there is no card at all."""
    deck, discard = list(deck), list(discard)
    if not deck:
        deck, discard = shuffle(rng, discard), []
    if not deck:
        return None, deck, discard
    return deck[0], deck[1:], discard


def matrix(cyb: Cybertron, table: Table, zone: str) -> tuple[Table, str | None]:
    """The Matrix on ``zone`` (the card drawn at the end of a day): its controller gets 3
    robots there. Returns the table and who got them (``None``: nobody)."""
    if zone not in cyb.board.territories:
        raise ValueError(f"no zone {zone}")
    info = table["zones"].get(zone)
    if info is None:
        return table, None
    return add_robots(table, zone, info["owner"], MATRIX_ROBOTS), info["owner"]


def eliminated(table: Mapping[str, Any], seats: Sequence[str]) -> list[str]:
    """The seats with no piece on the board (a leader alone still holds his zone)."""
    held = {info["owner"] for info in table["zones"].values()}
    return [s for s in seats if s not in held]


def last_side_standing(table: Mapping[str, Any], teams: Mapping[str, frozenset[str]]) -> frozenset[str] | None:
    """The one side (a seat, or a team) left on the board, if only one is."""
    held = {info["owner"] for info in table["zones"].values()}
    sides = {teams[s] for s in held}
    return next(iter(sides)) if len(sides) == 1 else None


def scores(table: Mapping[str, Any], teams: Mapping[str, frozenset[str]]) -> dict[frozenset[str], int]:
    """Each side's zones (a team's together, page 18), sides in the order of ``teams``."""
    out: dict[frozenset[str], int] = {}
    for team in teams.values():
        if team not in out:
            out[team] = len(zones_of(table, team))
    return out


@dataclass(frozen=True)
class Result:
    winners: frozenset[str]  # the seats that win (a team's two)
    scores: dict[frozenset[str], int]
    tied: bool  # the most zones were shared
    by_launch_pad: bool  # the Launch Pad decided it


def result(cyb: Cybertron, table: Mapping[str, Any], teams: Mapping[str, frozenset[str]]) -> Result:
    """Who wins at the end of day 6."""
    counts = scores(table, teams)
    best = max(counts.values())
    top = [t for t, n in counts.items() if n == best]
    if len(top) == 1:
        return Result(top[0], counts, False, False)
    pad = table["zones"].get(cyb.launch_pad)
    if pad is None:  # cannot happen on a board with no empty zone; kept total
        return Result(frozenset().union(*top), counts, True, False)
    return Result(teams[pad["owner"]], counts, True, True)
