"""End to end: Risk: The Walking Dead through the real discord.py client and the fake Discord.

- Survival, two players, from ``/game new`` to the scores: the claims dealt at random (a lobby
  option), starting survivors by ``/twd start`` (autocomplete of one's own territories) and the
  "place the rest for me" button, a whole turn by ``/twd`` commands and buttons (deploy, attack
  the walkers with the odds asked first, roll, end the attacks, manoeuvre, end the turn), crates
  told to their owner alone, then from a stored late state (the Horde drawn) the last turn of the
  round, the final invasion and the scores.
- Refusals: a stranger, a player out of turn, a territory nobody knows, an absurd number: each
  answered ephemerally, the game, its log and its stored state unchanged. A French member's
  autocomplete, refusal, hand and odds in French, and the French names of the options.
- Conquest, five players, one of them leading the walkers (a lobby pick): the walkers' seat
  plays its turn by commands, and a defender's standing order (``/twd defence``, set in another
  player's turn and shown by ``/game hand``) decides a defence in the attacker's turn.
- The option ``defenders: ask``: the defender is asked (mentioned, with buttons) and answers by
  a button; the attacker waits meanwhile.
"""

from __future__ import annotations

import io
import json

from PIL import Image

from bot.rules import GAMES
from bot.rules import names as N
from bot.rules.base import clone
from bot.store import Store
from tests.discord_ui.e2e import live, make_bot, row_of
from tests.fakeclock import Clock

T0 = 1_800_000_000.0

game = GAMES["walking_dead"]


def button(message, code: str) -> str | None:
    for cid in message.custom_ids if message else ():
        if cid.startswith("gm:") and cid.rsplit(":", 1)[1] == code:
            return cid
    return None


async def snapshot(bot, channel) -> tuple[int, int, str]:
    """The game's version, how many actions its log holds, and its state as stored."""
    row = await row_of(bot, channel)
    return row.version, len(await bot.service.store.actions(row.id)), json.dumps(row.state, sort_keys=True)


async def private_after(fake, channel, mark: int) -> list[str]:
    await fake.settle()
    return [m.content for m in fake.channel_messages(channel, ephemeral=True) if m.ephemeral and m.id > mark]


async def set_options(fake, lobby, host, values: list[str]) -> None:
    """The host picks lobby options (``option=value``) in the lobby's menu(s)."""
    for value in values:
        msg = fake.message(lobby.id)
        name = value.split("=", 1)[0]
        menu = next((c for c in msg.custom_ids if c.startswith("gmlo:") and c.endswith(f":{name}")), None)
        if menu is not None:
            res = await fake.select(host, msg, menu, [value.split("=", 1)[1]])
        else:
            menu = next(c for c in msg.custom_ids if c.startswith("gmlo:") and c.endswith(":*"))
            res = await fake.select(host, msg, menu, [value])
        assert not res.ephemeral or "✓" in res.content, res.content


async def place_everything(fake, user, table) -> str:
    """Deploy the whole reserve on the territory the autocomplete offers first."""
    spots = await fake.autocomplete(user, table, "twd", "place", focused="territory", options={"territory": ""})
    assert spots
    res = await fake.slash(user, table, "twd", "place", options={"territory": spots[0]["value"]})
    assert not res.ephemeral, res.content
    return spots[0]["value"]


async def test_a_survival_game_for_two_from_the_lobby_to_the_scores(fake, tmp_path):
    db = f"sqlite:///{tmp_path}/twd.sqlite3"
    guild = fake.add_guild("Atlanta")
    table = guild.add_text_channel("prison")
    alice, bob = guild.add_member("Alice"), guild.add_member("Bob")
    stranger = guild.add_member("Stranger")
    users = {str(u.id): u for u in (alice, bob)}
    async with fake.run(make_bot(db)) as bot:
        res = await fake.slash(alice, table, "game", "new", options={"game": "walking_dead"})
        assert not res.ephemeral and "The Walking Dead" in res.content and "Survival" in res.content, res.content
        lobby = res.message
        await set_options(fake, lobby, alice, ["claims=random"])
        assert "dealt at random" in fake.message(lobby.id).content
        await fake.slash(bob, table, "game", "join")
        mark = fake.mark()
        await fake.slash(alice, table, "game", "start")
        board = await fake.wait_message(table, lambda m: bool(m.files), since=mark)
        img = Image.open(io.BytesIO(board.files[0][1]))
        assert img.format == "PNG" and img.width >= 800
        public = "\n".join(m.content for m in fake.channel_messages(table))
        assert "Order of placement" in public and "The walkers take 16 territories" in public, public

        # -- the starting survivors: one by /twd start, the rest by the button -------------
        for _ in range(2):
            row = await row_of(bot, table)
            seat = game.current(row.state)
            user = users[seat]
            mine = {t for t, o in row.state["owner"].items() if o == seat}
            spots = await fake.autocomplete(user, table, "twd", "start", focused="territory",
                                            options={"territory": ""})
            assert spots and {c["value"] for c in spots} == mine, spots
            assert all("(Alice" in c["name"] or "(Bob" in c["name"] for c in spots), spots
            res = await fake.slash(user, table, "twd", "start", options={"territory": spots[0]["value"]})
            assert not res.ephemeral and "places a starting survivor" in res.content, res.content
            row = await row_of(bot, table)
            if game.current(row.state) == seat:
                msg = live(fake, table)
                res = await fake.click(user, msg, button(msg, "pr"))
                assert not res.ephemeral and "places the rest" in res.content, res.content
        for _ in range(4):
            row = await row_of(bot, table)
            if row.state["phase"] not in ("claim", "garrison"):
                break
            seat = game.current(row.state)
            msg = live(fake, table)
            res = await fake.click(users[seat], msg, button(msg, "pr"))
            assert not res.ephemeral, res.content
        row = await row_of(bot, table)
        assert row.state["phase"] == "place" and row.state["turn"] == 1, row.state["phase"]
        public = "\n".join(m.content for m in fake.channel_messages(table))
        assert "Setup done" in public and "🧟 The walkers invade" in public, public[-2000:]
        assert "draws the action card" in public

        # -- a whole turn by commands and buttons -------------------------------------------
        first = game.current(row.state)
        user = users[first]
        await refusals_and_french(fake, bot, table, user, users[next(s for s in users if s != first)], stranger)
        res = await fake.slash(user, table, "game", "hand")
        assert res.ephemeral and "Standing defence order" in res.content, res.content
        # a trade, from a stored state where Alice holds a crate of each value
        row = await row_of(bot, table)
        state = clone(row.state)
        state["players"][first]["hand"] = ["a01", "a21"]
        state["bag"] = [c for c in state["bag"] if c not in ("a01", "a21")]
        await bot.service.store.update_game(row, state=state)
        offered = await fake.autocomplete(user, table, "twd", "trade", focused="ammo", options={"ammo": ""})
        assert [(c["value"], c["name"]) for c in offered] == [
            (2, "2 ammunition (a crate worth 2) → 2 survivors"),
            (3, "3 ammunition (a crate worth 1, a crate worth 2) → 4 survivors")], offered
        other = users[next(s for s in users if s != first)]
        assert await fake.autocomplete(other, table, "twd", "trade", focused="ammo", options={"ammo": ""}) == []
        res = await fake.slash(user, table, "twd", "trade", options={"ammo": 4})
        assert res.ephemeral and "cannot make 4" in res.content, res.content
        res = await fake.slash(user, table, "twd", "trade", options={"ammo": 3})
        assert not res.ephemeral and "trades 2 crates worth 3 for 4 survivors" in res.content, res.content
        row = await row_of(bot, table)
        assert row.state["players"][first]["hand"] == [] and row.state["reserve"] == 3 + 4
        where = await place_everything(fake, user, table)
        row = await row_of(bot, table)
        assert row.state["reserve"] == 0 and row.state["phase"] in ("place", "attack")
        # attack the walkers from the strongest territory, the exact odds asked first
        sources = await fake.autocomplete(user, table, "twd", "attack", focused="from", options={"from": ""})
        assert sources and where in {c["value"] for c in sources}
        targets = await fake.autocomplete(user, table, "twd", "attack", focused="to", options={"from": where, "to": ""})
        walkers = [c for c in targets if "the walkers" in c["name"]]
        assert walkers, targets
        target = walkers[0]["value"]
        mine, theirs = row.state["troops"][where], row.state["troops"][target]
        res = await fake.slash(user, table, "twd", "odds", options={"attackers": mine - 1, "defenders": theirs})
        assert res.ephemeral and "%" in res.content and "turning included" in res.content, res.content
        res = await fake.slash(user, table, "twd", "attack", options={"from": where, "to": target})
        assert not res.ephemeral and "attacks" in res.content and "🎲" in res.content, res.content
        assert "+1]" in res.content and "+1 >" in res.content or "≥ " in res.content, res.content  # the +1 shown
        row = await row_of(bot, table)
        if row.state["phase"] == "battle":
            msg = live(fake, table)
            before = await snapshot(bot, table)
            for who in (stranger, users[next(s for s in users if s != first)]):  # not theirs to click
                res = await fake.click(who, msg, button(msg, "ru"))
                assert res.ephemeral and "choices are for" in res.content, res.content
            assert await snapshot(bot, table) == before
            res = await fake.click(user, msg, button(msg, "ru"))
            assert not res.ephemeral and "🎲" in res.content, res.content
        row = await row_of(bot, table)
        assert row.state["phase"] in ("attack", "manoeuvre") and row.state["battle"] is None
        msg = live(fake, table)
        if row.state["phase"] == "attack":
            res = await fake.click(user, msg, button(msg, "ea"))
            assert not res.ephemeral, res.content
        moves = await fake.autocomplete(user, table, "twd", "move", focused="from", options={"from": ""})
        if moves:
            dests = await fake.autocomplete(user, table, "twd", "move", focused="to",
                                            options={"from": moves[0]["value"], "to": ""})
            assert dests, moves
            res = await fake.slash(user, table, "twd", "move", options={"from": moves[0]["value"],
                                                                         "to": dests[0]["value"], "count": 1})
            assert not res.ephemeral and "moves 1 survivor from" in res.content, res.content
        row = await row_of(bot, table)
        if game.current(row.state) == first:
            mark = fake.mark()
            res = await fake.slash(user, table, "twd", "end")
            assert not res.ephemeral, res.content
        row = await row_of(bot, table)
        second = game.current(row.state)
        assert second != first and row.state["phase"] == "place"
        crates = row.state["players"][first]["hand"]
        public = "\n".join(m.content for m in fake.channel_messages(table))
        assert "a crate worth" not in public  # a crate's value never reaches the channel (a trade says its total)
        if crates:
            res = await fake.slash(user, table, "game", "hand")
            assert res.ephemeral and "a crate worth" in res.content, res.content

        # -- from a stored late state: the Horde has come, this is the round's last turn ------
        assert row.state["order"][-1] == second
        state = clone(row.state)
        state["horde"] = True
        await bot.service.store.update_game(row, state=state)
        user = users[second]
        await place_everything(fake, user, table)
        msg = live(fake, table)
        res = await fake.click(user, msg, button(msg, "ea" if button(msg, "ea") else "ep"))
        mark = fake.mark()
        msg = live(fake, table)
        res = await fake.click(user, msg, button(msg, "et"))
        assert not res.ephemeral, res.content
        final = await bot.service.store.latest_game(table.id)
        assert final.status == "finished"
        outcome = game.outcome(final.state)
        assert outcome and outcome["winners"]
        public = "\n".join(m.content for m in fake.channel_messages(table))
        assert "final round" in public or "🧟 The walkers invade" in public
        assert "🏁 Game over" in public and "Scores:" in public, public[-1500:]
        last = [m for m in fake.channel_messages(table) if m.files][-1]
        Image.open(io.BytesIO(last.files[0][1])).verify()


async def refusals_and_french(fake, bot, table, user, other, stranger) -> None:
    """Each refused ephemerally, in the asker's language; the game, its log and stored state unchanged."""
    row = await row_of(bot, table)
    seat = str(user.id)
    own = next(t for t, o in row.state["owner"].items() if o == seat)
    walkers = next(t for t, o in row.state["owner"].items() if o == "walkers")
    before = await snapshot(bot, table)
    out = []
    for who, cmd, opts, locale in [
        (stranger, "place", {"territory": own}, "en-US"),
        (other, "place", {"territory": own}, "en-US"),
        (user, "place", {"territory": "Alexandria"}, "en-US"),
        (user, "place", {"territory": own, "count": 999}, "en-US"),
        (user, "place", {"territory": own, "count": -3}, "en-US"),
        (user, "place", {"territory": walkers}, "en-US"),
        (user, "attack", {"from": own, "to": walkers, "count": 999}, "en-US"),
        (user, "trade", {"ammo": 10}, "en-US"),
        (other, "end", {}, "en-US"),
        (user, "place", {"territory": "Alexandria"}, "fr"),
        (user, "place", {"territory": own, "count": 999}, "fr"),
        (other, "place", {"territory": own}, "fr"),
    ]:
        res = await fake.slash(who, table, "twd", cmd, options=opts, locale=locale)
        assert res.ephemeral, (cmd, opts, res.content)
        out.append(res.content)
    assert out == [
        "⛔ You are not playing in this game.",
        "⛔ It is not your turn.",
        "⛔ There is no territory “Alexandria” on this map.",
        "⛔ Choose between 1 and 3 survivors, not 999.",  # survivors, not the map engine's "members"
        "⛔ Choose between 1 and 3 survivors, not -3.",
        f"⛔ You do not control {N.name('walking_dead', 'territory', walkers, 'en')}.",
        "⛔ Place the rest of your survivors first (3 left).",
        "⛔ You hold no ammunition crates.",
        "⛔ It is not your turn.",
        "⛔ Il n'y a pas de territoire « Alexandria » sur cette carte.",
        "⛔ Choisissez entre 1 et 3 survivants, pas 999.",
        "⛔ Ce n'est pas votre tour.",
    ], out
    assert await snapshot(bot, table) == before  # version, log and stored state as they were

    # a French member: the options' French names, French territory names offered, hand and odds
    cmd = fake.command(table, "twd")
    sub = {o["name"]: o for o in cmd["options"]}
    assert sub["attack"]["name_localizations"]["fr"] == "attaquer"
    assert [o["name_localizations"]["fr"] for o in sub["attack"]["options"][:3]] == ["depuis", "vers", "nombre"]
    assert sub["defence"]["name_localizations"]["fr"] and sub["trade"]["name_localizations"]["fr"] == "echanger"
    spots = await fake.autocomplete(user, table, "twd", "place", focused="territory", options={"territory": ""},
                                    locale="fr")
    mine = {t for t, o in row.state["owner"].items() if o == seat}
    assert spots and {c["value"] for c in spots} == mine
    assert all(c["name"].startswith(N.name("walking_dead", "territory", c["value"], "fr")) for c in spots), spots
    res = await fake.slash(user, table, "game", "hand", locale="fr")
    assert res.ephemeral and "Ordre de défense permanent" in res.content, res.content
    res = await fake.slash(user, table, "twd", "odds", options={"attackers": 3, "defenders": 2}, locale="fr")
    assert res.ephemeral and "%" in res.content and "rôdeurs" in res.content, res.content
    res = await fake.slash(user, table, "twd", "odds", options={"attackers": 3, "defenders": 2, "against": "survivors"})
    assert res.ephemeral and "3 survivors attacking 2 survivors: 65.6% to take the territory" in res.content, res.content


async def quick_turn(fake, bot, table, users) -> None:
    """A turn the short way: the whole reserve on one territory, then End attacks, End turn."""
    row = await row_of(bot, table)
    seat = game.current(row.state)
    user = users[seat]
    if row.state["phase"] == "place" and row.state["reserve"]:
        await place_everything(fake, user, table)
    for code in ("ep", "ea", "et"):
        row = await row_of(bot, table)
        if row.status != "running" or game.current(row.state) != seat:
            return
        msg = live(fake, table)
        if button(msg, code):
            res = await fake.click(user, msg, button(msg, code))
            assert not res.ephemeral, res.content


async def test_conquest_for_five_with_the_walkers_and_a_standing_order(fake, tmp_path):
    db = f"sqlite:///{tmp_path}/twd5.sqlite3"
    guild = fake.add_guild("Georgia")
    table = guild.add_text_channel("woodbury")
    members = [guild.add_member(n) for n in ("Alice", "Bob", "Carol", "Dave", "Erin")]
    users = {str(u.id): u for u in members}
    dave = members[3]
    async with fake.run(make_bot(db)) as bot:
        res = await fake.slash(members[0], table, "game", "new", options={"game": "walking_dead"})
        lobby = res.message
        await set_options(fake, lobby, members[0], ["mode=conquest"])
        assert "Conquest" in fake.message(lobby.id).content
        for m in members[1:]:
            await fake.slash(m, table, "game", "join")
        msg = fake.message(lobby.id)
        pick = next(c for c in msg.custom_ids if c.startswith("gmlp:"))
        res = await fake.select(dave, msg, pick, ["walkers"])  # Dave leads the walkers
        assert "Walkers" in fake.message(lobby.id).content, fake.message(lobby.id).content
        mark = fake.mark()
        await fake.slash(members[0], table, "game", "start")
        board = await fake.wait_message(table, lambda m: bool(m.files), since=mark)
        Image.open(io.BytesIO(board.files[0][1])).verify()
        row = await row_of(bot, table)
        assert row.status == "running" and row.state["mode"] == "conquest"
        assert row.state["players"][str(dave.id)]["group"] == "walkers"
        public = "\n".join(m.content for m in fake.channel_messages(table))
        assert "Dave: The Walkers" in public or "Dave: the Walkers" in public, public
        # the rules a member asks for say what each group leader's power does, in their language
        res = await fake.slash(dave, table, "game", "rules", locale="fr")
        assert res.ephemeral and "tant que son groupe contrôle le moins de territoires" in res.content, res.content
        res = await fake.slash(members[1], table, "game", "rules")
        assert res.ephemeral and "while his group holds the fewest territories" in res.content, res.content

        # -- a defender's standing order, set out of turn and used in the attacker's turn ----
        row = await row_of(bot, table)
        seat = game.current(row.state)
        owner, troops = row.state["owner"], row.state["troops"]
        forms = [a for a in game.legal_actions(row.state, seat) if a["type"] == "place"]
        mine = set(forms[0]["territory"])
        target = next(t for t in game.board.order if owner[t] not in (seat, None) and troops[t] >= 2
                      and any(n in mine for n in game.board.neighbours(t)))
        src = next(n for n in game.board.neighbours(target) if n in mine)
        defender = owner[target]
        # Conquest's trade: the crates' survivors and as many territory cards (+2 on each one held)
        state = clone(row.state)
        state["players"][seat]["hand"] = ["a01", "a02"]
        state["bag"] = [c for c in state["bag"] if c not in ("a01", "a02")]
        await bot.service.store.update_game(row, state=state)
        offered = await fake.autocomplete(users[seat], table, "twd", "trade", focused="ammo", options={"ammo": ""})
        assert [c["name"] for c in offered] == [
            "2 ammunition (a crate worth 1, a crate worth 1) → 2 survivors and 2 territory cards"], offered
        res = await fake.slash(users[seat], table, "twd", "trade", options={"ammo": 2})
        assert not res.ephemeral and "draws the territory cards" in res.content, res.content
        row = await row_of(bot, table)
        drawn = next(e for e in (await bot.service.store.actions(row.id))[-1].events if e["type"] == "trade_cards")
        assert len(drawn["cards"]) == 2 and all(owner[t] == seat for t in drawn["bonus"])
        # -- the odds in Conquest: no +1 against walkers, no turning; the leaders' powers counted
        from bot.i18n import fmt_pct
        from bot.rules.walking_dead.conquest import load_groups
        from bot.rules.walking_dead.odds import conquest_odds

        res = await fake.slash(users[seat], table, "twd", "odds", options={"attackers": 3, "defenders": 2})
        assert res.ephemeral and "(Conquest: no +1, no turning)" in res.content, res.content
        assert fmt_pct(float(conquest_odds(3, 2)), "en") in res.content, res.content
        groups = load_groups()
        group_of = {s: p["group"] for s, p in row.state["players"].items()}
        asker = next(s for s, g in group_of.items() if groups[g].effect == "attack_strategic")
        holders = {s for s, g in group_of.items() if groups[g].effect == "defend_strategic"}
        spot = next((t for t in game.strategic if owner[t] in holders and owner[t] != asker),
                    next(t for t in game.strategic if owner[t] != asker))
        d_bonus = 1 if owner[spot] in holders else 0
        res = await fake.slash(users[asker], table, "twd", "odds",
                               options={"attackers": 3, "defenders": 2, "to": game.tname(spot)})
        assert res.ephemeral and fmt_pct(float(conquest_odds(3, 2, 1, d_bonus)), "en") in res.content, res.content
        assert "Your group leader's +1" in res.content and ("defending group leader's +1" in res.content) == bool(
            d_bonus), res.content
        res = await fake.slash(users[defender], table, "twd", "defence", options={"dice": "one"})
        assert not res.ephemeral and "changes their standing defence order" in res.content, res.content
        assert "one die" not in res.content  # the order itself stays private
        res = await fake.slash(users[defender], table, "game", "hand")
        assert res.ephemeral and "defend with one die" in res.content, res.content
        assert game.current((await row_of(bot, table)).state) == seat  # still the attacker's turn
        res = await fake.slash(users[seat], table, "twd", "place", options={"territory": src})
        assert not res.ephemeral, res.content
        row = await row_of(bot, table)
        assert row.state["troops"][target] >= 2
        res = await fake.slash(users[seat], table, "twd", "attack", options={"from": src, "to": target})
        assert not res.ephemeral and "🎲" in res.content, res.content
        row = await row_of(bot, table)
        rolls = [e for a in (await bot.service.store.actions(row.id))[-1:] for e in a.events if e["type"] == "roll"]
        assert rolls and len(rolls[0]["def"]) == 1, rolls  # one die, as the order says, though 2 defend
        name = users[defender].name
        line = next(x for x in res.content.splitlines() if x.startswith("🎲"))
        assert f"vs {name} [" in line and line.split(f"vs {name} ")[1].count("[") == 1, line
        assert "+1" not in line  # no edge against anyone in Conquest

        # -- the walkers' seat plays its own turn -------------------------------------------
        row = await row_of(bot, table)
        if row.state["phase"] == "battle":
            msg = live(fake, table)
            await fake.click(users[seat], msg, button(msg, "x"))
        await quick_turn(fake, bot, table, users)  # the attacker's turn ends
        for _ in range(5):
            row = await row_of(bot, table)
            if game.current(row.state) == str(dave.id):
                break
            await quick_turn(fake, bot, table, users)
        row = await row_of(bot, table)
        assert game.current(row.state) == str(dave.id)
        where = await place_everything(fake, dave, table)
        sources = await fake.autocomplete(dave, table, "twd", "attack", focused="from", options={"from": ""})
        assert sources and all("(Dave" in c["name"] for c in sources), sources
        res = await fake.slash(dave, table, "twd", "attack", options={"from": where, "to": (
            await fake.autocomplete(dave, table, "twd", "attack", focused="to", options={"from": where, "to": ""}))[0]["value"],
            "until": True})
        assert not res.ephemeral and "⚔️ Dave attacks" in res.content and "🎲 Dave [" in res.content, res.content
        public = "\n".join(m.content for m in fake.channel_messages(table))
        assert "a crate worth" not in public


async def test_the_defender_asked_answers_by_a_button_or_the_clock_plays_their_order(fake, tmp_path):
    clock = Clock(T0)
    bot = make_bot(f"sqlite:///{tmp_path}/ask.sqlite3")
    bot._store = await Store.open(f"sqlite:///{tmp_path}/ask.sqlite3", clock=clock)
    guild = fake.add_guild("Alexandria")
    table = guild.add_text_channel("walls")
    members = [guild.add_member(n) for n in ("Alice", "Bob", "Carol")]
    users = {str(u.id): u for u in members}
    async with fake.run(bot):
        res = await fake.slash(members[0], table, "game", "new", options={"game": "walking_dead"})
        await set_options(fake, res.message, members[0], ["mode=conquest", "defenders=ask"])
        assert "the defender is asked at each attack" in fake.message(res.message.id).content
        for m in members[1:]:
            await fake.slash(m, table, "game", "join")
        await fake.slash(members[0], table, "game", "start")
        row = await row_of(bot, table)
        seat = game.current(row.state)
        owner, troops = row.state["owner"], row.state["troops"]
        mine = {t for t, o in owner.items() if o == seat}
        target = next(t for t in game.board.order if owner[t] != seat and troops[t] >= 2
                      and any(n in mine for n in game.board.neighbours(t)))
        src = next(n for n in game.board.neighbours(target) if n in mine)
        defender = owner[target]
        await fake.slash(users[seat], table, "twd", "place", options={"territory": src})
        mark = fake.mark()
        res = await fake.slash(users[seat], table, "twd", "attack", options={"from": src, "to": target})
        assert not res.ephemeral and "chooses how to defend" in res.content and "🎲" not in res.content, res.content
        assert "Defend with 1 or 2 dice" in res.content
        await fake.settle()
        assert int(defender) in [u for _m, u in fake.pings(since=mark)]  # the decision is theirs: mentioned
        msg = live(fake, table)
        assert button(msg, "d1") and button(msg, "d2"), msg.custom_ids
        before = await snapshot(bot, table)
        res = await fake.slash(users[seat], table, "twd", "roll")
        assert res.ephemeral and "choosing how to defend" in res.content, res.content
        res = await fake.click(users[seat], msg, button(msg, "d1"))
        assert res.ephemeral, res.content
        assert await snapshot(bot, table) == before
        res = await fake.click(users[defender], msg, button(msg, "d1"))
        assert not res.ephemeral and "defends" in res.content and "🎲" in res.content, res.content
        row = await row_of(bot, table)
        rolls = [e for e in (await bot.service.store.actions(row.id))[-1].events if e["type"] == "roll"]
        assert len(rolls) == 1 and len(rolls[0]["def"]) == 1

        # the next roll: the defender stays silent, the clock runs out, the standing order plays
        row = await row_of(bot, table)
        assert row.state["phase"] == "battle" and row.state["troops"][target] >= 2  # (the seeded dice)
        msg = live(fake, table)
        res = await fake.click(users[seat], msg, button(msg, "r"))
        assert "chooses how to defend" in res.content, res.content
        for _ in range(6):
            clock.now = await bot.service.next_due()
            await bot.scheduler.tick()
            await fake.settle()
            last = (await bot.service.store.actions(row.id))[-1]
            if last.action["type"] == "timeout":
                break
        assert last.action["type"] == "timeout" and last.action["seat"] == defender, last.action
        rolls = [e for e in last.events if e["type"] == "roll"]
        assert rolls and len(rolls[0]["def"]) == 2  # the standing order: the most dice
        public = "\n".join(m.content for m in fake.channel_messages(table))
        assert "time ran out (1/3): their standing order defends" in public, public[-800:]


async def test_claims_one_at_a_time_offer_only_the_free_territories(fake, tmp_path):
    db = f"sqlite:///{tmp_path}/claims.sqlite3"
    guild = fake.add_guild("Hilltop")
    table = guild.add_text_channel("claims")
    alice, bob = guild.add_member("Alice"), guild.add_member("Bob")
    users = {str(u.id): u for u in (alice, bob)}
    async with fake.run(make_bot(db, seed=5)) as bot:
        await fake.slash(alice, table, "game", "new", options={"game": "walking_dead"})
        await fake.slash(bob, table, "game", "join")
        await fake.slash(alice, table, "game", "start")
        row = await row_of(bot, table)
        assert row.state["phase"] == "claim"
        seat = game.current(row.state)
        free = {t for t, o in row.state["owner"].items() if o is None}
        offered = await fake.autocomplete(users[seat], table, "twd", "claim", focused="territory",
                                          options={"territory": ""})
        assert len(offered) == min(25, len(free)) and {c["value"] for c in offered} <= free
        typed = await fake.autocomplete(users[seat], table, "twd", "claim", focused="territory",
                                        options={"territory": "pri"})
        assert typed and all(c["name"].lower().startswith("pri") for c in typed), typed
        mark = fake.mark()
        res = await fake.slash(users[seat], table, "twd", "claim", options={"territory": typed[0]["name"].split(" (")[0]})
        assert not res.ephemeral and "claims" in res.content and "(23 survivors left to place)" in res.content, res.content
        await fake.settle()
        other = next(s for s in users if s != seat)
        assert int(other) in [u for _m, u in fake.pings(since=mark)]  # the next claim is theirs
        before = await snapshot(bot, table)
        res = await fake.slash(users[other], table, "twd", "claim", options={"territory": typed[0]["value"]})
        assert res.ephemeral and "already occupied" in res.content, res.content
        res = await fake.slash(users[other], table, "twd", "claim", options={"territory": typed[0]["value"]},
                               locale="fr")
        assert res.ephemeral and "déjà occupé" in res.content, res.content
        assert await snapshot(bot, table) == before
