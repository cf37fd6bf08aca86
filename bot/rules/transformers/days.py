"""Six days and the Matrix's robots (pages 17 and 18): the calendar's constants.

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

The engine plays all of it (:class:`~bot.rules.transformers.game.Transformers`:
``_end_of_round``, ``_finish_days``, ``_eliminate``, ``_check_victory``).
"""

from __future__ import annotations

__all__ = ["DAYS", "MATRIX_ROBOTS"]

DAYS = 6
MATRIX_ROBOTS = 3
