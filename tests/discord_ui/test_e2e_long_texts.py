"""Long texts reach the member whole: split between paragraphs or lines into several
messages, never cut (issue 30, point 8)."""

from __future__ import annotations

import pytest

from bot.discord_ui.limits import CONTENT, clip, split
from bot.games import presenter
from bot.i18n import LANGUAGES, t
from bot.rules import GAMES
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
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/r.sqlite3")):
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
        assert words(res.content) == words(t("help.text", "fr"))
