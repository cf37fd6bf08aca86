"""``/game export`` and ``python -m bot replay`` through the service (issue 15 point 4).

- A game that is over, of each registered game, exports in full and replays, from the file
  alone, to the state the store holds (actions taken back left out, moderators' skips and
  kicks in); the command line says so and draws the boards.
- A running game's export holds no secret: no seed, no actions of players, no state; its
  board and events pass the same checks as the public view and events (the contract's
  ``view_leaks`` and ``event_leaks``, with the export as the view and the filter).
- Who may export what; junk and tampered files are refused or reported.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from types import SimpleNamespace

import pytest
from PIL import Image

from bot import export
from bot.__main__ import main
from bot.rules import GAMES
from bot.rules.base import SYSTEM
from bot.service import GameService, UserError
from bot.store import Store
from bot.story import snapshots
from tests.fakeclock import Clock
from tests.rules.test_contract import event_leaks, view_leaks

CHANNEL = 700
GUILD = 7


@pytest.fixture
async def service(tmp_path):
    store = await Store.open(f"sqlite:///{tmp_path}/export.sqlite3", clock=Clock())
    yield GameService(store, seed_source=lambda: 8_146_229_317_540_121)  # long: a substring test means something
    await store.close()


async def started(service, game: str, n: int = 3):
    players = [str(i) for i in range(1, max(GAMES[game].min_players, n) + 1)]
    await service.new_game(CHANNEL, GUILD, players[0], game, {}, "Host")
    for p in players[1:]:
        await service.join(CHANNEL, p, f"Player {p}")
    return await service.start(CHANNEL, players[0], False), players


async def play(service, row, moves: int, rnd: random.Random, undo: bool = True):
    """``moves`` random moves (an undo tried now and then), stopping if the game ends."""
    engine = GAMES[row.game]
    for i in range(moves):
        if row.status != "running":
            break
        seat = engine.to_act(row.state)[0]
        row = (await service.act(CHANNEL, seat, engine.random_action(row.state, seat, rnd.randrange))).row
        if undo and i % 7 == 3 and row.status == "running":
            try:
                row = (await service.undo(CHANNEL, engine.turn_info(row.state).current)).row
            except UserError:
                pass
    return row


async def finished(service, game: str, seed: int):
    """A game played a while, with a skip, then won by the last player standing (kicks)."""
    row, players = await started(service, game)
    row = await play(service, row, 40, random.Random(seed))
    if row.status == "running":
        row = (await service.skip(CHANNEL, True)).row
    for p in players[1:]:
        if row.status != "running":
            break
        kicked = await service.kick(CHANNEL, True, p)
        row = kicked.row if hasattr(kicked, "row") else kicked
    assert row.status == "finished", row.status
    return row


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_finished_game_exports_and_replays_to_the_stored_state(service, game, tmp_path):
    row = await finished(service, game, seed=3)
    stored = (await service.get_game(row.id)).state
    doc = await service.export(CHANNEL, "a stranger")  # anyone, once it is over
    data = export.dumps(doc)
    assert doc["seed"] == row.seed and not doc["public_only"] and doc["status"] == "finished"
    log = await service.log(row)
    assert [e["seq"] for e in doc["log"]] == [a.seq for a in log]  # taken-back actions left out
    assert any(e["seat"] == SYSTEM for e in doc["log"])
    steps = list(export.replay(export.load(data)))
    assert steps and all(s.events_match for s in steps)
    assert export.canonical(steps[-1].state) == export.canonical(stored)
    # the command line, from the file alone
    path = tmp_path / "game.json"
    path.write_bytes(data)
    out = tmp_path / "boards"
    assert main(["replay", str(path), "--out", str(out), "--max-pictures", "2"]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["final.png", "turn-0001.png", "turn-0002.png"]
    assert (out / "final.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


async def test_a_game_ended_by_its_host_exports_in_full(service):
    row, _ = await started(service, "risk_express")
    row = await play(service, row, 10, random.Random(5))
    await service.end(CHANNEL, "1", False)
    doc = await service.export(CHANNEL, "someone")
    assert doc["status"] == "ended" and doc["seed"] == row.seed and "state" in doc
    assert export.canonical(list(export.replay(export.load(export.dumps(doc))))[-1].state) == \
        export.canonical(row.state)


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_running_games_export_holds_no_secret(service, game):
    row, players = await started(service, game)
    row = await play(service, row, 30, random.Random(9), undo=False)
    if row.status != "running":
        pytest.skip("the random game ended early")
    with pytest.raises(UserError) as refused:
        await service.export(CHANNEL, "a stranger")
    assert refused.value.key == "err.export_players"
    doc = await service.export(CHANNEL, players[1])
    engine = GAMES[game]
    text = export.dumps(doc).decode()
    assert doc["public_only"] and doc["seed"] is None and doc["picks"] is None
    assert "state" not in doc and "outcome" not in doc
    assert all("action" not in e for e in doc["log"] if e["seat"] != SYSTEM)
    assert doc["view"] == json.loads(json.dumps(engine.view(row.state, None)))
    assert str(row.seed) not in text and str(row.state["rng"]) not in text
    # the board and the events pass the public view's and events' checks
    log = await service.log(row)

    def exported(state, entries=log):
        return export.document(replace(row, state=state), entries, {})

    def as_view(state, seat):
        return exported(state)["view"] if seat is None else engine.view(state, seat)

    assert view_leaks(engine, row.state, random.Random(1), view=as_view) == []

    def as_filter(events, seat):
        if seat is not None:
            return engine.events_for(events, seat)
        return exported(row.state, [SimpleNamespace(seq=1, seat=players[0], action={}, events=events)])["log"][0]["events"]

    for entry in log:
        assert event_leaks(engine, entry.events, row.state["seats"], filt=as_filter) == []
    # a public export draws its one board, and is not replayed
    with pytest.raises(export.ExportError):
        list(export.replay(export.load(export.dumps(doc))))


async def test_the_checks_would_see_a_seed_or_a_private_event_in_an_export(service):
    """The leak checks above bite: an export that kept the state's generator, or handed the
    raw events, is caught."""
    row, players = await started(service, "peaky_blinders")
    row = await play(service, row, 30, random.Random(9), undo=False)
    engine = GAMES["peaky_blinders"]

    def leaky_view(state, seat):
        return {**export.document(replace(row, state=state), [], {})["view"], "rng": state["rng"]} \
            if seat is None else engine.view(state, seat)

    assert view_leaks(engine, row.state, random.Random(1), view=leaky_view)
    privates = [e.events for e in await service.log(row) if any("private" in ev for ev in e.events)]
    assert privates, "no move with a private part in 30 random moves"
    assert event_leaks(engine, privates[0], row.state["seats"], filt=lambda evs, seat: evs)


async def test_a_lobby_has_nothing_to_export(service):
    await service.new_game(CHANNEL, GUILD, "1", "risk_express", {}, "Host")
    with pytest.raises(UserError) as refused:
        await service.export(CHANNEL, "1")
    assert refused.value.key == "err.export_lobby"
    with pytest.raises(UserError):
        await service.export(CHANNEL + 1, "1")  # no game at all


async def test_replay_reports_a_file_that_differs_and_refuses_junk(service, tmp_path, capsys):
    row = await finished(service, "risk_express", seed=4)
    doc = await service.export(CHANNEL, "1")
    bad = json.loads(export.dumps(doc))
    bad["state"]["turn"] += 1  # a stored state the log does not give: a bug report
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    assert main(["replay", str(path)]) == 1
    assert "DIFFERS" in capsys.readouterr().out
    for junk in (b"not json", b"{}", b'{"format": "gamemaster.export", "format_version": 99}',
                 export.dumps({**doc, "game": "chess"}), export.dumps({**doc, "seed": None})):
        path.write_bytes(junk)
        assert main(["replay", str(path)]) == 2
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    # a move today's rules refuse
    bad = json.loads(export.dumps(doc))
    first = next(e for e in bad["log"] if e["seat"] != SYSTEM)
    first["action"] = {"type": "no_such_move"}
    path.write_text(json.dumps(bad))
    assert main(["replay", str(path)]) == 2
    assert row.status == "finished"


async def test_replay_draws_the_story_of_an_exported_game(service, tmp_path, capsys):
    """``python -m bot replay FILE --gif --chart``: the story of a game ended by kicks and a
    skip (moderators' entries in its log), drawn from the file alone; a running game's public
    export has no seed, so no story: refused, nothing written."""
    row = await finished(service, "zombie_town", seed=4)
    path = tmp_path / "game.json"
    path.write_bytes(export.dumps(await service.export(CHANNEL, "anyone")))
    gif, chart = tmp_path / "story.gif", tmp_path / "story.png"
    assert main(["replay", str(path), "--gif", str(gif), "--chart", str(chart)]) == 0
    out = capsys.readouterr().out
    assert "drawing" in out and "replay:" in out and "chart:" in out
    assert gif.read_bytes()[:6] == b"GIF89a" and chart.read_bytes()[:4] == b"\x89PNG"
    log = [(a.seat, a.action) for a in await service.log(row)]
    assert Image.open(gif).n_frames == len(snapshots(GAMES["zombie_town"], row.seats, row.options, row.seed, log))
    # a running game's public export
    await service.new_game(CHANNEL, GUILD, "1", "risk_express", {}, "Host")
    await service.join(CHANNEL, "2", "Player 2")
    await service.start(CHANNEL, "1", False)
    public = tmp_path / "public.json"
    public.write_bytes(export.dumps(await service.export(CHANNEL, "1")))
    assert main(["replay", str(public), "--gif", str(tmp_path / "no.gif")]) == 2
    assert "no seed" in capsys.readouterr().err and not (tmp_path / "no.gif").exists()
