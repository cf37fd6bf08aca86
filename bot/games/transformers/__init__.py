"""Risk Transformers in words: :mod:`.text` (narration, labels, status, hands; no Discord) and
``locales/`` (its catalogs). Its slash commands will be in the Discord adapter (``COMMANDS``)."""

from __future__ import annotations

from bot.games.transformers.text import TfPresenter

PRESENTER = TfPresenter()
COMMANDS = "bot.discord_ui.games.transformers:TfCog"  # imports discord: loaded by the adapter
