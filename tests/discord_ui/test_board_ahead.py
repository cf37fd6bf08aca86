"""A move that ends a turn starts drawing its board as soon as it is committed, before the
click is answered: over a network (each call to Discord takes its time) the picture is drawn
while Discord hears of the click, not after. Through the fake Discord, with a latency."""

from __future__ import annotations

import time

import renderers
from bot.rules import GAMES
from tests.discord_ui.e2e import choices, click_choice, live_prompt, make_bot

game = GAMES["risk_express"]
MOVE = ("gm:", "gms:")
LATENCY = 0.3  # s, each call to the fake Discord


async def test_the_board_is_drawn_while_the_click_is_answered(fake, tmp_path, monkeypatch):
    starts: list[float] = []  # when each board began to be drawn (the event loop's clock)
    real = renderers.render

    def render(view):
        starts.append(time.monotonic())
        return real(view)

    monkeypatch.setattr(renderers, "render", render)
    guild = fake.add_guild("Ahead")
    table = guild.add_text_channel("risk")
    players = [guild.add_member(name) for name in ("Alice", "Bob")]
    users = {str(u.id): u for u in players}
    bot = make_bot(f"sqlite:///{tmp_path / 'gm.sqlite3'}")
    async with fake.run(bot):
        res = await fake.slash(players[0], table, "game", "new", options={"game": "risk_express"})
        await fake.slash(players[1], table, "game", "join")
        mark = fake.mark()
        await fake.click(players[0], res.message, label="Start")
        await fake.wait_message(table, lambda m: bool(m.files), since=mark)
        await fake.settle(0.05)
        fake.latency = LATENCY
        for _ in range(60):
            row = await bot.service.store.active_game(table.id)
            user = users[game.current(row.state)]
            message = live_prompt(fake, table)
            if not any(c[0].startswith(MOVE) for c in choices(message)):  # a card first: nothing committed
                await click_choice(fake, user, message, choices(message)[0])
                message = fake.message(message.id)
            starts.clear()
            newest = max(m.id for m in fake.channel_messages(table))
            mark, asked = fake.mark(), len(fake.requests)
            await click_choice(fake, user, message, next(c for c in choices(message) if c[0].startswith(MOVE)))
            posted = await fake.wait_message(table, lambda m: not m.ephemeral, since=mark)
            await fake.settle(0.05)
            if not posted.files or posted.id <= newest:  # the turn message edited: no new board
                assert not starts  # a move within a turn: no board drawn
                continue
            # the board's move: its click was answered (the defer) a latency after it was sent
            answered = next(when for (method, path, _), when in zip(fake.requests[asked:], fake.request_times[asked:],
                                                                     strict=True)
                            if method == "POST" and path.endswith("/callback"))
            assert len(starts) == 1
            assert starts[0] < answered - LATENCY / 2, (starts[0], answered)
            return
    raise AssertionError("no move ended a turn in 60 clicks")
