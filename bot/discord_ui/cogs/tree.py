"""The command tree: every command is a server's, and Discord is told so at sync.

discord.py ignores ``guild_only`` on subcommands, and every command of ours is a
subcommand (``/game new``, ``/express play``…): the contexts are set once, on the tree,
and sent with every top-level command (``contexts: [0]``, ``integration_types: [0]``), so
Discord offers none of them in a direct message with the bot. A command that arrives from
a DM all the same (a client's stale list, a command synced before) gets one clear line,
and its autocomplete an empty list; nothing runs.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands

from bot.discord_ui.errors import refuse
from bot.service import UserError

log = logging.getLogger("gamemaster")

CHECKED_SERVERS = 100  # a global sync looks for a copy left over in at most this many servers
IN_SERVERS = app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False)
SERVER_INSTALL = app_commands.AppInstallationType(guild=True, user=False)


class GameTree(app_commands.CommandTree):
    def __init__(self, client: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allowed_contexts", IN_SERVERS)
        kwargs.setdefault("allowed_installs", SERVER_INSTALL)
        super().__init__(client, **kwargs)

    def add_command(self, command: Any, /, **kwargs: Any) -> None:
        if isinstance(command, (app_commands.Group, app_commands.Command)):
            command.guild_only = True  # and dm_permission false, for clients that predate contexts
        super().add_command(command, **kwargs)

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        if interaction.guild_id is not None:
            return True
        if interaction.type is discord.InteractionType.autocomplete:
            await interaction.response.autocomplete([])
        else:
            await refuse(interaction, UserError("err.not_in_dm", "GameMaster plays in a server's channels: "
                                                "use its commands there, not in a direct message."))
        return False

    async def clear_server_copies(self, guilds: Sequence[discord.abc.Snowflake]) -> list[int]:
        """After a global sync: a server the commands were synced to alone before
        (``SYNC_GUILD_ID``) loses that copy, else it would show every command twice.
        Discord cannot say which servers hold one: the first :data:`CHECKED_SERVERS` are
        asked (one request each, in the background). Returns the servers cleared."""
        cleared = []
        for guild in list(guilds)[:CHECKED_SERVERS]:
            try:
                if await self.fetch_commands(guild=guild):
                    self.clear_commands(guild=guild)
                    await self.sync(guild=guild)
                    cleared.append(guild.id)
                    log.info("cleared the copy of the commands synced to guild %s alone before", guild.id)
            except discord.HTTPException as err:
                log.warning("could not check guild %s for an old copy of the commands: %s", guild.id, err)
        if len(guilds) > CHECKED_SERVERS:
            log.info("checked %d of %d guilds for an old copy of the commands", CHECKED_SERVERS, len(guilds))
        return cleared
