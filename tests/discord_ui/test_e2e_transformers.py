"""End to end: Risk Transformers through the real discord.py client and the fake Discord.

A 4-player team game from ``/game new`` over a whole day: robots placed by ``/tf place`` and its
autocomplete (one's own zones only), the leader transformed by its button, the exact odds of an
attack (``/tf odds``, the d8 really thrown), an attack with the leader rolled to the end by the
buttons, refusals (a stranger's click, a move out of turn, a closed zone, an absurd number, a
zone that does not exist: ephemeral, the game and its database row unchanged), and the Matrix
at the day's end. From a stored state: a factory opened by ``/tf transform`` (the closed zones
never offered before), and a hand that the teammate reads by ``/game hand`` and nobody else.
A 2-player game played to the end of day 6. A French member: French command and option names
in the synced commands, French autocomplete, refusals and hands.
"""

from __future__ import annotations

import io

from PIL import Image

from bot.games.transformers.text import card_name, odds_text
from bot.rules import GAMES
from bot.rules.base import clone
from tests.discord_ui.e2e import button, live, make_bot, row_of, snapshot

game = GAMES["transformers"]


async def new_game(fake, bot, table, users, locale: str = "en-US") -> None:
    res = await fake.slash(users[0], table, "game", "new", options={"game": "transformers"}, locale=locale)
    assert "Risk Transformers" in res.content, res.content
    assert ("chaque joueur choisit son chef" if locale == "fr" else "each player chooses a leader") in res.content
    for user in users[1:]:
        await fake.slash(user, table, "game", "join")
    mark = fake.mark()
    await fake.slash(users[0], table, "game", "start")
    board = await fake.wait_message(table, lambda m: bool(m.files), since=mark)
    img = Image.open(io.BytesIO(board.files[0][1]))
    assert img.format == "PNG" and img.width >= 1000


async def place_all(fake, bot, table, user, locale: str = "en-US") -> str:
    """``/tf place`` every robot left on the first zone the autocomplete offers."""
    row = await row_of(bot, table)
    seat = str(user.id)
    offered = await fake.autocomplete(user, table, "tf", "place", focused="territory",
                                      options={"territory": ""}, locale=locale)
    mine = {t for t, v in row.state["owner"].items() if v == seat} if "owner" in row.state else None
    assert offered
    if mine is not None:
        assert {c["value"] for c in offered} <= mine
    res = await fake.slash(user, table, "tf", "place", options={"territory": offered[0]["value"]}, locale=locale)
    assert not res.ephemeral, res.content
    return offered[0]["value"]


async def end_turn(fake, bot, table, user) -> None:
    msg = live(fake, table)
    res = await fake.click(user, msg, button(msg, "et"))
    assert not res.ephemeral, res.content
    await fake.settle()


async def test_a_team_game_over_a_whole_day(fake, tmp_path):
    guild = fake.add_guild("Cybertron")
    table = guild.add_text_channel("war-room")
    users = [guild.add_member(n) for n in ("Alice", "Bob", "Chloé", "Dmitri")]
    stranger = guild.add_member("Stranger")
    by_seat = {str(u.id): u for u in users}
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/tf4.sqlite3")) as bot:
        await new_game(fake, bot, table, users)
        row = await row_of(bot, table)
        public = "\n".join(m.content for m in fake.channel_messages(table))
        assert "team game" in public and "Optimus Prime" in public and "Megatron" in public
        teams = row.state["teams"]
        seat = game.current(row.state)
        me = by_seat[seat]
        mate = by_seat[next(s for s in teams[seat] if s != seat)]
        foe_seat = next(s for s in by_seat if s not in teams[seat])
        foe = by_seat[foe_seat]

        # -- refusals: nothing changes, the answer is the asker's alone ----------------------
        before = await snapshot(bot, table)
        msg = live(fake, table) or fake.channel_messages(table)[-1]
        res = await fake.slash(stranger, table, "tf", "place", options={"territory": "Kaon"})
        assert res.ephemeral and "not playing" in res.content, res.content
        res = await fake.slash(foe, table, "tf", "place", options={"territory": "Kaon"})
        assert res.ephemeral and "not your turn" in res.content.lower(), res.content
        mine = sorted(t for t, o in row.state["owner"].items() if o == seat)
        res = await fake.slash(me, table, "tf", "place", options={"territory": "Decagon"})  # a closed factory
        assert res.ephemeral and "Decagon is a closed factory" in res.content, res.content
        res = await fake.slash(me, table, "tf", "place", options={"territory": mine[0], "count": 999})
        assert res.ephemeral and "robots" in res.content and "member" not in res.content, res.content
        res = await fake.slash(me, table, "tf", "place", options={"territory": "Atlantis"})
        assert res.ephemeral and "Atlantis" in res.content, res.content
        assert await fake.autocomplete(stranger, table, "tf", "place", focused="territory",
                                       options={"territory": ""}) == []
        assert await snapshot(bot, table) == before

        # -- the turn: robots placed by autocomplete -----------------------------------------
        where = await place_all(fake, bot, table, me)
        row = await row_of(bot, table)
        assert row.state["owner"][where] == seat and row.state["reserve"] == 0
        msg = live(fake, table)
        assert "all your robots are placed" in msg.content, msg.content
        res = await fake.click(stranger, msg, button(msg, "ep"))
        assert res.ephemeral and "choices are for" in res.content

        # -- a leader in battle: the exact odds first (the d8 really thrown), then the attack --
        leader = row.state["players"][seat]["leader"]
        home = row.state["leaders"][leader]["zone"]
        forms = [f for f in game.legal_actions(row.state, seat) if f["type"] == "attack" and f["leader"]]
        target = next(f["to"] for f in forms if f["from"] == home)
        origins = await fake.autocomplete(me, table, "tf", "attack", focused="from", options={"from": ""})
        assert home in {c["value"] for c in origins}
        targets = await fake.autocomplete(me, table, "tf", "attack", focused="to", options={"from": home, "to": ""})
        assert target in {c["value"] for c in targets}
        assert all(row.state["owner"][c["value"]] not in teams[seat] for c in targets)  # never a teammate
        joins = await fake.autocomplete(me, table, "tf", "attack", focused="leader",
                                        options={"from": home, "to": target, "leader": ""})
        assert [c["value"] for c in joins] == ["no", "yes"] or [c["value"] for c in joins] == ["yes", "no"], joins
        assert any("Optimus Prime joins (robot mode" in c["name"] for c in joins), joins
        res = await fake.slash(me, table, "tf", "odds", options={"from": home, "to": target, "robots": 1,
                                                                  "leader": "yes"})
        exact = game.attack_odds(row.state, seat, {"type": "attack", "from": home, "to": target, "count": 1,
                                                   "leader": True})
        dice = game.attack_dice(row.state, seat, {"type": "attack", "from": home, "to": target, "count": 1,
                                                  "leader": True})
        assert res.ephemeral and res.content == odds_text(exact, "en", dice), res.content  # the engine's exact odds
        assert dice["att"] == [8, 6] and res.content.startswith("Your dice: d8 d6"), res.content  # Optimus's d8 + a robot
        assert abs(sum(float(p) for p in exact.values()) - 1) < 1e-9
        res = await fake.slash(me, table, "tf", "attack", options={"from": home, "to": target, "robots": 1,
                                                                    "leader": "maybe"})
        assert res.ephemeral and "yes or no" in res.content, res.content
        res = await fake.slash(me, table, "tf", "attack", options={"from": home, "to": target, "robots": 1,
                                                                    "leader": "yes"})
        assert not res.ephemeral and "d8" in res.content and "Optimus Prime" in res.content, res.content
        for _ in range(20):
            row = await row_of(bot, table)
            if row.state["battle"] is None:
                break
            msg = live(fake, table)
            res = await fake.click(me, msg, button(msg, "ru"))
            assert not res.ephemeral, res.content
        public = "\n".join(m.content for m in fake.channel_messages(table))
        assert "d8" in public and ("holds" in public or "takes" in public or "breaks off" in public), public[-800:]

        # -- the rest of the day: each player places, one transforms, End turn; the Matrix ---
        row = await row_of(bot, table)
        if game.current(row.state) == seat:
            await end_turn(fake, bot, table, me)
        flipped = False
        for _ in range(3):
            row = await row_of(bot, table)
            assert row.state["day"] == 1
            now = by_seat[game.current(row.state)]
            await place_all(fake, bot, table, now)
            if not flipped:
                msg = live(fake, table)
                res = await fake.click(now, msg, button(msg, "f"))
                assert not res.ephemeral and "vehicle mode" in res.content, res.content
                assert button(live(fake, table), "f") is None  # once a turn
                flipped = True
            await end_turn(fake, bot, table, now)
        row = await row_of(bot, table)
        assert row.state["day"] == 2
        public = "\n".join(m.content for m in fake.channel_messages(table))
        assert "Matrix" in public and "Day 2" in public, public[-1500:]

        # -- from a stored state: a factory opened with a card, a hand the teammate reads ----
        row = await row_of(bot, table)
        seat = game.current(row.state)
        me = by_seat[seat]
        mate = by_seat[next(s for s in row.state["teams"][seat] if s != seat)]
        foe = by_seat[next(s for s in by_seat if s not in row.state["teams"][seat])]
        state = clone(row.state)
        sector = game.board.regions[game.board.territories["decagon"].region].territories
        neighbour = next(t for t in sector if t != "decagon" and state["owner"][t] is not None)
        state["owner"][neighbour] = seat
        plain = next(c for c, card in sorted(game.data.cards.items()) if not card.transform and c != "decagon")
        state["players"][seat]["hand"] = ["decagon", plain]  # a card with the symbol, one without
        state["deck"] = [c for c in state["deck"] if c not in ("decagon", plain)]
        await bot.service.store.update_game(row, state=state)
        assert not state["open"]["decagon"]
        offered = await fake.autocomplete(me, table, "tf", "place", focused="territory", options={"territory": ""})
        assert "decagon" not in {c["value"] for c in offered}  # a closed factory is never offered
        hand = await fake.slash(mate, table, "game", "hand")
        assert hand.ephemeral and card_name(plain, "en") in hand.content, hand.content
        hand = await fake.slash(foe, table, "game", "hand")
        assert hand.ephemeral and card_name(plain, "en") not in hand.content, hand.content
        await place_all(fake, bot, table, me)
        zones = await fake.autocomplete(me, table, "tf", "cards", "transform", focused="zone", options={"zone": ""})
        assert "decagon" in {c["value"] for c in zones}, zones
        cards = await fake.autocomplete(me, table, "tf", "cards", "transform", focused="card",
                                        options={"zone": "decagon", "card": ""})
        assert [c["value"] for c in cards] == ["decagon"], cards  # only the card with the symbol
        res = await fake.slash(me, table, "tf", "cards", "transform", options={"zone": "Decagon", "card": cards[0]["value"]})
        assert not res.ephemeral and "opens Decagon" in res.content, res.content
        row = await row_of(bot, table)
        assert row.state["open"]["decagon"] and row.state["owner"]["decagon"] == seat
        status = await fake.slash(stranger, table, "game", "status")
        assert status.ephemeral and "Day 2/6" in status.content and "Decagon" not in status.content, status.content


async def test_a_two_player_game_to_the_end_of_day_six(fake, tmp_path):
    guild = fake.add_guild("Cybertron")
    table = guild.add_text_channel("duel")
    users = [guild.add_member(n) for n in ("Alice", "Bob")]
    by_seat = {str(u.id): u for u in users}
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/tf2.sqlite3", seed=5)) as bot:
        await new_game(fake, bot, table, users)
        for turn in range(12):
            row = await row_of(bot, table)
            assert row.status == "running" and row.state["day"] == 1 + turn // 2
            now = by_seat[game.current(row.state)]
            await place_all(fake, bot, table, now, locale="fr" if turn % 2 else "en-US")
            await end_turn(fake, bot, table, now)
        over = await bot.service.store.latest_game(table.id)
        assert over.status == "finished"
        outcome = game.outcome(over.state)
        assert outcome and outcome["winners"]
        await fake.settle()
        public = "\n".join(m.content for m in fake.channel_messages(table))
        assert "Day 6 of 6" in public and "🏆" in public.split("Day 6 of 6")[-1], public[-1500:]
        story, over_block = public.rsplit("🏁", 1)  # the game's own last lines, then every game's end
        end = story.split("🏆")[-1]
        assert all(u.name in end for u in users if str(u.id) in outcome["winners"]), end
        assert "after six days" in end.lower() or "six jours" in end.lower(), end
        assert all(u.name in over_block for u in users) and ("Zones held" in over_block or "Zones tenues" in over_block)
        board = next(m for m in reversed(fake.channel_messages(table)) if m.files)
        assert "🏆" in board.content  # the last board shows the end


async def test_a_french_member(fake, tmp_path):
    guild = fake.add_guild("Cybertron", locale="fr")
    table = guild.add_text_channel("guerre")
    users = [guild.add_member(n) for n in ("Amélie", "Bruno")]
    by_seat = {str(u.id): u for u in users}
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/tffr.sqlite3", seed=3)) as bot:
        tf = fake.command(table, "tf")
        sub = {o["name"]: o for o in tf["options"]}
        # the groups (issue 29) and their commands, in French
        assert {n: sub[n]["name_localizations"]["fr"] for n in ("leader", "cards", "orders")} == {
            "leader": "chef", "cards": "cartes", "orders": "consignes"}
        leader = {o["name"]: o for o in sub["leader"]["options"]}
        assert leader["flip"]["name_localizations"]["fr"] == "basculer"  # not Peaky's « retourner »
        assert sub["move"]["name_localizations"]["fr"] == "deplacer"  # not Zombie Town's « bouger »
        cards = {o["name"]: o for o in sub["cards"]["options"]}
        assert cards["transform"]["name_localizations"]["fr"] == "transformer"
        attack = {o["name"]: o for o in sub["attack"]["options"]}
        assert attack["from"]["name_localizations"]["fr"] == "depuis"
        assert attack["leader"]["name_localizations"]["fr"] == "chef"
        assert attack["robots"]["name_localizations"]["fr"] == "robots"
        for level in (tf, *(sub[g] for g in ("leader", "cards", "orders"))):
            french = {o["name_localizations"].get("fr") for o in level["options"]}
            assert None not in french and len(french) == len(level["options"])

        await new_game(fake, bot, table, users, locale="fr")
        row = await row_of(bot, table)
        seat = game.current(row.state)
        me, other = by_seat[seat], next(u for s, u in by_seat.items() if s != seat)
        offered = await fake.autocomplete(me, table, "tf", "place", focused="territory",
                                          options={"territory": "aire"}, locale="fr")
        if "launch_pad" in {t for t, o in row.state["owner"].items() if o == seat}:
            assert offered[0]["name"].startswith("Aire de lancement"), offered
        before = (row.version, repr(sorted(row.state.items())))
        res = await fake.slash(other, table, "tf", "place", options={"territory": "Kaon"}, locale="fr")
        assert res.ephemeral and "pas votre tour" in res.content, res.content
        res = await fake.slash(me, table, "tf", "place", options={"territory": "Lune Alpha"}, locale="fr")
        assert res.ephemeral and "Lune Alpha" in res.content, res.content  # closed: the French name
        res = await fake.slash(me, table, "tf", "place", options={"territory": "Atlantide"}, locale="fr")
        assert res.ephemeral and "Atlantide" in res.content and "pas de" in res.content, res.content
        row = await row_of(bot, table)
        assert (row.version, repr(sorted(row.state.items()))) == before
        hand = await fake.slash(me, table, "game", "hand", locale="fr")
        assert hand.ephemeral and "Votre main" in hand.content and "posture" in hand.content, hand.content
        res = await fake.slash(me, table, "tf", "orders", "stance", options={"dice": 1, "leader": False}, locale="fr")
        assert not res.ephemeral and "change ses consignes" in res.content, res.content
        assert "1 dé" not in res.content  # what they are stays private
        hand = await fake.slash(me, table, "game", "hand", locale="fr")
        assert "1 dé" in hand.content, hand.content
        public = "\n".join(m.content for m in fake.channel_messages(table))
        assert "jour 1" in public and "`/tf placer`" in public and "Amélie : Optimus Prime" in public, public


def dice_for(state, seat: str, action: dict, kind: str) -> int | None:
    """An RNG state under which ``action`` makes the battle ask ``kind`` of ``seat`` (found with
    the engine, so the test drives Discord through a roll it knows will ask)."""
    for rng in range(1, 4000):
        trial = {**state, "rng": rng}
        try:
            _, events = game.apply(trial, seat, action)
        except Exception:  # noqa: BLE001 - a position the engine refuses: try the next dice
            continue
        if any(e["type"] == "ask" and e.get("kind") == kind for e in events):
            return rng
    return None


async def test_the_battles_questions_go_to_the_attacker(fake, tmp_path):
    guild = fake.add_guild("Cybertron")
    table = guild.add_text_channel("arena")
    alice, bob = (guild.add_member(n) for n in ("Alice", "Bob"))
    seat = str(alice.id)
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/tfask.sqlite3", seed=11)) as bot:
        res = await fake.slash(alice, table, "game", "new", options={"game": "transformers"})
        await fake.slash(bob, table, "game", "join")
        lobby = res.message
        menu = next(c for c in fake.message(lobby.id).walk_components()
                    if c["type"] == 3 and c["custom_id"].endswith(":leader"))
        assert {o["value"] for o in menu["options"]} == {"optimus_prime", "bumblebee", "megatron", "barricade"}
        await fake.select(alice, lobby, menu["custom_id"], ["bumblebee"])
        await fake.slash(alice, table, "game", "start")
        row = await row_of(bot, table)
        assert row.state["players"][seat]["leader"] == "bumblebee"
        if game.current(row.state) != seat:
            await place_all(fake, bot, table, bob)
            await end_turn(fake, bot, table, bob)
        await place_all(fake, bot, table, alice)

        # -- the +1 of Bumblebee in robot mode: the roll waits for the die Alice picks -----
        row = await row_of(bot, table)
        home = row.state["leaders"]["bumblebee"]["zone"]
        state = clone(row.state)
        state["troops"][home] = max(state["troops"][home], 4)
        target = game.nbrs(state)[home][0]  # an enemy zone next to Bumblebee
        state["owner"][target], state["troops"][target] = str(bob.id), 2
        form = next(f for f in game.legal_actions(state, seat) if f["type"] == "attack" and f["leader"]
                    and f["from"] == home and f["to"] == target)
        action = {"type": "attack", "from": home, "to": form["to"], "count": 2, "leader": True, "until": False}
        state["rng"] = dice_for(state, seat, action, "bonus")
        assert state["rng"] is not None
        await bot.service.store.update_game(row, state=state)
        res = await fake.slash(alice, table, "tf", "attack", options={"from": home, "to": form["to"], "robots": 2,
                                                                       "leader": "yes"})
        assert not res.ephemeral and "chooses the die that gets the leader's +1" in res.content, res.content
        msg = live(fake, table)
        dice_buttons = [c for c in msg.custom_ids if c.startswith("gm:") and c.split(":", 3)[3].startswith("b")]
        assert len(dice_buttons) >= 2, msg.custom_ids
        labels = [msg.component(c)["label"] for c in dice_buttons]
        assert all(lb.startswith("+1 on the ") for lb in labels), labels
        before = await snapshot(bot, table)
        res = await fake.click(bob, msg, dice_buttons[0])
        assert res.ephemeral
        res = await fake.slash(alice, table, "tf", "retreat")  # the question first
        assert res.ephemeral and "First choose the die" in res.content, res.content
        assert await snapshot(bot, table) == before
        offered = await fake.autocomplete(alice, table, "tf", "leader", "bonus", focused="die", options={"die": ""})
        assert [c["name"] for c in offered] == labels, offered
        res = await fake.click(alice, msg, dice_buttons[-1])
        assert not res.ephemeral and "🎲" in res.content, res.content
        row = await row_of(bot, table)
        assert row.state.get("ask") is None

        # -- Bumblebee beaten in vehicle mode: Alice chooses where he escapes ----------------
        if row.state["battle"] is not None:
            res = await fake.slash(alice, table, "tf", "retreat")
            assert not res.ephemeral, res.content
        row = await row_of(bot, table)
        state = clone(row.state)
        if state["leaders"]["bumblebee"]["zone"] is None:
            state["leaders"]["bumblebee"] = {**state["leaders"]["bumblebee"], "zone": home}
        home = state["leaders"]["bumblebee"]["zone"]
        state["leaders"]["bumblebee"] = {**state["leaders"]["bumblebee"], "mode": "vehicle"}
        target = next(n for n in game.nbrs(state)[home] if state["owner"][n] not in (seat, None))
        mine = [n for n in game.nbrs(state)[target] if state["owner"][n] is not None][:3]
        for z in mine:
            state["owner"][z] = seat
            state["troops"][z] = max(2, state["troops"][z])
        state["owner"][home] = seat
        state["troops"][target] = 6
        action = {"type": "attack", "from": home, "to": target, "count": 0, "leader": True, "until": True}
        state["rng"] = dice_for(state, seat, action, "escape")
        assert state["rng"] is not None
        await bot.service.store.update_game(row, state=state)
        mark = fake.mark()
        res = await fake.slash(alice, table, "tf", "attack", options={"from": home, "to": target, "robots": 0,
                                                                       "leader": "yes", "until": True})
        assert not res.ephemeral and "Bumblebee is beaten" in res.content, res.content
        row = await row_of(bot, table)
        ask = row.state["ask"]
        await fake.settle()  # where he goes if Alice does not answer: told to her alone, in private
        default = game.tname(game.view(row.state, seat)["you"]["escape_default"])
        told = [m.content for m in fake.channel_messages(table, ephemeral=True) if m.ephemeral and m.id > mark]
        assert any(f"escapes to {default} (your rally order)" in c for c in told), told
        assert not any("rally order" in m.content for m in fake.channel_messages(table) if not m.ephemeral)
        offered = await fake.autocomplete(alice, table, "tf", "leader", "escape", focused="territory",
                                          options={"territory": ""})
        assert {c["value"] for c in offered} == set(ask["options"]), offered
        pick = sorted(ask["options"])[-1]
        res = await fake.slash(alice, table, "tf", "leader", "escape", options={"territory": pick})
        assert not res.ephemeral and "Bumblebee escapes" in res.content, res.content
        row = await row_of(bot, table)
        assert row.state["leaders"]["bumblebee"]["zone"] == pick and row.state.get("ask") is None
