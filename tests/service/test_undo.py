"""Taking moves back through the service (issue 11): a player's undo within their turn,
refused once something random or hidden came of a move; a moderator's rollback; the log
keeps what was taken back, marked, and the state is always the rest of the log replayed."""

from __future__ import annotations

import random
import sqlite3

import pytest

from bot.rules import GAMES
from bot.rules.reveals import reveals
from bot.service import GameService, UserError
from bot.store import Store
from tests.fakeclock import Clock

CHANNEL = 300
GUILD = 5



@pytest.fixture
async def store(tmp_path):
    s = await Store.open(f"sqlite:///{tmp_path}/undo.sqlite3", clock=Clock())
    yield s
    await s.close()


async def started(service, game):
    players = tuple(str(i) for i in range(1, max(GAMES[game].min_players, 3) + 1))
    await service.new_game(CHANNEL, GUILD, players[0], game, {}, "host")
    for p in players[1:]:
        await service.join(CHANNEL, p, f"p{p}")
    return await service.start(CHANNEL, players[0], False)


def dump(path) -> list:
    con = sqlite3.connect(path)
    try:
        return [con.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in ("games", "actions", "notes", "clocks", "snapshots")]
    finally:
        con.close()


async def play_until(service, row, want_reveal: bool, rnd: random.Random, limit: int = 400):
    """Random moves until one by the player whose turn it is, staying in their turn,
    reveals (or not) as asked: returns (row before it, row after it)."""
    engine = GAMES[row.game]
    for _ in range(limit):
        if engine.outcome(row.state) is not None:
            return None  # the game ended first (a short game: The Walking Dead's Survival)
        seat = engine.to_act(row.state)[0]
        action = engine.random_action(row.state, seat, lambda n: rnd.randrange(n))
        after, events = engine.apply(row.state, seat, action)
        same_turn = engine.turn_info(after).current == seat and \
            engine.turn_info(after).number == engine.turn_info(row.state).number
        played = await service.act(CHANNEL, seat, action)
        if same_turn and reveals(row.state, after, events) == want_reveal:
            return row, played.row
        row = played.row
    return None  # none in ``limit`` moves (in Risk Express every move throws dice)


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_an_undo_takes_back_a_quiet_move_and_the_log_keeps_it_marked(store, game):
    service = GameService(store, seed_source=lambda: 4)
    row = await started(service, game)
    found = await play_until(service, row, False, random.Random(1), limit=150)
    if found is None:  # every move of this game reveals: each undo is refused
        row = await service.game(CHANNEL)
        last = (await service.log(row))[-1]
        with pytest.raises(UserError) as info:
            await service.undo(CHANNEL, last.seat)
        assert info.value.key in ("err.undo_revealed", "err.nothing_to_undo")
        return
    before, after = found
    seat = GAMES[game].to_act(after.state)[0]
    done = await service.undo(CHANNEL, seat)
    assert done.row.state == before.state and done.row.version == after.version + 1
    assert await service.replay(done.row) == done.row.state
    everything = await store.actions(done.row.id, undone=True)
    assert everything[-1].undone_at is not None and len(await store.actions(done.row.id)) == len(everything) - 1
    assert [(n.kind, n.seat) for n in await service.notes(done.row)] == [("undo", seat)]


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_an_undo_after_a_roll_or_a_draw_changes_nothing(store, tmp_path, game):
    service = GameService(store, seed_source=lambda: 4)
    rnd = random.Random(2)
    for _ in range(3):  # a game may end before its mover rolls in their own turn: then the next game
        row = await started(service, game)
        found = await play_until(service, row, True, rnd)
        if found is not None:
            break
    assert found is not None
    _before, after = found
    seat = GAMES[game].to_act(after.state)[0]
    was = dump(f"{tmp_path}/undo.sqlite3")
    with pytest.raises(UserError) as info:
        await service.undo(CHANNEL, seat)
    assert info.value.key == "err.undo_revealed"
    assert dump(f"{tmp_path}/undo.sqlite3") == was


async def test_nobody_undoes_someone_elses_move_or_a_past_turn(store, tmp_path):
    service = GameService(store, seed_source=lambda: 4)
    row = await started(service, "peaky_blinders")
    _before, after = await play_until(service, row, False, random.Random(1))  # type: ignore[misc]
    engine = GAMES["peaky_blinders"]
    seat = engine.to_act(after.state)[0]
    others = [p for p in after.players if p != seat]
    was = dump(f"{tmp_path}/undo.sqlite3")
    for who in (others[0], "stranger"):
        with pytest.raises(UserError):
            await service.undo(CHANNEL, who)
    assert dump(f"{tmp_path}/undo.sqlite3") == was
    await service.skip(CHANNEL, True)  # the turn passes: nothing of it can be taken back
    with pytest.raises(UserError) as info:
        await service.undo(CHANNEL, seat)
    assert info.value.key == "err.nothing_to_undo"


async def test_undo_again_and_again_back_to_the_start_of_the_turn(store):
    service = GameService(store, seed_source=lambda: 4)
    row = await started(service, "peaky_blinders")
    engine = GAMES["peaky_blinders"]
    seat = engine.to_act(row.state)[0]
    start = row.state
    moves = 0
    while moves < 3:  # three placements of the first turn (no dice, nothing hidden)
        action = {**engine.default_action(row.state, seat), "count": 1}  # one member at a time
        after, events = engine.apply(row.state, seat, action)
        if reveals(row.state, after, events) or engine.turn_info(after).current != seat:
            break
        row = (await service.act(CHANNEL, seat, action)).row
        moves += 1
    assert moves >= 2
    for left in range(moves, 0, -1):
        done = await service.undo(CHANNEL, seat)
        assert done.again == (left > 1)  # the last one back is the turn's first move
        row = done.row
    assert row.state == start
    with pytest.raises(UserError):
        await service.undo(CHANNEL, seat)


async def test_a_moderators_rollback_replays_the_rest_of_the_log(store, tmp_path):
    service = GameService(store, seed_source=lambda: 4)
    row = await started(service, "risk_express")
    engine = GAMES["risk_express"]
    rnd = random.Random(5)
    states = [row.state]
    for _ in range(12):
        seat = engine.to_act(row.state)[0]
        row = (await service.act(CHANNEL, seat, engine.random_action(row.state, seat,
                                                                      lambda n: rnd.randrange(n)))).row
        states.append(row.state)
    was = dump(f"{tmp_path}/undo.sqlite3")
    for who, mod, steps, version in (("2", False, 3, None), ("1", True, 0, None), ("1", True, 13, None),
                                     ("1", True, "3", None), ("1", True, 3, row.version - 1)):
        with pytest.raises(UserError):
            await service.rollback(CHANNEL, who, mod, steps, expected_version=version)
    assert dump(f"{tmp_path}/undo.sqlite3") == was
    done = await service.rollback(CHANNEL, "9", True, 5, expected_version=row.version)
    assert done.row.state == states[-6] and done.count == 5
    assert await service.replay(done.row) == done.row.state
    assert sum(1 for a in await store.actions(row.id, undone=True) if a.undone_at) == 5
    notes = await service.notes(done.row)
    assert notes[-1].kind == "rollback" and notes[-1].data == {"steps": 5, "by": "9"}
    # play goes on from there, and replays exactly
    seat = engine.to_act(done.row.state)[0]
    again = await service.act(CHANNEL, seat, engine.random_action(done.row.state, seat, lambda n: 0))
    assert await service.replay(again.row) == again.row.state


async def test_a_rollback_of_a_kick_brings_the_player_back(store):
    service = GameService(store, seed_source=lambda: 4)
    await started(service, "peaky_blinders")
    await service.kick(CHANNEL, True, "2")
    row = await service.game(CHANNEL)
    assert "2" not in row.players
    done = await service.rollback(CHANNEL, "9", True, 1)
    assert "2" in done.row.players and await service.replay(done.row) == done.row.state
