"""End to end: Risk Peaky Blinders through the real discord.py client and the fake Discord.

A three-player game played by slash commands (with autocomplete) and buttons to a Crown
ending (from a stored state with the Crown near the Garrison Tavern, to stay short), and a
two-player game with the neutral gangs.
"""

from __future__ import annotations

import io

from PIL import Image

from bot.rules import GAMES
from tests.discord_ui.e2e import live, make_bot, row_of

game = GAMES["peaky_blinders"]




def button(message, code: str) -> str | None:
    for cid in message.custom_ids:
        if cid.startswith("gm:") and cid.rsplit(":", 1)[1] == code:
            return cid
    return None


async def play_turn(fake, bot, channel, users, stats) -> None:
    """One player's whole turn, the way a person would: commands and buttons."""
    row = await row_of(bot, channel)
    seat = game.current(row.state)
    user = users[seat]
    # placement: neutrals first (two players), then everything on one territory
    if row.state["phase"] == "place":
        if any(a["type"] == "neutral" for a in game.legal_actions(row.state, seat)):
            spots = await fake.autocomplete(user, channel, "peaky", "neutral", focused="first", options={"first": ""})
            assert spots
            res = await fake.slash(user, channel, "peaky", "neutral", options={"first": spots[0]["value"]})
            assert not res.ephemeral, res.content
        places = await fake.autocomplete(user, channel, "peaky", "place", focused="territory",
                                         options={"territory": ""})
        mine = {t for t, o in (await row_of(bot, channel)).state["owner"].items() if o == seat}
        assert places and {c["value"] for c in places} <= mine
        res = await fake.slash(user, channel, "peaky", "place", options={"territory": places[0]["value"]})
        assert not res.ephemeral, res.content
    # one attack, with the odds shown before it
    sources = await fake.autocomplete(user, channel, "peaky", "attack", focused="from", options={"from": ""})
    if sources:
        src = max(sources, key=lambda c: int(c["name"].rsplit("(", 1)[1].rstrip(")")))["value"]
        targets = await fake.autocomplete(user, channel, "peaky", "attack", focused="to",
                                          options={"from": src, "to": ""})
        assert targets and all("%" in c["name"] for c in targets)
        res = await fake.slash(user, channel, "peaky", "attack", options={"from": src, "to": targets[0]["value"]})
        assert not res.ephemeral, res.content
        stats["attacks"] += 1
        row = await row_of(bot, channel)
        if row.state["phase"] == "battle":
            assert "Chance to take it" in res.content
            msg = live(fake, channel)
            await fake.click(user, msg, button(msg, "ru"))
            stats["until"] += 1
    row = await row_of(bot, channel)
    if row is None or row.status != "running":
        return
    msg = live(fake, channel)
    if row.state["phase"] in ("place", "attack"):
        code = "ea" if button(msg, "ea") else "ep"
        await fake.click(user, msg, button(msg, code))
        msg = live(fake, channel)
    row = await row_of(bot, channel)
    if row is not None and row.status == "running" and game.current(row.state) == seat:
        await fake.click(user, msg, button(msg, "et"))


async def test_three_players_to_the_crown(fake, tmp_path):
    db = f"sqlite:///{tmp_path}/peaky.sqlite3"
    guild = fake.add_guild("Small Heath")
    table = guild.add_text_channel("garrison")
    alice, bob, carol = (guild.add_member(n) for n in ("Alice", "Bob", "Carol"))
    stranger = guild.add_member("Stranger")
    users = {str(u.id): u for u in (alice, bob, carol)}
    stats = {"attacks": 0, "until": 0}
    async with fake.run(make_bot(db)) as bot:
        res = await fake.slash(alice, table, "game", "new", options={"game": "peaky_blinders"})
        assert "Peaky Blinders" in res.content and "with the British Crown" in res.content
        await fake.slash(bob, table, "game", "join")
        await fake.slash(carol, table, "game", "join")
        mark = fake.mark()
        await fake.slash(alice, table, "game", "start")
        board = await fake.wait_message(table, lambda m: bool(m.files), since=mark)
        img = Image.open(io.BytesIO(board.files[0][1]))
        assert img.format == "PNG" and img.width * img.height >= 1_500_000

        row = await row_of(bot, table)
        seat = game.current(row.state)
        # secrets: missions and powers only for their owner, ephemerally
        res = await fake.slash(users[seat], table, "game", "hand")
        assert res.ephemeral and "Missions" in res.content and "face-down" in res.content
        mission_names = [game.data.missions[m["id"]].name for s in row.state["players"].values()
                         for m in s["missions"]]
        # refusals change nothing
        before = row.version
        other = next(u for s, u in users.items() if s != seat)
        own = next(t for t, o in row.state["owner"].items() if o == seat)
        foreign = next(t for t, o in row.state["owner"].items() if o != seat)
        for user, cmd, opts, text in [
            (other, "place", {"territory": own}, "not your turn"),
            (stranger, "place", {"territory": own}, "not playing"),
            (users[seat], "place", {"territory": "atlantis"}, "no territory"),
            (users[seat], "place", {"territory": foreign}, "do not control"),
            (users[seat], "place", {"territory": own, "count": 999}, "between"),
            (users[seat], "place", {"territory": own, "count": 0}, "between"),
            (users[seat], "attack", {"from": own, "to": foreign}, ""),
            (users[seat], "manoeuvre", {"from": own, "to": foreign}, ""),
        ]:
            res = await fake.slash(user, table, "peaky", cmd, options=opts)
            assert res.ephemeral and text in res.content.lower() + res.content, (cmd, res.content)
        msg = live(fake, table)
        res = await fake.click(stranger, msg, button(msg, "fp"))
        assert res.ephemeral and "choices are for" in res.content
        res = await fake.slash(alice, table, "peaky", "odds", options={"attackers": 3, "defenders": 2})
        assert res.ephemeral and "65.6%" in res.content
        res = await fake.slash(alice, table, "express", "play", options={"card": "usa", "line": "1"})
        assert res.ephemeral and "Peaky" in res.content
        assert (await row_of(bot, table)).version == before

        # a stored mid-game state: the Crown one step from the Garrison Tavern
        row = await row_of(bot, table)
        state = dict(row.state)
        state["crown"] = {**state["crown"], "step": len(game.data.route) - 2}
        await bot.service.store.update_game(row, state=state)

        for _ in range(40):
            row = await bot.service.store.latest_game(table.id)
            if row.status != "running":
                break
            await play_turn(fake, bot, table, users, stats)
        final = await bot.service.store.latest_game(table.id)
        assert final.status == "finished", "the Crown should have ended the game"
        outcome = game.outcome(final.state)
        assert outcome["reason"] in ("crown", "double_six")
        last = [m for m in fake.channel_messages(table) if m.files][-1]
        assert "Garrison Tavern" in last.content and "Game over" in last.content
        assert stats["attacks"] > 0
        public = "\n".join(m.content for m in fake.channel_messages(table))
        assert "👑" in public
        for name in mission_names:  # secret missions never reach the channel unless completed
            if name in public:
                assert "completes the mission" in public


async def test_two_players_with_neutral_gangs(fake, tmp_path):
    db = f"sqlite:///{tmp_path}/peaky2.sqlite3"
    guild = fake.add_guild("Birmingham")
    table = guild.add_text_channel("two")
    alice, bob = guild.add_member("Alice"), guild.add_member("Bob")
    mod = guild.add_moderator("Mod")
    users = {str(u.id): u for u in (alice, bob)}
    stats = {"attacks": 0, "until": 0}
    async with fake.run(make_bot(db)) as bot:
        await fake.slash(alice, table, "game", "new", options={"game": "peaky_blinders"})
        await fake.slash(bob, table, "game", "join")
        await fake.slash(alice, table, "game", "start")
        row = await row_of(bot, table)
        assert len(row.state["neutrals"]) == 3
        seat = game.current(row.state)
        # neutral reinforcement is due before the placement can end
        res = await fake.slash(users[seat], table, "game", "status")
        assert "neutral" in res.content
        for _ in range(4):
            await play_turn(fake, bot, table, users, stats)
        row = await row_of(bot, table)
        events = [e for a in await bot.service.store.actions(row.id) for e in a.events]
        assert sum(1 for e in events if e["type"] == "neutral") >= 4
        res = await fake.slash(mod, table, "game", "mod", "kick", options={"player": bob})
        assert not res.ephemeral
        over = await bot.service.store.latest_game(table.id)
        assert over.status == "finished" and game.outcome(over.state)["winners"] == [str(alice.id)]
