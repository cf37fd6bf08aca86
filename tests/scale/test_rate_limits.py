"""Discord's rate limits (issue 15 point 5): a 429 with ``retry_after`` is waited out and the
request sent again, by discord.py itself; the bot does not fight it. Through the real client
and the fake Discord, which answers the bot's first answer to a command, and its first
followup (the board of the start), with a 429: both still arrive, once, after the time
Discord asked."""

from __future__ import annotations

import re

from tests.discord_ui.e2e import make_bot

RETRY = 0.4


def answered(fake, method: str, pattern: str) -> list[tuple[int, float]]:
    """(status, time) of every request ``method`` whose path matches ``pattern``."""
    rx = re.compile(pattern)
    return [(status, at) for (m, path, status), at in zip(fake.requests, fake.request_times, strict=True)
            if m == method and rx.search(path)]


async def test_a_429_is_waited_out_and_nothing_is_posted_twice(fake, tmp_path):
    guild = fake.add_guild("Limits")
    table = guild.add_text_channel("slow-lane")
    alice, bob = guild.add_member("Alice"), guild.add_member("Bob")
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/limits.sqlite3")) as bot:
        await fake.slash(alice, table, "game", "new", options={"game": "risk_express"})
        # the answer to /game join: its callback is rate limited once
        fake.rate_limit_next("POST", r"/interactions/\d+/[^/]+/callback$", retry_after=RETRY)
        res = await fake.slash(bob, table, "game", "join")
        assert res.ephemeral and res.content
        calls = answered(fake, "POST", r"/interactions/\d+/[^/]+/callback$")
        limited = [i for i, (status, _) in enumerate(calls) if status == 429]
        assert len(limited) == 1 and calls[limited[0] + 1][0] in (200, 204)
        assert calls[limited[0] + 1][1] - calls[limited[0]][1] >= RETRY  # it waited what Discord asked
        # the start: its board and first prompt go out as followups; the first is rate limited
        fake.rate_limit_next("POST", r"/webhooks/\d+/[^/]+$", retry_after=RETRY)
        mark = fake.mark()
        await fake.slash(alice, table, "game", "start")
        await fake.wait_message(table, lambda m: bool(m.files), since=mark)
        await fake.settle()
        row = await bot.service.store.active_game(table.id)
        assert row.status == "running" and row.announced_version == row.version
        created = [r for r in fake.records[mark:] if r.action == "create"]
        boards = {r.message_id for r in fake.records[mark:] if r.attachments}
        assert len(boards) == 1, fake.records[mark:]  # the board once, though a request for it was refused
        texts = [r.content for r in created if r.content]
        assert len(texts) == len(set(texts)), texts  # no message twice
        assert len(fake.rate_limited) == 2
        followups = answered(fake, "POST", r"/webhooks/\d+/[^/]+$")
        assert [s for s, _ in followups].count(429) == 1 and followups[-1][0] == 200
        assert not fake.discord_errors and not fake.fake_errors
