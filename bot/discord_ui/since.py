"""« Since your last move »: what each person saw at their last decision, and the lines that
compare it with now when the decision comes back to them (:meth:`bot.games.base.Presenter.since`).

What a seat saw is kept in memory, small (the presenter's ``since_memo`` of the public view),
and the version it saw is kept with the game (``GameRow.seen``, written with the post that
told the decision): after a restart the first hand-over to a person replays the game to that
version (:meth:`bot.service.GameService.state_at`, from the nearest snapshot, in a worker
thread) and says the same lines it would have said without the restart.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from bot.discord_ui.members import names_for
from bot.games import presenter
from bot.rules import GAMES
from bot.service import GameRow

log = logging.getLogger("gamemaster.ui")

_SEEN_MAX = 4096
_seen: dict[tuple[int, str], dict[str, Any]] = {}  # (game, seat) → the public view after their last decision


def person(seat: str | None) -> bool:
    """A person's seat (not the system's, not an AI's): the only ones told « since »."""
    return seat is not None and seat.isdigit()


def saw(row: GameRow, seat: str, public: dict[str, Any]) -> None:
    """``seat`` has just decided: what they saw then is what their next turn is compared with."""
    if not person(seat):
        return
    key = (row.id, seat)
    _seen.pop(key, None)
    _seen[key] = presenter(row.game).since_memo(public)  # small: kept between decisions
    while len(_seen) > _SEEN_MAX:
        _seen.pop(next(iter(_seen)))


def missing(row: GameRow, seat: str | None) -> bool:
    """Whether what ``seat`` saw is in the database only (a restart since): :func:`recall` reads it."""
    return person(seat) and (row.id, seat) not in _seen and seat in row.seen


async def recall(service: Any, row: GameRow, seat: str | None) -> None:
    """After a restart: what ``seat`` saw at its last decision, rebuilt from the version kept
    with the game (nothing when it is in memory already, or unknown)."""
    if seat is None or not missing(row, seat):
        return
    try:
        state = await service.state_at(row, row.seen[seat])
        if state is None or (row.id, seat) in _seen:
            return
        public = await asyncio.to_thread(GAMES[row.game].view, state, None)
    except Exception:  # the lines are a help: the turn is posted without them rather than not at all
        log.exception("could not rebuild what seat %s of game %s saw at version %s", seat, row.id, row.seen[seat])
        return
    _seen.setdefault((row.id, seat), presenter(row.game).since_memo(public))


def since_for(row: GameRow, seat: str | None, public: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The lines « since your last move » for ``seat`` and the ids the board marks (nothing when
    it is not known what they saw: their first decision)."""
    if seat is None or (row.id, seat) not in _seen:
        return [], []
    pres = presenter(row.game)
    return pres.since(_seen[(row.id, seat)], pres.since_memo(public), seat, names_for(row), row.lang)


def marked(public: dict[str, Any], marks: list[str]) -> dict[str, Any]:
    """The public view with what the board marks as changed since the player's last move."""
    return {**public, "changed": marks} if marks else public
