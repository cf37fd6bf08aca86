"""Pure rules engines, one package per game, registered by stable id.

``from bot.rules import GAMES`` is the one door the Discord layer, the simulator, the
benchmarks and the tests go through. A game registers with one line in ``_PACKAGES``: its
package ``bot/rules/<id>/`` exposes ``GAME``, the engine object, whose ``id`` is the key.
"""

from importlib import import_module

from bot.rules.base import (
           Action,
           AmbiguousName,
           Event,
           Game,
           IllegalAction,
           MalformedAction,
           Option,
           Rng,
           RuleError,
           State,
)

_PACKAGES = (
    "bot.rules.risk_express",
    "bot.rules.peaky_blinders",
    "bot.rules.zombie_town",
    "bot.rules.walking_dead",
    "bot.rules.transformers",
)

GAMES: dict[str, Game] = {g.id: g for g in (import_module(p).GAME for p in _PACKAGES)}

__all__ = ["GAMES", "Action", "AmbiguousName", "Event", "Game", "IllegalAction", "MalformedAction", "Option", "Rng",
           "RuleError", "State"]
