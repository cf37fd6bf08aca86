"""Compact legal actions of the Risk family: how to turn one into a concrete action.

The reading of the compact forms is :mod:`bot.rules.compact` (``accepts``, ``expand``,
``choose``); this module keeps the older name the tests and the bot call.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.rules.base import Action
from bot.rules.compact import choose

__all__ = ["concretize"]


def concretize(action: Action, pick: Callable[[int], int], points: dict[str, int] | None = None) -> Action:
    """One concrete action of the compact form ``action``, chosen with ``pick(n) -> [0, n)``.
    (``points`` is ignored: a trade form carries its cards' points.)"""
    return choose(action, pick)
