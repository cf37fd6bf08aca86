"""End to end: Zombie Town with Road Rage through the real discord.py client and the fake Discord.

A three-player game from ``/game new``: the deal by ``/zt discard`` (autocomplete of one's own
hand), a whole day and more by buttons and ``/zt`` commands (walks chosen by autocomplete with
the way shown, the zombies moved by the bot), refusals (a stranger's click, a move out of turn,
a square out of reach: ephemeral, the game and its database row unchanged), a French member's
autocomplete, refusal and secrets. Then, from a stored state built with the engine (a pawn put
by its car, a zombie on a house's door, an agenda about to be met), a car started, driven over
the zombie and parked on the door as a barricade, and an agenda completed and redrawn.
"""

from __future__ import annotations

import io

from PIL import Image

from bot.games.zombie_town import words as W
from bot.rules import GAMES
from bot.rules.base import clone
from tests.discord_ui.e2e import button, make_bot, row_of, snapshot

game = GAMES["zombie_town"]


def live(fake, channel):
    msgs = [m for m in fake.channel_messages(channel)
            if any(c.startswith(("gm:", "gms:", "gmg:", "gmgs:")) for c in m.custom_ids)]
    return msgs[-1] if msgs else None


async def private_after(fake, channel, mark: int) -> list[str]:
    """The ephemeral messages the bot sent in ``channel`` since ``mark``."""
    await fake.settle()
    return [m.content for m in fake.channel_messages(channel, ephemeral=True)
            if m.ephemeral and m.id > mark]


async def play_turn(fake, bot, channel, users, how: str) -> None:
    """One turn the way a person plays it: a walk (``how``: "command", by /zt move and its
    autocomplete; "menu", by the Walk menu under the bot's message), a fight if zombies wait,
    End, then the zombies: one moved by /zt zombie ("command") and the rest by the bot."""
    row = await row_of(bot, channel)
    seat = game.current(row.state)
    user = users[seat]
    walk = zombie = how in ("command", "menu")
    for _ in range(10):
        row = await row_of(bot, channel)
        if row.status != "running" or game.current(row.state) != seat:
            return
        phase = row.state["phase"]
        msg = live(fake, channel)
        if phase == "encounter":
            fight = next(c for c in msg.custom_ids if c.startswith("gm:") and '"fight"' in c)
            res = await fake.click(user, msg, fight)
        elif phase == "redraw":
            res = await fake.click(user, msg, button(msg, "r0"))
        elif phase == "zombies" and zombie and how == "command":
            zombie = False
            sources = await fake.autocomplete(user, channel, "zt", "zombie", focused="from", options={"from": ""})
            assert sources and all("🧟" in c["name"] for c in sources)
            steps = await fake.autocomplete(user, channel, "zt", "zombie", focused="to",
                                            options={"from": sources[0]["value"], "to": ""})
            assert steps, sources
            res = await fake.slash(user, channel, "zt", "zombie",
                                   options={"from": sources[0]["value"], "to": steps[0]["value"]})
            assert f"{sources[0]['value']}→{steps[0]['value']}" in res.content, res.content
        elif phase == "zombies":
            res = await fake.click(user, msg, button(msg, "za"))
        elif walk and how == "command":
            walk = False
            spots = await fake.autocomplete(user, channel, "zt", "move", focused="to", options={"to": ""})
            assert spots and all("action" in c["name"] or "free move" in c["name"] for c in spots), spots
            res = await fake.slash(user, channel, "zt", "move", options={"to": spots[0]["value"]})
            assert not res.ephemeral and ("walks" in res.content or "free move" in res.content), res.content
        elif walk:
            walk = False
            group = next(c for c in msg.custom_ids if c.startswith("gmg:") and c.endswith(":move"))
            opened = await fake.click(user, msg, group)
            assert not opened.ephemeral
            edited = fake.message(msg.id)
            menu = [c for c in edited.components for c in c.get("components", []) if c["type"] in (2, 3)]
            pick = next(c for c in menu if c.get("custom_id", "").startswith(("gm:", "gms:")))
            if pick["type"] == 3:
                assert all("(via" in o["label"] or len(o["label"]) <= 12 for o in pick["options"]), pick
                res = await fake.select(user, edited, pick["custom_id"], [pick["options"][0]["value"]])
            else:
                res = await fake.click(user, edited, pick["custom_id"])
            assert "walks" in fake.channel_messages(channel)[-1].content
        else:
            res = await fake.click(user, msg, button(msg, "e"))
        assert not res.ephemeral, res.content


async def test_a_road_rage_game_in_discord(fake, tmp_path):
    db = f"sqlite:///{tmp_path}/zt.sqlite3"
    guild = fake.add_guild("Zombie Town")
    table = guild.add_text_channel("main-street")
    alice, bob, chloe = (guild.add_member(n) for n in ("Alice", "Bob", "Chloé"))
    stranger = guild.add_member("Stranger")
    users = {str(u.id): u for u in (alice, bob, chloe)}
    names = {str(u.id): u.name for u in (alice, bob, chloe)}
    async with fake.run(make_bot(db)) as bot:
        res = await fake.slash(alice, table, "game", "new", options={"game": "zombie_town"})
        assert "Zombie Town" in res.content and "with Road Rage" in res.content
        await fake.slash(bob, table, "game", "join")
        await fake.slash(chloe, table, "game", "join")
        mark = fake.mark()
        await fake.slash(alice, table, "game", "start")
        board = await fake.wait_message(table, lambda m: bool(m.files), since=mark)
        img = Image.open(io.BytesIO(board.files[0][1]))
        assert img.format == "PNG" and img.width >= 800
        assert "Bases:" in board.content and "discard one at a time" in board.content

        # -- the deal: each keeps 3 of 6, by /zt discard (only they see their hand) --------
        row = await row_of(bot, table)
        seat = game.current(row.state)
        other_seat = next(s for s in users if s != seat)
        other = users[other_seat]
        hand = list(row.state["players"][seat]["hand"])
        res = await fake.slash(other, table, "zt", "discard", options={"card": row.state["players"][other_seat]["hand"][0]})
        assert res.ephemeral and "not your turn" in res.content.lower(), res.content
        res = await fake.slash(stranger, table, "zt", "discard", options={"card": hand[0]})
        assert res.ephemeral and "not playing" in res.content, res.content
        assert (await row_of(bot, table)).version == row.version
        assert await fake.autocomplete(stranger, table, "zt", "discard", focused="card", options={"card": ""}) == []
        for _ in range(9):
            row = await row_of(bot, table)
            seat = game.current(row.state)
            offered = await fake.autocomplete(users[seat], table, "zt", "discard", focused="card",
                                              options={"card": ""})
            assert {c["value"] for c in offered} == set(row.state["players"][seat]["hand"])
            res = await fake.slash(users[seat], table, "zt", "discard", options={"card": offered[-1]["value"]})
            assert not res.ephemeral and "discards a card" in res.content, res.content
            assert not any(W.card_name(c) in res.content for c in row.state["players"][seat]["hand"]
                           if W.card_name(c) not in ("Barricade",))  # the card is never named
        row = await row_of(bot, table)
        assert row.state["phase"] == "act" and row.state["day"] == 1
        first = game.current(row.state)

        # -- secrets: a hand, keys and agendas only for their owner, ephemerally -------------
        res = await fake.slash(users[first], table, "game", "hand")
        assert res.ephemeral and "Your cards (3)" in res.content and "Your keys" in res.content
        assert "secret agendas" in res.content and "Standing order" in res.content
        res = await fake.slash(users[first], table, "zt", "me", locale="fr")
        assert res.ephemeral and "Vos cartes (3)" in res.content and "Vos objectifs secrets" in res.content

        # -- refusals: nothing changes, the answer is the asker's alone ----------------------
        before = await snapshot(bot, table)
        msg = live(fake, table)
        res = await fake.click(stranger, msg, button(msg, "e"))
        assert res.ephemeral and "choices are for" in res.content
        out_of_turn = next(u for s, u in users.items() if s != first)
        res = await fake.click(out_of_turn, msg, button(msg, "e"))
        assert res.ephemeral and "choices are for" in res.content
        res = await fake.slash(out_of_turn, table, "zt", "move", options={"to": "E5"})
        assert res.ephemeral and "not your turn" in res.content.lower(), res.content
        far = "P16" if row.state["players"][first]["pos"] not in ("l", "O15", "P15") else "A1"
        res = await fake.slash(users[first], table, "zt", "move", options={"to": far})
        assert res.ephemeral and f"cannot reach {far}" in res.content, res.content
        res = await fake.slash(users[first], table, "zt", "move", options={"to": far}, locale="fr")
        assert res.ephemeral and f"Vous ne pouvez pas atteindre {far}" in res.content, res.content
        res = await fake.slash(users[first], table, "zt", "move", options={"to": "Atlantis"})
        assert res.ephemeral and "no square or house" in res.content, res.content
        res = await fake.slash(users[first], table, "zt", "card", options={"card": "no such card"})
        assert res.ephemeral and "hold no card" in res.content, res.content
        assert await snapshot(bot, table) == before  # version, log and state as they were

        # a French member's autocomplete: the way and the cost in French
        spots = await fake.autocomplete(users[first], table, "zt", "move", focused="to", options={"to": ""},
                                        locale="fr")
        assert spots and all("déplacement gratuit" in c["name"] or "1 action" in c["name"] for c in spots)
        reach = {n for f in game.legal_actions(row.state, first) if f["type"] == "move" for n in f["to"]}
        assert {c["value"] for c in spots} <= reach

        # a search by its button: the card found is told to the searcher alone, ephemerally
        msg = live(fake, table)
        mark = max(m.id for m in fake.messages.values())
        res = await fake.click(users[first], msg, button(msg, "s"))
        assert not res.ephemeral and "searches" in res.content, res.content
        row = await row_of(bot, table)
        found = [e for a in await bot.service.store.actions(row.id) for e in a.events if e["type"] == "found"]
        secret = await private_after(fake, table, mark)
        if found:  # (an event card is public and resolves at once)
            card = found[-1]["private"][first]["card"]
            assert secret == [m for m in secret if "You find" in m] and W.card_name(card) in secret[0], secret
            assert "finds a card" in res.content and f"finds {W.card_name(card)}" not in res.content
        else:
            assert "finds an event" in res.content and not secret

        # -- a whole day and more: every player's turn, by commands and buttons --------------
        for how in ("command", "menu", "command", "end"):
            await play_turn(fake, bot, table, users, how)
        row = await row_of(bot, table)
        assert row.state["day"] == 2
        public = "\n".join(m.content for m in fake.channel_messages(table))
        assert "Day 1" in public and "Day 2 dawns" in public and "zombies rise" in public
        assert "moves" in public and "zombie" in public
        res = await fake.slash(stranger, table, "game", "status")
        assert res.ephemeral and "Day 2 of 10" in res.content and "Alice" in res.content, res.content
        res = await fake.slash(stranger, table, "game", "status", locale="fr")
        assert "Jour 2 sur 10" in res.content, res.content

        # -- Road Rage from a stored state: a car over a zombie, parked on a door ------------
        row = await row_of(bot, table)
        seat = game.current(row.state)
        state = clone(row.state)
        if state["phase"] != "act":
            state["phase"], state["encounter"] = "act", None
        me = state["players"][seat]
        car = me["base"]
        assert car in me["keys"]  # your own car's key, from the start
        state["actions"], state["free"] = 3, True
        me["pos"] = state["cars"][car]["pos"]
        for node in list(state["zombies"]):  # a clear street: only the zombie we put
            state["box"] += state["zombies"].pop(node)
        await bot.service.store.update_game(row, state=state)
        res = await fake.slash(users[seat], table, "zt", "car", "enter")
        assert not res.ephemeral and "gets into" in res.content, res.content
        row = await row_of(bot, table)
        view = game.view(row.state, seat)
        drives = W.drive_paths(view, car)
        door = next(d for d, (_h, path, _hd) in sorted(drives.items())
                    if W.parked_on(d) is not None and len(path) >= 2)
        house = W.parked_on(door)
        state = clone(row.state)
        state["zombies"][door] = 1
        state["box"] -= 1
        await bot.service.store.update_game(row, state=state)
        offered = await fake.autocomplete(users[seat], table, "zt", "car", "drive", focused="to", options={"to": door})
        mine = next(c for c in offered if c["value"] == door)
        assert "runs over 1 zombie" in mine["name"] and "parks on the door" in mine["name"], mine
        res = await fake.slash(users[seat], table, "zt", "car", "drive", options={"to": door})
        assert not res.ephemeral and "runs over 1 zombie" in res.content and "Parked on the door" in res.content
        row = await row_of(bot, table)
        assert row.state["cars"][car]["pos"] == door and row.state["cars"][car]["damage"] == 1
        assert game.view(row.state, None)["cars"][car]["parked_on"] == house
        assert row.state["players"][seat]["zombies"] >= 1 and not row.state["zombies"].get(door)

        # -- an agenda completed, then a new one drawn: told to its owner alone --------------
        state = clone(row.state)
        me = state["players"][seat]
        copies = [a for a in state["agenda_deck"] if a.startswith("zombie_hunter_")]
        assert copies or any(a.startswith("zombie_hunter_") for a in me["agendas"])
        if not any(a.startswith("zombie_hunter_") for a in me["agendas"]):
            old = me["agendas"][0]
            me["agendas"] = [copies[0], *me["agendas"][1:]]
            state["agenda_deck"] = [a for a in state["agenda_deck"] if a != copies[0]] + [old]
        goal = 5 - me["zombies"]
        me["zombies"] += max(0, goal)
        state["box"] -= max(0, goal)
        await bot.service.store.update_game(row, state=state)
        res = await fake.slash(users[seat], table, "zt", "car", "leave")
        assert not res.ephemeral and "completes the agenda Zombie hunter" in res.content, res.content
        assert (await row_of(bot, table)).state["phase"] == "redraw"
        mark = max(m.id for m in fake.messages.values())
        res = await fake.slash(users[seat], table, "zt", "redraw", options={"draw": True})
        assert not res.ephemeral and "draws a new secret agenda" in res.content
        secret = await private_after(fake, table, mark)
        assert any("Your new secret agenda" in s for s in secret), secret
        row = await row_of(bot, table)
        drawn = row.state["players"][seat]["agendas"][-1]
        public = "\n".join(m.content for m in fake.channel_messages(table))
        assert W.agenda_name(drawn) not in public or drawn.split("_")[0] in ("zombie",)
        hand = await fake.slash(users[seat], table, "game", "hand")
        assert hand.ephemeral and "completed: Zombie hunter" in hand.content

        # the standing order: secret, and the channel only hears that it changed
        other = next(s for s in users if s != seat)
        res = await fake.slash(users[other], table, "zt", "order", options={"order": "flee"})
        assert "changes their standing order" in res.content and "flee" not in res.content.lower()
        assert (await row_of(bot, table)).state["players"][other]["order"] == "flee"
        names_seen = "\n".join(m.content for m in fake.channel_messages(table))
        assert all(n in names_seen for n in names.values())

        # ... and it answers for them in another player's turn: nobody waits for them
        row = await row_of(bot, table)
        state = clone(row.state)
        third = next(s for s in users if s not in (seat, other))
        for node in list(state["zombies"]):
            state["box"] += state["zombies"].pop(node)
        state["players"][other].update(pos="H5", car=None, health=3)
        state["players"][third].update(pos="A16", car=None)
        state["zombies"]["H4"] = 1
        state["box"] -= 1
        await bot.service.store.update_game(row, state=state)
        res = await fake.slash(users[seat], table, "zt", "end")
        assert "now moves 2 zombies" in res.content, res.content
        await fake.settle()  # the command's own catch-up is done before the next one
        res = await fake.slash(users[seat], table, "zt", "zombie", options={"from": "H4", "to": "H5"})
        assert not res.ephemeral and f"{names[other]} flees from H5" in res.content and "taking a wound" in res.content
        row = await row_of(bot, table)
        assert row.state["players"][other]["pos"] != "H5" and row.state["players"][other]["health"] == 2
        assert game.current(row.state) == seat or row.state["day"] == 3  # the mover went on at once
