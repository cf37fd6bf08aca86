"""End to end, the commands as Discord receives them (issue 29): room under Discord's
ceilings, every command a server's (a DM gets one line), /game help made from the
registries, the lobby's players line, an old server copy cleared by a global sync, and
no game state, secret or seed in the logs at DEBUG.

The real discord.py client against the fake Discord on 127.0.0.1: what is checked is what
the bot PUT to the fake at sync, and what a member reads.
"""

from __future__ import annotations

import logging
from collections import Counter

import pytest

from bot.config import Settings
from bot.discord_ui.app import GameMasterBot
from bot.discord_ui.cogs.registry import game_cogs, group_name
from bot.games import presenter
from tests.discord_ui.e2e import make_bot, row_of
from tests.discord_ui.test_e2e_peaky import play_turn

# Discord's ceilings (a command refused at sync leaves the bot with no command at all)
LIMITS = {"children": 25, "options": 25, "choices": 25, "name": 32, "description": 100, "characters": 4000}
MARGIN = 3  # a test fails when anything comes within three of a ceiling
GAME_ROOM = 5  # every command and each of its groups keeps room for five more commands
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2


def crowding(command: dict) -> list[str]:
    """What, in a synced command (as JSON), comes within MARGIN of a Discord ceiling."""
    found = []

    def near(what: str, value: int, limit: str, where: str) -> None:
        if value > LIMITS[limit] - MARGIN:
            found.append(f"{where}: {value} {what} (Discord's ceiling: {LIMITS[limit]})")

    def texts(node: dict, field: str) -> list[str]:
        return [node.get(field) or "", *(node.get(f"{field}_localizations") or {}).values()]

    def walk(node: dict, where: str) -> int:
        for name in texts(node, "name"):
            near("characters of name", len(name), "name", where)
        for text in texts(node, "description"):
            near("characters of description", len(text), "description", where)
        size = max(map(len, texts(node, "name"))) + max(map(len, texts(node, "description")))
        options = node.get("options") or []
        kinds = {o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in options}
        near("subcommands" if kinds == {True} else "options", len(options),
             "children" if kinds == {True} else "options", where)
        choices = node.get("choices") or []
        near("choices", len(choices), "choices", where)
        size += sum(len(c["name"]) + len(str(c["value"])) for c in choices)
        return size + sum(walk(o, f"{where} {o['name']}") for o in options)

    size = walk(command, "/" + command["name"])
    near("characters in all", size, "characters", "/" + command["name"])
    return found


def test_the_ceiling_check_finds_a_crowded_command():
    sub = [{"type": SUB_COMMAND, "name": f"c{i}", "description": "d"} for i in range(23)]
    assert crowding({"name": "g", "description": "d", "options": sub}) == [
        "/g: 23 subcommands (Discord's ceiling: 25)"]
    long = {"name": "g", "description": "d" * 98, "name_localizations": {"fr": "x" * 30}, "options": []}
    assert len(crowding(long)) == 2
    assert crowding({"name": "g", "description": "d", "options": sub[:22]}) == []


async def test_the_synced_tree_has_room_under_discords_ceilings_and_only_servers_see_it(fake, tmp_path):
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/tree.sqlite3")):
        synced = {c["name"]: c for c in fake.commands[None]}  # a global sync
    assert {"game", *(group_name(cog) for cog in game_cogs().values())} == set(synced)
    for command in synced.values():
        assert crowding(command) == [], crowding(command)
        # every command a server's: Discord offers none in a DM with the bot
        assert command["contexts"] == [0] and command["integration_types"] == [0], command["name"]
        assert command["dm_permission"] is False
    game = synced["game"]
    groups = {o["name"]: o for o in game["options"] if o["type"] == SUB_COMMAND_GROUP}
    assert set(groups) == {"mod", "settings"}
    assert {o["name"] for o in groups["mod"]["options"]} == {"reset", "kick", "skip", "rollback", "ai"}
    assert {o["name"] for o in groups["settings"]["options"]} == {"server", "notify", "vacation", "leaderboard"}
    for level in (game, *groups.values()):
        assert len(level["options"]) <= LIMITS["children"] - GAME_ROOM, level["name"]
    for name, command in synced.items():  # every command and each of its groups: room for five more
        for level in (command, *(o for o in command["options"] if o["type"] == SUB_COMMAND_GROUP)):
            assert len(level["options"]) <= LIMITS["children"] - GAME_ROOM, (name, level["name"])
    # /zt: the car's moves and the gear apart, French names for them
    zt = {o["name"]: o for o in synced["zt"]["options"] if o["type"] == SUB_COMMAND_GROUP}
    assert {g: sorted(o["name"] for o in zt[g]["options"]) for g in zt} == {
        "car": ["drive", "enter", "leave"], "gear": ["arm", "drop", "guard"]}
    assert {zt[g]["name_localizations"]["fr"] for g in zt} == {"voiture", "equipement"}
    assert "odds" in {o["name"] for o in synced["zt"]["options"]}
    # French names for the new groups, as a French client shows them
    assert groups["mod"]["name_localizations"]["fr"] == "moderation"
    assert groups["settings"]["name_localizations"]["fr"] == "reglages"
    assert {o["name_localizations"]["fr"] for o in groups["settings"]["options"]} == {"serveur", "rappels", "vacances",
                                                                                      "classement"}
    assert "stats" in {o["name"] for o in game["options"]}
    # /tf in groups, as a player looks for them: a turn's moves first, the leader, the cards,
    # the standing orders; each level with room for five more
    tf = synced["tf"]
    tf_groups = {o["name"]: o for o in tf["options"] if o["type"] == SUB_COMMAND_GROUP}
    assert {g: sorted(o["name"] for o in tf_groups[g]["options"]) for g in tf_groups} == {
        "leader": ["bonus", "escape", "flip", "jump", "revive"], "cards": ["backup", "play", "transform"],
        "orders": ["defence", "rally", "stance"]}
    for level in (tf, *tf_groups.values()):
        assert len(level["options"]) <= LIMITS["children"] - GAME_ROOM, level["name"]


async def test_a_command_in_a_direct_message_is_answered_with_one_line(fake, tmp_path):
    guild = fake.add_guild("DM")
    alice = guild.add_member("Alice")
    dm = fake.world.dm_channel(alice.user)
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/dm.sqlite3")) as bot:
        for path, options, locale, word in ((("new",), {"game": "risk_express"}, "en-US", "server"),
                                            (("status",), {}, "fr", "serveur"),
                                            (("mod", "skip"), {}, "en-US", "server")):
            res = await fake.slash(alice.user, dm, "game", *path, options=options, locale=locale)
            assert word in res.content and "\n" not in res.content.strip(), res.content
            assert "went wrong" not in res.content
        choices = await fake.autocomplete(alice.user, dm, "express", "play", focused="card")
        assert choices == []
        assert await bot.service.store.latest_game(dm.id) is None  # nothing was opened
    assert not fake.discord_errors


async def test_a_direct_message_to_the_bot_is_answered_with_one_line(fake, tmp_path):
    guild = fake.add_guild("DM")
    alice = guild.add_member("Alice")
    dm = fake.world.dm_channel(alice.user)

    def written(content: str) -> dict:  # what the gateway sends when Alice writes to the bot
        return {"id": str(fake.world.new_id()), "channel_id": str(dm.id), "author": alice.user.to_dict(),
                "content": content, "timestamp": "2026-11-28T12:00:00+00:00", "edited_timestamp": None,
                "type": 0, "tts": False, "mention_everyone": False, "mentions": [], "mention_roles": [],
                "attachments": [], "embeds": [], "pinned": False, "flags": 0}

    async with fake.run(make_bot(f"sqlite:///{tmp_path}/dmtext.sqlite3")):
        mark = fake.mark()
        fake.emit("MESSAGE_CREATE", written("hello, can we play here?"))
        answer = await fake.wait_message(dm, since=mark)
        assert "server" in answer.content and "serveur" in answer.content and "\n" not in answer.content
        fake.emit("MESSAGE_CREATE", written("hello?"))  # the same member again soon: no second answer
        await fake.settle()
        assert [m.content for m in fake.channel_messages(dm)] == [answer.content]
    assert not fake.discord_errors


@pytest.mark.parametrize("locale", ["en-US", "fr"])
async def test_help_names_every_games_commands_in_the_members_language(fake, tmp_path, locale):
    guild = fake.add_guild("Help")
    table = guild.add_text_channel("t")
    alice = guild.add_member("Alice")
    lang = "fr" if locale == "fr" else "en"
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/help.sqlite3")):
        res = await fake.slash(alice, table, "game", "help", locale=locale)
        synced = {c["name"]: c for c in fake.commands[None]}
    assert res.ephemeral and len(res.content) <= 2000

    def seen(node: dict) -> str:  # the name a member of that language sees
        return (node.get("name_localizations") or {}).get(lang, node["name"]) if lang == "fr" else node["name"]

    for game_id, cog in game_cogs().items():
        command = synced[group_name(cog)]
        line = next(x for x in res.content.splitlines() if f"`/{seen(command)}`" in x)
        assert presenter(game_id).name(lang) in line
        words = set(line.split("`", 2)[2].replace(":", " ").replace("·", " ").split())
        assert {seen(o) for o in command["options"] if o["type"] == SUB_COMMAND} <= words, (game_id, line)
        for group in (o for o in command["options"] if o["type"] == SUB_COMMAND_GROUP):  # a line each (/tf leader)
            sub = next(x for x in res.content.splitlines() if f"`/{seen(command)} {seen(group)}`" in x)
            assert {seen(o) for o in group["options"]} <= set(sub.split("`", 2)[2].replace("·", " ").split()), sub
    game = synced["game"]
    for group in [game, *(o for o in game["options"] if o["type"] == SUB_COMMAND_GROUP)]:
        prefix = f"`/{seen(game)}`" if group is game else f"`/{seen(game)} {seen(group)}`"
        line = next(x for x in res.content.splitlines() if prefix in x)
        names = {seen(o) for o in group["options"] if o["type"] == SUB_COMMAND}
        assert names <= set(line.split("`", 2)[2].replace(":", " ").replace("·", " ").split()), line
    assert ("/partie" in res.content) == (lang == "fr") and ("/game" in res.content) == (lang == "en")


async def test_the_lobby_says_how_many_players_and_how_many_can_play(fake, tmp_path):
    guild = fake.add_guild("Lobby")
    table, other = guild.add_text_channel("t"), guild.add_text_channel("u")
    alice, bob = guild.add_member("Alice"), guild.add_member("Bob")
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/lobby.sqlite3")):
        res = await fake.slash(alice, table, "game", "new", options={"game": "risk_express"})
        assert "Players: 1 (2–6 can play) — " in res.content, res.content
        await fake.slash(bob, table, "game", "join")
        res = await fake.slash(bob, table, "game", "status", locale="fr")  # the lobby, in Bob's language
        assert res.ephemeral and "Joueurs : 2 (de 2 à 6 peuvent jouer) — " in res.content, res.content
        res = await fake.slash(alice, other, "game", "new", options={"game": "transformers", "language": "fr"})
        assert "Joueurs : 1 (de 2 à 4 peuvent jouer) — " in res.content, res.content
        assert "Players (" not in res.content and "Joueurs (" not in res.content
    assert not fake.discord_errors


async def test_a_global_sync_clears_a_servers_old_copy(fake, tmp_path):
    """SYNC_GUILD_ID set, then emptied: the server synced alone before keeps no copy (it
    would show every command twice); another server's nothing is left untouched."""
    old, fresh = fake.add_guild("Old"), fake.add_guild("Fresh")
    async with fake.run(GameMasterBot(Settings(token="fake-token", database_url=f"sqlite:///{tmp_path}/a.sqlite3",
                                               sync_guild_id=old.id), guild_ready_timeout=0.05)):
        pass
    assert len(fake.commands[old.id]) == len(fake.commands.get(None, [])) + 6 == 6
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/b.sqlite3")):
        await fake.wait_until(lambda: fake.commands.get(old.id) == [], "the old server copy cleared")
    assert len(fake.commands[None]) == 6 and not fake.commands.get(fresh.id)
    assert not fake.discord_errors


async def test_debug_logs_hold_no_game_state_secret_or_seed(fake, tmp_path, caplog):
    caplog.set_level(logging.DEBUG)
    guild = fake.add_guild("Logs")
    table = guild.add_text_channel("t")
    alice, bob, carol = (guild.add_member(n) for n in ("Alice", "Bob", "Carol"))
    users = {str(u.id): u for u in (alice, bob, carol)}
    hands = []
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/logs.sqlite3", seed=918_273_645)) as bot:
        await fake.slash(alice, table, "game", "new", options={"game": "peaky_blinders"})
        for user in (bob, carol):
            await fake.slash(user, table, "game", "join")
        await fake.slash(alice, table, "game", "start")
        await fake.settle()
        for user in (alice, bob, carol):
            res = await fake.slash(user, table, "game", "hand")
            assert res.ephemeral
            hands.append(res.content)
        await play_turn(fake, bot, table, users, Counter())
        await fake.settle()
        row = await row_of(bot, table)
    text = caplog.text
    assert "aiosqlite" not in {r.name for r in caplog.records if r.levelno < logging.INFO}
    assert "/interactions/" in text and "WebSocket Event" in text  # discord.py's DEBUG lines are there
    assert "918273645" not in text and str(row.state["rng"]) not in text  # no seed
    for key in ("rng", "players", "deck", "missions"):
        assert f'"{key}"' not in text and f"'{key}'" not in text, key
    for hand in hands:  # what only its owner saw
        assert hand not in text and hand.splitlines()[-1] not in text
