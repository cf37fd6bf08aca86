"""End to end: ``/game export`` through the real discord.py client and the fake Discord.

A stranger asking for a running game's export is refused, only to them; a player gets the
public file (no seed), in English and in French; once the game is over anyone gets the
whole game, and the file alone replays to the state the bot stored.
"""

from __future__ import annotations

import json
import random

from bot import export
from bot.rules import GAMES
from tests.discord_ui.e2e import make_bot

engine = GAMES["peaky_blinders"]


async def test_export_a_running_then_a_finished_game(fake, tmp_path):
    db = f"sqlite:///{tmp_path}/export.sqlite3"
    guild = fake.add_guild("Small Heath")
    table = guild.add_text_channel("garrison")
    alice, bob = guild.add_member("Alice"), guild.add_member("Bob")
    stranger = guild.add_member("Stranger")
    async with fake.run(make_bot(db, seed=424_242_424_242)) as bot:
        res = await fake.slash(alice, table, "game", "export")
        assert res.ephemeral and "no game" in res.content.lower() and not res.files
        await fake.slash(alice, table, "game", "new", options={"game": "peaky_blinders"})
        res = await fake.slash(bob, table, "game", "export")
        assert res.ephemeral and "not started" in res.content and not res.files
        await fake.slash(bob, table, "game", "join")
        await fake.slash(alice, table, "game", "start")
        rnd = random.Random(2)
        for _ in range(12):  # a few moves, as the service takes them
            row = await bot.service.store.active_game(table.id)
            seat = engine.to_act(row.state)[0]
            await bot.service.act(table.id, seat, engine.random_action(row.state, seat, rnd.randrange))
        row = await bot.service.store.active_game(table.id)
        mark = fake.mark()

        res = await fake.slash(stranger, table, "game", "export")
        assert res.ephemeral and "Only its players" in res.content and not res.files
        res = await fake.slash(bob, table, "game", "export")
        assert res.ephemeral and "No seed" in res.content
        [(name, data)] = res.files
        assert name == f"peaky_blinders-{row.id}-public.json"
        doc = json.loads(data)
        assert doc["public_only"] and doc["seed"] is None and "state" not in doc
        assert "424242424242" not in data.decode() and str(row.state["rng"]) not in data.decode()
        assert doc["view"] == json.loads(json.dumps(engine.view(row.state, None)))
        assert len(doc["log"]) == len(await bot.service.log(row))
        # in French, for a member whose Discord speaks French
        res = await fake.slash(bob, table, "game", "export", locale="fr")
        assert res.ephemeral and "Pas de graine" in res.content and res.files[0][1] == data
        res = await fake.slash(stranger, table, "game", "export", locale="fr")
        assert res.ephemeral and "Seuls ses joueurs" in res.content and not res.files
        # every answer only to the one who asked, and the game did not move
        assert all(r.flags & 64 for r in fake.records[mark:] if r.kind == "response")
        assert (await bot.service.store.active_game(table.id)).version == row.version

        await fake.slash(alice, table, "game", "end")
        res = await fake.slash(stranger, table, "game", "export")
        assert res.ephemeral and "python -m bot replay" in res.content
        [(name, data)] = res.files
        assert name == f"peaky_blinders-{row.id}-full.json"
        loaded = export.load(data)
        assert loaded.seed == 424_242_424_242 and loaded.status == "ended"
        steps = list(export.replay(loaded))
        assert all(s.events_match for s in steps)
        stored = await bot.service.store.get_game(row.id)
        assert export.canonical(steps[-1].state) == export.canonical(stored.state)
