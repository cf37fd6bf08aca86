"""Every click on a stale or foreign button or menu of the bot's gets a private answer, in
the member's language, saying what happened; nothing changes (issue 30, points 2, 3, 7)."""

from __future__ import annotations

import copy

from bot.rules import GAMES
from tests.discord_ui.e2e import choices, click_choice, live_prompt, make_bot, snapshot


def frozen(message):
    """The message as a member's client still shows it (its buttons as they were then)."""
    old = copy.copy(message)
    old.components = copy.deepcopy(message.components)
    return old


def forged(message, custom_id: str, values: list[str] | None = None):
    """``message`` as a modified client (or an older bot) shows it: one more button, or a
    menu offering ``values``, with the custom id ``custom_id``."""
    old = frozen(message)
    if values is None:
        comp = {"type": 2, "custom_id": custom_id, "label": "?", "style": 1}
    else:
        comp = {"type": 3, "custom_id": custom_id, "options": [{"label": v, "value": v} for v in values]}
    old.components.append({"type": 1, "components": [comp]})
    return old


async def test_a_click_on_the_lobby_of_a_reset_game_is_answered(fake, tmp_path):
    guild = fake.add_guild()
    table = guild.add_text_channel("table")
    alice, bob, carol = guild.add_member("Alice"), guild.add_member("Bob"), guild.add_member("Carol")
    mod = guild.add_moderator("Mod")
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/s.sqlite3")) as bot:
        res = await fake.slash(alice, table, "game", "new", options={"game": "risk_express"})
        lobby = frozen(res.message)  # as Carol's client still shows it after the reset
        await fake.slash(bob, table, "game", "join")
        res = await fake.slash(mod, table, "game", "mod", "reset")
        assert not res.ephemeral
        before = await bot.service.store.active_game(table.id)
        join = next(c for c in lobby.custom_ids if c.endswith(":join"))
        res = await fake.click(carol, lobby, join)
        assert res.ephemeral and "replaced by a newer one" in res.content
        res = await fake.click(carol, lobby, join, locale="fr")
        assert res.ephemeral and "remplacée par une plus récente" in res.content
        menu = next(c for c in lobby.custom_ids if c.startswith("gmlo:"))
        res = await fake.select(alice, lobby, menu, ["true"], locale="fr")
        assert res.ephemeral and "remplacée" in res.content
        after = await bot.service.store.active_game(table.id)
        assert (after.id, after.players, after.options, after.version) == (
            before.id, before.players, before.options, before.version)


async def test_another_games_option_in_a_lobby_menu_is_refused(fake, tmp_path):
    guild = fake.add_guild()
    table = guild.add_text_channel("table")
    alice = guild.add_member("Alice")
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/s.sqlite3")) as bot:
        res = await fake.slash(alice, table, "game", "new", options={"game": "risk_express"})
        lobby = res.message
        gid = lobby.custom_ids[0].split(":")[1]
        before = await bot.service.store.active_game(table.id)
        # Peaky Blinders' British Crown, sent to a Risk Express lobby: by its own menu and in the
        # menu of every option
        for custom_id, value in ((f"gmlo:{gid}:crown", "true"), (f"gmlo:{gid}:*", "crown=true")):
            res = await fake.select(alice, forged(lobby, custom_id, [value]), custom_id, [value])
            assert res.ephemeral and "no option “crown”" in res.content
        res = await fake.select(alice, forged(lobby, f"gmlo:{gid}:*", ["crown=true"]), f"gmlo:{gid}:*",
                                ["crown=true"], locale="fr")
        assert res.ephemeral and "n'a pas d'option « crown »" in res.content
        after = await bot.service.store.active_game(table.id)
        assert (after.options, after.version) == (before.options, before.version)


async def test_a_click_on_the_lobby_after_the_start_and_unknown_ids_are_answered(fake, tmp_path):
    guild = fake.add_guild()
    table = guild.add_text_channel("table")
    alice, bob, carol = guild.add_member("Alice"), guild.add_member("Bob"), guild.add_member("Carol")
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/s.sqlite3")) as bot:
        res = await fake.slash(alice, table, "game", "new", options={"game": "risk_express"})
        lobby = frozen(res.message)  # out of date once the game starts
        await fake.slash(bob, table, "game", "join")
        await fake.slash(alice, table, "game", "start")
        before = await snapshot(bot, table)
        for op in ("join", "leave", "start"):
            custom_id = next(c for c in lobby.custom_ids if c.endswith(f":{op}"))
            res = await fake.click(carol, lobby, custom_id)
            assert res.ephemeral and "has started" in res.content
        res = await fake.click(carol, lobby, custom_id, locale="fr")
        assert res.ephemeral and "a commencé" in res.content
        # ids no item of this bot reads (an older bot's, a forged one): answered all the same
        gid = lobby.custom_ids[0].split(":")[1]
        for custom_id in (f"gml:{gid}:bogus", "gmx:1", "old-bot:join"):
            res = await fake.click(carol, forged(lobby, custom_id), custom_id)
            assert res.ephemeral and "out of date" in res.content
        res = await fake.select(bob, forged(lobby, "gmq:1", ["a"]), "gmq:1", ["a"], locale="fr")
        assert res.ephemeral and "n'est plus d'actualité" in res.content
        assert await snapshot(bot, table) == before


async def test_a_click_on_a_game_reset_or_ended_says_so(fake, tmp_path):
    guild = fake.add_guild()
    table = guild.add_text_channel("table")
    alice, bob = guild.add_member("Alice"), guild.add_member("Bob")
    mod = guild.add_moderator("Mod")
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/s.sqlite3")) as bot:
        await fake.slash(alice, table, "game", "new", options={"game": "risk_express"})
        await fake.slash(bob, table, "game", "join")
        await fake.slash(alice, table, "game", "start")
        prompt = frozen(live_prompt(fake, table))  # as the players' clients still show it
        custom_id, value = choices(prompt)[0]
        row = await bot.service.store.active_game(table.id)
        player = alice if [str(alice.id)] == GAMES["risk_express"].to_act(row.state)[:1] else bob  # to act
        res = await fake.slash(mod, table, "game", "mod", "reset")
        assert not res.ephemeral
        before = await snapshot(bot, table)
        for locale, said in (("en-US", "replaced by a newer one"), ("fr", "remplacée par une plus récente")):
            res = await click_choice(fake, player, prompt, (custom_id, value), locale=locale)
            assert res.ephemeral and said in res.content, res.content
        assert await snapshot(bot, table) == before
        await fake.slash(mod, table, "game", "end")
        for locale, said in (("en-US", "This game is over"), ("fr", "Cette partie est terminée")):
            res = await click_choice(fake, player, prompt, (custom_id, value), locale=locale)
            assert res.ephemeral and said in res.content, res.content


async def test_a_click_that_fails_unexpectedly_is_still_answered(fake, tmp_path, caplog):
    guild = fake.add_guild()
    table = guild.add_text_channel("table")
    alice, bob = guild.add_member("Alice"), guild.add_member("Bob")
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/s.sqlite3")) as bot:
        res = await fake.slash(alice, table, "game", "new", options={"game": "risk_express"})
        lobby = res.message

        async def broken(*args, **kwargs):
            raise RuntimeError("the database went away")

        bot.service.join = broken
        join = next(c for c in lobby.custom_ids if c.endswith(":join"))
        res = await fake.click(bob, lobby, join, locale="fr")
        assert res.ephemeral and "rien n'a été modifié" in res.content, res.content
        assert "the database went away" in caplog.text  # logged for us, not shown to the member
