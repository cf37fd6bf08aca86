"""Moved: :mod:`.messages` (posting a turn, ``play_move``), :mod:`.buttons`, :mod:`.lobby`,
:mod:`.errors`, :mod:`.pictures`, :mod:`.members`, :mod:`.limits`. This name stays only
until the games' ``commands`` modules import :mod:`.messages` (one commit away)."""

from bot.discord_ui.messages import play_move

__all__ = ["play_move"]
