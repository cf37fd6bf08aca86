"""A click on a decision's choices: whose it is, and the move it plays.

Shared by the decision's buttons (:mod:`bot.discord_ui.buttons`) and the click chains
(:mod:`bot.discord_ui.chain`): the same checks, the same path to the channel
(:func:`bot.discord_ui.messages.defer_and_post`).
"""

from __future__ import annotations

from typing import Any

import discord

from bot.discord_ui.errors import refused
from bot.discord_ui.members import names_for
from bot.discord_ui.messages import catch_up, defer_and_post, tell_private
from bot.discord_ui.protocols import bot_of
from bot.rules import GAMES
from bot.service import GameRow, UserError


async def running_row(interaction: discord.Interaction, game_id: int) -> GameRow:
    """The running game of this button, in this channel (else a refusal saying what became
    of it: replaced by a reset or a new game, or over)."""
    service = bot_of(interaction).service
    row = await service.get_game(game_id)
    if row is None or row.channel_id != interaction.channel_id:
        raise UserError("err.stale", "That choice is out of date: the game has moved on.")
    if row.status != "running":  # say what became of it: replaced (a reset, a new game) or over
        newer = await service.active_game(row.channel_id)
        if newer is not None and newer.id != row.id:
            raise UserError("err.game_replaced", "This game was replaced by a newer one (a reset or a new "
                                                 "game): use the newest message.")
        raise UserError("err.game_over_click", "This game is over: its buttons no longer play.")
    assert row.state is not None
    return row


async def deciding_row(interaction: discord.Interaction, game_id: int) -> tuple[GameRow, str]:
    """The running game of this button and the clicking member, who must be the one
    to act (a stranger's or another player's click is refused)."""
    row = await running_row(interaction, game_id)
    assert row.state is not None
    seats = GAMES[row.game].to_act(row.state)
    user = str(interaction.user.id)
    if user not in seats:
        names = names_for(row)
        who = ", ".join(names.get(s, s) for s in seats)
        raise UserError("err.not_your_button", "These choices are for {who}.", who=who)
    return row, user


async def play_click(interaction: discord.Interaction, row: GameRow, user: str, action: dict[str, Any],
                     version: int) -> None:
    """A clicked move (a button, a menu, the last step of a chain): committed, then posted
    for the channel."""
    bot = bot_of(interaction)
    try:
        with bot.in_flight(interaction.channel_id):
            # The button's version: the service refuses it if the game moved on, except
            # for other players' anytime actions (a defence order) in between.
            played = await bot.service.act(row.channel_id, user, action, expected_version=version)
            await defer_and_post(interaction, played)
            await tell_private(interaction, played)
    except UserError as err:
        await refused(interaction, err)
        await catch_up(bot, interaction.channel_id)
        return
    if bot.take_deferred(interaction.channel_id):  # a catch-up left to this move's post
        await catch_up(bot, interaction.channel_id)
