"""Standing orders by clicks: a button on the turn message (and on ``/game hand``) that any
player of the game may press, opening a message only they see, in their language: their orders
with the current value of each, and one menu per order (its current value marked). A value
chosen is the typed command's action (:func:`bot.games.orders.order_action`), played through
the service and checked by the same engine; the answer edits that private message.

No public post: another player's turn message is left as it is (its buttons stay good: an anytime
action of someone else does not make them stale, see ``GameService.act``), and the order is told
to nobody. When the decision is the player's own, their turn message keeps its text and gets its
buttons again, at the new version. A stranger's click, or a non-player's, is refused privately
and changes nothing.
"""

from __future__ import annotations

import asyncio
import logging
import re
from typing import Any

import discord

from bot.discord_ui.clicks import running_row
from bot.discord_ui.errors import always_answers, refused
from bot.discord_ui.limits import (
    BUTTON_LABEL,
    CONTENT,
    ROWS,
    SELECT_OPTIONS,
    clip,
    picked,
    select_menu,
    select_option,
)
from bot.discord_ui.messages import catch_up
from bot.discord_ui.protocols import bot_of
from bot.games import orders as orders_of
from bot.games.orders import open_orders, order_action
from bot.i18n import lang_of, t
from bot.rules import GAMES
from bot.service import GameRow, UserError

log = logging.getLogger("gamemaster.ui")


class OrdersButton(discord.ui.DynamicItem[discord.ui.Button], template=r"gmo:(?P<gid>\d+)"):
    """"Standing orders": opens the clicking player's orders, privately. No version: orders
    may be given at any time, so the button stays good while the game runs."""

    def __init__(self, game_id: int, label: str = "") -> None:
        super().__init__(discord.ui.Button(label=clip(label or "⚙️", BUTTON_LABEL), style=discord.ButtonStyle.secondary,
                                           custom_id=f"gmo:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> OrdersButton:
        return cls(int(match["gid"]))

    @always_answers
    async def callback(self, interaction: discord.Interaction) -> None:
        await orders_click(interaction, self.game_id)


class OrderSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"gmos:(?P<gid>\d+):(?P<n>\d+)"):
    """One order's menu: its value is the index of the value chosen among the order's values."""

    def __init__(self, game_id: int, n: int, options: list[discord.SelectOption] | None = None,
                 placeholder: str = "") -> None:
        super().__init__(select_menu(f"gmos:{game_id}:{n}", options, placeholder))
        self.game_id, self.n = game_id, n

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str]) -> OrderSelect:
        return cls(int(match["gid"]), int(match["n"]))

    @always_answers
    async def callback(self, interaction: discord.Interaction) -> None:
        await order_pick(interaction, self.game_id, self.n, picked(interaction))


def orders_button(row: GameRow, lang: str) -> OrdersButton | None:
    """The button, for a game that has standing orders (``lang``: the message's language)."""
    return OrdersButton(row.id, t("orders.button", lang)) if orders_of(row.game) else None


# -- what the private message shows ----------------------------------------------------------

def _menu(row: GameRow, seat: str, lang: str, done: str | None = None) -> tuple[str, discord.ui.View | None]:
    """The player's orders now: the text (each order and its value, ``done`` first) and a menu
    per order open to them (a worker thread's work: their view, their legal actions)."""
    engine = GAMES[row.game]
    assert row.state is not None
    declared = orders_of(row.game)
    mine = engine.view(row.state, seat)
    shown = open_orders(declared, engine.legal_actions(row.state, seat))[:ROWS]
    if not shown:
        return t("orders.none", lang), None
    lines = [done] if done else []
    lines.append(t("orders.intro", lang))
    view = discord.ui.View(timeout=None)
    for n in shown:
        order = declared[n]
        now = order.current(mine)
        lines.append(t("orders.line", lang, title=t(order.title, lang), value=order.words(now, lang)))
        options = [select_option(("✓ " if v == now else "") + order.words(v, lang), str(i), default=v == now)
                   for i, v in enumerate(order.values[:SELECT_OPTIONS])]
        view.add_item(OrderSelect(row.id, n, options, t(order.title, lang)))
    return clip("\n".join(lines), CONTENT), view


async def _player(interaction: discord.Interaction, game_id: int) -> tuple[GameRow, str]:
    """The running game of this button, and the clicking member, who must play in it."""
    row = await running_row(interaction, game_id)
    seat = await bot_of(interaction).service.seat_of(row, str(interaction.user.id))
    if seat in row.ai:
        raise UserError("err.seat_with_ai", "The AI is playing your seat: /game return takes it back.")
    return row, seat


# -- clicks ------------------------------------------------------------------------------------

async def orders_click(interaction: discord.Interaction, game_id: int) -> None:
    """"Standing orders": the player's orders, in a message only they see."""
    lang = lang_of(interaction.locale)
    try:
        row, seat = await _player(interaction, game_id)
    except UserError as err:
        await refused(interaction, err)
        return
    text, view = await asyncio.to_thread(_menu, row, seat, lang)
    kwargs: dict[str, Any] = {"view": view} if view is not None else {}
    await interaction.response.send_message(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none(),
                                            **kwargs)


async def order_pick(interaction: discord.Interaction, game_id: int, n: int, value: str) -> None:
    """A value chosen in an order's menu: the order given through the service (the engine
    refuses what the typed command would), then the private message shows the orders now."""
    bot = bot_of(interaction)
    lang = lang_of(interaction.locale)
    try:
        row, seat = await _player(interaction, game_id)
        declared = orders_of(row.game)
        if not (0 <= n < len(declared)) or not value.isdigit() or int(value) >= len(declared[n].values):
            raise UserError("err.bad_action", "That is not an action.")
        order, chosen = declared[n], declared[n].values[int(value)]
        engine = GAMES[row.game]
        assert row.state is not None
        mine = await asyncio.to_thread(engine.view, row.state, seat)
        if order.current(mine) == chosen:
            raise UserError("orders.same", "That is already your order.")
        action = order_action(declared, n, chosen, mine)
        with bot.in_flight(interaction.channel_id):
            played = await bot.service.act(row.channel_id, seat, action)
            done = t("orders.set", lang, title=t(order.title, lang), value=order.words(chosen, lang))
            text, view = await asyncio.to_thread(_menu, played.row, seat, lang, done)
            await interaction.response.edit_message(content=text, view=view)
            await _told(interaction, played)
    except UserError as err:
        await refused(interaction, err)
        return
    if bot.take_deferred(interaction.channel_id):  # a catch-up left to this order's post
        await catch_up(bot, interaction.channel_id)


async def _told(interaction: discord.Interaction, played: Any) -> None:
    """The order in the channel: nothing is posted. It is marked told at once when nothing else
    waits to be told (no later catch-up posts it alone); when the decision is the player's own,
    their turn message keeps its text and gets its buttons again at the new version (their own
    anytime action made the old ones stale)."""
    bot = bot_of(interaction)
    row = played.row
    assert row.state is not None
    async with bot.post_lock(row.channel_id):
        _announced, prompt_id, pending = await bot.service.announcements(row)
        if prompt_id is not None and played.seat in GAMES[row.game].to_act(row.state):
            view = await asyncio.to_thread(bot.live_choices, row)  # its labels may weigh: off the event loop
            channel = await bot.channel_of(row.channel_id)
            try:
                if channel is not None:
                    await channel.get_partial_message(prompt_id).edit(view=view)
            except discord.HTTPException as err:
                log.info("could not renew the turn message %s in channel %s (%s)", prompt_id, row.channel_id, err)
        if [a.version for a in pending] == [row.version]:
            await bot.service.mark_announced(row.id, row.version)
