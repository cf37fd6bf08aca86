"""Ratings as games end (:mod:`bot.service_ratings`): a finished game rated once, with AI
levels and the AI's turns for a member and vacations in the history; what is not rated; the
rebuild from the stored results equal to the ratings kept game by game; /game stats's
refusals change nothing."""

from __future__ import annotations

import random

import pytest

from bot.rules import GAMES
from bot.service import GameService, UserError
from bot.store import Store
from tests.fakeclock import T0, Clock

GUILD = 5
EXPRESS = GAMES["risk_express"]


@pytest.fixture
async def clock():
    return Clock()


@pytest.fixture
async def store(tmp_path, clock):
    s = await Store.open(f"sqlite:///{tmp_path}/ratings.sqlite3", clock=clock)
    yield s
    await s.close()


@pytest.fixture
async def service(store):
    seeds = iter(range(11, 1000))
    svc = GameService(store, seed_source=lambda: next(seeds))
    svc.ai_budget = 0.02
    return svc


async def open_game(service, channel, players, ai=(), game="risk_express"):
    await service.new_game(channel, GUILD, players[0], game, {}, f"P{players[0]}")
    for p in players[1:]:
        await service.join(channel, p, f"P{p}")
    for level in ai:
        await service.add_ai(channel, players[0], False, level)
    return await service.start(channel, players[0], False)


async def finish(service, channel, seed, hand_over=None):
    """Random legal moves (the AI's for its seats) to the game's end; ``hand_over``: the
    member whose seat a moderator hands to the AI after a few moves."""
    rnd = random.Random(seed)
    moves = 0
    while (row := await service.active_game(channel)) is not None:
        if hand_over and moves == 20:
            row = await service.hand_to_ai(channel, True, hand_over, "easy")
        seat = EXPRESS.to_move(row.state)
        if seat in row.ai:
            await service.play_ai(channel)
        else:
            await service.act(channel, seat, EXPRESS.random_action(row.state, seat, rnd.randrange))
        moves += 1
    return await service.latest_game(channel)


async def test_a_finished_game_is_rated_once_with_the_ai_and_the_history(service, store, clock):
    await store.set_member(GUILD, "3", away_from=T0 - 60, away_until=T0 + 3600)  # away while it runs
    await open_game(service, 1, ["1", "2", "3"], ai=["easy"])
    row = await finish(service, 1, seed=3, hand_over="2")
    assert row.status == "finished"
    results = await store.all_results()
    assert sorted(r.player for r in results) == ["1", "2", "3", "ai:easy"]
    by = {r.player: r for r in results}
    assert by["2"].ai_turns >= 1 and by["1"].ai_turns == 0  # the AI played for member 2
    assert by["3"].away and not by["1"].away
    assert [r.rank for r in results] == sorted(r.rank for r in results) and results[0].rank == 1
    rated = {r.player: r for r in await store.ratings(GUILD, "risk_express")}
    assert set(rated) == {"1", "2", "3", "ai:easy"} and all(r.games == 1 for r in rated.values())
    winner = next(r.player for r in results if r.won)
    assert rated[winner].mu == max(r.mu for r in rated.values())
    # the end handled again (a retry): nothing changes
    assert await service.rate_finished(row) is False
    assert await store.ratings(GUILD) == list(rated.values()) and len(await store.all_results()) == 4


async def test_what_is_not_rated(service, store):
    await open_game(service, 1, ["1"], ai=["easy"])  # one person and the AI
    assert (await finish(service, 1, seed=1)).status == "finished"
    await open_game(service, 2, ["1", "2"])
    await service.end(2, "1", False)  # abandoned: ended by its host
    assert await store.all_results() == [] and await store.ratings(GUILD) == []
    assert (await service.rebuild_ratings()).games == 0  # the rebuild finds nothing to rate either


async def test_the_rebuild_gives_the_ratings_kept_game_by_game(service, store, clock):
    for n, players in enumerate((["1", "2", "3"], ["2", "3"], ["1", "4"])):
        clock.now = T0 + 100 * n
        await open_game(service, 10 + n, players)
        await finish(service, 10 + n, seed=n)
    kept = await store.ratings(GUILD)
    assert len(await store.all_results()) == 7 and {r.player for r in kept} == {"1", "2", "3", "4"}
    done = await service.rebuild_ratings()
    assert (done.rated_now, done.games, done.ratings) == (0, 3, 4)
    assert await store.ratings(GUILD) == kept  # to the last bit
    # a game the rating missed (a crash after its end) is rated by the rebuild
    await store.db.execute("DELETE FROM results WHERE game_id = (SELECT MAX(game_id) FROM results)")
    await store.replace_ratings([])
    done = await service.rebuild_ratings()
    assert (done.rated_now, done.games) == (1, 3) and await store.ratings(GUILD) == kept


async def test_stats_refusals_change_nothing(service, store):
    await open_game(service, 1, ["1", "2"])
    await finish(service, 1, seed=2)
    before = (await store.all_results(), await store.ratings(GUILD), await store.member(GUILD, "2"))
    for call, key in ((service.stats_card(GUILD, "1", "2", "chess"), "err.unknown_game"),
                      (service.leaderboard(GUILD, "nope"), "err.unknown_game"),
                      (service.stats_card(None, "1", "2"), "err.not_in_dm"),
                      (service.set_stats_hidden(None, "2", True), "err.guild_only")):
        with pytest.raises(UserError) as info:
            await call
        assert info.value.key == key
    assert (await store.all_results(), await store.ratings(GUILD), await store.member(GUILD, "2")) == before
    await service.set_stats_hidden(GUILD, "2", True)
    assert "2" not in [r.player for r in await service.leaderboard(GUILD, "risk_express")]
    assert (await service.stats_card(GUILD, "2", "2")).hidden  # their own card still shows
    with pytest.raises(UserError) as info:
        await service.stats_card(GUILD, "1", "2")
    assert info.value.key == "err.stats_hidden"
    card = await service.stats_card(GUILD, "1", "1")
    assert [g for g, _ in card.ratings] == ["risk_express"] and len(card.recent) == 1
