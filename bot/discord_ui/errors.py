"""Refusals: to the one who erred, ephemerally, in their own language, with one log line.

A refusal changes nothing; what the member reads is the catalog text of the error's key,
filled once with its parameters (player text inside them is never read as a template).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.discord_ui.limits import clip
from bot.discord_ui.protocols import bot_of
from bot.games import presenter
from bot.i18n import t
from bot.service import UserError

log = logging.getLogger("gamemaster")


def where(interaction: discord.Interaction) -> str:
    """Where an interaction came from, for a log line."""
    return f"guild={interaction.guild_id} channel={interaction.channel_id} user={interaction.user.id}"


def refusal_text(err: UserError | str, locale: Any, game_id: str | None = None) -> str:
    """A refusal in the member's language: the catalog text filled once with the error's
    parameters (player text inside them is never read as a template; the names of the
    game's pieces in the member's language), else the error's own English text; cut to
    Discord's limit."""
    if isinstance(err, UserError):
        params, key = err.params, err.key
        if game_id is not None:
            try:
                pres = presenter(game_id)
                key = pres.refusal_key(key)  # the game's own words (survivors, not members)
                if params:
                    params = pres.localize_params(params, locale)
            except Exception:  # a refusal must always get through
                log.exception("could not localize %s", err.key)
        if isinstance(params.get("detail_key"), str):  # a malformed move says what, in the same language
            params = {**params, "detail": t(params["detail_key"], locale, **params)}
        text = t(key, locale, **params)
        if text == key:
            text = str(err)
    else:
        text = err
    return clip("⛔ " + text)


async def refuse(interaction: discord.Interaction, err: UserError | str, game_id: str | None = None) -> None:
    """Errors go to the one who erred, ephemerally, in their own language."""
    if game_id is None and isinstance(err, UserError) and err.params and interaction.channel_id:
        try:  # the channel's game names its pieces in the member's language
            row = await bot_of(interaction).service.latest_game(interaction.channel_id)
            game_id = row.game if row else None
        except Exception:
            game_id = None
    text = refusal_text(err, interaction.locale, game_id)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())
    else:
        await interaction.response.send_message(text, ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())


async def refused(interaction: discord.Interaction, err: UserError) -> None:
    """A refusal: one log line, and the reason only to the one who asked."""
    log.info("refused %s: %s %s", err.key, clip(str(err), 300), where(interaction))
    await refuse(interaction, err)


def always_answers(callback: Callable[[Any, discord.Interaction], Awaitable[None]]
                   ) -> Callable[[Any, discord.Interaction], Awaitable[None]]:
    """A button's or menu's callback that answers the click whatever happens: an error it
    did not expect is logged and, if the click was not answered yet (nothing was committed:
    a move answers its click before it is posted), the member is told privately that nothing
    was changed (discord.py would only log it, and Discord show "This interaction failed")."""

    @functools.wraps(callback)
    async def answered(item: Any, interaction: discord.Interaction) -> None:
        try:
            await callback(item, interaction)
        except Exception:
            log.exception("click %s failed", (interaction.data or {}).get("custom_id", "?"))
            if interaction.response.is_done():  # answered (a move deferred): the catch-up tells the rest
                return
            try:
                await refuse(interaction, UserError("err.internal", "Something went wrong; nothing was changed."))
            except discord.HTTPException:
                pass

    return answered
