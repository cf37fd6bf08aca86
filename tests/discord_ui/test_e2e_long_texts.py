"""Long texts reach the member whole: split between paragraphs or lines into several
messages, never cut (issue 30, point 8)."""

from __future__ import annotations

import re

import pytest

from bot.discord_ui.cogs.help import help_text
from bot.discord_ui.limits import CONTENT, clip, split
from bot.games import presenter
from bot.i18n import LANGUAGES, count, join, t
from bot.rules import GAMES
from bot.rules.names import name
from bot.rules.risk_map.cards import trade_value
from tests.discord_ui.e2e import make_bot


def words(text: str) -> list[str]:
    return text.split()


@pytest.mark.parametrize("limit", [40, 200, CONTENT])
def test_split_keeps_every_word_and_cuts_on_boundaries(limit):
    text = "\n".join(presenter(g).rules(lang) for g in GAMES for lang in LANGUAGES)
    parts = split(text, limit)
    assert all(0 < len(p) <= limit for p in parts)
    assert words(" ".join(parts)) == words(text)  # nothing lost, no word cut in two
    if limit == CONTENT:  # the rules are lines: every part ends where a line ended
        lines = set(text.splitlines())
        assert all(p.splitlines()[-1] in lines for p in parts)


def test_clip_shortens_at_a_word_with_an_ellipsis():
    text = "Trade Tommy Shelby, Arthur Shelby and Polly Gray for seven razors"
    short = clip(text, 30)
    assert len(short) <= 30 and short.endswith("…")
    assert text.startswith(short[:-1]) and text[len(short) - 1] in " ,"  # cut between words
    assert clip("short", 30) == "short"


async def test_the_french_rules_of_every_game_arrive_whole(fake, tmp_path):
    guild = fake.add_guild()
    table = guild.add_text_channel("table")
    alice = guild.add_member("Alice")
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/r.sqlite3")) as bot:
        for game in GAMES:
            for locale, lang in (("fr", "fr"), ("en-US", "en")):
                full = presenter(game).rules(lang)
                res = await fake.slash(alice, table, "game", "rules", options={"game": game}, locale=locale)
                extra = len(split(full)) - 1
                got = [res.message, *(await res.wait_followups(extra) if extra else [])]
                assert all(m.ephemeral and len(m.content) <= CONTENT for m in got)
                assert words("\n".join(m.content for m in got)) == words(full), (game, lang)
        # the longest: Peaky Blinders in French, over one message, ends with its command list
        assert len(presenter("peaky_blinders").rules("fr")) > CONTENT
        res = await fake.slash(alice, table, "game", "rules", options={"game": "peaky_blinders"}, locale="fr")
        (more,) = await res.wait_followups(1)
        assert more.ephemeral and more.content.rstrip().endswith("`chances`.")
        res = await fake.slash(alice, table, "game", "help", locale="fr")
        full = help_text(bot.tree, "fr")
        got = [res.message, *(await res.wait_followups(len(split(full)) - 1) if len(split(full)) > 1 else [])]
        assert all(m.ephemeral and len(m.content) <= CONTENT for m in got)
        assert words("\n".join(m.content for m in got)) == words(full)


async def test_peaky_trade_suggestions_say_the_trade_first_and_never_cut_a_name(fake, tmp_path):
    """The longest real trade labels: ten one-razor cards with the longest names in the hand;
    10 razors take all ten (over Discord's 100 characters in either language)."""
    peaky = GAMES["peaky_blinders"]
    guild = fake.add_guild()
    table = guild.add_text_channel("garrison")
    users = [guild.add_member(n) for n in ("Alice", "Bob", "Carol")]
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/t.sqlite3")) as bot:
        await fake.slash(users[0], table, "game", "new", options={"game": "peaky_blinders"})
        for user in users[1:]:
            await fake.slash(user, table, "game", "join")
        await fake.slash(users[0], table, "game", "start")
        row = await bot.service.store.active_game(table.id)
        seat = peaky.current(row.state)
        me = next(u for u in users if str(u.id) == seat)
        ones = [c for c, r in peaky.data.razors.items() if r == 1]
        for locale, lang in (("en-US", "en"), ("fr", "fr")):
            row = await bot.service.store.active_game(table.id)
            hand = sorted(ones, key=lambda c: -len(name("peaky_blinders", "territory", c, lang)))[:10]
            players = {**row.state["players"], seat: {**row.state["players"][seat], "hand": hand}}
            await bot.service.store.update_game(row, state={**row.state, "players": players})
            names = {name("peaky_blinders", "territory", c, lang) for c in hand}
            assert len(t("pb.ac.trade", lang, razors="10", members="30", cards=join(sorted(names), lang))) > 100
            got = await fake.autocomplete(me, table, "peaky", "trade", focused="cards", options={"cards": ""},
                                          locale=locale)
            assert got
            for choice in got:
                label, total = choice["name"], int(choice["value"])
                assert len(label) <= 100
                head = t("pb.ac.trade", lang, razors=count("razor", total, lang),
                         members=count("member", trade_value(total), lang), cards="")
                assert label.startswith(head)  # what the trade gives, first and whole
                cards = label[len(head):]
                more = re.search(r" (?:and|et) (\d+) (?:more|autres)$", cards)
                rest = cards[:more.start()] if more else cards
                for whole in sorted(names, key=len, reverse=True):
                    rest = rest.replace(whole, "§")
                assert re.fullmatch(r"§(?:(?:, | and | et )§)*", rest), label  # every card named whole
                assert rest.count("§") + (int(more[1]) if more else 0) == total  # one razor a card
            ten = next(c["name"] for c in got if c["value"] == "10")
            assert ten.endswith("8 more" if lang == "en" else "8 autres"), ten
