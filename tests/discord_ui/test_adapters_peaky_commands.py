"""``/peaky end`` passes the turn in one call, as the button does; ``/peaky defence`` sets a
standing order out of turn, and ``/game hand`` shows it. Through the real discord.py client."""

from __future__ import annotations

from bot.rules import GAMES
from tests.discord_ui.e2e import make_bot

peaky = GAMES["peaky_blinders"]




async def row_of(bot, channel):
    return await bot.service.store.active_game(channel.id)


async def test_end_passes_the_turn_in_one_call(fake, tmp_path):
    guild = fake.add_guild("Small Heath")
    table = guild.add_text_channel("garrison")
    users = [guild.add_member(n) for n in ("Alice", "Bob", "Carol")]
    by_id = {str(u.id): u for u in users}
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/end.sqlite3")) as bot:
        await fake.slash(users[0], table, "game", "new", options={"game": "peaky_blinders"})
        for user in users[1:]:
            await fake.slash(user, table, "game", "join")
        await fake.slash(users[0], table, "game", "start")
        for _ in range(3):
            row = await row_of(bot, table)
            seat = peaky.current(row.state)
            me = by_id[seat]
            # members still to place: the refusal says so, and nothing moves
            res = await fake.slash(me, table, "peaky", "end")
            assert res.ephemeral and "members" in res.content, res.content
            own = next(t for t, o in row.state["owner"].items() if o == seat)
            res = await fake.slash(me, table, "peaky", "place", options={"territory": own})
            assert not res.ephemeral, res.content
            turn = (await row_of(bot, table)).state["turn"]
            res = await fake.slash(me, table, "peaky", "end")  # placement done, no attack: one call
            assert not res.ephemeral, res.content
            after = await row_of(bot, table)
            assert after.state["turn"] == turn + 1 and peaky.current(after.state) != seat
            assert "ends the turn" in res.content


async def test_defence_order_out_of_turn_and_in_the_hand(fake, tmp_path):
    guild = fake.add_guild("Small Heath")
    table = guild.add_text_channel("garrison")
    users = [guild.add_member(n) for n in ("Alice", "Bob", "Carol")]
    by_id = {str(u.id): u for u in users}
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/def.sqlite3")) as bot:
        await fake.slash(users[0], table, "game", "new", options={"game": "peaky_blinders"})
        for user in users[1:]:
            await fake.slash(user, table, "game", "join")
        await fake.slash(users[0], table, "game", "start")
        row = await row_of(bot, table)
        seat = peaky.current(row.state)
        other_seat, other = next((s, u) for s, u in by_id.items() if s != seat)
        res = await fake.slash(other, table, "game", "hand")
        assert "used on the first roll they improve" in res.content
        res = await fake.slash(other, table, "peaky", "defence", options={"order": "save"})
        assert not res.ephemeral or "⛔" not in res.content, res.content
        row = await row_of(bot, table)
        assert row.state["players"][other_seat]["defence"] == "save"
        assert peaky.current(row.state) == seat  # the turn did not move
        res = await fake.slash(other, table, "game", "hand")
        assert res.ephemeral and "only to save the territory" in res.content
        res = await fake.slash(other, table, "game", "hand", locale="fr")
        assert "seulement pour sauver le territoire" in res.content and "/peaky defense" in res.content
        # the same order again is refused, and says why
        res = await fake.slash(other, table, "peaky", "defence", options={"order": "save"})
        assert res.ephemeral and "⛔" in res.content
