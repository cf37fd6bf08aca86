"""Whatever a player types into ``/express`` and ``/peaky`` gets a clear, short refusal
(never "Something went wrong"), naming what they typed, cut to a sane length; and a name
typed in either language is understood. Through the real discord.py client."""

from __future__ import annotations

from bot.rules import GAMES
from tests.discord_ui.e2e import make_bot

peaky = GAMES["peaky_blinders"]
express = GAMES["risk_express"]
NASTY = ["{x}", "{0}", "{", "}", "{territory}", "%s", "²", "١", "line:{0!r}", "x" * 3000, "é" * 600 + "{"]




async def start(fake, bot, channel, game, users):
    await fake.slash(users[0], channel, "game", "new", options={"game": game})
    for user in users[1:]:
        await fake.slash(user, channel, "game", "join")
    await fake.slash(users[0], channel, "game", "start")
    return await bot.service.store.active_game(channel.id)


def refused(res, *needles: str) -> str:
    text = res.content
    assert res.ephemeral, text
    assert "went wrong" not in text and "mal passé" not in text and "problème" not in text, text
    assert len(text) <= 2000
    for needle in needles:
        assert needle in text, (needle, text)
    return text


async def test_express_typed_cards_and_lines(fake, tmp_path):
    guild = fake.add_guild("Friends")
    table = guild.add_text_channel("express")
    users = [guild.add_member("Alice"), guild.add_member("Bob")]
    by_id = {str(u.id): u for u in users}
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/in1.sqlite3")) as bot:
        row = await start(fake, bot, table, "risk_express", users)
        me = by_id[express.current(row.state)]
        version = row.version
        for text in NASTY:
            res = await fake.slash(me, table, "express", "play", options={"card": "usa", "line": text})
            refused(res, "line")
            res = await fake.slash(me, table, "express", "play", options={"card": text, "line": "1"})
            shown = refused(res)
            assert text[:20] in shown or len(text) > 40, shown  # what was typed, quoted back…
            assert "x" * 41 not in shown and "é" * 41 not in shown  # …cut to a sane length
        res = await fake.slash(me, table, "express", "play", options={"card": "{x}", "line": "1"}, locale="fr")
        refused(res, "« {x} »")
        assert (await bot.service.store.active_game(table.id)).version == version
        # a French name and the General line in French are understood (the move itself may
        # not fit this throw: then the refusal says so, not that the card is unknown)
        res = await fake.slash(me, table, "express", "play", options={"card": "États-Unis", "line": "Général"},
                               locale="fr")
        assert "pas de carte" not in res.content and "Choisissez une ligne" not in res.content, res.content


async def test_peaky_typed_names(fake, tmp_path):
    guild = fake.add_guild("Small Heath")
    table = guild.add_text_channel("garrison")
    users = [guild.add_member(n) for n in ("Alice", "Bob", "Carol")]
    by_id = {str(u.id): u for u in users}
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/in2.sqlite3")) as bot:
        row = await start(fake, bot, table, "peaky_blinders", users)
        seat = peaky.current(row.state)
        me = by_id[seat]
        own = next(t for t, o in row.state["owner"].items() if o == seat)
        version = row.version
        for text in NASTY:
            for cmd, opts in [("place", {"territory": text}),
                              ("attack", {"from": text, "to": own}),
                              ("attack", {"from": own, "to": text}),
                              ("manoeuvre", {"from": own, "to": text}),
                              ("trade", {"cards": text}),
                              ("trade", {"cards": f"{own},{text}"}),
                              ("power", {"power": text}),
                              ("neutral", {"first": text})]:
                res = await fake.slash(me, table, "peaky", cmd, options=opts)
                shown = refused(res)
                assert "x" * 41 not in shown and "é" * 41 not in shown, (cmd, shown)
        res = await fake.slash(me, table, "peaky", "place", options={"territory": "{x}"})
        refused(res, "“{x}”")
        res = await fake.slash(me, table, "peaky", "place", options={"territory": "{0}"}, locale="fr")
        refused(res, "« {0} »", "territoire")
        assert (await bot.service.store.active_game(table.id)).version == version
        # a name typed by hand, any case, accents aside, is the territory
        res = await fake.slash(me, table, "peaky", "place", options={"territory": peaky.tname(own).upper(), "count": 1})
        assert not res.ephemeral, res.content
        assert (await bot.service.store.active_game(table.id)).state["troops"][own] == row.state["troops"][own] + 1


def test_names_resolve_a_start_and_refuse_an_ambiguous_one():
    import pytest

    from bot.rules import AmbiguousName
    from bot.rules import names as N

    game = "peaky_blinders"
    assert N.resolve(game, "territory", "liver") == "liverpool"  # a unique start
    assert N.resolve(game, "territory", "LIVERPOOL") == "liverpool"  # a whole name
    assert N.resolve(game, "territory", "small_heath") == "small_heath"  # a key
    assert N.resolve(game, "territory", "london") == "london"  # a whole name beats a longer one it starts
    assert N.resolve(game, "territory", "Atlantis") is None and N.resolve(game, "territory", "  ") is None
    with pytest.raises(AmbiguousName) as err:
        N.resolve(game, "territory", "east")
    assert err.value.key == "err.ambiguous" and err.value.params["text"] == "east"
    for name in ("East Anglia", "East Midlands", "East of England"):
        assert name in err.value.params["choices"]
    assert N.resolve(game, "territory", "lond", among=["londonderry", "cork"]) == "londonderry"  # a hand narrows
    assert N.resolve(game, "territory", "London", among=["londonderry", "cork"]) is None  # a whole name is not a start
    assert N.resolve("risk_express", "card", "états") == "usa"  # a French start, accents aside


async def test_peaky_a_name_typed_in_part(fake, tmp_path):
    from bot.rules import names as N

    guild = fake.add_guild("Small Heath")
    table = guild.add_text_channel("garrison")
    users = [guild.add_member(n) for n in ("Alice", "Bob", "Carol")]
    by_id = {str(u.id): u for u in users}
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/in3.sqlite3")) as bot:
        row = await start(fake, bot, table, "peaky_blinders", users)
        seat = peaky.current(row.state)
        me = by_id[seat]
        version = row.version
        # several names start so: refused, naming each of them, in English and in French
        for locale, words in (("en-US", "could be"), ("fr", "peut désigner")):
            res = await fake.slash(me, table, "peaky", "place", options={"territory": "east"}, locale=locale)
            refused(res, "east", words, "East Anglia", "East Midlands", "East of England")
        res = await fake.slash(me, table, "peaky", "attack", options={"from": "north", "to": "lond"})
        refused(res, "North Wales")
        # no name starts so: the unknown territory, as before
        res = await fake.slash(me, table, "peaky", "place", options={"territory": "Atlantis"})
        refused(res, "There is no territory", "Atlantis")
        assert (await bot.service.store.active_game(table.id)).version == version
        # a unique start is the territory
        own, start_of = next((t, peaky.tname(t)[:n].lower()) for t, o in sorted(row.state["owner"].items()) if o == seat
                             for n in range(3, len(peaky.tname(t)))
                             if _unique(N, peaky.tname(t)[:n], t))
        res = await fake.slash(me, table, "peaky", "place", options={"territory": start_of, "count": 1})
        assert not res.ephemeral, res.content
        assert (await bot.service.store.active_game(table.id)).state["troops"][own] == row.state["troops"][own] + 1


def _unique(N, text: str, tid: str) -> bool:  # noqa: N803
    """Whether ``text`` names ``tid`` alone (not its whole name: a start of it)."""
    from bot.rules import AmbiguousName

    try:
        return N.resolve("peaky_blinders", "territory", text) == tid and N.lookup("peaky_blinders", "territory", text) is None
    except AmbiguousName:
        return False
