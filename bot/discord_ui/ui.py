"""Messages, buttons and menus: how a game's state reaches a channel.

Buttons are ``DynamicItem``s: their custom id carries the game row id, the version of the
game they were drawn for, and the action. They need no in-memory view, so they keep
working after a restart, and a click on an old message (or a double click) is refused
by the version check instead of being played twice.

Two languages meet here. Everything the channel reads (narration, prompts, the lobby,
button labels, the board picture, the final scores) is in the game's language,
``row.lang``; everything only one member sees (refusals, hand, status, log, help) is in
that member's own ``interaction.locale``.

Pings: narration names players by their display names. A player is mentioned, once, in
the message where a decision becomes theirs (their turn starts, a choice is asked of
them), and ``allowed_mentions`` lets exactly those players through.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections.abc import Iterable
from typing import Any

import discord

import renderers
from bot.discord_ui.protocols import GameBot
from bot.games import presenter
from bot.i18n import t
from bot.rules import GAMES
from bot.rules.names import name
from bot.service import GameRow, Played, UserError

log = logging.getLogger("gamemaster.ui")

# Discord's limits (a longer text makes the whole message a 400 Invalid Form Body).
CONTENT = 2000
BUTTON_LABEL = 80
OPTION_TEXT = 100  # a select option's label, value and description
CHOICE_NAME = 100  # an autocomplete or command choice's name
PLACEHOLDER = 150
CUSTOM_ID = 100
SELECT_OPTIONS = 25
ROWS = 5

MAX_BUTTONS = 20  # beyond this, choices go into select menus (25 options each)
MAX_GROUP_BUTTONS = 5  # beyond this, the groups of a two-step choice go into one select


def bot_of(interaction: discord.Interaction) -> GameBot:
    return interaction.client  # type: ignore[return-value]


def clip(text: str, limit: int = CONTENT) -> str:
    """``text`` cut to ``limit`` characters (an ellipsis marks the cut)."""
    text = str(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def clip_lines(lines: list[str], limit: int = CONTENT) -> str:
    """The last lines that fit in ``limit`` (the newest matter most); a line that is
    alone too long is cut."""
    out: list[str] = []
    size = 0
    for line in reversed(lines):
        if size + len(line) + 1 > limit:
            if not out:
                out.append(clip(line, limit))
            break
        out.append(line)
        size += len(line) + 1
    return "\n".join(reversed(out))


def names_for(row: GameRow) -> dict[str, str]:
    """Display names (kicked players keep theirs), for narration and pictures."""
    return dict(row.names)


def mentions_for(row: GameRow) -> dict[str, str]:
    """``<@id>`` for the lobby list: shown as names, pinging nobody (``AllowedMentions.none``)."""
    return {seat: f"<@{seat}>" for seat in {*row.players, *row.names}}


def ping(seats: Iterable[str]) -> discord.AllowedMentions:
    """Let exactly these members be notified (nobody else, no roles, no @everyone)."""
    users = [discord.Object(int(s)) for s in seats if str(s).isdigit()]
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False, users=users)


def is_moderator(interaction: discord.Interaction, mod_role: int | None) -> bool:
    perms = interaction.permissions
    if perms.manage_channels or perms.administrator:
        return True
    roles = getattr(interaction.user, "roles", [])
    return mod_role is not None and any(r.id == mod_role for r in roles)


def refusal_text(err: UserError | str, locale: Any, game_id: str | None = None) -> str:
    """A refusal in the member's language: the catalog text filled once with the error's
    parameters (player text inside them is never read as a template; the names of the
    game's pieces in the member's language), else the error's own English text; cut to
    Discord's limit."""
    if isinstance(err, UserError):
        params = err.params
        if game_id is not None and params:
            try:
                params = presenter(game_id).localize_params(params, locale)
            except Exception:  # a refusal must always get through
                log.exception("could not localize %s", err.key)
        if isinstance(params.get("detail_key"), str):  # a malformed move says what, in the same language
            params = {**params, "detail": t(params["detail_key"], locale, **params)}
        text = t(err.key, locale, **params)
        if text == err.key:
            text = str(err)
    else:
        text = err
    return clip("⛔ " + text)


async def refuse(interaction: discord.Interaction, err: UserError | str, game_id: str | None = None) -> None:
    """Errors go to the one who erred, ephemerally, in their own language."""
    if game_id is None and isinstance(err, UserError) and err.params and interaction.channel_id:
        try:  # the channel's game names its pieces in the member's language
            row = await bot_of(interaction).service.latest_game(interaction.channel_id)
            game_id = row.game if row else None
        except Exception:
            game_id = None
    text = refusal_text(err, interaction.locale, game_id)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())
    else:
        await interaction.response.send_message(text, ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())


# -- pictures --------------------------------------------------------------------------

async def board_file(row: GameRow, zoom: str | None = None) -> discord.File:
    """The board as a PNG attachment, in the game's language, drawn off the event loop."""
    engine = GAMES[row.game]
    assert row.state is not None
    view = engine.view(row.state, None)
    view["labels"] = names_for(row)
    view["lang"] = row.lang
    if zoom:
        view["zoom"] = zoom
    png = await asyncio.to_thread(renderers.render, view)
    suffix = f"-{zoom}" if zoom else ""
    return discord.File(io.BytesIO(png), filename=f"{row.game}-turn-{view.get('turn', 0)}{suffix}.png")


def zoom_regions(game_id: str) -> list[str]:
    return list(renderers.zoom_regions(game_id))


def region_name(game_id: str, region: str, lang: str) -> str:
    return name(game_id, "region", region, lang)


# -- lobby -----------------------------------------------------------------------------

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
    key = {"lobby": "lobby.open", "running": "lobby.started", "ended": "lobby.closed", "finished": "lobby.closed"}
    return clip(t(key.get(row.status, "lobby.open"), lang, game=presenter(row.game).name(lang),
                  host=names.get(row.host_id, row.host_id), players=", ".join(players) or "—", n=len(row.players),
                  min=engine.min_players, max=engine.max_players, options=opts))


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=r"gml:(?P<gid>\d+):(?P<op>join|leave|start)"):
    def __init__(self, game_id: int, op: str, label: str = "", style: discord.ButtonStyle = discord.ButtonStyle.primary) -> None:
        super().__init__(discord.ui.Button(label=clip(label or op, BUTTON_LABEL), style=style,
                                           custom_id=f"gml:{game_id}:{op}"))
        self.game_id = game_id
        self.op = op

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> LobbyButton:
        return cls(int(match["gid"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).lobby_click(interaction, self.game_id, self.op)


class LobbySelect(discord.ui.DynamicItem[discord.ui.Select],
                  template=r"gml(?P<kind>[op]):(?P<gid>\d+):(?P<key>[\w*]+)"):
    """A lobby choice: ``o`` an option of the game (host only; ``*`` = every option in
    one menu, values ``option=value``), ``p`` a player's pick (their gang)."""

    def __init__(self, kind: str, game_id: int, key: str, options: list[discord.SelectOption] | None = None,
                 placeholder: str = "") -> None:
        super().__init__(discord.ui.Select(custom_id=f"gml{kind}:{game_id}:{key}"[:CUSTOM_ID],
                                           options=options or [discord.SelectOption(label="-")],
                                           placeholder=clip(placeholder, PLACEHOLDER) or None))
        self.kind, self.game_id, self.key = kind, game_id, key

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str]) -> LobbySelect:
        return cls(match["kind"], int(match["gid"]), match["key"])

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []
        await bot_of(interaction).lobby_choice(interaction, self.game_id, self.kind, self.key,
                                               str(values[0]) if values else "")


def select_option(label: str, value: str, description: str | None = None, default: bool = False) -> discord.SelectOption:
    return discord.SelectOption(label=clip(label, OPTION_TEXT), value=value[:OPTION_TEXT],
                                description=clip(description, OPTION_TEXT) if description else None,
                                default=default)


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
    rows_left = ROWS - 1
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
    settable = [o for o in engine.options if o.kind in ("bool", "choice")]
    if not settable or rows_left <= 0:
        return view
    if len(settable) <= rows_left:
        for opt in settable:
            values = [True, False] if opt.kind == "bool" else list(opt.choices)
            current = row.options.get(opt.name, opt.default)
            options = [select_option(option_value_label(row.game, opt.name, v, lang), _value_code(v),
                                     default=v == current) for v in values[:SELECT_OPTIONS]]
            view.add_item(LobbySelect("o", row.id, opt.name, options,
                                      t("lobby.option_placeholder", lang, option=option_label(row.game, opt.name, lang))))
        return view
    options = []
    for opt in settable:
        current = row.options.get(opt.name, opt.default)
        for v in [True, False] if opt.kind == "bool" else list(opt.choices):
            if v != current:
                options.append(select_option(option_value_label(row.game, opt.name, v, lang),
                                             f"{opt.name}={_value_code(v)}"))
    if options:
        view.add_item(LobbySelect("o", row.id, "*", options[:SELECT_OPTIONS], t("lobby.options_placeholder", lang)))
    return view


def option_from_code(game_id: str, name: str, code: str) -> Any:
    """The option value a lobby menu's value stands for (``UserError`` if none)."""
    opt = next((o for o in GAMES[game_id].options if o.name == name), None)
    if opt is None:
        raise UserError("err.bad_value", "That value is not valid.")
    if opt.kind == "bool":
        if code not in ("true", "false"):
            raise UserError("err.bad_value", "That value is not valid.")
        return code == "true"
    if code not in opt.choices:
        raise UserError("err.bad_value", "That value is not valid.")
    return code


# -- moves -----------------------------------------------------------------------------

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

    async def callback(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).action_click(interaction, self.game_id, self.version, self.code)


class ActionSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"gms:(?P<gid>\d+):(?P<ver>\d+):(?P<n>\d+)"):
    def __init__(self, game_id: int, version: int, n: int,
                 options: list[discord.SelectOption] | None = None, placeholder: str = "") -> None:
        super().__init__(discord.ui.Select(custom_id=f"gms:{game_id}:{version}:{n}",
                                           options=options or [discord.SelectOption(label="-")],
                                           placeholder=clip(placeholder, PLACEHOLDER) or None))
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

    async def callback(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).group_click(interaction, self.game_id, self.version, self.group)


class GroupSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"gmgs:(?P<gid>\d+):(?P<ver>\d+)"):
    """The groups of a two-step choice as one menu, when there are too many for buttons."""

    def __init__(self, game_id: int, version: int, options: list[discord.SelectOption] | None = None,
                 placeholder: str = "") -> None:
        super().__init__(discord.ui.Select(custom_id=f"gmgs:{game_id}:{version}",
                                           options=options or [discord.SelectOption(label="-")],
                                           placeholder=clip(placeholder, PLACEHOLDER) or None))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str]) -> GroupSelect:
        return cls(int(match["gid"]), int(match["ver"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []
        await bot_of(interaction).group_click(interaction, self.game_id, self.version,
                                              str(values[0]) if values else "\0")


def _groups(row: GameRow, seat: str, actions: list[dict[str, Any]], lang: str) -> list[tuple[str, str, list[Any]]] | None:
    if row.state is None:
        return None
    found = presenter(row.game).groups(GAMES[row.game].view(row.state, None), seat, actions, lang)
    return [g for g in found if g[2]] if found else None


def _add_actions(view: discord.ui.View, row: GameRow, version: int, actions: list[dict[str, Any]],
                 lang: str, rows: int) -> None:
    """Buttons for a few actions; select menus (25 a menu, ``rows`` menus at most) for many."""
    pres = presenter(row.game)
    assert row.state is not None
    public = GAMES[row.game].view(row.state, None)
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


def action_view(row: GameRow, group: str | None = None, version: int | None = None) -> discord.ui.View | None:
    """The current decision's choices, in the game's language. With a presenter that
    groups them (a card, then its lines), the groups first; ``group`` shows one group's
    actions and a Back button. ``version``: the version the choices are checked against
    (a group opened on an older prompt keeps that prompt's version)."""
    if row.status != "running" or row.state is None:
        return None
    engine = GAMES[row.game]
    pres = presenter(row.game)
    seats = engine.to_act(row.state)
    if not seats:
        return None
    lang = row.lang
    version = row.version if version is None else version
    actions = pres.buttons(engine.view(row.state, None), seats[0], engine.legal_actions(row.state, seats[0]))
    if not actions:
        return None
    view = discord.ui.View(timeout=None)
    groups = _groups(row, seats[0], actions, lang)
    if not groups:
        _add_actions(view, row, version, actions, lang, ROWS)
        return view
    if group is not None:
        chosen = next((g for g in groups if g[0] == group), None)
        if chosen is None:
            return None
        _add_actions(view, row, version, chosen[2], lang, ROWS - 1)
        view.add_item(GroupItem(row.id, version, "", t("ui.back", lang), discord.ButtonStyle.secondary))
        return view
    grouped = {id(a) for g in groups for a in g[2]}
    loose = [a for a in actions if id(a) not in grouped]  # offered beside the groups (end the turn…)
    usable = [g for g in groups if len(f"gmg:{row.id}:{version}:{g[0]}") <= CUSTOM_ID]
    if len(usable) <= MAX_GROUP_BUTTONS:
        for gid, label, _acts in usable:
            view.add_item(GroupItem(row.id, version, gid, label))
    else:
        options = [select_option(label, gid) for gid, label, _acts in usable[:SELECT_OPTIONS]]
        view.add_item(GroupSelect(row.id, version, options, t("ui.choose_group", lang)))
    if loose:
        _add_actions(view, row, version, loose, lang, ROWS - 1)
    return view


def deciders(engine: Any, before: dict[str, Any] | None, after: dict[str, Any]) -> list[str]:
    """The seats a decision has just become theirs: to act now and not before."""
    now = engine.to_act(after) if engine.outcome(after) is None else []
    was = set(engine.to_act(before)) if before is not None and engine.outcome(before) is None else set()
    return [s for s in now if s not in was]


def quiet_only(engine: Any, row: GameRow, pending: list[Any], played: Played | None) -> bool:
    """Whether all there is to tell is anytime actions of seats not to act (nothing that
    changes anyone's choices)."""
    anytime = engine.anytime_actions
    if not anytime or row.state is None:
        return False
    to_act = set(engine.to_act(row.state))
    moves = [(e.seat, e.action) for e in pending] or ([(played.seat, played.action)] if played else [])
    return bool(moves) and all(a.get("type") in anytime and s not in to_act for s, a in moves)


def move_text(row: GameRow, narration: list[str], pinged: Iterable[str] = (),
              extra: list[str] | None = None) -> str:
    """Narration of what happened, then who must act and what they may choose, in the
    game's language. ``pinged`` seats are written as mentions, the rest by name."""
    engine = GAMES[row.game]
    pres = presenter(row.game)
    names = names_for(row)
    pinged = set(pinged)
    lines = list(extra or []) + list(narration)
    assert row.state is not None
    tail = []
    if engine.outcome(row.state) is None and row.status == "running":
        for seat in engine.to_act(row.state)[:1]:
            who = f"<@{seat}>" if seat in pinged else names.get(seat, seat)
            tail.append(t("ui.to_play", row.lang, who=who))
        prompt = pres.prompt(engine.view(row.state, None), names, row.lang)
        if prompt:
            tail.append(prompt)
    body = clip_lines(lines, CONTENT - sum(len(x) + 1 for x in tail) - 1) if lines else ""
    return clip("\n".join(x for x in [body, *tail] if x))


async def post_turn(channel: discord.abc.Messageable | None, interaction: discord.Interaction | None,
                    row: GameRow, played: Played | None = None, extra: list[str] | None = None,
                    with_board: bool | None = None, *, bot: GameBot | None = None,
                    before: dict[str, Any] | None = None) -> discord.Message | None:
    """Post what the channel has not seen yet (every committed move not announced, so a
    move whose message failed is told with the next one), the board when a turn ended,
    and the next choices; strip the buttons off the previous prompt so only one set of
    live choices is on screen. Marks the game announced up to ``row.version``.

    ``before``: the state the decisions are compared with for pings (default: the
    played move's; none at the start of a game, so whoever acts first is pinged)."""
    bot = bot or (bot_of(interaction) if interaction else None)
    assert bot is not None
    engine = GAMES[row.game]
    pres = presenter(row.game)
    assert row.state is not None
    async with bot.post_lock(row.channel_id):
        fresh = await bot.service.get_game(row.id) or row
        pending = [a for a in await bot.service.unannounced(fresh)
                   if a.version is None or a.version <= row.version]
        narration: list[str] = []
        for entry in pending:
            narration += pres.narrate(entry.events, names_for(row), row.lang)
        if played is not None and not pending and fresh.announced_version < row.version:
            narration += pres.narrate(played.events, names_for(row), row.lang)  # a store without versions
        if before is None and played is not None:
            before = played.before  # else a start or a catch-up: whoever must act has not been told
        if quiet_only(engine, row, pending, played):
            # Another seat's anytime action (a defence order): told in a line; the live
            # choices stay where they are (their buttons still work, see GameService.act).
            text = clip_lines(list(extra or []) + narration) or t("ui.done", row.lang)
            kwargs: dict[str, Any] = {"content": text, "allowed_mentions": discord.AllowedMentions.none()}
            try:
                if interaction is not None:
                    await interaction.followup.send(wait=True, **kwargs)
                else:
                    assert channel is not None
                    await channel.send(**kwargs)
            except discord.HTTPException as err:
                log.warning("could not post game %s v%s to channel %s (%s)", row.id, row.version,
                            row.channel_id, err)
                return None
            await bot.service.mark_announced(row.id, row.version)
            return None
        pinged = deciders(engine, before, row.state)
        if with_board is None:
            with_board = (played is None or played.new_turn or played.finished or len(pending) > 1
                          or engine.outcome(row.state) is not None)
        kwargs = {"content": move_text(row, narration, pinged, extra)}
        if with_board:
            kwargs["file"] = await board_file(row)
        view = action_view(row)
        if view is not None:
            kwargs["view"] = view
        kwargs["allowed_mentions"] = ping(pinged)
        try:
            if interaction is not None:
                message = await interaction.followup.send(wait=True, **kwargs)
            else:
                assert channel is not None
                message = await channel.send(**kwargs)
        except discord.HTTPException as err:
            log.warning("could not post game %s v%s to channel %s (%s); it will be posted with the next "
                        "interaction there", row.id, row.version, row.channel_id, err)
            return None
        await bot.service.mark_announced(row.id, row.version)
        old = fresh.prompt_message_id
        await bot.service.note_messages(row.id, prompt_message_id=message.id if view else None)
    if old and old != message.id:
        await bot.strip_buttons(row.channel_id, old)
    return message


def opening_lines(row: GameRow, lang: str) -> list[str]:
    """What setup did in public (who rolled what to start…), narrated."""
    if row.state is None:
        return []
    return presenter(row.game).narrate(GAMES[row.game].opening_events(row.state), names_for(row), lang)


async def play_move(interaction: discord.Interaction, game_id: str, action: dict[str, Any]) -> None:
    """A move typed as a slash command: checked and committed before anything is shown
    (a refusal stays private), then narrated and drawn for the channel."""
    bot = bot_of(interaction)
    row = await bot.service.game(interaction.channel_id)
    if row.game != game_id:
        raise UserError("err.wrong_game", "This channel is playing {game}, not this game.",
                        game=presenter(row.game).name(interaction.locale))
    played = await bot.service.act(interaction.channel_id, str(interaction.user.id), action)
    await interaction.response.defer(thinking=True)
    await post_turn(None, interaction, played.row, played)
