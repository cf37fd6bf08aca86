"""Issue 31.3 end to end: the pictures a game posts (its boards as it goes, the final board,
the chart and the replay after it) each carry a description in the game's language, as
Discord's API receives it (``attachments[].description`` in the multipart's payload_json).
Every other end-to-end test checks presence and the 1,024-character limit (the ``fake``
fixture's teardown, tests/discord_ui/conftest.py)."""

from __future__ import annotations

import random

import pytest

from bot.rules import GAMES
from tests.discord_ui.e2e import choices, make_bot
from tests.discord_ui.test_e2e_express import click_choice, pick, prompt

engine = GAMES["risk_express"]
BOARD = {"en": "Risk Express: the board.", "fr": "Risk Express : le plateau."}


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_every_picture_of_a_game_is_described_in_its_language(fake, tmp_path, lang):
    guild = fake.add_guild("Club", locale="fr" if lang == "fr" else "en-US")
    table = guild.add_text_channel("table")
    alice, bob = guild.add_member("Alice"), guild.add_member("Bob")
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/alt.sqlite3", seed=77)) as bot:
        await fake.slash(alice, table, "game", "new", options={"game": "risk_express", "language": lang})
        await fake.slash(bob, table, "game", "join")
        await fake.slash(alice, table, "game", "start")
        users = {str(alice.id): alice, str(bob.id): bob}
        rnd = random.Random(5)
        for _ in range(40):  # by buttons, as members play: turns pass, boards follow
            row = await bot.service.store.active_game(table.id)
            if row is None or len([a for a in fake.bot_uploads if a.filename.startswith("risk_express-turn-")]) >= 4:
                break
            msg = prompt(fake, table)
            await click_choice(fake, users[engine.current(row.state)], msg, pick(row, choices(msg), rnd))
        await fake.slash(bob, table, "game", "board", locale="fr" if lang == "en" else "en-US")  # the game's language, not the member's

    board = BOARD[lang]
    boards = [a for a in fake.bot_uploads if a.filename.startswith("risk_express-turn-")]
    assert len(boards) >= 5  # the first board, those of the turns that passed, /game board
    for a in boards:
        assert a.description.startswith(board + "\n"), a.description
        assert "Alice" in a.description and "Bob" in a.description  # the standings
        assert len(a.description) <= 1024
