"""End to end, asynchronous play (issue 11): a table's clock chosen in the lobby's menu,
deadlines in the prompts, a player who goes silent (reminded, skipped, removed after three
misses), reminders by direct message, vacations, the commands' refusals.

The real discord.py client against the fake Discord; the bot's store runs on a clock the
test moves, and the scheduler's own look (``tick``) fires what is due.
"""

from __future__ import annotations

import re

import discord

from bot.rules import GAMES
from bot.store import Store
from tests.discord_ui.e2e import make_bot
from tests.discord_ui.test_e2e_platform import live_prompt, open_game, posted_since, start
from tests.fakeclock import Clock

HOUR = 3600.0
T0 = 1_800_000_000.0
STAMP = re.compile(r"<t:(\d+):R>")



async def clocked_bot(tmp_path, name: str, clock: Clock):
    bot = make_bot(f"sqlite:///{tmp_path}/{name}.sqlite3")
    bot._store = await Store.open(f"sqlite:///{tmp_path}/{name}.sqlite3", clock=clock)
    return bot


def to_act(row) -> list[str]:
    return GAMES[row.game].to_act(row.state)


async def test_a_silent_player_is_reminded_skipped_and_removed(fake, tmp_path):
    guild = fake.add_guild("Clocks")
    table = guild.add_text_channel("express")
    alice, bob, carol, dave = (guild.add_member(n) for n in ("Alice", "Bob", "Carol", "Dave"))
    clock = Clock(T0)
    bot = await clocked_bot(tmp_path, "silent", clock)
    async with fake.run(bot):
        res = await open_game(fake, bot, table, alice, [bob, carol, dave])
        lobby = res.message
        menu = next(c for c in lobby.custom_ids if c.endswith(":*clock"))
        assert "24 hours a turn" in lobby.content
        res = await fake.select(bob, lobby, menu, ["turn_time=6h"])  # not the host: refused
        assert res.ephemeral and "24 hours a turn" in fake.message(lobby.id).content
        res = await fake.select(alice, lobby, menu, ["turn_time=6h"])
        assert "6 hours a turn" in fake.message(lobby.id).content
        mark, row = await start(fake, bot, table, alice)
        await fake.settle()
        silent = to_act(row)[0]
        prompt = live_prompt(fake, table)
        assert [int(s) for s in STAMP.findall(prompt.content)] == [int(T0 + 6 * HOUR)]  # the deadline shows

        clock.now = T0 + 3 * HOUR  # halfway: a reminder in the channel, the silent player pinged
        mark = fake.mark()
        await bot.scheduler.tick()
        await fake.settle()
        texts = posted_since(fake, table, mark)
        assert len(texts) == 1 and f"<@{silent}>" in texts[0] and "time runs out" in texts[0]
        assert [u for _m, u in fake.pings(since=mark)] == [int(silent)]
        await bot.scheduler.tick()  # once
        await fake.settle()
        assert len(posted_since(fake, table, mark)) == 1

        clock.now = T0 + 6 * HOUR  # the deadline: the turn is skipped, told, the next one pinged
        mark = fake.mark()
        await bot.scheduler.tick()
        await fake.settle()
        text = "\n".join(posted_since(fake, table, mark))
        assert "time ran out" in text.lower() or "timed out" in text.lower() or "time is up" in text.lower(), text
        row = await bot.service.store.active_game(table.id)
        nxt = to_act(row)[0]
        assert nxt != silent and [u for _m, u in fake.pings(since=mark)][-1] == int(nxt)

        res = await fake.slash(carol, table, "game", "status")
        assert res.ephemeral and "time runs out" in res.content and "missed turns in a row: 1" in res.content
        res = await fake.slash(carol, table, "game", "log")
        assert "reminder to" in res.content

        for _ in range(40):  # everybody is silent from now on: the first silent player goes at 3 misses
            row = await bot.service.store.active_game(table.id)
            if row is None or silent not in row.players:
                break
            clock.now = await bot.service.next_due()
            await bot.scheduler.tick()
        await fake.settle()
        row = await bot.service.store.latest_game(table.id)
        assert silent not in row.players
        gone = [a for a in await bot.service.store.actions(row.id)
                if any(e["type"] == "kicked" and e["seat"] == silent for e in a.events)]
        assert len(gone) == 1 and gone[0].action["type"] == "timeout"
    assert not fake.discord_errors and not fake.unknown_routes


async def test_reminders_by_direct_message_and_a_vacation(fake, tmp_path):
    guild = fake.add_guild("Clocks")
    table = guild.add_text_channel("peaky")
    alice, bob, carol = (guild.add_member(n) for n in ("Alice", "Bob", "Carol"))
    clock = Clock(T0)
    bot = await clocked_bot(tmp_path, "dm", clock)
    async with fake.run(bot):
        await open_game(fake, bot, table, alice, [bob, carol], game="peaky_blinders")
        _mark, row = await start(fake, bot, table, alice)
        await fake.settle()
        first = to_act(row)[0]
        user = next(u for u in (alice, bob, carol) if str(u.id) == first)
        res = await fake.slash(user, table, "game", "settings", "notify", options={"mode": "dm"})
        assert res.ephemeral and "direct message" in res.content
        res = await fake.slash(user, table, "game", "settings", "notify", options={"mode": "dm"}, locale="fr")
        assert "message privé" in res.content

        clock.now = T0 + 12 * HOUR
        mark = fake.mark()
        await bot.scheduler.tick()
        await fake.settle()
        assert posted_since(fake, table, mark) == []  # nothing in the channel
        dms = fake.channel_messages(fake.world.dm_channel(user.user))
        # in the member's language (they last set it from a French client)
        assert len(dms) == 1 and "temps limite" in dms[0].content and f"<#{table.id}>" in dms[0].content

        res = await fake.slash(user, table, "game", "settings", "vacation", options={"days": 2})
        assert res.ephemeral and "vacation until" in res.content and "games: 1" in res.content
        assert await bot.service.deadline_of(await bot.service.game(table.id), first) == T0 + 24 * HOUR + 2 * 86400 - 12 * HOUR + 12 * HOUR
        res = await fake.slash(alice, table, "game", "status")
        assert "on vacation until" in res.content
        clock.now = T0 + 30 * HOUR  # past the old deadline: the vacation holds it
        await bot.scheduler.tick()
        assert first in to_act(await bot.service.store.active_game(table.id))
        res = await fake.slash(user, table, "game", "settings", "vacation", options={"days": 0}, locale="fr")
        assert res.ephemeral and "Bon retour" in res.content
        res = await fake.slash(user, table, "game", "settings", "vacation", options={"days": 0})
        assert res.ephemeral and "not on vacation" in res.content
    assert not fake.discord_errors and not fake.unknown_routes


async def test_only_a_server_manager_sets_the_default_clock(fake, tmp_path):
    guild = fake.add_guild("Clocks")
    table = guild.add_text_channel("x")
    owner = guild.add_member("Manager", roles=[guild.add_role("Managers", discord.Permissions(manage_guild=True))])
    member = guild.add_member("Member")
    clock = Clock(T0)
    bot = await clocked_bot(tmp_path, "settings", clock)
    async with fake.run(bot):
        res = await fake.slash(member, table, "game", "settings", "server", options={"turn_time": "48h"})
        assert res.ephemeral and "Manage Server" in res.content
        assert (await bot.service.settings(guild.id)).turn_time is None
        res = await fake.slash(owner, table, "game", "settings", "server", options={"turn_time": "48h", "vacation_days": 10})
        assert res.ephemeral and "48 hours a turn" in res.content and "10 days a year" in res.content
        res = await open_game(fake, bot, table, member, [])
        assert "48 hours a turn" in res.message.content
    assert not fake.discord_errors


# -- undo and rollback ---------------------------------------------------------------------------

async def test_undo_by_button_and_by_command_and_a_moderators_rollback(fake, tmp_path):
    guild = fake.add_guild("Undo")
    table = guild.add_text_channel("peaky")
    alice, bob, carol = (guild.add_member(n) for n in ("Alice", "Bob", "Carol"))
    mod = guild.add_moderator("Mod")
    users = {str(u.id): u for u in (alice, bob, carol)}
    clock = Clock(T0)
    bot = await clocked_bot(tmp_path, "undo", clock)
    async with fake.run(bot):
        await open_game(fake, bot, table, alice, [bob, carol], game="peaky_blinders")
        _mark, row = await start(fake, bot, table, alice)
        await fake.settle()
        seat = to_act(row)[0]
        user = users[seat]
        start_state = row.state
        places = await fake.autocomplete(user, table, "peaky", "place", focused="territory", options={"territory": ""})
        for _ in range(2):  # two placements of one member: the prompt after each offers Undo
            res = await fake.slash(user, table, "peaky", "place",
                                   options={"territory": places[0]["value"], "count": 1})
            assert not res.ephemeral, res.content
        await fake.settle()
        prompt = live_prompt(fake, table)
        undo = next(c for c in prompt.custom_ids if c.startswith("gmu:"))
        other = next(u for u in (alice, bob, carol) if u is not user)
        res = await fake.click(other, prompt, undo)  # not theirs: refused, nothing changes
        assert res.ephemeral
        assert (await bot.service.store.active_game(table.id)).version == row.version + 2
        mark = fake.mark()
        await fake.click(user, prompt, undo)
        await fake.wait_record(lambda r: "took back their last move" in (r.content or "") and not r.ephemeral,
                               since=mark)
        await fake.settle()
        again = live_prompt(fake, table)  # the move before is quiet too: Undo again
        assert any(c.startswith("gmu:") for c in again.custom_ids) and again.id != prompt.id
        assert fake.pings(since=mark) == []  # the same player goes on: nobody pinged
        res = await fake.slash(user, table, "game", "undo", locale="fr")  # public: the game's language
        assert not res.ephemeral and "took back their last move" in res.content
        assert (await bot.service.store.active_game(table.id)).state == start_state
        res = await fake.slash(user, table, "game", "undo")
        assert res.ephemeral and "no move of this turn" in res.content
        res = await fake.slash(carol if user is not carol else bob, table, "game", "log", options={"n": 10})
        assert "~~" in res.content and "took back a move" in res.content

        # a moderator's rollback, confirmed by a button on their own message
        for _ in range(3):
            await fake.slash(user, table, "peaky", "place", options={"territory": places[0]["value"], "count": 1})
        res = await fake.slash(alice, table, "game", "mod", "rollback", options={"steps": 2})
        assert res.ephemeral and "moderator" in res.content.lower()
        res = await fake.slash(mod, table, "game", "mod", "rollback", options={"steps": 2})
        assert res.ephemeral and "Take back the last 2 actions" in res.content
        confirm = res.message
        mark = fake.mark()
        await fake.click(mod, confirm, next(c for c in confirm.custom_ids if c.startswith("gmrb:")))
        await fake.settle()
        await fake.wait_record(lambda r: "rolled the game back by 2 actions" in (r.content or "")
                               and not r.ephemeral and r.channel_id == table.id, since=mark)
        row = await bot.service.store.active_game(table.id)
        assert await bot.service.replay(row) == row.state
        assert len(await bot.service.store.actions(row.id)) == 1
    assert not fake.discord_errors and not fake.unknown_routes
