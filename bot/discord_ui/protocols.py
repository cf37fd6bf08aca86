"""What the views (:mod:`bot.discord_ui.ui`) and the cogs (:mod:`bot.discord_ui.cogs`) need of the bot.

:class:`bot.discord_ui.app.GameMasterBot` provides it. Naming it here keeps the layers one-way: the
app imports the cogs and the views, and they import this protocol, never the app.
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

import discord

from bot.service import GameRow, GameService


class GameBot(Protocol):
    """The bot as the Discord layer's views and cogs use it."""

    service: GameService

    async def is_moderator(self, interaction: discord.Interaction) -> bool: ...

    def post_lock(self, channel_id: int) -> asyncio.Lock: ...

    async def channel_of(self, channel_id: int) -> Any: ...

    async def post_start(self, interaction: discord.Interaction, row: GameRow, extra_key: str = "game.started",
                         **params: Any) -> None: ...

    async def strip_buttons(self, channel_id: int, message_id: int) -> None: ...

    async def lobby_click(self, interaction: discord.Interaction, game_id: int, op: str) -> None: ...

    async def lobby_choice(self, interaction: discord.Interaction, game_id: int, kind: str, key: str,
                           value: str) -> None: ...

    async def action_click(self, interaction: discord.Interaction, game_id: int, version: int,
                           code: str) -> None: ...

    async def group_click(self, interaction: discord.Interaction, game_id: int, version: int,
                          group: str) -> None: ...
