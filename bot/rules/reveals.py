"""Which actions may be taken back: the engine's word for undo (issue 11).

An action *reveals* when it shows something nobody knew before it: a roll, a shuffle or any
other draw of the game's random numbers (the state's RNG moved), or something only some
seats are told (an event with a private part: a card drawn, a secret order). Taking such an
action back would let a player try again knowing what came of it, so it cannot be undone,
and nothing before it either. Every game's randomness goes through the state's ``Rng`` and
every secret through private event parts, so the rule holds for each game, those to come
included, with nothing to write.
"""

from __future__ import annotations

from typing import Any

from bot.rules.events import PRIVATE


def reveals(before: dict[str, Any], after: dict[str, Any], events: list[dict[str, Any]]) -> bool:
    """Whether the action that took the game from ``before`` to ``after`` (with ``events``)
    revealed anything: then it cannot be taken back."""
    if before.get("rng") != after.get("rng"):
        return True
    return any(PRIVATE in ev for ev in events)
