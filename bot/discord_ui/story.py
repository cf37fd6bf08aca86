"""The story of a game in the channel: its chart of who led when and its animated replay.

Posted by itself when a game ends (after the final board and scores), and on demand with
``/game replay`` and ``/game chart``, for the channel's game, running or over (or its last
one). Everything is drawn from public views (:mod:`bot.story`), so anyone may ask. Drawing
runs in a worker thread; a message in the game's language says how far it is ("drawing 212
turns… 40/213"), edited every couple of seconds, then becomes the post with the files. One
drawing per channel at a time: a second request meanwhile is told so, privately.

A story owed when a game ends is not lost to a database that cannot be reached at that
moment (issue 29): its log is read again, a little later each time (``RETRY_FIRST`` seconds,
doubling up to ``RETRY_MAX``), until the database answers (for ``RETRY_FOR`` seconds at most,
or until the bot stops). The debt is durable: a finished game without ``story_posted`` owes
its story (the game's end, written with its last move, is the note), and a bot that starts
posts the stories owed (:func:`post_owed_stories`). Never twice: the story's first message
is noted once sent, and a later try edits that message instead of posting another.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from bot.discord_ui.members import names_for
from bot.discord_ui.pictures import attachment
from bot.discord_ui.protocols import GameBot, bot_of
from bot.games import presenter
from bot.games.base import fit_alt
from bot.i18n import fmt_num, t, tn
from bot.service import GameRow, StorySource, UserError
from bot.story import MAX_BYTES, Story, build_story

log = logging.getLogger(__name__)

EDIT_EVERY = 2.0  # seconds between two edits of the progress message (Discord's rate limits)
RETRY_FIRST, RETRY_MAX, RETRY_FOR = 2.0, 60.0, 6 * 3600.0  # a story owed, its log unreadable: tries again
_drawing: set[int] = set()  # channels whose story is being drawn in this process


def upload_limit(guild: discord.Guild | None) -> int:
    """The most a file may weigh in this channel (8 MB below any server's limit)."""
    limit = getattr(guild, "filesize_limit", None) or MAX_BYTES
    return min(MAX_BYTES, int(limit))


async def draw(source: StorySource, max_bytes: int, message: discord.Message | None) -> Story:
    """The story drawn in a worker thread; ``message`` (the progress line) edited as it goes."""
    row = source.row
    loop = asyncio.get_running_loop()
    seen: dict[str, Any] = {"done": 0, "total": 0}

    def progress(done: int, total: int) -> None:  # in the worker: only hands the figures over
        seen["done"], seen["total"] = done, total

    work = loop.run_in_executor(None, lambda: build_story(
        row.game, source.seats, row.options, row.seed, source.log, source.picks or None, names=names_for(row),
        lang=row.lang, progress=progress, max_bytes=max_bytes))
    shown = 0
    while not work.done():
        await asyncio.wait([work], timeout=EDIT_EVERY)
        if message is not None and not work.done() and seen["done"] != shown and seen["total"]:
            shown = seen["done"]
            text = t("story.drawing", row.lang, n=seen["total"] - 1, done=shown, total=seen["total"])
            try:
                await message.edit(content=text)
            except discord.HTTPException:
                message = None  # the line is gone: draw on without it
    try:
        return await work
    except ValueError as err:  # even one board is over the limit
        raise UserError("err.story_too_big", "This game's replay is too big for a file this server accepts.") \
            from err


def files_of(story: Story, what: str, row: GameRow) -> list[discord.File]:
    out = []
    if what in ("chart", "both"):
        out.append(attachment(story.chart_png, story.replay_name.replace("replay.gif", "chart.png"),
                              story_alt(story, "chart", row)))
    if what in ("replay", "both"):
        out.append(attachment(story.replay, story.replay_name, story_alt(story, "replay", row)))
    return out


def story_alt(story: Story, what: str, row: GameRow) -> str:
    """The chart's or the replay's alt text, in the game's language: what it shows, then
    everyone's standing at the end (the chart's last points: public)."""
    pres, lang = presenter(row.game), row.lang
    label = story.standing or t(pres.standing_key, lang)
    if what == "chart":
        head = t("alt.chart", lang, game=pres.name(lang), what=label, n=len(story.turns) - 1,
                 leads=len(story.lead_changes))
    else:
        head = t("alt.replay", lang, game=pres.name(lang), frames=story.frames)
    names = names_for(row)
    last = {s: v[-1] for s, v in story.series.items() if v}
    table = " · ".join(f"{names.get(s, s)} {fmt_num(v, lang)}" for s, v in sorted(last.items(), key=lambda kv: -kv[1]))
    return fit_alt([head, t("alt.final", lang, what=label, table=table) if table else ""], [head])


def caption(row: GameRow, story: Story, what: str) -> str:
    game = presenter(row.game).name(row.lang)
    if what == "chart":
        return tn("story.chart_caption", len(story.lead_changes), row.lang, game=game, n=len(story.turns) - 1,
                  leads=len(story.lead_changes))
    if what == "replay":
        return t("story.replay_caption", row.lang, game=game, frames=story.frames)
    return tn("story.both_caption", len(story.lead_changes), row.lang, game=game, frames=story.frames,
              leads=len(story.lead_changes))


async def post_story(bot: GameBot, channel: Any, row: GameRow) -> None:
    """At a game's end: its chart and replay in the channel, after the final board. Best
    effort (a failure is logged: ``/game replay`` draws it again)."""
    if channel is None or row.channel_id in _drawing:
        return
    _drawing.add(row.channel_id)
    try:
        source = await _source_once_reachable(bot, row)
        if source.row.id != row.id or source.row.story_posted is not None:
            return  # a new game started meanwhile, or the story was posted already
        message = await _story_message(bot, channel, source.row)
        story = await draw(source, upload_limit(getattr(channel, "guild", None)), message)
        await message.edit(content=caption(row, story, "both"), attachments=files_of(story, "both", row))
        await bot.service.note_messages(row.id, story_posted=time.time())
    except Exception:
        if not bot.is_closed():
            log.exception("could not post the story of game %s in channel %s", row.id, row.channel_id)
    finally:
        _drawing.discard(row.channel_id)


async def _story_message(bot: GameBot, channel: Any, row: GameRow) -> discord.Message:
    """The story's message: the one a former try posted (noted in the game's row), else a
    new "drawing…" line, noted at once, so that no later try posts the story twice."""
    text = t("story.drawing_start", row.lang)
    if row.story_message_id is not None:
        try:
            message = await channel.fetch_message(row.story_message_id)
            await message.edit(content=text, attachments=[])
            return message
        except discord.NotFound:
            pass  # removed meanwhile: posted again
    await bot.pacer.slot(row.channel_id)
    message = await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
    await bot.service.note_messages(row.id, story_message_id=message.id)
    return message


async def post_owed_stories(bot: GameBot) -> None:
    """Once the bot is ready: the stories owed by games that ended while the database was
    away or the bot stopped before posting them, one after the other, in the channels this
    process serves (another shard's are its own). The database away now: tried again as
    :func:`_source_once_reachable` does; past ``RETRY_FOR``, at the next start."""
    wait, waited = RETRY_FIRST, 0.0
    while True:
        try:
            rows = await bot.service.owed_stories()
            break
        except UserError as err:
            if err.key != "err.store_unavailable" or waited >= RETRY_FOR or bot.is_closed():
                return
        await asyncio.sleep(wait)
        waited += wait
        wait = min(2 * wait, RETRY_MAX)
    for row in rows:
        channel = bot.get_channel(row.channel_id)
        if channel is None or bot.is_closed():
            continue
        await post_story(bot, channel, row)


async def _source_once_reachable(bot: GameBot, row: GameRow) -> StorySource:
    """The finished game's story source, read again while its database cannot be reached
    (see the module); any other refusal, or the last try's, is raised."""
    wait, waited = RETRY_FIRST, 0.0
    while True:
        try:
            return await bot.service.story_source(row.channel_id)
        except UserError as err:
            if err.key != "err.store_unavailable" or waited >= RETRY_FOR or bot.is_closed():
                raise
        log.warning("the story of game %s in channel %s waits for the database: tried again in %.0f s",
                    row.id, row.channel_id, wait)
        await asyncio.sleep(wait)
        waited += wait
        wait = min(2 * wait, RETRY_MAX)


class StoryCommands:
    """``/game replay`` and ``/game chart`` (a mixin of the ``/game`` cog)."""

    bot: GameBot

    @app_commands.command(name=_("replay"), description=_("This game's board turn by turn, animated"))
    async def replay(self, interaction: discord.Interaction) -> None:
        await tell(interaction, "replay")

    @app_commands.command(name=_("chart"), description=_("Who led when: each player's standing turn by turn"))
    async def chart(self, interaction: discord.Interaction) -> None:
        await tell(interaction, "chart")


async def tell(interaction: discord.Interaction, what: str) -> None:
    """Draw and post the channel's game's chart or replay (public: it shows nothing secret)."""
    bot = bot_of(interaction)
    channel_id = interaction.channel_id
    assert channel_id is not None
    source = await bot.service.story_source(channel_id)  # refusals before anything is posted
    if channel_id in _drawing:
        raise UserError("err.story_busy", "This game's story is being drawn already: it will be posted here.")
    row = source.row
    _drawing.add(channel_id)
    try:
        await interaction.response.send_message(t("story.drawing_start", row.lang),
                                                allowed_mentions=discord.AllowedMentions.none())
        message = await interaction.original_response()
        try:
            story = await draw(source, upload_limit(interaction.guild), message)
        except BaseException:
            await message.delete()  # the refusal comes privately; no "drawing…" left behind
            raise
        await message.edit(content=caption(row, story, what), attachments=files_of(story, what, row))
    finally:
        _drawing.discard(channel_id)
