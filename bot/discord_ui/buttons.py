"""The buttons and menus of a decision, and what a click on them does.

They are ``DynamicItem``s: their custom id carries the game row id, the version of the
game they were drawn for, and the action. They need no in-memory view, so they keep
working after a restart, and a click on an old message (or a double click) is refused by
the version check instead of being played twice. Labels are in the game's language.

A click that plays a move posts the turn through :func:`bot.discord_ui.messages.defer_and_post`
(the board started, the click answered, then ``post_turn``: the one path every move takes to
the channel, a slash command's and a scheduler's alike).
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.discord_ui.chain import chain_starts
from bot.discord_ui.clicks import deciding_row, play_click
from bot.discord_ui.errors import always_answers, refuse, refused
from bot.discord_ui.limits import (
    BUTTON_LABEL,
    CUSTOM_ID,
    MAX_BUTTONS,
    MAX_GROUP_BUTTONS,
    ROWS,
    SELECT_OPTIONS,
    clip,
    picked,
    select_menu,
    select_option,
)
from bot.discord_ui.messages import catch_up
from bot.discord_ui.protocols import bot_of
from bot.games import presenter
from bot.i18n import t
from bot.rules import GAMES
from bot.service import GameRow, UserError

log = logging.getLogger("gamemaster.ui")


class ActionButton(discord.ui.DynamicItem[discord.ui.Button], template=r"gm:(?P<gid>\d+):(?P<ver>\d+):(?P<code>.+)"):
    def __init__(self, game_id: int, version: int, code: str, label: str = "",
                 style: discord.ButtonStyle = discord.ButtonStyle.primary) -> None:
        super().__init__(discord.ui.Button(label=clip(label or code, BUTTON_LABEL), style=style,
                                           custom_id=f"gm:{game_id}:{version}:{code}"))
        self.game_id, self.version, self.code = game_id, version, code

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> ActionButton:
        return cls(int(match["gid"]), int(match["ver"]), match["code"])

    @always_answers
    async def callback(self, interaction: discord.Interaction) -> None:
        await action_click(interaction, self.game_id, self.version, self.code)


class ActionSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"gms:(?P<gid>\d+):(?P<ver>\d+):(?P<n>\d+)"):
    def __init__(self, game_id: int, version: int, n: int,
                 options: list[discord.SelectOption] | None = None, placeholder: str = "") -> None:
        super().__init__(select_menu(f"gms:{game_id}:{version}:{n}", options, placeholder))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str]) -> ActionSelect:
        return cls(int(match["gid"]), int(match["ver"]), int(match["n"]))

    @always_answers
    async def callback(self, interaction: discord.Interaction) -> None:
        value = picked(interaction)
        if not value:
            await refuse(interaction, UserError("err.bad_action", "That is not an action."))
            return
        await action_click(interaction, self.game_id, self.version, value)


class GroupItem(discord.ui.DynamicItem[discord.ui.Button], template=r"gmg:(?P<gid>\d+):(?P<ver>\d+):(?P<group>.*)"):
    """The first step of a two-step choice (a card), or Back (empty group): shows that
    group's actions on the same message. Navigation only: nothing is committed."""

    def __init__(self, game_id: int, version: int, group: str, label: str = "",
                 style: discord.ButtonStyle = discord.ButtonStyle.primary) -> None:
        super().__init__(discord.ui.Button(label=clip(label or group or "←", BUTTON_LABEL), style=style,
                                           custom_id=f"gmg:{game_id}:{version}:{group}"))
        self.game_id, self.version, self.group = game_id, version, group

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> GroupItem:
        return cls(int(match["gid"]), int(match["ver"]), match["group"])

    @always_answers
    async def callback(self, interaction: discord.Interaction) -> None:
        await group_click(interaction, self.game_id, self.version, self.group)


class GroupSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"gmgs:(?P<gid>\d+):(?P<ver>\d+)"):
    """The groups of a two-step choice as one menu, when there are too many for buttons."""

    def __init__(self, game_id: int, version: int, options: list[discord.SelectOption] | None = None,
                 placeholder: str = "") -> None:
        super().__init__(select_menu(f"gmgs:{game_id}:{version}", options, placeholder))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str]) -> GroupSelect:
        return cls(int(match["gid"]), int(match["ver"]))

    @always_answers
    async def callback(self, interaction: discord.Interaction) -> None:
        await group_click(interaction, self.game_id, self.version, picked(interaction, "\0"))


def _groups(row: GameRow, public: dict[str, Any], seat: str, actions: list[dict[str, Any]],
            lang: str) -> list[tuple[str, str, list[Any]]] | None:
    found = presenter(row.game).groups(public, seat, actions, lang)
    return [g for g in found if g[2]] if found else None


def _add_actions(view: discord.ui.View, row: GameRow, public: dict[str, Any], version: int,
                 actions: list[dict[str, Any]], lang: str, rows: int) -> None:
    """Buttons for a few actions; select menus (25 a menu, ``rows`` menus at most) for many."""
    pres = presenter(row.game)
    coded = []
    for action in actions:
        code = pres.encode(action)
        if len(f"gm:{row.id}:{version}:{code}") > CUSTOM_ID:
            log.warning("action code too long for a button: %s", code[:120])
            continue
        coded.append((code, pres.action_label(action, public, lang)))
    if len(coded) <= min(MAX_BUTTONS, rows * 5):
        for code, label in coded:
            view.add_item(ActionButton(row.id, version, code, label))
        return
    for n in range(0, min(len(coded), rows * SELECT_OPTIONS), SELECT_OPTIONS):
        options = [select_option(label, code) for code, label in coded[n:n + SELECT_OPTIONS]]
        view.add_item(ActionSelect(row.id, version, n // SELECT_OPTIONS, options, t("ui.choose", lang)))


def action_view(row: GameRow, group: str | None = None, version: int | None = None,
                public: dict[str, Any] | None = None) -> discord.ui.View | None:
    """The current decision's choices, in the game's language. With a presenter that
    groups them (a card, then its lines), the groups first; ``group`` shows one group's
    actions and a Back button. ``version``: the version the choices are checked against
    (a group opened on an older prompt keeps that prompt's version). ``public``: the
    game's public view if the caller has built it already (it is built once a post)."""
    if row.status != "running" or row.state is None:
        return None
    engine = GAMES[row.game]
    pres = presenter(row.game)
    seats = engine.to_act(row.state)
    if not seats:
        return None
    lang = row.lang
    version = row.version if version is None else version
    if public is None:
        public = engine.view(row.state, None)
    legal = engine.legal_actions(row.state, seats[0])
    actions = pres.buttons(public, seats[0], legal)
    view = discord.ui.View(timeout=None)
    if group is None:  # the moves made by a chain of menus (attack, place…): first
        used = chain_starts(view, row, version, public, seats[0], legal, lang, ROWS - 1 if actions else ROWS)
    else:
        used = 0
    if not actions:
        return view if used else None
    groups = _groups(row, public, seats[0], actions, lang)
    if not groups:
        _add_actions(view, row, public, version, actions, lang, ROWS - used)
        return view
    if group is not None:
        chosen = next((g for g in groups if g[0] == group), None)
        if chosen is None:
            return None
        _add_actions(view, row, public, version, chosen[2], lang, ROWS - 1)
        view.add_item(GroupItem(row.id, version, "", t("ui.back", lang), discord.ButtonStyle.secondary))
        return view
    grouped = {id(a) for g in groups for a in g[2]}
    loose = [a for a in actions if id(a) not in grouped]  # offered beside the groups (end the turn…)
    usable = [g for g in groups if len(f"gmg:{row.id}:{version}:{g[0]}") <= CUSTOM_ID]
    if used and len(usable) > MAX_GROUP_BUTTONS:
        usable = usable[:SELECT_OPTIONS]
    if len(usable) <= MAX_GROUP_BUTTONS:
        for gid, label, _acts in usable:
            view.add_item(GroupItem(row.id, version, gid, label))
    else:
        options = [select_option(label, gid) for gid, label, _acts in usable[:SELECT_OPTIONS]]
        view.add_item(GroupSelect(row.id, version, options, t("ui.choose_group", lang)))
    if loose:
        _add_actions(view, row, public, version, loose, lang, ROWS - 1 - used)
    return view


_NAMED_GROUP = re.compile(r"\(\?P<\w+>")


def unknown_item(known: Sequence[type[discord.ui.DynamicItem[Any]]]) -> type[discord.ui.DynamicItem[Any]]:
    """The item that answers a click no other item takes: a button or menu of a message
    drawn by an older version of the bot, or a forged one. Its template matches exactly the
    custom ids that none of ``known``'s templates matches, so a click has one answer."""
    unnamed = [_NAMED_GROUP.sub("(?:", cls.__discord_ui_compiled_template__.pattern) for cls in known]
    others = "|".join(f"(?:{pattern})" for pattern in unnamed)

    class UnknownItem(discord.ui.DynamicItem[discord.ui.Item[Any]], template=rf"(?!(?:{others})\Z)[\s\S]*"):
        @classmethod
        async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                                 match: re.Match[str]) -> UnknownItem:
            return cls(item)

        async def callback(self, interaction: discord.Interaction) -> None:
            await refused(interaction, UserError("err.stale_unknown", "This button or menu is out of date: "
                                                 "use the newest message, or /game status."))

    return UnknownItem


# -- clicks -----------------------------------------------------------------------------

async def action_click(interaction: discord.Interaction, game_id: int, version: int, code: str) -> None:
    """A move chosen by a button or a menu: committed, then posted for the channel."""
    try:
        row, user = await deciding_row(interaction, game_id)
        try:
            action = presenter(row.game).decode(code)
        except (ValueError, KeyError, TypeError) as err:
            raise UserError("err.bad_action", "That is not an action.") from err
    except UserError as err:
        await refused(interaction, err)
        await catch_up(bot_of(interaction), interaction.channel_id)
        return
    await play_click(interaction, row, user, action, version)


async def group_click(interaction: discord.Interaction, game_id: int, version: int, group: str) -> None:
    """A two-step choice: open a group (or go back) on the same message. Only the
    player to act may; nothing is committed and the game's version does not move."""
    try:
        row, _user = await deciding_row(interaction, game_id)
        # its labels may weigh (a drive's zombies run over, a target's odds): off the event loop
        view = await asyncio.to_thread(action_view, row, group=group or None, version=version)
        if view is None:
            raise UserError("err.stale", "That choice is out of date: the game has moved on.")
    except UserError as err:
        await refused(interaction, err)
        await catch_up(bot_of(interaction), interaction.channel_id)
        return
    await interaction.response.edit_message(view=view)
