"""Risk Express in words: :mod:`.text` (narration, labels, the choices it declares; no Discord)
and ``locales/`` (its catalogs). Its slash commands are in the Discord adapter
(``COMMANDS``, ``bot/discord_ui/games/``)."""

from __future__ import annotations

from bot.games.risk_express.text import RiskExpressPresenter

PRESENTER = RiskExpressPresenter()
COMMANDS = "bot.discord_ui.games.risk_express:ExpressCog"  # imports discord: loaded by the adapter
