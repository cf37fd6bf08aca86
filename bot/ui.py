"""Messages, buttons and menus: how a game's state reaches a channel.

Buttons are ``DynamicItem``s: their custom id carries the game row id, the version of the
game they were drawn for, and the action. They need no in-memory view, so they keep
working after a restart, and a click on an old message (or a double click) is refused
by the version check instead of being played twice.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from typing import TYPE_CHECKING, Any

import discord

import renderers
from bot.games import presenter
from bot.i18n import t
from bot.rules import GAMES
from bot.service import Played, UserError
from bot.store import GameRow

if TYPE_CHECKING:
    from bot.app import GameMasterBot

log = logging.getLogger("gamemaster.ui")

MAX_BUTTONS = 20  # beyond this, choices go into select menus (25 options each)


def bot_of(interaction: discord.Interaction) -> GameMasterBot:
    return interaction.client  # type: ignore[return-value]


def names_for(row: GameRow, mention: bool = False) -> dict[str, str]:
    """Display names for pictures; mentions for messages (kicked players keep their name)."""
    if mention:
        return {seat: f"<@{seat}>" for seat in {*row.players, *row.names}}
    return dict(row.names)


def is_moderator(interaction: discord.Interaction, mod_role: int | None) -> bool:
    perms = interaction.permissions
    if perms.manage_channels or perms.administrator:
        return True
    roles = getattr(interaction.user, "roles", [])
    return mod_role is not None and any(r.id == mod_role for r in roles)


def clip(text: str, limit: int = 1990) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


async def refuse(interaction: discord.Interaction, err: UserError | str) -> None:
    """Errors go to the one who erred, ephemerally."""
    text = t(err.key, interaction.locale, **err.params) if isinstance(err, UserError) else err
    if isinstance(err, UserError) and text == err.key:
        text = str(err)
    text = "⛔ " + text
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


# -- pictures --------------------------------------------------------------------------

async def board_file(row: GameRow) -> discord.File:
    """The board as a PNG attachment, drawn off the event loop."""
    engine = GAMES[row.game]
    assert row.state is not None
    view = engine.view(row.state, None)
    view["labels"] = names_for(row)
    png = await asyncio.to_thread(renderers.render, view)
    return discord.File(io.BytesIO(png), filename=f"{row.game}-turn-{row.state.get('turn', 0)}.png")


# -- lobby -----------------------------------------------------------------------------

def lobby_text(row: GameRow, locale: Any) -> str:
    engine = GAMES[row.game]
    names = names_for(row, mention=True)
    players = ", ".join(names.get(p, p) for p in row.players) or "—"
    opts = ", ".join(f"{k}={'on' if v is True else 'off' if v is False else v}" for k, v in row.options.items()) or "—"
    key = {"lobby": "lobby.open", "running": "lobby.started", "ended": "lobby.closed", "finished": "lobby.closed"}
    return t(key.get(row.status, "lobby.open"), locale, game=presenter(row.game).name(locale),
             host=names.get(row.host_id, row.host_id), players=players, n=len(row.players),
             min=engine.min_players, max=engine.max_players, options=opts)


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=r"gml:(?P<gid>\d+):(?P<op>join|leave|start)"):
    def __init__(self, game_id: int, op: str, label: str = "", style: discord.ButtonStyle = discord.ButtonStyle.primary) -> None:
        super().__init__(discord.ui.Button(label=label or op, style=style, custom_id=f"gml:{game_id}:{op}"))
        self.game_id = game_id
        self.op = op

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> LobbyButton:
        return cls(int(match["gid"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).lobby_click(interaction, self.game_id, self.op)


def lobby_view(row: GameRow, locale: Any) -> discord.ui.View | None:
    if row.status != "lobby":
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(LobbyButton(row.id, "join", t("lobby.join", locale), discord.ButtonStyle.success))
    view.add_item(LobbyButton(row.id, "leave", t("lobby.leave", locale), discord.ButtonStyle.secondary))
    view.add_item(LobbyButton(row.id, "start", t("lobby.start", locale), discord.ButtonStyle.primary))
    return view


# -- moves -----------------------------------------------------------------------------

class ActionButton(discord.ui.DynamicItem[discord.ui.Button], template=r"gm:(?P<gid>\d+):(?P<ver>\d+):(?P<code>.+)"):
    def __init__(self, game_id: int, version: int, code: str, label: str = "",
                 style: discord.ButtonStyle = discord.ButtonStyle.primary) -> None:
        super().__init__(discord.ui.Button(label=label or code, style=style,
                                           custom_id=f"gm:{game_id}:{version}:{code}"))
        self.game_id, self.version, self.code = game_id, version, code

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> ActionButton:
        return cls(int(match["gid"]), int(match["ver"]), match["code"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).action_click(interaction, self.game_id, self.version, self.code)


class ActionSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"gms:(?P<gid>\d+):(?P<ver>\d+):(?P<n>\d+)"):
    def __init__(self, game_id: int, version: int, n: int,
                 options: list[discord.SelectOption] | None = None, placeholder: str = "") -> None:
        super().__init__(discord.ui.Select(custom_id=f"gms:{game_id}:{version}:{n}",
                                           options=options or [discord.SelectOption(label="-")],
                                           placeholder=placeholder or None))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str]) -> ActionSelect:
        return cls(int(match["gid"]), int(match["ver"]), int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []
        if not values:
            await refuse(interaction, UserError("err.bad_action", "That is not an action."))
            return
        await bot_of(interaction).action_click(interaction, self.game_id, self.version, values[0])


def action_view(row: GameRow, locale: Any) -> discord.ui.View | None:
    """The current decision's choices, for whoever must decide now."""
    if row.status != "running" or row.state is None:
        return None
    engine = GAMES[row.game]
    pres = presenter(row.game)
    seats = engine.to_act(row.state)
    if not seats:
        return None
    actions = pres.buttons(row.state, seats[0], engine.legal_actions(row.state, seats[0]))
    if not actions:
        return None
    view = discord.ui.View(timeout=None)
    if len(actions) <= MAX_BUTTONS:
        for action in actions:
            view.add_item(ActionButton(row.id, row.version, pres.encode(action),
                                       pres.action_label(action, row.state, locale)))
        return view
    for n in range(0, min(len(actions), 125), 25):
        chunk = actions[n:n + 25]
        options = [discord.SelectOption(label=pres.action_label(a, row.state, locale)[:100], value=pres.encode(a))
                   for a in chunk]
        view.add_item(ActionSelect(row.id, row.version, n // 25, options, t("ui.choose", locale)))
    return view


def move_text(row: GameRow, played: Played | None, locale: Any, extra: list[str] | None = None) -> str:
    """Narration of what happened, then who must act and what they may choose."""
    engine = GAMES[row.game]
    pres = presenter(row.game)
    mentions = names_for(row, mention=True)
    lines = list(extra or [])
    if played is not None:
        lines += pres.narrate(played.events, mentions, locale)
    assert row.state is not None
    outcome = engine.outcome(row.state)
    if outcome is None and row.status == "running":
        seat = engine.current(row.state)
        if seat is not None:
            lines.append(t("ui.to_play", locale, who=mentions.get(seat, seat)))
        prompt = pres.prompt(row.state, mentions, locale)
        if prompt:
            lines.append(prompt)
    return clip("\n".join(lines))


async def post_turn(channel: discord.abc.Messageable | None, interaction: discord.Interaction | None,
                    row: GameRow, played: Played | None, locale: Any, extra: list[str] | None = None,
                    with_board: bool | None = None) -> discord.Message | None:
    """Post the narration, the board when a turn ended, and the next choices; strip the
    buttons off the previous prompt so only one set of live choices is on screen."""
    bot = bot_of(interaction) if interaction else None
    if with_board is None:
        with_board = played is None or played.new_turn or played.finished
    kwargs: dict[str, Any] = {"content": move_text(row, played, locale, extra)}
    if with_board:
        kwargs["file"] = await board_file(row)
    view = action_view(row, locale)
    if view is not None:
        kwargs["view"] = view
    kwargs["allowed_mentions"] = discord.AllowedMentions(users=True, roles=False, everyone=False)
    if interaction is not None:
        message = await interaction.followup.send(wait=True, **kwargs)
    else:
        assert channel is not None
        message = await channel.send(**kwargs)
    if bot is not None:
        old = row.prompt_message_id
        await bot.service.store.note_messages(row.id, prompt_message_id=message.id if view else None)
        if old and old != message.id:
            await bot.strip_buttons(row.channel_id, old)
    return message


async def play_move(interaction: discord.Interaction, game_id: str, action: dict[str, Any]) -> None:
    """A move typed as a slash command: checked and committed before anything is shown
    (a refusal stays private), then narrated and drawn for the channel."""
    bot = bot_of(interaction)
    row = await bot.service.game(interaction.channel_id)
    if row.game != game_id:
        raise UserError("err.wrong_game", "This channel is playing {game}, not this game.", game=GAMES[row.game].name)
    played = await bot.service.act(interaction.channel_id, str(interaction.user.id), action)
    await interaction.response.defer(thinking=True)
    await post_turn(None, interaction, played.row, played, interaction.guild_locale or interaction.locale)
