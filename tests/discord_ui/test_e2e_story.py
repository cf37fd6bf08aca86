"""End to end: the story of a game through the real discord.py client and the fake Discord.

``/game replay`` and ``/game chart`` are refused, privately and in the member's language,
where there is no game or it has not started; on a running game anyone gets them, in the
game's language: a "drawing…" line that becomes the post with the file (the replay's frames
one per turn so far, the chart a PNG). When the game ends (the moderator kicks the last
opponent), the bot posts the story by itself after the final board: chart and replay.
"""

from __future__ import annotations

import asyncio
import io
import random

from PIL import Image

from bot.rules import GAMES
from bot.story import snapshots
from tests.discord_ui.e2e import HANG_LIMIT, make_bot

engine = GAMES["risk_express"]


async def test_replay_and_chart_of_a_running_then_a_finished_game(fake, tmp_path):
    db = f"sqlite:///{tmp_path}/story.sqlite3"
    guild = fake.add_guild("Story Club")
    table = guild.add_text_channel("table")
    alice, bob = guild.add_member("Alice"), guild.add_member("Bob")
    stranger = guild.add_member("Stranger")
    mod = guild.add_moderator("Mod")
    async with fake.run(make_bot(db, seed=77)) as bot:
        res = await fake.slash(stranger, table, "game", "replay")
        assert res.ephemeral and "no game" in res.content.lower() and not res.files
        res = await fake.slash(stranger, table, "game", "chart", locale="fr")
        assert res.ephemeral and "pas de partie dans ce salon" in res.content
        await fake.slash(alice, table, "game", "new", options={"game": "risk_express", "language": "fr"})
        res = await fake.slash(bob, table, "game", "chart")
        assert res.ephemeral and "not started" in res.content and not res.files
        await fake.slash(bob, table, "game", "join")
        await fake.slash(alice, table, "game", "start")
        rnd = random.Random(5)
        for _ in range(14):
            row = await bot.service.store.active_game(table.id)
            seat = engine.to_act(row.state)[0]
            await bot.service.act(table.id, seat, engine.random_action(row.state, seat, rnd.randrange))
        row = await bot.service.store.active_game(table.id)
        turns = len(snapshots(engine, row.seats, row.options, row.seed,
                              [(a.seat, a.action) for a in await bot.service.log(row)]))

        # a stranger may ask: nothing in it is secret; the text is the game's (French)
        mark = fake.mark()
        res = await fake.slash(stranger, table, "game", "replay", locale="en-US")
        assert not res.ephemeral
        done = await fake.wait_message(table, lambda m: bool(m.files), since=mark, timeout=HANG_LIMIT)
        assert "plateau tour par tour" in done.content
        [(name, data)] = done.files
        assert name == "risk_express-replay.gif" and data[:6] == b"GIF89a"
        assert Image.open(io.BytesIO(data)).n_frames == turns
        assert any("Je dessine" in r.content for r in fake.records[mark:] if r.message_id == done.id)
        res = await fake.slash(alice, table, "game", "chart")
        done = await fake.wait_message(table, lambda m: bool(m.files) and "courbe" not in m.content and
                                       m.files[0][0].endswith("chart.png"), since=mark, timeout=HANG_LIMIT)
        assert "position de chaque joueur" in done.content
        chart = Image.open(io.BytesIO(done.files[0][1]))
        assert chart.format == "PNG" and chart.width == 1000
        # asking changed nothing in the game
        assert (await bot.service.store.active_game(table.id)).version == row.version

        # the end: the moderator removes Bob, Alice wins; the story follows the final board
        mark = fake.mark()
        res = await fake.slash(mod, table, "game", "mod", "kick", options={"player": bob})
        assert not res.ephemeral
        story = await fake.wait_message(table, lambda m: len(m.files) == 2, since=mark, timeout=HANG_LIMIT)
        assert "Le fil de la partie" in story.content
        names = sorted(n for n, _ in story.files)
        assert names == ["risk_express-chart.png", "risk_express-replay.gif"]
        # issue 31.3: each described in the game's language (French), the chart with the final standings
        described = {a.filename: a.description or "" for a in story.attachments}
        assert described["risk_express-chart.png"].startswith("Risk Express : un graphique de la position")
        assert "À la fin, Points : Alice" in described["risk_express-chart.png"]
        assert described["risk_express-replay.gif"].startswith("Risk Express : le plateau tour par tour")
        final = [a for a in fake.bot_uploads if a.filename.startswith("risk_express-turn-")][-1]
        assert final.description.startswith("Risk Express : le plateau. Partie terminée, gagnée par Alice.")
        over = await bot.service.store.latest_game(table.id)
        assert over.status == "finished"
        # /game replay still tells the last game once it is over
        mark = fake.mark()
        await fake.slash(stranger, table, "game", "replay")
        again = await fake.wait_message(table, lambda m: bool(m.files), since=mark, timeout=HANG_LIMIT)
        assert again.files[0][1] == dict(story.files)["risk_express-replay.gif"]


async def test_a_story_owed_while_the_database_is_away_is_posted_once_it_is_back(fake, tmp_path, monkeypatch):
    """Issue 29: the game ends, and its log cannot be read at that moment (the database
    went away): the story is not lost, it is read again a little later and posted then."""
    from bot.discord_ui import story as story_ui
    from bot.store import StoreUnavailable

    monkeypatch.setattr(story_ui, "RETRY_FIRST", 0.05)
    db = f"sqlite:///{tmp_path}/owed.sqlite3"
    guild = fake.add_guild("Owed")
    table = guild.add_text_channel("table")
    alice, bob = guild.add_member("Alice"), guild.add_member("Bob")
    mod = guild.add_moderator("Mod")
    async with fake.run(make_bot(db, seed=78)) as bot:
        await fake.slash(alice, table, "game", "new", options={"game": "risk_express"})
        await fake.slash(bob, table, "game", "join")
        await fake.slash(alice, table, "game", "start")
        rnd = random.Random(6)
        for _ in range(6):
            row = await bot.service.store.active_game(table.id)
            seat = engine.to_act(row.state)[0]
            await bot.service.act(table.id, seat, engine.random_action(row.state, seat, rnd.randrange))
        store = bot.service.store
        real, failures = store.actions, []

        async def away(game_id, **kw):  # the database is away for the story's first three reads
            if len(failures) < 3:
                failures.append(game_id)
                raise StoreUnavailable("the database connection failed (OSError); try again")
            return await real(game_id, **kw)

        monkeypatch.setattr(store, "actions", away)
        mark = fake.mark()
        res = await fake.slash(mod, table, "game", "mod", "kick", options={"player": bob})  # Alice wins
        assert not res.ephemeral
        story = await fake.wait_message(table, lambda m: len(m.files) == 2, since=mark, timeout=HANG_LIMIT)
        assert len(failures) == 3 and "story" in story.content.lower()
        assert sorted(n for n, _ in story.files) == ["risk_express-chart.png", "risk_express-replay.gif"]
        assert (await store.latest_game(table.id)).status == "finished"
    assert not fake.discord_errors


async def test_a_story_owed_survives_a_restart_and_is_posted_once(fake, tmp_path, monkeypatch):
    """Issue 29: the database is away when the game ends and stays away until the bot stops:
    the story is owed in the database (the finished game without ``story_posted``), and the
    next bot posts it once ready. Its files posted but the database away again before it
    could note so, the story is not posted a second time by the bot after: that one edits
    the same message and notes it."""
    from bot.discord_ui import story as story_ui
    from bot.store import StoreUnavailable

    monkeypatch.setattr(story_ui, "RETRY_FIRST", 0.05)
    db = f"sqlite:///{tmp_path}/restart.sqlite3"
    guild = fake.add_guild("Restart")
    table = guild.add_text_channel("table")
    alice, bob = guild.add_member("Alice"), guild.add_member("Bob")
    mod = guild.add_moderator("Mod")

    def stories():
        return [m for m in fake.channel_messages(table) if len(m.files) == 2]

    async with fake.run(make_bot(db, seed=79)) as bot:
        await fake.slash(alice, table, "game", "new", options={"game": "risk_express"})
        await fake.slash(bob, table, "game", "join")
        await fake.slash(alice, table, "game", "start")
        rnd = random.Random(7)
        for _ in range(6):
            row = await bot.service.store.active_game(table.id)
            seat = engine.to_act(row.state)[0]
            await bot.service.act(table.id, seat, engine.random_action(row.state, seat, rnd.randrange))
        store, tries = bot.service.store, []

        async def away(game_id, **kw):  # the log unreadable until this bot stops
            tries.append(game_id)
            raise StoreUnavailable("the database connection failed (OSError); try again")

        monkeypatch.setattr(store, "actions", away)
        res = await fake.slash(mod, table, "game", "mod", "kick", options={"player": bob})  # Alice wins
        assert not res.ephemeral
        over = await store.latest_game(table.id)
        assert over.status == "finished" and over.story_posted is None
        for _ in range(200):
            if len(tries) >= 2:
                break
            await asyncio.sleep(0.02)
        assert len(tries) >= 2 and not stories()
        assert [r.id for r in await bot.service.owed_stories()] == [over.id]

    async with fake.run(make_bot(db, seed=80)) as bot:  # back: the story owed is posted at start
        store = bot.service.store
        real = store.note_messages

        async def lost_at_the_end(game_id, **fields):  # the files go out, the note of it does not
            if "story_posted" in fields:
                raise StoreUnavailable("the database connection failed (OSError); try again")
            return await real(game_id, **fields)

        monkeypatch.setattr(store, "note_messages", lost_at_the_end)
        first = await fake.wait_message(table, lambda m: len(m.files) == 2, timeout=HANG_LIMIT)
        assert "story" in first.content.lower()
        row = await store.latest_game(table.id)
        assert row.story_message_id == first.id and row.story_posted is None

    mark = fake.mark()
    async with fake.run(make_bot(db, seed=81)) as bot:  # again: the same message, edited, then noted
        store = bot.service.store
        for _ in range(500):
            row = await store.latest_game(table.id)
            if row.story_posted is not None:
                break
            await asyncio.sleep(0.02)
        assert row.story_posted is not None and row.story_message_id == first.id
        assert await bot.service.owed_stories() == []
        assert [m.id for m in stories()] == [first.id]  # one story in the channel
        assert not [r for r in fake.records[mark:] if r.message_id != first.id and r.files]
    async with fake.run(make_bot(db, seed=82)):  # and a bot after that owes nothing
        await asyncio.sleep(0.2)
    assert [m.id for m in stories()] == [first.id]
    assert not fake.discord_errors
