"""``/game export``: the channel's game (or its last one) as a JSON file, only to the member
who asked (ephemeral). In full, seed included, for anyone once the game is over; the public
part only, for its players, while it runs (:mod:`bot.export` says what and why). A mixin of
the ``/game`` cog. ``python -m bot replay FILE`` plays the file again.
"""

from __future__ import annotations

import asyncio

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from bot import export
from bot.discord_ui.pictures import attachment
from bot.discord_ui.protocols import GameBot
from bot.i18n import lang_of, t
from bot.rules import GAMES
from bot.service import UserError


class ExportCommands:
    """``/game export`` (a mixin of the ``/game`` cog)."""

    bot: GameBot

    @app_commands.command(name=_("export"), description=_("This game as a file (a bug report is one file)"))
    async def export(self, interaction: discord.Interaction) -> None:
        doc = await self.bot.service.export(interaction.channel_id, str(interaction.user.id))
        file = await asyncio.to_thread(export.packed, doc)  # a long log: serialised off the event loop
        if file is None:
            raise UserError("err.export_too_big", "This game's log is too long for a file Discord accepts.")
        name, data = file
        lang = lang_of(interaction.locale)
        text = t("export.public" if doc["public_only"] else "export.full", lang, number=doc["game_number"],
                 game=GAMES[doc["game"]].name, file=name)
        alt = t("alt.export", lang, game=GAMES[doc["game"]].name, number=doc["game_number"])
        await interaction.response.send_message(text, file=attachment(data, name, alt),
                                                ephemeral=True, allowed_mentions=discord.AllowedMentions.none())
