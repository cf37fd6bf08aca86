"""End to end, ``/game stats`` through the real discord.py client and the fake Discord: a Risk
Express game played to its end, then a member's card (in French for a French client), the
leaderboard posted as a picture with its ranking as description, a member hiding from the
leaderboards, and refusals (a bot, a user from outside the server, a hidden member's card, a
stranger to the server, a DM) that leave the database as it was."""

from __future__ import annotations

import io
import random

from PIL import Image

from bot.rules import GAMES
from tests.discord_ui.e2e import make_bot

EXPRESS = GAMES["risk_express"]


async def rows(bot) -> tuple:
    store = bot.service.store
    members = await store.db.execute_fetchall("SELECT * FROM members ORDER BY user_id")
    return await store.all_results(), await store.ratings(next(iter(store_guilds))), [tuple(m) for m in members]


store_guilds: list[int] = []


async def test_stats_after_a_game_in_english_and_french(fake, tmp_path):
    guild = fake.add_guild("Stats")
    store_guilds[:] = [guild.id]
    table = guild.add_text_channel("table")
    alice, bob, carol = guild.add_member("Alice"), guild.add_member("Bob"), guild.add_member("Carol")
    robot = guild.add_member(fake.world.add_user("Robo", bot=True))
    outsider = fake.add_user("Outsider")
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/stats.sqlite3", seed=5)) as bot:
        res = await fake.slash(alice, table, "game", "stats")  # nothing rated yet
        assert res.ephemeral and "No rated game yet" in res.content
        await fake.slash(alice, table, "game", "new", options={"game": "risk_express"})
        await fake.slash(bob, table, "game", "join")
        await fake.slash(alice, table, "game", "start")
        rnd = random.Random(4)
        while (row := await bot.service.store.active_game(table.id)) is not None:  # to the end, as the service takes moves
            seat = EXPRESS.to_move(row.state)
            await bot.service.act(table.id, seat, EXPRESS.random_action(row.state, seat, rnd.randrange))
        [winner] = [r.player for r in await bot.service.store.all_results() if r.won]

        res = await fake.slash(alice, table, "game", "stats", locale="fr")  # her card, in her language
        assert res.ephemeral and "**Alice**" in res.content and "Risk Express" in res.content
        assert "cote" in res.content and "Derniers résultats" in res.content and "1 partie" in res.content
        assert ("🏆 gagnée" in res.content) == (winner == str(alice.id))
        res = await fake.slash(alice, table, "game", "stats", options={"member": bob, "game": "risk_express"})
        assert res.ephemeral and "**Bob**" in res.content and "rating" in res.content
        assert ("place 2 of 2" in res.content) == (winner != str(bob.id))

        res = await fake.slash(bob, table, "game", "stats", options={"leaderboard": True}, locale="fr")
        assert not res.ephemeral  # the channel sees it
        [attachment] = res.message.attachments
        assert attachment.filename == "leaderboard-risk_express.png"
        assert Image.open(io.BytesIO(attachment.data)).size[0] == 900
        alt = attachment.description
        first, second = ("Alice", "Bob") if winner == str(alice.id) else ("Bob", "Alice")
        assert alt.startswith("Classement de Risk Express") and len(alt) <= 1024
        assert alt.index(f"1. {first}") < alt.index(f"2. {second}")

        # Bob hides from the leaderboards: gone from the picture, his card his alone
        res = await fake.slash(bob, table, "game", "settings", "leaderboard", options={"hide": True})
        assert res.ephemeral and "hidden" in res.content
        res = await fake.slash(alice, table, "game", "stats", options={"leaderboard": True, "game": "risk_express"})
        assert "Alice" in res.message.attachments[0].description
        assert "Bob" not in res.message.attachments[0].description
        res = await fake.slash(bob, table, "game", "stats")
        assert res.ephemeral and "only you see this card" in res.content

        before = await rows(bot)
        for user, options, locale, words in (
                (alice, {"member": bob}, "en-US", "keeps their stats"),
                (alice, {"member": robot}, "fr", "bots n'ont pas"),
                (alice, {"member": outsider}, "en-US", "not a member of this server"),
                (carol, {"member": bob}, "fr", "garde ses statistiques")):
            res = await fake.slash(user, table, "game", "stats", options=options, locale=locale)
            assert res.ephemeral and words in res.content and not res.files, (options, res.content)
        res = await fake.slash(alice, fake.world.dm_channel(alice.user), "game", "stats")
        assert "server" in res.content and "\n" not in res.content.strip()
        assert await rows(bot) == before  # refusals changed nothing
    assert not fake.discord_errors
