"""``/express …``: Risk Express moves, with autocomplete offering only what the dice allow."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot import ui
from bot.games import presenter
from bot.rules import GAMES
from bot.rules.risk_express import GENERAL, load_cards
from bot.service import UserError

if TYPE_CHECKING:
    from bot.app import GameMasterBot


class ExpressCog(commands.GroupCog, group_name=_("express"), group_description=_("Risk Express moves")):
    def __init__(self, bot: GameMasterBot) -> None:
        self.bot = bot
        super().__init__()

    async def _legal(self, interaction: discord.Interaction) -> list[dict[str, Any]]:
        row = await self.bot.service.store.active_game(interaction.channel_id)
        if row is None or row.game != "risk_express" or row.state is None or row.status != "running":
            return []
        return GAMES["risk_express"].legal_actions(row.state, str(interaction.user.id))

    async def card_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        cards = load_cards()["cards"]
        seen: list[str] = []
        for action in await self._legal(interaction):
            if action["type"] == "fill" and action["card"] not in seen:
                seen.append(action["card"])
        needle = current.lower()
        return [app_commands.Choice(name=cards[c]["name"], value=c) for c in seen
                if needle in cards[c]["name"].lower() or needle in c][:25]

    async def line_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        card = getattr(interaction.namespace, "card", None)
        pres = presenter("risk_express")
        row = await self.bot.service.store.active_game(interaction.channel_id)
        out = []
        for action in await self._legal(interaction):
            if action["type"] == "fill" and (card is None or action["card"] == card):
                label = pres.action_label(action, row.state if row else {}, interaction.locale)
                value = action["line"] if action["line"] == GENERAL else str(action["line"] + 1)
                out.append(app_commands.Choice(name=label[:100], value=value))
        return out[:25]

    @app_commands.command(name=_("play"), description=_("Fill a battle line of a card with your dice"))
    @app_commands.describe(card=_("The card you invade"), line=_("The battle line to fill"))
    @app_commands.autocomplete(card=card_autocomplete, line=line_autocomplete)
    async def play(self, interaction: discord.Interaction, card: str, line: str) -> None:
        cards = load_cards()["cards"]
        if card not in cards:  # a name typed instead of picked
            by_name = {c["name"].lower(): cid for cid, c in cards.items()}
            card = by_name.get(card.strip().lower(), card)
        value: int | str
        text = line.strip().lower()
        if text in (GENERAL, "g", "général"):
            value = GENERAL
        elif text.isdigit() and len(text) < 3:
            value = int(text) - 1  # players count lines from 1
        else:
            raise UserError("re.err.bad_line_text", "Pick a line from the list (1, 2, 3 or the General line).")
        await self._act(interaction, {"type": "fill", "card": card, "line": value})

    @app_commands.command(name=_("continue"), description=_("Optional rule: continue the previous player's failed attempt"))
    async def continue_(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, {"type": "continue"})

    @app_commands.command(name=_("fresh"), description=_("Optional rule: start your own turn instead"))
    async def fresh(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, {"type": "fresh"})

    async def _act(self, interaction: discord.Interaction, action: dict[str, Any]) -> None:
        await ui.play_move(interaction, "risk_express", action)
