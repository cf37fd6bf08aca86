"""The Discord application: one bot, its store, its commands, its persistent buttons."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Callable
from importlib import import_module
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import renderers
from bot.config import Settings
from bot.discord_ui import ui
from bot.discord_ui.translator import CatalogTranslator
from bot.games import ADAPTERS, presenter
from bot.i18n import t
from bot.rules import GAMES
from bot.service import GameRow, GameService, UserError
from bot.store import GameStore, open_store

log = logging.getLogger("gamemaster")

IDLE_CHECK_SECONDS = 3600.0

# An interaction's token (in /interactions/<id>/<token>/callback, /webhooks/<app>/<token> and
# the INTERACTION_CREATE payload) lets anyone answer as the bot for 15 minutes; discord.py
# prints those URLs and payloads at DEBUG.
_TOKEN_IN_URL = re.compile(r"(/(?:interactions|webhooks)/\d+/)([A-Za-z0-9_.\-]{20,})")
_TOKEN_IN_PAYLOAD = re.compile(r"""(['"]token['"]\s*:\s*['"])([^'"]+)""")
_REDACTED_LOGGERS = ("discord.http", "discord.webhook.async_", "discord.webhook.sync", "discord.client",
                     "discord.gateway", "discord.state", "discord.interactions")


def redact(text: str) -> str:
    """``text`` without interaction tokens (in URLs, and in the gateway's event payloads)."""
    return _TOKEN_IN_PAYLOAD.sub(r"\1<token>", _TOKEN_IN_URL.sub(r"\1<token>", text))


class RedactTokens(logging.Filter):
    """Hides interaction tokens in discord.py's log lines (its http logger prints
    webhook URLs, token included, at DEBUG)."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a broken record is logging's problem, not ours
            return True
        clean = redact(message)
        if clean != message:
            record.msg, record.args = clean, None
        return True


def install_log_redaction() -> None:
    for name in _REDACTED_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())


def game_cogs() -> list[type[commands.Cog]]:
    """Every registered game's slash commands (``ADAPTERS``: each game names its cog)."""
    out = []
    for adapter in ADAPTERS.values():
        module, _, name = adapter.COMMANDS.partition(":")
        out.append(getattr(import_module(module), name))
    return out


def where(interaction: discord.Interaction) -> str:
    return f"guild={interaction.guild_id} channel={interaction.channel_id} user={interaction.user.id}"


class GameMasterBot(commands.Bot):
    def __init__(self, settings: Settings, store: GameStore | None = None,
                 seed_source: Callable[[], int] | None = None, **kwargs: Any) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        # Nobody is pinged unless a message says whom (ui.ping: the player a decision falls to).
        kwargs.setdefault("allowed_mentions", discord.AllowedMentions.none())
        super().__init__(command_prefix=commands.when_mentioned, intents=intents,
                         help_command=None, **kwargs)
        install_log_redaction()
        self.settings = settings
        self._store = store
        self._seed_source = seed_source  # tests pin the deals; by default a random seed per game
        self.service: GameService = None  # type: ignore[assignment]
        self.tree.on_error = self.on_app_command_error
        self.synced = False
        self._post_locks: dict[int, asyncio.Lock] = {}
        self._idle_task: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        # The boards' static layers are built in a worker thread while the rest starts up;
        # the bot goes online (connects to the gateway) only once they are ready.
        warming = asyncio.ensure_future(asyncio.to_thread(renderers.warm))
        store = self._store or await open_store(self.settings.database_url)
        self._store = store
        self.service = GameService(store, self._seed_source)
        self.add_dynamic_items(ui.LobbyButton, ui.LobbySelect, ui.ActionButton, ui.ActionSelect,
                               ui.GroupItem, ui.GroupSelect)
        from bot.discord_ui.cogs.game import GameCog

        await self.add_cog(GameCog(self))
        for cog in game_cogs():
            await self.add_cog(cog(self))
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
        await warming
        self._idle_task = asyncio.create_task(self._idle_loop(), name="gamemaster-idle-lobbies")

    async def close(self) -> None:
        if self._idle_task is not None:
            self._idle_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._idle_task
            self._idle_task = None
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
        row = await self.service.active_game(interaction.channel_id) if interaction.channel_id else None
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

    async def on_app_command_completion(self, interaction: discord.Interaction, command: Any) -> None:
        await self.catch_up(interaction.channel_id)

    async def on_app_command_error(self, interaction: discord.Interaction,
                                   error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        if isinstance(original, UserError):
            await self.refused(interaction, original)
        elif isinstance(error, app_commands.TransformerError):
            await ui.refuse(interaction, UserError("err.bad_value", "That value is not valid."))
        else:
            log.exception("command failed %s", where(interaction), exc_info=original)
            try:
                await ui.refuse(interaction, UserError("err.internal", "Something went wrong; nothing was changed."))
            except discord.HTTPException:
                pass
        await self.catch_up(interaction.channel_id)

    async def mod_role(self, guild_id: int | None) -> int | None:
        return (await self.service.settings(guild_id)).moderator_role_id if guild_id else None

    async def is_moderator(self, interaction: discord.Interaction) -> bool:
        return ui.is_moderator(interaction, await self.mod_role(interaction.guild_id))

    # -- what the channel has not seen -------------------------------------------------
    def post_lock(self, channel_id: int) -> asyncio.Lock:
        """One poster per channel at a time, so a move is announced exactly once."""
        lock = self._post_locks.get(channel_id)
        if lock is None:
            lock = self._post_locks[channel_id] = asyncio.Lock()
        return lock

    async def catch_up(self, channel_id: int | None) -> None:
        """Post the moves committed in this channel but never announced (Discord failed
        after the commit), with the choices that go with them. Best effort."""
        if channel_id is None or self.service is None or self.is_closed():
            return
        try:
            row = await self.service.latest_game(channel_id)
            if row is None or row.state is None or row.status not in ("running", "finished"):
                return
            if not await self.service.unannounced(row):
                return
            channel = await self.channel_of(channel_id)
            if channel is None:
                return
            await ui.post_turn(channel, None, row, None, bot=self)
        except Exception:
            if not self.is_closed():  # shutting down: the next start catches up instead
                log.exception("could not catch up on channel %s", channel_id)

    async def channel_of(self, channel_id: int) -> Any:
        channel = self.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.fetch_channel(channel_id)
            except discord.HTTPException:
                return None
        return channel

    # -- idle lobbies ---------------------------------------------------------------------
    async def _idle_loop(self) -> None:
        while True:
            try:
                await self.close_idle_lobbies()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("closing idle lobbies failed")
            await asyncio.sleep(IDLE_CHECK_SECONDS)

    async def close_idle_lobbies(self) -> list[GameRow]:
        """One tick of the hourly task: close the lobbies idle past their server's limit
        and say so on their messages (buttons removed)."""
        closed = await self.service.close_idle_lobbies()
        for row in closed:
            log.info("closed idle lobby %s#%s in channel %s", row.game, row.id, row.channel_id)
            if not row.lobby_message_id:
                continue
            days = (await self.service.settings(row.guild_id)).lobby_idle_days
            channel = await self.channel_of(row.channel_id)
            if channel is None:
                continue
            text = ui.clip(ui.lobby_text(row) + "\n" + t("lobby.idle_closed", row.lang, days=days))
            try:
                await channel.get_partial_message(row.lobby_message_id).edit(content=text, view=None)
            except (discord.HTTPException, AttributeError):
                log.debug("could not edit idle lobby message %s", row.lobby_message_id)
        return closed

    # -- lobby ------------------------------------------------------------------------
    async def refused(self, interaction: discord.Interaction, err: UserError) -> None:
        """A refusal: one log line, and the reason only to the one who asked."""
        log.info("refused %s: %s %s", err.key, ui.clip(str(err), 300), where(interaction))
        await ui.refuse(interaction, err)

    async def _lobby(self, interaction: discord.Interaction, game_id: int) -> GameRow:
        """The open lobby a lobby button or menu belongs to (in this channel)."""
        row = await self.service.get_game(game_id)
        if row is None or row.status != "lobby" or row.channel_id != interaction.channel_id:
            raise UserError("err.lobby_gone", "This lobby is closed.")
        return row

    async def lobby_click(self, interaction: discord.Interaction, game_id: int, op: str) -> None:
        try:
            row = await self._lobby(interaction, game_id)
            user = str(interaction.user.id)
            if op == "join":
                row = await self.service.join(row.channel_id, user, interaction.user.display_name)
            elif op == "leave":
                row = await self.service.leave(row.channel_id, user)
            else:
                row = await self.service.start(row.channel_id, user, await self.is_moderator(interaction))
        except UserError as err:
            await self.refused(interaction, err)
            return
        await interaction.response.edit_message(content=ui.lobby_text(row), view=ui.lobby_view(row),
                                                allowed_mentions=discord.AllowedMentions.none())
        if op == "start":
            await self.post_start(interaction, row)

    async def post_start(self, interaction: discord.Interaction, row: GameRow, extra_key: str = "game.started",
                         **params: Any) -> None:
        """The first message of a game: what setup did, the board, the first choices."""
        extra = [t(extra_key, row.lang, **params), *ui.opening_lines(row, row.lang)]
        await ui.post_turn(None, interaction, row, None, extra=extra)

    async def lobby_choice(self, interaction: discord.Interaction, game_id: int, kind: str, key: str,
                           value: str) -> None:
        """A lobby menu: a player's pick (``p``) or one of the game's options (``o``, host)."""
        try:
            row = await self._lobby(interaction, game_id)
            user = str(interaction.user.id)
            if kind == "p":
                row = await self.service.pick(row.channel_id, user, key, value)
            else:
                if key == "*":
                    key, _, value = value.partition("=")
                option = ui.option_from_code(row.game, key, value)
                row = await self.set_lobby_options(row, user, await self.is_moderator(interaction), {key: option})
        except UserError as err:
            await self.refused(interaction, err)
            return
        await interaction.response.edit_message(content=ui.lobby_text(row), view=ui.lobby_view(row),
                                                allowed_mentions=discord.AllowedMentions.none())

    async def set_lobby_options(self, row: GameRow, user_id: str, is_moderator: bool,
                                options: dict[str, Any]) -> GameRow:
        """Change options before the start (the host or a moderator)."""
        return await self.service.set_options(row.channel_id, user_id, is_moderator, options, game_id=row.id)

    # -- moves ------------------------------------------------------------------------
    async def _deciding_row(self, interaction: discord.Interaction, game_id: int) -> tuple[GameRow, str]:
        """The running game of this button and the clicking member, who must be the one
        to act (a stranger's or another player's click is refused)."""
        row = await self.service.get_game(game_id)
        if row is None or row.channel_id != interaction.channel_id or row.status != "running":
            raise UserError("err.stale", "That choice is out of date: the game has moved on.")
        assert row.state is not None
        seats = GAMES[row.game].to_act(row.state)
        user = str(interaction.user.id)
        if user not in seats:
            names = ui.names_for(row)
            who = ", ".join(names.get(s, s) for s in seats)
            raise UserError("err.not_your_button", "These choices are for {who}.", who=who)
        return row, user

    async def action_click(self, interaction: discord.Interaction, game_id: int, version: int, code: str) -> None:
        try:
            row, user = await self._deciding_row(interaction, game_id)
            try:
                action = presenter(row.game).decode(code)
            except (ValueError, KeyError, TypeError) as err:
                raise UserError("err.bad_action", "That is not an action.") from err
            # The button's version: the service refuses it if the game moved on, except
            # for other players' anytime actions (a defence order) in between.
            played = await self.service.act(row.channel_id, user, action, expected_version=version)
        except UserError as err:
            await self.refused(interaction, err)
            await self.catch_up(interaction.channel_id)
            return
        await interaction.response.defer()
        await ui.post_turn(None, interaction, played.row, played)

    async def group_click(self, interaction: discord.Interaction, game_id: int, version: int, group: str) -> None:
        """A two-step choice: open a group (or go back) on the same message. Only the
        player to act may; nothing is committed and the game's version does not move."""
        try:
            row, _user = await self._deciding_row(interaction, game_id)
            view = ui.action_view(row, group=group or None, version=version)
            if view is None:
                raise UserError("err.stale", "That choice is out of date: the game has moved on.")
        except UserError as err:
            await self.refused(interaction, err)
            await self.catch_up(interaction.channel_id)
            return
        await interaction.response.edit_message(view=view)

    async def strip_buttons(self, channel_id: int, message_id: int) -> None:
        """Best effort: an old prompt loses its buttons (they would be refused anyway)."""
        channel = await self.channel_of(channel_id)
        if channel is None:
            return
        try:
            await channel.get_partial_message(message_id).edit(view=None)  # type: ignore[union-attr]
        except (discord.HTTPException, AttributeError):
            log.debug("could not strip buttons of %s", message_id)
