"""A game's state is written once and parsed at most once per accepted action, through the
real flow: a click and a slash command through the fake Discord (the log line, the
button's check, the service, the commit, the narration, the picture and the buttons all
read the same parsed state). After a restart, the first action parses it exactly once.
A count, not a timing."""

from __future__ import annotations

import json
import sqlite3
from collections import Counter

import pytest

from bot.rules import GAMES
from tests.discord_ui.e2e import choices, click_choice, live_prompt, make_bot

game = GAMES["risk_express"]
MOVE = ("gm:", "gms:")
_parse = json.loads  # the test's own reads, not counted


def is_state(value) -> bool:
    return isinstance(value, dict) and "schema" in value and "order" in value and "phase" in value


@pytest.fixture
def counted(monkeypatch):
    """Every json.loads that yields a game state and every json.dumps of one, anywhere."""
    counts: Counter[str] = Counter()
    loads, dumps = json.loads, json.dumps

    def counting_loads(s, *args, **kwargs):
        value = loads(s, *args, **kwargs)
        if is_state(value):
            counts["parsed"] += 1
        return value

    def counting_dumps(value, *args, **kwargs):
        if is_state(value):
            counts["written"] += 1
        return dumps(value, *args, **kwargs)

    monkeypatch.setattr(json, "loads", counting_loads)
    monkeypatch.setattr(json, "dumps", counting_dumps)
    return counts


def peek(path) -> tuple[dict, int]:
    """The running game's state and version, read beside the bot (its store reads nothing)."""
    with sqlite3.connect(path) as db:
        text, version = db.execute("SELECT state, version FROM games WHERE status = 'running'").fetchone()
    return _parse(text), version


async def click_a_move(fake, path, table, users, counts, clear=True):
    """Open a card if the prompt offers cards first (nothing committed), then count one
    clicked move to the end of its post (from now, or since the last ``counts.clear()``)."""
    state, version = peek(path)
    user = users[game.current(state)]
    message = live_prompt(fake, table)
    if not any(c[0].startswith(MOVE) for c in choices(message)):
        await click_choice(fake, user, message, choices(message)[0])
        message = fake.message(message.id)
    if clear:
        counts.clear()
    mark = fake.mark()
    res = await click_choice(fake, user, message, next(c for c in choices(message) if c[0].startswith(MOVE)))
    assert not res.ephemeral
    await fake.wait_message(table, lambda m: not m.ephemeral, since=mark)
    await fake.settle(0.05)
    assert peek(path)[1] == version + 1


async def test_one_write_and_at_most_one_parse_per_action(fake, tmp_path, counted):
    path = tmp_path / "gm.sqlite3"
    db = f"sqlite:///{path}"
    guild = fake.add_guild("Counts")
    table = guild.add_text_channel("risk")
    players = [guild.add_member(name) for name in ("Alice", "Bob", "Carol")]
    users = {str(u.id): u for u in players}
    async with fake.run(make_bot(db)):
        res = await fake.slash(players[0], table, "game", "new", options={"game": "risk_express"})
        for p in players[1:]:
            await fake.slash(p, table, "game", "join")
        mark = fake.mark()
        await fake.click(players[0], res.message, label="Start")
        await fake.wait_message(table, lambda m: bool(m.files), since=mark)
        await fake.settle(0.05)

        # clicks, some of which end a turn (narration, the board, new buttons)
        for _ in range(4):
            await click_a_move(fake, path, table, users, counted)
            assert counted == {"written": 1}, counted

        # a slash command
        state, version = peek(path)
        seat = game.current(state)
        assert state["phase"] == "place"
        cards = await fake.autocomplete(users[seat], table, "express", "play", focused="card", options={"card": ""})
        lines = await fake.autocomplete(users[seat], table, "express", "play", focused="line",
                                        options={"card": cards[0]["value"], "line": ""})
        counted.clear()
        res = await fake.slash(users[seat], table, "express", "play",
                               options={"card": cards[0]["value"], "line": lines[0]["value"]})
        assert not res.ephemeral
        await fake.settle(0.05)
        assert peek(path)[1] == version + 1
        assert counted == {"written": 1}, counted

        # refused: nothing written
        counted.clear()
        bad = await fake.slash(users[seat], table, "express", "play", options={"card": "atlantis", "line": "1"})
        assert bad.ephemeral
        await fake.settle(0.05)
        assert counted["written"] == 0 and peek(path)[1] == version + 1

    # a restart and a click: the state is parsed once, then never again while it does not change
    counted.clear()
    async with fake.run(make_bot(db)):
        await click_a_move(fake, path, table, users, counted, clear=False)
        assert counted == {"parsed": 1, "written": 1}, counted
        await click_a_move(fake, path, table, users, counted)
        assert counted == {"written": 1}, counted
