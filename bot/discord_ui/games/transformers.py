"""``/tf …``: Risk Transformers moves (not registered yet: loaded once ``ADAPTERS`` names it).
A turn's moves at the first level (``/tf place``, ``attack``, ``roll``, ``move``, ``end``…);
the rest in three groups, as a player looks for them (issue 29: no level over 20 children,
room for five more under Discord's 25): ``/tf leader …`` (flip, revive, bonus, jump,
escape), ``/tf cards …`` (play, transform, backup) and ``/tf orders …`` (stance, defence,
rally: the standing orders).
Autocomplete offers only what is legal now through the presenter's declared choices (open
zones only, cards playable now); every typed name is parsed here before the engine sees it.
``/tf odds`` gives the exact odds of the first roll with the dice really thrown
(``attack_odds``: d6/d8, cards armed, the leaders' +1, the defender's stance)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.discord_ui import messages
from bot.discord_ui.choices import suggest
from bot.discord_ui.protocols import GameBot
from bot.games import typed
from bot.games.transformers import PRESENTER
from bot.games.transformers.text import card_name, odds_text, yes_no
from bot.rules import RuleError
from bot.rules import names as N
from bot.service import UserError

Choice = app_commands.Choice
GAME = "transformers"
ORDERS = ("always", "save", "never")
RALLY = ("first", "strongest", "weakest")


def engine():  # noqa: ANN201
    from bot.rules.transformers import GAME as TF

    return TF


def zone_of(text: str | None) -> str:
    tid = PRESENTER.territory(text)
    if tid is None:
        raise UserError("err.unknown_territory", "There is no territory '{territory}' on this map.",
                        territory=typed(text or ""))
    return tid


def flag_of(text: str | bool | None) -> bool:
    """The attack's ``leader`` option: « yes »/« oui » or « no »/« non » (default: no)."""
    if text is None:
        return False
    value = yes_no(text)
    if value is None:
        raise UserError("tf.err.yes_no", "Answer yes or no, not '{text}'.", text=typed(str(text)))
    return value


def card_of(text: str | None) -> str:
    cards = engine().data.cards
    if isinstance(text, str) and text in cards:
        return text
    want = N.fold(str(text or ""))
    found = {c for c in cards for lang in ("en", "fr") if N.fold(card_name(c, lang)) == want}
    if len(found) != 1:
        raise UserError("tf.err.unknown_card", "There is no card '{card}'.", card=typed(text or ""))
    return found.pop()


LEADER = app_commands.Group(name=_("leader"),
                            description=_("Your leader: transform, bring back, its +1, its jump, Bumblebee's escape"))
CARDS = app_commands.Group(name=_("cards"),
                           description=_("Your cards: an upgrade, a zone transformed, the Space Bridge"))
ORDERS_GROUP = app_commands.Group(name=_("orders"),
                                  description=_("Your standing orders when you are attacked"))


class TfCog(commands.GroupCog, group_name=_("tf"), group_description=_("Risk Transformers moves")):
    leader = LEADER
    cards = CARDS
    orders = ORDERS_GROUP

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        super().__init__()

    async def _act(self, interaction: discord.Interaction, action: dict[str, Any]) -> None:
        await messages.play_move(interaction, GAME, action)

    @app_commands.command(name=_("place"), description=_("Place robots on one of your zones"))
    @app_commands.describe(territory=_("Your zone"), count=_("How many robots (default: all you have left)"))
    @app_commands.autocomplete(territory=suggest(GAME, "place", "territory"), count=suggest(GAME, "place", "count"))
    async def place(self, interaction: discord.Interaction, territory: str, count: int | None = None) -> None:
        action: dict[str, Any] = {"type": "place", "territory": zone_of(territory)}
        if count is not None:
            action["count"] = count
        await self._act(interaction, action)

    @app_commands.command(name=_("claim"), description=_("Starting placement: put a robot on an empty zone"))
    @app_commands.describe(territory=_("An empty zone"))
    @app_commands.autocomplete(territory=suggest(GAME, "claim", "territory"))
    async def claim(self, interaction: discord.Interaction, territory: str) -> None:
        await self._act(interaction, {"type": "claim", "territory": zone_of(territory)})

    @CARDS.command(name=_("play"), description=_("Play a card's upgrade now"))
    @app_commands.describe(card=_("The card"))
    @app_commands.autocomplete(card=suggest(GAME, "play", "card"))
    async def play(self, interaction: discord.Interaction, card: str) -> None:
        await self._act(interaction, {"type": "play", "card": card_of(card)})

    @LEADER.command(name=_("revive"), description=_("Bring your leader back from the scrapyard (3 robots)"))
    @app_commands.describe(territory=_("One of your zones"), mode=_("The leader's mode"))
    @app_commands.choices(mode=[Choice(name=_("robot"), value="robot"), Choice(name=_("vehicle"), value="vehicle")])
    @app_commands.autocomplete(territory=suggest(GAME, "revive", "territory"))
    async def revive(self, interaction: discord.Interaction, territory: str, mode: str = "robot") -> None:
        await self._act(interaction, {"type": "revive", "territory": zone_of(territory), "mode": mode})

    @LEADER.command(name=_("flip"), description=_("Transform your leader (robot ↔ vehicle), once a turn"))
    async def flip(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, {"type": "flip"})

    @CARDS.command(name=_("transform"), description=_("Transform a zone with a card showing the symbol"))
    @app_commands.describe(zone=_("Praxus, Pion Tower, Decagon or Moon Alpha"), card=_("A card with the symbol"))
    @app_commands.autocomplete(zone=suggest(GAME, "transform", "zone"), card=suggest(GAME, "transform", "card"))
    async def transform(self, interaction: discord.Interaction, zone: str, card: str) -> None:
        await self._act(interaction, {"type": "transform", "zone": zone_of(zone), "card": card_of(card)})

    @CARDS.command(name=_("backup"), description=_("Space Bridge: call for back-up in phase 2"))
    @app_commands.rename(origin=_("from"), target=_("to"))
    @app_commands.autocomplete(card=suggest(GAME, "backup", "card"), origin=suggest(GAME, "backup", "from"),
                               target=suggest(GAME, "backup", "to"), count=suggest(GAME, "backup", "count"))
    async def backup(self, interaction: discord.Interaction, card: str, origin: str, target: str,
                     count: int | None = None) -> None:
        action: dict[str, Any] = {"type": "backup", "card": card_of(card), "from": zone_of(origin),
                                  "to": zone_of(target)}
        if count is not None:
            action["count"] = count
        await self._act(interaction, action)

    @app_commands.command(name=_("attack"), description=_("Attack a zone"))
    @app_commands.rename(origin=_("from"), target=_("to"))
    @app_commands.describe(origin=_("Your zone to attack from"), target=_("The enemy zone"),
                           robots=_("Robots to send (default: as many as may go)"),
                           leader=_("Yes, or no (the list says whether your leader may join, and his mode)"),
                           until=_("Roll until decided"))
    @app_commands.autocomplete(origin=suggest(GAME, "attack", "from"), target=suggest(GAME, "attack", "to"),
                               robots=suggest(GAME, "attack", "robots"), leader=suggest(GAME, "attack", "leader"))
    async def attack(self, interaction: discord.Interaction, origin: str, target: str, robots: int | None = None,
                     leader: str | None = None, until: bool = False) -> None:
        action: dict[str, Any] = {"type": "attack", "from": zone_of(origin), "to": zone_of(target),
                                  "leader": flag_of(leader), "until": until}
        if robots is not None:
            action["count"] = robots
        await self._act(interaction, action)

    @app_commands.command(name=_("odds"), description=_("Exact odds of an attack's first roll, with the real dice"))
    @app_commands.rename(origin=_("from"), target=_("to"))
    @app_commands.describe(origin=_("Your zone to attack from"), target=_("The enemy zone"),
                           robots=_("Robots to send"), leader=_("Your leader joins the attack"))
    @app_commands.autocomplete(origin=suggest(GAME, "attack", "from"), target=suggest(GAME, "attack", "to"),
                               robots=suggest(GAME, "attack", "robots"), leader=suggest(GAME, "attack", "leader"))
    async def odds(self, interaction: discord.Interaction, origin: str, target: str, robots: int = 1,
                   leader: str | None = None) -> None:
        row = await self.bot.service.running(interaction.channel_id)
        action = {"type": "attack", "from": zone_of(origin), "to": zone_of(target), "count": robots,
                  "leader": flag_of(leader)}
        try:
            odds = engine().attack_odds(row.state, str(interaction.user.id), action)
            dice = engine().attack_dice(row.state, str(interaction.user.id), action)
        except RuleError as err:
            raise UserError.from_rule(err) from err
        await interaction.response.send_message(odds_text(odds, interaction.locale, dice), ephemeral=True)

    @LEADER.command(name=_("bonus"), description=_("Your leader's +1: the die it goes on"))
    @app_commands.describe(die=_("The die (the list shows them as thrown)"))
    @app_commands.autocomplete(die=suggest(GAME, "bonus", "die"))
    async def bonus(self, interaction: discord.Interaction, die: app_commands.Range[int, 0, 2]) -> None:
        await self._act(interaction, {"type": "bonus", "die": die})

    @LEADER.command(name=_("escape"), description=_("Bumblebee beaten: the zone he escapes to"))
    @app_commands.describe(territory=_("A zone of yours next to the fight"))
    @app_commands.autocomplete(territory=suggest(GAME, "escape", "territory"))
    async def escape(self, interaction: discord.Interaction, territory: str) -> None:
        await self._act(interaction, {"type": "escape", "territory": zone_of(territory)})

    @ORDERS_GROUP.command(name=_("rally"),
                          description=_("Bumblebee beaten defending: where he escapes (standing order)"))
    @app_commands.choices(order=[Choice(name=_("the first zone"), value="first"),
                                 Choice(name=_("the strongest zone"), value="strongest"),
                                 Choice(name=_("the weakest zone"), value="weakest")])
    async def rally(self, interaction: discord.Interaction, order: str) -> None:
        if order not in RALLY:
            raise UserError("err.bad_value", "That value is not valid.")
        await self._act(interaction, {"type": "rally", "order": order})

    @app_commands.command(name=_("roll"), description=_("Roll again in your attack"))
    async def roll(self, interaction: discord.Interaction, until: bool = False) -> None:
        await self._act(interaction, {"type": "roll", "until": until})

    @app_commands.command(name=_("retreat"), description=_("Stop the attack"))
    async def retreat(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, {"type": "retreat"})

    @app_commands.command(name=_("advance"), description=_("Move more robots into the zone just taken"))
    async def advance(self, interaction: discord.Interaction, count: int) -> None:
        await self._act(interaction, {"type": "advance", "count": count})

    @app_commands.command(name=_("move"), description=_("Your one back-up move; ends your turn"))
    @app_commands.rename(origin=_("from"), target=_("to"))
    @app_commands.autocomplete(origin=suggest(GAME, "move", "from"), target=suggest(GAME, "move", "to"),
                               count=suggest(GAME, "move", "count"))
    async def move(self, interaction: discord.Interaction, origin: str, target: str, count: int | None = None) -> None:
        action: dict[str, Any] = {"type": "manoeuvre", "from": zone_of(origin), "to": zone_of(target)}
        if count is not None:
            action["count"] = count
        await self._act(interaction, action)

    @LEADER.command(name=_("jump"), description=_("Optimus Prime in vehicle mode jumps to another zone of yours"))
    @app_commands.autocomplete(territory=suggest(GAME, "jump", "territory"))
    async def jump(self, interaction: discord.Interaction, territory: str) -> None:
        await self._act(interaction, {"type": "jump", "territory": zone_of(territory)})

    @app_commands.command(name=_("give"), description=_("Team game: give a zone to your teammate"))
    @app_commands.autocomplete(territory=suggest(GAME, "give", "territory"))
    async def give(self, interaction: discord.Interaction, territory: str) -> None:
        await self._act(interaction, {"type": "give", "territory": zone_of(territory)})

    @ORDERS_GROUP.command(name=_("stance"), description=_("Your standing defence: dice, leader, which piece is lost"))
    @app_commands.choices(lose=[Choice(name=_("leader last"), value="last"), Choice(name=_("leader first"),
                                                                                   value="first")])
    async def stance(self, interaction: discord.Interaction, dice: app_commands.Range[int, 1, 2] = 2,
                     leader: bool = True, lose: str = "last") -> None:
        await self._act(interaction, {"type": "stance", "dice": dice, "leader": leader, "lose": lose})

    @ORDERS_GROUP.command(name=_("defence"), description=_("When your defence cards fire"))
    @app_commands.choices(order=[Choice(name=_("always"), value="always"), Choice(name=_("only to save the zone"),
                                                                                  value="save"),
                                 Choice(name=_("never"), value="never")])
    async def defence(self, interaction: discord.Interaction, order: str) -> None:
        if order not in ORDERS:
            raise UserError("err.bad_value", "That value is not valid.")
        await self._act(interaction, {"type": "defence", "order": order})

    @app_commands.command(name=_("end"), description=_("End your turn"))
    async def end(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, {"type": "end_turn"})
