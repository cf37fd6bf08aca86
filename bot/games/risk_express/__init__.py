"""Risk Express in words and in Discord: :mod:`.text` (narration, labels, lists; no
Discord), :mod:`.commands` (its slash commands) and ``locales/`` (its catalogs)."""

from __future__ import annotations

from bot.games.risk_express.text import RiskExpressPresenter

PRESENTER = RiskExpressPresenter()
COMMANDS = "bot.games.risk_express.commands:ExpressCog"  # imports discord: loaded by the adapter
