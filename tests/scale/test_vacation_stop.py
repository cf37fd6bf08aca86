"""A clean stop (SIGTERM sets ``service.draining``) in the middle of ``/game settings vacation``: the
vacation, once begun, runs to its end (every game's clocks paused and the member's row
written), and one asked for after the stop began is refused with nothing changed."""

from __future__ import annotations

import pytest

from bot import timing
from bot.rules import GAMES
from bot.service import GameService, UserError
from bot.store import Store
from tests.fakeclock import Clock

GUILD = 5
T0 = 1_700_000_000.0
CHANNELS = (301, 302, 303)


async def three_games(tmp_path):
    store = await Store.open(f"sqlite:///{tmp_path}/vacation.sqlite3", clock=Clock(T0))
    service = GameService(store, seed_source=lambda: 4)
    rows = []
    for channel in CHANNELS:
        await service.new_game(channel, GUILD, "1", "risk_express", {}, "host")
        for p in ("2", "3"):
            await service.join(channel, p, f"p{p}")
        rows.append(await service.start(channel, "1", False))
    seat = GAMES["risk_express"].to_act(rows[0].state)[0]
    assert all(GAMES["risk_express"].to_act(row.state) == [seat] for row in rows)
    return store, service, seat


async def clocks(store, seat):
    return {game_id: timing.from_row(row) for game_id, row in await store.clocks_of_members(GUILD, seat)}


async def test_a_stop_in_the_middle_of_a_vacation_leaves_no_clock_half_paused(tmp_path):
    store, service, seat = await three_games(tmp_path)
    try:
        games_of = store.clocks_of_members

        async def stop_once_begun(*args, **kwargs):  # SIGTERM arrives once the vacation has begun
            found = await games_of(*args, **kwargs)
            service.draining = True
            return found

        store.clocks_of_members = stop_once_begun
        away = await service.vacation(GUILD, seat, 3)
        assert away.games == len(CHANNELS)
        paused = await clocks(store, seat)
        assert len(paused) == len(CHANNELS)
        assert all(c.paused_until == T0 + 3 * 86400 for c in paused.values()), paused
        me = await store.member(GUILD, seat)
        assert me.away_until == T0 + 3 * 86400 and me.away_days == 3
        # the next one, asked for while stopping, is refused and changes nothing
        with pytest.raises(UserError) as refused:
            await service.vacation(GUILD, seat, 0)
        assert refused.value.key == "err.restarting"
        assert await clocks(store, seat) == paused
        assert (await store.member(GUILD, seat)).away_until == T0 + 3 * 86400
    finally:
        await store.close()


async def test_a_vacation_asked_for_while_stopping_is_refused_before_anything_moves(tmp_path):
    store, service, seat = await three_games(tmp_path)
    try:
        before = await clocks(store, seat)
        service.draining = True
        with pytest.raises(UserError) as refused:
            await service.vacation(GUILD, seat, 3)
        assert refused.value.key == "err.restarting"
        assert await clocks(store, seat) == before
        assert (await store.member(GUILD, seat)).away_until is None
    finally:
        await store.close()
