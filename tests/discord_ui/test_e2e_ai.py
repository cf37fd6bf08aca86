"""End to end: AI seats through the real discord.py client and the fake Discord (issue 14).

``/game new bots:1`` seats an AI in the lobby (named, with its level); a stranger's click on
Add AI is refused, only to them; the host adds and removes one. Two members and the AI play:
the AI's turns come by themselves, narrated like a person's, with the board, never mentioning
it. A moderator hands a member's seat to the AI (a member may not), the AI plays it, the
member's own click is refused until ``/game return`` gives it back. French where asked."""

from __future__ import annotations

import random

import pytest

from bot.discord_ui.messages import catch_up
from bot.rules import GAMES
from tests.discord_ui.e2e import HANG_LIMIT, make_bot

engine = GAMES["risk_express"]


async def play_members(fake, bot, table, rnd, moves: int):
    """``moves`` members' moves (the service takes them, the bot posts them as it posts a move
    committed without an interaction); the AI's come by themselves in between."""
    done = 0
    for _ in range(moves * 20):
        row = await bot.service.store.latest_game(table.id)
        if row.status != "running" or done >= moves:
            return row
        seat = engine.to_move(row.state)
        if seat in row.ai:
            await fake.settle()
            continue
        await bot.service.act(table.id, seat, engine.random_action(row.state, seat, rnd.randrange))
        await catch_up(bot, table.id)  # posted as the bot posts a move it did not announce yet
        await fake.settle()
        done += 1
    return await bot.service.store.latest_game(table.id)


async def test_ai_seats_in_a_lobby_and_a_game(fake, tmp_path):
    db = f"sqlite:///{tmp_path}/ai.sqlite3"
    guild = fake.add_guild("Robots Welcome")
    table = guild.add_text_channel("table")
    alice, bob, stranger = guild.add_member("Alice"), guild.add_member("Bob"), guild.add_member("Stranger")
    mod = guild.add_moderator("Mod")
    bot = make_bot(db, seed=31)
    async with fake.run(bot):
        bot.service.ai_budget = 0.02
        res = await fake.slash(alice, table, "game", "new", options={"game": "risk_express", "bots": 1})
        lobby = res.message
        assert "AI 1 (normal)" in lobby.content and "<@ai1>" not in lobby.content
        res = await fake.click(stranger, lobby, label="Add AI")
        assert res.ephemeral and "host" in res.content
        res = await fake.click(stranger, lobby, label="Add AI", locale="fr")
        assert res.ephemeral and "hôte" in res.content
        await fake.click(alice, lobby, label="Add AI")
        assert "AI 2 (normal)" in fake.message(lobby.id).content
        await fake.click(alice, lobby, label="Remove AI")
        assert "AI 2" not in fake.message(lobby.id).content
        await fake.click(bob, lobby, label="Join")
        mark = fake.mark()
        await fake.click(alice, lobby, label="Start")
        await fake.wait_message(table, lambda m: bool(m.files), since=mark, timeout=HANG_LIMIT)
        row = await bot.service.store.active_game(table.id)
        assert row.players == [str(alice.id), "ai1", str(bob.id)] and row.ai == {"ai1": "normal"}

        # members play; the AI's turns come by themselves, narrated, never a mention of it
        rnd = random.Random(3)
        mark = fake.mark()
        row = await play_members(fake, bot, table, rnd, 6)
        log = await bot.service.log(row)
        assert any(a.seat == "ai1" for a in log)
        posted = [r for r in fake.records[mark:] if r.channel_id == table.id and r.action == "create"]
        assert any("AI 1" in r.content for r in posted)
        assert not any("<@ai1>" in r.content for r in fake.records)
        assert all(u in (alice.id, bob.id) for r in fake.records for u in r.pinged)
        row = await bot.service.store.latest_game(table.id)
        assert row.status != "running" or engine.to_move(row.state) != "ai1"  # the AI left nothing waiting

        # a member may not hand a seat to the AI; a moderator may; the member takes it back
        res = await fake.slash(alice, table, "game", "mod", "ai", options={"player": bob})
        assert res.ephemeral and "moderator" in res.content.lower()
        res = await fake.slash(alice, table, "game", "mod", "ai", options={"player": bob}, locale="fr")
        assert res.ephemeral and "modérateur" in res.content.lower()
        res = await fake.slash(mod, table, "game", "mod", "ai", options={"player": bob, "level": "easy"})
        assert not res.ephemeral and "Bob" in res.content
        row = await bot.service.store.active_game(table.id)
        assert row.ai == {"ai1": "normal", str(bob.id): "easy"}
        res = await fake.slash(alice, table, "game", "return")
        assert res.ephemeral and "not playing your seat" in res.content
        res = await fake.slash(bob, table, "game", "return")
        assert not res.ephemeral
        await fake.settle()
        row = await bot.service.store.active_game(table.id)
        assert row.ai == {"ai1": "normal"}


async def test_a_restart_plays_the_ai_move_left_waiting(fake, tmp_path):
    """The process stopped after a member's move made it the AI's turn, before the AI
    played: the bot starting again plays it and posts it, unasked."""
    from bot.service import GameService
    from bot.store import Store

    db = f"sqlite:///{tmp_path}/restart.sqlite3"
    guild = fake.add_guild("Restarts")
    table = guild.add_text_channel("table")
    alice = guild.add_member("Alice")
    store = await Store.open(db)
    service = GameService(store, seed_source=lambda: 12)
    await service.new_game(table.id, guild.id, str(alice.id), "risk_express", {}, "Alice")
    await service.add_ai(table.id, str(alice.id), False, level="easy")
    row = await service.start(table.id, str(alice.id), False)
    rnd = random.Random(1)
    while engine.to_move(row.state) != "ai1":
        seat = engine.to_move(row.state)
        row = (await service.act(table.id, seat, engine.random_action(row.state, seat, rnd.randrange))).row
    assert await service.waiting_on_ai() == [table.id]
    version = row.version
    await store.close()

    bot = make_bot(db)
    async with fake.run(bot):
        bot.service.ai_budget = 0.02
        moved = await fake.wait_message(table, lambda m: "AI 1" in m.content, timeout=HANG_LIMIT)
        assert moved is not None
        await fake.settle()
        row = await bot.service.store.latest_game(table.id)
        assert row.version > version and any(a.seat == "ai1" for a in await bot.service.log(row))
        assert row.status != "running" or engine.to_move(row.state) != "ai1"
        assert await bot.service.waiting_on_ai() == []


async def test_a_silent_seat_is_taken_over_by_the_ai_when_the_table_says_so(fake, tmp_path):
    """``on_timeout: ai`` chosen in the lobby's clock menu: when the silent member's time runs
    out, the channel is told (no mention), the AI plays the seat at once, and the member's
    /game return gives it back."""
    from tests.discord_ui.test_e2e_clocks import HOUR, T0, clocked_bot
    from tests.fakeclock import Clock

    guild = fake.add_guild("Patience")
    table = guild.add_text_channel("table")
    alice, bob = guild.add_member("Alice"), guild.add_member("Bob")
    clock = Clock(T0)
    bot = await clocked_bot(tmp_path, "silent_ai", clock)
    async with fake.run(bot):
        bot.service.ai_budget = 0.02
        res = await fake.slash(alice, table, "game", "new", options={"game": "risk_express"})
        lobby = res.message
        menu = next(c for c in lobby.custom_ids if c.endswith(":*clock"))
        await fake.select(alice, lobby, menu, ["turn_time=6h"])
        await fake.select(alice, lobby, menu, ["on_timeout=ai"])
        assert "the AI plays the seat" in fake.message(lobby.id).content
        await fake.click(bob, lobby, label="Join")
        await fake.click(alice, lobby, label="Start")
        # the opening board (which pings the first player) posted before the mark below: a
        # settle alone can return while a loaded machine is still drawing it
        await fake.wait_message(table, lambda m: bool(m.files), timeout=HANG_LIMIT)
        await fake.settle()
        row = await bot.service.store.active_game(table.id)
        silent = engine.to_move(row.state)
        member = alice if silent == str(alice.id) else bob
        clock.now = T0 + 7 * HOUR
        mark = fake.mark()
        await bot.scheduler.tick()
        told = await fake.wait_message(table, lambda m: "time ran out" in m.content, since=mark, timeout=HANG_LIMIT)
        assert "the AI (normal) plays their seat" in told.content
        await fake.settle()
        row = await bot.service.store.active_game(table.id)
        assert row.ai == {silent: "normal"}
        assert any(a.seat == silent for a in await bot.service.log(row))  # the AI moved for it
        assert not [r for r in fake.records[mark:] if int(silent) in r.pinged]
        res = await fake.slash(member, table, "game", "return")
        assert not res.ephemeral
        assert (await bot.service.store.active_game(table.id)).ai == {}


@pytest.mark.slow
async def test_a_table_whose_people_are_all_away_is_played_out_at_discords_pace(fake, tmp_path):
    """Both people time out at an ``on_timeout: ai`` table: the AI plays the whole game, told
    a run of turns at a time (« 🤖 …: 9 turns played »), the AI spoken of, never to; every
    new channel message takes a slot of the pacer (on a fake clock: no real waiting), and no 5
    seconds of it hold more than 5 messages."""
    from bot.discord_ui.outbox import Pacer
    from tests.discord_ui.test_e2e_clocks import HOUR, T0, clocked_bot
    from tests.fakeclock import Clock

    guild = fake.add_guild("Away")
    table = guild.add_text_channel("table")
    alice, bob = guild.add_member("Alice"), guild.add_member("Bob")
    clock = Clock(T0)
    bot = await clocked_bot(tmp_path, "all_away", clock)
    virtual = [0.0]
    slots: list[float] = []

    async def sleep(seconds: float) -> None:
        virtual[0] += max(seconds, 0.0)

    class Recording(Pacer):
        async def slot(self, channel_id):
            await super().slot(channel_id)
            if channel_id == table.id:
                slots.append(virtual[0])

    async with fake.run(bot):
        bot.pacer = Recording(now=lambda: virtual[0], sleep=sleep)
        bot.service.ai_budget = 0.01
        res = await fake.slash(alice, table, "game", "new", options={"game": "risk_express"})
        lobby = res.message
        menu = next(c for c in lobby.custom_ids if c.endswith(":*clock"))
        await fake.select(alice, lobby, menu, ["turn_time=6h"])
        await fake.select(alice, lobby, menu, ["on_timeout=ai"])
        await fake.click(bob, lobby, label="Join")
        await fake.click(alice, lobby, label="Start")
        await fake.settle()
        mark = fake.mark()
        for hours in (7, 14, 21):
            clock.now = T0 + hours * HOUR
            await bot.scheduler.tick()
            await fake.settle()
            row = await bot.service.store.latest_game(table.id)
            if row.status == "finished":
                break
        row = await bot.service.store.latest_game(table.id)
        assert row.status == "finished"
        await fake.settle()
        created = [r for r in fake.records[mark:] if r.channel_id == table.id and r.action == "create"
                   and not r.flags & 64]
        assert created and len(slots) >= len(created)  # every new message took its slot
        assert all(sum(1 for u in slots if t0 <= u < t0 + 5) <= 5 for t0 in slots), slots
        text = "\n".join(r.content for r in created)
        assert "turns played" in text, text[-1500:]
        assert "AI 1" not in text or "your move" not in text.split("AI 1")[-1][:20]
        assert len(created) < 40, len(created)  # not one post a move
