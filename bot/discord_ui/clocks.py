"""Asynchronous play in Discord: deadlines as Discord timestamps, reminders (in the channel
with a mention, or by direct message), what the scheduler fired, ``/game settings notify``
and ``/game settings vacation``, and the clock lines of ``/game status`` and ``/game log``.

Deadlines are written ``<t:…:R>``: each member's client shows them in their own time
zone and language ("in 5 hours", "dans 5 heures").
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from bot import timing
from bot.discord_ui.cogs.groups import SETTINGS
from bot.discord_ui.limits import SELECT_OPTIONS, select_option
from bot.discord_ui.members import names_for
from bot.discord_ui.protocols import GameBot
from bot.i18n import lang_of, t
from bot.service import GameRow, Note, SeatClock, UserError

NOTIFY_CHOICES = [app_commands.Choice(name=_("In the channel"), value="channel"),
                  app_commands.Choice(name=_("By direct message"), value="dm"),
                  app_commands.Choice(name=_("Off"), value="off")]


def relative(ts: float) -> str:
    return f"<t:{int(ts)}:R>"


def moment(ts: float) -> str:
    return f"<t:{int(ts)}:f>"


# -- the lobby ----------------------------------------------------------------------------

def timing_label(option: str, value: str, lang: str) -> str:
    return t(f"timing.{option}.{value}", lang)


def clock_summary(row: GameRow, lang: str) -> str:
    """The table's clock in one line, as players say it (none for games from before)."""
    if not row.timing:
        return ""
    table = timing.validate(row.timing)
    timeout = timing_label("on_timeout", table["on_timeout"], lang)
    if table["on_timeout"] == "skip":
        timeout += " · " + timing_label("missed_turns", table["missed_turns"], lang)
    turn = timing_label("turn_time", table["turn_time"], lang)
    if table["reply_time"] != timing.DEFAULT_REPLY_TIME:
        turn += " · " + timing_label("reply_time", table["reply_time"], lang)
    return t("clock.lobby", lang, turn=turn, reminders=timing_label("reminders", table["reminders"], lang),
             timeout=timeout, vacations=timing_label("vacations", table["vacations"], lang))


def timing_menu_options(row: GameRow, lang: str) -> list[discord.SelectOption]:
    """The clock menu's entries: every value of every clock option but the current ones,
    each as ``option=value``."""
    table = timing.validate(row.timing or {})
    out = []
    for option in timing.OPTIONS:
        for value in option.choices:
            if value != table[option.name]:
                out.append(select_option(timing_label(option.name, value, lang), f"{option.name}={value}"))
    return out[:SELECT_OPTIONS]


def timing_value(name: str, code: str) -> str:
    """A clock option's value from a menu (``UserError`` if it is none of the choices)."""
    option = timing.BY_NAME.get(name)
    if option is None or code not in option.choices:
        raise UserError("err.bad_timing", "That clock setting is not one of the choices.")
    return code


# -- turns and reminders ----------------------------------------------------------------------

def deadline_line(deadline: float | None, lang: str) -> str:
    return t("clock.deadline", lang, when=relative(deadline)) if deadline else ""


# -- what members read ---------------------------------------------------------------------------

def status_lines(row: GameRow, clocks: list[SeatClock], lang: str) -> list[str]:
    names = names_for(row)
    limit = timing.missed_limit(timing.validate(row.timing)) if row.timing else 3
    lines = []
    for line in clocks:
        who = names.get(line.seat, line.seat)
        if line.deadline is not None and line.paused and line.away_until:
            lines.append(t("status.clock_paused", lang, who=who, until=moment(line.away_until),
                           when=relative(line.deadline)))
        elif line.deadline is not None:
            key = "status.clock_reply" if line.off_turn else "status.clock"
            lines.append(t(key, lang, who=who, when=relative(line.deadline)))
        elif line.away_until:
            lines.append(t("status.away", lang, who=who, until=moment(line.away_until)))
        if line.missed:
            lines.append(t("status.missed", lang, who=who, n=line.missed, limit=limit))
    return lines


def note_line(row: GameRow, note: Note, lang: str) -> str:
    names = names_for(row)
    if note.kind == "reminder":
        return t("log.reminder", lang, who=names.get(note.seat or "", note.seat or "?"))
    if note.kind == "undo":
        return t("log.undo", lang, who=names.get(note.seat or "", note.seat or "?"))
    if note.kind == "rollback":
        return t("log.rollback", lang, n=note.data.get("steps", "?"))
    return ""


class ClockCommands:
    """``/game settings notify`` and ``/game settings vacation`` (a mixin of the ``/game`` cog)."""

    bot: GameBot

    @SETTINGS.command(name=_("notify"), description=_("Where your turn reminders reach you"))
    @app_commands.describe(mode=_("In the game's channel, by direct message, or off"))
    @app_commands.choices(mode=NOTIFY_CHOICES)
    async def notify(self, interaction: discord.Interaction, mode: str) -> None:
        await self.bot.service.set_notify(interaction.guild_id, str(interaction.user.id), mode,
                                          lang_of(interaction.locale))
        await interaction.response.send_message(t(f"notify.{mode}", lang_of(interaction.locale)), ephemeral=True)

    @SETTINGS.command(name=_("vacation"), description=_("Pause your clocks while you are away (0 ends your vacation)"))
    @app_commands.describe(days=_("How many days (1–14; 0 to come back)"))
    async def vacation(self, interaction: discord.Interaction,
                       days: app_commands.Range[int, 0, timing.MAX_VACATION_DAYS]) -> None:
        away = await self.bot.service.vacation(interaction.guild_id, str(interaction.user.id), days)
        lang = lang_of(interaction.locale)
        left = f"{away.days_left:g}"
        if away.until is None:
            text = t("vacation.ended", lang, games=away.games, left=left)
        else:
            text = t("vacation.set", lang, until=moment(away.until), games=away.games, left=left)
        await interaction.response.send_message(text, ephemeral=True)
