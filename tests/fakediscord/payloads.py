"""The fake's world (users, guilds, roles, channels, messages) and Discord's JSON shapes for it.

Everything here is plain data: the server (``server.py``) owns one ``World`` and turns HTTP
requests and gateway frames into changes of it. The JSON produced here is what discord.py's
parsers read, so each ``to_dict`` carries every key those parsers index directly
(``data['key']``), not only the ones a test cares about.
"""

from __future__ import annotations

import copy
import datetime as dt
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import discord

DISCORD_EPOCH_MS = 1420070400000
EPHEMERAL = 1 << 6
LOADING = 1 << 7
COMPONENTS_V2 = 1 << 15

TEXT, DM, CATEGORY, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 4, 11, 12
THREAD_TYPES = (10, PUBLIC_THREAD, PRIVATE_THREAD)

ALL_PERMISSIONS = discord.Permissions.all().value
EVERYONE_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    read_message_history=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    use_external_emojis=True,
    use_application_commands=True,
).value
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | discord.Permissions(
    manage_messages=True, manage_threads=True, create_private_threads=True
).value
MODERATOR_PERMISSIONS = discord.Permissions(manage_channels=True).value

Json = dict[str, Any]


def as_permissions(value: int | discord.Permissions) -> int:
    return value.value if isinstance(value, discord.Permissions) else int(value)


def snowflake_time(snowflake: int) -> str:
    ms = (snowflake >> 22) + DISCORD_EPOCH_MS
    return dt.datetime.fromtimestamp(ms / 1000, tz=dt.UTC).isoformat()


def now_iso() -> str:
    return dt.datetime.now(dt.UTC).isoformat()


class Snowflakes:
    """Real-looking snowflakes (creation time in the top bits), strictly increasing."""

    def __init__(self) -> None:
        self._last = 0

    def __call__(self) -> int:
        now_ms = int(dt.datetime.now(dt.UTC).timestamp() * 1000)
        self._last = max((now_ms - DISCORD_EPOCH_MS) << 22, self._last + 1)
        return self._last


@dataclass(eq=False)
class User:
    id: int
    name: str
    global_name: str | None = None
    bot: bool = False

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def to_dict(self) -> Json:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.global_name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
            "banner": None,
            "accent_color": None,
            "avatar_decoration_data": None,
        }


@dataclass(eq=False)
class Role:
    id: int
    guild_id: int
    name: str
    permissions: int = 0
    position: int = 0
    managed: bool = False

    def to_dict(self) -> Json:
        return {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "managed": self.managed,
            "mentionable": False,
            "icon": None,
            "unicode_emoji": None,
            "flags": 0,
        }


@dataclass(eq=False)
class Channel:
    id: int
    name: str
    type: int = TEXT
    guild_id: int | None = None
    position: int = 0
    parent_id: int | None = None
    owner_id: int | None = None
    topic: str | None = None
    archived: bool = False
    locked: bool = False
    recipient: User | None = None  # DMs only

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def to_dict(self, permissions: int | None = None) -> Json:
        data: Json = {"id": str(self.id), "type": self.type, "name": self.name, "flags": 0}
        if self.type == DM:
            data["recipients"] = [self.recipient.to_dict()] if self.recipient else []
            data["last_message_id"] = None
            return data
        data.update(guild_id=str(self.guild_id), position=self.position, nsfw=False)
        data["parent_id"] = str(self.parent_id) if self.parent_id else None
        data["rate_limit_per_user"] = 0
        data["last_message_id"] = None
        if self.is_thread:
            data.update(
                owner_id=str(self.owner_id),
                message_count=0,
                member_count=1,
                total_message_sent=0,
                thread_metadata={
                    "archived": self.archived,
                    "locked": self.locked,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": snowflake_time(self.id),
                    "create_timestamp": snowflake_time(self.id),
                    "invitable": True,
                },
            )
        else:
            data.update(topic=self.topic, permission_overwrites=[], default_auto_archive_duration=1440)
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass(eq=False)
class Member:
    user: User
    guild: Guild
    roles: list[Role] = field(default_factory=list)
    nick: str | None = None

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def name(self) -> str:
        return self.user.name

    @property
    def mention(self) -> str:
        return self.user.mention

    @property
    def permissions(self) -> int:
        """Guild-level permissions from @everyone and the member's roles (no overwrites)."""
        if self.guild.owner_id == self.id:
            return ALL_PERMISSIONS
        value = self.guild.everyone.permissions
        for role in self.roles:
            value |= role.permissions
        if value & discord.Permissions(administrator=True).value:
            return ALL_PERMISSIONS
        return value

    def to_dict(self, *, with_permissions: bool = False) -> Json:
        data: Json = {
            "user": self.user.to_dict(),
            "nick": self.nick,
            "roles": [str(r.id) for r in self.roles],
            "joined_at": snowflake_time(self.guild.id),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "avatar": None,
            "communication_disabled_until": None,
        }
        if with_permissions:
            data["permissions"] = str(self.permissions)
        return data


class Guild:
    """A guild with its roles, channels, threads and members; build it before the bot connects
    (it is sent in GUILD_CREATE), or after: additions are dispatched to a connected bot."""

    def __init__(self, world: World, name: str, *, owner: User, locale: str) -> None:
        self.world = world
        self.id = world.new_id()
        self.name = name
        self.owner_id = owner.id
        self.locale = locale
        self.roles: dict[int, Role] = {self.id: Role(self.id, self.id, "@everyone", EVERYONE_PERMISSIONS)}
        self.channels: dict[int, Channel] = {}
        self.members: dict[int, Member] = {}
        self._moderator_role: Role | None = None
        self._building = True  # nothing to announce until GUILD_CREATE carries it all
        bot_role = self.add_role(world.bot.name, BOT_PERMISSIONS, managed=True)
        self.me = self._join(world.bot, [bot_role])
        self._join(owner, [])
        self._building = False

    @property
    def everyone(self) -> Role:
        return self.roles[self.id]

    @property
    def threads(self) -> list[Channel]:
        return [c for c in self.channels.values() if c.is_thread]

    def add_role(self, name: str, permissions: int | discord.Permissions = 0, *, managed: bool = False) -> Role:
        role = Role(self.world.new_id(), self.id, name, as_permissions(permissions), len(self.roles), managed)
        self.roles[role.id] = role
        self._emit("GUILD_ROLE_CREATE", {"guild_id": str(self.id), "role": role.to_dict()})
        return role

    def add_text_channel(self, name: str, *, topic: str | None = None) -> Channel:
        channel = Channel(self.world.new_id(), name, TEXT, self.id, len(self.channels), topic=topic)
        return self._add_channel(channel, "CHANNEL_CREATE")

    def add_thread(self, parent: Channel, name: str, *, owner: User | Member | None = None,
                   private: bool = False, thread_id: int | None = None) -> Channel:
        owner_id = owner.id if owner is not None else self.world.bot.id
        kind = PRIVATE_THREAD if private else PUBLIC_THREAD
        thread = Channel(thread_id or self.world.new_id(), name, kind, self.id, 0, parent.id, owner_id)
        return self._add_channel(thread, "THREAD_CREATE")

    def add_member(self, name: str | User, *, roles: tuple[Role, ...] | list[Role] = (),
                   nick: str | None = None, moderator: bool = False) -> Member:
        user = name if isinstance(name, User) else self.world.add_user(name)
        all_roles = list(roles) + ([self.moderator_role] if moderator else [])
        member = self._join(user, all_roles, nick)
        self._emit("GUILD_MEMBER_ADD", {"guild_id": str(self.id), **member.to_dict()})
        return member

    def add_moderator(self, name: str | User) -> Member:
        """A member with the Manage Channels permission (through a "Moderator" role)."""
        return self.add_member(name, moderator=True)

    @property
    def moderator_role(self) -> Role:
        if self._moderator_role is None:
            self._moderator_role = self.add_role("Moderator", MODERATOR_PERMISSIONS)
        return self._moderator_role

    def member(self, user: User | Member | int) -> Member:
        user_id = user if isinstance(user, int) else user.id
        return self.members[user_id]

    def _join(self, user: User, roles: list[Role], nick: str | None = None) -> Member:
        member = Member(user, self, roles, nick)
        self.members[user.id] = member
        return member

    def _add_channel(self, channel: Channel, event: str) -> Channel:
        self.channels[channel.id] = channel
        self.world.channels[channel.id] = channel
        self._emit(event, channel.to_dict())
        return channel

    def _emit(self, event: str, data: Json) -> None:
        if not self._building:
            self.world.emit(event, data)

    def partial(self) -> Json:
        return {"id": str(self.id), "locale": self.locale, "features": []}

    def to_dict(self) -> Json:
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.to_dict() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "preferred_locale": self.locale,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "nsfw_level": 0,
            "vanity_url_code": None,
            "max_members": 500000,
            "unavailable": False,
            "large": False,
            "member_count": len(self.members),
            "joined_at": snowflake_time(self.id),
            "channels": [c.to_dict() for c in self.channels.values() if not c.is_thread],
            "threads": [c.to_dict() for c in self.threads],
            "members": [m.to_dict() for m in self.members.values()],
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }


class World:
    """Everything the fake Discord knows that is not a message: users, guilds, channels."""

    def __init__(self, bot_name: str) -> None:
        self.new_id = Snowflakes()
        self.bot = User(self.new_id(), bot_name, bot=True)
        self.application_id = self.bot.id  # as on Discord: the bot user shares the app's id
        self.owner = User(self.new_id(), "owner")
        self.users: dict[int, User] = {u.id: u for u in (self.bot, self.owner)}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.emit: Callable[[str, Json], None] = lambda event, data: None

    def add_user(self, name: str, *, global_name: str | None = None, bot: bool = False) -> User:
        user = User(self.new_id(), name, global_name, bot)
        self.users[user.id] = user
        return user

    def add_guild(self, name: str = "Test Guild", *, locale: str = "en-US") -> Guild:
        guild = Guild(self, name, owner=self.owner, locale=locale)
        self.guilds[guild.id] = guild
        self.emit("GUILD_CREATE", guild.to_dict())
        return guild

    def dm_channel(self, user: User) -> Channel:
        for channel in self.channels.values():
            if channel.type == DM and channel.recipient is user:
                return channel
        channel = Channel(self.new_id(), "", DM, recipient=user)
        self.channels[channel.id] = channel
        return channel

    def guild_of(self, channel: Channel) -> Guild | None:
        return self.guilds.get(channel.guild_id) if channel.guild_id else None


@dataclass
class Attachment:
    id: int
    filename: str
    data: bytes = field(repr=False)
    url: str = ""
    content_type: str | None = None
    description: str | None = None

    def to_dict(self) -> Json:
        data: Json = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
            "flags": 0,
        }
        if self.description is not None:
            data["description"] = self.description
        if self.data[:8] == b"\x89PNG\r\n\x1a\n":  # width and height live in the IHDR chunk
            data["width"] = int.from_bytes(self.data[16:20], "big")
            data["height"] = int.from_bytes(self.data[20:24], "big")
        return data


USER_MENTION = re.compile(r"<@!?(\d+)>")


def walk_components(components: list[Json]) -> Iterator[Json]:
    """Every component, nested ones included (action rows, containers, sections, labels)."""
    for component in components:
        yield component
        yield from walk_components(component.get("components", []))
        for key in ("component", "accessory"):
            if isinstance(component.get(key), dict):
                yield from walk_components([component[key]])


@dataclass
class Message:
    """A message as it is now; ``kind`` says how it was created: channel, response, followup."""

    id: int
    channel_id: int
    guild_id: int | None
    author: User
    kind: str
    interaction_id: int | None = None
    interaction_metadata: Json | None = None
    application_id: int | None = None  # set on interaction responses, which come from a webhook
    content: str = ""
    embeds: list[Json] = field(default_factory=list)
    components: list[Json] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    edited_timestamp: str | None = None
    deleted: bool = False
    reactions: list[str] = field(default_factory=list)
    allowed_mentions: Json | None = None  # as sent; None: Discord's default (every mention pings)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def mentioned(self) -> list[int]:
        """The users written as ``<@id>`` in the content, in order, once each."""
        return list(dict.fromkeys(int(m) for m in USER_MENTION.findall(self.content)))

    def pinged(self) -> list[int]:
        """Whom Discord notifies for this message as it is now: the mentioned users that
        ``allowed_mentions`` lets through (every one without it); nobody for an ephemeral."""
        if self.ephemeral:
            return []
        allowed = self.allowed_mentions
        if allowed is None or "users" in (allowed.get("parse") or []):
            return self.mentioned
        users = {int(u) for u in allowed.get("users") or []}
        return [u for u in self.mentioned if u in users]

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    @property
    def files(self) -> list[tuple[str, bytes]]:
        return [(a.filename, a.data) for a in self.attachments]

    def walk_components(self) -> Iterator[Json]:
        return walk_components(self.components)

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.walk_components() if "custom_id" in c]

    def component(self, custom_id: str | None = None, *, label: str | None = None) -> Json:
        """The component with that custom_id (or that button label); KeyError if none."""
        for c in self.walk_components():
            if (custom_id is not None and c.get("custom_id") == custom_id) or (
                label is not None and c.get("label") == label
            ):
                return c
        raise KeyError(f"no component {custom_id or label!r} on message {self.id}; has {self.custom_ids}")

    def apply(self, payload: Json, uploads: dict[int, Attachment], *, editing: bool) -> None:
        """Apply a create or edit body (Discord's semantics for ``attachments`` and flags)."""
        if "content" in payload or not editing:
            self.content = payload.get("content") or ""
        if "allowed_mentions" in payload or not editing:
            self.allowed_mentions = copy.deepcopy(payload.get("allowed_mentions"))
        for key in ("embeds", "components"):
            if key in payload or not editing:
                setattr(self, key, copy.deepcopy(payload.get(key) or []))
        if "attachments" in payload and payload["attachments"] is not None:
            keep = {a.id: a for a in self.attachments}
            result = []
            for item in payload["attachments"]:
                ident = int(item["id"])
                found = keep.get(ident) or uploads.get(ident)
                if found is not None:
                    if item.get("description") is not None:
                        found.description = item["description"]
                    result.append(found)
            self.attachments = result
        else:
            self.attachments = ([] if not editing else self.attachments) + list(uploads.values())
        new_flags = int(payload.get("flags") or 0)
        if editing:
            kept = self.flags & EPHEMERAL
            self.flags = kept | (new_flags & ~(EPHEMERAL | LOADING)) if "flags" in payload else self.flags
            self.flags &= ~LOADING
            self.edited_timestamp = now_iso()
        else:
            self.flags = new_flags

    def to_dict(self) -> Json:
        data: Json = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author.to_dict(),
            "content": self.content,
            "timestamp": snowflake_time(self.id),
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.to_dict() for a in self.attachments],
            "embeds": copy.deepcopy(self.embeds),
            "components": copy.deepcopy(self.components),
            "pinned": False,
            "type": self.type,
            "flags": self.flags,
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if self.interaction_metadata is not None:
            data["interaction_metadata"] = copy.deepcopy(self.interaction_metadata)
        if self.application_id is not None:
            data["application_id"] = data["webhook_id"] = str(self.application_id)
        return data


@dataclass(frozen=True)
class Record:
    """One thing the bot did to a message (create, edit, delete), frozen at that moment."""

    action: str  # "create" | "edit" | "delete"
    kind: str  # "channel" | "response" | "followup"
    message_id: int
    channel_id: int
    interaction_id: int | None
    content: str
    embeds: tuple[Json, ...]
    components: tuple[Json, ...]
    attachments: tuple[Attachment, ...]
    flags: int
    pinged: tuple[int, ...] = ()  # users Discord notified because of this record

    @classmethod
    def of(cls, action: str, kind: str, message: Message, interaction_id: int | None,
           notify: bool = False) -> Record:
        return cls(
            action, kind, message.id, message.channel_id, interaction_id, message.content,
            tuple(copy.deepcopy(message.embeds)), tuple(copy.deepcopy(message.components)),
            tuple(message.attachments), message.flags, tuple(message.pinged()) if notify else (),
        )

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def files(self) -> list[tuple[str, bytes]]:
        return [(a.filename, a.data) for a in self.attachments]
