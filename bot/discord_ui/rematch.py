"""Rematch: the button under a finished game that opens a lobby with the same table.

The new lobby has the same game, options, language and clocks, the finished game's people
already in (whoever clicked hosts it; anyone may leave) and its AI seats at their levels
(:meth:`bot.service.GameService.rematch`). Only a player of that game may click, and only while
it is the channel's last game; anyone else gets a private word why.
"""

from __future__ import annotations

import re

import discord

from bot.discord_ui.errors import always_answers, refused
from bot.discord_ui.limits import BUTTON_LABEL, clip
from bot.discord_ui.lobby import post_lobby
from bot.discord_ui.protocols import bot_of
from bot.i18n import t
from bot.service import GameRow, UserError


class RematchButton(discord.ui.DynamicItem[discord.ui.Button], template=r"gmrm:(?P<gid>\d+)"):
    def __init__(self, game_id: int, label: str = "") -> None:
        super().__init__(discord.ui.Button(label=clip(label or "Rematch", BUTTON_LABEL), style=discord.ButtonStyle.success,
                                           custom_id=f"gmrm:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> RematchButton:
        return cls(int(match["gid"]))

    @always_answers
    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        assert interaction.channel_id is not None
        try:
            row = await bot.service.rematch(interaction.channel_id, str(interaction.user.id), self.game_id,
                                            interaction.user.display_name)
        except UserError as err:
            await refused(interaction, err)
            return
        await post_lobby(interaction, row)


def rematch_view(row: GameRow) -> discord.ui.View:
    """The finished game's one choice: a rematch (in the game's language)."""
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(row.id, t("over.rematch", row.lang)))
    return view
