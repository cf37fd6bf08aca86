"""The store's ratings and history (migration 8) on both backends: a game's results written
once with its ratings, read back by server, game and player, in a rebuild's order; the
ratings replaced whole; the finished games without results; members hidden from the
leaderboards."""

from __future__ import annotations

import pytest

from bot.store import RatingRow, ResultRow, open_store
from tests.pg import pg_server, pg_url, store_url  # noqa: F401 - fixtures


@pytest.fixture
async def store(store_url):  # noqa: F811
    s = await open_store(store_url, clock=lambda: 1000.0)
    yield s
    await s.close()


async def finished(store, channel: int, guild: int = 7):
    row = await store.create_lobby(channel, guild, "risk_express", "a", {}, 5)
    row = await store.update_game(row, players=["a", "b"], status="running", state={"n": 0}, seats=["a", "b"])
    return await store.update_game(row, status="finished")


def result(game_id: int, seat: str, rank: int, ended: float, guild: int = 7, game: str = "risk_express") -> ResultRow:
    return ResultRow(game_id, seat, seat, f"N{seat}", guild, game, rank - 1, rank, rank == 1, 3.5 if rank == 1 else None,
                     2 if seat == "b" else 0, seat == "a", 2, ended)


def rating(player: str, mu: float, guild: int = 7, game: str = "risk_express") -> RatingRow:
    return RatingRow(guild, game, player, f"N{player}", mu, 8.25, 1, int(mu > 25), 1500.5)


async def test_results_are_written_once_with_their_ratings(store):
    one, two = await finished(store, 1), await finished(store, 2)
    assert await store.unrated_games() == [one.id, two.id]
    first = [result(one.id, "a", 1, 2000.0), result(one.id, "b", 2, 2000.0)]
    assert await store.record_results(one.id, first, [rating("a", 27.5), rating("b", 22.5)]) is True
    again = [result(one.id, "a", 2, 2000.0), result(one.id, "b", 1, 2000.0)]
    assert await store.record_results(one.id, again, [rating("a", 0.0)]) is False  # a retried end: nothing
    assert await store.all_results() == first
    assert [r.mu for r in await store.ratings(7)] == [27.5, 22.5]
    assert await store.unrated_games() == [two.id]
    later = [result(two.id, "b", 1, 1500.0, game="zombie_town"), result(two.id, "c", 2, 1500.0, game="zombie_town")]
    await store.record_results(two.id, later, [rating("b", 26.0, game="zombie_town")])
    # a rebuild's order: by when the games ended, then id; a player's latest first
    assert [(r.game_id, r.seat) for r in await store.all_results()] == [(two.id, "b"), (two.id, "c"),
                                                                         (one.id, "a"), (one.id, "b")]
    assert [r.game for r in await store.results(7, "b")] == ["risk_express", "zombie_town"]
    assert [r.game for r in await store.results(7, "b", limit=1)] == ["risk_express"]
    assert [r.game for r in await store.results(7, "b", game="zombie_town")] == ["zombie_town"]
    assert await store.results(8, "b") == []
    assert [(r.game, r.player) for r in await store.ratings(7, players=["b"])] == [("risk_express", "b"),
                                                                                  ("zombie_town", "b")]
    assert [r.player for r in await store.ratings(7, "risk_express")] == ["a", "b"]
    assert await store.ratings(7, players=[]) == []
    assert (await store.ratings(7, "zombie_town"))[0] == rating("b", 26.0, game="zombie_town")


async def test_a_rebuild_replaces_every_rating(store):
    row = await finished(store, 1)
    await store.record_results(row.id, [result(row.id, "a", 1, 2000.0), result(row.id, "b", 2, 2000.0)],
                               [rating("a", 27.5), rating("b", 22.5)])
    await store.replace_ratings([rating("c", 30.0, guild=9)])
    assert await store.ratings(7) == [] and [r.player for r in await store.ratings(9)] == ["c"]
    assert len(await store.all_results()) == 2  # the facts stay


async def test_members_hidden_from_the_leaderboards(store):
    assert not (await store.member(7, "a")).hidden
    await store.set_member(7, "a", hidden=True)
    await store.set_member(7, "b", notify="dm")
    await store.set_member(8, "c", hidden=True)
    assert (await store.member(7, "a")).hidden and (await store.member(7, "a")).notify == "channel"
    assert await store.hidden_members(7) == {"a"}
    await store.set_member(7, "a", hidden=False)
    assert await store.hidden_members(7) == set()
