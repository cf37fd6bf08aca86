"""``/express …``: Risk Express moves, with autocomplete offering only what the dice allow.

Typed values are parsed here before the engine sees them: a card is an id from the list
or a name in either language, a line is 1–3 (ASCII digits) or the General line; anything
else is refused quoting what was typed.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.discord_ui import messages
from bot.discord_ui.choices import suggest
from bot.discord_ui.protocols import GameBot
from bot.games import presenter, typed
from bot.games.risk_express.text import parse_line
from bot.rules import AmbiguousName
from bot.service import UserError

GAME = "risk_express"


class ExpressCog(commands.GroupCog, group_name=_("express"), group_description=_("Risk Express moves")):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name=_("play"), description=_("Fill a battle line of a card with your dice"))
    @app_commands.describe(card=_("The card you invade"), line=_("The battle line to fill"))
    @app_commands.autocomplete(card=suggest(GAME, "play", "card"), line=suggest(GAME, "play", "line"))
    async def play(self, interaction: discord.Interaction, card: str, line: str) -> None:
        try:
            card_id = presenter(GAME).card(card)  # a whole name or the unique start of one
        except AmbiguousName as err:
            raise UserError.from_rule(err) from err
        if card_id is None:
            raise UserError("re.err.unknown_card", "There is no card '{card}'.", card=typed(card))
        value = parse_line(line)
        if value is None:
            raise UserError("re.err.bad_line_text", "Pick a line from the list (1, 2, 3 or the General line).")
        await self._act(interaction, {"type": "fill", "card": card_id, "line": value})

    @app_commands.command(name=_("continue"), description=_("Optional rule: continue the previous player's failed attempt"))
    async def continue_(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, {"type": "continue"})

    @app_commands.command(name=_("fresh"), description=_("Optional rule: start your own turn instead"))
    async def fresh(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, {"type": "fresh"})

    async def _act(self, interaction: discord.Interaction, action: dict[str, Any]) -> None:
        await messages.play_move(interaction, GAME, action)
