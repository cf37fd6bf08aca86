"""End to end: standing orders changed by clicks alone, as on a phone. The turn message carries
a "Standing orders" button any player may press: their orders in a message only they see, in
their own language, one menu per order with the current value marked; a value chosen is the
typed command's action, checked by the engine; nothing is posted in the channel. A stranger's
click is refused privately and changes nothing."""

from __future__ import annotations

import random

from bot.rules import GAMES
from tests.discord_ui.clicker import click_decision, told
from tests.discord_ui.e2e import live_prompt, make_bot, row_of, snapshot
from tests.discord_ui.test_e2e_stale_clicks import frozen

engine = GAMES["peaky_blinders"]


def public_posts(fake, channel, since: int) -> list:
    return [r for r in fake.records[since:] if r.channel_id == channel.id and not r.flags & 64 and r.action == "create"]


def forged(message, custom_id: str, value: str):
    """``message`` as a modified client shows it: one menu ``custom_id`` offering ``value``."""
    old = frozen(message)
    old.components = [{"type": 1, "components": [{"type": 3, "custom_id": custom_id,
                                                  "options": [{"label": value, "value": value}]}]}]
    return old


def order_of(row, seat: str) -> str:
    return engine.view(row.state, seat)["you"]["defence"]


async def test_standing_orders_by_clicks(fake, tmp_path):
    guild = fake.add_guild("Orders")
    table = guild.add_text_channel("table")
    alice, bob, stranger = guild.add_member("Alice"), guild.add_member("Bob"), guild.add_member("Stranger")
    users = {str(alice.id): alice, str(bob.id): bob}
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/gm.sqlite3")) as bot:
        res = await fake.slash(alice, table, "game", "new", options={"game": "peaky_blinders", "language": "fr"})
        await fake.slash(bob, table, "game", "join")
        await fake.click(alice, res.message, next(c for c in res.message.custom_ids if c.endswith(":start")))
        row = await told(fake, bot, table)
        mover = engine.to_act(row.state)[0]
        other = next(s for s in users if s != mover)
        prompt = live_prompt(fake, table)
        was = frozen(prompt)  # as it is now (``prompt`` follows its edits)
        button = next(c for c in prompt.custom_ids if c.startswith("gmo:"))
        assert prompt.component(button)["label"] == "⚙️ Consignes"  # public: the game's language

        # a stranger's click: refused privately, nothing changed
        before = await snapshot(bot, table)
        res = await fake.click(stranger, prompt, button)
        assert res.ephemeral and "not playing" in res.content and not res.components
        assert await snapshot(bot, table) == before

        # the player who is not to act, in English: their orders, privately, the current one marked
        mark = fake.mark()
        res = await fake.click(users[other], prompt, button)
        assert res.ephemeral and "Your standing orders" in res.content and "Defence powers" in res.content
        menu = res.message
        [select] = [c for c in menu.custom_ids if c.startswith("gmos:")]
        options = menu.component(select)["options"]
        assert [bool(o.get("default")) for o in options] == [True, False, False]
        assert options[0]["label"].startswith("✓ ") and not options[1]["label"].startswith("✓")
        res = await fake.select(stranger, menu, select, ["1"])  # a forged click on someone's menu
        assert res.ephemeral and "not playing" in res.content
        assert await snapshot(bot, table) == before
        for custom_id, bad in ((select, "7"), (select, "x"), (f"{select[:-1]}9", "0")):  # absurd: refused
            res = await fake.select(users[other], forged(menu, custom_id, bad), custom_id, [bad])
            assert res.ephemeral and res.content.startswith("⛔"), res.content
        assert await snapshot(bot, table) == before

        res = await fake.select(users[other], menu, select, ["1"])
        await fake.settle()
        shown = fake.message(menu.id)
        assert shown.content.startswith("✅ Defence powers: used only to save the territory.")
        assert [bool(o.get("default")) for o in shown.component(select)["options"]] == [False, True, False]
        row = await told(fake, bot, table)
        assert order_of(row, other) == "save" and order_of(row, mover) == "always"
        assert public_posts(fake, table, mark) == []  # nothing in the channel
        assert (prompt.content, prompt.custom_ids) == (was.content, was.custom_ids)  # the mover's message as it was
        res = await fake.select(users[other], menu, select, ["1"])  # the same again: refused, nothing changed
        assert res.ephemeral and "already your order" in res.content
        assert (await row_of(bot, table)).version == row.version

        # /game hand, in French: the same button, in the member's language
        res = await fake.slash(users[other], table, "game", "hand", locale="fr")
        assert res.ephemeral and res.message.component(button)["label"] == "⚙️ Consignes"
        res = await fake.click(users[other], res.message, button, locale="fr")
        assert "Pouvoirs de défense : **utilisés seulement pour sauver le territoire**" in res.content

        # the player to act, in French: their turn message's buttons renewed in place, still playing
        mark = fake.mark()
        res = await fake.click(users[mover], prompt, button, locale="fr")
        assert "Vos consignes permanentes" in res.content and "Pouvoirs de défense" in res.content
        res = await fake.select(users[mover], res.message, select, ["2"], locale="fr")
        await fake.settle()
        assert fake.message(res.message.id).content.startswith("✅ Pouvoirs de défense : jamais utilisés (gardés).")
        row = await told(fake, bot, table)
        assert order_of(row, mover) == "never"
        assert public_posts(fake, table, mark) == []
        renewed = live_prompt(fake, table)
        assert renewed.id == prompt.id and renewed.content == was.content  # its buttons renewed, its text kept
        assert {c.split(":")[2] for c in renewed.custom_ids if c.startswith(("gm:", "gms:", "gmc:", "gmcs:"))} \
            == {str(row.version)}
        assert await click_decision(fake, bot, table, users, random.Random(1))
        assert (await row_of(bot, table)).version > row.version
