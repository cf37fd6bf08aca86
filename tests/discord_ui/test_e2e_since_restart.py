"""« Since your last move » after a restart: the first hand-over to a person says the same lines
(and rings the same territories) as it would have without the restart, from the version of
their last decision kept with the game (``games.seen``, migration 10)."""

from __future__ import annotations

import random
import re
import shutil

from bot.discord_ui import since
from bot.discord_ui.messages import board_ahead, post_turn
from bot.games import presenter
from bot.rules import GAMES
from tests.discord_ui.e2e import make_bot

GAME = "peaky_blinders"
engine = GAMES[GAME]


async def play(bot, channel, seat, action):
    """A move through the service, told in the channel as every move is."""
    played = await bot.service.act(channel.id, seat, action)
    return await post_turn(await bot.channel_of(channel.id), None, played.row, played, bot=bot)


async def test_the_since_lines_after_a_restart_are_those_without_it(fake, tmp_path):
    guild = fake.add_guild("Since")
    table = guild.add_text_channel("table")
    alice, bob = guild.add_member("Alice"), guild.add_member("Bob")
    rnd = random.Random(4)
    db = tmp_path / "gm.sqlite3"
    async with fake.run(make_bot(f"sqlite:///{db}")) as bot:
        res = await fake.slash(alice, table, "game", "new", options={"game": GAME})
        await fake.slash(bob, table, "game", "join")
        await fake.click(alice, res.message, label="Start")
        await fake.settle()
        for _ in range(3000):  # on to a move of Bob's that hands the decision back to Alice with news
            row = await bot.service.store.active_game(table.id)
            seat = engine.to_act(row.state)[0]
            action = engine.random_action(row.state, seat, rnd.randrange)
            after, _events = engine.apply(row.state, seat, action)
            back = seat == str(bob.id) and engine.to_act(after)[:1] == [str(alice.id)]
            memo = since._seen.get((row.id, str(alice.id)))
            if back and memo is not None and engine.outcome(after) is None:
                pres = presenter(GAME)
                lines, _marks = pres.since(memo, pres.since_memo(engine.view(after, None)), str(alice.id), {}, "en")
                if lines:
                    break
            await play(bot, table, seat, action)
        else:
            raise AssertionError("no hand-over with news")
        assert (await bot.service.store.active_game(table.id)).seen.get(str(alice.id))  # kept with the game
    shutil.copy(db, tmp_path / "copy.sqlite3")  # the same game, to play the same move twice

    told = []
    for url, restarted in ((f"sqlite:///{db}", False), (f"sqlite:///{tmp_path / 'copy.sqlite3'}", True)):
        if restarted:
            since._seen.clear()  # a new process: nothing in memory
        async with fake.run(make_bot(url)) as bot:
            played = await bot.service.act(table.id, str(bob.id), action)
            ahead = board_ahead(played)  # a click's board, started before the post: not after a restart
            assert (ahead is None) == restarted
            posted = await post_turn(await bot.channel_of(table.id), None, played.row, played, bot=bot, ahead=ahead)
            message = fake.message(posted.id)
            told.append((re.sub(r"<t:\d+:R>", "<t:…>", message.content), message.files))  # the clock: now
    assert "📰" in told[0][0] and f"<@{alice.id}>" in told[0][0]
    assert told[1] == told[0]  # the same lines, the same board (its rings) after the restart
