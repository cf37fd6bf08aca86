"""Undo and rollback replay from the state kept at each turn's start (issue 29): a replay
from a snapshot gives exactly the state a replay from the seed gives, in every game, at
every turn start and in the middle of turns, after a rollback too; an undo reads no more of
the log than its turn, and a snapshot of an older state shape is passed over for the seed."""

from __future__ import annotations

import json
import random

import pytest

from bot.rules import GAMES
from bot.rules.base import SYSTEM
from bot.service import GameService
from bot.store import Store
from bot.store.rows import dumps
from tests.fakeclock import Clock

CHANNEL = 700
GUILD = 5

# (game, options): every game, The Walking Dead in both modes; the lobby choices left to chance
TABLES = [
    ("risk_express", {}),
    ("peaky_blinders", {"gangs": "random"}),
    ("zombie_town", {}),
    ("walking_dead", {"mode": "survival", "claims": "random", "groups": "random"}),
    ("walking_dead", {"mode": "conquest", "claims": "random", "groups": "random"}),
    ("transformers", {"leaders": "random"}),
]


@pytest.fixture
async def store(tmp_path):
    s = await Store.open(f"sqlite:///{tmp_path}/snap.sqlite3", clock=Clock())
    yield s
    await s.close()


async def play(service: GameService, game: str, options: dict, seed: int, moves: int):
    """A seeded game of 3 players through the service: random legal moves, a moderator's
    skip now and then (a system action in the log). Returns the row and its log."""
    players = ("1", "2", "3")
    await service.new_game(CHANNEL, GUILD, players[0], game, options, "host")
    for p in players[1:]:
        await service.join(CHANNEL, p, f"p{p}")
    row = await service.start(CHANNEL, players[0], False)
    engine, rnd = GAMES[game], random.Random(seed)
    for n in range(moves):
        if engine.outcome(row.state) is not None:
            break
        if n % 97 == 96 and engine.outcome(engine.apply_system(row.state, {"type": "skip"})[0]) is None:
            row = (await service.skip(CHANNEL, True)).row
            continue
        seat = engine.to_act(row.state)[0]
        for _ in range(30):  # a move that does not end the game: the test looks at a running one
            action = engine.random_action(row.state, seat, lambda k: rnd.randrange(k))
            if engine.outcome(engine.apply(row.state, seat, action)[0]) is None:
                break
        else:
            break
        row = (await service.act(CHANNEL, seat, action)).row
    return row, await service.log(row)


def seed_states(service: GameService, row, log, seqs: set[int]) -> dict[int, str]:
    """The seed's replay in one pass: the state (as stored) after each action of ``seqs``
    (0: before the first)."""
    engine, state = GAMES[row.game], service._replayed(row, [])
    out = {0: dumps(state)}
    for a in log:
        state = engine.apply_system(state, a.action)[0] if a.seat == SYSTEM else engine.apply(state, a.seat,
                                                                                                a.action)[0]
        if a.seq in seqs:
            out[a.seq] = dumps(state)
    return out


LONG = [pytest.param(g, o, 400, 7, id=f"{g}-{o.get('mode', '')}") for g, o in TABLES] + [
    pytest.param(g, o, 4000, seed, id=f"{g}-{o.get('mode', '')}-long-{seed}", marks=pytest.mark.slow)
    for g, o in TABLES for seed in (101, 102)]


@pytest.mark.parametrize(("game", "options", "moves", "seed"), LONG)
async def test_a_replay_from_a_snapshot_is_the_replay_from_the_seed(store, game, options, moves, seed):
    service = GameService(store, seed_source=lambda: 4235 + seed)  # 4242 for the seed 7
    row, log = await play(service, game, options, seed=seed, moves=moves)
    short = options.get("mode") == "survival"  # lost within a few turns by random players
    assert len(log) > (15 if short else 60) and row.status == "running", (len(log), row.status)
    snaps = {r["seq"]: r["state"] for r in await store.dump_rows("snapshots", [row.id])}
    assert len(snaps) >= (2 if short else 5), "turns started"
    index = {a.seq: i for i, a in enumerate(log)}
    rnd = random.Random(3)
    points = sorted({a.seq for a in rnd.sample(log, min(25, len(log)))} | {s + 1 for s in snaps if s + 1 in index})
    seeded = seed_states(service, row, log, set(snaps) | {p - 1 for p in points})  # the seed's replay, once
    for seq, text in snaps.items():  # each snapshot is the state the seed's replay gives there
        assert text == seeded[seq], seq
    for seq in points:  # from the nearest snapshot before, in the middle of a turn or at its start
        [state] = await service._states_before(row, [seq])
        assert dumps(state) == seeded[log[index[seq] - 1].seq if index[seq] else 0], seq
    # several at once (an undo that may go on): the state before each
    tail = [a.seq for a in log[-3:]]
    assert [dumps(s) for s in await service._states_before(row, tail)] == [
        dumps(service._replayed(row, log[:len(log) - 3 + i])) for i in range(3)]


@pytest.mark.parametrize(("game", "options"), [TABLES[0], TABLES[4]], ids=["risk_express", "conquest"])
async def test_a_rollback_across_turns_then_play_on_keeps_the_snapshots_true(store, game, options):
    service = GameService(store, seed_source=lambda: 99)
    row, log = await play(service, game, options, seed=11, moves=250)
    assert row.status == "running"
    done = await service.rollback(CHANNEL, "mod", True, 60)
    kept = log[:-60]
    assert dumps(done.row.state) == dumps(service._replayed(row, kept))
    live = {r["seq"] for r in await store.dump_rows("snapshots", [row.id])}
    assert live and max(live) <= kept[-1].seq  # none after what was taken back
    engine, rnd = GAMES[game], random.Random(5)
    row = done.row
    for _ in range(80):
        if engine.outcome(row.state) is not None:
            break
        seat = engine.to_act(row.state)[0]
        row = (await service.act(CHANNEL, seat, engine.random_action(row.state, seat, lambda k: rnd.randrange(k)))).row
    log = await service.log(row)
    index = {a.seq: i for i, a in enumerate(log)}
    for r in await store.dump_rows("snapshots", [row.id]):
        assert r["state"] == dumps(service._replayed(row, log[:index[r["seq"]] + 1])), r["seq"]
    if row.status == "running":
        assert dumps(row.state) == dumps(await service.replay(row))


async def test_an_undo_reads_only_its_turn_and_a_stale_snapshot_falls_back_to_the_seed(store, monkeypatch):
    service = GameService(store, seed_source=lambda: 5)
    row, log = await play(service, "risk_express", {}, seed=2, moves=150)
    read: list[tuple] = []
    real = store.actions

    async def spy(game_id, **kw):
        out = await real(game_id, **kw)
        read.append((kw, len(out)))
        return out

    monkeypatch.setattr(store, "actions", spy)
    last = log[-1].seq
    [state] = await service._states_before(row, [last])
    assert dumps(state) == dumps(service._replayed(row, log[:-1]))
    snap = await store.snapshot(row.id, last)
    assert snap is not None and read == [({"after_seq": snap[0], "before_seq": last}, last - 1 - snap[0])]
    # a snapshot whose state is of an older shape (before an engine's upgrade) is not used
    old = json.loads(snap[1])
    old["schema"] = 0
    await store.db.execute("UPDATE snapshots SET state = ? WHERE game_id = ? AND seq = ?",
                           (dumps(old), row.id, snap[0]))
    read.clear()
    [again] = await service._states_before(row, [last])
    assert dumps(again) == dumps(state)
    assert read[-1] == ({"before_seq": last}, len(log) - 1)  # the whole log, from the seed


async def test_replay_export_and_story_read_the_log_in_pages(store, monkeypatch):
    """Issue 29: replay, export and the story read the log a page at a time (pages of 7
    here): the same state, document and story source as from the whole log at once."""
    from bot import export
    from bot.service import _picks

    service = GameService(store, seed_source=lambda: 4242)
    row, log = await play(service, "zombie_town", {}, seed=7, moves=60)
    assert len(log) > 30
    real, pages = store.action_pages, []

    async def small(game_id, undone=False, page=0):
        async for p in real(game_id, undone, page=7):
            pages.append(len(p))
            yield p

    monkeypatch.setattr(store, "action_pages", small)
    assert dumps(await service.replay(row)) == dumps(row.state) == dumps(service._replayed(row, log))
    assert sum(pages) == len(log) and max(pages) == 7
    source = await service.story_source(CHANNEL)
    assert source.log == [(a.seat, a.action) for a in log]
    seats = row.seats or row.players
    doc = await service.export(CHANNEL, "1")
    assert doc == export.document(row, log, _picks(row, seats)) and len(doc["log"]) == len(log)
    assert sum(pages) == 3 * len(log)
