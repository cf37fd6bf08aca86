"""Risk: The Walking Dead in words: :mod:`.text` (narration, private lines, status, hand; no
Discord) and ``locales/`` (its catalogs). Its slash commands (``/twd``) are in the Discord adapter."""

from __future__ import annotations

from bot.games.walking_dead.text import WalkingDeadPresenter

PRESENTER = WalkingDeadPresenter()
COMMANDS = "bot.discord_ui.games.walking_dead:WalkingDeadCog"  # imports discord: loaded by the adapter
