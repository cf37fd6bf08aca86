"""A player who never types: each decision made by clicks alone on what the bot shows.

:func:`click_decision` finds the turn message (or the private message "Your cards…" opens),
clicks one of its choices at random (a menu's value, a count, a move's button), follows the
chain on the same message until a move is played, and returns. Back, Undo and the pages of a
menu are left alone (they never play a move), so every path ends in a move within a few clicks.
"""

from __future__ import annotations

import asyncio
import random

from bot.rules import GAMES
from tests.discord_ui.e2e import choices, click_choice, row_of

GAME_PREFIXES = ("gm:", "gms:", "gmg:", "gmgs:", "gmc:", "gmcs:", "gmh:")


def game_prompt(fake, channel):
    """The newest public message with game choices."""
    found = [m for m in fake.channel_messages(channel) if any(c.startswith(GAME_PREFIXES) for c in m.custom_ids)]
    return found[-1] if found else None


def forward(choice) -> bool:
    """A choice that goes towards a move: not Back, not a page, not Undo."""
    custom_id, value = choice
    if not custom_id.startswith(GAME_PREFIXES):
        return False
    if custom_id.startswith("gmc:") and custom_id.endswith(":turn"):
        return False
    if custom_id == "gmg:" or (custom_id.startswith("gmg:") and custom_id.endswith(":")):
        return False  # Back from a group
    return not (value is not None and value.startswith("p") and value[1:].isdigit())


def is_back(message, custom_id: str) -> bool:
    for row in message.components:
        for comp in row.get("components", []):
            if comp.get("custom_id") == custom_id and comp.get("style") == 2 and comp["type"] == 2 \
                    and custom_id.startswith("gmc:"):
                return True
    return False


async def told(fake, bot, channel, limit: float = 30.0):
    """The game once the channel has been shown all of it (a board may take a while to draw,
    with no request in flight meanwhile)."""
    loop = asyncio.get_running_loop()
    until = loop.time() + limit
    while True:
        row = await row_of(bot, channel)
        if row is None or row.status != "running" or row.announced_version >= row.version:
            await fake.settle()
            return await row_of(bot, channel)
        assert loop.time() < until, "the channel was never told the last move"
        await asyncio.sleep(0.02)


async def click_decision(fake, bot, channel, users, rnd: random.Random, stats: dict | None = None) -> bool:
    """One decision of the seat to act, by clicks only. False once the game is over."""
    row = await told(fake, bot, channel)
    if row is None or row.status != "running":
        return False
    engine = GAMES[row.game]
    seat = engine.to_act(row.state)[0]
    user = users[seat]
    version = row.version
    message = game_prompt(fake, channel)
    assert message is not None, ("no message with choices for the player to act",
                                 [(m.content[-200:], m.custom_ids) for m in fake.channel_messages(channel)[-3:]])
    for _hop in range(16):
        options = [c for c in choices(message) if forward(c) and not is_back(message, c[0])]
        assert options, (message.content[-300:], choices(message))
        hand = [c for c in options if c[0].startswith("gmh:")]
        rest = [c for c in options if not c[0].startswith("gmh:")]
        pick = rnd.choice(hand) if hand and (not rest or rnd.random() < 0.15) else rnd.choice(rest)
        res = await click_choice(fake, user, message, pick)
        await fake.settle()  # a private chain's last step answers first, then plays the move
        if stats is not None:
            stats["clicks"] = stats.get("clicks", 0) + 1
        after = await row_of(bot, channel)
        if after is None or after.version != version or after.status != "running":
            return True
        if res.ephemeral:
            text = res.content
            if pick[0].startswith("gmh:") and not res.components:
                # nothing private to play now: back to the turn message
                assert text, "an empty private answer"
                message = game_prompt(fake, channel)
                continue
            assert res.components, f"refused: {text}"  # a chain's step in the private message
            message = res.message
        else:
            message = fake.message(message.id)
    raise AssertionError("no move after 16 clicks")
