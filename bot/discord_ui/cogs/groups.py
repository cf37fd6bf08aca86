"""The subcommand groups of ``/game``: moderation and settings apart from the life cycle.

Discord refuses a command with more than 25 subcommands (and then the whole sync fails:
no command appears at all), so ``/game`` keeps its players' commands at the first level
and gathers the rest here. Each group is one object, defined once, that the cog's own
commands and its mixins' (:mod:`..ai`, :mod:`..takeback`, :mod:`..clocks`) join with
``@MODERATION.command(…)``; :class:`.game.GameCog` names them as class attributes, and
discord.py copies them, children included, onto each cog it makes.
"""

from __future__ import annotations

from discord import app_commands
from discord.app_commands import locale_str as _

from bot.rules import GAMES

MODERATION = app_commands.Group(name=_("mod"),
                                description=_("Moderators: restart, skip, remove a player, take back, hand a seat to the AI"))
SETTINGS = app_commands.Group(name=_("settings"),
                              description=_("The server's settings, where your reminders reach you, your vacation"))

# the game option of /game new and /game stats: every game by its name
GAME_CHOICES = [app_commands.Choice(name=g.name, value=g.id) for g in GAMES.values()]
