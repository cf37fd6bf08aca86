"""The database lost in the middle of an action (issue 15 point 5, the bot's side): the store
raises ``StoreUnavailable`` (its transaction rolled back, nothing written); the player gets a
clear "try again", only to them, nothing is posted, and the next click plays. Through the
fake Discord with a store that loses its connection once, at the commit."""

from __future__ import annotations

import pytest

from bot.rules import GAMES
from bot.service import GameService, UserError
from bot.store import Store, StoreUnavailable
from tests.discord_ui.e2e import choices, make_bot
from tests.fakeclock import Clock
from tests.scale.procs import live_prompt


class LosesOnce:
    """Wraps a store's method: the first call raises, as a lost connection does."""

    def __init__(self, method):
        self.method, self.calls = method, 0

    async def __call__(self, *args, **kwargs):
        self.calls += 1
        if self.calls == 1:
            raise StoreUnavailable("cannot reach the database: ConnectionResetError")
        return await self.method(*args, **kwargs)


async def test_every_use_case_says_try_again(tmp_path):
    store = await Store.open(f"sqlite:///{tmp_path}/lost.sqlite3", clock=Clock())
    try:
        service = GameService(store, seed_source=lambda: 3)
        store.create_lobby = LosesOnce(store.create_lobby)
        with pytest.raises(UserError) as refused:
            await service.new_game(1, 2, "1", "risk_express", {}, "Host")
        assert refused.value.key == "err.store_unavailable" and "Try again" in str(refused.value)
        assert await store.active_game(1) is None
        await service.new_game(1, 2, "1", "risk_express", {}, "Host")  # the next one works
        store.guild_settings = LosesOnce(store.guild_settings)
        with pytest.raises(UserError):
            await service.settings(2)  # a read, too
    finally:
        await store.close()


async def test_a_click_while_the_database_is_lost(fake, tmp_path):
    guild = fake.add_guild("Lost")
    table = guild.add_text_channel("table")
    alice, bob = guild.add_member("Alice"), guild.add_member("Bob")
    users = {str(u.id): u for u in (alice, bob)}
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/lost.sqlite3")) as bot:
        await fake.slash(alice, table, "game", "new", options={"game": "risk_express"})
        await fake.slash(bob, table, "game", "join")
        await fake.slash(alice, table, "game", "start")
        await fake.settle()
        store = bot.service.store
        row = await store.active_game(table.id)
        seat = GAMES["risk_express"].to_act(row.state)[0]
        prompt = live_prompt(fake, table)
        group = next((c for c in choices(prompt) if c[0].startswith(("gmg:", "gmgs:"))), None)
        if group is not None:  # a card first (a two-step choice: nothing written yet)
            if group[1] is None:
                await fake.click(users[seat], prompt, group[0])
            else:
                await fake.select(users[seat], prompt, group[0], [group[1]])
            prompt = fake.message(prompt.id)
        custom_id, value = next(c for c in choices(prompt) if c[0].startswith(("gm:", "gms:")))

        async def play():
            if value is None:
                return await fake.click(users[seat], prompt, custom_id)
            return await fake.select(users[seat], prompt, custom_id, [value])

        store.commit_action = LosesOnce(store.commit_action)
        mark = fake.mark()
        res = await play()
        assert res.ephemeral and "cannot reach its database" in res.content and "nothing was changed" in res.content
        await fake.settle()
        assert not [r for r in fake.records[mark:] if r.kind == "channel" and r.action == "create"]
        assert (await store.active_game(table.id)).version == row.version
        res = await play()  # again: it plays
        assert not res.ephemeral
        assert (await store.active_game(table.id)).version == row.version + 1
        # and in French
        store.latest_game = LosesOnce(store.latest_game)  # what /game status reads
        res = await fake.slash(alice, table, "game", "status", locale="fr")
        assert res.ephemeral and "Réessayez" in res.content


async def test_while_stopping_a_new_change_is_refused_and_nothing_changes(tmp_path):
    store = await Store.open(f"sqlite:///{tmp_path}/drain.sqlite3", clock=Clock())
    try:
        service = GameService(store, seed_source=lambda: 3)
        await service.new_game(1, 2, "1", "risk_express", {}, "Host")
        await service.join(1, "2", "Bob")
        row = await service.start(1, "1", False)
        service.draining = True  # what the clean stop sets once the actions under way are done
        seat = GAMES["risk_express"].to_act(row.state)[0]
        action = GAMES["risk_express"].random_action(row.state, seat, lambda n: 0)
        for attempt in (lambda: service.act(1, seat, action), lambda: service.join(1, "3"),
                        lambda: service.new_game(9, 2, "1", "risk_express", {}, "Host")):
            with pytest.raises(UserError) as refused:
                await attempt()
            assert refused.value.key == "err.restarting"
        assert (await store.active_game(1)).version == row.version and await store.active_game(9) is None
        assert (await service.game(1)).id == row.id  # reading goes on
    finally:
        await store.close()
