"""The story of a game (issue 13): the replay's frames are the boards of the states replayed
from the log, the chart's series the standings recomputed from the log, nothing secret in
either, every game under the upload limit; the command lines write them.

Each check replays the log itself (``Game.apply`` step by step), apart from
:func:`bot.story.snapshots`, so a story drawn from the wrong states, a frame skipped or
shifted, a standing read from a private view would fail here.
"""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

import renderers
from bot.__main__ import main
from bot.games import presenter
from bot.rules import GAMES
from bot.rules.ai import RandomPolicy
from bot.rules.base import canonical
from bot.rules.play import play_out
from bot.story import (
    MAX_FRAMES,
    build_story,
    frame_indexes,
    lead_changes,
    snapshots,
    standings,
    views,
)
from renderers.story.animation import _palette, scaled, thin
from tests.rules.test_contract import SECRETS

NAMES = {"p0": "Ada", "p1": "Bruno", "p2": "Chloé"}
SEATS = list(NAMES)
PREFIX = 14  # log entries replayed per game in the fast tests


def seeded(game_id: str, seed: int = 5, seats: list[str] = SEATS):
    return play_out(GAMES[game_id], seats, seed, RandomPolicy()).run()


def turn_starts(game_id: str, log, upto: int | None = None) -> list[dict]:
    """The states at the start of every turn, replayed here step by step (the first and the
    last state too)."""
    game = GAMES[game_id]
    state = game.setup(SEATS, {}, 5)
    out = [state]
    for seat, action in log[:upto]:
        before = game.turn_info(state)
        state = game.apply(state, seat, action)[0]
        after = game.turn_info(state)
        if (before.number, before.current) != (after.number, after.current):
            out.append(state)
    if out[-1] is not state:
        out.append(state)
    return out


def gif_frames(data: bytes) -> list[Image.Image]:
    im = Image.open(io.BytesIO(data))
    frames = []
    for i in range(im.n_frames):
        im.seek(i)
        frames.append(im.convert("RGB"))
    return frames


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_frames_are_the_boards_of_the_states_replayed_from_the_log(game_id):
    playout = seeded(game_id)
    story = build_story(game_id, SEATS, {}, 5, playout.log, None, names=NAMES, lang="fr", upto=PREFIX)
    states = turn_starts(game_id, playout.log, PREFIX)
    game = GAMES[game_id]
    boards = [renderers.render(dict(game.view(s, None), labels=NAMES, lang="fr")) for s in states]
    first = Image.open(io.BytesIO(boards[0]))
    palette = _palette(first)
    expected = [scaled(Image.open(io.BytesIO(b)), story.width, palette).convert("RGB") for b in boards]
    got = gif_frames(story.replay)
    assert story.frames == len(got) == len(expected) == len(states) > 2
    for i, (a, b) in enumerate(zip(got, expected, strict=True)):
        assert a.tobytes() == b.tobytes(), f"frame {i} is not the board of turn start {i}"
    # and the chart's series are the standings of those states' public views
    pres = presenter(game_id)
    assert story.series == {s: [float(pres.standings(game.view(st, None)).get(s, 0)) for st in states]
                            for s in SEATS}
    assert story.chart_png[:8] == b"\x89PNG\r\n\x1a\n"
    chart = Image.open(io.BytesIO(story.chart_png))
    assert chart.width == 1000 and 600 < chart.height < 1000


def test_the_series_are_the_scores_recomputed_from_the_log():
    """Risk Express: points are the scores the game counts; Peaky Blinders: territories
    held, counted here from the board's owners, not from the players' summary."""
    express = GAMES["risk_express"]
    playout = seeded("risk_express")
    shots = snapshots(express, SEATS, {}, 5, playout.log, None)
    assert [canonical(s.state) for s in shots] == [canonical(s) for s in turn_starts("risk_express", playout.log)]
    series = standings("risk_express", views(express, shots), SEATS)
    assert series == {s: [float(express.view(x.state, None)["scores"][s]) for x in shots] for s in SEATS}
    assert {s: v[-1] for s, v in series.items()} == playout.outcome["scores"]
    story = build_story("risk_express", SEATS, {}, 5, playout.log, None, names=NAMES, lang="en", upto=60)
    assert story.series == {s: v[: len(story.turns)] for s, v in series.items()}
    peaky = seeded("peaky_blinders")
    story = build_story("peaky_blinders", SEATS, {}, 5, peaky.log, None, names=NAMES, lang="en", upto=PREFIX * 2)
    states = turn_starts("peaky_blinders", peaky.log, PREFIX * 2)
    game = GAMES["peaky_blinders"]
    owners = [[t.get("owner") for t in game.view(st, None)["territories"].values()] for st in states]
    assert story.series == {s: [float(o.count(s)) for o in own] for s in SEATS for own in [owners]}


def test_lead_changes_are_the_turns_a_new_seat_leads_alone():
    series = {"a": [0, 2, 2, 2, 5, 5], "b": [0, 1, 2, 3, 3, 6]}
    # a leads at 1; tie at 2 keeps a; b leads alone at 3; a at 4; b at 5
    assert lead_changes(series) == [3, 4, 5]
    assert lead_changes({"a": [1, 1], "b": [0, 0]}) == []


def test_a_long_game_gets_one_frame_per_round_and_keeps_its_last():
    shots = list(range(400))
    picked = frame_indexes(shots, 3)
    assert picked[0] == 0 and picked[-1] == 399 and len(picked) <= MAX_FRAMES + 1
    assert picked[1] - picked[0] == 3  # a round of three players
    assert frame_indexes(list(range(20)), 3) == list(range(20))
    assert thin(10, 4) == [0, 3, 6, 9] and thin(3, 10) == [0, 1, 2]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_story_shows_no_secret(game_id):
    """Every secret the contract knows (hands, missions, powers, keys, agendas, the decks,
    the dice to come), changed in the states of a story, changes neither a frame nor a
    standing."""
    game = GAMES[game_id]
    playout = seeded(game_id)
    shots = snapshots(game, SEATS, {}, 5, playout.log, None)
    pres = presenter(game_id)
    rnd = random.Random(3)
    _, perturbations = SECRETS[game_id]
    checked = 0
    for shot in (shots[1], shots[len(shots) // 2], shots[-2]):
        board = renderers.render(dict(game.view(shot.state, None), labels=NAMES, lang="en"))
        standing = pres.standings(game.view(shot.state, None))
        for _name, perturb, per_seat, _owner_sees in perturbations:
            for seat in SEATS if per_seat else [None]:
                changed = perturb(game, shot.state, seat, rnd)
                if changed is None or canonical(changed) == canonical(shot.state):
                    continue
                checked += 1
                view = game.view(changed, None)
                assert pres.standings(view) == standing
                assert renderers.render(dict(view, labels=NAMES, lang="en")) == board
    assert checked >= 3


def test_a_story_too_big_for_the_limit_is_drawn_smaller():
    playout = seeded("risk_express")
    full = build_story("risk_express", SEATS, {}, 5, playout.log, None, names=NAMES, lang="en", upto=24)
    small = build_story("risk_express", SEATS, {}, 5, playout.log, None, names=NAMES, lang="en", upto=24,
                        max_bytes=len(full.replay) // 3)
    assert len(small.replay) <= len(full.replay) // 3
    assert small.width < full.width
    last = gif_frames(small.replay)[-1]
    assert last.width == small.width


def test_progress_is_told_while_drawing():
    playout = seeded("zombie_town")
    seen: list[tuple[int, int]] = []
    story = build_story("zombie_town", SEATS, {}, 5, playout.log, None, names=NAMES, lang="en", upto=PREFIX,
                        progress=lambda done, total: seen.append((done, total)))
    total = story.frames + 1
    assert seen[0] == (1, total) and seen[-1] == (total, total)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


@pytest.mark.slow
def test_simulate_writes_the_replay_and_the_chart(tmp_path, capsys):
    gif, chart = tmp_path / "r.gif", tmp_path / "c.png"
    assert main(["simulate", "risk_express", "--players", "2", "--seed", "4", "--lang", "fr",
                 "--replay", str(gif), "--chart", str(chart)]) == 0
    assert gif.read_bytes()[:6] == b"GIF89a" and chart.read_bytes()[:4] == b"\x89PNG"
    err = capsys.readouterr().err
    assert "drawing" in err and "turns" in err
    assert Image.open(gif).n_frames > 10


# game, options, players: every game and mode, at its most players (the longest boards' games)
KINDS = [("risk_express", {}, 6), ("peaky_blinders", {"crown": False}, 5), ("zombie_town", {"road_rage": True}, 6),
         ("walking_dead", {"mode": "survival"}, 4), ("walking_dead", {"mode": "conquest"}, 5),
         ("transformers", {}, 4)]


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "options", "players"), KINDS)
def test_the_longest_seeded_game_of_each_kind_fits_the_upload_limit(game_id, options, players):
    game = GAMES[game_id]
    seats = [f"p{i}" for i in range(players)]
    longest = max((play_out(game, seats, seed, RandomPolicy(), options).run() for seed in range(1, 6)),
                  key=lambda p: len(p.log))
    story = build_story(game_id, seats, options, longest.seed, longest.log, None,
                        names={s: f"Player {s}" for s in seats}, lang="fr")
    assert len(story.replay) <= 8_000_000
    assert story.frames == len(gif_frames(story.replay)) >= min(len(story.turns), 50)
    assert story.width == 720  # no need to shrink: every frame at full width
