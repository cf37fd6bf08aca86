"""Risk Peaky Blinders in words: :mod:`.text` (narration, labels, the choices it declares; no Discord)
and ``locales/`` (its catalogs). Its slash commands are in the Discord adapter
(``COMMANDS``, ``bot/discord_ui/games/``)."""

from __future__ import annotations

from bot.games.peaky_blinders.text import PeakyPresenter

PRESENTER = PeakyPresenter()
COMMANDS = "bot.discord_ui.games.peaky_blinders:PeakyCog"  # imports discord: loaded by the adapter
