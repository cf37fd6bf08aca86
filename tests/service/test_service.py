"""The service's rules for people: host rights, reset as one step, replay after kicks,
server settings, idle lobbies, what the channel was shown, refusals that quote players."""

from __future__ import annotations

import sqlite3

import pytest

from bot.rules import GAMES
from bot.service import GameService, UserError, fill
from bot.store import Store
from tests.fakeclock import Clock

CHANNEL = 300



@pytest.fixture
async def store(tmp_path):
    s = await Store.open(f"sqlite:///{tmp_path}/svc.sqlite3", clock=Clock())
    yield s
    await s.close()


def dump(path) -> list:
    con = sqlite3.connect(path)
    try:
        return [con.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in ("games", "actions", "guild_settings")]
    finally:
        con.close()


async def started(service: GameService, players=("1", "2", "3"), game="risk_express") -> None:
    await service.new_game(CHANNEL, 5, players[0], game, {}, "host")
    for p in players[1:]:
        await service.join(CHANNEL, p, f"p{p}")
    await service.start(CHANNEL, players[0], False)


async def test_a_kicked_host_loses_host_rights(store):
    service = GameService(store, seed_source=lambda: 4)
    await started(service)
    await service.kick(CHANNEL, True, "1")
    with pytest.raises(UserError) as info:
        await service.end(CHANNEL, "1", False)
    assert info.value.key == "err.host_only"
    assert (await service.game(CHANNEL)).status == "running"


async def test_reset_is_one_transaction(store, tmp_path):
    """A reset that fails half-way leaves the channel with its old game, untouched."""
    seeds = iter([1, 2, 3])
    service = GameService(store, seed_source=lambda: next(seeds))
    await started(service)
    before = dump(tmp_path / "svc.sqlite3")

    def broken_start(seed: int) -> dict:
        raise RuntimeError("the deal failed")

    row = await service.game(CHANNEL)
    with pytest.raises(RuntimeError):
        await store.reset_game(row, 99, broken_start)
    assert dump(tmp_path / "svc.sqlite3") == before
    # and a real reset: old ended, new running with the same players, picks and language
    new = await service.reset(CHANNEL, True)
    assert new.status == "running" and new.players == row.players and new.seats == row.players
    assert new.lang == row.lang
    assert (await store.get_game(row.id)).status == "ended"


async def test_reset_of_a_lobby_keeps_the_lobby(store):
    service = GameService(store, seed_source=lambda: 8)
    await service.new_game(CHANNEL, 5, "1", "risk_express", {}, "host")
    await service.join(CHANNEL, "2", "two")
    fresh = await service.reset(CHANNEL, True)
    assert fresh.status == "lobby" and fresh.players == ["1", "2"] and fresh.state is None


async def test_replay_after_a_kick_uses_the_seats_at_start(store):
    service = GameService(store, seed_source=lambda: 12)
    await started(service)
    game = GAMES["risk_express"]
    for _ in range(4):
        row = await service.game(CHANNEL)
        seat = game.current(row.state)
        await service.act(CHANNEL, seat, game.legal_actions(row.state, seat)[0])
    played = await service.kick(CHANNEL, True, "2")
    row = played.row
    assert row.players == ["1", "3"] and row.seats == ["1", "2", "3"]
    assert await service.replay(row) == row.state


async def test_settings_need_manage_server(store, tmp_path):
    service = GameService(store)
    before = dump(tmp_path / "svc.sqlite3")
    with pytest.raises(UserError) as info:
        await service.update_settings(5, False, moderator_role_id=77)
    assert info.value.key == "err.settings_perm"
    assert dump(tmp_path / "svc.sqlite3") == before
    for bad, key in [({"language": "de"}, "err.bad_language"), ({"lobby_idle_days": 0}, "err.bad_idle_days"),
                     ({"lobby_idle_days": 10_000}, "err.bad_idle_days"), ({"lobby_idle_days": True}, "err.bad_idle_days")]:
        with pytest.raises(UserError) as info:
            await service.update_settings(5, True, **bad)
        assert info.value.key == key
    assert dump(tmp_path / "svc.sqlite3") == before
    s = await service.update_settings(5, True, moderator_role_id=77, language="fr")
    assert (s.moderator_role_id, s.language, s.lobby_idle_days) == (77, "fr", 7)
    s = await service.update_settings(5, True, lobby_idle_days=3)
    assert (s.moderator_role_id, s.language, s.lobby_idle_days) == (77, "fr", 3)
    s = await service.update_settings(5, True, clear_moderator_role=True)
    assert s.moderator_role_id is None and s.language == "fr"


async def test_the_games_language(store):
    service = GameService(store)
    row = await service.new_game(1, 5, "1", "risk_express", locale="fr")
    assert row.lang == "fr"  # the creator's locale
    await service.update_settings(6, True, language="en")
    row = await service.new_game(2, 6, "1", "risk_express", locale="fr")
    assert row.lang == "en"  # the server's setting beats the creator's locale
    row = await service.new_game(3, 6, "1", "risk_express", lang="fr", locale="en-US")
    assert row.lang == "fr"  # the lobby's own choice beats both
    with pytest.raises(UserError) as info:
        await service.new_game(4, 6, "1", "risk_express", lang="xx")
    assert info.value.key == "err.bad_language"


async def test_idle_lobbies_close_after_the_servers_delay(store):
    service = GameService(store)
    clock = store.clock
    await service.new_game(1, 5, "1", "risk_express")            # default: 7 days
    await service.update_settings(6, True, lobby_idle_days=2)
    await service.new_game(2, 6, "1", "risk_express")            # 2 days
    await service.new_game(3, 5, "1", "risk_express")
    await service.join(3, "2")
    await service.start(3, "1", False)                           # running: never closed
    clock.now += 3 * 86400
    closed = await service.close_idle_lobbies()
    assert [r.channel_id for r in closed] == [2]
    assert (await store.latest_game(2)).status == "ended"
    clock.now += 5 * 86400
    closed = await service.close_idle_lobbies()
    assert [r.channel_id for r in closed] == [1]
    assert (await store.active_game(3)).status == "running"
    # a closed lobby frees its channel
    await service.new_game(1, 5, "9", "risk_express")


async def test_a_move_not_posted_is_found_later(store):
    service = GameService(store, seed_source=lambda: 21)
    await started(service)
    row = await service.game(CHANNEL)
    await service.mark_announced(row.id, row.version)
    game = GAMES["risk_express"]
    seat = game.current(row.state)
    played = await service.act(CHANNEL, seat, game.legal_actions(row.state, seat)[0])
    missing = await service.unannounced(played.row)
    assert [a.seq for a in missing] == [1] and missing[0].events == played.events
    await service.mark_announced(row.id, played.row.version)
    assert await service.unannounced(await service.game(CHANNEL)) == []


async def test_the_last_game_stays_viewable(store):
    service = GameService(store, seed_source=lambda: 2)
    with pytest.raises(UserError):
        await service.game_or_last(CHANNEL)
    await started(service)
    row = await service.game(CHANNEL)
    await store.update_game(row, status="finished")
    assert (await service.game_or_last(CHANNEL)).id == row.id
    with pytest.raises(UserError):
        await service.game(CHANNEL)


@pytest.mark.parametrize("typed", ["{x}", "{0}", "{", "}", "{x.y}", "{0[1]}", "%s", "x" * 3000])
async def test_player_text_in_a_refusal_is_never_read_as_a_template(typed):
    err = UserError("err.unknown_game", "Unknown game '{game}'.", game=typed)
    assert typed in str(err)
    assert fill("a {b}", {"b": typed}) == f"a {typed}"
    assert fill("broken {", {"b": 1}) == "broken {"


async def test_unknown_game_names_are_cut(store):
    service = GameService(store)
    with pytest.raises(UserError) as info:
        await service.new_game(1, 5, "1", "{0}" * 2000)
    assert len(str(info.value)) < 200


async def test_migration_2_keeps_old_games(tmp_path):
    """A database from before migration 2: its games keep playing, nothing is re-announced."""
    from bot.store import MIGRATIONS

    path = tmp_path / "old.sqlite3"
    con = sqlite3.connect(path)
    con.executescript(MIGRATIONS[0] + ";PRAGMA user_version = 1;")
    con.execute("INSERT INTO games (channel_id, guild_id, game, status, host_id, options, players, seed, state,"
                " version, created_at, updated_at) VALUES (1, 2, 'risk_express', 'running', 'a', '{}',"
                " '[\"a\",\"b\"]', 5, '{\"seats\": [\"a\", \"b\"]}', 9, 0, 0)")
    con.commit()
    con.close()
    store = await Store.open(f"sqlite:///{path}")
    row = await store.active_game(1)
    assert (row.lang, row.seats, row.picks, row.announced_version) == ("en", ["a", "b"], {}, 9)
    await store.close()


async def test_lobby_options_host_or_moderator_and_checked(store, tmp_path):
    service = GameService(store)
    row = await service.new_game(CHANNEL, 5, "1", "peaky_blinders", {}, "host")
    await service.join(CHANNEL, "2", "two")
    before = dump(tmp_path / "svc.sqlite3")
    for user, mod, opts, key in [("2", False, {"crown": False}, "err.host_only"),
                                 ("1", False, {"crown": "maybe"}, "err.option_bool"),
                                 ("1", False, {"turbo": True}, "err.unknown_option"),
                                 ("3", True, {"crown": False}, None)]:
        if key is None:
            continue
        with pytest.raises(UserError) as info:
            await service.set_options(CHANNEL, user, mod, opts)
        assert info.value.key == key
    with pytest.raises(UserError):  # a menu of another (older) lobby
        await service.set_options(CHANNEL, "1", False, {"crown": False}, game_id=row.id + 1)
    assert dump(tmp_path / "svc.sqlite3") == before
    row = await service.set_options(CHANNEL, "1", False, {"crown": False})
    assert row.options["crown"] is False and row.options["gangs"] == "choose"
    row = await service.set_options(CHANNEL, "9", True, {"crown": True})  # a moderator
    assert row.options["crown"] is True


async def test_the_discord_layer_reads_games_through_the_service(store):
    """What the cogs and buttons used to ask the store, the service answers the same."""
    service = GameService(store, seed_source=lambda: 6)
    assert await service.active_game(CHANNEL) is None and await service.latest_game(CHANNEL) is None
    assert await service.get_game(12345) is None
    await started(service)
    row = await service.game(CHANNEL)
    assert await service.active_game(CHANNEL) == row == await service.latest_game(CHANNEL)
    assert await service.get_game(row.id) == row
    assert await service.log(row) == []
    engine = GAMES["risk_express"]
    for _ in range(3):
        row = await service.game(CHANNEL)
        seat = engine.current(row.state)
        await service.act(CHANNEL, seat, engine.legal_actions(row.state, seat)[0])
    row = await service.game(CHANNEL)
    assert [a.seq for a in await service.log(row)] == [1, 2, 3]
    assert await service.log(row, last=2) == (await store.actions(row.id))[1:]
    await service.note_messages(row.id, prompt_message_id=77)
    await service.note_messages(row.id, lobby_message_id=66)
    noted = await service.get_game(row.id)
    assert (noted.lobby_message_id, noted.prompt_message_id, noted.version) == (66, 77, row.version)
    await service.note_messages(row.id, prompt_message_id=None)
    assert (await service.get_game(row.id)).prompt_message_id is None
    with pytest.raises(ValueError):
        await service.note_messages(row.id, status="ended")
    ended = await service.end(CHANNEL, "1", False)
    assert await service.active_game(CHANNEL) is None
    assert await service.latest_game(CHANNEL) == ended


def test_the_service_exports_the_row_types():
    import bot.service
    import bot.store

    for name in ("GameRow", "ActionRow", "GuildSettings"):
        assert getattr(bot.service, name) is getattr(bot.store, name)
