"""The refusals every engine raises, split like python-chess's: a move that is not a move
(:class:`MalformedAction`), a move the rules forbid now (:class:`IllegalAction`), and a name
that fits more than one thing (:class:`AmbiguousName`). All three are :class:`RuleError`, the
one class callers catch.

They live apart from :mod:`bot.rules.base` so that :mod:`bot.rules.schema` can raise them
without an import cycle; ``bot.rules.base`` re-exports both.
"""

from __future__ import annotations

from typing import Any

__all__ = ["MALFORMED", "AmbiguousName", "IllegalAction", "MalformedAction", "RuleError"]


class RuleError(Exception):
    """A refusal. ``str(err)`` is meant for the player.

    ``key`` and ``params`` let the Discord layer translate the message; ``str`` is the
    English text, so engines and tests stay readable without the catalogs. Params never
    carry text the player typed: only numbers, ids the engine knows and display names.
    """

    def __init__(self, message: str, key: str = "", **params: Any) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


MALFORMED = "That move is not understood: {detail}"


class MalformedAction(RuleError):
    """An action whose shape is wrong (unknown move, unknown or missing part, a part of the
    wrong type or out of bounds), refused at the door before any rule runs.

    Key ``err.malformed``; ``params["detail"]`` is the English detail sentence and
    ``params["detail_key"]`` its catalog key (``err.malformed.*``) with the same placeholders
    as the other params, so a translation reads
    ``t("err.malformed", lang, detail=t(detail_key, lang, **params))``.
    """

    def __init__(self, detail_key: str, detail: str, **params: Any) -> None:
        text = detail.format(**params) if params else detail
        super().__init__(MALFORMED.format(detail=text), "err.malformed", detail=text, detail_key=detail_key, **params)


class IllegalAction(RuleError):
    """A well-formed action the rules forbid now (not your turn, not adjacent, too many
    troops). The message says why, in the game's words."""


class AmbiguousName(RuleError):
    """A typed name that fits several things (« Birm » when two territories start so): key
    ``err.ambiguous``, ``params["text"]`` what was typed (quoted safely), ``params["choices"]``
    the names it fits, so the player can type one of them."""

    def __init__(self, text: str, choices: list[str]) -> None:
        shown = ", ".join(choices[:5]) + (", …" if len(choices) > 5 else "")
        super().__init__(f"'{text}' could be {shown}: which one?", "err.ambiguous", text=text, choices=shown)
