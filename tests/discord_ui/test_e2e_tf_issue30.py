"""End to end, issue 30's Transformers points through the fake Discord: ``/tf end`` typed during
the players' starting placement (lobby option ``setup: place``) gets a clear ephemeral refusal in
the member's language and changes nothing (it was « Something went wrong »: KeyError 'claim');
``/tf attack``'s robot count offers 0 only when the leader is said to go (alone)."""

from __future__ import annotations

from bot.rules import GAMES
from bot.rules.base import clone
from tests.discord_ui.e2e import make_bot, row_of, snapshot
from tests.discord_ui.test_e2e_transformers import place_all
from tests.discord_ui.test_e2e_walking_dead import set_options

game = GAMES["transformers"]


async def test_tf_end_during_the_starting_placement_is_refused(fake, tmp_path):
    guild = fake.add_guild("Cybertron")
    table = guild.add_text_channel("claims")
    alice, bob = guild.add_member("Alice"), guild.add_member("Bob")
    stranger = guild.add_member("Stranger")
    users = {str(u.id): u for u in (alice, bob)}
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/tfclaim.sqlite3")) as bot:
        res = await fake.slash(alice, table, "game", "new", options={"game": "transformers"})
        await set_options(fake, res.message, alice, ["setup=place"])
        await fake.slash(bob, table, "game", "join")
        await fake.slash(alice, table, "game", "start")
        row = await row_of(bot, table)
        assert row.state["phase"] == "claim", row.state["phase"]
        me = users[game.current(row.state)]
        other = next(u for u in users.values() if u is not me)
        before = await snapshot(bot, table)
        res = await fake.slash(me, table, "tf", "end")
        assert res.ephemeral and "starting placement comes first" in res.content and "/tf claim" in res.content, \
            res.content
        assert "went wrong" not in res.content
        res = await fake.slash(me, table, "tf", "end", locale="fr")
        assert res.ephemeral and "placement de départ passe d'abord" in res.content and "/tf prendre" in res.content, \
            res.content
        res = await fake.slash(me, table, "tf", "attack", options={"from": "Iacon", "to": "Kaon"})
        assert res.ephemeral and "went wrong" not in res.content, res.content
        res = await fake.slash(other, table, "tf", "end")
        assert res.ephemeral and "not your turn" in res.content.lower(), res.content
        res = await fake.slash(stranger, table, "tf", "end")
        assert res.ephemeral and "not playing" in res.content, res.content
        assert await snapshot(bot, table) == before
        spots = await fake.autocomplete(me, table, "tf", "claim", focused="territory", options={"territory": ""})
        res = await fake.slash(me, table, "tf", "claim", options={"territory": spots[0]["value"]})
        assert not res.ephemeral, res.content  # the placement itself goes on


async def test_the_robot_count_offers_0_only_with_the_leader(fake, tmp_path):
    guild = fake.add_guild("Cybertron")
    table = guild.add_text_channel("arena")
    alice, bob = guild.add_member("Alice"), guild.add_member("Bob")
    users = {str(u.id): u for u in (alice, bob)}
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/tfcount.sqlite3", seed=3)) as bot:
        await fake.slash(alice, table, "game", "new", options={"game": "transformers"})
        await fake.slash(bob, table, "game", "join")
        await fake.slash(alice, table, "game", "start")
        row = await row_of(bot, table)
        seat = game.current(row.state)
        me, foe = users[seat], next(u for s, u in users.items() if s != seat)
        await place_all(fake, bot, table, me)
        row = await row_of(bot, table)
        leader = row.state["players"][seat]["leader"]
        home = row.state["leaders"][leader]["zone"]
        state = clone(row.state)
        state["troops"][home] = 5
        target = game.nbrs(state)[home][0]
        state["owner"][target], state["troops"][target] = str(foe.id), 2
        await bot.service.store.update_game(row, state=state)

        offered = await fake.autocomplete(me, table, "tf", "attack", focused="robots",
                                          options={"from": home, "to": target, "robots": ""})
        assert [c["value"] for c in offered] == [3, 2, 1], offered  # was [3, 2, 1, 0]: 0 is refused without him
        for c in offered:  # each offered count is accepted as typed (no leader)
            assert game.apply(state, seat, {"type": "attack", "from": home, "to": target, "count": c["value"],
                                            "leader": False, "until": False})
        before = await snapshot(bot, table)
        res = await fake.slash(me, table, "tf", "attack", options={"from": home, "to": target, "robots": 0})
        assert res.ephemeral and "went wrong" not in res.content, res.content
        assert await snapshot(bot, table) == before
        with_him = await fake.autocomplete(me, table, "tf", "attack", focused="robots",
                                           options={"from": home, "to": target, "leader": "yes", "robots": ""})
        assert [c["value"] for c in with_him] == [2, 1, 0], with_him  # he counts as one of the three
        fr = await fake.autocomplete(me, table, "tf", "attack", focused="robots", locale="fr",
                                     options={"from": home, "to": target, "leader": "oui", "robots": ""})
        assert [c["value"] for c in fr] == [2, 1, 0], fr
        res = await fake.slash(me, table, "tf", "attack", options={"from": home, "to": target, "robots": 0,
                                                                    "leader": "yes"})
        assert not res.ephemeral, res.content  # the leader alone: accepted
