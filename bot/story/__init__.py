"""The story of a game: its replay as an animated board and the chart of who led when.

Every game replays exactly from setup and its log, so each past board can be drawn again.
:func:`build_story` replays the log, keeps the state at the start of every turn (the first
and the last state always), and from those draws

- the chart: each seat's standing turn by turn (what the game's score is made of, read by
  the game's presenter from the *public* view: points, territories, survivors, zones), in
  the seat's colour and symbol, the turns where the lead changed marked;
- the replay: one frame per turn, or per round when the game is long (more than
  :data:`MAX_FRAMES` turns), each frame the public board exactly as the channel saw it, in
  the game's language with the players' names; encoded by :mod:`renderers.story` into a GIF
  under the upload limit.

Only public views are drawn, so a running game's story shows no secret. Synchronous and pure
CPU work: the bot calls it in a worker thread (``asyncio.to_thread``), ``progress(done, total)``
telling it how far the drawing is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import renderers
from bot.games import presenter
from bot.i18n import t
from bot.rules import GAMES
from bot.rules.base import SYSTEM, Game, State
from renderers.story import MAX_BYTES, Words, animate, chart_png

__all__ = ["MAX_FRAMES", "Snapshot", "Story", "build_story", "frame_indexes", "lead_changes", "snapshots",
           "standings", "views", "write_story"]

MAX_FRAMES = 150  # past this many turns, one frame per round


@dataclass(frozen=True)
class Snapshot:
    """The state at the start of a turn (or the first or last state of the replay)."""

    turn: int  # the turn's number (``turn_info().number``)
    state: State


@dataclass(frozen=True)
class Story:
    chart_png: bytes
    replay: bytes  # an animated GIF, at most MAX_BYTES
    replay_name: str
    series: dict[str, list[float]]  # seat → standing at each turn of ``turns``
    turns: list[int]
    lead_changes: list[int]  # indexes into ``turns`` where a new seat took the lead alone
    frames: int  # frames in the replay
    width: int  # the replay's width in pixels
    standing: str = ""  # what the chart counts, in the game's language (for its alt text)


def snapshots(game: Game, seats: list[str], options: dict[str, Any], seed: int,
              log: Sequence[tuple[str, dict[str, Any]]], picks: dict[str, dict[str, Any]] | None = None,
              upto: int | None = None) -> list[Snapshot]:
    """Replay ``log`` (its first ``upto`` entries; SYSTEM entries through ``apply_system``, as
    :meth:`Game.replay`) and keep the state whenever a turn passed, with the first and the
    last state."""
    state = game.setup(seats, options, seed, picks)
    info = game.turn_info(state)
    out = [Snapshot(info.number, state)]
    entries = log if upto is None else log[:upto]
    for seat, action in entries:
        state = game.apply_system(state, action)[0] if seat == SYSTEM else game.apply(state, seat, action)[0]
        after = game.turn_info(state)
        if after.number != info.number or after.current != info.current:
            out.append(Snapshot(after.number, state))
        info = after
    if out[-1].state is not state:
        out.append(Snapshot(info.number, state))
    return out


def views(game: Game, shots: Sequence[Snapshot]) -> list[dict[str, Any]]:
    """The public view of each snapshot: all a story ever draws."""
    return [game.view(s.state, None) for s in shots]


def standings(game_id: str, public: Sequence[dict[str, Any]], seats: Sequence[str]) -> dict[str, list[float]]:
    """Seat → its standing in each public view (0 where a view does not name it)."""
    pres = presenter(game_id)
    series: dict[str, list[float]] = {s: [] for s in seats}
    for view in public:
        now = pres.standings(view)
        for s in seats:
            series[s].append(float(now.get(s, 0.0)))
    return series


def lead_changes(series: dict[str, list[float]]) -> list[int]:
    """The indexes where a seat other than the last leader leads alone (a tie keeps the lead
    where it was; the first leader is not a change)."""
    out: list[int] = []
    leader: str | None = None
    points = max((len(v) for v in series.values()), default=0)
    for i in range(points):
        values = {s: v[i] for s, v in series.items() if i < len(v)}
        top = max(values.values(), default=0.0)
        first = [s for s, v in values.items() if v == top]
        if len(first) != 1:
            continue
        if leader is not None and first[0] != leader:
            out.append(i)
        leader = first[0]
    return out


def frame_indexes(shots: Sequence[Snapshot], seats: int, max_frames: int = MAX_FRAMES) -> list[int]:
    """Which snapshots become frames: every one, or past ``max_frames`` one per round (every
    ``seats``-th), thinned evenly if that is still too many; the first and last always."""
    n = len(shots)
    if n <= max_frames:
        return list(range(n))
    step = max(1, seats)
    picked = list(range(0, n, step))
    if len(picked) > max_frames:
        picked = sorted({round(i * (n - 1) / (max_frames - 1)) for i in range(max_frames)})
    if picked[-1] != n - 1:
        picked.append(n - 1)
    return picked


def build_story(game_id: str, seats: list[str], options: dict[str, Any], seed: int,
                log: Sequence[tuple[str, dict[str, Any]]], picks: dict[str, dict[str, Any]] | None = None, *,
                names: dict[str, str], lang: str, upto: int | None = None,
                progress: Callable[[int, int], None] | None = None, max_bytes: int = MAX_BYTES) -> Story:
    """The chart and the replay of a game from its seed and log (see the module's doc)."""
    game = GAMES[game_id]
    shots = snapshots(game, seats, options, seed, log, picks, upto)
    public = views(game, shots)
    series = standings(game_id, public, seats)
    # the turn numbers the boards show (a game's own count, setup steps aside), else the engine's
    turns = [int(v["turn"]) if isinstance(v.get("turn"), int) else s.turn for s, v in zip(shots, public, strict=True)]
    leads = lead_changes(series)
    pres = presenter(game_id)
    last = dict(public[-1], labels=names, lang=lang)
    words = Words(title=t("story.title", lang, game=pres.name(lang)), standing=pres.standing_label(last, lang),
                  turn=t("story.turn", lang), lead=t("story.lead", lang))
    picked = frame_indexes(shots, len(seats), MAX_FRAMES)
    total = len(picked) + 1
    chart = chart_png(series, turns, leads, renderers.seat_styles(last), names, words)

    def boards() -> Any:
        for i in picked:
            yield renderers.render(dict(public[i], labels=names, lang=lang))

    def step(done: int, _count: int) -> None:
        if progress is not None:
            progress(done, total)

    gif, frames, width = animate(boards(), len(picked), max_bytes=max_bytes, progress=step)
    if progress is not None:
        progress(total, total)
    return Story(chart, gif, f"{game_id}-replay.gif", series, turns, leads, frames, width, words.standing)


def write_story(game_id: str, seats: list[str], options: dict[str, Any], seed: int, log: list[Any],
                picks: dict[str, dict[str, Any]] | None, names: dict[str, str], lang: str,
                replay: Path | None, chart: Path | None, echo: Callable[[str], None]) -> None:
    """Draw a game's story (:func:`bot.story.build_story`) into ``replay`` (GIF) and
    ``chart`` (PNG), saying how far the drawing is."""
    shown = [0]

    def progress(done: int, total: int) -> None:
        if done == 1 or done == total or done - shown[0] >= 50:
            shown[0] = done
            echo(f"drawing {total - 1} turns… {done}/{total}")

    story = build_story(game_id, seats, options, seed, log, picks, names=names, lang=lang, progress=progress)
    if replay is not None:
        replay.write_bytes(story.replay)
        echo(f"replay: {story.frames} frames, {story.width} px wide, {len(story.replay) / 1e6:.1f} MB → {replay}")
    if chart is not None:
        chart.write_bytes(story.chart_png)
        leads = len(story.lead_changes)
        echo(f"chart: {len(story.turns)} turns, the lead changed {'once' if leads == 1 else f'{leads} times'} → {chart}")
