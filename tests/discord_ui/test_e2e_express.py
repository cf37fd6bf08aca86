"""End to end: the real discord.py client against a fake Discord on 127.0.0.1.

A three-player Risk Express game from ``/game new`` to the final scores, by slash
commands and button clicks, with a restart in the middle; refusals, secrets and
moderation checked on the way.
"""

from __future__ import annotations

import io
import random

import discord
from PIL import Image

from bot.discord_ui.app import GameMasterBot
from bot.rules import GAMES
from bot.store import Store
from tests.discord_ui.e2e import choices, make_bot

game = GAMES["risk_express"]



def decode_png(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.format == "PNG" and img.width >= 500
    return img


def prompt(fake, channel):
    """The bot's message that holds the live choices (the newest with game buttons)."""
    live = [m for m in fake.channel_messages(channel)
            if any(c.startswith(("gm:", "gms:", "gmg:", "gmgs:")) for c in m.custom_ids)]
    assert live, "no message with choices"
    return live[-1]




async def state_of(bot: GameMasterBot, channel):
    return await bot.service.store.active_game(channel.id)


def is_group(choice) -> bool:
    return choice[0].startswith(("gmg:", "gmgs:"))


def pick(row, options, rnd: random.Random):
    """Prefer free cards so the test game stays short; any legal choice is fine."""
    def free(choice):
        if is_group(choice):  # a card first: its id is the group
            card = choice[1] if choice[0].startswith("gmgs:") else choice[0].split(":", 3)[3]
            return row.state["owners"].get(card) is None
        code = (choice[1] or choice[0].split(":", 3)[3])
        parts = code.split("|")
        return len(parts) == 3 and row.state["owners"].get(parts[1]) is None
    preferred = [c for c in options if free(c)]
    return rnd.choice(preferred or options)


async def click_choice(fake, user, message, choice):
    """Click a choice; a card (a group) opens its lines on the same message, and the
    first line is played, as a player does in two steps."""
    custom_id, value = choice
    if value is None:
        res = await fake.click(user, message, custom_id)
    else:
        res = await fake.select(user, message, custom_id, [value])
    if not is_group(choice) or res.ephemeral:
        return res
    edited = fake.message(message.id)
    step = next(c for c in choices(edited) if c[0].startswith(("gm:", "gms:")))
    return await click_choice(fake, user, edited, step)



async def test_a_whole_game_by_buttons_and_commands_with_a_restart(fake, tmp_path, caplog):
    caplog.set_level("DEBUG")
    db = f"sqlite:///{tmp_path}/e2e.sqlite3"
    guild = fake.add_guild("Friends")
    table = guild.add_text_channel("risk")
    alice, bob, carol = guild.add_member("Alice"), guild.add_member("Bob"), guild.add_member("Carol")
    stranger = guild.add_member("Stranger")
    users = {str(u.id): u for u in (alice, bob, carol)}
    rnd = random.Random(5)

    async with fake.run(make_bot(db)) as bot:
        # a command in a channel without a game: a clear, private refusal
        res = await fake.slash(alice, table, "game", "status")
        assert res.ephemeral and "no game" in res.content

        res = await fake.slash(alice, table, "game", "new", options={"game": "risk_express"})
        assert not res.ephemeral and "Risk Express" in res.content
        lobby = res.message
        assert {c for c in lobby.custom_ids if c.startswith("gml:")}
        res = await fake.slash(bob, table, "game", "new", options={"game": "risk_express"})
        assert res.ephemeral and "already has a game" in res.content
        # options are chosen in the lobby, each game its own (no Crown in Risk Express), by the host
        game_new = next(c for c in fake.commands[None] if c["name"] == "game")
        new_cmd = next(c for c in game_new["options"] if c["name"] == "new")
        assert [o["name"] for o in new_cmd["options"]] == ["game", "language", "bots", "level"]
        option_menus = [c for c in lobby.custom_ids if c.startswith("gmlo:")]
        assert option_menus and not [c for c in option_menus if c.endswith((":crown", ":*"))]
        res = await fake.select(bob, lobby, option_menus[0], ["true"])
        assert res.ephemeral

        res = await fake.click(bob, lobby, label="Join")
        assert str(bob.id) in fake.message(lobby.id).content
        res = await fake.slash(carol, table, "game", "join")
        assert res.ephemeral
        res = await fake.slash(carol, table, "game", "join")
        assert res.ephemeral and "already joined" in res.content
        res = await fake.slash(stranger, table, "express", "play", options={"card": "usa", "line": "1"})
        assert res.ephemeral and "not started" in res.content
        res = await fake.click(bob, lobby, label="Start")
        assert res.ephemeral and "host" in res.content
        mark = fake.mark()
        await fake.click(alice, lobby, label="Start")
        first = await fake.wait_message(table, lambda m: bool(m.files), since=mark)
        decode_png(first.files[0][1])

        row = await state_of(bot, table)
        assert row.status == "running" and sorted(row.players) == sorted(users)

        # the stranger's click and a player out of turn are refused; nothing changes
        current = game.current(row.state)
        msg = prompt(fake, table)
        other = next(u for s, u in users.items() if s != current)
        for who in (stranger, other):
            res = await click_choice(fake, who, msg, choices(msg)[0])
            assert res.ephemeral and "choices are for" in res.content
        assert (await state_of(bot, table)).version == row.version

        # secrets and information are private; the board is public
        res = await fake.slash(alice, table, "game", "hand")
        assert res.ephemeral and "no secret" in res.content
        res = await fake.slash(stranger, table, "game", "hand")
        assert res.ephemeral and "not playing" in res.content
        res = await fake.slash(alice, table, "game", "board")
        assert not res.ephemeral and res.files
        decode_png(res.files[0][1])

        # a dozen moves by buttons, one by the slash command with autocomplete
        for _ in range(12):
            row = await state_of(bot, table)
            msg = prompt(fake, table)
            await click_choice(fake, users[game.current(row.state)], msg, pick(row, choices(msg), rnd))
        row = await state_of(bot, table)
        seat = game.current(row.state)
        if row.state["phase"] == "place":
            cards = await fake.autocomplete(users[seat], table, "express", "play", focused="card",
                                            options={"card": ""})
            legal = {a["card"] for a in game.legal_actions(row.state, seat)}
            assert {c["value"] for c in cards} == legal
            assert await fake.autocomplete(stranger, table, "express", "play", focused="card",
                                           options={"card": ""}) == []
            card = cards[0]["value"]
            lines = await fake.autocomplete(users[seat], table, "express", "play", focused="line",
                                            options={"card": card, "line": ""})
            assert lines
            res = await fake.slash(users[seat], table, "express", "play",
                                   options={"card": card, "line": lines[0]["value"]})
            assert not res.ephemeral
            assert (await state_of(bot, table)).version == row.version + 1
            bad = await fake.slash(users[seat], table, "express", "play", options={"card": "atlantis", "line": "1"})
        else:
            bad = await fake.slash(users[seat], table, "express", "play", options={"card": "atlantis", "line": "1"})
        assert bad.ephemeral
        last_version = (await state_of(bot, table)).version
        old_prompt = prompt(fake, table)

    # --- restart: a new client on the same database; the old buttons still work
    async with fake.run(make_bot(db)) as bot:
        row = await state_of(bot, table)
        assert row.version == last_version
        msg = prompt(fake, table)
        assert msg.id == old_prompt.id
        # a double click: the same button twice, the second is refused as out of date
        choice = pick(row, choices(msg), rnd)
        await click_choice(fake, users[game.current(row.state)], msg, choice)
        res = await click_choice(fake, users[game.current(row.state)], msg, choice)
        assert res.ephemeral
        assert (await state_of(bot, table)).version == last_version + 1

        boards = 0
        for _ in range(600):
            row = await state_of(bot, table)
            if row is None or row.status != "running":
                break
            msg = prompt(fake, table)
            mark = fake.mark()
            await click_choice(fake, users[game.current(row.state)], msg, pick(row, choices(msg), rnd))
            posted = await fake.wait_message(table, lambda m: not m.ephemeral, since=mark)
            if posted.files:
                boards += 1
        final = await bot.service.store.latest_game(table.id)
        assert final.status == "finished"
        outcome = game.outcome(final.state)
        assert outcome is not None and boards > 3
        last = [m for m in fake.channel_messages(table) if m.files][-1]
        assert "Game over" in last.content
        for score in outcome["scores"].values():
            assert str(score) in last.content
        decode_png(last.files[0][1])
        res = await fake.slash(alice, table, "game", "log", options={"n": 5})
        assert res.ephemeral and "#" in res.content
        res = await fake.slash(alice, table, "game", "status")  # the final scores stay viewable
        assert res.ephemeral and all(str(score) in res.content for score in outcome["scores"].values())
        log = await bot.service.store.actions(final.id)
        replayed = game.replay(final.players, final.options, final.seed, [(a.seat, a.action) for a in log])
        assert replayed == final.state
    # a log line per command and per refusal, with the game; never the token
    assert "/game new guild=" in caplog.text and "game=risk_express#" in caplog.text
    assert "refused err.not_your_button" in caplog.text
    assert fake.token not in caplog.text


async def test_moderation_and_french(fake, tmp_path):
    db = f"sqlite:///{tmp_path}/mod.sqlite3"
    guild = fake.add_guild("Amis", locale="fr")
    table = guild.add_text_channel("partie")
    alice, bob = guild.add_member("Alice"), guild.add_member("Bob")
    mod = guild.add_moderator("Mod")
    helper_role = guild.add_role("Arbitre", 0)
    helper = guild.add_member("Helper", roles=[helper_role])
    manager = guild.add_member("Gérant", roles=[guild.add_role("Gérants", discord.Permissions(manage_guild=True))])

    async with fake.run(make_bot(db)) as bot:
        res = await fake.slash(alice, table, "game", "new", options={"game": "risk_express"}, locale="fr")
        assert "nouvelle partie" in res.content
        lobby = res.message  # the optional rule chosen in the lobby's menu, from a French client
        menu = next(c for c in lobby.custom_ids if c.startswith("gmlo:") and c.endswith(":continue_attempt"))
        res = await fake.select(alice, lobby, menu, ["true"], locale="fr")
        assert not res.ephemeral
        assert (await state_of(bot, table)).options["continue_attempt"] is True
        await fake.slash(bob, table, "game", "join", locale="fr")
        res = await fake.slash(bob, table, "game", "start", locale="fr")
        assert res.ephemeral and "hôte" in res.content
        await fake.slash(mod, table, "game", "start")
        row = await state_of(bot, table)
        assert row.status == "running"

        for command, options in (("reset", {}), ("skip", {}), ("kick", {"player": bob})):
            res = await fake.slash(bob, table, "game", "mod", command, options=options, locale="fr")
            assert res.ephemeral and "modérateur" in res.content
        res = await fake.slash(helper, table, "game", "mod", "skip")
        assert res.ephemeral
        res = await fake.slash(bob, table, "game", "settings", "server", options={"moderator_role": helper_role})
        assert res.ephemeral
        assert (await state_of(bot, table)).version == row.version

        res = await fake.slash(mod, table, "game", "settings", "server", options={"moderator_role": helper_role})
        assert res.ephemeral and "Manage Server" in res.content  # Manage Channels is not enough
        res = await fake.slash(manager, table, "game", "settings", "server", options={"moderator_role": helper_role})
        assert res.ephemeral
        res = await fake.slash(helper, table, "game", "mod", "skip")
        assert not res.ephemeral and "passé" in res.content  # the guild speaks French
        after = await state_of(bot, table)
        assert game.current(after.state) != game.current(row.state)

        res = await fake.slash(mod, table, "game", "mod", "reset")
        assert not res.ephemeral and res.files
        fresh = await state_of(bot, table)
        assert fresh.id != row.id and fresh.players == row.players and fresh.version == 1 or fresh.status == "running"

        res = await fake.slash(mod, table, "game", "mod", "kick", options={"player": bob})
        assert not res.ephemeral
        over = await bot.service.store.latest_game(table.id)
        assert over.status == "finished" and game.outcome(over.state)["winners"] == [str(alice.id)]

        res = await fake.slash(alice, table, "game", "rules", locale="fr")
        assert res.ephemeral and "dés" in res.content
        res = await fake.slash(alice, table, "game", "help", locale="fr")
        assert res.ephemeral and "/partie" in res.content and "/game" not in res.content  # French names

    cmds = fake.commands[None]
    game_cmd = next(c for c in cmds if c["name"] == "game")
    assert game_cmd["name_localizations"]["fr"] == "partie"


async def test_store_file_created_on_first_start(tmp_path):
    path = tmp_path / "var" / "first.sqlite3"
    store = await Store.open(f"sqlite:///{path}")
    await store.close()
    assert path.exists()
