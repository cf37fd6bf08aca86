"""The Discord application: one bot, its store, its commands, its persistent buttons.

The bot class only wires: it opens the store, adds the platform's and every registered
game's commands, registers the buttons (whose click handlers live with them, in
:mod:`.buttons` and :mod:`.lobby`), and keeps what lives as long as the connection (the
per-channel post locks, the idle-lobby task). Turns are posted by :mod:`.messages`."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import os
import re
import signal
import sys
from collections.abc import Callable, Coroutine, Iterator
from importlib import import_module
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import renderers
from bot.ai_pool import AiPool
from bot.config import Settings
from bot.discord_ui import buttons, chain, lobby, logs, messages, orders, rematch, takeback
from bot.discord_ui.cogs import registry
from bot.discord_ui.cogs.tree import GameTree
from bot.discord_ui.errors import refuse, refused, where
from bot.discord_ui.members import is_moderator
from bot.discord_ui.outbox import Pacer
from bot.discord_ui.translator import CatalogTranslator
from bot.rules import GAMES
from bot.scheduler import Scheduler
from bot.service import GameRow, GameService, Handed, Played, Reminder, UserError
from bot.store import GameStore, database_path, open_store, scheme_of

log = logging.getLogger("gamemaster")

IDLE_CHECK_SECONDS = 3600.0
DRAIN_SECONDS = 20.0  # a clean shutdown waits this long at most for the actions under way
QUIET_SECONDS = 0.25  # and until nothing new came in for this long

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
    logs.install()  # no state, secret or seed in any line (bodies stripped first)
    for name in _REDACTED_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())


def game_cogs() -> list[type[commands.Cog]]:
    """Every registered game's slash commands (``ADAPTERS``: each game names its cog)."""
    return list(registry.game_cogs().values())


def preload() -> None:
    """The modules ``setup_hook`` imports (the cogs, their commands' signatures read), imported
    before the event loop runs: ~0.3 s of CPU it would otherwise spend at start-up (issue 29)."""
    import_module("bot.discord_ui.cogs.game")
    game_cogs()


_frozen = False


def freeze_startup_objects() -> None:
    """Once a process has started (modules, commands, the boards' layers built), what it
    holds is moved out of the garbage collector's sight (``gc.freeze``): a full collection,
    which runs in whichever thread allocates (often the event loop's), then scans only what
    came since. Right after start-up a full collection scanned them all: 36-46 ms of the
    loop's CPU (issue 29). Once per process."""
    global _frozen
    if not _frozen:
        _frozen = True
        gc.freeze()  # O(1); no collection first: that would be the very pause avoided


def warm_engines(stop: Callable[[], bool] = lambda: False) -> None:
    """Every engine's work done once ahead of the games (``Game.warm``: Risk Express compiles
    its 1,715 throws, ~80 ms), in the bot's warm-up thread once online, so that no move pays
    it on the event loop; ``stop()`` true (a bot shutting down) ends it early."""
    for game in GAMES.values():
        if stop():
            return
        try:
            game.warm()
        except Exception:  # the engine does it move by move, as before
            log.exception("warming the engine of %s failed", game.id)


class GameMasterBot(commands.Bot):
    def __init__(self, settings: Settings, store: GameStore | None = None,
                 seed_source: Callable[[], int] | None = None, **kwargs: Any) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        intents.dm_messages = True  # a direct message to the bot gets one line (cogs/game.py)
        # Nobody is pinged unless a message says whom (members.ping: the player a decision falls to).
        kwargs.setdefault("allowed_mentions", discord.AllowedMentions.none())
        kwargs.setdefault("tree_cls", GameTree)  # every command a server's (contexts sent at sync)
        super().__init__(command_prefix=commands.when_mentioned, intents=intents,
                         help_command=None, **kwargs)
        install_log_redaction()
        self.settings = settings
        self._store = store
        self._seed_source = seed_source  # tests pin the deals; by default a random seed per game
        self.service: GameService = None  # type: ignore[assignment]
        self.tree.on_error = self.on_app_command_error
        self.synced = False
        self._clear_server_copies = False
        self._post_locks: dict[int, asyncio.Lock] = {}
        self.pacer = Pacer()  # every new message of a game channel waits for its slot
        self._in_flight: dict[int, int] = {}  # channel -> moves committed here whose post is under way
        self._deferred: set[int] = set()  # channels whose catch-up waits for such a post
        self._idle_task: asyncio.Task[None] | None = None
        self.scheduler: Scheduler | None = None
        self._handling: set[asyncio.Task[Any]] = set()  # the tasks of the interactions under way
        self._background: set[asyncio.Task[Any]] = set()  # work nobody waits for (a game's story)
        self._owed_stories_asked = False
        self._shutdown: asyncio.Task[None] | None = None
        self._warming: asyncio.Future[None] | None = None  # the boards' static layers, being built
        self._stop_warming = False

    async def setup_hook(self) -> None:
        renderers.use_cache(render_cache_dir(self.settings.database_url, self.settings.cache_dir))
        # the renderers imported and the layers' key computed before going online (in a
        # worker thread: the loop stays free), not by the first board after ready
        await asyncio.to_thread(renderers.prepare)
        store = self._store or await open_store(self.settings.database_url)
        self._store = store
        self.service = GameService(store, self._seed_source)
        self.service.ai_budget = self.settings.ai_budget
        if self.settings.ai_workers == "process":  # its workers start when a lobby gets an AI seat
            self.service.ai_pool = AiPool()
        if self.settings.shard_ids is not None and self.settings.shard_count:
            # some of the shards: this process fires only their servers' clocks (and posts
            # only in their channels); the other processes fire the rest
            self.service.shards = (self.settings.shard_count, tuple(self.settings.shard_ids))
        self._track_interactions()
        known = (lobby.LobbyButton, lobby.LobbySelect, buttons.ActionButton, buttons.ActionSelect,
                 buttons.GroupItem, buttons.GroupSelect, chain.ChainButton, chain.ChainSelect, chain.HandButton,
                 rematch.RematchButton, takeback.UndoButton, takeback.RollbackButton, orders.OrdersButton,
                 orders.OrderSelect)
        self.add_dynamic_items(*known, buttons.unknown_item(known))  # any other click: out of date
        from bot.discord_ui.cogs.game import GameCog

        await self.add_cog(GameCog(self))
        for cog in game_cogs():
            await asyncio.sleep(0)  # each cog's commands copied in a callback of its own (issue 29)
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
                self._clear_server_copies = True  # once ready: a server synced alone before keeps no copy
        self.synced = True
        self._idle_task = asyncio.create_task(self._idle_loop(), name="gamemaster-idle-lobbies")
        self.scheduler = Scheduler(self.service, self.deliver)
        self.service.wake = self.scheduler.poke
        self.scheduler.start()
        for channel_id in await self.service.waiting_on_ai():  # a restart between two AI moves
            self.spawn(messages.ai_turns(self, channel_id))

    def _track_interactions(self) -> None:
        """Remember the tasks each interaction starts (its command's, its button's), so a
        clean shutdown lets them finish: the gateway's parser of INTERACTION_CREATE is
        wrapped, and the tasks created while it runs are the interaction's."""
        parsers = self._connection.parsers
        parse = parsers.get("INTERACTION_CREATE")
        if parse is None or getattr(parse, "_gamemaster_tracked", False):
            return

        def tracked(data: Any) -> None:
            before = asyncio.all_tasks()
            try:
                parse(data)
            finally:
                for task in asyncio.all_tasks() - before:
                    self._handling.add(task)
                    task.add_done_callback(self._handling.discard)

        tracked._gamemaster_tracked = True  # type: ignore[attr-defined]
        parsers["INTERACTION_CREATE"] = tracked

    async def drain(self, timeout: float = DRAIN_SECONDS) -> bool:
        """Let the actions under way finish: the scheduler ends its round, new changes are
        refused ("restarting, try again"), and the interactions being handled run to their
        answer. True if everything finished within ``timeout``."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        if self.scheduler is not None:
            await self.scheduler.stop(grace=timeout)
        if self.service is not None:
            self.service.draining = True
        while True:
            pending = {t for t in self._handling if not t.done() and t is not asyncio.current_task()}
            if not pending:  # quiet: one more look, for what the gateway already sent us
                await asyncio.sleep(QUIET_SECONDS)
                pending = {t for t in self._handling if not t.done()}
                if not pending:
                    break
            left = end - loop.time()
            if left <= 0:
                log.warning("shutting down with %d interactions unfinished", len(pending))
                return False
            await asyncio.wait(pending, timeout=left)
        # what they committed and have not posted yet (a post under way holds its channel's lock)
        for lock in list(self._post_locks.values()):
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(max(0.0, end - loop.time())):
                    async with lock:
                        pass
        return True

    async def close(self) -> None:
        """A clean stop (SIGTERM, Ctrl-C, the end of ``async with``): the actions under way
        finish (:meth:`drain`), then the connection to Discord closes, then the database."""
        if self._shutdown is None:
            self._shutdown = asyncio.ensure_future(self._close())
        await asyncio.shield(self._shutdown)

    async def _close(self) -> None:
        if self.is_ready() or self.service is not None:
            with contextlib.suppress(Exception):
                await self.drain()
        if self.scheduler is not None:
            await self.scheduler.stop()
        for task in list(self._background):  # a story being drawn: /game replay draws it again
            task.cancel()
        if self.service is not None and self.service.ai_pool is not None:  # no worker left running
            await self.service.ai_pool.close()
        if self._warming is not None:  # the game being warmed is finished, the others left
            self._stop_warming = True
            with contextlib.suppress(Exception):
                await self._warming
        with contextlib.suppress(Exception):  # the boards as last drawn, for the next start
            await asyncio.to_thread(renderers.keep)
        renderers.use_cache(None)  # this bot's folder: not the next one's in this process (tests)
        if self._idle_task is not None:
            self._idle_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._idle_task
            self._idle_task = None
        await super().close()
        if self._store is not None:
            await self._store.close()
        log.info("stopped cleanly: the database is closed")

    def _warm_boards(self) -> None:
        """Once online: the boards' static layers built in a worker thread, game by game
        (5–13 s of CPU for all five), the bot answering meanwhile; a board asked for in
        the meantime waits for its own game's layers only (``renderers.render``)."""
        if self._warming is None:
            self._warming = asyncio.ensure_future(asyncio.to_thread(self._warm_in_thread))

    def _warm_in_thread(self) -> None:
        try:
            renderers.warm(stop=lambda: self._stop_warming, again=False)
        except Exception:  # a board drawn later builds what it needs itself
            log.exception("building the boards' static layers failed")
        warm_engines(stop=lambda: self._stop_warming)
        freeze_startup_objects()  # the layers built: what start-up made leaves the collector's sight

    async def on_ready(self) -> None:
        self._warm_boards()
        log.info("ready as %s (id %s) in %d guilds", self.user, getattr(self.user, "id", "?"), len(self.guilds))
        if not self._owed_stories_asked:  # once a process: stories owed by games over while it was away
            self._owed_stories_asked = True
            from bot.discord_ui.story import post_owed_stories

            self.spawn(post_owed_stories(self))
        if self._clear_server_copies:
            self._clear_server_copies = False
            self.spawn(self.tree.clear_server_copies(self.guilds))  # type: ignore[attr-defined]

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """One log line per command and per click: who, where, which game."""
        if not log.isEnabledFor(logging.INFO):  # the game is read for this line only
            return
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
        await messages.catch_up(self, interaction.channel_id)

    async def on_app_command_error(self, interaction: discord.Interaction,
                                   error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        if isinstance(original, UserError):
            await refused(interaction, original)
        elif isinstance(error, app_commands.TransformerError):
            await refuse(interaction, UserError("err.bad_value", "That value is not valid."))
        else:
            log.exception("command failed %s", where(interaction), exc_info=original)
            try:
                await refuse(interaction, UserError("err.internal", "Something went wrong; nothing was changed."))
            except discord.HTTPException:
                pass
        await messages.catch_up(self, interaction.channel_id)

    async def mod_role(self, guild_id: int | None) -> int | None:
        return (await self.service.settings(guild_id)).moderator_role_id if guild_id else None

    async def is_moderator(self, interaction: discord.Interaction) -> bool:
        return is_moderator(interaction, await self.mod_role(interaction.guild_id))

    def spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        """Run ``work`` in the background (kept until it ends; cancelled by a clean stop,
        which does not wait for it)."""
        task = asyncio.create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    # -- what the channel has not seen -------------------------------------------------
    def post_lock(self, channel_id: int) -> asyncio.Lock:
        """One poster per channel at a time, so a move is announced exactly once."""
        lock = self._post_locks.get(channel_id)
        if lock is None:
            lock = self._post_locks[channel_id] = asyncio.Lock()
        return lock

    @contextlib.contextmanager
    def in_flight(self, channel_id: int | None) -> Iterator[None]:
        """Around a move from its commit to its post: :func:`.messages.catch_up` leaves the
        channel to that post (which tells every move not yet announced, its own included),
        instead of telling the move first, in the wrong message."""
        if channel_id is None:
            yield
            return
        self._in_flight[channel_id] = self._in_flight.get(channel_id, 0) + 1
        try:
            yield
        finally:
            left = self._in_flight[channel_id] - 1
            if left:
                self._in_flight[channel_id] = left
            else:
                del self._in_flight[channel_id]

    def defer_catch_up(self, channel_id: int) -> bool:
        """Whether a move of this channel is between its commit and its post here: if so,
        the catch-up asked for is left to it (see :meth:`take_deferred`)."""
        if channel_id in self._in_flight:
            self._deferred.add(channel_id)
            return True
        self._deferred.discard(channel_id)  # this catch-up is the one left over
        return False

    def take_deferred(self, channel_id: int | None) -> bool:
        """Whether a catch-up was left to a move of this channel that has now been posted."""
        if channel_id in self._deferred and channel_id not in self._in_flight:
            self._deferred.discard(channel_id)
            return True
        return False

    def live_choices(self, row: GameRow, public: dict[str, Any] | None = None,
                     undo: bool = False) -> discord.ui.View | None:
        """The buttons of the decision now, for :func:`.messages.post_turn` (``public``: the
        game's public view, built once for the whole post), with Undo if ``undo`` and it fits, and
        the standing orders' button (any player's) if the game has some and it fits."""
        if row.status == "finished":  # the game's end: a rematch
            return rematch.rematch_view(row)
        view = buttons.action_view(row, public=public)
        if undo and view is not None:
            with contextlib.suppress(ValueError):  # a full message keeps /game undo only
                view.add_item(takeback.undo_button(self, row))
        standing = orders.orders_button(row, row.lang) if view is not None else None
        if standing is not None and view is not None:
            with contextlib.suppress(ValueError):  # a full message: /game hand has the button too
                view.add_item(standing)
        return view

    async def channel_of(self, channel_id: int) -> Any:
        channel = self.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.fetch_channel(channel_id)
            except discord.HTTPException:
                return None
        return channel

    # -- what the clocks fired -------------------------------------------------------------
    async def deliver(self, item: Played | Reminder | Handed) -> None:
        """Post what the scheduler fired: a timeout's turn (told like any move, the next
        player pinged, the board drawn) or a reminder."""
        if isinstance(item, Played):
            await messages.catch_up(self, item.row.channel_id)
        elif isinstance(item, Reminder):
            await messages.post_reminder(self, item)
        elif isinstance(item, Handed):  # on_timeout: ai — the AI plays the silent seat from now
            await messages.post_handed(self, item)

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
        """One tick of the hourly task (:func:`.lobby.close_idle_lobbies`)."""
        return await lobby.close_idle_lobbies(self)

    async def strip_buttons(self, channel_id: int, message_id: int) -> None:
        """Best effort: an old prompt loses its buttons (they would be refused anyway)."""
        channel = await self.channel_of(channel_id)
        if channel is None:
            return
        try:
            await channel.get_partial_message(message_id).edit(view=None)  # type: ignore[union-attr]
        except (discord.HTTPException, AttributeError):
            log.debug("could not strip buttons of %s", message_id)


class ShardedGameMasterBot(GameMasterBot, commands.AutoShardedBot):
    """The bot on several gateway connections (shards): all of them, or the ``SHARD_IDS``
    of ``SHARD_COUNT`` when several processes share the servers (and one database)."""


def render_cache_dir(url: str, setting: str = "") -> Path | None:
    """Where the boards' static layers are kept between starts (``GAMEMASTER_CACHE_DIR``):
    that folder when set (``off``: nowhere, drawn at each start); else ``render-cache/``
    beside a SQLite database file, or ``$XDG_CACHE_HOME/gamemaster`` (``~/.cache/gamemaster``)
    for PostgreSQL; none for an in-memory database. A folder that cannot be written is no
    fault: the layers are drawn in memory (``renderers.kit.disk``)."""
    setting = setting.strip()
    if setting.lower() == "off":
        return None
    if setting:
        return Path(setting).expanduser()
    url = url.strip()
    if scheme_of(url) not in (None, "sqlite"):
        home = os.environ.get("XDG_CACHE_HOME", "").strip() or Path("~/.cache").expanduser()
        return Path(home) / "gamemaster"
    path = database_path(url)
    if path == ":memory:" or path.startswith("file:"):
        return None
    return Path(path).resolve().parent / "render-cache"


def create_bot(settings: Settings, store: GameStore | None = None,
               seed_source: Callable[[], int] | None = None, **kwargs: Any) -> GameMasterBot:
    """The bot these settings ask for: one connection, or shards (``SHARD_COUNT``,
    ``SHARD_IDS``; a count of 0 lets Discord say how many)."""
    if not settings.sharded:
        return GameMasterBot(settings, store, seed_source, **kwargs)
    kwargs.setdefault("shard_count", settings.shard_count or None)
    if settings.shard_ids is not None:
        kwargs.setdefault("shard_ids", list(settings.shard_ids))
    return ShardedGameMasterBot(settings, store, seed_source, **kwargs)


def run(settings: Settings) -> int:
    """Run the bot until it stops: ``python -m bot``'s Discord part. Returns the exit code;
    a refused token or an unreachable Discord is one plain sentence, never a traceback."""
    import aiohttp

    discord.utils.setup_logging(level=getattr(logging, settings.log_level, logging.INFO))
    # The bot never joins voice: discord.py's warnings about voice libraries only confuse.
    discord.VoiceClient.warn_nacl = False
    if hasattr(discord.VoiceClient, "warn_dave"):
        discord.VoiceClient.warn_dave = False
    logging.getLogger("gamemaster").info("starting with %s", settings)
    preload()
    bot = create_bot(settings)

    async def runner() -> None:
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):  # a clean stop: actions under way finish
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, lambda name=sig.name: stop(name))

        def stop(name: str) -> None:
            log.info("%s: finishing the actions under way, then stopping", name)
            asyncio.ensure_future(bot.close())

        try:
            async with bot:
                await bot.start(settings.token)
        finally:  # the clean stop runs to its end (the database closed) before the loop does
            await bot.close()

    try:
        asyncio.run(runner())
    except discord.LoginFailure:
        print("Discord refused the token: check DISCORD_TOKEN (Bot → Reset Token).", file=sys.stderr)
        return 1
    except (TimeoutError, aiohttp.ClientError, OSError, discord.GatewayNotFound) as err:
        print(f"Cannot reach Discord ({no_network_reason(err)}): check this machine's internet "
              "connection, then start the bot again.", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    return 0


def no_network_reason(err: BaseException) -> str:
    """One short phrase for a connection failure (never a traceback, never the token)."""
    text = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
    return text[:200]
