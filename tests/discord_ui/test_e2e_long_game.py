"""End to end, a long game (issue 29): undo, rollback and export of a Walking Dead Conquest
game of 1,500 actions
through the fake Discord, the event loop never kept busy over 20 ms of its CPU at a time
(the suite's watch, ``tests/discord_ui/conftest.py``), and the state after each the one the
seed's replay gives."""

from __future__ import annotations

import random

from bot import export
from bot.rules import GAMES
from bot.store.rows import dumps
from tests.discord_ui.test_e2e_clocks import clocked_bot
from tests.discord_ui.test_e2e_platform import open_game, start
from tests.fakeclock import Clock

MOVES = 1500


async def test_undo_rollback_and_export_of_a_long_game_never_stall_the_loop(fake, tmp_path):
    guild = fake.add_guild("Long")
    table = guild.add_text_channel("conquest")
    alice, bob, carol = (guild.add_member(n) for n in ("Alice", "Bob", "Carol"))
    users = {str(u.id): u for u in (alice, bob, carol)}
    mod = guild.add_moderator("Mod")
    bot = await clocked_bot(tmp_path, "long", Clock(1_800_000_000.0))
    async with fake.run(bot):
        await open_game(fake, bot, table, alice, [bob, carol], game="walking_dead")
        await bot.service.set_options(table.id, str(alice.id), True,
                                      {"mode": "conquest", "claims": "random", "groups": "random"})
        _mark, row = await start(fake, bot, table, alice)
        await fake.settle()
        # a long game, played here through the service (the test's own work, not counted)
        engine, rnd, service = GAMES[row.game], random.Random(29), bot.service
        for _ in range(MOVES):
            seat = engine.to_act(row.state)[0]
            for _ in range(30):
                action = engine.random_action(row.state, seat, lambda k: rnd.randrange(k))
                if engine.outcome(engine.apply(row.state, seat, action)[0]) is None:
                    break
            else:
                break
            row = (await service.act(table.id, seat, action)).row
        await service.mark_announced(row.id, row.version)
        log = await service.log(row)
        assert len(log) > 1000 and row.status == "running"

        # a moderator's rollback across turns, confirmed by its button
        res = await fake.slash(mod, table, "game", "mod", "rollback", options={"steps": 40})
        confirm = res.message
        mark = fake.mark()
        await fake.click(mod, confirm, next(c for c in confirm.custom_ids if c.startswith("gmrb:")))
        await fake.wait_record(lambda r: "rolled the game back by 40 actions" in (r.content or "")
                               and not r.ephemeral and r.channel_id == table.id, since=mark)
        await fake.settle()
        row = await service.store.active_game(table.id)
        assert dumps(row.state) == dumps(service._replayed(row, log[:-40]))

        # the player whose turn it is plays a move and takes it back (or is told why not)
        seat = engine.to_act(row.state)[0]
        action = engine.random_action(row.state, seat, lambda k: rnd.randrange(k))
        before = row.state
        played = await service.act(table.id, seat, action)
        res = await fake.slash(users[seat], table, "game", "undo")
        after = await service.store.active_game(table.id)
        if res.ephemeral:  # something random or hidden came of it: refused, nothing changed
            assert "cannot be taken back" in res.content or "no move" in res.content
            assert after.version == played.row.version
        else:
            assert dumps(after.state) == dumps(before)

        res = await fake.slash(bob, table, "game", "export")  # running: its public part
        assert res.ephemeral and len(res.files) == 1
        await fake.slash(alice, table, "game", "end")
        res = await fake.slash(bob, table, "game", "export")  # over: in full, the log whole
        [(_name, data)] = res.files
        live = await service.log(after)
        assert [e["seq"] for e in export.load(data).log] == [a.seq for a in live]
    assert not fake.discord_errors and not fake.unknown_routes
