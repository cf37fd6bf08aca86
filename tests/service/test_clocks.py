"""Asynchronous play through the service, on a clock the test moves (issue 11): a clock on
every decision, reminders, timeouts, missed turns, vacations, restarts and races."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bot import timing
from bot.rules import GAMES
from bot.scheduler import Scheduler
from bot.service import GameService, Played, Reminder, UserError
from bot.store import Store
from tests.fakeclock import Clock

CHANNEL = 300
GUILD = 5
HOUR = 3600.0
T0 = 1_700_000_000.0



@pytest.fixture
def clock():
    return Clock(T0)


@pytest.fixture
async def store(tmp_path, clock):
    s = await Store.open(f"sqlite:///{tmp_path}/clocks.sqlite3", clock=clock)
    yield s
    await s.close()


def players_for(game: str) -> tuple[str, ...]:
    return tuple(str(i) for i in range(1, max(GAMES[game].min_players, 3) + 1))


async def started(service: GameService, game: str = "risk_express", players: tuple[str, ...] | None = None,
                  **table: str):
    players = players or players_for(game)
    await service.new_game(CHANNEL, GUILD, players[0], game, {}, "host")
    if table:
        await service.set_options(CHANNEL, players[0], False, table)
    for p in players[1:]:
        await service.join(CHANNEL, p, f"p{p}")
    return await service.start(CHANNEL, players[0], False)


def to_act(row) -> list[str]:
    return GAMES[row.game].to_act(row.state)


# -- the arithmetic -----------------------------------------------------------------------

def test_a_day_long_clock_reminds_at_halfway_and_an_hour_before():
    clock = timing.new_clock("a", T0, timing.defaults())
    assert clock.deadline == T0 + 24 * HOUR
    assert clock.reminders == (T0 + 12 * HOUR, T0 + 23 * HOUR)
    short = timing.new_clock("a", T0, timing.defaults(turn_time="1h"))
    assert short.reminders == (T0 + HOUR / 2,)  # "an hour before" would be the start: dropped
    assert timing.new_clock("a", T0, timing.defaults(turn_time="none")) is None
    defender = timing.new_clock("a", T0, timing.defaults(), off_turn=True)
    assert defender.deadline == T0 + HOUR and defender.off_turn


def test_a_vacation_moves_what_is_to_come_and_its_early_end_brings_it_back():
    clock = timing.new_clock("a", T0, timing.defaults())
    clock = timing.Clock(**{**clock.__dict__, "sent": 1})
    paused = timing.pause(clock, T0 + HOUR, T0 + HOUR + 3 * 86400)
    assert paused.deadline == clock.deadline + 3 * 86400
    assert paused.reminders == (clock.reminders[0], clock.reminders[1] + 3 * 86400)  # the sent one stays
    back = timing.resume(paused, T0 + HOUR + 86400)
    assert back.deadline == clock.deadline + 86400 and back.paused_until is None
    during = timing.new_clock("a", T0, timing.defaults(), vacation_until=T0 + 86400)
    assert during.started == T0 + 86400 and during.deadline == T0 + 2 * 86400
    ignored = timing.new_clock("a", T0, {**timing.defaults(), "vacations": "ignored"}, vacation_until=T0 + 86400)
    assert ignored.deadline == T0 + 86400


@pytest.mark.parametrize("bad", [{"turn_time": "2h"}, {"turn_time": 3600}, {"clock": "1h"}, {"on_timeout": "robot"}])
def test_bad_timing_is_refused(bad):
    with pytest.raises(timing.BadTiming):
        timing.validate(bad)


# -- clocks through the service -------------------------------------------------------------

async def test_the_lobby_sets_the_tables_clock_and_refuses_bad_values(store, tmp_path):
    service = GameService(store, seed_source=lambda: 4)
    await service.new_game(CHANNEL, GUILD, "1", "risk_express", {}, "host")
    row = await service.set_options(CHANNEL, "1", False, {"turn_time": "6h", "on_timeout": "kick"})
    assert row.timing["turn_time"] == "6h" and row.timing["on_timeout"] == "kick"
    before = sqlite3.connect(f"{tmp_path}/clocks.sqlite3").execute("SELECT * FROM games").fetchall()
    for bad in ({"turn_time": "5h"}, {"turn_time": True}, {"reminders": ["half"]}):
        with pytest.raises(UserError):
            await service.set_options(CHANNEL, "1", False, bad)
    with pytest.raises(UserError):
        await service.set_options(CHANNEL, "2", False, {"turn_time": "1h"})  # not the host
    assert sqlite3.connect(f"{tmp_path}/clocks.sqlite3").execute("SELECT * FROM games").fetchall() == before


async def test_the_servers_default_clock_is_a_new_games(store):
    service = GameService(store, seed_source=lambda: 4)
    await service.update_settings(GUILD, True, turn_time="48h", reply_time="6h")
    row = await service.new_game(CHANNEL, GUILD, "1", "risk_express", {}, "host")
    assert row.timing["turn_time"] == "48h" and row.timing["reply_time"] == "6h"
    with pytest.raises(UserError):
        await service.update_settings(GUILD, True, turn_time="2d")


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_reminders_then_a_timeout_that_skips_the_turn(store, clock, game):
    service = GameService(store, seed_source=lambda: 4)
    row = await started(service, game)
    seat = to_act(row)[0]
    assert await service.deadline_of(await service.game(CHANNEL), seat) == T0 + 24 * HOUR
    assert await service.fire_due() == []
    clock.now = T0 + 12 * HOUR
    [first] = await service.fire_due()
    assert isinstance(first, Reminder) and first.seat == seat and first.deadline == T0 + 24 * HOUR
    assert await service.fire_due() == []  # once
    clock.now = T0 + 23 * HOUR
    [second] = await service.fire_due()
    assert isinstance(second, Reminder)
    clock.now = T0 + 23.5 * HOUR
    assert await service.fire_due() == []  # never more than the set reminders
    clock.now = T0 + 24 * HOUR
    [timeout] = await service.fire_due()
    assert isinstance(timeout, Played) and timeout.events[0]["type"] == "timeout"
    assert timeout.events[0]["seat"] == seat and timeout.events[0]["limit"] == 3
    row = await service.game(CHANNEL)
    assert seat not in to_act(row)
    nxt = to_act(row)[0]
    assert await service.deadline_of(await service.game(CHANNEL), nxt) == clock.now + 24 * HOUR  # the next player's clock
    assert await service.deadline_of(await service.game(CHANNEL), seat) is None
    log = await service.log(row)
    assert log[-1].action == {"type": "timeout", "seat": seat, "limit": 3} and log[-1].seat == "@system"
    kinds = [n.kind for n in await service.notes(row)]
    assert kinds == ["reminder", "reminder"]
    assert await service.replay(row) == row.state


async def test_a_move_restarts_nobodys_clock_but_a_new_turn_starts_the_next(store, clock):
    service = GameService(store, seed_source=lambda: 4)
    row = await started(service, "peaky_blinders")
    seat = to_act(row)[0]
    engine = GAMES[row.game]
    clock.now += HOUR
    while True:
        action = engine.default_action(row.state, seat)
        played = await service.act(CHANNEL, seat, action)
        row = played.row
        if played.new_turn:
            break
        assert await service.deadline_of(await service.game(CHANNEL), seat) == T0 + 24 * HOUR  # same turn: same clock
    assert await service.deadline_of(await service.game(CHANNEL), to_act(row)[0]) == clock.now + 24 * HOUR


async def test_three_missed_turns_remove_a_player(store, clock):
    service = GameService(store, seed_source=lambda: 4)
    row = await started(service, "risk_express", players=("1", "2", "3", "4"))
    first = to_act(row)[0]
    misses = 0
    while first in row.players:
        clock.now = (await service.next_due()) or clock.now
        for fired in await service.fire_due():
            if isinstance(fired, Played) and fired.events[0]["seat"] == first:
                misses += 1
        row = await service.game(CHANNEL)
        assert misses <= 3
    assert misses == 3 and first not in row.players


async def test_on_timeout_kick_ends_the_part_at_the_first_timeout(store, clock):
    service = GameService(store, seed_source=lambda: 4)
    row = await started(service, "peaky_blinders", on_timeout="kick", turn_time="1h")
    seat = to_act(row)[0]
    clock.now = T0 + HOUR
    fired = [f for f in await service.fire_due() if isinstance(f, Played)]
    assert any(e["type"] == "kicked" and e["seat"] == seat for e in fired[0].events)
    assert seat not in (await service.game(CHANNEL)).players


async def test_no_clock_no_timeout(store, clock):
    service = GameService(store, seed_source=lambda: 4)
    row = await started(service, "risk_express", turn_time="none")
    assert await service.deadline_of(await service.game(CHANNEL), to_act(row)[0]) is None
    clock.now += 30 * 86400
    assert await service.next_due() is None and await service.fire_due() == []


async def test_ending_a_game_stops_its_clocks(store):
    service = GameService(store, seed_source=lambda: 4)
    await started(service)
    assert await service.next_due() is not None
    await service.end(CHANNEL, "1", True)
    assert await service.next_due() is None


# -- vacations --------------------------------------------------------------------------------

async def test_a_vacation_pauses_the_clock_and_its_end_resumes_it(store, clock):
    service = GameService(store, seed_source=lambda: 4)
    row = await started(service)
    seat = to_act(row)[0]
    clock.now = T0 + 2 * HOUR
    away = await service.vacation(GUILD, seat, 3)
    assert away.games == 1 and away.days_left == 18
    assert await service.deadline_of(await service.game(CHANNEL), seat) == T0 + 24 * HOUR + 3 * 86400
    clock.now = T0 + 25 * HOUR  # past the old deadline: nothing fires
    assert await service.fire_due() == []
    back = await service.vacation(GUILD, seat, 0)
    assert back.until is None
    assert await service.deadline_of(await service.game(CHANNEL), seat) == T0 + 24 * HOUR + 23 * HOUR  # paused from 2h to 25h
    lines = {line.seat: line for line in await service.seat_clocks(await service.game(CHANNEL))}
    assert lines[seat].away_until is None and lines[seat].deadline == T0 + 47 * HOUR


async def test_a_clock_that_starts_during_a_vacation_starts_when_it_ends(store, clock):
    service = GameService(store, seed_source=lambda: 4)
    row = await started(service, "risk_express", players=("1", "2", "3"))
    nobody_yet = [p for p in row.players if p not in to_act(row)]
    away = nobody_yet[0]
    await service.vacation(GUILD, away, 2)
    while away not in to_act(row):
        clock.now = await service.next_due()
        await service.fire_due()
        row = await service.game(CHANNEL)
    assert await service.deadline_of(await service.game(CHANNEL), away) == T0 + 2 * 86400 + 24 * HOUR


async def test_vacations_are_limited_per_year_and_bad_days_refused(store, clock):
    service = GameService(store, seed_source=lambda: 4)
    await service.vacation(GUILD, "9", 14)
    clock.now += 7 * 86400
    back = await service.vacation(GUILD, "9", 0)  # the 7 days not taken come back
    assert back.days_left == 14
    again = await service.vacation(GUILD, "9", 14)
    assert again.days_left == 0
    clock.now += 14 * 86400
    with pytest.raises(UserError) as info:
        await service.vacation(GUILD, "9", 1)
    assert info.value.key == "err.vacation_limit"
    for bad in (-1, 15, True, "3", 2.5):
        with pytest.raises(UserError) as info:
            await service.vacation(GUILD, "9", bad)
        assert info.value.key == "err.bad_vacation"
    with pytest.raises(UserError):
        await service.vacation(None, "9", 3)
    with pytest.raises(UserError) as info:
        await service.vacation(GUILD, "9", 0)
    assert info.value.key == "err.not_away"
    await service.update_settings(GUILD, True, vacation_days=0)
    with pytest.raises(UserError):
        await service.vacation(GUILD, "10", 1)


async def test_notify_is_kept_per_member(store):
    service = GameService(store, seed_source=lambda: 4)
    assert (await service.member(GUILD, "1")).notify == "channel"
    await service.set_notify(GUILD, "1", "dm")
    assert (await service.member(GUILD, "1")).notify == "dm"
    with pytest.raises(UserError):
        await service.set_notify(GUILD, "1", "pigeon")


# -- restarts and races ------------------------------------------------------------------------

async def test_a_deadline_that_fell_due_while_stopped_fires_once_after_the_restart(tmp_path, clock):
    url = f"sqlite:///{tmp_path}/restart.sqlite3"
    store = await Store.open(url, clock=clock)
    service = GameService(store, seed_source=lambda: 4)
    row = await started(service)
    seat = to_act(row)[0]
    await store.close()
    clock.now = T0 + 3 * 86400  # the bot was down for three days
    store = await Store.open(url, clock=clock)
    service = GameService(store, seed_source=lambda: 4)
    delivered = []

    async def deliver(item):
        delivered.append(item)

    scheduler = Scheduler(service, deliver)
    await scheduler.tick()
    await scheduler.tick()
    timeouts = [d for d in delivered if isinstance(d, Played)]
    assert len(timeouts) == 1 and timeouts[0].events[0]["seat"] == seat
    assert [a.action["type"] for a in await service.log(row)].count("timeout") == 1
    await store.close()


async def test_a_move_at_the_deadline_and_the_timeout_never_both_happen(tmp_path, clock):
    url = f"sqlite:///{tmp_path}/race.sqlite3"
    store = await Store.open(url, clock=clock)
    other = await Store.open(url, clock=clock)  # a second process on the same database
    service, service2 = GameService(store, seed_source=lambda: 4), GameService(other, seed_source=lambda: 4)
    row = await started(service, "peaky_blinders")
    seat = to_act(row)[0]
    engine = GAMES[row.game]
    while True:  # play the turn up to its last action, before the deadline
        action = engine.default_action(row.state, seat)
        after, _ = engine.apply(row.state, seat, action)
        if engine.turn_info(after).current != seat:
            break
        row = (await service.act(CHANNEL, seat, action)).row
    clock.now = T0 + 24 * HOUR  # the last action and the deadline at the same instant

    async def move():
        try:
            return await service.act(CHANNEL, seat, action, expected_version=row.version)
        except UserError:
            return None

    results = await asyncio.gather(move(), service.fire_due(), service2.fire_due())
    log = await service.log(row)
    moved = results[0] is not None
    timed_out = sum(1 for a in log if a.action.get("type") == "timeout")
    assert moved + timed_out == 1, (moved, timed_out)
    assert (await service.replay(row)) == (await service.game(CHANNEL)).state
    await other.close()
    await store.close()


async def test_the_scheduler_sleeps_until_the_next_clock_and_a_poke_wakes_it(store, clock):
    service = GameService(store, seed_source=lambda: 4)
    delivered = []

    async def deliver(item):
        delivered.append(item)

    scheduler = Scheduler(service, deliver, max_sleep=86400.0)
    service.wake = scheduler.poke
    assert await scheduler.sleep_time() == scheduler.max_sleep  # nothing to wait for
    scheduler.start()
    try:
        await started(service)  # the start pokes: the scheduler reads the new clock
        await asyncio.sleep(0.05)
        assert await scheduler.sleep_time() == 12 * HOUR
        clock.now = T0 + 12 * HOUR
        scheduler.poke()
        for _ in range(100):
            if delivered:
                break
            await asyncio.sleep(0.01)
        assert len(delivered) == 1 and isinstance(delivered[0], Reminder)
    finally:
        await scheduler.stop()
