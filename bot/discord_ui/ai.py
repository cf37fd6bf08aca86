"""AI seats in the channel: the commands that hand a member's seat to the AI and back
(``/game mod ai``, ``/game return``). Their decisions are played by :func:`.messages.ai_turns`
as soon as they are theirs, after every post."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from bot.discord_ui.cogs.groups import MODERATION
from bot.discord_ui.members import names_for
from bot.discord_ui.messages import ai_turns, post_turn
from bot.discord_ui.protocols import GameBot, bot_of
from bot.i18n import t

LEVEL_CHOICES = [app_commands.Choice(name=_(level.capitalize()), value=level) for level in ("easy", "normal", "hard")]


class AiCommands:
    """``/game mod ai`` and ``/game return`` (a mixin of the ``/game`` cog)."""

    bot: GameBot

    @MODERATION.command(name=_("ai"), description=_("Moderators: let the AI play a member's seat"))
    @app_commands.describe(player=_("The player whose seat the AI takes"), level=_("How well the AI plays"))
    @app_commands.choices(level=LEVEL_CHOICES)
    async def ai(self, interaction: discord.Interaction, player: discord.User, level: str = "normal") -> None:
        bot = bot_of(interaction)
        row = await bot.service.hand_to_ai(interaction.channel_id, await bot.is_moderator(interaction),
                                           str(player.id), level)
        name = names_for(row).get(str(player.id), player.display_name)
        await interaction.response.send_message(
            t("ai.handed", row.lang, who=name, level=t(f"ai.level.{level}", row.lang)),
            allowed_mentions=discord.AllowedMentions.none())
        if bot.service.ai_to_move(row):
            bot.spawn(ai_turns(bot, row.channel_id))

    @app_commands.command(name=_("return"), description=_("Take back your seat from the AI"))
    async def return_(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        row = await bot.service.return_seat(interaction.channel_id, str(interaction.user.id))
        name = names_for(row).get(str(interaction.user.id), interaction.user.display_name)
        await interaction.response.defer(thinking=True)
        # the choices again, with their buttons, if the decision is the member's now
        await post_turn(None, interaction, row, None, extra=[t("ai.returned", row.lang, who=name)], with_board=False)
