"""Moves made with the thumb: the click chains of :mod:`bot.games.chain` on Discord.

A chain starts from a button on the turn message ("Attack", "Place"…) or, when it is the
decision's one move, from its first menu right there. Each step edits the same message: a
menu of the values (25 at most: pages of 23 with "more" and "back" entries), or count buttons,
with Back. The last step plays the move as a button of the decision would
(:func:`bot.discord_ui.buttons.play_click`). A command the game marks ``private`` (cards of a
hand) is walked in a message only its player sees, from their own view: the turn message shows
one "Your cards…" button whatever the hand holds, so nothing of it shows in public.

The custom id carries the game row, the version the chain was opened at, the command and the
steps taken (``3.12`` — see :mod:`bot.games.chain`); the service checks the version when the
move is played, and a click by anyone but the player to act is refused privately.
"""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
from typing import Any

import discord

from bot.discord_ui.clicks import deciding_row, play_click
from bot.discord_ui.errors import always_answers, refused
from bot.discord_ui.limits import (
    BUTTON_LABEL,
    CUSTOM_ID,
    SELECT_OPTIONS,
    clip,
    picked,
    select_menu,
    select_option,
)
from bot.discord_ui.members import names_for
from bot.discord_ui.messages import catch_up
from bot.discord_ui.protocols import bot_of
from bot.games import presenter
from bot.games.chain import Step, action_of, chain_commands, flags_of, walk
from bot.i18n import lang_of, t, text_of
from bot.rules import GAMES
from bot.service import GameRow, UserError

log = logging.getLogger("gamemaster.ui")

TURN = "turn"  # the path of Back from a first step: the turn's own choices again
PAGE = SELECT_OPTIONS - 2  # a page of values, with room for "more" and "back" entries
_ID = r"(?P<gid>\d+):(?P<ver>\d+):(?P<cmd>[a-z_]+):(?P<path>[0-9.+a-z_]*)"


def _path(tokens: list[str]) -> str:
    return ".".join(tokens)


def _tokens(path: str) -> list[str]:
    return [x for x in path.split(".") if x]


class ChainButton(discord.ui.DynamicItem[discord.ui.Button], template=r"gmc:" + _ID):
    """A step of a chain taken (or the chain opened: no steps): the next step is shown, or,
    when the chain is complete, its move is played."""

    def __init__(self, game_id: int, version: int, command: str, path: str, label: str = "",
                 style: discord.ButtonStyle = discord.ButtonStyle.primary) -> None:
        super().__init__(discord.ui.Button(label=clip(label or command, BUTTON_LABEL), style=style,
                                           custom_id=f"gmc:{game_id}:{version}:{command}:{path}"))
        self.game_id, self.version, self.command, self.path = game_id, version, command, path

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> ChainButton:
        return cls(int(match["gid"]), int(match["ver"]), match["cmd"], match["path"])

    @always_answers
    async def callback(self, interaction: discord.Interaction) -> None:
        if self.path == TURN:
            await turn_click(interaction, self.game_id)
            return
        await chain_click(interaction, self.game_id, self.version, self.command, _tokens(self.path))


class ChainSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"gmcs:" + _ID):
    """A step's menu: its value is the index of the value chosen, ``p<n>`` a page, ``me`` a
    value picked by the bot."""

    def __init__(self, game_id: int, version: int, command: str, path: str,
                 options: list[discord.SelectOption] | None = None, placeholder: str = "") -> None:
        super().__init__(select_menu(f"gmcs:{game_id}:{version}:{command}:{path}", options, placeholder))
        self.game_id, self.version, self.command, self.path = game_id, version, command, path

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str]) -> ChainSelect:
        return cls(int(match["gid"]), int(match["ver"]), match["cmd"], match["path"])

    @always_answers
    async def callback(self, interaction: discord.Interaction) -> None:
        value = picked(interaction)
        tokens = _tokens(self.path)
        if value.startswith("p") and value[1:].isdigit():
            await chain_click(interaction, self.game_id, self.version, self.command, tokens, page=int(value[1:]))
        elif value == "me" or value.isdigit():
            await chain_click(interaction, self.game_id, self.version, self.command, [*tokens, value])
        else:
            await refused(interaction, UserError("err.bad_action", "That is not an action."))


class HandButton(discord.ui.DynamicItem[discord.ui.Button], template=r"gmh:(?P<gid>\d+):(?P<ver>\d+)"):
    """"Your cards…": the private commands, in a message only the player to act sees."""

    def __init__(self, game_id: int, version: int, label: str = "") -> None:
        super().__init__(discord.ui.Button(label=clip(label or "…", BUTTON_LABEL), style=discord.ButtonStyle.secondary,
                                           custom_id=f"gmh:{game_id}:{version}"))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> HandButton:
        return cls(int(match["gid"]), int(match["ver"]))

    @always_answers
    async def callback(self, interaction: discord.Interaction) -> None:
        await hand_click(interaction, self.game_id, self.version)


# -- what a step shows --------------------------------------------------------------------

def _first_text(keys: tuple[str, ...], lang: str) -> str | None:
    """The first of ``keys`` the catalogs have (a game's own word, then the shared one)."""
    return next((text for key in keys if (text := text_of(key, lang)) is not None), None)


def command_label(game: str, command: str, lang: str) -> str:
    """The button that opens a chain: the game's word for it, else the shared one."""
    return _first_text((f"chain.{game}.{command}", f"chain.cmd.{command}"), lang) \
        or command.replace("_", " ").capitalize()


def _placeholder(game: str, command: str, option: str, lang: str) -> str:
    return _first_text((f"chain.{game}.{command}.{option}", f"chain.step.{option}"), lang) or t("ui.choose", lang)


def private_commands(game: str) -> list[str]:
    return [name for name, cmd in presenter(game).choices.items() if cmd.private]


def offered_types(row: GameRow, public: dict[str, Any], seat: str, legal: list[dict[str, Any]]) -> set[str]:
    """The action types the decision's own buttons offer (a chain is not offered for them)."""
    return {a["type"] for a in presenter(row.game).buttons(public, seat, legal)}


def public_chains(row: GameRow, legal: list[dict[str, Any]], offered: set[str]) -> list[str]:
    """The chains the turn message offers now (the private ones go behind "Your cards…")."""
    private = set(private_commands(row.game))
    return [c for c in chain_commands(presenter(row.game).choices, legal, offered) if c not in private]


def step_items(row: GameRow, version: int, command: str, tokens: list[str], step: Step, lang: str,
               forms: list[dict[str, Any]], page: int = 0) -> list[discord.ui.Item[Any]]:
    """The components of one step: a menu (paged) or count buttons, then the "until decided"
    variants of the last count. Back is the caller's."""
    items: list[discord.ui.Item[Any]] = []
    path = _path(tokens)
    if step.count:
        filled = {slot.part for slot in presenter(row.game).choices[command].options.values()}
        for value, label in zip(step.values, step.labels, strict=True):
            items.append(ChainButton(row.id, version, command, _path([*tokens, str(value)]), label))
        assert step.span is not None
        for part in flags_of(forms, filled):
            word = text_of(f"chain.flag.{part}", lang)
            if word is None:
                continue
            label = t("chain.flag_with", lang, flag=word, label=step.labels[-1]) if step.labels else word
            items.append(ChainButton(row.id, version, command, _path([*tokens, str(step.span[1]), f"+{part}"]),
                                     label, discord.ButtonStyle.danger))
        return items
    total = len(step.values)
    pages = max(1, -(-total // PAGE)) if total > SELECT_OPTIONS else 1
    page = min(max(page, 0), pages - 1)
    if pages == 1:
        shown = range(total)
    else:
        shown = range(page * PAGE, min(total, (page + 1) * PAGE))
    options = []
    if step.slot.for_me and total > 1 and page == 0:
        options.append(select_option(t("chain.for_me", lang), "me"))
    for i in shown:
        options.append(select_option(step.labels[i], str(i)))
    if pages > 1 and page + 1 < pages:
        options.append(select_option(t("chain.more", lang, n=page + 2, pages=pages), f"p{page + 1}"))
    if pages > 1 and page > 0:
        options.append(select_option(t("chain.less", lang, n=page, pages=pages), f"p{page - 1}"))
    options = options[:SELECT_OPTIONS]
    if len(f"gmcs:{row.id}:{version}:{command}:{path}") > CUSTOM_ID:
        return items
    placeholder = _placeholder(row.game, command, step.option, lang)
    if pages > 1:
        placeholder = f"{placeholder} ({page + 1}/{pages})"
    items.append(ChainSelect(row.id, version, command, path, options, placeholder))
    return items


def step_view(row: GameRow, version: int, command: str, tokens: list[str], step: Step, lang: str,
              forms: list[dict[str, Any]], page: int = 0, back_to_turn: bool = True) -> discord.ui.View:
    """One step of a chain on its message, with Back (to the previous step, or to the turn's
    choices from the first step)."""
    view = discord.ui.View(timeout=None)
    for item in step_items(row, version, command, tokens, step, lang, forms, page):
        view.add_item(item)
    if tokens:
        view.add_item(ChainButton(row.id, version, command, _path(tokens[:-1]), t("ui.back", lang),
                                  discord.ButtonStyle.secondary))
    elif back_to_turn:
        view.add_item(ChainButton(row.id, version, command, TURN, t("ui.back", lang), discord.ButtonStyle.secondary))
    return view


# -- clicks --------------------------------------------------------------------------------

async def chain_click(interaction: discord.Interaction, game_id: int, version: int, command: str,
                      tokens: list[str], page: int = 0) -> None:
    """A step taken: show the next one on the same message, or play the move."""
    bot = bot_of(interaction)
    try:
        row, user = await deciding_row(interaction, game_id)
        private = command in private_commands(row.game)
        lang = lang_of(interaction.locale) if private else row.lang
        # the step's labels may weigh (a target's exact odds): worked out off the event loop
        step_or_action = await asyncio.to_thread(_next, row, user, command, tokens, lang, private, version, page)
    except UserError as err:
        await refused(interaction, err)
        await catch_up(bot, interaction.channel_id)
        return
    except (ValueError, KeyError, TypeError, IndexError):
        await refused(interaction, UserError("err.stale", "That choice is out of date: the game has moved on."))
        return
    if isinstance(step_or_action, discord.ui.View):
        await interaction.response.edit_message(view=step_or_action)
        return
    await play_click(interaction, row, user, step_or_action, version)
    if private:  # the private message is done with once its move is played
        after = await bot.service.get_game(row.id)
        if after is not None and after.version != row.version:
            try:
                await interaction.edit_original_response(content=t("chain.played", lang), view=None)
            except discord.HTTPException as err:
                log.info("could not close a private chain message (%s)", err)


def _next(row: GameRow, user: str, command: str, tokens: list[str], lang: str, private: bool, version: int,
          page: int) -> discord.ui.View | dict[str, Any]:
    """The next step's components after ``tokens``, or the move when the chain is complete
    (a worker thread's work: no Discord call, no awaiting)."""
    engine = GAMES[row.game]
    pres = presenter(row.game)
    assert row.state is not None
    view = engine.view(row.state, user if private else None)
    legal = engine.legal_actions(row.state, user)
    offered = offered_types(row, engine.view(row.state, None), user, legal)
    names = names_for(row)
    if tokens and tokens[-1] == "me":  # picked for the player, among the step's values
        _given, _forms, step, _flags = walk(pres.choices, command, tokens[:-1], legal, view, lang, names, offered)
        if step is None or step.count or not step.values:
            raise ValueError("nothing to pick")
        tokens = [*tokens[:-1], str(secrets.randbelow(len(step.values)))]
    _given, forms, step, _flags = walk(pres.choices, command, tokens, legal, view, lang, names, offered)
    if step is not None:
        return step_view(row, version, command, tokens, step, lang, forms, page, back_to_turn=not private)
    return action_of(pres.choices, command, tokens, legal, view, lang, names, offered)


async def turn_click(interaction: discord.Interaction, game_id: int) -> None:
    """Back from a chain's first step: the turn's own choices on the message again."""
    try:
        row, _user = await deciding_row(interaction, game_id)
    except UserError as err:
        await refused(interaction, err)
        return
    await interaction.response.edit_message(view=await asyncio.to_thread(bot_of(interaction).live_choices, row))


async def hand_click(interaction: discord.Interaction, game_id: int, version: int) -> None:
    """"Your cards…": the private commands open now, as buttons in a message only the
    player sees (their own view's words, their language)."""
    try:
        row, user = await deciding_row(interaction, game_id)
    except UserError as err:
        await refused(interaction, err)
        return
    lang = lang_of(interaction.locale)
    engine = GAMES[row.game]
    assert row.state is not None
    legal = engine.legal_actions(row.state, user)
    offered = offered_types(row, engine.view(row.state, None), user, legal)
    found = [c for c in chain_commands(presenter(row.game).choices, legal, offered)
             if c in private_commands(row.game)]
    if not found:
        await interaction.response.send_message(t("chain.no_private", lang), ephemeral=True)
        return
    view = discord.ui.View(timeout=None)
    for command in found[:SELECT_OPTIONS]:
        view.add_item(ChainButton(row.id, row.version, command, "", command_label(row.game, command, lang)))
    await interaction.response.send_message(t("chain.private_intro", lang), view=view, ephemeral=True)


def chain_starts(view: discord.ui.View, row: GameRow, version: int, public: dict[str, Any], seat: str,
                 legal: list[dict[str, Any]], lang: str, room: int) -> int:
    """The chains of the turn message added to ``view``: the one chain's first menu when it is
    the decision's only one, else a button each; "Your cards…" when the game has private
    commands. Returns the rows used (at most ``room``)."""
    if room <= 0:
        return 0
    pres = presenter(row.game)
    offered = offered_types(row, public, seat, legal)
    chains = public_chains(row, legal, offered)
    used = 0
    if len(chains) == 1:
        try:
            _given, forms, step, _flags = walk(pres.choices, chains[0], [], legal, public, lang, names_for(row), offered)
        except (ValueError, KeyError, TypeError, IndexError):
            step, forms = None, []
        if step is not None and not step.count and room >= 1:
            for item in step_items(row, version, chains[0], [], step, lang, forms):
                view.add_item(item)
            used = 1
            chains = []
    buttons: list[discord.ui.Item[Any]] = [
        ChainButton(row.id, version, c, "", command_label(row.game, c, lang)) for c in chains
        if len(f"gmc:{row.id}:{version}:{c}:") <= CUSTOM_ID]
    if private_commands(row.game):
        buttons.append(HandButton(row.id, version, t("chain.hand", lang)))
    if buttons and used < room:
        for item in buttons[:5]:
            view.add_item(item)
        used += 1
    return used
