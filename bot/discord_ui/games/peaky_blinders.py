"""``/peaky …``: Risk Peaky Blinders moves. Autocomplete offers only what is legal now:
your territories, the enemies next to them (with the odds), reachable destinations,
numbers in range.

Discord sends the options filled in so far under their Discord names (``from``, ``to``: the
renamed ones), so the autocomplete reads them by those names. Every typed value is parsed
here before the engine sees it: a name nobody knows is refused quoting what was typed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.discord_ui import messages
from bot.discord_ui.choices import suggest
from bot.discord_ui.protocols import GameBot
from bot.games import presenter, typed
from bot.games.peaky_blinders.text import DEFENCE_ORDERS, fewest_cards
from bot.i18n import fmt_num, fmt_pct, t
from bot.rules import GAMES, AmbiguousName
from bot.rules.risk_map.odds import battle_outcomes
from bot.service import UserError

Choice = app_commands.Choice
GAME = "peaky_blinders"


def engine():  # noqa: ANN201
    return GAMES[GAME]


def pres():  # noqa: ANN201
    return presenter(GAME)


def named(find: Callable[[], str | None]) -> str | None:
    """What a typed name resolves to; a name that starts several is refused, listing them."""
    try:
        return find()
    except AmbiguousName as err:
        raise UserError.from_rule(err) from err


def territory_of(text: str | None, among: list[str] | None = None) -> str:
    """The territory a player meant (a whole name, or the unique start of one), or a refusal
    quoting what they typed."""
    tid = named(lambda: pres().territory(text, among))
    if tid is None:
        raise UserError("err.unknown_territory", "There is no territory '{territory}' on this map.",
                        territory=typed(text or ""))
    return tid


def cards_of(text: str, hand: list[str]) -> list[str]:
    """``/peaky trade cards:``: a razor total picked from the list (the fewest cards worth
    it), or card names separated by commas."""
    words = [w.strip() for w in str(text).split(",") if w.strip()]
    if len(words) == 1 and words[0].isascii() and words[0].isdigit() and len(words[0]) <= 2:
        total = int(words[0])
        cards = fewest_cards(hand, engine().data.razors, total, total).get(total)
        if cards is None:
            raise UserError("pb.err.no_trade_total", "Your cards cannot make {razors} razors.", razors=total)
        return cards
    if not words or len(words) > 42:
        raise UserError("pb.err.no_cards", "Say which territory cards to trade.")
    out = []
    for word in words:
        tid = named(lambda word=word: pres().territory(word, hand or None))
        if tid is None:
            raise UserError("pb.err.card_not_held", "You do not hold the card {card}.", card=typed(word))
        out.append(tid)
    return out


class PeakyCog(commands.GroupCog, group_name=_("peaky"), group_description=_("Risk Peaky Blinders moves")):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        super().__init__()

    # -- helpers ----------------------------------------------------------------------
    async def _act(self, interaction: discord.Interaction, action: dict[str, Any]) -> None:
        await messages.play_move(interaction, GAME, action)

    # -- commands ---------------------------------------------------------------------
    @app_commands.command(name=_("place"), description=_("Place members on one of your territories"))
    @app_commands.describe(territory=_("Your territory"), count=_("How many members (default: all you have left)"))
    @app_commands.autocomplete(territory=suggest(GAME, "place", "territory"), count=suggest(GAME, "place", "count"))
    async def place(self, interaction: discord.Interaction, territory: str, count: int | None = None) -> None:
        action: dict[str, Any] = {"type": "place", "territory": territory_of(territory)}
        if count is not None:
            action["count"] = count
        await self._act(interaction, action)

    @app_commands.command(name=_("trade"), description=_("Trade territory cards for members (2–10 razors)"))
    @app_commands.describe(cards=_("The cards to trade (pick a total of razors from the list)"))
    @app_commands.autocomplete(cards=suggest(GAME, "trade", "cards"))
    async def trade(self, interaction: discord.Interaction, cards: str) -> None:
        row = await self.bot.service.running(interaction.channel_id)
        seat = str(interaction.user.id)
        you = engine().view(row.state, seat).get("you") if row.state is not None else None
        hand = [card["territory"] for card in (you or {}).get("cards", [])]
        await self._act(interaction, {"type": "trade", "cards": cards_of(cards, hand)})

    @app_commands.command(name=_("flip"), description=_("Flip your next face-down power card"))
    async def flip(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, {"type": "flip_power"})

    @app_commands.command(name=_("neutral"), description=_("Two players: add 3 members to one neutral gang"))
    @app_commands.describe(first=_("One member here (and any left over)"), second=_("One member here"),
                           third=_("One member here"))
    @app_commands.autocomplete(first=suggest(GAME, "neutral", "first"), second=suggest(GAME, "neutral", "second"),
                               third=suggest(GAME, "neutral", "third"))
    async def neutral(self, interaction: discord.Interaction, first: str, second: str | None = None,
                      third: str | None = None) -> None:
        slots = [territory_of(x) for x in (first, second, third) if x]
        placements: dict[str, int] = {}
        for tid in slots:
            placements[tid] = placements.get(tid, 0) + 1
        placements[slots[0]] += 3 - len(slots)
        await self._act(interaction, {"type": "neutral", "placements": placements})

    @app_commands.command(name=_("attack"), description=_("Attack a neighbouring territory"))
    @app_commands.rename(origin=_("from"), target=_("to"))
    @app_commands.describe(origin=_("Your territory to attack from"), target=_("The enemy territory"),
                           count=_("Members to send (one stays behind; default: all but one)"),
                           until=_("Roll until decided (default: one roll at a time)"))
    @app_commands.autocomplete(origin=suggest(GAME, "attack", "from"), target=suggest(GAME, "attack", "to"),
                               count=suggest(GAME, "attack", "count"))
    async def attack(self, interaction: discord.Interaction, origin: str, target: str, count: int | None = None,
                     until: bool = False) -> None:
        action: dict[str, Any] = {"type": "attack", "from": territory_of(origin), "to": territory_of(target),
                                  "until": until}
        if count is not None:
            action["count"] = count
        await self._act(interaction, action)

    @app_commands.command(name=_("roll"), description=_("Roll again in your attack"))
    @app_commands.describe(until=_("Roll until decided"))
    async def roll(self, interaction: discord.Interaction, until: bool = False) -> None:
        await self._act(interaction, {"type": "roll", "until": until})

    @app_commands.command(name=_("retreat"), description=_("Stop the attack: the survivors go home"))
    async def retreat(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, {"type": "retreat"})

    @app_commands.command(name=_("power"), description=_("Play a kept attack power in your attack"))
    @app_commands.describe(power=_("The power card"))
    @app_commands.autocomplete(power=suggest(GAME, "power", "power"))
    async def power(self, interaction: discord.Interaction, power: str) -> None:
        pid = named(lambda: pres().power(power))
        if pid is None:
            raise UserError("pb.err.unknown_power", "There is no power card '{power}'.", power=typed(power))
        await self._act(interaction, {"type": "play_power", "power": pid})

    @app_commands.command(name=_("defence"), description=_("When your kept defence powers are used"))
    @app_commands.describe(order=_("Use them always, only to save the territory, or never"))
    @app_commands.choices(order=[Choice(name=_("always: on the first roll they improve"), value="always"),
                                 Choice(name=_("only to save the territory"), value="save"),
                                 Choice(name=_("never: keep them"), value="never")])
    async def defence(self, interaction: discord.Interaction, order: str) -> None:
        if order not in DEFENCE_ORDERS:
            raise UserError("err.bad_value", "That value is not valid.")
        await self._act(interaction, {"type": "defence", "order": order})

    @app_commands.command(name=_("manoeuvre"), description=_("Move members once, through your own territories; ends your turn"))
    @app_commands.rename(origin=_("from"), target=_("to"))
    @app_commands.describe(origin=_("From your territory"), target=_("To your territory"), count=_("How many members"))
    @app_commands.autocomplete(origin=suggest(GAME, "manoeuvre", "from"), target=suggest(GAME, "manoeuvre", "to"),
                               count=suggest(GAME, "manoeuvre", "count"))
    async def manoeuvre(self, interaction: discord.Interaction, origin: str, target: str,
                        count: int | None = None) -> None:
        action: dict[str, Any] = {"type": "manoeuvre", "from": territory_of(origin), "to": territory_of(target)}
        if count is not None:
            action["count"] = count
        await self._act(interaction, action)

    @app_commands.command(name=_("end"), description=_("End your turn (whatever is left of placement and attacks)"))
    async def end(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, {"type": "end_turn"})

    @app_commands.command(name=_("odds"), description=_("Exact chance that an attack takes a territory"))
    @app_commands.describe(attackers=_("Members sent to attack"), defenders=_("Members defending"),
                           stronghold=_("The territory has a stronghold (+1 to the best defence die)"))
    async def odds(self, interaction: discord.Interaction, attackers: app_commands.Range[int, 1, 200],
                   defenders: app_commands.Range[int, 1, 200], stronghold: bool = False) -> None:
        out = battle_outcomes(attackers, defenders, 1 if stronghold else 0)
        lang = interaction.locale
        text = t("pb.odds", lang, a=attackers, d=defenders, odds=fmt_pct(out["win"], lang),
                 al=fmt_num(out["expected_attacker_losses"], lang, 1),
                 dl=fmt_num(out["expected_defender_losses"], lang, 1),
                 stronghold=t("pb.odds.stronghold", lang) if stronghold else "")
        await interaction.response.send_message(text, ephemeral=True)
