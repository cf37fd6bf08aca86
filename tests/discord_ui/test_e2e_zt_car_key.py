"""End to end: Zombie Town's public buttons say nothing of the keys a player holds.

Keys held are secret (Road Rage: « Vous ne pouvez utiliser un véhicule si et seulement si vous
avez la « Clef » correspondante »). The "Get in the car" button sits on the channel's turn
message, so it must show the same whether or not the player to act holds the car's key: it
is offered wherever a free working car stands on their square, and a click without the key is
refused to the clicker alone, changing nothing. Through the real discord.py client and the
fake Discord: the same walk to the same car, once with the key and once without.
"""

from __future__ import annotations

from bot.rules import GAMES
from bot.rules.base import clone
from bot.rules.zombie_town.core import geo
from tests.discord_ui.e2e import button, make_bot, row_of, snapshot

game = GAMES["zombie_town"]


def live(fake, channel):
    msgs = [m for m in fake.channel_messages(channel)
            if any(c.startswith(("gm:", "gms:", "gmg:", "gmgs:")) for c in m.custom_ids)]
    return msgs[-1] if msgs else None


def shown(message) -> list[tuple[int, str, str]]:
    """What the channel sees of a message's components: (type, label or options, custom id
    without the game's id and version)."""
    out = []
    for row in message.components:
        for comp in row.get("components", []):
            parts = comp.get("custom_id", "").split(":")
            code = ":".join([parts[0], *parts[3:]])
            label = comp.get("label") or "|".join(o["label"] for o in comp.get("options", []))
            out.append((comp["type"], label, code))
    return out


def _at_the_car(state, seat: str, with_key: bool):
    """``seat`` at the door of their base, one step from its car, three actions and the free
    move, no zombie anywhere; ``with_key`` False: their base's key swapped for a key lying in
    another house (they hold a key, not this car's)."""
    state = clone(state)
    me = state["players"][seat]
    base = me["base"]
    me.update(pos=geo().facade[base], car=None)
    state.update(phase="act", encounter=None, actions=3, free=True)
    state["box"] += sum(state["zombies"].values())
    state["zombies"] = {}
    if not with_key:
        other = next(h for h, x in sorted(state["houses"].items()) if x["key"] is not None)
        me["keys"] = [state["houses"][other]["key"] if k == base else k for k in me["keys"]]
        state["houses"][other]["key"] = base
    assert (base in me["keys"]) == with_key
    return state


async def _walk_to_the_car(fake, bot, channel, user, state, seat):
    row = await row_of(bot, channel)
    await bot.service.store.update_game(row, state=state)
    car = state["cars"][state["players"][seat]["base"]]["pos"]
    res = await fake.slash(user, channel, "zt", "move", options={"to": car})
    assert not res.ephemeral and "free move" in res.content, res.content
    await fake.settle()
    assert (await row_of(bot, channel)).state["players"][seat]["pos"] == car
    return live(fake, channel)


async def test_the_get_in_button_shows_the_same_with_or_without_the_key(fake, tmp_path):
    db = f"sqlite:///{tmp_path}/ztkey.sqlite3"
    guild = fake.add_guild("Zombie Town")
    table = guild.add_text_channel("driveway")
    alice, bob, chloe = (guild.add_member(n) for n in ("Alice", "Bob", "Chloé"))
    stranger = guild.add_member("Stranger")
    users = {str(u.id): u for u in (alice, bob, chloe)}
    async with fake.run(make_bot(db)) as bot:
        await fake.slash(alice, table, "game", "new", options={"game": "zombie_town"})
        await fake.slash(bob, table, "game", "join")
        await fake.slash(chloe, table, "game", "join")
        await fake.slash(alice, table, "game", "start")
        await fake.settle()
        row = await row_of(bot, table)
        state = row.state
        while state["phase"] == "deal":  # the deal, as the engine does it: not what this test is about
            who = game.current(state)
            state, _ = game.apply(state, who, game.default_action(state, who))
        seat = game.current(state)
        user = users[seat]

        # with the key: the button, and it works
        with_key = await _walk_to_the_car(fake, bot, table, user, _at_the_car(state, seat, True), seat)
        seen_with = shown(with_key)
        assert button(with_key, "ec") is not None, seen_with
        # without it: the very same components
        res = await fake.click(user, with_key, button(with_key, "ec"))
        assert not res.ephemeral and "gets into" in res.content, res.content
        without = await _walk_to_the_car(fake, bot, table, user, _at_the_car(state, seat, False), seat)
        assert shown(without) == seen_with

        # a click without the key: refused to the clicker alone, nothing changes
        before = await snapshot(bot, table)
        res = await fake.click(user, without, button(without, "ec"))
        assert res.ephemeral and "do not hold the key" in res.content, res.content
        res = await fake.click(user, without, button(without, "ec"), locale="fr")
        assert res.ephemeral and "Vous n'avez pas la clef" in res.content, res.content
        res = await fake.click(stranger, without, button(without, "ec"))
        assert res.ephemeral and "choices are for" in res.content, res.content
        assert await snapshot(bot, table) == before
        row = await row_of(bot, table)
        assert row.state["players"][seat]["car"] is None
        public = [m.content for m in fake.channel_messages(table)]
        assert not any("do not hold" in c or "clef" in c for c in public)
