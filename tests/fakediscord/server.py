"""A fake Discord (REST + gateway) on 127.0.0.1 for end-to-end tests of the real bot.

The real ``discord.Client`` logs in, syncs its commands and connects to the gateway of this
fake; the test then sends the interactions a player's Discord client would send and reads
back what the bot posted, attachments' bytes included. Nothing of discord.py is mocked: only
two URLs are redirected while the fake runs (``discord.http.Route.BASE`` and
``DiscordWebSocket.DEFAULT_GATEWAY``, restored on close).

Typical test::

    async with FakeDiscord() as fake:
        guild = fake.add_guild("Friends", locale="fr")
        table = guild.add_text_channel("risk")
        alice, mod = guild.add_member("alice"), guild.add_moderator("mod")
        async with fake.run(make_bot()):      # login, sync commands, READY, on_ready
            res = await fake.slash(alice, table, "game", "new", options={"game": "risk_express"})
            assert not res.ephemeral and "Risk" in res.content
            choices = await fake.autocomplete(alice, table, "risk", "attack",
                                              options={"from": "Ala"}, focused="from")
            click = await fake.click(alice, res.message, "game:join")
            board = await fake.wait_message(table, lambda m: m.files)
            name, png = board.files[0]
        async with fake.run(make_bot()):      # a restart: same world, same messages
            await fake.click(mod, res.message, "game:join")
            await fake.disconnect()           # a gateway drop: the client resumes

Waiting: ``slash``/``click``/``select``/``submit_modal`` return once the bot has answered:
its callback, and after a "thinking" deferral (type 5) the message filling it in, after a
deferred update (type 6) the next edit or followup (``wait="callback"`` to stop at the
callback). Later messages: ``wait_message``/``wait_record`` (with ``since=fake.mark()``),
``result.wait_followups(n)``, or ``settle()`` (no request for a quiet moment). Every wait
fails with an AssertionError listing the last requests, unknown routes and the exceptions
discord.py logged (``fake.discord_errors``).

Discord's rules the fake enforces: a callback later than ``response_deadline`` (3 s) is a
404 Unknown interaction and fails the test; a second callback is 40060; the first followup
after a deferral fills in the "thinking" message and keeps its visibility; ephemeral
messages cannot be fetched or edited through channel routes; message bodies are checked
(2000 characters, 10 embeds, 5 rows, unique custom_ids, 25 choices, not empty).

World: ``add_guild`` → ``Guild.add_text_channel / add_thread / add_role / add_member /
add_moderator`` (Manage Channels); members carry roles, and interactions carry the member's
``permissions`` and the bot's ``app_permissions`` computed from them (no channel overwrites).
Objects added while the bot is connected are dispatched to it (CHANNEL_CREATE, …).
Recorded: ``fake.records`` (every create/edit/delete, frozen), ``fake.messages`` (each message
as it is now), ``fake.channel_messages(channel)``, ``fake.world.dm_channel(user)`` for DMs.

Build the bot with ``guild_ready_timeout=0.05`` (a ``discord.Client`` keyword): discord.py
waits that long after the last GUILD_CREATE before ``on_ready`` (2 s by default). Only one
bot connection at a time: interactions go to the newest live gateway session.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import re
import socket
from collections.abc import AsyncIterator, Callable, Mapping
from typing import Any
from urllib.parse import quote

import discord
import yarl
from aiohttp import web
from discord.gateway import DiscordWebSocket
from discord.http import Route

from .gateway import GatewaySession
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    SELECTS,
    InteractionResult,
    Resolved,
    base_interaction,
    command_data,
    component_data,
    modal_data,
)
from .payloads import Attachment, Channel, Guild, Json, Member, Message, Record, User, World
from .rest import RestApi, guess_type

log = logging.getLogger("tests.fakediscord")


class _ErrorLog(logging.Handler):
    """Keeps what discord.py logs at ERROR (exceptions in commands, views, events)."""

    def __init__(self, on_error: Callable[[], None]) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []
        self.on_error = on_error

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)
        self.on_error()


class FakeDiscord(RestApi):
    def __init__(self, *, bot_name: str = "GameMaster", token: str = "fake-token",
                 timeout: float = 5.0, response_deadline: float | None = 3.0, latency: float = 0.0) -> None:
        self.world = World(bot_name)
        self.world.emit = self.emit
        self.token = token
        self.timeout = timeout
        self.response_deadline = response_deadline
        self.latency = latency  # seconds each REST call takes on the way (a network's round trip), 0: none
        self.messages: dict[int, Message] = {}
        self.records: list[Record] = []
        self.attachments: dict[int, Attachment] = {}
        # every file the bot uploaded, in order; each keeps the description (alt text) Discord
        # read in the body's ``attachments`` (payload_json), once the message is made or edited
        self.bot_uploads: list[Attachment] = []
        self.interactions: dict[int, InteractionResult] = {}
        self.interactions_by_token: dict[str, InteractionResult] = {}
        self.deferred_updates: list[InteractionResult] = []  # type 6, until something follows
        self.commands: dict[int | None, list[Json]] = {}  # by guild id, None = global
        self.sync_count = 0
        self.sessions: list[GatewaySession] = []
        self.requests: list[tuple[str, str, int]] = []
        self.request_times: list[float] = []
        self.unknown_routes: list[str] = []
        self.fake_errors: list[str] = []
        self.failures: list[list[Any]] = []  # see fail_next
        self.rate_limited: list[tuple[str, str, float]] = []  # (method, path, loop time) of each 429 sent
        self.in_flight = 0
        self.activity = 0
        self.port = 0
        self._errors = _ErrorLog(lambda: self.changed())
        self._event = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self._clients: list[tuple[discord.Client, asyncio.Task[None]]] = []
        self._saved_urls: tuple[str, yarl.URL] | None = None

    # -- lifecycle -------------------------------------------------------------------------------

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def start(self) -> None:
        if Route.BASE.startswith("http://127.0.0.1"):  # discord.py's URLs are global
            raise RuntimeError(f"another FakeDiscord is running at {Route.BASE}; close it first")
        app = web.Application(middlewares=[self.middleware], client_max_size=64 * 1024 * 1024)
        self.add_routes(app)
        app.router.add_get("/gateway", self._gateway)
        self._runner = web.AppRunner(app, handle_signals=False, shutdown_timeout=2.0, access_log=None)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()
        self._saved_urls = (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)
        Route.BASE = self.api_url
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        logging.getLogger("discord").addHandler(self._errors)

    async def close(self) -> None:
        """Stop the clients started by ``run``, close every socket and the server, restore URLs."""
        for client, task in list(self._clients):
            await self._stop_client(client, task)
        for session in self.sessions:
            if not session.closed:
                await session.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self._saved_urls is not None:
            Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = self._saved_urls
            self._saved_urls = None
        logging.getLogger("discord").removeHandler(self._errors)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_url(self) -> str:
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    @property
    def bot(self) -> User:
        return self.world.bot

    @property
    def application_id(self) -> int:
        return self.world.application_id

    @property
    def discord_errors(self) -> list[logging.LogRecord]:
        """What discord.py logged at ERROR since start (an exception in a command, a view…)."""
        return self._errors.records

    @property
    def live_session(self) -> GatewaySession | None:
        return next((s for s in reversed(self.sessions) if s.live), None)

    def session_for(self, guild_id: int | None) -> GatewaySession | None:
        """The live connection that gets ``guild_id``'s events (its shard's; the last one
        opened when several could)."""
        return next((s for s in reversed(self.sessions) if s.live and s.serves(guild_id)), None)

    def _session(self, session_id: str) -> GatewaySession | None:
        return next((s for s in reversed(self.sessions) if s.session_id == session_id and s.identified), None)

    async def disconnect(self, code: int = 4000) -> None:
        """Drop the bot's gateway connection, as Discord sometimes does: the client resumes."""
        session = self.live_session
        if session is None:
            raise AssertionError("no bot is connected to the gateway")
        await session.close(code)

    def loop_time(self) -> float:
        return asyncio.get_running_loop().time()

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        session = GatewaySession(ws, self.world, compress=request.query.get("compress"),
                                 gateway_url=self.gateway_url, on_change=self.changed,
                                 find=self._session)
        self.sessions.append(session)
        await session.run()
        return ws

    # -- the bot's client ------------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def run(self, client: discord.Client, *, synced: bool = True, ready: bool = True,
                  timeout: float | None = None) -> AsyncIterator[discord.Client]:
        """Start ``client`` against the fake; inside, it is connected (and has synced its
        commands, and is ready: ``client.wait_until_ready()``); on exit it is closed."""
        timeout = self.timeout if timeout is None else timeout
        syncs, known = self.sync_count, len(self.sessions)
        task = asyncio.create_task(client.start(self.token), name="fakediscord-client")
        self._clients.append((client, task))
        error: BaseException | None = None
        try:
            def up() -> bool:
                connected = any(s.live for s in self.sessions[known:])
                return task.done() or (connected and (not synced or self.sync_count > syncs))

            what = "the bot to log in and connect" + (" and sync its commands" if synced else "")
            await self.wait_until(up, what, timeout)
            if not task.done() and ready:
                waiter = asyncio.ensure_future(client.wait_until_ready())
                await asyncio.wait({waiter, task}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
                if not waiter.done():
                    waiter.cancel()
                    if not task.done():
                        raise AssertionError(self.explain(f"timed out after {timeout}s waiting for on_ready"))
            if task.done():
                task.result()
                raise AssertionError("the bot's client stopped while starting")
            yield client
        finally:
            error = await self._stop_client(client, task)
        if error is not None:
            raise error

    async def _stop_client(self, client: discord.Client, task: asyncio.Task[None]) -> BaseException | None:
        if (client, task) in self._clients:
            self._clients.remove((client, task))
        await client.close()
        try:
            await asyncio.wait_for(task, self.timeout)
            # The client is done once its websocket closed; the fake notices a moment later.
            await self.wait_until(lambda: self.live_session is None, "the gateway connection to close")
        except asyncio.CancelledError:
            if not task.cancelled():  # we are the one being cancelled
                raise
        except Exception as exc:
            return exc
        return None

    async def wait_ready(self, *, synced: bool = True, timeout: float | None = None) -> None:
        """For a client started by the test itself: connected, guilds sent, commands synced."""
        await self.wait_until(lambda: self.live_session is not None and (self.sync_count > 0 or not synced),
                              "a bot connected to the gateway", timeout)
        session = self.live_session
        assert session is not None
        await session.flushed()

    # -- the world -------------------------------------------------------------------------------

    def add_guild(self, name: str = "Test Guild", *, locale: str = "en-US") -> Guild:
        return self.world.add_guild(name, locale=locale)

    def add_user(self, name: str, *, global_name: str | None = None) -> User:
        return self.world.add_user(name, global_name=global_name)

    def emit(self, event: str, data: Json) -> None:
        """Dispatch a gateway event to the bot's session (replayed if it resumes)."""
        guild = data.get("guild_id") or (data.get("id") if event.startswith("GUILD_") else None)
        session = next((s for s in reversed(self.sessions)
                        if s.identified and s.serves(int(guild) if guild else None)), None)
        if session is not None:
            session.dispatch(event, data)

    def store_attachment(self, filename: str, data: bytes, *, channel_id: int = 0) -> Attachment:
        ident = self.world.new_id()
        url = f"{self.base_url}/attachments/{channel_id}/{ident}/{quote(filename)}"
        attachment = Attachment(ident, filename, data, url, guess_type(filename))
        self.attachments[ident] = attachment
        return attachment

    # -- messages, as the REST routes change them -------------------------------------------------

    def create_message(self, channel_id: int, kind: str, payload: Json, uploads: dict[int, Attachment],
                       inter: InteractionResult | None = None) -> Message:
        channel = self.world.channels[channel_id]
        message = Message(self.world.new_id(), channel_id, channel.guild_id, self.world.bot, kind)
        if inter is not None:
            user = (inter.payload.get("member") or inter.payload)["user"]
            message.interaction_id = inter.id
            message.application_id = self.world.application_id
            message.type = 20 if inter.type == APPLICATION_COMMAND else 0
            message.interaction_metadata = {
                "id": str(inter.id), "type": inter.type, "user": user,
                "authorizing_integration_owners": inter.payload["authorizing_integration_owners"],
            }
        message.apply(payload, uploads, editing=False)
        self.check_message(message)
        self.messages[message.id] = message
        self._record("create", kind, message, inter, notify=True)
        return message

    def edit_message(self, message: Message, payload: Json, uploads: dict[int, Attachment], kind: str,
                     inter: InteractionResult | None = None, *, notify: bool = False) -> Message:
        """An edit notifies nobody, except the one that fills in a "thinking" deferral
        (``notify``): for the members, that is when the message appears."""
        draft = dataclasses.replace(message)
        draft.apply(payload, uploads, editing=True)
        self.check_message(draft)
        message.__dict__.update(draft.__dict__)  # references held by tests see the edit
        self._record("edit", kind, message, inter, notify=notify)
        return message

    def delete_message(self, message: Message, kind: str, inter: InteractionResult | None = None) -> None:
        message.deleted = True
        self._record("delete", kind, message, inter)

    def _record(self, action: str, kind: str, message: Message, inter: InteractionResult | None,
                notify: bool = False) -> None:
        record = Record.of(action, kind, message, inter.id if inter else None, notify)
        self.records.append(record)
        for interaction in self.deferred_updates:
            interaction.note(record)
        self.deferred_updates = [i for i in self.deferred_updates if not i.done("answer")]
        self.changed()

    def message(self, message_id: int) -> Message:
        return self.messages[message_id]

    def pings(self, *, since: int = 0) -> list[tuple[int, int]]:
        """(message id, user id) for every notification Discord sent since ``since``
        (a ``mark()``): mentions let through by ``allowed_mentions`` when a message appears."""
        return [(r.message_id, user) for r in self.records[since:] for user in r.pinged]

    def fail_next(self, method: str, path: str, *, status: int = 404, code: int = 10015,
                  message: str = "Unknown Webhook", count: int = 1) -> None:
        """Make the next ``count`` requests ``method`` whose path matches the regular
        expression ``path`` fail as Discord would (by default an expired interaction token)."""
        self.failures.append([method.upper(), re.compile(path), status, code, message, count])

    def rate_limit_next(self, method: str, path: str, *, retry_after: float = 0.5, count: int = 1) -> None:
        """Answer the next ``count`` requests ``method`` whose path matches ``path`` with a 429
        as Discord does (``retry_after`` in the body and headers, the edge's ``Via``): the
        request is not carried out, the client must wait and send it again."""
        self.failures.append([method.upper(), re.compile(path), 429, 0, "You are being rate limited.", count,
                              retry_after])

    def channel_messages(self, channel: Channel, *, ephemeral: bool = False) -> list[Message]:
        """The channel's messages now, oldest first (ephemeral ones only if asked)."""
        return [m for m in sorted(self.messages.values(), key=lambda m: m.id)
                if m.channel_id == channel.id and not m.deleted and (ephemeral or not m.ephemeral)]

    # -- waiting ---------------------------------------------------------------------------------

    def changed(self) -> None:
        """Wake every waiter to re-check its condition."""
        self._event.set()
        self._event = asyncio.Event()

    async def wait_until(self, predicate: Callable[[], bool], what: str, timeout: float | None = None) -> None:
        timeout = self.timeout if timeout is None else timeout
        try:
            async with asyncio.timeout(timeout):
                while not predicate():
                    await self._event.wait()
        except TimeoutError:
            raise AssertionError(self.explain(f"timed out after {timeout}s waiting for {what}")) from None

    def mark(self) -> int:
        """A bookmark in ``records``, for ``since=`` in the waits below."""
        return len(self.records)

    async def wait_record(self, predicate: Callable[[Record], bool] = lambda r: True, *, since: int = 0,
                          what: str = "a matching message record", timeout: float | None = None) -> Record:
        found: list[Record] = []

        def check() -> bool:
            found[:] = [r for r in self.records[since:] if predicate(r)][:1]
            return bool(found)

        await self.wait_until(check, what, timeout)
        return found[0]

    async def wait_message(self, channel: Channel | None = None,
                           predicate: Callable[[Message], bool] = lambda m: True, *, since: int = 0,
                           timeout: float | None = None) -> Message:
        """The first message created or edited since ``since`` (in ``channel``) that, as it is
        now, satisfies ``predicate``."""
        def matches(record: Record) -> bool:
            message = self.messages[record.message_id]
            in_channel = channel is None or record.channel_id == channel.id
            return in_channel and not message.deleted and predicate(message)

        where = f" in #{channel.name}" if channel is not None else ""
        record = await self.wait_record(matches, since=since, what=f"a matching message{where}", timeout=timeout)
        return self.messages[record.message_id]

    async def settle(self, quiet: float = 0.05, *, timeout: float | None = None) -> None:
        """Return once no request has been in flight or started for ``quiet`` seconds."""
        async def _quiet() -> None:
            while True:
                seen = self.activity
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(quiet):
                        while self.activity == seen:
                            await self._event.wait()
                if self.activity == seen and self.in_flight == 0:
                    return

        timeout = self.timeout if timeout is None else timeout
        try:
            await asyncio.wait_for(_quiet(), timeout)
        except TimeoutError:
            raise AssertionError(self.explain(f"the bot was still busy after {timeout}s")) from None

    def explain(self, headline: str) -> str:
        """``headline``, then what helps find why: requests, unknown routes, logged errors."""
        lines = [f"fakediscord: {headline}."]
        if self.live_session is None:
            lines.append("No bot is connected to the gateway.")
        late = [i.describe() for i in self.interactions.values() if i.late]
        if late:
            lines.append(f"Answered after the {self.response_deadline}s deadline: {late}")
        recent = ", ".join(f"{m} {p} -> {s}" for m, p, s in self.requests[-8:])
        lines.append(f"Last requests: {recent or 'none'}")
        if self.unknown_routes:
            lines.append(f"Unknown routes (add them to tests/fakediscord/rest.py): {self.unknown_routes}")
        lines += [f"Fake's own errors: {e}" for e in self.fake_errors]
        formatter = logging.Formatter("%(name)s: %(message)s")
        lines += [f"discord.py logged: {formatter.format(r)}" for r in self.discord_errors[-3:]]
        return "\n".join(lines)

    # -- interactions ----------------------------------------------------------------------------

    def command(self, channel: Channel, name: str) -> Json:
        """The chat-input command ``name`` the bot registered (guild commands first)."""
        for scope in (channel.guild_id, None) if channel.guild_id else (None,):
            for registered in self.commands.get(scope, []):
                if registered["name"] == name and registered.get("type", 1) == 1:
                    return registered
        raise ValueError(f"the bot registered no /{name}; it has {self.command_names(channel)}")

    def command_names(self, channel: Channel) -> list[str]:
        return sorted(c["name"] for scope in (channel.guild_id, None) for c in self.commands.get(scope, []))

    def _resolver(self, channel: Channel) -> Resolved:
        def store(filename: str, data: bytes) -> Attachment:
            return self.store_attachment(filename, data, channel_id=channel.id)

        return Resolved(self.world, channel, store)

    async def slash(self, user: Member | User, channel: Channel, command: str, *path: str,
                    options: Mapping[str, Any] | None = None, locale: str = "en-US",
                    wait: str = "answer", timeout: float | None = None) -> InteractionResult:
        """``/command *path`` with ``options`` (Python values or fake objects: members,
        channels, roles, ``(filename, bytes)`` for attachments), as ``user`` in ``channel``."""
        payload = base_interaction(self.world, APPLICATION_COMMAND, user, channel, locale, self.world.new_id)
        payload["data"] = command_data(self.command(channel, command), path, options or {},
                                       self._resolver(channel))
        return await self._send(payload, wait, timeout)

    async def autocomplete(self, user: Member | User, channel: Channel, command: str, *path: str,
                           focused: str, options: Mapping[str, Any] | None = None, locale: str = "en-US",
                           timeout: float | None = None) -> list[Json]:
        """The choices the bot offers for option ``focused`` (typed so far: ``options[focused]``)."""
        payload = base_interaction(self.world, AUTOCOMPLETE, user, channel, locale, self.world.new_id)
        payload["data"] = command_data(self.command(channel, command), path, options or {},
                                       self._resolver(channel), focused=focused)
        result = await self._send(payload, "callback", timeout)
        assert result.choices is not None
        return result.choices

    async def click(self, user: Member | User, message: Message | int, custom_id: str | None = None, *,
                    label: str | None = None, locale: str = "en-US", wait: str = "answer",
                    timeout: float | None = None) -> InteractionResult:
        """Click the button ``custom_id`` (or labelled ``label``) on a message the bot posted."""
        message = self.messages[message] if isinstance(message, int) else message
        component = message.component(custom_id, label=label)
        if component["type"] != 2 or "custom_id" not in component:
            raise ValueError(f"{custom_id or label!r} is not a clickable button: {component}")
        return await self._component(user, message, component, None, locale, wait, timeout)

    async def select(self, user: Member | User, message: Message | int, custom_id: str, values: list[Any], *,
                     locale: str = "en-US", wait: str = "answer", timeout: float | None = None) -> InteractionResult:
        """Pick ``values`` in a select menu (strings, or members/roles/channels for those selects)."""
        message = self.messages[message] if isinstance(message, int) else message
        component = message.component(custom_id)
        if component["type"] not in SELECTS:
            raise ValueError(f"{custom_id!r} is not a select menu")
        return await self._component(user, message, component, values, locale, wait, timeout)

    async def _component(self, user: Member | User, message: Message, component: Json, values: list[Any] | None,
                         locale: str, wait: str, timeout: float | None) -> InteractionResult:
        if message.deleted:
            raise ValueError(f"message {message.id} was deleted")
        channel = self.world.channels[message.channel_id]
        payload = base_interaction(self.world, MESSAGE_COMPONENT, user, channel, locale, self.world.new_id)
        payload["message"] = message.to_dict()
        payload["data"] = component_data(message, component, values, self._resolver(channel))
        return await self._send(payload, wait, timeout)

    async def submit_modal(self, user: Member | User, opened: InteractionResult, values: Mapping[str, Any], *,
                           locale: str = "en-US", wait: str = "answer",
                           timeout: float | None = None) -> InteractionResult:
        """Fill in and submit the modal the bot opened in answer to ``opened``."""
        if opened.modal is None:
            raise ValueError(f"{opened.describe()} did not open a modal")
        channel = self.world.channels[opened.channel_id]
        payload = base_interaction(self.world, MODAL_SUBMIT, user, channel, locale, self.world.new_id)
        if opened.message_id is not None:
            payload["message"] = self.messages[opened.message_id].to_dict()
        payload["data"] = modal_data(opened.modal, values)
        return await self._send(payload, wait, timeout)

    async def _send(self, payload: Json, wait: str, timeout: float | None) -> InteractionResult:
        if wait not in ("answer", "callback", "none"):
            raise ValueError(f"wait must be 'answer', 'callback' or 'none', not {wait!r}")
        guild = int(payload["guild_id"]) if payload.get("guild_id") else None
        await self.wait_until(lambda: self.session_for(guild) is not None, "a bot connected to the gateway", timeout)
        session = self.session_for(guild)
        assert session is not None
        result = InteractionResult(self, payload, self.loop_time())
        self.interactions[result.id] = result
        self.interactions_by_token[result.token] = result
        errors = len(self.discord_errors)
        session.dispatch("INTERACTION_CREATE", payload)
        if wait != "none":
            # A logged exception before the answer (a command that raised) fails at once.
            await self.wait_until(lambda: result.done(wait) or result.late or len(self.discord_errors) > errors,
                                  f"the bot to answer {result.describe()}", timeout)
            if not result.done(wait) and not result.late:
                raise AssertionError(self.explain(f"discord.py logged an error instead of answering "
                                                  f"{result.describe()}"))
            if result.late:
                raise AssertionError(f"{result.describe()}: the bot answered after the "
                                     f"{self.response_deadline}s deadline; Discord would have "
                                     "dropped it (defer() before slow work)")
        return result
