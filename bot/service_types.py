"""What the service hands back and how it refuses: its own module, so that the service's
parts (:mod:`bot.service`, :mod:`bot.service_clocks`) share them without importing each other."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.rules import GAMES, RuleError
from bot.rules.base import Event
from bot.store import GameRow


def fill(template: str, params: dict[str, Any]) -> str:
    """``template`` with its ``{name}`` fields filled once. Player text inside ``params`` is
    never read as a template, and a template that does not fit its params is returned as
    it is rather than raising."""
    if not params:
        return template
    try:
        return template.format_map(params)
    except (KeyError, IndexError, ValueError, AttributeError, TypeError):
        return template


class UserError(Exception):
    """A refusal for the person who asked: translated by ``key``, English by default.

    ``default`` is an English template filled once with ``params``; ``str(err)`` is that
    text. Refusals built from a ``RuleError`` keep its finished message as it is."""

    def __init__(self, key: str, default: str, **params: Any) -> None:
        super().__init__(fill(default, params))
        self.key = key
        self.params = params

    @classmethod
    def from_rule(cls, err: RuleError) -> UserError:
        e = cls(err.key or "err.rule", "")
        e.params = dict(err.params)
        e.args = (str(err),)
        return e


@dataclass
class Played:
    """What an accepted action did, for the bot to narrate and draw."""

    row: GameRow
    before: dict[str, Any]
    events: list[Event]
    new_turn: bool
    finished: bool
    seat: str
    action: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class StorySource:
    """What the story of a game is drawn from (:func:`bot.story.build_story`): its seed,
    seats, options, the lobby's picks and its log (actions taken back left out, moderators'
    entries in), with the names and the language it is told in."""

    row: GameRow
    seats: list[str]
    log: list[tuple[str, dict[str, Any]]]
    picks: dict[str, dict[str, str]]


def lobby_picks(row: GameRow, seats: list[str]) -> dict[str, dict[str, str]]:
    """The lobby picks of ``seats``, for the choices the game's options offer (what a start
    and every replay read)."""
    offered = GAMES[row.game].seat_picks(row.options)
    return {p: {k: v for k, v in choice.items() if k in offered}
            for p, choice in row.picks.items() if p in seats and any(k in offered for k in choice)}
