"""The fake gateway: one ``GatewaySession`` per websocket the bot opens.

discord.py 2.7 connects to ``DiscordWebSocket.DEFAULT_GATEWAY`` with
``?v=10&encoding=json&compress=zlib-stream`` (``zstd-stream`` where a zstd module exists).
It reads TEXT frames as plain JSON and BINARY frames through its decompressor, so we answer
zlib-stream with one shared ``compressobj`` per connection, each message ending in a
Z_SYNC_FLUSH (the ``00 00 ff ff`` suffix discord.py waits for), and anything else as text.

Every frame goes through one queue and one writer task: sequence numbers and the
compressed stream stay in order whoever sends (the test dispatching an interaction, the
server answering a heartbeat).

RESUME works: when a connection drops (``FakeDiscord.disconnect()``), discord.py reconnects to
READY's ``resume_gateway_url`` and sends op 6; the new connection takes over the session and
replays the events dispatched after the client's last sequence number, then RESUMED. An
unknown session gets op 9 (d=false) and the client identifies again, after the 5 s
``before_identify`` pause discord.py keeps for every identify but its first.

Shards: an IDENTIFY with ``shard: [id, count]`` gets only the servers of that shard (Discord's
formula, ``(guild_id >> 22) % count``); the server dispatches each server's events, and its
interactions, to the connection of its shard (:meth:`GatewaySession.serves`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import zlib
from collections.abc import Callable
from typing import Any

from aiohttp import WSMsgType, web

from .payloads import World

log = logging.getLogger("tests.fakediscord")

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, RESUME, REQUEST_MEMBERS = 0, 1, 2, 3, 6, 8
INVALID_SESSION, HELLO, HEARTBEAT_ACK = 9, 10, 11
HEARTBEAT_INTERVAL_MS = 41250


class GatewaySession:
    def __init__(self, ws: web.WebSocketResponse, world: World, *, compress: str | None,
                 gateway_url: str, on_change: Callable[[], None],
                 find: Callable[[str], GatewaySession | None] = lambda session_id: None) -> None:
        self.ws = ws
        self.world = world
        self.gateway_url = gateway_url
        self.session_id = secrets.token_hex(16)
        self.sequence = 0
        self.identified = False  # READY and every GUILD_CREATE are queued
        self.closed = False
        self.identify_payload: dict[str, Any] | None = None
        self.shard: tuple[int, int] | None = None  # (shard id, shard count) from IDENTIFY
        self.history: list[dict[str, Any]] = []  # dispatched frames, replayed on RESUME
        self._find = find
        self._on_change = on_change
        self.compression = compress if compress == "zlib-stream" else None
        self._zlib = zlib.compressobj() if compress == "zlib-stream" else None
        self._queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._writer: asyncio.Task[None] | None = None

    @property
    def live(self) -> bool:
        return self.identified and not self.closed

    def serves(self, guild_id: int | None) -> bool:
        """Whether this connection gets ``guild_id``'s events: Discord's shard formula,
        ``(guild_id >> 22) % shard_count == shard_id``; direct messages go to shard 0."""
        if self.shard is None:
            return True
        shard_id, count = self.shard
        return (((guild_id or 0) >> 22) % count) == shard_id

    def dispatch(self, event: str, data: dict[str, Any]) -> int:
        """Queue an event (op 0) and return its sequence number; once the connection is
        closed the event is only kept, for the client to get on RESUME."""
        self.sequence += 1
        frame = {"op": DISPATCH, "t": event, "s": self.sequence, "d": data}
        self.history.append(frame)
        if not self.closed:
            self._queue.put_nowait(frame)
        return self.sequence

    def send(self, op: int, data: Any = None) -> None:
        self._queue.put_nowait({"op": op, "t": None, "s": None, "d": data})

    async def flushed(self) -> None:
        """Return once everything queued so far has been written to the socket."""
        await self._queue.join()

    async def run(self) -> None:
        """Serve the connection until either side closes it."""
        self._writer = asyncio.create_task(self._write_loop(), name=f"fakediscord-gateway-{self.session_id[:6]}")
        try:
            self.send(HELLO, {"heartbeat_interval": HEARTBEAT_INTERVAL_MS, "_trace": ["fakediscord"]})
            async for frame in self.ws:
                if frame.type is WSMsgType.TEXT:
                    self._receive(json.loads(frame.data))
                elif frame.type is WSMsgType.BINARY:
                    self._receive(json.loads(zlib.decompress(frame.data)))
                else:
                    break
        finally:
            self.closed = True
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._writer
            self._drain()
            self._on_change()

    async def close(self, code: int = 1000) -> None:
        self.closed = True
        await self.ws.close(code=code)

    def _drain(self) -> None:
        # Nothing will write what is left: let anyone awaiting flushed() go.
        while not self._queue.empty():
            self._queue.get_nowait()
            self._queue.task_done()

    async def _write_loop(self) -> None:
        while True:
            frame = await self._queue.get()
            try:
                text = json.dumps(frame)
                if self._zlib is not None:
                    data = self._zlib.compress(text.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
                    await self.ws.send_bytes(data)
                else:
                    await self.ws.send_str(text)
            except (ConnectionError, RuntimeError) as exc:  # the peer went away mid-write
                log.debug("gateway %s: write failed: %s", self.session_id[:6], exc)
            finally:
                self._queue.task_done()

    def _receive(self, message: dict[str, Any]) -> None:
        op, data = message.get("op"), message.get("d")
        if op == HEARTBEAT:
            self.send(HEARTBEAT_ACK)
        elif op == IDENTIFY:
            self._identify(data)
        elif op == RESUME:
            self._resume(data)
        elif op == REQUEST_MEMBERS:
            self._members_chunk(data)
        elif op != PRESENCE:
            log.warning("fakediscord gateway: ignoring op %s: %s", op, data)

    def _identify(self, data: dict[str, Any]) -> None:
        self.identify_payload = data
        if isinstance(data.get("shard"), list) and len(data["shard"]) == 2:
            self.shard = (int(data["shard"][0]), int(data["shard"][1]))
        world = self.world
        guilds = [g for g in world.guilds.values() if self.serves(g.id)]
        ready: dict[str, Any] = {
            "v": 10,
            "user": {**world.bot.to_dict(), "verified": True, "mfa_enabled": False, "email": None},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": self.session_id,
            "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(world.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "geo_ordered_rtc_regions": [],
            "_trace": ["fakediscord"],
        }
        if "shard" in data:
            ready["shard"] = data["shard"]
        self.dispatch("READY", ready)
        for guild in guilds:
            self.dispatch("GUILD_CREATE", guild.to_dict())
        self.identified = True
        self._on_change()

    def _resume(self, data: dict[str, Any]) -> None:
        old = self._find(data.get("session_id") or "")
        if old is None or old is self or not old.closed:
            self.send(INVALID_SESSION, False)
            return
        self.session_id, self.sequence, self.history = old.session_id, old.sequence, old.history
        self.identify_payload, self.shard = old.identify_payload, old.shard
        old.history = []
        for frame in self.history:
            if frame["s"] > (data.get("seq") or 0):
                self._queue.put_nowait(frame)
        self.dispatch("RESUMED", {"_trace": ["fakediscord"]})
        self.identified = True
        self._on_change()

    def _members_chunk(self, data: dict[str, Any]) -> None:
        guild_ids = data["guild_id"] if isinstance(data["guild_id"], list) else [data["guild_id"]]
        for guild_id in guild_ids:
            guild = self.world.guilds.get(int(guild_id))
            if guild is None:
                continue
            wanted = {int(u) for u in data.get("user_ids") or []}
            query = (data.get("query") or "").lower()
            members = [
                m for m in guild.members.values()
                if (m.id in wanted if wanted else m.name.lower().startswith(query))
            ]
            limit = data.get("limit") or len(members)
            self.dispatch("GUILD_MEMBERS_CHUNK", {
                "guild_id": str(guild.id),
                "members": [m.to_dict() for m in members[:limit]],
                "chunk_index": 0,
                "chunk_count": 1,
                "not_found": [str(u) for u in wanted - set(guild.members)],
                "nonce": data.get("nonce"),
            })
