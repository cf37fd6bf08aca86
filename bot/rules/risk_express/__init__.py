"""Risk Express (Reiner Knizia): dice and cards, no map. The engine is in :mod:`.game`."""

from bot.rules.risk_express.game import RiskExpress

GAME = RiskExpress()

__all__ = ["GAME", "RiskExpress"]
