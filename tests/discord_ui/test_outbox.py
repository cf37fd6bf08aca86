"""The pacer of a channel's new messages (:mod:`bot.discord_ui.outbox`), on a fake clock."""

from __future__ import annotations

import asyncio

from bot.discord_ui.outbox import LIMIT, WINDOW, Pacer


def fake_pacer():
    now = [0.0]
    taken: list[tuple[int, float]] = []

    async def sleep(seconds: float) -> None:
        now[0] += max(seconds, 0.0)

    return Pacer(now=lambda: now[0], sleep=sleep), now, taken


async def test_a_burst_is_spread_to_the_channels_rate():
    pacer, now, _ = fake_pacer()
    times = []
    for _ in range(30):
        await pacer.slot(1)
        times.append(now[0])
    assert all(sum(1 for u in times if t0 <= u < t0 + WINDOW) <= LIMIT for t0 in times)
    assert LIMIT < 5  # room to spare below Discord's 5 in 5 seconds
    assert times[LIMIT - 1] == 0.0 and times[LIMIT] == WINDOW  # the first ones at once, then paced


async def test_channels_are_paced_apart_and_a_quiet_channel_waits_for_nothing():
    pacer, now, _ = fake_pacer()
    for _ in range(LIMIT):
        await pacer.slot(1)
    await pacer.slot(2)  # another channel: at once
    assert now[0] == 0.0
    now[0] = 60.0
    await pacer.slot(1)  # the window has passed
    assert now[0] == 60.0
    await pacer.slot(None)  # no channel: nothing to pace


async def test_concurrent_posts_in_one_channel_take_slots_in_turn():
    pacer, now, _ = fake_pacer()
    times: list[float] = []

    async def post() -> None:
        await pacer.slot(7)
        times.append(now[0])

    await asyncio.gather(*(post() for _ in range(12)))
    assert all(sum(1 for u in times if t0 <= u < t0 + WINDOW) <= LIMIT for t0 in times)
