"""Interaction payloads as Discord's client would send them, and what the bot answered.

The builders refuse what a real Discord client would not let a user send (an unknown
option, a value outside the choices, a missing required option, a click on a disabled
button), so a test cannot pass for a reason no player could reproduce.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from .payloads import (
    EPHEMERAL,
    Attachment,
    Channel,
    Json,
    Member,
    Message,
    Record,
    Role,
    User,
    World,
)

if TYPE_CHECKING:
    from .server import FakeDiscord

APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = range(3, 12)
SELECTS = (3, 5, 6, 7, 8)  # string, user, role, mentionable, channel selects
TEXT_INPUT, LABEL = 4, 18


class Resolved:
    """Collects the ``resolved`` block for user, member, role, channel and attachment values."""

    def __init__(self, world: World, channel: Channel,
                 store_attachment: Callable[[str, bytes], Attachment]) -> None:
        self.world = world
        self.guild = world.guild_of(channel)
        self.store_attachment = store_attachment
        self.data: dict[str, dict[str, Json]] = {}

    def add(self, kind: int, value: Any) -> str:
        """Register ``value`` (an object of the fake world) and return its id as a string."""
        if kind in (USER, MENTIONABLE) and isinstance(value, (Member, User, int)):
            user = value.user if isinstance(value, Member) else value
            if isinstance(user, int):
                user = self.world.users[user]
            self.data.setdefault("users", {})[str(user.id)] = user.to_dict()
            if self.guild is not None and user.id in self.guild.members:
                member = self.guild.members[user.id].to_dict(with_permissions=True)
                del member["user"]
                self.data.setdefault("members", {})[str(user.id)] = member
            return str(user.id)
        if kind in (ROLE, MENTIONABLE) and isinstance(value, Role):
            self.data.setdefault("roles", {})[str(value.id)] = value.to_dict()
            return str(value.id)
        if kind == CHANNEL and isinstance(value, Channel):
            perms = self.guild.me.permissions if self.guild else 0
            self.data.setdefault("channels", {})[str(value.id)] = value.to_dict(permissions=perms)
            return str(value.id)
        if kind == ATTACHMENT:
            if isinstance(value, tuple):
                value = self.store_attachment(*value)
            if isinstance(value, Attachment):
                self.data.setdefault("attachments", {})[str(value.id)] = value.to_dict()
                return str(value.id)
        raise TypeError(f"option type {kind} does not take {value!r}")


def base_interaction(world: World, kind: int, user: User | Member, channel: Channel,
                     locale: str, new_id: Callable[[], int]) -> Json:
    guild = world.guild_of(channel)
    payload: Json = {
        "id": str(new_id()),
        "application_id": str(world.application_id),
        "type": kind,
        "token": secrets.token_urlsafe(32),
        "version": 1,
        "channel_id": str(channel.id),
        "locale": locale,
        "entitlements": [],
        "attachment_size_limit": 10 * 1024 * 1024,
    }
    if guild is None:
        plain = user.user if isinstance(user, Member) else user
        payload.update(user=plain.to_dict(), context=1, app_permissions=str(0),
                       authorizing_integration_owners={"1": str(plain.id)},
                       channel=channel.to_dict())
        return payload
    if user.id not in guild.members:
        raise ValueError(f"{user.name} is not a member of guild {guild.name}")
    member = guild.members[user.id]
    payload.update(
        guild_id=str(guild.id),
        guild=guild.partial(),
        guild_locale=guild.locale,
        member=member.to_dict(with_permissions=True),
        channel=channel.to_dict(permissions=member.permissions),
        app_permissions=str(guild.me.permissions),
        authorizing_integration_owners={"0": str(guild.id)},
        context=0,
    )
    return payload


def _convert(option: Json, value: Any, resolved: Resolved) -> Any:
    kind, name = option["type"], option["name"]
    if kind == STRING and isinstance(value, str):
        converted: Any = value
    elif kind == INTEGER and isinstance(value, int) and not isinstance(value, bool):
        converted = value
    elif kind == NUMBER and isinstance(value, (int, float)) and not isinstance(value, bool):
        converted = float(value)
    elif kind == BOOLEAN and isinstance(value, bool):
        converted = value
    elif kind in (USER, CHANNEL, ROLE, MENTIONABLE, ATTACHMENT):
        if kind == CHANNEL and option.get("channel_types") and value.type not in option["channel_types"]:
            raise ValueError(f"option {name!r} takes channel types {option['channel_types']}")
        return resolved.add(kind, value)
    else:
        raise TypeError(f"option {name!r} (type {kind}) does not take {value!r}")
    choices = [c["value"] for c in option.get("choices") or []]
    if choices and converted not in choices:
        raise ValueError(f"option {name!r}: {value!r} is not one of the choices {choices}")
    low, high = option.get("min_value"), option.get("max_value")
    if kind in (INTEGER, NUMBER) and ((low is not None and converted < low) or (high is not None and converted > high)):
        raise ValueError(f"option {name!r}: {value!r} is outside [{low}, {high}]")
    return converted


def command_data(command: Json, path: tuple[str, ...], options: Mapping[str, Any],
                 resolved: Resolved, *, focused: str | None = None) -> Json:
    """``data`` of an APPLICATION_COMMAND or AUTOCOMPLETE interaction for ``/command *path``."""
    data: Json = {"id": command["id"], "name": command["name"], "type": command.get("type", 1)}
    if command.get("guild_id"):
        data["guild_id"] = command["guild_id"]
    node, holder = command, data
    for name in path:
        sub = next((o for o in node.get("options", []) if o["name"] == name
                    and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)), None)
        if sub is None:
            raise ValueError(f"/{command['name']} has no subcommand {name!r} under {node['name']!r}")
        inner: Json = {"type": sub["type"], "name": name, "options": []}
        holder.setdefault("options", []).append(inner)
        node, holder = sub, inner
    params = {o["name"]: o for o in node.get("options", [])}
    if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in params.values()):
        raise ValueError(f"/{command['name']} {' '.join(path)}: pick one of {sorted(params)}")
    unknown = set(options) - set(params) - ({focused} if focused else set())
    if unknown:
        raise ValueError(f"unknown options {sorted(unknown)}; the command takes {sorted(params)}")
    values: list[Json] = []
    for name, option in params.items():
        if name == focused:
            if not option.get("autocomplete"):
                raise ValueError(f"option {name!r} has no autocomplete")
            typed = options.get(name, "")
            values.append({"type": option["type"], "name": name, "value": str(typed), "focused": True})
        elif name in options:
            values.append({"type": option["type"], "name": name,
                           "value": _convert(option, options[name], resolved)})
        elif option.get("required") and focused is None:
            raise ValueError(f"missing required option {name!r}")
    holder.setdefault("options", []).extend(values)
    if resolved.data:
        data["resolved"] = resolved.data
    return data


def component_data(message: Message, component: Json, values: list[Any] | None,
                   resolved: Resolved) -> Json:
    if component.get("disabled"):
        raise ValueError(f"component {component.get('custom_id')!r} is disabled")
    kind = component["type"]
    data: Json = {"custom_id": component["custom_id"], "component_type": kind}
    if "id" in component:
        data["id"] = component["id"]
    if kind in SELECTS:
        chosen = list(values or [])
        low, high = component.get("min_values", 1), component.get("max_values", 1)
        if not low <= len(chosen) <= high:
            raise ValueError(f"select {component['custom_id']!r} takes {low}..{high} values, not {chosen}")
        if kind == 3:
            allowed = [o["value"] for o in component.get("options", [])]
            if any(v not in allowed for v in chosen):
                raise ValueError(f"select {component['custom_id']!r}: {chosen} not within {allowed}")
            data["values"] = chosen
        else:
            option_kind = {5: USER, 6: ROLE, 7: MENTIONABLE, 8: CHANNEL}[kind]
            data["values"] = [resolved.add(option_kind, v) for v in chosen]
            data["resolved"] = resolved.data
    elif values:
        raise ValueError("only selects take values")
    return data


def modal_data(modal: Json, values: Mapping[str, Any]) -> Json:
    """``data`` of a MODAL_SUBMIT for ``modal`` (the bot's type 9 callback) filled with ``values``."""
    used: set[str] = set()

    def submit(component: Json) -> Json:
        kind = component["type"]
        if kind == 1:
            return {"type": 1, "components": [submit(c) for c in component.get("components", [])]}
        if kind == LABEL:
            return {"type": LABEL, "id": component.get("id"), "component": submit(component["component"])}
        custom_id = component.get("custom_id")
        if custom_id is None:
            return {"type": kind, "id": component.get("id")}
        used.add(custom_id)
        if kind == TEXT_INPUT:
            value = values.get(custom_id, component.get("value") or "")
            if component.get("required", True) and not value:
                raise ValueError(f"text input {custom_id!r} is required")
            return {"type": kind, "custom_id": custom_id, "value": value}
        return {"type": kind, "custom_id": custom_id, "values": list(values.get(custom_id, []))}

    components = [submit(c) for c in modal.get("components", [])]
    unknown = set(values) - used
    if unknown:
        raise ValueError(f"modal {modal['custom_id']!r} has no inputs {sorted(unknown)}; has {sorted(used)}")
    return {"custom_id": modal["custom_id"], "components": components}


class InteractionResult:
    """One interaction sent by the test, and everything the bot did in answer, live.

    ``message`` (and ``content``, ``embeds``, ``files``, ``components``, ``ephemeral``) is the
    message the answer put in front of the user: the response (or, after a deferral, the
    message it was filled in as), else the first followup.
    """

    def __init__(self, fake: FakeDiscord, payload: Json, created: float) -> None:
        self._fake = fake
        self.payload = payload
        self.id = int(payload["id"])
        self.type: int = payload["type"]
        self.token: str = payload["token"]
        self.channel_id = int(payload["channel_id"])
        self.user_id = int((payload.get("member") or payload)["user"]["id"])
        self.message_id = int(payload["message"]["id"]) if "message" in payload else None
        self.created = created
        self.callback_type: int | None = None
        self.callback: Json | None = None
        self.original_id: int | None = None
        self.followup_ids: list[int] = []
        self.choices: list[Json] | None = None
        self.modal: Json | None = None
        self.late = False
        self._touched = False  # something happened after a deferred update (type 6)

    def __repr__(self) -> str:
        return (f"<InteractionResult {self.describe()} callback={self.callback_type} "
                f"original={self.original_id} followups={self.followup_ids}>")

    def describe(self) -> str:
        data = self.payload.get("data", {})
        if self.type in (APPLICATION_COMMAND, AUTOCOMPLETE):
            words, node = [data.get("name", "?")], data
            while node.get("options") and node["options"][0]["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP):
                node = node["options"][0]
                words.append(node["name"])
            label = "/" + " ".join(words)
            return label if self.type == APPLICATION_COMMAND else f"autocomplete of {label}"
        if self.type == MESSAGE_COMPONENT:
            return f"click on {data.get('custom_id')!r} (message {self.message_id})"
        return f"modal submit {data.get('custom_id')!r}"

    def done(self, wait: str) -> bool:
        """``wait="callback"``: the bot acknowledged; ``"answer"``: and finished a deferral."""
        if self.callback_type is None:
            return False
        if wait == "callback":
            return True
        if self.callback_type == 5:
            original = self._fake.messages.get(self.original_id or 0)
            return original is None or original.deleted or not original.loading
        if self.callback_type == 6:
            return self._touched
        return True

    def note(self, record: Record) -> None:
        if self.callback_type is not None and (
            record.interaction_id == self.id or record.message_id == self.message_id
        ):
            self._touched = True

    @property
    def records(self) -> list[Record]:
        return [r for r in self._fake.records if r.interaction_id == self.id]

    @property
    def response(self) -> Message | None:
        return self._fake.messages.get(self.original_id) if self.original_id else None

    @property
    def followups(self) -> list[Message]:
        return [self._fake.messages[i] for i in self.followup_ids]

    @property
    def message(self) -> Message:
        if self.response is not None and self.callback_type in (4, 5, 7):
            return self.response
        if self.response is not None and self.callback_type == 6 and any(
                r.action == "edit" and r.message_id == self.original_id for r in self.records):
            return self.response  # a deferred update that edited the message clicked
        if self.followups:
            return self.followups[0]
        if self.response is not None:
            return self.response
        raise AssertionError(f"{self.describe()} has no message (callback type {self.callback_type})")

    @property
    def content(self) -> str:
        return self.message.content

    @property
    def embeds(self) -> list[Json]:
        return self.message.embeds

    @property
    def components(self) -> list[Json]:
        return self.message.components

    @property
    def files(self) -> list[tuple[str, bytes]]:
        return self.message.files

    @property
    def ephemeral(self) -> bool:
        return bool(self.message.flags & EPHEMERAL)

    async def wait_followups(self, count: int = 1, *, timeout: float | None = None) -> list[Message]:
        """Wait until the bot has sent at least ``count`` followups; return them."""
        await self._fake.wait_until(lambda: len(self.followup_ids) >= count,
                                    f"{count} followup(s) to {self.describe()}", timeout)
        return self.followups
