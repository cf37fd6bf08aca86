"""What the Discord layer's modules (messages, buttons, lobby, cogs) need of the bot.

:class:`bot.discord_ui.app.GameMasterBot` provides it. Naming it here keeps the layers
one-way: the app imports the cogs, the buttons and the messages, and they import this
protocol, never the app. The bot holds what lives as long as the connection (the service,
the per-channel post locks) and wires; the work is done in the modules.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Coroutine
from typing import Any, Protocol

import discord

from bot.discord_ui.outbox import Pacer
from bot.service import GameRow, GameService


class GameBot(Protocol):
    """The bot as the Discord layer's modules use it."""

    service: GameService
    pacer: Pacer  # new messages in a channel, paced to Discord's rate

    def is_closed(self) -> bool: ...

    async def is_moderator(self, interaction: discord.Interaction) -> bool: ...

    def post_lock(self, channel_id: int) -> asyncio.Lock: ...

    def spawn(self, work: Coroutine[Any, Any, Any]) -> None: ...

    def in_flight(self, channel_id: int | None) -> contextlib.AbstractContextManager[None]: ...

    def defer_catch_up(self, channel_id: int) -> bool: ...

    def take_deferred(self, channel_id: int | None) -> bool: ...

    async def channel_of(self, channel_id: int) -> Any: ...

    def get_channel(self, id: int, /) -> Any: ...  # in this process's cache (its shards' servers) only

    async def strip_buttons(self, channel_id: int, message_id: int) -> None: ...

    def live_choices(self, row: GameRow, public: dict[str, Any] | None = None,
                     undo: bool = False) -> discord.ui.View | None: ...


def bot_of(interaction: discord.Interaction) -> GameBot:
    """The bot an interaction came to."""
    return interaction.client  # type: ignore[return-value]
