"""The HTTP half of the fake: the REST routes discord.py calls, under ``/api/v10``.

Answers are JSON with a bare ``Content-Type: application/json`` header: discord.py compares
that header exactly and would read ``application/json; charset=utf-8`` as plain text.
Errors have Discord's shape (``{"message", "code"}``, plus ``errors`` for a 50035) and codes,
so the bot's ``except discord.NotFound`` and friends run as they would in production.
"""

from __future__ import annotations

import asyncio
import json
import logging
import mimetypes
from email.message import Message as MimeHeaders
from email.parser import BytesHeaderParser
from typing import TYPE_CHECKING, Any

from aiohttp import web
from aiohttp.multipart import content_disposition_filename, parse_content_disposition

from .interactions import AUTOCOMPLETE, MODAL_SUBMIT, InteractionResult
from .payloads import (
    COMPONENTS_V2,
    DM,
    EPHEMERAL,
    LOADING,
    PRIVATE_THREAD,
    Attachment,
    Channel,
    Json,
    Message,
)

if TYPE_CHECKING:
    from .server import FakeDiscord

log = logging.getLogger("tests.fakediscord")
API = "/api/v10"


class DiscordError(Exception):
    def __init__(self, status: int, code: int, message: str, errors: dict[str, str] | None = None,
                 retry_after: float | None = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status, self.code, self.message, self.errors = status, code, message, errors
        self.retry_after = retry_after  # a 429's: how long to wait before trying again

    def body(self) -> Json:
        body: Json = {"message": self.message, "code": self.code}
        if self.retry_after is not None:
            body.update(retry_after=self.retry_after, **{"global": False})
        if self.errors:
            body["errors"] = {}
            for path, text in self.errors.items():
                node = body["errors"]
                for part in path.split("."):
                    node = node.setdefault(part, {})
                node["_errors"] = [{"code": "INVALID", "message": text}]
        return body


def unknown(what: str, code: int) -> DiscordError:
    return DiscordError(404, code, f"Unknown {what}")


def json_response(data: Any, status: int = 200) -> web.Response:
    return web.Response(status=status, body=json.dumps(data).encode(),
                        headers={"Content-Type": "application/json"})


async def read_body(request: web.Request) -> tuple[Any, list[tuple[int, str, bytes]]]:
    """The JSON body, or ``payload_json`` plus the ``files[n]`` parts of a multipart body."""
    if not request.content_type.startswith("multipart/"):
        raw = await request.read()
        return (json.loads(raw) if raw else {}), []
    payload: Any = {}
    files: list[tuple[int, str, bytes]] = []
    for name, filename, data in multipart_parts(await request.read(), request.headers["Content-Type"]):
        if name == "payload_json":
            payload = json.loads(data)
        elif name and name.startswith("files["):
            files.append((int(name[6:-1]), filename or "file", data))
    return payload, files


def multipart_parts(raw: bytes, content_type: str) -> list[tuple[str | None, str | None, bytes]]:
    """(name, filename, bytes) of each part of a ``multipart/form-data`` body, read whole and
    cut at its boundary (aiohttp's streaming reader took ~1.4 ms for a 70 KB board, in the
    bot's own process: a fake's cost, not the bot's)."""
    header = MimeHeaders()
    header["Content-Type"] = content_type
    boundary = header.get_param("boundary")
    if not isinstance(boundary, str):
        raise web.HTTPBadRequest(text="multipart body without a boundary")
    out: list[tuple[str | None, str | None, bytes]] = []
    for chunk in raw.split(b"--" + boundary.encode())[1:]:
        if chunk.startswith(b"--"):  # the closing delimiter
            break
        head, _, body = chunk.partition(b"\r\n\r\n")
        headers = BytesHeaderParser().parsebytes(head.strip(b"\r\n") + b"\r\n\r\n")
        _, params = parse_content_disposition(headers.get("Content-Disposition"))  # as aiohttp's reader
        out.append((params.get("name"), content_disposition_filename(params, "filename"), body.removesuffix(b"\r\n")))
    return out


class RestApi:
    """Route handlers, mixed into ``FakeDiscord`` (which owns the state they change)."""

    def add_routes(self: FakeDiscord, app: web.Application) -> None:
        r = app.router
        for method, path, handler in [
            ("GET", "/gateway", self._gateway_url),
            ("GET", "/gateway/bot", self._gateway_url),
            ("GET", "/users/@me", self._me),
            ("POST", "/users/@me/channels", self._open_dm),
            ("GET", "/users/{user}", self._get_user),
            ("GET", "/oauth2/applications/@me", self._app_info),
            ("GET", "/applications/@me", self._app_info),
            ("GET", "/applications/{app}/commands", self._get_commands),
            ("PUT", "/applications/{app}/commands", self._put_commands),
            ("GET", "/applications/{app}/guilds/{guild}/commands", self._get_commands),
            ("PUT", "/applications/{app}/guilds/{guild}/commands", self._put_commands),
            ("POST", "/interactions/{id}/{token}/callback", self._callback),
            ("POST", "/webhooks/{app}/{token}", self._followup),
            ("GET", "/webhooks/{app}/{token}/messages/{message}", self._webhook_message),
            ("PATCH", "/webhooks/{app}/{token}/messages/{message}", self._webhook_message),
            ("DELETE", "/webhooks/{app}/{token}/messages/{message}", self._webhook_message),
            ("GET", "/channels/{channel}", self._channel_route),
            ("PATCH", "/channels/{channel}", self._channel_route),
            ("DELETE", "/channels/{channel}", self._channel_route),
            ("GET", "/channels/{channel}/messages", self._history),
            ("POST", "/channels/{channel}/messages", self._post_message),
            ("GET", "/channels/{channel}/messages/{message}", self._channel_message),
            ("PATCH", "/channels/{channel}/messages/{message}", self._channel_message),
            ("DELETE", "/channels/{channel}/messages/{message}", self._channel_message),
            ("PUT", "/channels/{channel}/messages/{message}/reactions/{emoji}/@me", self._react),
            ("DELETE", "/channels/{channel}/messages/{message}/reactions/{emoji}/@me", self._react),
            ("POST", "/channels/{channel}/typing", self._typing),
            ("POST", "/channels/{channel}/threads", self._start_thread),
            ("POST", "/channels/{channel}/messages/{message}/threads", self._start_thread),
            ("GET", "/guilds/{guild}", self._get_guild),
            ("GET", "/guilds/{guild}/channels", self._guild_channels),
            ("GET", "/guilds/{guild}/roles", self._guild_roles),
            ("GET", "/guilds/{guild}/members", self._guild_members),
            ("GET", "/guilds/{guild}/members/{user}", self._guild_member),
        ]:
            r.add_route(method, API + path, handler)
        r.add_route("GET", "/attachments/{channel}/{attachment}/{filename}", self._cdn)

    # -- lookups that answer Discord's 404s -------------------------------------------------

    def _guild(self: FakeDiscord, request: web.Request):
        guild = self.world.guilds.get(int(request.match_info["guild"]))
        if guild is None:
            raise unknown("Guild", 10004)
        return guild

    def _channel(self: FakeDiscord, request: web.Request) -> Channel:
        channel = self.world.channels.get(int(request.match_info["channel"]))
        if channel is None:
            raise unknown("Channel", 10003)
        return channel

    def _message_in(self: FakeDiscord, channel: Channel, message_id: int) -> Message:
        message = self.messages.get(message_id)
        # Ephemeral messages exist only for their interaction's webhook, as on Discord.
        if message is None or message.deleted or message.channel_id != channel.id or message.ephemeral:
            raise unknown("Message", 10008)
        return message

    def _interaction(self: FakeDiscord, request: web.Request) -> InteractionResult:
        if int(request.match_info["app"]) != self.world.application_id:
            raise unknown("Webhook", 10015)
        found = self.interactions_by_token.get(request.match_info["token"])
        if found is None or found.callback_type is None:  # no followups before the callback
            raise unknown("Webhook", 10015)
        return found

    def _uploads(self: FakeDiscord, files: list[tuple[int, str, bytes]], channel_id: int) -> dict[int, Attachment]:
        uploads = {}
        for index, filename, data in files:
            uploads[index] = self.store_attachment(filename, data, channel_id=channel_id)
        self.bot_uploads.extend(uploads.values())
        return uploads

    # -- identity ----------------------------------------------------------------------------

    async def _gateway_url(self: FakeDiscord, request: web.Request) -> web.Response:
        return json_response({
            "url": self.gateway_url,
            "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1},
        })

    async def _app_info(self: FakeDiscord, request: web.Request) -> web.Response:
        world = self.world
        return json_response({
            "id": str(world.application_id), "name": world.bot.name, "icon": None, "description": "",
            "summary": "", "rpc_origins": [], "bot_public": True, "bot_require_code_grant": False,
            "owner": world.owner.to_dict(), "team": None, "verify_key": "0" * 64, "flags": 0,
            "bot": world.bot.to_dict(), "tags": [], "redirect_uris": [], "interactions_endpoint_url": None,
        })

    async def _me(self: FakeDiscord, request: web.Request) -> web.Response:
        return json_response(self.world.bot.to_dict())

    async def _get_user(self: FakeDiscord, request: web.Request) -> web.Response:
        user = self.world.users.get(int(request.match_info["user"]))
        if user is None:
            raise unknown("User", 10013)
        return json_response(user.to_dict())

    async def _open_dm(self: FakeDiscord, request: web.Request) -> web.Response:
        body, _ = await read_body(request)
        user = self.world.users.get(int(body["recipient_id"]))
        if user is None:
            raise unknown("User", 10013)
        return json_response(self.world.dm_channel(user).to_dict())

    # -- application commands ----------------------------------------------------------------

    def _scope(self: FakeDiscord, request: web.Request) -> int | None:
        if int(request.match_info["app"]) != self.world.application_id:
            raise unknown("Application", 10002)
        return int(request.match_info["guild"]) if "guild" in request.match_info else None

    async def _get_commands(self: FakeDiscord, request: web.Request) -> web.Response:
        return json_response(self.commands.get(self._scope(request), []))

    async def _put_commands(self: FakeDiscord, request: web.Request) -> web.Response:
        scope = self._scope(request)
        body, _ = await read_body(request)
        old = {(c["name"], c.get("type", 1)): c["id"] for c in self.commands.get(scope, [])}
        registered = []
        for command in body:
            command = {"type": 1, "description": "", "options": [], "nsfw": False,
                       "default_member_permissions": None, **command}
            command["id"] = old.get((command["name"], command["type"])) or str(self.world.new_id())
            command.update(application_id=str(self.world.application_id), version=str(self.world.new_id()))
            if scope is not None:
                command["guild_id"] = str(scope)
            registered.append(command)
        self.commands[scope] = registered
        self.sync_count += 1
        self.changed()
        return json_response(registered)

    # -- interaction callbacks and webhooks ------------------------------------------------------

    async def _callback(self: FakeDiscord, request: web.Request) -> web.Response:
        inter = self.interactions.get(int(request.match_info["id"]))
        if inter is None or inter.token != request.match_info["token"]:
            raise unknown("interaction", 10062)
        if inter.callback_type is not None:
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
        age = self.loop_time() - inter.created
        if self.response_deadline is not None and age > self.response_deadline:
            inter.late = True
            log.warning("fakediscord: %s answered after %.2fs (deadline %.1fs)",
                        inter.describe(), age, self.response_deadline)
            self.changed()
            raise unknown("interaction", 10062)
        body, files = await read_body(request)
        kind, data = body["type"], body.get("data") or {}
        message = None
        if kind in (4, 5, 6, 7) and inter.type == AUTOCOMPLETE:
            raise DiscordError(400, 50035, "Invalid Form Body", {"type": "autocomplete takes type 8"})
        if kind in (4, 5):
            flags = int(data.get("flags") or 0)
            if kind == 5:
                data = {"flags": (flags & EPHEMERAL) | LOADING}
            uploads = self._uploads(files, inter.channel_id)
            message = self.create_message(inter.channel_id, "response", data, uploads, inter)
            inter.original_id = message.id
        elif kind in (6, 7):
            if inter.message_id is None:
                raise DiscordError(400, 50035, "Invalid Form Body", {"type": "Interaction has no message"})
            inter.original_id = inter.message_id
            message = self.messages[inter.message_id]
            if kind == 7:
                self.edit_message(message, data, self._uploads(files, inter.channel_id), "response", inter)
        elif kind == 8 and inter.type == AUTOCOMPLETE:
            errors = validate_choices(data.get("choices", []))
            if errors:
                raise DiscordError(400, 50035, "Invalid Form Body", errors)
            inter.choices = data.get("choices", [])
        elif kind == 9 and inter.type != MODAL_SUBMIT and inter.type != AUTOCOMPLETE:
            inter.modal = data
        else:
            raise DiscordError(400, 50035, "Invalid Form Body",
                               {"type": f"callback type {kind} is not valid for interaction type {inter.type}"})
        inter.callback_type, inter.callback = kind, body
        if kind == 6:
            self.deferred_updates.append(inter)
        self.changed()
        if "with_response" not in request.query:
            return web.Response(status=204)
        answer: Json = {"interaction": {"id": str(inter.id), "type": inter.type}}
        if message is not None:
            answer["interaction"].update(response_message_id=str(message.id),
                                         response_message_loading=message.loading,
                                         response_message_ephemeral=message.ephemeral)
            answer["resource"] = {"type": kind, "message": message.to_dict()}
        else:
            answer["resource"] = {"type": kind}
        return json_response(answer)

    async def _followup(self: FakeDiscord, request: web.Request) -> web.Response:
        inter = self._interaction(request)
        body, files = await read_body(request)
        uploads = self._uploads(files, inter.channel_id)
        original = self.messages.get(inter.original_id or 0)
        if inter.callback_type == 5 and original is not None and original.loading and not original.deleted:
            # As on Discord, the first followup after a deferral fills in the "thinking" message,
            # which keeps the deferral's visibility whatever flags the followup asks for.
            body = {**body, "flags": int(body.get("flags") or 0) & ~EPHEMERAL}
            message = self.edit_message(original, body, uploads, "followup", inter, notify=True)
        else:
            message = self.create_message(inter.channel_id, "followup", body, uploads, inter)
            inter.followup_ids.append(message.id)
            self.changed()
        if request.query.get("wait") in ("1", "true", "True"):
            return json_response(message.to_dict())
        return web.Response(status=204)

    async def _webhook_message(self: FakeDiscord, request: web.Request) -> web.Response:
        inter = self._interaction(request)
        wanted = request.match_info["message"]
        message_id = inter.original_id if wanted == "@original" else int(wanted)
        message = self.messages.get(message_id or 0)
        if message is None or message.deleted or (
            message_id != inter.original_id and message_id not in inter.followup_ids
        ):
            raise unknown("Message", 10008)
        kind = "response" if message_id == inter.original_id else "followup"
        if request.method == "PATCH":
            body, files = await read_body(request)
            self.edit_message(message, body, self._uploads(files, message.channel_id), kind, inter)
        elif request.method == "DELETE":
            self.delete_message(message, kind, inter)
            return web.Response(status=204)
        return json_response(message.to_dict())

    # -- channels and their messages -------------------------------------------------------------

    async def _channel_route(self: FakeDiscord, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if request.method == "PATCH":
            body, _ = await read_body(request)
            for key in ("name", "topic", "archived", "locked"):
                if key in body:
                    setattr(channel, key, body[key])
            self.emit(("THREAD" if channel.is_thread else "CHANNEL") + "_UPDATE", channel.to_dict())
        elif request.method == "DELETE":
            self.world.channels.pop(channel.id)
            guild = self.world.guild_of(channel)
            if guild is not None:
                guild.channels.pop(channel.id, None)
            self.emit(("THREAD" if channel.is_thread else "CHANNEL") + "_DELETE", channel.to_dict())
        return json_response(channel.to_dict())

    async def _history(self: FakeDiscord, request: web.Request) -> web.Response:
        channel = self._channel(request)
        q = request.query
        limit = int(q.get("limit", 50))
        found = [m for m in self.messages.values()
                 if m.channel_id == channel.id and not m.deleted and not m.ephemeral]
        if "before" in q:
            found = [m for m in found if m.id < int(q["before"])]
        if "after" in q:
            found = [m for m in found if m.id > int(q["after"])][:limit]
        return json_response([m.to_dict() for m in sorted(found, key=lambda m: -m.id)[:limit]])

    async def _post_message(self: FakeDiscord, request: web.Request) -> web.Response:
        channel = self._channel(request)
        body, files = await read_body(request)
        body = {**body, "flags": int(body.get("flags") or 0) & ~EPHEMERAL}
        message = self.create_message(channel.id, "channel", body, self._uploads(files, channel.id))
        return json_response(message.to_dict())

    async def _channel_message(self: FakeDiscord, request: web.Request) -> web.Response:
        message = self._message_in(self._channel(request), int(request.match_info["message"]))
        if request.method == "PATCH":
            body, files = await read_body(request)
            self.edit_message(message, body, self._uploads(files, message.channel_id), "channel")
        elif request.method == "DELETE":
            self.delete_message(message, "channel")
            return web.Response(status=204)
        return json_response(message.to_dict())

    async def _typing(self: FakeDiscord, request: web.Request) -> web.Response:
        self._channel(request)
        return web.Response(status=204)

    async def _react(self: FakeDiscord, request: web.Request) -> web.Response:
        message = self._message_in(self._channel(request), int(request.match_info["message"]))
        emoji = request.match_info["emoji"]
        if request.method == "PUT" and emoji not in message.reactions:
            message.reactions.append(emoji)
        elif request.method == "DELETE" and emoji in message.reactions:
            message.reactions.remove(emoji)
        self.changed()
        return web.Response(status=204)

    async def _start_thread(self: FakeDiscord, request: web.Request) -> web.Response:
        parent = self._channel(request)
        guild = self.world.guild_of(parent)
        if guild is None or parent.type == DM or parent.is_thread:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        body, _ = await read_body(request)
        thread_id = None
        if "message" in request.match_info:  # a thread started from a message takes its id
            thread_id = self._message_in(parent, int(request.match_info["message"])).id
        private = body.get("type") == PRIVATE_THREAD
        thread = guild.add_thread(parent, body["name"], private=private, thread_id=thread_id)
        return json_response(thread.to_dict())

    # -- guilds ----------------------------------------------------------------------------------

    async def _get_guild(self: FakeDiscord, request: web.Request) -> web.Response:
        return json_response(self._guild(request).to_dict())

    async def _guild_channels(self: FakeDiscord, request: web.Request) -> web.Response:
        guild = self._guild(request)
        return json_response([c.to_dict() for c in guild.channels.values() if not c.is_thread])

    async def _guild_roles(self: FakeDiscord, request: web.Request) -> web.Response:
        return json_response([r.to_dict() for r in self._guild(request).roles.values()])

    async def _guild_members(self: FakeDiscord, request: web.Request) -> web.Response:
        limit = int(request.query.get("limit", 1))
        members = list(self._guild(request).members.values())[:limit]
        return json_response([m.to_dict() for m in members])

    async def _guild_member(self: FakeDiscord, request: web.Request) -> web.Response:
        member = self._guild(request).members.get(int(request.match_info["user"]))
        if member is None:
            raise unknown("Member", 10007)
        return json_response(member.to_dict())

    async def _cdn(self: FakeDiscord, request: web.Request) -> web.Response:
        attachment = self.attachments.get(int(request.match_info["attachment"]))
        if attachment is None:
            return web.Response(status=404)
        return web.Response(body=attachment.data, content_type=attachment.content_type)

    # -- what every route shares: errors, unknown routes, in-flight bookkeeping -----------------

    @web.middleware
    async def middleware(self: FakeDiscord, request: web.Request, handler: Any) -> web.StreamResponse:
        if request.path == "/gateway":  # lives as long as the bot's connection
            return await handler(request)
        self.in_flight += 1
        self.activity += 1
        try:
            if self.latency:
                await asyncio.sleep(self.latency)
            failure = self._planned_failure(request)
            if failure is not None:
                raise failure
            response = await handler(request)
        except DiscordError as exc:
            response = json_response(exc.body(), exc.status)
            if exc.retry_after is not None:  # what Discord's edge adds to a 429 (discord.py reads Via)
                response.headers.update({"Via": "1.1 google", "Retry-After": str(exc.retry_after),
                                         "X-RateLimit-Limit": "5", "X-RateLimit-Remaining": "0",
                                         "X-RateLimit-Reset-After": str(exc.retry_after),
                                         "X-RateLimit-Bucket": "fakediscord-limited", "X-RateLimit-Scope": "user"})
                self.rate_limited.append((request.method, request.path, self.loop_time()))
        except web.HTTPNotFound:
            line = f"{request.method} {request.path}"
            self.unknown_routes.append(line)
            log.warning("fakediscord: unknown route %s (add it to tests/fakediscord/rest.py)", line)
            response = json_response({"message": "404: Not Found", "code": 0}, 404)
        except web.HTTPException:
            raise
        except Exception as exc:  # a bug in the fake: answer at once (a 500 makes discord.py retry)
            log.exception("fakediscord: %s %s failed", request.method, request.path)
            self.fake_errors.append(f"{request.method} {request.path}: {exc!r}")
            response = json_response({"message": f"fakediscord bug: {exc!r}", "code": 0}, 400)
        finally:
            self.in_flight -= 1
            self.activity += 1
        self.requests.append((request.method, request.path, response.status))
        self.request_times.append(self.loop_time())  # when each of ``requests`` was answered
        self.changed()
        return response

    def _planned_failure(self: FakeDiscord, request: web.Request) -> DiscordError | None:
        path = request.path.removeprefix(API)
        for failure in self.failures:
            method, pattern, status, code, text, count = failure[:6]
            if count > 0 and method == request.method and pattern.search(path):
                failure[5] -= 1
                return DiscordError(status, code, text, retry_after=failure[6] if len(failure) > 6 else None)
        return None

    def check_message(self: FakeDiscord, message: Message) -> None:
        errors = validate_message(message)
        if "_" in errors:
            raise DiscordError(400, 50006, "Cannot send an empty message")
        if errors:
            raise DiscordError(400, 50035, "Invalid Form Body", errors)


def guess_type(filename: str) -> str:
    return mimetypes.guess_type(filename)[0] or "application/octet-stream"


def _too_long(value: Any, limit: int) -> bool:
    return isinstance(value, str) and len(value) > limit


def validate_message(message: Message) -> dict[str, str]:
    """The subset of Discord's 400 "Invalid Form Body" checks that catch real bot bugs."""
    errors: dict[str, str] = {}
    if _too_long(message.content, 2000):
        errors["content"] = "Must be 2000 or fewer in length."
    if len(message.embeds) > 10:
        errors["embeds"] = "Must be 10 or fewer in length."
    total = 0
    for i, embed in enumerate(message.embeds):
        texts = [embed.get("title"), embed.get("description"), (embed.get("footer") or {}).get("text"),
                 (embed.get("author") or {}).get("name")]
        for f in embed.get("fields", []):
            texts += [f.get("name"), f.get("value")]
        total += sum(len(t) for t in texts if isinstance(t, str))
        if _too_long(embed.get("description"), 4096):
            errors[f"embeds.{i}.description"] = "Must be 4096 or fewer in length."
        if len(embed.get("fields", [])) > 25:
            errors[f"embeds.{i}.fields"] = "Must be 25 or fewer in length."
    if total > 6000:
        errors["embeds"] = "Embed size exceeds maximum size of 6000"
    if not message.flags & COMPONENTS_V2 and len(message.components) > 5:
        errors["components"] = "Must be 5 or fewer in length."
    seen: set[str] = set()
    for c in message.walk_components():
        custom_id = c.get("custom_id")
        if custom_id is not None:
            if _too_long(custom_id, 100):
                errors["components.custom_id"] = "Must be 100 or fewer in length."
            if custom_id in seen:
                errors["components.custom_id"] = f"Component custom id cannot be duplicated: {custom_id}"
            seen.add(custom_id)
        if _too_long(c.get("label"), 80):
            errors["components.label"] = "Must be 80 or fewer in length."
        if len(c.get("options", [])) > 25:
            errors["components.options"] = "Must be 25 or fewer in length."
    empty = not (message.content or message.embeds or message.attachments or message.components)
    if empty and not message.loading:
        errors["_"] = "Cannot send an empty message"
    return errors


def validate_choices(choices: list[Json]) -> dict[str, str]:
    errors: dict[str, str] = {}
    if len(choices) > 25:
        errors["choices"] = "Must be 25 or fewer in length."
    for i, choice in enumerate(choices):
        if not 1 <= len(str(choice.get("name", ""))) <= 100:
            errors[f"choices.{i}.name"] = "Must be between 1 and 100 in length."
        if _too_long(choice.get("value"), 100):
            errors[f"choices.{i}.value"] = "Must be 100 or fewer in length."
    return errors
