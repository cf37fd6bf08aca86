"""The Discord application: one bot, its store, its commands, its persistent buttons."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import ui
from bot.config import Settings
from bot.games import presenter
from bot.i18n import t
from bot.rules import GAMES
from bot.service import GameService, UserError
from bot.store import Store
from bot.translator import CatalogTranslator

log = logging.getLogger("gamemaster")


def where(interaction: discord.Interaction) -> str:
    return f"guild={interaction.guild_id} channel={interaction.channel_id} user={interaction.user.id}"


class GameMasterBot(commands.Bot):
    def __init__(self, settings: Settings, store: Store | None = None,
                 seed_source: Callable[[], int] | None = None, **kwargs: Any) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(command_prefix=commands.when_mentioned, intents=intents,
                         help_command=None, **kwargs)
        self.settings = settings
        self._store = store
        self._seed_source = seed_source  # tests pin the deals; by default a random seed per game
        self.service: GameService = None  # type: ignore[assignment]
        self.tree.on_error = self.on_app_command_error
        self.synced = False

    async def setup_hook(self) -> None:
        store = self._store or await Store.open(self.settings.database_url)
        self._store = store
        self.service = GameService(store, self._seed_source)
        self.add_dynamic_items(ui.LobbyButton, ui.ActionButton, ui.ActionSelect)
        from bot.cogs.express import ExpressCog
        from bot.cogs.game import GameCog

        await self.add_cog(GameCog(self))
        await self.add_cog(ExpressCog(self))
        try:
            from bot.cogs.peaky import PeakyCog
        except ImportError:
            pass
        else:
            await self.add_cog(PeakyCog(self))
        await self.tree.set_translator(CatalogTranslator())
        if self.settings.sync_commands:
            if self.settings.sync_guild_id:
                guild = discord.Object(id=self.settings.sync_guild_id)
                self.tree.copy_global_to(guild=guild)
                synced = await self.tree.sync(guild=guild)
                log.info("synced %d commands to guild %s", len(synced), self.settings.sync_guild_id)
            else:
                synced = await self.tree.sync()
                log.info("synced %d global commands (may take up to an hour to appear)", len(synced))
        self.synced = True

    async def close(self) -> None:
        await super().close()
        if self._store is not None:
            await self._store.close()

    async def on_ready(self) -> None:
        log.info("ready as %s (id %s) in %d guilds", self.user, getattr(self.user, "id", "?"), len(self.guilds))

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """One log line per command and per click: who, where, which game."""
        data = interaction.data or {}
        if interaction.type == discord.InteractionType.application_command:
            what = "/" + " ".join(self._command_path(data))
        elif interaction.type == discord.InteractionType.component:
            what = f"click {data.get('custom_id', '?')}"
        else:
            return
        row = await self.service.store.active_game(interaction.channel_id) if interaction.channel_id else None
        game = f"{row.game}#{row.id}" if row else "-"
        log.info("%s %s game=%s", what, where(interaction), game)

    @staticmethod
    def _command_path(data: dict[str, Any]) -> list[str]:
        words = [str(data.get("name", "?"))]
        options = data.get("options") or []
        while options and options[0].get("type") in (1, 2):
            words.append(str(options[0].get("name")))
            options = options[0].get("options") or []
        return words

    async def on_app_command_error(self, interaction: discord.Interaction,
                                   error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        if isinstance(original, UserError):
            log.info("refused %s: %s %s", original.key, original, where(interaction))
            await ui.refuse(interaction, original)
            return
        if isinstance(error, app_commands.TransformerError):
            await ui.refuse(interaction, UserError("err.bad_value", "That value is not valid."))
            return
        log.exception("command failed %s", where(interaction), exc_info=original)
        try:
            await ui.refuse(interaction, UserError("err.internal", "Something went wrong; nothing was changed."))
        except discord.HTTPException:
            pass

    async def mod_role(self, guild_id: int | None) -> int | None:
        return await self.service.store.moderator_role(guild_id) if guild_id else None

    async def is_moderator(self, interaction: discord.Interaction) -> bool:
        return ui.is_moderator(interaction, await self.mod_role(interaction.guild_id))

    # -- buttons ----------------------------------------------------------------------
    async def lobby_click(self, interaction: discord.Interaction, game_id: int, op: str) -> None:
        row = await self.service.store.get_game(game_id)
        try:
            if row is None or row.status != "lobby" or row.channel_id != interaction.channel_id:
                raise UserError("err.lobby_gone", "This lobby is closed.")
            user = str(interaction.user.id)
            if op == "join":
                row = await self.service.join(row.channel_id, user, interaction.user.display_name)
            elif op == "leave":
                row = await self.service.leave(row.channel_id, user)
            else:
                row = await self.service.start(row.channel_id, user, await self.is_moderator(interaction))
        except UserError as err:
            log.info("refused %s: %s %s", err.key, err, where(interaction))
            await ui.refuse(interaction, err)
            return
        locale = interaction.guild_locale or interaction.locale
        await interaction.response.edit_message(content=ui.lobby_text(row, locale), view=ui.lobby_view(row, locale))
        if op == "start":
            await ui.post_turn(None, interaction, row, None, locale, extra=[t("game.started", locale)])

    async def action_click(self, interaction: discord.Interaction, game_id: int, version: int, code: str) -> None:
        row = await self.service.store.get_game(game_id)
        try:
            if row is None or row.channel_id != interaction.channel_id or row.status != "running":
                raise UserError("err.stale", "That choice is out of date: the game has moved on.")
            assert row.state is not None
            seats = GAMES[row.game].to_act(row.state)
            user = str(interaction.user.id)
            if user not in seats:
                who = ", ".join(f"<@{s}>" for s in seats)
                raise UserError("err.not_your_button", "These choices are for {who}.", who=who)
            try:
                action = presenter(row.game).decode(code)
            except (ValueError, KeyError) as err:
                raise UserError("err.bad_action", "That is not an action.") from err
            played = await self.service.act(row.channel_id, user, action, expected_version=version)
        except UserError as err:
            log.info("refused %s: %s %s", err.key, err, where(interaction))
            await ui.refuse(interaction, err)
            return
        await interaction.response.defer()
        locale = interaction.guild_locale or interaction.locale
        await ui.post_turn(None, interaction, played.row, played, locale)

    async def strip_buttons(self, channel_id: int, message_id: int) -> None:
        """Best effort: an old prompt loses its buttons (they would be refused anyway)."""
        channel = self.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.fetch_channel(channel_id)
            except discord.HTTPException:
                return
        try:
            await channel.get_partial_message(message_id).edit(view=None)  # type: ignore[union-attr]
        except (discord.HTTPException, AttributeError):
            log.debug("could not strip buttons of %s", message_id)
