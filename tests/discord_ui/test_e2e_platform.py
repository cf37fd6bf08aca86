"""End to end, the Discord side of playing: pings, languages, settings rights, two-step
choices, the lobby's menus, what stays viewable after the end, missed posts, idle lobbies,
Discord's size limits and secrets in the logs.

The real discord.py client against the fake Discord on 127.0.0.1; the tests send what
Discord sends (the option names a member sees, a French client's locale, a stranger's click).
"""

from __future__ import annotations

import asyncio
import random
import re
import threading

import discord

import renderers
from bot.games import presenter
from bot.i18n import t
from bot.rules import GAMES
from tests.discord_ui.e2e import HANG_LIMIT, choices, click_choice, live_prompt, make_bot
from tests.discord_ui.test_e2e_peaky import play_turn

express = GAMES["risk_express"]
peaky = GAMES["peaky_blinders"]
MENTION = re.compile(r"<@!?(\d+)>")


async def play_one_express_move(fake, bot, channel, users, rnd):
    """The current player makes one move, through both steps of a two-step choice."""
    row = await bot.service.store.active_game(channel.id)
    user = users[express.current(row.state)]
    msg = live_prompt(fake, channel)
    opts = choices(msg)
    step = [c for c in opts if c[0].startswith(("gmg:", "gmgs:")) and not c[0].endswith(":")]
    if step:
        await click_choice(fake, user, msg, rnd.choice(step))
        msg = fake.message(msg.id)
        opts = [c for c in choices(msg) if c[0].startswith(("gm:", "gms:"))]
    mark = fake.mark()
    await click_choice(fake, user, msg, rnd.choice([c for c in opts if c[0].startswith(("gm:", "gms:"))]))
    return mark


async def open_game(fake, bot, channel, host, others, game="risk_express", locale="en-US", **options):
    res = await fake.slash(host, channel, "game", "new", options={"game": game, **options}, locale=locale)
    assert not res.ephemeral, res.content
    for user in others:
        joined = await fake.slash(user, channel, "game", "join")
        assert joined.ephemeral
    return res


async def start(fake, bot, channel, host, locale="en-US"):
    mark = fake.mark()
    res = await fake.slash(host, channel, "game", "start", locale=locale)
    assert not res.ephemeral, res.content
    return mark, await bot.service.store.active_game(channel.id)


def posted_since(fake, channel, mark):
    """The texts of the public messages posted since ``mark`` (created, or a "thinking"
    deferral filled in), as they read when they appeared."""
    return [r.content for r in fake.records[mark:] if r.channel_id == channel.id and not r.ephemeral
            and (r.action == "create" or (r.action == "edit" and r.kind == "followup"))]


def public_since(fake, channel, mark):
    """Public messages created or changed since ``mark``, as they are now."""
    ids = dict.fromkeys(r.message_id for r in fake.records[mark:] if r.channel_id == channel.id)
    return [fake.message(i) for i in ids if not fake.message(i).ephemeral and not fake.message(i).deleted]


# -- 1. pings ---------------------------------------------------------------------------

async def test_a_player_is_pinged_once_when_their_turn_starts(fake, tmp_path):
    guild = fake.add_guild("Pings")
    table = guild.add_text_channel("express")
    alice, bob, carol = (guild.add_member(n) for n in ("Alice", "Bob", "Carol"))
    users = {str(u.id): u for u in (alice, bob, carol)}
    rnd = random.Random(3)
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/pings.sqlite3")) as bot:
        await open_game(fake, bot, table, alice, [bob, carol])
        mark, row = await start(fake, bot, table, alice)
        await fake.settle()
        first = express.current(row.state)
        assert [u for _m, u in fake.pings(since=mark)] == [int(first)]

        # the whole of the first player's turn: nobody is pinged until the next one's starts
        mark = fake.mark()
        for _ in range(60):
            row = await bot.service.store.active_game(table.id)
            if express.current(row.state) != first:
                break
            await play_one_express_move(fake, bot, table, users, rnd)
        await fake.settle()
        row = await bot.service.store.active_game(table.id)
        nxt = express.current(row.state)
        assert nxt != first
        pings = fake.pings(since=mark)
        assert [u for _m, u in pings] == [int(nxt)]
        assert pings[0][0] == live_prompt(fake, table).id  # in the message that hands them the turn
        for text in posted_since(fake, table, mark):  # narration names players, never mentions them
            assert set(MENTION.findall(text)) <= {nxt}, text
    assert not fake.discord_errors


async def test_a_peaky_turn_with_an_attack_pings_only_the_next_player(fake, tmp_path):
    guild = fake.add_guild("Pings")
    table = guild.add_text_channel("peaky")
    alice, bob, carol = (guild.add_member(n) for n in ("Alice", "Bob", "Carol"))
    users = {str(u.id): u for u in (alice, bob, carol)}
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/pings.sqlite3")) as bot:
        await open_game(fake, bot, table, alice, [bob, carol], game="peaky_blinders")
        mark, row = await start(fake, bot, table, alice)
        await fake.settle()
        first = peaky.current(row.state)
        assert [u for _m, u in fake.pings(since=mark)] == [int(first)]

        stats = {"attacks": 0, "until": 0}
        mark = fake.mark()
        await play_turn(fake, bot, table, users, stats)
        await fake.settle()
        assert stats["attacks"] == 1
        attacked = [e for a in await bot.service.store.actions(row.id) for e in a.events if e["type"] == "attack"]
        assert attacked and not attacked[0]["defender"].startswith("neutral")  # a player was attacked
        row = await bot.service.store.active_game(table.id)
        nxt = peaky.current(row.state)
        assert nxt != first
        assert [u for _m, u in fake.pings(since=mark)] == [int(nxt)]
        for text in posted_since(fake, table, mark):
            assert set(MENTION.findall(text)) <= {nxt}, text


# -- 2. languages -----------------------------------------------------------------------

async def test_public_text_in_the_games_language_private_text_in_the_members(fake, tmp_path, monkeypatch):
    drawn: list[str] = []
    render = renderers.render
    monkeypatch.setattr(renderers, "render", lambda view: (drawn.append(view.get("lang")), render(view))[1])
    guild = fake.add_guild("English server", locale="en-US")
    table = guild.add_text_channel("partie")
    amelie, bob, carol = (guild.add_member(n) for n in ("Amélie", "Bob", "Carol"))
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/lang.sqlite3")) as bot:
        # a French client opens the game: the game speaks French
        res = await fake.slash(amelie, table, "game", "new", options={"game": "risk_express"}, locale="fr")
        lobby = res.message
        assert "nouvelle partie" in lobby.content
        assert {c["label"] for row in lobby.components for c in row["components"] if c["type"] == 2} \
            >= {"Rejoindre", "Commencer"}
        res = await fake.click(bob, lobby, label="Rejoindre")  # an English member clicks: still French
        assert "nouvelle partie" in fake.message(lobby.id).content
        res = await fake.slash(carol, table, "game", "join")
        assert res.ephemeral and res.content == "You joined the game."
        mark, row = await start(fake, bot, table, amelie, locale="fr")
        assert row.lang == "fr"
        opening = public_since(fake, table, mark)
        text = "\n".join(m.content for m in opening)
        assert "La partie commence" in text and "à vous de jouer" in text
        assert drawn and set(drawn) == {"fr"}
        labels = [c.get("label") or "" for m in opening for r in m.components for c in r["components"]]
        labels += [o["label"] for m in opening for r in m.components for c in r["components"]
                   for o in c.get("options", [])]
        assert labels and not any("line" in x.lower() for x in labels)  # French buttons ("ligne")

        # English members get English private answers in the French game
        current = express.current(row.state)
        other = next(u for u in (bob, carol) if str(u.id) != current)
        msg = live_prompt(fake, table)
        res = await click_choice(fake, other, msg, choices(msg)[0])
        assert res.ephemeral and "These choices are for" in res.content
        res = await fake.slash(other, table, "game", "status")
        assert res.ephemeral and "Turn" in res.content and "Tour" not in res.content
        res = await fake.slash(other, table, "game", "hand")
        assert res.ephemeral and "no secret" in res.content
        res = await fake.slash(amelie, table, "game", "hand", locale="fr")
        assert res.ephemeral and "secrète" in res.content
        res = await fake.slash(other, table, "express", "play", options={"card": "atlantis", "line": "1"})
        assert res.ephemeral and "Tour" not in res.content and "carte" not in res.content.lower()

        # /game board: the picture in the game's language, whoever asks
        drawn.clear()
        res = await fake.slash(other, table, "game", "board")
        assert not res.ephemeral and res.files and drawn == ["fr"]


async def test_the_language_option_and_the_servers_language(fake, tmp_path):
    guild = fake.add_guild("Mixed", locale="en-US")
    one, two, three = (guild.add_text_channel(n) for n in ("one", "two", "three"))
    admin_role = guild.add_role("Admin", discord.Permissions(administrator=True))
    admin = guild.add_member("Admin", roles=[admin_role])
    amelie, bob = guild.add_member("Amélie"), guild.add_member("Bob")
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/lang2.sqlite3")) as bot:
        # the option wins over the creator's locale
        res = await fake.slash(amelie, one, "game", "new", options={"game": "risk_express", "language": "en"},
                               locale="fr")
        assert "new game" in res.content
        assert (await bot.service.store.active_game(one.id)).lang == "en"
        # the server's language wins over the creator's locale
        res = await fake.slash(admin, one, "game", "settings", "server", options={"language": "fr"})
        assert res.ephemeral and "Français" in res.content
        res = await fake.slash(bob, two, "game", "new", options={"game": "risk_express"})
        assert "nouvelle partie" in res.content
        res = await fake.slash(bob, three, "game", "new", options={"game": "peaky_blinders", "language": "en"})
        assert "new game" in res.content


async def test_a_refusal_names_the_games_pieces_in_the_members_language(fake, tmp_path):
    guild = fake.add_guild("English server")
    table = guild.add_text_channel("express")
    alice, bob = guild.add_member("Alice"), guild.add_member("Bob")
    users = {str(u.id): u for u in (alice, bob)}
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/names.sqlite3")) as bot:
        await open_game(fake, bot, table, alice, [bob])
        _mark, row = await start(fake, bot, table, alice)
        seat = express.current(row.state)
        state = dict(row.state, owners={**row.state["owners"], "usa": seat})
        await bot.service.store.update_game(row, state=state)
        res = await fake.slash(users[seat], table, "express", "play", options={"card": "usa", "line": "1"},
                               locale="fr")
        assert res.ephemeral and "États-Unis" in res.content, res.content
        res = await fake.slash(users[seat], table, "express", "play", options={"card": "usa", "line": "1"})
        assert res.ephemeral and "États-Unis" not in res.content, res.content


# -- 3. who may change the server's settings ---------------------------------------------

async def test_settings_need_manage_server(fake, tmp_path):
    guild = fake.add_guild("Rights")
    table = guild.add_text_channel("t")
    mod = guild.add_moderator("Mod")  # Manage Channels only
    manager_role = guild.add_role("Managers", discord.Permissions(manage_guild=True))
    manager = guild.add_member("Manager", roles=[manager_role])
    helper_role = guild.add_role("Helpers", 0)
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/rights.sqlite3")) as bot:
        for options in ({"moderator_role": helper_role}, {"language": "fr"}, {"lobby_idle_days": 3}):
            res = await fake.slash(mod, table, "game", "settings", "server", options=options)
            assert res.ephemeral and "Manage Server" in res.content
        settings = await bot.service.settings(guild.id)
        assert (settings.moderator_role_id, settings.language, settings.lobby_idle_days) == (None, None, 7)

        res = await fake.slash(manager, table, "game", "settings", "server",
                               options={"moderator_role": helper_role, "language": "fr", "lobby_idle_days": 3})
        assert res.ephemeral and "3" in res.content
        settings = await bot.service.settings(guild.id)
        assert (settings.moderator_role_id, settings.language, settings.lobby_idle_days) == (helper_role.id, "fr", 3)
        # no option: the settings are shown, nothing changes
        res = await fake.slash(manager, table, "game", "settings", "server", locale="fr")
        assert res.ephemeral and "Français" in res.content
        assert await bot.service.settings(guild.id) == settings
        res = await fake.slash(manager, table, "game", "settings", "server", options={"clear_moderator_role": True})
        assert (await bot.service.settings(guild.id)).moderator_role_id is None


# -- 4. two-step choices ---------------------------------------------------------------

def by_card(state, seat, actions, locale):
    """Risk Express's groups as the issue describes them (one per card), for a presenter
    that does not have them yet."""
    cards: dict[str, list] = {}
    for action in actions:
        if action["type"] == "fill":
            cards.setdefault(action["card"], []).append(action)
    return [(c, c.upper(), acts) for c, acts in cards.items()] or None


async def test_two_step_choices_card_then_line(fake, tmp_path, monkeypatch):
    pres = presenter("risk_express")
    if getattr(type(pres), "groups", None) is None:
        monkeypatch.setattr(type(pres), "groups", lambda self, *a: by_card(*a), raising=False)
    db = f"sqlite:///{tmp_path}/groups.sqlite3"
    guild = fake.add_guild("Phones")
    table = guild.add_text_channel("express")
    alice, bob, carol = (guild.add_member(n) for n in ("Alice", "Bob", "Carol"))
    stranger = guild.add_member("Stranger")
    users = {str(u.id): u for u in (alice, bob, carol)}
    async with fake.run(make_bot(db)) as bot:
        await open_game(fake, bot, table, alice, [bob, carol])
        _mark, row = await start(fake, bot, table, alice)
        legal = express.legal_actions(row.state, express.current(row.state))
        assert len(legal) > 5
        msg = live_prompt(fake, table)
        public = express.view(row.state, None)
        seat = express.current(row.state)
        groups = pres.groups(public, seat, pres.buttons(public, seat, legal), "en")
        assert groups
        first_step = choices(msg)
        assert not any(c.startswith(("gm:", "gms:")) for c, _v in first_step)  # no 32 buttons at once
        if len(groups) > 5:
            assert {c for c, _v in first_step} == {f"gmgs:{row.id}:{row.version}"}
        else:
            assert len(first_step) == len(groups)
        assert len(msg.components) <= 5
    # a restart between the two steps: the buttons are persistent
    async with fake.run(make_bot(db)) as bot:
        user = users[express.current(row.state)]
        before = list(msg.components)
        group = next(c for c in first_step if c[0].startswith(("gmg", "gmgs")))
        res = await click_choice(fake, stranger, msg, group)
        assert res.ephemeral and "choices are for" in res.content
        assert fake.message(msg.id).components == before

        res = await click_choice(fake, user, msg, group)
        opened = fake.message(msg.id)
        assert not res.ephemeral or res.message.id == msg.id
        gid = group[1] or group[0].split(":", 3)[3]
        want = {pres.encode(a) for g in groups if g[0] == gid for a in g[2]}
        codes = {(v or c.split(":", 3)[3]) for c, v in choices(opened) if c.startswith(("gm:", "gms:"))}
        assert codes == want
        assert any(c == f"gmg:{row.id}:{row.version}:" for c, _v in choices(opened))  # Back
        assert (await bot.service.store.active_game(table.id)).version == row.version  # nothing committed

        # Back shows the groups again; then a line of a card is played
        await fake.click(user, opened, f"gmg:{row.id}:{row.version}:")
        assert choices(fake.message(msg.id)) == first_step
        await click_choice(fake, user, msg, group)
        action = next(c for c in choices(fake.message(msg.id)) if c[0].startswith(("gm:", "gms:")))
        await click_choice(fake, user, fake.message(msg.id), action)
        assert (await bot.service.store.active_game(table.id)).version == row.version + 1


# -- 5, 6. the lobby's menus -----------------------------------------------------------

def lobby_select(message, prefix: str):
    return [c for c in message.walk_components() if c["type"] == 3 and c["custom_id"].startswith(prefix)]


async def test_lobby_options_in_words_and_chosen_from_the_lobby(fake, tmp_path):
    guild = fake.add_guild("Lobby")
    table = guild.add_text_channel("peaky")
    alice, bob = guild.add_member("Alice"), guild.add_member("Bob")
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/lobby.sqlite3")) as bot:
        res = await open_game(fake, bot, table, alice, [bob], game="peaky_blinders")
        lobby = fake.message(res.message.id)
        assert "crown=on" not in lobby.content and "=" not in lobby.content.split("\n")[3]
        row = await bot.service.store.active_game(table.id)
        crown_on = t("opt.peaky_blinders.crown.true", "en")
        if crown_on != "opt.peaky_blinders.crown.true":
            assert crown_on in lobby.content
        menus = lobby_select(lobby, "gmlo:")
        assert menus
        crown = next((m for m in menus if m["custom_id"] == f"gmlo:{row.id}:crown"), None)
        if crown is not None:
            pick_off = (crown["custom_id"], "false")
        else:
            pick_off = (menus[0]["custom_id"], "crown=false")
        shown = lobby.content
        # only the host
        res = await fake.select(bob, lobby, pick_off[0], [pick_off[1]])
        assert res.ephemeral and "host" in res.content
        assert (await bot.service.store.active_game(table.id)).options["crown"] is True
        res = await fake.select(alice, lobby, pick_off[0], [pick_off[1]])
        row = await bot.service.store.active_game(table.id)
        assert row.options["crown"] is False
        assert fake.message(lobby.id).content != shown
        await fake.slash(alice, table, "game", "start")
        row = await bot.service.store.active_game(table.id)
        assert row.state["crown"] is None or not row.state["options"]["crown"]
        assert not lobby_select(fake.message(lobby.id), "gml")  # menus gone once started

        # a game with few options: a menu per option, the current value marked
        other = guild.add_text_channel("express")
        res = await open_game(fake, bot, other, alice, [bob])
        row = await bot.service.store.active_game(other.id)
        menu = next(c for c in lobby_select(res.message, "gmlo:") if c["custom_id"].endswith(":continue_attempt"))
        assert [o["value"] for o in menu["options"] if o.get("default")] == ["false"]
        await fake.select(alice, res.message, menu["custom_id"], ["true"])
        assert (await bot.service.store.active_game(other.id)).options["continue_attempt"] is True
        assert t("opt.risk_express.continue_attempt.true", "en") in fake.message(res.message.id).content


async def test_players_choose_their_gang_in_the_lobby(fake, tmp_path):
    assert peaky.seat_picks(peaky.validate_options({}))  # the players choose by default
    guild = fake.add_guild("Gangs")
    table = guild.add_text_channel("peaky")
    alice, bob, carol = (guild.add_member(n) for n in ("Alice", "Bob", "Carol"))
    stranger = guild.add_member("Stranger")
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/gangs.sqlite3")) as bot:
        res = await open_game(fake, bot, table, alice, [bob, carol], game="peaky_blinders")
        lobby = res.message
        row = await bot.service.store.active_game(table.id)
        gangs = peaky.seat_picks(row.options)["gang"]
        menu = next(c for c in lobby_select(fake.message(lobby.id), "gmlp:") if c["custom_id"].endswith(":gang"))
        assert {o["value"] for o in menu["options"]} == set(gangs)
        res = await fake.select(stranger, lobby, menu["custom_id"], [gangs[0]])
        assert res.ephemeral and "not in this lobby" in res.content
        await fake.select(alice, lobby, menu["custom_id"], [gangs[0]])
        menu = next(c for c in lobby_select(fake.message(lobby.id), "gmlp:") if c["custom_id"].endswith(":gang"))
        taken = next(o for o in menu["options"] if o["value"] == gangs[0])
        assert "Alice" in (taken.get("description") or "")
        res = await fake.select(bob, lobby, menu["custom_id"], [gangs[0]])  # taken
        assert res.ephemeral
        await fake.select(bob, lobby, menu["custom_id"], [gangs[1]])
        assert (await bot.service.store.active_game(table.id)).picks == {str(alice.id): {"gang": gangs[0]},
                                                                         str(bob.id): {"gang": gangs[1]}}
        await fake.slash(alice, table, "game", "start")
        row = await bot.service.store.active_game(table.id)
        view = peaky.view(row.state, None)
        assert view["factions"][str(alice.id)]["gang"] == gangs[0]
        assert view["factions"][str(bob.id)]["gang"] == gangs[1]
        assert not lobby_select(fake.message(lobby.id), "gml")  # menus gone once started


# -- 7. another seat's anytime action ----------------------------------------------------

async def test_another_players_defence_order_leaves_the_buttons_working(fake, tmp_path):
    assert "defence" in peaky.anytime_actions
    guild = fake.add_guild("Anytime")
    table = guild.add_text_channel("peaky")
    alice, bob, carol = (guild.add_member(n) for n in ("Alice", "Bob", "Carol"))
    users = {str(u.id): u for u in (alice, bob, carol)}
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/anytime.sqlite3")) as bot:
        await open_game(fake, bot, table, alice, [bob, carol], game="peaky_blinders")
        _mark, row = await start(fake, bot, table, alice)
        seat = peaky.current(row.state)
        other = next(u for s, u in users.items() if s != seat)
        msg = live_prompt(fake, table)
        button = next(c for c in choices(msg) if c[0].startswith("gm:"))
        assert button[0].split(":")[2] == str(row.version)

        mark = fake.mark()
        res = await fake.slash(other, table, "peaky", "defence", options={"order": "never"})
        assert not res.ephemeral and res.content  # told in the channel, in a line
        await fake.settle()
        assert (await bot.service.store.active_game(table.id)).version == row.version + 1
        assert live_prompt(fake, table).id == msg.id and choices(fake.message(msg.id)) == choices(msg)
        assert fake.pings(since=mark) == []

        res = await click_choice(fake, users[seat], msg, button)  # drawn one version ago: still good
        assert not (res.ephemeral and "out of date" in res.content), res.content
        assert (await bot.service.store.active_game(table.id)).version == row.version + 2


# -- 8. after the end, the log, a reset lobby -------------------------------------------

async def test_the_end_stays_viewable_and_the_log_tells_the_opening(fake, tmp_path, monkeypatch):
    drawn: list[dict] = []
    render = renderers.render
    monkeypatch.setattr(renderers, "render", lambda view: (drawn.append(view), render(view))[1])
    guild = fake.add_guild("End")
    table = guild.add_text_channel("express")
    alice, bob, carol = (guild.add_member(n) for n in ("Alice", "Bob", "Carol"))
    users = {str(u.id): u for u in (alice, bob, carol)}
    rnd = random.Random(7)
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/end.sqlite3")) as bot:
        await open_game(fake, bot, table, alice, [bob, carol])
        _mark, row = await start(fake, bot, table, alice)
        res = await fake.slash(alice, table, "game", "log")
        assert res.ephemeral
        opening = getattr(express, "opening_events", None)
        if opening is not None and presenter("risk_express").narrate(opening(row.state), row.names, "en"):
            assert res.content.startswith("`#0`")
        for _ in range(4):
            await play_one_express_move(fake, bot, table, users, rnd)
        res = await fake.slash(alice, table, "game", "log", options={"n": 50})
        assert res.ephemeral
        for line in res.content.split("\n"):
            assert re.fullmatch(r"`#\d+` \S.*", line), line  # never an empty "#n"

        # a three-way tie, stored as a finished game
        row = await bot.service.store.active_game(table.id)
        state = dict(row.state, result={"winners": list(row.state["seats"])}, phase="over", attempt=None)
        await bot.service.store.update_game(row, state=state, status="finished")
        res = await fake.slash(bob, table, "game", "status")
        assert res.ephemeral and "no game" not in res.content
        won = next(line for line in res.content.split("\n") if line.startswith("🏆"))
        for name in ("Alice", "Bob", "Carol"):
            assert name in won
        drawn.clear()
        res = await fake.slash(bob, table, "game", "board")
        assert not res.ephemeral and res.files
        assert sorted(drawn[-1]["winners"]) == sorted(users)
        res = await fake.slash(bob, table, "game", "log", options={"n": 3})
        assert res.ephemeral and "#" in res.content
        # a new game: the old one is no longer what /game status shows
        await fake.slash(bob, table, "game", "new", options={"game": "risk_express"})
        res = await fake.slash(bob, table, "game", "status")
        assert "new game" in res.content


async def test_reset_of_a_lobby_removes_the_old_lobbys_buttons(fake, tmp_path):
    guild = fake.add_guild("Reset")
    table = guild.add_text_channel("t")
    alice, bob = guild.add_member("Alice"), guild.add_member("Bob")
    mod = guild.add_moderator("Mod")
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/reset.sqlite3")) as bot:
        res = await open_game(fake, bot, table, alice, [bob])
        old = res.message
        assert fake.message(old.id).custom_ids
        res = await fake.slash(mod, table, "game", "mod", "reset")
        assert not res.ephemeral and res.message.id != old.id
        await fake.settle()
        assert fake.message(old.id).custom_ids == []
        assert res.message.custom_ids
        row = await bot.service.store.active_game(table.id)
        assert row.status == "lobby" and row.players == [str(alice.id), str(bob.id)]


async def test_board_zoom_autocomplete_and_picture(fake, tmp_path, monkeypatch):
    regions = renderers.zoom_regions
    assert regions("peaky_blinders")
    drawn: list[dict] = []
    render = renderers.render
    monkeypatch.setattr(renderers, "render", lambda view: (drawn.append(view), render(view))[1])
    guild = fake.add_guild("Zoom")
    table = guild.add_text_channel("peaky")
    alice, bob = guild.add_member("Alice"), guild.add_member("Bob")
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/zoom.sqlite3")) as bot:
        await open_game(fake, bot, table, alice, [bob], game="peaky_blinders")
        await start(fake, bot, table, alice)
        offered = await fake.autocomplete(alice, table, "game", "board", focused="zoom", options={"zoom": ""})
        assert {c["value"] for c in offered} == set(regions("peaky_blinders"))
        french = await fake.autocomplete(alice, table, "game", "board", focused="zoom", options={"zoom": ""},
                                         locale="fr")
        assert {c["value"] for c in french} == set(regions("peaky_blinders"))
        region = offered[0]["value"]
        drawn.clear()
        res = await fake.slash(alice, table, "game", "board", options={"zoom": region})
        assert not res.ephemeral and res.files and drawn[-1]["zoom"] == region
        res = await fake.slash(alice, table, "game", "board", options={"zoom": "atlantis"})
        assert res.ephemeral


# -- 9. a move committed but never posted; idle lobbies ---------------------------------

async def test_a_move_whose_post_failed_is_announced_once_later(fake, tmp_path):
    guild = fake.add_guild("Flaky")
    table = guild.add_text_channel("express")
    alice, bob, carol = (guild.add_member(n) for n in ("Alice", "Bob", "Carol"))
    users = {str(u.id): u for u in (alice, bob, carol)}
    rnd = random.Random(11)
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/flaky.sqlite3")) as bot:
        await open_game(fake, bot, table, alice, [bob, carol])
        _mark, row = await start(fake, bot, table, alice)
        msg = live_prompt(fake, table)
        user = users[express.current(row.state)]
        step = [c for c in choices(msg) if c[0].startswith(("gmg:", "gmgs:")) and not c[0].endswith(":")]
        if step:
            await click_choice(fake, user, msg, step[0])
            msg = fake.message(msg.id)
        action = next(c for c in choices(msg) if c[0].startswith(("gm:", "gms:")))
        fake.fail_next("PATCH", r"^/webhooks/\d+/[^/]+/messages/")  # the turn message's edit fails
        fake.fail_next("POST", r"^/webhooks/\d+/[^/]+$")  # and so does the followup posted instead
        mark = fake.mark()
        await click_choice(fake, user, msg, action, wait="callback")
        await fake.settle()
        row = await bot.service.store.active_game(table.id) or await bot.service.store.latest_game(table.id)
        missed = (await bot.service.store.actions(row.id))[-1]
        assert missed.version == row.version and row.announced_version < row.version
        lines = presenter("risk_express").narrate(missed.events, row.names, row.lang)
        assert lines and not any(lines[0] in m.content for m in public_since(fake, table, mark))

        mark = fake.mark()
        res = await fake.slash(bob, table, "game", "status")  # any interaction in the channel
        assert res.ephemeral
        await fake.wait_message(table, lambda m: lines[0] in m.content, since=mark)
        await fake.settle()
        told = [m for m in fake.channel_messages(table) if lines[0] in m.content]
        assert len(told) == 1 and told[0].custom_ids  # with the choices that were never shown
        row = await bot.service.store.latest_game(table.id)
        assert row.announced_version == row.version

        if row.status == "running":  # the next move tells only itself
            await play_one_express_move(fake, bot, table, users, rnd)
            await fake.settle()
            assert len([m for m in fake.channel_messages(table) if lines[0] in m.content]) == 1
    assert not fake.discord_errors


async def test_idle_lobbies_close_and_say_so(fake, tmp_path):
    guild = fake.add_guild("Idle")
    table, other = guild.add_text_channel("idle"), guild.add_text_channel("busy")
    alice, bob = guild.add_member("Alice"), guild.add_member("Bob")
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/idle.sqlite3")) as bot:
        assert bot._idle_task is not None and not bot._idle_task.done()  # started with the bot
        res = await open_game(fake, bot, table, alice, [])
        lobby = res.message
        await open_game(fake, bot, other, bob, [])
        store = bot.service.store
        clock = store.clock
        assert await bot.close_idle_lobbies() == []
        # eight days later, the lobby in #busy was touched yesterday
        store.clock = lambda: clock() + 7 * 86400
        await fake.slash(alice, other, "game", "join")
        store.clock = lambda: clock() + 8 * 86400
        closed = await bot.close_idle_lobbies()
        assert [r.channel_id for r in closed] == [table.id]
        await fake.settle()
        message = fake.message(lobby.id)
        assert message.custom_ids == [] and "7 days" in message.content
        assert await store.active_game(table.id) is None
        res = await fake.slash(bob, table, "game", "new", options={"game": "risk_express"})
        assert not res.ephemeral
        task = bot._idle_task
    assert task.done()  # cancelled when the bot closed


# -- 10. Discord's limits, secrets in the logs -------------------------------------------

async def test_long_text_is_cut_to_discords_limits(fake, tmp_path):
    guild = fake.add_guild("Limits")
    table = guild.add_text_channel("t")
    alice, bob, carol = (guild.add_member(n) for n in ("Alice", "Bob", "Carol"))
    users = {str(u.id): u for u in (alice, bob, carol)}
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/limits.sqlite3")) as bot:
        await open_game(fake, bot, table, alice, [bob, carol], game="peaky_blinders")
        _mark, row = await start(fake, bot, table, alice)
        user = users[peaky.current(row.state)]
        for text in ("x" * 3000, "{x}" * 1000, "{0}" + "é" * 2990, "{"):
            res = await fake.slash(user, table, "peaky", "place", options={"territory": text})
            assert res.ephemeral and 0 < len(res.content) <= 2000, res.content[:80]
            assert "went wrong" not in res.content
        res = await fake.slash(user, table, "express", "play", options={"card": "y" * 3000, "line": "²"})
        assert res.ephemeral and len(res.content) <= 2000
    assert not fake.discord_errors


async def test_debug_logs_never_show_interaction_tokens(fake, tmp_path, caplog):
    caplog.set_level("DEBUG")
    guild = fake.add_guild("Logs")
    table = guild.add_text_channel("t")
    alice, bob = guild.add_member("Alice"), guild.add_member("Bob")
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/logs.sqlite3")):
        res = await fake.slash(alice, table, "game", "new", options={"game": "risk_express"})
        tokens = [res.token]
        res = await fake.click(bob, res.message, label="Join")
        tokens.append(res.token)
        res = await fake.slash(alice, table, "game", "start")  # deferred, then a followup with a file
        tokens.append(res.token)
        await fake.settle()
    assert "/interactions/" in caplog.text and "/webhooks/" in caplog.text  # the lines are there
    for token in tokens:
        assert token not in caplog.text
    assert fake.token not in caplog.text


async def test_the_bot_answers_before_the_boards_are_warmed_and_warms_them_in_a_worker_thread(
        fake, tmp_path, monkeypatch):
    """Online at once: the boards' static layers are built after ready, in a worker thread;
    while Risk Express's are being built (made to hang here), a command is answered and a
    Peaky Blinders game posts its board (it does not wait for another game's layers)."""
    from importlib import import_module

    calls: list[tuple[str, bool, bool]] = []
    gate = threading.Event()

    def slow_warm() -> None:
        calls.append(("risk_express", threading.current_thread() is threading.main_thread(),
                      fake.live_session is not None))
        assert gate.wait(HANG_LIMIT), "the test never opened the gate"

    monkeypatch.setattr(renderers, "_WARM", set())  # nothing built yet, as in a fresh process
    monkeypatch.setattr(import_module("renderers.risk_express"), "warm", slow_warm)
    for game_id in set(renderers.RENDERERS) - {"risk_express"}:
        monkeypatch.setattr(import_module(renderers.RENDERERS[game_id]), "warm",
                            lambda game_id=game_id: calls.append((game_id, False, True)))
    from bot.rules import GAMES

    monkeypatch.setattr(GAMES["risk_express"], "warm",  # the engines' own warm-up, after the boards
                        lambda: calls.append(("engine", threading.current_thread() is threading.main_thread(), True)))
    guild = fake.add_guild("Cold")
    table = guild.add_text_channel("peaky")
    alice, bob = guild.add_member("Alice"), guild.add_member("Bob")
    try:
        async with fake.run(make_bot(f"sqlite:///{tmp_path}/warm.sqlite3")) as bot:
            for _ in range(200):
                if calls:
                    break
                await asyncio.sleep(0.01)
            assert calls == [("risk_express", False, True)]  # off the loop's thread, once online
            assert not renderers.is_warm("risk_express")
            res = await fake.slash(alice, table, "game", "help")
            assert res.ephemeral and "/game" in res.content  # answered while the layers are built
            await open_game(fake, bot, table, alice, [bob], game="peaky_blinders")
            mark, _ = await start(fake, bot, table, alice)
            await fake.settle()
            boards = [m for m in public_since(fake, table, mark) if m.files]
            assert boards and boards[0].files[0][1].startswith(b"\x89PNG")
            assert not renderers.is_warm("risk_express") and calls == [("risk_express", False, True)]
            gate.set()
            for _ in range(500):
                if len(calls) == len(renderers.RENDERERS) + 1:
                    break
                await asyncio.sleep(0.01)
    finally:
        gate.set()
    assert [c[0] for c in calls] == [*renderers.RENDERERS, "engine"]  # every game's, once, in turn
    assert calls[-1] == ("engine", False, True)  # Risk Express's throws compiled off the loop's thread
    assert renderers.is_warm("transformers")


async def test_a_move_is_told_in_its_own_message_while_another_interaction_catches_up(fake, tmp_path):
    """A move committed but not yet posted (its acknowledgement held up by Discord) is told
    by its own message: a stranger's refused click in between, whose catch-up runs then,
    does not tell it first in a message of its own, leaving the move's message a bare prompt."""
    guild = fake.add_guild("Race")
    table = guild.add_text_channel("express")
    alice, bob, carol, dave = (guild.add_member(n) for n in ("Alice", "Bob", "Carol", "Dave"))
    users = {str(u.id): u for u in (alice, bob, carol)}
    rnd = random.Random(5)
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/race.sqlite3")) as bot:
        await open_game(fake, bot, table, alice, [bob, carol])
        await start(fake, bot, table, alice)
        await fake.settle()
        row = await bot.service.store.active_game(table.id)
        user = users[express.current(row.state)]
        msg = live_prompt(fake, table)
        opts = choices(msg)
        step = [c for c in opts if c[0].startswith(("gmg:", "gmgs:")) and not c[0].endswith(":")]
        if step:  # a card first: the group opens on the same message, nothing committed
            await click_choice(fake, user, msg, rnd.choice(step))
            msg = fake.message(msg.id)
            opts = choices(msg)
        move = rnd.choice([c for c in opts if c[0].startswith(("gm:", "gms:"))])
        mark = fake.mark()
        fake.rate_limit_next("POST", r"/interactions/\d+/[^/]+/callback", retry_after=0.5)
        clicked = await click_choice(fake, user, msg, move, wait="none")
        for _ in range(200):  # committed, its acknowledgement waiting out the 429
            if (await bot.service.store.active_game(table.id)).version > row.version:
                break
            await asyncio.sleep(0.01)
        after = await bot.service.store.active_game(table.id)
        assert after.version > row.version
        refused_click = await click_choice(fake, dave, msg, move)  # a stranger: refused, then a catch-up
        assert refused_click.ephemeral
        await fake.wait_until(lambda: clicked.done("answer"), "the move's own post")
        await fake.settle()
        entry = (await bot.service.store.actions(after.id))[-1]
        told = presenter("risk_express").narrate(entry.events, after.names, after.lang)
        assert told
        created = [r for r in fake.records[mark:] if r.channel_id == table.id and not r.ephemeral
                   and r.action == "create"]
        assert created and all(r.interaction_id == clicked.id for r in created), created
        own = "\n".join(fake.message(r.message_id).content for r in created)
        assert told[0] in own, own
    assert not fake.discord_errors
