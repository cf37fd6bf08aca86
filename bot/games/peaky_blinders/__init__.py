"""Risk Peaky Blinders in words and in Discord: :mod:`.text` (narration, labels, lists; no
Discord), :mod:`.commands` (its slash commands) and ``locales/`` (its catalogs)."""

from __future__ import annotations

from bot.games.peaky_blinders.text import PeakyPresenter

PRESENTER = PeakyPresenter()
COMMANDS = "bot.games.peaky_blinders.commands:PeakyCog"  # imports discord: loaded by the adapter
