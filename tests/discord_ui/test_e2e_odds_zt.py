"""End to end: Zombie Town's /zt odds as a member sends it (English, a French client), over the
cards left in the channel's game or a full deck, refusals private with nothing changed; and
/zt car … after the regrouping."""

from __future__ import annotations

from bot.rules.zombie_town.odds import deck_of, duel, versus_zombie
from tests.discord_ui.e2e import make_bot, snapshot


async def test_zt_odds_by_command(fake, tmp_path):
    guild = fake.add_guild("Friends")
    table, empty = guild.add_text_channel("zombies"), guild.add_text_channel("nothing")
    alice, bob = guild.add_member("Alice"), guild.add_member("Bob")
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/zt.sqlite3")) as bot:
        # no game here: a full deck
        res = await fake.slash(alice, empty, "zt", "odds", options={"bonus": 1})
        assert res.ephemeral and "full combat deck (30 cards)" in res.content
        assert f"{100 * versus_zombie(deck_of(), 1, 1):.1f}%" in res.content
        res = await fake.slash(alice, empty, "zt", "odds", options={"bonus": 1, "two": True, "opponent": 1},
                               locale="fr")
        win, tie, loss = duel(deck_of(), 2, 1, 1, 1)
        assert res.ephemeral and "de gagner" in res.content and "pioche de combat complète" in res.content
        for p in (win, tie, loss):
            assert f"{100 * p:.1f}".replace(".", ",") in res.content

        await fake.slash(alice, table, "game", "new", options={"game": "zombie_town"})
        await fake.slash(bob, table, "game", "join")
        mark = fake.mark()
        await fake.slash(alice, table, "game", "start")
        await fake.wait_message(table, lambda m: bool(m.files), since=mark)
        before = await snapshot(bot, table)
        res = await fake.slash(bob, table, "zt", "odds", options={})
        assert res.ephemeral and "30 cards left in this game's combat deck" in res.content
        # absurd numbers never reach the bot: Discord holds them to the declared range
        zt = next(c for c in fake.commands[None] if c["name"] == "zt")
        odds = next(o for o in zt["options"] if o["name"] == "odds")
        for option in odds["options"]:
            if option["name"] in ("bonus", "opponent"):
                assert (option["min_value"], option["max_value"]) == (0, 9)
        # the car's commands moved under /zt car: refused as before, with nothing changed
        res = await fake.slash(bob, table, "zt", "car", "leave")
        assert res.ephemeral
        assert await snapshot(bot, table) == before
