"""Pure rules engines, one module per game, registered by stable id.

``from bot.rules import GAMES`` is the one door the Discord layer, the simulator, the
benchmarks and the tests go through.
"""

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
from bot.rules.peaky_blinders import PeakyBlinders
from bot.rules.risk_express import RiskExpress

GAMES: dict[str, Game] = {g.id: g for g in (RiskExpress(), PeakyBlinders())}

__all__ = ["GAMES", "Action", "AmbiguousName", "Event", "Game", "IllegalAction", "MalformedAction", "Option", "Rng",
           "RuleError", "State"]
