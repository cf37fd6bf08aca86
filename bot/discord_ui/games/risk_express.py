"""``/express …``: Risk Express moves, with autocomplete offering only what the dice allow.

Typed values are parsed here before the engine sees them: a card is an id from the list
or a name in either language, a line is 1–3 (ASCII digits) or the General line; anything
else is refused quoting what was typed.
"""

from __future__ import annotations

import asyncio
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.discord_ui import messages
from bot.discord_ui.choices import suggest
from bot.discord_ui.protocols import GameBot
from bot.games import presenter, typed
from bot.games.choices import LIMIT, matches
from bot.games.risk_express.text import card_name, need_text, parse_line
from bot.i18n import fmt_pct, join, lang_of, t, tn
from bot.rules import AmbiguousName
from bot.rules.risk_express.cards import load_cards
from bot.rules.risk_express.odds import success
from bot.service import UserError

GAME = "risk_express"


def card_of(text: str) -> str:
    """The card a member meant (an id, a name in either language, the unique start of one)."""
    try:
        card_id = presenter(GAME).card(text)
    except AmbiguousName as err:
        raise UserError.from_rule(err) from err
    if card_id is None:
        raise UserError("re.err.unknown_card", "There is no card '{card}'.", card=typed(text))
    return card_id


def lines_of(text: str | None, lines: int) -> int:
    """``/express odds filled:``: the lines already filled (``1 3``, ``1,3``), as bits."""
    words = (text or "").replace(",", " ").split()
    if len(text or "") > 40 or not all(w in [str(i + 1) for i in range(lines)] for w in words):
        raise UserError("re.err.odds_lines", "Say the lines already filled by their numbers, 1 to {n}, e.g. `1 3`.",
                        n=lines)
    return sum(1 << (int(w) - 1) for w in words)


async def any_card(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Every card (``/express odds card:``), in the member's language, narrowed by what is typed."""
    lang = lang_of(interaction.locale)
    found = [app_commands.Choice(name=card_name(cid, lang), value=cid) for cid in load_cards()["order"]
             if matches(current, card_name(cid, lang), card_name(cid, "en"), cid)]
    return sorted(found, key=lambda c: c.name)[:LIMIT]


class ExpressCog(commands.GroupCog, group_name=_("express"), group_description=_("Risk Express moves")):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name=_("play"), description=_("Fill a battle line of a card with your dice"))
    @app_commands.describe(card=_("The card you invade"), line=_("The battle line to fill"))
    @app_commands.autocomplete(card=suggest(GAME, "play", "card"), line=suggest(GAME, "play", "line"))
    async def play(self, interaction: discord.Interaction, card: str, line: str) -> None:
        card_id = card_of(card)  # a whole name or the unique start of one
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

    @app_commands.command(name=_("odds"), description=_("Exact chance to take a card with the dice left"))
    @app_commands.describe(card=_("The card to take"), dice=_("Dice left to throw (default 7)"),
                           filled=_("Lines already filled, e.g. 1 3"),
                           general=_("A General is still owed (another player's card)"))
    @app_commands.autocomplete(card=any_card)
    async def odds(self, interaction: discord.Interaction, card: str, dice: app_commands.Range[int, 0, 7] = 7,
                   filled: str | None = None, general: bool = False) -> None:
        card_id = card_of(card)
        needs = load_cards()["cards"][card_id]["lines"]
        bits = lines_of(filled, len(needs))
        if not 0 <= dice <= 7:
            raise UserError("err.bad_value", "That value is not valid.")
        lang = interaction.locale
        p = await asyncio.to_thread(success, card_id, bits, general, dice)  # up to 30 ms cold: off the loop
        done = [str(i + 1) for i in range(len(needs)) if bits & (1 << i)]
        text = tn("re.odds", dice, lang, card=card_name(card_id, lang), n=dice, p=fmt_pct(p, lang),
                  lines=" · ".join(need_text(n, lang) for n in needs),
                  filled=t("re.odds.filled", lang, lines=join(done, lang)) if done else "",
                  general=t("re.odds.general", lang) if general else "")
        await interaction.response.send_message(text, ephemeral=True)

    async def _act(self, interaction: discord.Interaction, action: dict[str, Any]) -> None:
        await messages.play_move(interaction, GAME, action)
