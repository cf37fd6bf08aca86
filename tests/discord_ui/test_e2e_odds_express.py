"""End to end: Risk Express's odds as a member meets them: on the choices of the throw (the
menu or buttons of the turn, /express play's autocomplete) and from /express odds, in English
and from a French client; bad input refused privately with nothing changed."""

from __future__ import annotations

from bot.rules import GAMES
from bot.rules.risk_express.odds import success
from tests.discord_ui.e2e import live_prompt, make_bot, row_of, snapshot

game = GAMES["risk_express"]


def labels(message) -> list[str]:
    out = []
    for row in message.components:
        for comp in row.get("components", []):
            if comp["type"] == 2:
                out.append(comp.get("label") or "")
            elif comp["type"] == 3:
                out += [opt["label"] for opt in comp["options"]]
    return out


async def test_express_odds_on_the_choices_and_by_command(fake, tmp_path):
    guild = fake.add_guild("Friends")
    table = guild.add_text_channel("risk")
    alice, bob = guild.add_member("Alice"), guild.add_member("Bob")
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/odds.sqlite3")) as bot:
        await fake.slash(alice, table, "game", "new", options={"game": "risk_express"})
        await fake.slash(bob, table, "game", "join")
        mark = fake.mark()
        await fake.slash(alice, table, "game", "start")
        await fake.wait_message(table, lambda m: bool(m.files), since=mark)
        row = await row_of(bot, table)
        seat = game.current(row.state)
        player = alice if str(alice.id) == seat else bob

        # the turn's choices: each card (or fill) labelled with the chance to take it
        shown = [x for x in labels(live_prompt(fake, table)) if x]
        assert shown and all("%" in x and "to take it" in x and len(x) <= 100 for x in shown), shown

        # the autocomplete of /express play: a card, then its lines, each with its chance
        cards = await fake.autocomplete(player, table, "express", "play", focused="card", options={"card": ""})
        assert cards and all("%" in c["name"] for c in cards)
        lines = await fake.autocomplete(player, table, "express", "play", focused="line",
                                        options={"card": cards[0]["value"], "line": ""})
        assert lines and all("%" in c["name"] for c in lines)

        # /express odds: the member's language, private, the engine's figure
        before = await snapshot(bot, table)
        res = await fake.slash(bob, table, "express", "odds", options={"card": "usa", "dice": 5, "filled": "3"})
        assert res.ephemeral and f"{100 * success('usa', 0b100, False, 5):.1f}%" in res.content
        assert "USA" in res.content and "to take it" in res.content
        res = await fake.slash(bob, table, "express", "odds", options={"card": "canada", "general": True},
                               locale="fr")
        assert res.ephemeral and "de la prendre" in res.content and "Général" in res.content
        assert f"{100 * success('canada', 0, True, 7):.1f}".replace(".", ",") in res.content
        found = await fake.autocomplete(bob, table, "express", "odds", focused="card", options={"card": "can"},
                                        locale="fr")
        assert [c["value"] for c in found] == ["canada"]

        # refusals: private, clear, nothing changed
        for options, words in (({"card": "atlantis"}, "no card"), ({"card": "usa", "filled": "4"}, "1 to 3"),
                               ({"card": "argentina", "filled": "1,x"}, "1 to 2")):
            res = await fake.slash(bob, table, "express", "odds", options=options)
            assert res.ephemeral and words in res.content, res.content
        assert await snapshot(bot, table) == before
