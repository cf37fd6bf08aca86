"""The lobby: its message, its buttons (Join / Leave / Start) and menus (each player's
pick, the game's options), and what a click on them does.

Game options are chosen here, a menu per option (host or moderator), not as ``/game new``
parameters: every game has its own, and Discord allows a command 25. The lobby message is
in the game's language; a refusal goes to the one who clicked, in theirs.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from bot.discord_ui.buttons import always_answers
from bot.discord_ui.clocks import clock_summary, timing_menu_options, timing_value
from bot.discord_ui.errors import refused
from bot.discord_ui.limits import (
    BUTTON_LABEL,
    CUSTOM_ID,
    ROWS,
    SELECT_OPTIONS,
    clip,
    picked,
    select_menu,
    select_option,
)
from bot.discord_ui.members import mentions_for, names_for
from bot.discord_ui.messages import post_start
from bot.discord_ui.protocols import GameBot, bot_of
from bot.games import presenter
from bot.i18n import t
from bot.rules import GAMES, RuleError
from bot.rules.names import name
from bot.service import GameRow, UserError

log = logging.getLogger("gamemaster")


def _value_code(value: Any) -> str:
    return "true" if value is True else "false" if value is False else str(value)


def option_label(game_id: str, option: str, lang: str) -> str:
    text = t(f"opt.{game_id}.{option}", lang)
    return option.replace("_", " ") if text == f"opt.{game_id}.{option}" else text


def option_value_label(game_id: str, option: str, value: Any, lang: str) -> str:
    """The option as players say it ("with the British Crown"), never ``crown=on``."""
    return presenter(game_id).option_label(option, value, lang)


def seat_picks(row: GameRow) -> dict[str, tuple[str, ...]]:
    return dict(GAMES[row.game].seat_picks(row.options))


def pick_value_name(game_id: str, key: str, value: str, lang: str) -> str:
    """A lobby choice's name (a gang) in ``lang``."""
    return name(game_id, key, value, lang)


def pick_label(game_id: str, key: str, lang: str) -> str:
    text = t(f"pick.{game_id}.{key}", lang)
    return key if text == f"pick.{game_id}.{key}" else text


def lobby_text(row: GameRow, lang: str | None = None) -> str:
    """The lobby message, in the game's language (or ``lang``, for one member's eyes)."""
    lang = lang or row.lang
    engine = GAMES[row.game]
    names = mentions_for(row)
    offered = seat_picks(row) if row.status == "lobby" else {}
    players = []
    for p in row.players:
        chosen = [pick_value_name(row.game, k, v, lang) for k, v in (row.picks.get(p) or {}).items() if k in offered]
        players.append(names.get(p, p) + (f" ({', '.join(chosen)})" if chosen else ""))
    opts = " · ".join(option_value_label(row.game, o.name, row.options.get(o.name, o.default), lang)
                      for o in engine.options) or "—"
    clock = clock_summary(row, lang)
    if clock:
        opts += "\n" + clock
    key = {"lobby": "lobby.open", "running": "lobby.started", "ended": "lobby.closed", "finished": "lobby.closed"}
    try:
        counts = engine.players(row.options)  # the options chosen may narrow them (a mode)
    except RuleError:
        counts = range(engine.min_players, engine.max_players + 1)
    return clip(t(key.get(row.status, "lobby.open"), lang, game=presenter(row.game).name(lang),
                  host=names.get(row.host_id, row.host_id), players=", ".join(players) or "—", n=len(row.players),
                  can_play=can_play(counts, lang), options=opts))


def can_play(counts: range, lang: str) -> str:
    """"2–6 can play" (or "exactly 4 can play" when the options leave one count)."""
    low, high = counts.start, counts.stop - 1
    return t("lobby.can_play.exact" if low == high else "lobby.can_play", lang, min=low, max=high)


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=r"gml:(?P<gid>\d+):(?P<op>join|leave|start|ai|noai)"):
    def __init__(self, game_id: int, op: str, label: str = "", style: discord.ButtonStyle = discord.ButtonStyle.primary) -> None:
        super().__init__(discord.ui.Button(label=clip(label or op, BUTTON_LABEL), style=style,
                                           custom_id=f"gml:{game_id}:{op}"))
        self.game_id = game_id
        self.op = op

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> LobbyButton:
        return cls(int(match["gid"]), match["op"])

    @always_answers
    async def callback(self, interaction: discord.Interaction) -> None:
        await lobby_click(interaction, self.game_id, self.op)


class LobbySelect(discord.ui.DynamicItem[discord.ui.Select],
                  template=r"gml(?P<kind>[op]):(?P<gid>\d+):(?P<key>[\w*]+)"):
    """A lobby choice: ``o`` an option of the game (host only; ``*`` = every option in
    one menu, values ``option=value``), ``p`` a player's pick (their gang)."""

    def __init__(self, kind: str, game_id: int, key: str, options: list[discord.SelectOption] | None = None,
                 placeholder: str = "") -> None:
        super().__init__(select_menu(f"gml{kind}:{game_id}:{key}"[:CUSTOM_ID], options, placeholder))
        self.kind, self.game_id, self.key = kind, game_id, key

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str]) -> LobbySelect:
        return cls(match["kind"], int(match["gid"]), match["key"])

    @always_answers
    async def callback(self, interaction: discord.Interaction) -> None:
        await lobby_choice(interaction, self.game_id, self.kind, self.key, picked(interaction))


def lobby_view(row: GameRow) -> discord.ui.View | None:
    """Join / Leave / Start, a menu per lobby pick (which are taken shows), and the
    options (host only), all in the game's language."""
    if row.status != "lobby":
        return None
    lang = row.lang
    engine = GAMES[row.game]
    view = discord.ui.View(timeout=None)
    view.add_item(LobbyButton(row.id, "join", t("lobby.join", lang), discord.ButtonStyle.success))
    view.add_item(LobbyButton(row.id, "leave", t("lobby.leave", lang), discord.ButtonStyle.secondary))
    view.add_item(LobbyButton(row.id, "start", t("lobby.start", lang), discord.ButtonStyle.primary))
    if len(row.players) < engine.max_players:
        view.add_item(LobbyButton(row.id, "ai", t("lobby.add_ai", lang), discord.ButtonStyle.secondary))
    if row.ai:
        view.add_item(LobbyButton(row.id, "noai", t("lobby.remove_ai", lang), discord.ButtonStyle.secondary))
    rows_left = ROWS - 2  # the last row: the clock menu
    names = names_for(row)
    for key, values in list(seat_picks(row).items())[:rows_left]:
        taken = {v.get(key): p for p, v in row.picks.items() if p in row.players and v.get(key)}
        options = []
        for value in values[:SELECT_OPTIONS]:
            holder = taken.get(value)
            note = t("lobby.pick_taken", lang, who=names.get(holder, holder)) if holder else None
            options.append(select_option(pick_value_name(row.game, key, value, lang), value, note))
        view.add_item(LobbySelect("p", row.id, key, options, pick_label(row.game, key, lang)))
        rows_left -= 1
    for item in _option_menus(row, engine, rows_left, lang):
        view.add_item(item)
    clock = timing_menu_options(row, lang)
    if clock:  # the table's clocks, the same menu in every game
        view.add_item(LobbySelect("o", row.id, "*clock", clock, t("clock.menu", lang)))
    return view


def _option_menus(row: GameRow, engine: Any, rows_left: int, lang: str) -> list[LobbySelect]:
    """The game's options: a menu each if they fit in ``rows_left``, else one menu of
    every value not chosen (``option=value``)."""
    settable = [o for o in engine.options if o.kind in ("bool", "choice")]
    if not settable or rows_left <= 0:
        return []
    if len(settable) <= rows_left:
        menus = []
        for opt in settable:
            values = [True, False] if opt.kind == "bool" else list(opt.choices)
            current = row.options.get(opt.name, opt.default)
            options = [select_option(option_value_label(row.game, opt.name, v, lang), _value_code(v),
                                     default=v == current) for v in values[:SELECT_OPTIONS]]
            menus.append(LobbySelect("o", row.id, opt.name, options,
                                     t("lobby.option_placeholder", lang, option=option_label(row.game, opt.name, lang))))
        return menus
    options = []
    for opt in settable:
        current = row.options.get(opt.name, opt.default)
        for v in [True, False] if opt.kind == "bool" else list(opt.choices):
            if v != current:
                options.append(select_option(option_value_label(row.game, opt.name, v, lang),
                                             f"{opt.name}={_value_code(v)}"))
    if not options:
        return []
    return [LobbySelect("o", row.id, "*", options[:SELECT_OPTIONS], t("lobby.options_placeholder", lang))]


def option_from_code(game_id: str, name: str, code: str) -> Any:
    """The option value a lobby menu's value stands for (``UserError`` if none)."""
    opt = next((o for o in GAMES[game_id].options if o.name == name), None)
    if opt is None or opt.kind not in ("bool", "choice"):  # another game's option (a forged or old menu)
        raise UserError("err.no_such_option", "This game has no option {option}.", option=name.replace("_", " ")[:50])
    if opt.kind == "bool":
        if code not in ("true", "false"):
            raise UserError("err.bad_value", "That value is not valid.")
        return code == "true"
    if code not in opt.choices:
        raise UserError("err.bad_value", "That value is not valid.")
    return code


# -- the lobby message --------------------------------------------------------------------

async def post_lobby(interaction: discord.Interaction, row: GameRow) -> None:
    """The lobby's message, answering ``/game new`` (or a reset back to a lobby)."""
    await interaction.response.send_message(lobby_text(row), view=lobby_view(row),
                                            allowed_mentions=discord.AllowedMentions.none())
    message = await interaction.original_response()
    await bot_of(interaction).service.note_messages(row.id, lobby_message_id=message.id)


async def refresh_lobby(bot: GameBot, row: GameRow, note: str = "") -> None:
    """The lobby message as the game now is (closed: no buttons left on it)."""
    if not row.lobby_message_id:
        return
    channel = await bot.channel_of(row.channel_id)
    if channel is None:
        return
    text = lobby_text(row) + (f"\n{note}" if note else "")
    try:
        await channel.get_partial_message(row.lobby_message_id).edit(  # type: ignore[union-attr]
            content=clip(text), view=lobby_view(row))
    except discord.HTTPException:
        pass


# -- clicks -----------------------------------------------------------------------------

async def open_lobby(interaction: discord.Interaction, game_id: int) -> GameRow:
    """The open lobby a lobby button or menu belongs to (in this channel); else a refusal
    that says what became of it (started, reset, closed)."""
    service = bot_of(interaction).service
    row = await service.get_game(game_id)
    if row is None or row.channel_id != interaction.channel_id:
        raise UserError("err.lobby_gone", "This lobby is closed.")
    if row.status == "lobby":
        return row
    if row.status == "running":
        raise UserError("err.lobby_started", "This game has started: its lobby is closed.")
    newer = await service.active_game(row.channel_id)
    if newer is not None and newer.id != row.id:  # a reset (or a new game) replaced it
        raise UserError("err.lobby_replaced", "This lobby was replaced by a newer one: use the newest lobby message.")
    raise UserError("err.lobby_gone", "This lobby is closed.")


async def lobby_click(interaction: discord.Interaction, game_id: int, op: str) -> None:
    """Join, Leave or Start; the lobby message shows the result, a start posts the game."""
    bot = bot_of(interaction)
    try:
        row = await open_lobby(interaction, game_id)
        user = str(interaction.user.id)
        if op == "join":
            row = await bot.service.join(row.channel_id, user, interaction.user.display_name)
        elif op == "leave":
            row = await bot.service.leave(row.channel_id, user)
        elif op == "ai":
            row = await bot.service.add_ai(row.channel_id, user, await bot.is_moderator(interaction), game_id=row.id)
        elif op == "noai":
            row = await bot.service.remove_ai(row.channel_id, user, await bot.is_moderator(interaction),
                                              game_id=row.id)
        else:
            row = await bot.service.start(row.channel_id, user, await bot.is_moderator(interaction))
    except UserError as err:
        await refused(interaction, err)
        return
    await interaction.response.edit_message(content=lobby_text(row), view=lobby_view(row),
                                            allowed_mentions=discord.AllowedMentions.none())
    if op == "start":
        await post_start(interaction, row)


async def lobby_choice(interaction: discord.Interaction, game_id: int, kind: str, key: str, value: str) -> None:
    """A lobby menu: a player's pick (``p``) or one of the game's options (``o``, host)."""
    bot = bot_of(interaction)
    try:
        row = await open_lobby(interaction, game_id)
        user = str(interaction.user.id)
        if kind == "p":
            row = await bot.service.pick(row.channel_id, user, key, value)
        else:
            clock = key == "*clock"
            if key in ("*", "*clock"):
                key, _, value = value.partition("=")
            option = timing_value(key, value) if clock else option_from_code(row.game, key, value)
            row = await bot.service.set_options(row.channel_id, user, await bot.is_moderator(interaction),
                                                {key: option}, game_id=row.id)
    except UserError as err:
        await refused(interaction, err)
        return
    await interaction.response.edit_message(content=lobby_text(row), view=lobby_view(row),
                                            allowed_mentions=discord.AllowedMentions.none())


async def close_idle_lobbies(bot: GameBot) -> list[GameRow]:
    """One tick of the hourly task: close the lobbies idle past their server's limit
    and say so on their messages (buttons removed)."""
    closed = await bot.service.close_idle_lobbies()
    for row in closed:
        log.info("closed idle lobby %s#%s in channel %s", row.game, row.id, row.channel_id)
        if not row.lobby_message_id:
            continue
        days = (await bot.service.settings(row.guild_id)).lobby_idle_days
        channel = await bot.channel_of(row.channel_id)
        if channel is None:
            continue
        text = clip(lobby_text(row) + "\n" + t("lobby.idle_closed", row.lang, days=days))
        try:
            await channel.get_partial_message(row.lobby_message_id).edit(content=text, view=None)
        except (discord.HTTPException, AttributeError):
            log.debug("could not edit idle lobby message %s", row.lobby_message_id)
    return closed
