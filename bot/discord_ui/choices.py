"""The one Discord glue of the autocomplete: every game's slash-command options get their
choices here, from :mod:`bot.games.choices` over the engine's legal actions.

``suggest(game, command, option)`` is the callback a game's commands module
(``bot/discord_ui/games/<id>.py``) hands to ``app_commands.autocomplete``. It reads the channel's running game through the service,
asks the engine for the member's legal actions and view (never reading the state itself),
and turns the pairs into Discord choices. Discord sends the options filled in so far under
their Discord names (``from``, ``to``: the renamed ones), which is how games declare them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

from bot.games import presenter
from bot.games.choices import LIMIT, NAME, complete
from bot.i18n import lang_of, shorten
from bot.rules import GAMES

Callback = Callable[[discord.Interaction, str], Awaitable[list[app_commands.Choice[Any]]]]


async def choices_for(interaction: discord.Interaction, game_id: str, command: str, option: str,
                      current: str) -> list[tuple[str, Any]]:
    """``[(label, value)]`` for ``option`` of ``/<game> <command>``: empty unless this
    channel runs ``game_id`` (a player of another game, or none, gets nothing)."""
    service = interaction.client.service  # type: ignore[attr-defined]
    row = await service.active_game(interaction.channel_id)
    if row is None or row.game != game_id or row.state is None or row.status != "running":
        return []
    engine = GAMES[game_id]
    seat = str(interaction.user.id)
    legal = engine.legal_actions(row.state, seat)
    if not legal:
        return []
    given = dict(iter(interaction.namespace))  # keyed by the options' Discord names
    return complete(presenter(game_id).choices, command, option, legal, engine.view(row.state, seat), given,
                    current, lang_of(interaction.locale), dict(row.names))


def suggest(game_id: str, command: str, option: str) -> Callback:
    """The autocomplete callback of ``option`` of ``/<game> <command>``."""

    async def callback(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[Any]]:
        pairs = await choices_for(interaction, game_id, command, option, current)
        return [app_commands.Choice(name=shorten(label, NAME), value=value) for label, value in pairs[:LIMIT]]

    callback.__qualname__ = callback.__name__ = f"suggest_{game_id}_{command}_{option}"
    return callback
