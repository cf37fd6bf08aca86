"""Taking moves back in Discord: ``/game undo`` and the Undo button on a turn's prompt (the
player, within their turn, when nothing random or hidden came of the move), and a
moderator's ``/game mod rollback steps:`` behind a confirmation button.

After either, the channel is told in a line and shown the board and the choices as they
are again, through :func:`bot.discord_ui.messages.post_turn` like every turn.
"""

from __future__ import annotations

import re

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from bot.discord_ui.buttons import always_answers, deciding_row
from bot.discord_ui.cogs.groups import MODERATION
from bot.discord_ui.errors import refused
from bot.discord_ui.limits import BUTTON_LABEL, clip
from bot.discord_ui.members import names_for
from bot.discord_ui.messages import catch_up, post_turn
from bot.discord_ui.protocols import GameBot, bot_of
from bot.i18n import lang_of, t
from bot.service import GameRow, TakenBack, UserError
from bot.service_undo import MAX_ROLLBACK


class UndoButton(discord.ui.DynamicItem[discord.ui.Button], template=r"gmu:(?P<gid>\d+):(?P<ver>\d+)"):
    def __init__(self, game_id: int, version: int, label: str = "Undo") -> None:
        super().__init__(discord.ui.Button(label=clip(label, BUTTON_LABEL), style=discord.ButtonStyle.secondary,
                                           custom_id=f"gmu:{game_id}:{version}", emoji="↩️"))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> UndoButton:
        return cls(int(match["gid"]), int(match["ver"]))

    @always_answers
    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        try:
            row, user = await deciding_row(interaction, self.game_id)
            done = await bot.service.undo(row.channel_id, user, expected_version=self.version)
        except UserError as err:
            await refused(interaction, err)
            await catch_up(bot, interaction.channel_id)
            return
        await interaction.response.defer()
        await post_taken_back(interaction, done, interaction.user.display_name)


class RollbackButton(discord.ui.DynamicItem[discord.ui.Button],
                     template=r"gmrb:(?P<gid>\d+):(?P<ver>\d+):(?P<n>\d+)"):
    """The confirmation of a moderator's rollback (on their own, ephemeral message)."""

    def __init__(self, game_id: int, version: int, steps: int, label: str = "Roll back") -> None:
        super().__init__(discord.ui.Button(label=clip(label, BUTTON_LABEL), style=discord.ButtonStyle.danger,
                                           custom_id=f"gmrb:{game_id}:{version}:{steps}"))
        self.game_id, self.version, self.steps = game_id, version, steps

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> RollbackButton:
        return cls(int(match["gid"]), int(match["ver"]), int(match["n"]))

    @always_answers
    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        try:
            row = await bot.service.get_game(self.game_id)
            if row is None or row.channel_id != interaction.channel_id:
                raise UserError("err.stale", "That choice is out of date: the game has moved on.")
            done = await bot.service.rollback(row.channel_id, str(interaction.user.id),
                                              await bot.is_moderator(interaction), self.steps,
                                              expected_version=self.version)
        except UserError as err:
            await refused(interaction, err)
            return
        await interaction.response.edit_message(content=t("rollback.confirmed", lang_of(interaction.locale),
                                                          n=done.count), view=None)
        await post_taken_back(interaction, done, interaction.user.display_name)


async def post_taken_back(interaction: discord.Interaction, done: TakenBack, who: str) -> None:
    row = done.row
    if done.kind == "undo":
        name = names_for(row).get(done.by, who)
        line = t("undo.done", row.lang, who=name)
        before = row.state  # the same player goes on: nobody to ping
    else:
        line = t("rollback.done", row.lang, who=who, n=done.count)
        before = None  # whoever must act now is told
    await post_turn(None, interaction, row, None, extra=[line], with_board=True, before=before, undo=done.again)


def undo_button(bot: GameBot, row: GameRow) -> UndoButton:
    return UndoButton(row.id, row.version, t("undo.button", row.lang))


class TakeBackCommands:
    """``/game undo`` and ``/game mod rollback`` (a mixin of the ``/game`` cog)."""

    bot: GameBot

    @app_commands.command(name=_("undo"), description=_("Take back your last move of this turn"))
    async def undo(self, interaction: discord.Interaction) -> None:
        done = await self.bot.service.undo(interaction.channel_id, str(interaction.user.id))
        await interaction.response.defer(thinking=True)
        await post_taken_back(interaction, done, interaction.user.display_name)

    @MODERATION.command(name=_("rollback"), description=_("Moderators: take back the last actions of this game"))
    @app_commands.describe(steps=_("How many actions to take back"))
    async def rollback(self, interaction: discord.Interaction,
                       steps: app_commands.Range[int, 1, MAX_ROLLBACK]) -> None:
        lang = lang_of(interaction.locale)
        if not await self.bot.is_moderator(interaction):
            raise UserError("err.mod_only", "Only a moderator can do that.")
        row = await self.bot.service.running(interaction.channel_id)
        log = await self.bot.service.log(row, last=steps)  # the steps asked, not the whole log: enough to count
        if steps > len(log):
            raise UserError("err.too_many_steps", "This game has only {n} actions to take back.", n=len(log))
        view = discord.ui.View(timeout=None)
        view.add_item(RollbackButton(row.id, row.version, steps, t("rollback.button", lang, n=steps)))
        await interaction.response.send_message(t("rollback.confirm", lang, n=steps), view=view, ephemeral=True)
