"""How a game reaches its channel: the one path that posts a turn.

:func:`post_turn` posts what the channel has not seen (every committed move not announced,
the board when a turn ended, the next choices), for a click, a slash command, a start, a
moderator's skip or kick, or a catch-up after Discord failed — and for a scheduler that
has no interaction at all (``channel`` and ``bot`` instead). Its buttons are drawn by the
bot's ``live_choices`` (:func:`bot.discord_ui.buttons.action_view`, wired by the app: the
buttons import this module to post the move a click played, so this one cannot import them).

Two languages meet here. Everything the channel reads (narration, prompts, the lobby,
button labels, the board picture, the final scores) is in the game's language,
``row.lang``; everything only one member sees (refusals, hand, status, log, help) is in
that member's own ``interaction.locale``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import discord

from bot.discord_ui.clocks import deadline_line, relative
from bot.discord_ui.limits import CONTENT, clip, clip_lines
from bot.discord_ui.members import names_for, ping
from bot.discord_ui.pictures import start_board_file
from bot.discord_ui.protocols import GameBot, bot_of
from bot.discord_ui.since import marked, missing, person, recall, saw, since_for
from bot.games import presenter
from bot.games.base import Presenter
from bot.i18n import fmt_num, t, text_of
from bot.rules import GAMES
from bot.rules.base import SYSTEM
from bot.rules.reveals import reveals
from bot.service import GameRow, Handed, Played, Reminder, UserError

log = logging.getLogger("gamemaster.ui")


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


def undoable(row: GameRow, played: Played | None) -> bool:
    """Whether the prompt after ``played`` offers Undo: the move was the player's own, their
    turn goes on, and nothing random or hidden came of it (:mod:`bot.rules.reveals`)."""
    if played is None or played.seat == SYSTEM or played.new_turn or played.finished or row.state is None:
        return False
    engine = GAMES[row.game]
    return engine.to_act(row.state)[:1] == [played.seat] and not reveals(played.before, row.state, played.events)


def move_text(row: GameRow, narration: list[str], pinged: Iterable[str] = (),
              extra: list[str] | None = None, public: dict[str, Any] | None = None,
              deadline: float | None = None, ai: bool = False, head: list[str] | None = None,
              since: list[str] | None = None) -> str:
    """Narration of what happened, then who must act (and by when: ``deadline``) and what
    they may choose, in the game's language. ``pinged`` seats are written as mentions, the
    rest by name. ``public``: the game's public view if the caller has built it."""
    engine = GAMES[row.game]
    pres = presenter(row.game)
    names = names_for(row)
    pinged = set(pinged)
    lines = list(extra or []) + list(narration)
    assert row.state is not None
    tail = []
    if engine.outcome(row.state) is None and row.status == "running":
        for seat in engine.to_act(row.state)[:1]:
            if ai:  # the AI is spoken of, not to: it plays at once
                tail.append(t("ui.ai_playing", row.lang, who=names.get(seat, seat)))
                continue
            who = f"<@{seat}>" if seat in pinged else names.get(seat, seat)
            tail += list(since or [])
            tail.append(" ".join(x for x in (t("ui.to_play", row.lang, who=who),
                                             deadline_line(deadline, row.lang)) if x))
        prompt = pres.prompt(public if public is not None else engine.view(row.state, None), names, row.lang)
        if prompt and not ai:
            tail.append(prompt)
    if engine.outcome(row.state) is not None and row.status == "finished":
        tail += over_lines(row, engine.outcome(row.state))
    head = list(head or [])  # kept whole (a run's summary): the narration gives way
    room = CONTENT - sum(len(x) + 1 for x in [*tail, *head]) - 1
    body = clip_lines(lines, room) if lines else ""
    return clip("\n".join(x for x in [*head, body, *tail] if x))


def over_lines(row: GameRow, outcome: dict[str, Any]) -> list[str]:
    """The end of every game, in one shape: who won, then every score sorted, and what the
    scores count (territories, points…), in the game's language."""
    names = names_for(row)
    lang = row.lang
    winners = [names.get(s, s) for s in outcome.get("winners") or []]
    lines = [t("over.won", lang, who=join_names(winners, lang)) if winners else t("over.nobody", lang)]
    scores = outcome.get("scores") or {}
    if scores:
        mode = (row.options or {}).get("mode")
        unit = next((x for x in (text_of(f"over.unit.{row.game}.{mode}", lang) if mode else None,
                                  text_of(f"over.unit.{row.game}", lang)) if x), None) or t("over.unit", lang)
        ranked = sorted(scores.items(), key=lambda kv: (-kv[1], names.get(kv[0], kv[0]).casefold()))
        table = " · ".join(t("over.rank", lang, n=i + 1, who=names.get(s, s), score=fmt_num(v, lang))
                           for i, (s, v) in enumerate(ranked))
        lines.append(t("over.scores", lang, unit=unit, table=table))
    return lines


def join_names(names: list[str], lang: str) -> str:
    if len(names) <= 1:
        return "".join(names)
    return t("over.and", lang, first=", ".join(names[:-1]), last=names[-1])


@dataclass(frozen=True)
class Ahead:
    """A board started before its post (:func:`board_ahead`): the public view it is drawn
    from and the picture being drawn."""

    public: dict[str, Any]
    picture: asyncio.Future[discord.File]


def mid_round(played: Played) -> bool:
    """A seat's move of the setup (a claim) that hands the decision to the next seat of the same
    round: told without a board (the round's board comes when it comes back to its first seat,
    or the setup phase ends)."""
    row = played.row
    if played.finished or row.state is None or played.before is None:
        return False
    engine = GAMES[row.game]
    if not (engine.in_setup(played.before) and engine.in_setup(row.state)):
        return False
    info = engine.turn_info(row.state)
    return info.current is not None and bool(info.order) and info.current != info.order[0] \
        and engine.turn_info(played.before).phase == info.phase


def board_ahead(played: Played) -> Ahead | None:
    """The board of a move that will surely show it (a turn or the game ended), drawn from
    now in a worker thread, while Discord hears of the click and the post is made ready;
    ``None`` when the post may show no board (it decides, and draws one if it must)."""
    row = played.row
    if row.state is None or not (played.new_turn or played.finished) or mid_round(played):
        return None
    engine = GAMES[row.game]
    public = engine.view(row.state, None)
    people = [s for s in deciders(engine, played.before, row.state) if s not in row.ai]
    if people and missing(row, people[0]):
        return None  # what they saw is read from the database first (a restart): post_turn draws it
    _lines, marks = since_for(row, people[0] if people else None, public)
    return Ahead(public, start_board_file(row, public=marked(public, marks)))


async def defer_and_post(interaction: discord.Interaction, played: Played, *, thinking: bool = False) -> None:
    """A committed move told to its channel: the board started at once (:func:`board_ahead`),
    then the click answered (``defer``: Discord waits for it within 3 s), then the post, which
    takes the picture drawn meanwhile."""
    ahead = board_ahead(played)
    try:
        if not interaction.response.is_done():  # a private chain's last step answered already
            await interaction.response.defer(thinking=thinking)
        await post_turn(None, interaction, played.row, played, ahead=ahead)
    finally:
        if ahead is not None:
            ahead.picture.cancel()  # only if nothing took it (a failure on the way): nobody waits


async def post_turn(channel: discord.abc.Messageable | None, interaction: discord.Interaction | None,
                    row: GameRow, played: Played | None = None, extra: list[str] | None = None,
                    with_board: bool | None = None, *, bot: GameBot | None = None,
                    before: dict[str, Any] | None = None, undo: bool | None = None,
                    ahead: Ahead | None = None) -> discord.Message | None:
    """Post what the channel has not seen yet (every committed move not announced, so a
    move whose message failed is told with the next one), the board when a turn ended,
    and the next choices; strip the buttons off the previous prompt so only one set of
    live choices is on screen. Marks the game announced up to ``row.version``.

    ``before``: the state the decisions are compared with for pings (default: the
    played move's; none at the start of a game, so whoever acts first is pinged). ``undo``:
    whether the choices offer Undo (default: after a quiet move of the player's own turn)."""
    bot = bot or (bot_of(interaction) if interaction else None)
    assert bot is not None
    engine = GAMES[row.game]
    pres = presenter(row.game)
    assert row.state is not None
    async with bot.post_lock(row.channel_id):
        announced, old, unannounced = await bot.service.announcements(row)
        if interaction is None and played is None and announced >= row.version:
            return None  # a catch-up that another post overtook: the channel has seen it all
        pending = [a for a in unannounced if a.version is None or a.version <= row.version]
        narration: list[str] = []
        for entry in pending:
            narration += pres.narrate(entry.events, names_for(row), row.lang)
        if played is not None and not pending and announced < row.version:
            narration += pres.narrate(played.events, names_for(row), row.lang)  # a store without versions
        if before is None and played is not None:
            before = played.before  # else a start or a catch-up: whoever must act has not been told
        if quiet_only(engine, row, pending, played):
            # Another seat's anytime action (a defence order): told in a line; the live
            # choices stay where they are (their buttons still work, see GameService.act).
            text = clip_lines(list(extra or []) + narration) or t("ui.done", row.lang)
            kwargs: dict[str, Any] = {"content": text, "allowed_mentions": discord.AllowedMentions.none()}
            try:
                await bot.pacer.slot(row.channel_id)
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
        pinged = [s for s in deciders(engine, before, row.state) if s not in row.ai]  # never an AI
        if with_board is None:
            with_board = (played is None or played.new_turn or played.finished or len(pending) > 1
                          or engine.outcome(row.state) is not None) and not (played is not None and mid_round(played))
        # once, for the prompt, the picture and the buttons
        # in a worker thread: a view may be CPU work (Transformers' exact battle odds, up to
        # 32,768 throws: ~0.2-0.7 s of the event loop's CPU when it ran there)
        public = ahead.public if ahead is not None else await asyncio.to_thread(engine.view, row.state, None)
        await recall(bot.service, row, pinged[0] if pinged else None)
        since_lines, marks = since_for(row, pinged[0] if pinged else None, public)
        decided = played.seat if played is not None and played.seat != SYSTEM else None
        if decided is not None:
            saw(row, decided, public)
        # The picture is drawn in a worker thread while the text and the buttons are made here
        # (or since the move was committed: ``ahead``).
        picture = None
        if with_board:
            picture = ahead.picture if ahead is not None else start_board_file(row, public=marked(public, marks))
        try:
            first = engine.to_act(row.state)[:1] if row.status == "running" else []
            deadline = await bot.service.deadline_of(row, first[0]) if first else None
            ai_now = bool(bot.service.ai_to_move(row))
            kwargs = {"content": move_text(row, narration, pinged, extra, public, deadline, ai=ai_now,
                                           head=summary(row, pending), since=since_lines)}
            # the AI's decision: no buttons (it plays at once, below)
            view = None if ai_now else \
                bot.live_choices(row, public, undo=undoable(row, played) if undo is None else undo)
        except BaseException:
            if picture is not None:
                picture.cancel()  # the drawing ends on its own; nobody waits for it
            raise
        edited = None
        target = channel if channel is not None else (interaction.channel if interaction is not None else None)
        if picture is None and not pinged and old is not None and not extra and in_place(interaction):
            # the same player goes on: their turn message grows by the move's lines (no new post)
            edited = await edit_turn(bot, channel, interaction, row, old, narration, kwargs["content"], view)
        elif (picture is None and pinged and old is not None and not extra and in_place(interaction)
              and played is not None and mid_round(played)):
            # a round of the setup (claims…) is one message: edited, and the next seat told by a
            # short mention that goes once they have played
            edited = await edit_turn(bot, channel, interaction, row, old, narration, kwargs["content"], view)
            if edited is not None:
                await round_ping(bot, target, row, pinged)
        if edited is not None:
            message = edited
        else:
            if picture is not None:
                kwargs["file"] = await picture
            if view is not None:
                kwargs["view"] = view
            kwargs["allowed_mentions"] = ping(pinged)
            try:
                await bot.pacer.slot(row.channel_id)
                if interaction is not None:
                    message = await interaction.followup.send(wait=True, **kwargs)
                else:
                    assert channel is not None
                    message = await channel.send(**kwargs)
            except discord.HTTPException as err:
                log.warning("could not post game %s v%s to channel %s (%s); it will be posted with the next "
                            "interaction there", row.id, row.version, row.channel_id, err)
                return None
            remember(row.channel_id, message.id, kwargs["content"], tail_of(kwargs["content"], narration))
        if not (edited is not None and pinged):
            await drop_round_ping(target, row.channel_id)  # its player has played: the mention goes
        await bot.service.mark_announced(row.id, row.version, (decided, row.version) if person(decided) else None,
                                         prompt_message_id=message.id if view else None)
    if old and old != message.id:
        await bot.strip_buttons(row.channel_id, old)
    if row.status == "finished" and announced < row.version:  # the game just ended: its story follows
        from bot.discord_ui.story import post_story

        bot.spawn(post_story(bot, message.channel, row))
    if bot.service.ai_to_move(row):  # an AI seat's decision now: it plays at once
        bot.spawn(ai_turns(bot, row.channel_id))
    return message


# -- the turn message, edited in place ----------------------------------------------------

_SHOWN_MAX = 4096
_shown: dict[int, tuple[int, str, str]] = {}  # channel → (turn message, its narration, its prompt)


def remember(channel_id: int, message_id: int, content: str, tail: str) -> None:
    """What a channel's turn message says: its narration so far and its prompt (the tail)."""
    body = content[: len(content) - len(tail)].rstrip("\n") if tail and content.endswith(tail) else content
    _shown.pop(channel_id, None)
    _shown[channel_id] = (message_id, body, tail)
    while len(_shown) > _SHOWN_MAX:
        _shown.pop(next(iter(_shown)))


def tail_of(content: str, narration: list[str]) -> str:
    """The prompt part of a turn message: from its last line that hands the decision to
    someone ("👉 …") to the end; empty when it has none (the game is over)."""
    lines = content.split("\n")
    marks = [i for i, line in enumerate(lines) if line.startswith(("👉", "🤖"))]
    if marks and marks[-1] > 0:  # the lines « since your last move » above it belong to it too
        heads = [i for i in range(marks[-1]) if lines[i].startswith("📰")]
        if heads and marks[-1] - heads[-1] <= Presenter.SINCE_LINES:
            marks[-1] = heads[-1]
    return "\n".join(lines[marks[-1]:]) if marks else ""


_round_pings: dict[int, int] = {}  # channel → the mention of a setup round's hand-over, until its seat plays


async def round_ping(bot: GameBot, target: Any, row: GameRow, pinged: list[str]) -> None:
    """Within a setup round: the next seat mentioned by a short message (the round's message is
    edited, and an edit notifies nobody); the previous such mention removed."""
    await drop_round_ping(target, row.channel_id)
    if target is None:
        return
    try:
        await bot.pacer.slot(row.channel_id)
        sent = await target.send(t("ui.round_ping", row.lang, who=f"<@{pinged[0]}>"), allowed_mentions=ping(pinged))
    except discord.HTTPException as err:
        log.info("could not mention the next seat in channel %s (%s)", row.channel_id, err)
        return
    _round_pings[row.channel_id] = sent.id


async def drop_round_ping(target: Any, channel_id: int) -> None:
    """Best effort: the mention of a setup round's hand-over, once its seat has played."""
    message_id = _round_pings.pop(channel_id, None)
    if message_id is None or target is None:
        return
    try:
        await target.get_partial_message(message_id).delete()
    except discord.HTTPException:
        pass


def in_place(interaction: discord.Interaction | None) -> bool:
    """Whether a move may be told by editing the turn message: a click or a move of the
    scheduler or an AI (a typed command has its own answer in the channel)."""
    return interaction is None or interaction.type == discord.InteractionType.component


async def edit_turn(bot: GameBot, channel: Any, interaction: discord.Interaction | None, row: GameRow,
                    message_id: int, narration: list[str], content: str,
                    view: discord.ui.View | None) -> discord.Message | None:
    """The turn message ``message_id`` edited: the move's lines added to what it told, the
    prompt and the choices renewed. ``None`` when it cannot be (gone, or unknown after a
    restart and not readable): the caller posts instead."""
    tail = tail_of(content, narration)
    known = _shown.get(row.channel_id)
    if known is not None and known[0] == message_id:
        body = known[1]
    elif interaction is not None and interaction.message is not None and interaction.message.id == message_id:
        old = interaction.message.content or ""
        old_tail = tail_of(old, [])
        body = old[: len(old) - len(old_tail)].rstrip("\n") if old_tail else old
    else:
        return None
    lines = [*(body.split("\n") if body else []), *narration]
    text = "\n".join(x for x in [clip_lines(lines, CONTENT - len(tail) - 1) if lines else "", tail] if x)
    target = channel if channel is not None else (interaction.channel if interaction is not None else None)
    try:
        if interaction is not None and interaction.message is not None and interaction.message.id == message_id:
            message = await interaction.edit_original_response(content=text, view=view,
                                                               allowed_mentions=discord.AllowedMentions.none())
        elif target is not None:
            message = await target.get_partial_message(message_id).edit(
                content=text, view=view, allowed_mentions=discord.AllowedMentions.none())
        else:
            return None
    except discord.HTTPException as err:
        log.info("could not edit the turn message %s in channel %s (%s): posting instead", message_id,
                 row.channel_id, err)
        return None
    remember(row.channel_id, message_id, text, tail)
    return message


MAX_CHAIN = 2000  # decisions in one go at most (a game of AIs left alone by its people ends sooner)
_playing: set[int] = set()  # channels whose AI seats are playing in this process


AI_RUN = 8  # AI turns in a row told in one post at most (a table whose people are all away)


def summary(row: GameRow, pending: list[Any]) -> list[str]:
    """« 🤖 AI 1 played 14 turns: … »: the line that opens a post telling several turns of AI
    seats at once (their moves' lines follow, the newest kept when they are many)."""
    seats = [e.seat for e in pending if e.seat != SYSTEM]
    if not seats or not row.ai or any(s not in row.ai for s in seats):
        return []
    runs = 1 + sum(1 for a, b in zip(seats, seats[1:], strict=False) if a != b)
    if runs < 2:
        return []
    names = names_for(row)
    who = ", ".join(dict.fromkeys(names.get(s, s) for s in seats))
    return [t("ai.summary", row.lang, who=who, n=runs)]


async def ai_turns(bot: GameBot, channel_id: int) -> None:
    """Play the AI seats' decisions in this channel until a person must act: each thought
    out by the service in a worker thread. Told like a person's turn, once: a post when the
    decision comes to a person or the game ends, the board with it; a long run of AI turns (a
    table whose people are away) in one post every :data:`AI_RUN` turns. One chain per channel
    at a time: a post during it leaves the next to it."""
    if channel_id in _playing:
        return  # the chain under way plays this one too
    _playing.add(channel_id)
    played = None
    try:
        channel = await bot.channel_of(channel_id)
        runs, last = 0, None
        for _i in range(MAX_CHAIN):
            try:
                played = await bot.service.play_ai(channel_id)
            except UserError as err:
                log.warning("the AI could not play in channel %s: %s", channel_id, err.key)
                return
            if played is None:
                return
            if played.seat != last:
                runs, last = runs + 1, played.seat
            if played.finished or not bot.service.ai_to_move(played.row) or runs > AI_RUN:
                await post_turn(channel, None, played.row, played, bot=bot)
                runs, last, played = 0, None, None
    except Exception:
        if not bot.is_closed():
            log.exception("AI seats stopped in channel %s", channel_id)
    finally:
        _playing.discard(channel_id)
        if played is not None and not bot.is_closed():  # moves played and not told: told now
            bot.spawn(catch_up(bot, channel_id))


async def post_handed(bot: GameBot, item: Handed) -> None:
    """A seat whose time ran out at an ``on_timeout: ai`` table: said in the channel (no
    mention: nothing is asked of its player), then the AI plays it."""
    row = item.row
    channel = await bot.channel_of(row.channel_id)
    if channel is not None:
        name = names_for(row).get(item.seat, item.seat)
        try:
            await bot.pacer.slot(row.channel_id)
            await channel.send(t("ai.timed_out", row.lang, who=name), allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as err:
            log.warning("could not tell channel %s that the AI took a seat (%s)", row.channel_id, err)
    await ai_turns(bot, row.channel_id)


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
    with bot.in_flight(interaction.channel_id):  # the completion's catch_up comes after
        played = await bot.service.act(interaction.channel_id, str(interaction.user.id), action)
        await defer_and_post(interaction, played, thinking=True)
        await tell_private(interaction, played)


async def tell_private(interaction: discord.Interaction, played: Played) -> None:
    """What a move showed its player alone (a card found, a key taken: the presenter's
    ``private``), to them only, ephemerally, in their own language, after the move's post."""
    row = played.row
    if row.state is None or played.seat == SYSTEM:
        return
    lines = presenter(row.game).private(played.events, GAMES[row.game].view(row.state, played.seat), played.seat,
                                        interaction.locale)
    if not lines:
        return
    try:
        await interaction.followup.send(clip("\n".join(lines)), ephemeral=True,
                                        allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException as err:
        log.warning("could not tell %s the private part of game %s v%s (%s)", played.seat, row.id, row.version, err)


async def post_start(interaction: discord.Interaction, row: GameRow, extra_key: str = "game.started",
                     **params: Any) -> None:
    """The first message of a game: what setup did, the board, the first choices."""
    extra = [t(extra_key, row.lang, **params), *opening_lines(row, row.lang)]
    await post_turn(None, interaction, row, None, extra=extra)


async def catch_up(bot: GameBot, channel_id: int | None) -> None:
    """Post the moves committed in this channel but never announced (Discord failed
    after the commit, or the clock played them), with the choices that go with them.
    Best effort; left to a move whose post is under way here (see ``GameBot.in_flight``),
    which catches up after it."""
    if channel_id is None or bot.service is None or bot.is_closed():
        return
    if bot.defer_catch_up(channel_id):
        return  # a move's own post is under way: it tells what is pending, then catches up
    try:
        row = await bot.service.latest_game(channel_id)
        if row is None or row.state is None or row.status not in ("running", "finished"):
            return
        if not await bot.service.unannounced(row):
            return
        channel = await bot.channel_of(channel_id)
        if channel is None:
            return
        await post_turn(channel, None, row, None, bot=bot)
    except Exception:
        if not bot.is_closed():  # shutting down: the next start catches up instead
            log.exception("could not catch up on channel %s", channel_id)


async def post_reminder(bot: GameBot, item: Reminder) -> None:
    """A reminder of a decision: in the channel, the player mentioned (that mention only),
    or by direct message for those who asked (in the channel if their DMs are closed)."""
    row = item.row
    game = presenter(row.game).name(row.lang)
    if item.notify == "dm":
        try:
            user = bot.get_user(int(item.seat)) or await bot.fetch_user(int(item.seat))
            lang = item.lang or row.lang  # a DM is the member's own: their language
            await user.send(t("clock.reminder_dm", lang, game=presenter(row.game).name(lang),
                              channel=f"<#{row.channel_id}>", when=relative(item.deadline)))
            return
        except (discord.HTTPException, ValueError):
            log.info("could not DM a reminder to %s; reminding in the channel", item.seat)
    channel = await bot.channel_of(row.channel_id)
    if channel is None:
        return
    key = "clock.reminder_reply" if item.off_turn else "clock.reminder"
    text = t(key, row.lang, who=f"<@{item.seat}>", game=game, when=relative(item.deadline))
    try:
        await bot.pacer.slot(row.channel_id)
        await channel.send(text, allowed_mentions=discord.AllowedMentions(users=[discord.Object(int(item.seat))])
                           if item.seat.isdigit() else discord.AllowedMentions.none())
    except discord.HTTPException as err:
        log.warning("could not post a reminder in channel %s (%s)", row.channel_id, err)
