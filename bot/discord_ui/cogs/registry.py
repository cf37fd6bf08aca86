"""The games' slash commands, from the registry (``ADAPTERS``: each game names its cog)."""

from __future__ import annotations

from importlib import import_module

from discord.ext import commands

from bot.games import ADAPTERS


def game_cogs() -> dict[str, type[commands.Cog]]:
    """Every registered game's cog, by game id, in the registry's order."""
    out = {}
    for game_id, adapter in ADAPTERS.items():
        module, _, name = adapter.COMMANDS.partition(":")
        out[game_id] = getattr(import_module(module), name)
    return out


def group_name(cog: type[commands.Cog]) -> str:
    """The English name of a group cog's command (``/express``…)."""
    name = cog.__cog_group_name__
    return getattr(name, "message", name)
