"""AI seats through the service (issue 14): added to a lobby, playing their decisions as
moves of their own (logged, replayed exactly), a member's seat handed to the AI and taken
back, and every wrong request refused with the game and the database as they were."""

from __future__ import annotations

import pytest

from bot.rules import GAMES
from bot.rules.base import canonical
from bot.service import GameService, UserError
from bot.store import Store
from tests.fakeclock import Clock

CHANNEL = 900
GUILD = 9


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
async def store(tmp_path, clock):
    s = await Store.open(f"sqlite:///{tmp_path}/ai.sqlite3", clock=clock)
    yield s
    await s.close()


@pytest.fixture
def service(store):
    svc = GameService(store, seed_source=lambda: 4_242)
    svc.ai_budget = 0.05  # tests never wait on the clock: the search's iterations bound it too
    return svc


async def unchanged(store, channel=CHANNEL):
    row = await store.latest_game(channel)
    return None if row is None else (row.version, canonical(row.state), row.players, row.ai)


async def test_a_lobby_takes_ai_seats_and_refuses_what_it_should(service, store):
    await service.new_game(CHANNEL, GUILD, "1", "risk_express", {}, "Ada", lang="fr")
    before = await unchanged(store)
    for call, key in ((service.add_ai(CHANNEL, "2", False), "err.host_only"),
                      (service.add_ai(CHANNEL, "1", False, level="godlike"), "err.ai_level"),
                      (service.remove_ai(CHANNEL, "1", False), "err.no_ai"),
                      (service.start(CHANNEL, "1", False), "err.player_count")):
        with pytest.raises(UserError) as refused:
            await call
        assert refused.value.key == key
        assert await unchanged(store) == before
    row = await service.add_ai(CHANNEL, "1", False, level="hard")
    assert row.players == ["1", "ai1"] and row.ai == {"ai1": "hard"} and row.names["ai1"] == "IA 1 (difficile)"
    row = await service.add_ai(CHANNEL, "9", True)  # a moderator may too
    assert row.players == ["1", "ai1", "ai2"] and row.ai["ai2"] == "normal"
    row = await service.remove_ai(CHANNEL, "1", False)
    assert row.players == ["1", "ai1"] and "ai2" not in row.ai
    # a lobby of AIs only does not start
    await service.leave(CHANNEL, "1")  # the host leaves: the lobby closes, it has no person
    await service.new_game(CHANNEL + 1, GUILD, "5", "risk_express", {}, "Bo")
    await service.add_ai(CHANNEL + 1, "5", False)
    await service.add_ai(CHANNEL + 1, "5", False)
    row = await service.store.active_game(CHANNEL + 1)
    await service.store.update_game(row, players=["ai1", "ai2"], host_id="5")  # the person left
    before = await unchanged(store, CHANNEL + 1)
    with pytest.raises(UserError) as refused:
        await service.start(CHANNEL + 1, "5", True)
    assert refused.value.key == "err.only_ai"
    assert await unchanged(store, CHANNEL + 1) == before


async def test_ai_seats_play_their_moves_and_the_game_replays(service, store):
    await service.new_game(CHANNEL, GUILD, "1", "peaky_blinders", {}, "Ada")
    await service.join(CHANNEL, "2", "Bo")
    await service.add_ai(CHANNEL, "1", False, level="easy")
    row = await service.start(CHANNEL, "1", False)
    engine = GAMES[row.game]
    ai_moves = person_moves = 0
    for _ in range(400):
        played = await service.play_ai(CHANNEL)
        if played is not None:
            ai_moves += 1
            assert played.seat == "ai1"
            row = played.row
        else:
            row = await service.game_or_last(CHANNEL)
            if row.status != "running":
                break
            seat = engine.to_move(row.state)
            assert seat in ("1", "2")  # the AI never leaves a decision of its own waiting
            action = engine.random_action(row.state, seat, lambda n: 0)
            row = (await service.act(CHANNEL, seat, action)).row
            person_moves += 1
        if ai_moves >= 25 and person_moves >= 25:
            break
    assert ai_moves >= 25 and person_moves >= 25
    log = await service.log(row)
    assert {a.seat for a in log} >= {"ai1", "1", "2"}
    assert canonical(await service.replay(row)) == canonical(row.state)
    # no clock ever waits on the AI's seat
    assert "ai1" not in (await store.get_game(row.id)).clocks


async def test_a_moderator_hands_a_seat_to_the_ai_and_its_player_takes_it_back(service, store):
    await service.new_game(CHANNEL, GUILD, "1", "risk_express", {}, "Ada")
    await service.join(CHANNEL, "2", "Bo")
    row = await service.start(CHANNEL, "1", False)
    before = await unchanged(store)
    for call, key in ((service.hand_to_ai(CHANNEL, False, "2"), "err.mod_only"),
                      (service.hand_to_ai(CHANNEL, True, "7"), "err.target_not_player"),
                      (service.return_seat(CHANNEL, "2"), "err.not_with_ai")):
        with pytest.raises(UserError) as refused:
            await call
        assert refused.value.key == key
        assert await unchanged(store) == before
    row = await service.hand_to_ai(CHANNEL, True, "2", level="easy")
    assert row.ai == {"2": "easy"} and row.players == ["1", "2"]
    engine = GAMES[row.game]
    # while the AI has it, the member's own moves are refused
    seat = "2"
    while engine.to_move(row.state) != "2":
        current = engine.to_move(row.state)
        row = (await service.act(CHANNEL, current, engine.random_action(row.state, current, lambda n: 0))).row
    before = await unchanged(store)
    with pytest.raises(UserError) as refused:
        await service.act(CHANNEL, seat, engine.random_action(row.state, seat, lambda n: 0))
    assert refused.value.key == "err.seat_with_ai"
    assert await unchanged(store) == before
    played = await service.play_ai(CHANNEL)
    assert played is not None and played.seat == "2"
    row = await service.return_seat(CHANNEL, "2")
    assert row.ai == {}
    assert await service.play_ai(CHANNEL) is None  # a person's decision again


async def test_on_timeout_ai_hands_the_silent_seat_to_the_ai(service, store, clock):
    """A table whose ``on_timeout`` is ``ai``: when a member's time runs out, the AI takes the
    seat over (its clock stopped), plays it, and the member takes it back with /game return."""
    await service.new_game(CHANNEL, GUILD, "1", "risk_express", {}, "Ada")
    await service.join(CHANNEL, "2", "Bo")
    await service.set_options(CHANNEL, "1", False, {"turn_time": "6h", "on_timeout": "ai"})
    row = await service.start(CHANNEL, "1", False)
    seat = GAMES[row.game].to_move(row.state)
    assert seat in (await store.get_game(row.id)).clocks
    clock.now += 7 * 3600
    fired = await service.fire_due()
    handed = [f for f in fired if type(f).__name__ == "Handed"]
    assert [h.seat for h in handed] == [seat]
    row = await store.get_game(row.id)
    assert row.ai == {seat: "normal"} and seat not in row.clocks
    assert await service.waiting_on_ai() == [CHANNEL]
    played = await service.play_ai(CHANNEL)
    assert played is not None and played.seat == seat
    assert (await service.log(played.row))[-1].seat == seat  # the seat's own move, logged as such
    await service.return_seat(CHANNEL, seat)
    assert (await store.get_game(row.id)).ai == {}
