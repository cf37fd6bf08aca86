"""Every autocomplete of every game command, through the real discord.py client and the
fake Discord, with the earlier options filled in as Discord sends them (under the options'
Discord names: ``from``, ``to``…), in English and from a French client.

Each list is checked against the engine's own legal actions: exactly what is legal, no
more, no less, no duplicates. The lists' speed is measured by ``bench/bench_autocomplete.py``
(tests never time).
"""

from __future__ import annotations

import itertools

from bot.rules import GAMES
from bot.rules.risk_map.cards import trade_value
from tests.discord_ui.e2e import make_bot

peaky = GAMES["peaky_blinders"]
express = GAMES["risk_express"]




async def row_of(bot, channel):
    return await bot.service.store.active_game(channel.id)


async def set_state(bot, channel, change) -> dict:
    """Edit the stored game state (a position a game could reach, set up directly)."""
    row = await row_of(bot, channel)
    state = change(dict(row.state)) or row.state
    await bot.service.store.update_game(row, state=state)
    return state


def values(choices) -> list:
    return [c["value"] for c in choices]


def legal(state, seat, kind):
    return [a for a in peaky.legal_actions(state, seat) if a["type"] == kind]


async def start(fake, bot, channel, game, users):
    await fake.slash(users[0], channel, "game", "new", options={"game": game})
    for user in users[1:]:
        await fake.slash(user, channel, "game", "join")
    await fake.slash(users[0], channel, "game", "start")
    return await row_of(bot, channel)


async def peaky_three(fake, tmp_path):
    guild = fake.add_guild("Small Heath")
    table = guild.add_text_channel("garrison")
    users = [guild.add_member(n) for n in ("Alice", "Bob", "Carol")]
    return guild, table, users


async def test_peaky_placement_and_trade(fake, tmp_path):
    guild, table, users = await peaky_three(fake, tmp_path)
    by_id = {str(u.id): u for u in users}
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/ac.sqlite3")) as bot:
        row = await start(fake, bot, table, "peaky_blinders", users)
        seat = peaky.current(row.state)
        me, other = by_id[seat], next(u for s, u in by_id.items() if s != seat)
        mine = sorted(t for t, o in row.state["owner"].items() if o == seat)
        for locale in ("en-US", "fr"):
            got = await fake.autocomplete(me, table, "peaky", "place", focused="territory",
                                          options={"territory": ""}, locale=locale)
            assert sorted(values(got)) == mine and len(got) == len(set(values(got)))
        # the names typed filter the list, in either language, accents and case aside
        name = peaky.tname(mine[0])
        got = await fake.autocomplete(me, table, "peaky", "place", focused="territory",
                                      options={"territory": name.upper()})
        assert mine[0] in values(got) and len(got) < len(mine)
        reserve = row.state["reserve"]
        got = await fake.autocomplete(me, table, "peaky", "place", focused="count",
                                      options={"territory": mine[0], "count": ""})
        assert values(got) == list(range(reserve, 0, -1))
        assert got[0]["name"] == f"{reserve} members"
        got = await fake.autocomplete(me, table, "peaky", "place", focused="count",
                                      options={"territory": mine[0], "count": ""}, locale="fr")
        assert got[0]["name"] == f"{reserve} membres" and got[-1]["name"] == "1 membre"
        # a territory that is not yours offers no count; nor does anyone but the player to move
        theirs = next(t for t, o in row.state["owner"].items() if o != seat)
        assert await fake.autocomplete(me, table, "peaky", "place", focused="count",
                                       options={"territory": theirs, "count": ""}) == []
        assert await fake.autocomplete(other, table, "peaky", "place", focused="territory",
                                       options={"territory": ""}) == []

        # trade: one choice per razor total the hand can make, each the fewest cards
        hand = ["london", "bristol", "dublin", "cork", "kerry"]

        def give(state):
            state["players"] = {**state["players"], seat: {**state["players"][seat], "hand": hand}}
            return state

        state = await set_state(bot, table, give)
        razors = peaky.data.razors
        totals = {sum(razors[c] for c in combo) for k in range(1, len(hand) + 1)
                  for combo in itertools.combinations(hand, k)}
        expected = sorted(str(x) for x in totals if 2 <= x <= 10 and trade_value(x))
        assert legal(state, seat, "trade")
        got = await fake.autocomplete(me, table, "peaky", "trade", focused="cards", options={"cards": ""})
        assert sorted(values(got)) == expected
        best = max(got, key=lambda c: int(c["value"]))
        assert f"{trade_value(int(best['value']))} members" in best["name"]
        got_fr = await fake.autocomplete(me, table, "peaky", "trade", focused="cards", options={"cards": ""},
                                         locale="fr")
        assert sorted(values(got_fr)) == expected and all("lame" in c["name"] for c in got_fr)
        # picking a total from the list trades that many razors
        res = await fake.slash(me, table, "peaky", "trade", options={"cards": best["value"]})
        assert not res.ephemeral, res.content
        row = await row_of(bot, table)
        assert row.state["traded"] and len(row.state["players"][seat]["hand"]) < len(hand)
        assert await fake.autocomplete(me, table, "peaky", "trade", focused="cards", options={"cards": ""}) == []


async def test_peaky_attack_and_manoeuvre(fake, tmp_path):
    guild, table, users = await peaky_three(fake, tmp_path)
    by_id = {str(u.id): u for u in users}
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/ac2.sqlite3")) as bot:
        row = await start(fake, bot, table, "peaky_blinders", users)
        seat = peaky.current(row.state)
        me = by_id[seat]
        mine = [t for t, o in row.state["owner"].items() if o == seat]
        # everything placed: attacks are open. Give every territory of ours 6 members, one 40.
        big = mine[0]

        def troops(state):
            state["troops"] = {**state["troops"], **{t: 6 for t in mine}, big: 40}
            state["reserve"] = 0
            return state

        state = await set_state(bot, table, troops)
        attacks = legal(state, seat, "attack")
        assert attacks
        sources = sorted({a["from"] for a in attacks})
        for locale in ("en-US", "fr"):
            got = await fake.autocomplete(me, table, "peaky", "attack", focused="from", options={"from": ""},
                                          locale=locale)
            assert sorted(values(got)) == sources[:25] and len(got) == len(set(values(got)))
        for src in sources:
            targets = sorted(a["to"] for a in attacks if a["from"] == src)
            for locale in ("en-US", "fr"):
                got = await fake.autocomplete(me, table, "peaky", "attack", focused="to",
                                              options={"from": src, "to": ""}, locale=locale)
                assert sorted(values(got)) == targets, (src, locale)
                assert all("%" in c["name"] for c in got)
        # no origin yet: every target once
        all_targets = sorted({a["to"] for a in attacks})
        got = await fake.autocomplete(me, table, "peaky", "attack", focused="to", options={"to": ""})
        assert sorted(values(got)) == all_targets[:25] and len(got) == len(set(values(got)))
        # the origin typed by name, as a player would
        src = sources[0]
        got = await fake.autocomplete(me, table, "peaky", "attack", focused="to",
                                      options={"from": peaky.tname(src).lower(), "to": ""})
        assert sorted(values(got)) == sorted(a["to"] for a in attacks if a["from"] == src)
        # counts: 1 to all but one, with the odds
        dst = next(a["to"] for a in attacks if a["from"] == src)
        n = state["troops"][src] - 1
        got = await fake.autocomplete(me, table, "peaky", "attack", focused="count",
                                      options={"from": src, "to": dst, "count": ""})
        assert values(got) == list(range(n, 0, -1)) and all("%" in c["name"] for c in got)
        got = await fake.autocomplete(me, table, "peaky", "attack", focused="count",
                                      options={"from": src, "to": dst, "count": ""}, locale="fr")
        assert "membres" in got[0]["name"] and "\u00a0%" in got[0]["name"]
        # forty members: 25 choices spread over 1–39, the largest first; digits typed narrow it
        big_dst = next((a["to"] for a in attacks if a["from"] == big), None)
        if big_dst is not None:  # the seed gives the big stack a neighbour to attack
            got = await fake.autocomplete(me, table, "peaky", "attack", focused="count",
                                          options={"from": big, "to": big_dst, "count": ""})
            assert len(got) == 25 and values(got)[0] == 39 and set(values(got)) <= set(range(1, 40))
            got = await fake.autocomplete(me, table, "peaky", "attack", focused="count",
                                          options={"from": big, "to": big_dst, "count": "3"})
            assert values(got) == [3, *range(30, 40)]
        # a target that does not border the origin offers nothing
        far = next(t for t in peaky.board.order if t not in {a["to"] for a in attacks if a["from"] == src}
                   and state["owner"][t] != seat)
        assert await fake.autocomplete(me, table, "peaky", "attack", focused="count",
                                       options={"from": src, "to": far, "count": ""}) == []

        # manoeuvre: sources, their destinations, the counts
        moves = legal(state, seat, "manoeuvre")
        assert moves, "the engine lists manoeuvres once placement is done"
        srcs = sorted({m["from"] for m in moves})
        got = await fake.autocomplete(me, table, "peaky", "manoeuvre", focused="from", options={"from": ""})
        assert sorted(values(got)) == srcs[:25]
        for move in moves:
            dests = sorted(set(move["to"]))
            got = await fake.autocomplete(me, table, "peaky", "manoeuvre", focused="to",
                                          options={"from": move["from"], "to": ""}, locale="fr")
            assert sorted(values(got)) == dests[:25], move["from"]
            got = await fake.autocomplete(me, table, "peaky", "manoeuvre", focused="count",
                                          options={"from": move["from"], "to": dests[0], "count": ""})
            hi = move["count"]["max"]
            assert values(got)[0] == hi and set(values(got)) <= set(range(1, hi + 1))
            assert len(got) == min(25, hi)

        # a battle: a kept attack power is offered, and only then
        assert big_dst is not None

        def defended(state):
            state["troops"] = {**state["troops"], big_dst: 30}  # one roll cannot take it
            return state

        await set_state(bot, table, defended)
        assert await fake.autocomplete(me, table, "peaky", "power", focused="power", options={"power": ""}) == []
        res = await fake.slash(me, table, "peaky", "attack", options={"from": big, "to": big_dst})
        assert not res.ephemeral, res.content
        row = await row_of(bot, table)
        assert row.state["phase"] == "battle"

        def kept(state):
            p = state["players"][seat]
            state["players"] = {**state["players"],
                                seat: {**p, "powers": [{"id": "razor_caps", "up": True},
                                                       {"id": "tipped_off", "up": True}]}}
            return state

        await set_state(bot, table, kept)
        got = await fake.autocomplete(me, table, "peaky", "power", focused="power", options={"power": ""})
        assert values(got) == ["razor_caps"]
        got = await fake.autocomplete(me, table, "peaky", "power", focused="power", options={"power": ""},
                                      locale="fr")
        assert values(got) == ["razor_caps"] and "lames dans les casquettes" in got[0]["name"]


async def test_peaky_neutral_spread(fake, tmp_path):
    guild = fake.add_guild("Birmingham")
    table = guild.add_text_channel("two")
    users = [guild.add_member("Alice"), guild.add_member("Bob")]
    by_id = {str(u.id): u for u in users}
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/ac3.sqlite3")) as bot:
        row = await start(fake, bot, table, "peaky_blinders", users)
        seat = peaky.current(row.state)
        me = by_id[seat]
        acts = legal(row.state, seat, "neutral")
        assert len(acts) == 3
        every = sorted(t for a in acts for t in a["territories"])
        got = await fake.autocomplete(me, table, "peaky", "neutral", focused="first", options={"first": ""})
        assert sorted(values(got)) == every[:25] and len(values(got)) == len(set(values(got)))
        for act in acts:
            first = act["territories"][0]
            for option in ("second", "third"):
                got = await fake.autocomplete(me, table, "peaky", "neutral", focused=option,
                                              options={"first": first, option: ""}, locale="fr")
                assert sorted(values(got)) == sorted(act["territories"]), option
                gang = act["faction"].split(":", 1)[1]
                if gang == "jewish_gang":
                    assert all("le Gang juif" in c["name"] for c in got)


async def test_peaky_defence_order_choices(fake, tmp_path):
    guild, table, users = await peaky_three(fake, tmp_path)
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/ac4.sqlite3")):
        cmd = fake.command(table, "peaky")
        defence = next(o for o in cmd["options"] if o["name"] == "defence")
        order = next(o for o in defence["options"] if o["name"] == "order")
        assert [c["value"] for c in order["choices"]] == ["always", "save", "never"]
        assert all(c.get("name_localizations", {}).get("fr") for c in order["choices"])
        assert order["name_localizations"]["fr"] == "consigne"


async def test_express_card_then_line(fake, tmp_path):
    guild = fake.add_guild("Friends")
    table = guild.add_text_channel("express")
    users = [guild.add_member(n) for n in ("Alice", "Bob")]
    by_id = {str(u.id): u for u in users}
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/ac5.sqlite3")) as bot:
        row = await start(fake, bot, table, "risk_express", users)
        seat = express.current(row.state)
        me = by_id[seat]
        fills = [a for a in express.legal_actions(row.state, seat) if a["type"] == "fill"]
        cards = sorted({a["card"] for a in fills})
        for locale in ("en-US", "fr"):
            got = await fake.autocomplete(me, table, "express", "play", focused="card", options={"card": ""},
                                          locale=locale)
            assert sorted(values(got)) == cards and len(got) == len(cards)
        for card in cards:
            lines = sorted("general" if a["line"] == "general" else str(a["line"] + 1)
                           for a in fills if a["card"] == card)
            for locale in ("en-US", "fr"):
                got = await fake.autocomplete(me, table, "express", "play", focused="line",
                                              options={"card": card, "line": ""}, locale=locale)
                assert sorted(values(got)) == lines, (card, locale)
                word = "ligne" if locale == "fr" else "line"
                assert all(word in c["name"].lower() for c in got)
        # the card typed by its French name, as a French player would
        if "usa" in cards:
            got = await fake.autocomplete(me, table, "express", "play", focused="line",
                                          options={"card": "États-Unis", "line": ""}, locale="fr")
            assert sorted(values(got)) == sorted(str(a["line"] + 1) if a["line"] != "general" else "general"
                                                 for a in fills if a["card"] == "usa")
            got = await fake.autocomplete(me, table, "express", "play", focused="card", options={"card": "etats"},
                                          locale="fr")
            assert values(got) == ["usa"] and got[0]["name"].startswith("États-Unis")
        # someone else, or a channel without the game, gets nothing
        other = next(u for s, u in by_id.items() if s != seat)
        assert await fake.autocomplete(other, table, "express", "play", focused="card", options={"card": ""}) == []
        assert await fake.autocomplete(me, table, "peaky", "place", focused="territory",
                                       options={"territory": ""}) == []
