"""Risk Express (Reiner Knizia): dice and cards, no map. The engine is in :mod:`.game`."""

from bot.rules.risk_express.game import RiskExpress

__all__ = ["RiskExpress"]
