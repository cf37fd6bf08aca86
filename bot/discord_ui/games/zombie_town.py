"""``/zt …``: Zombie Town moves. Autocomplete offers only what is legal now: the squares you
can reach (with the way there), the cars' drives (with the zombies run over), who may fight
and with what, the cards of your hand that can be played, the zombies you may move.

Every typed value is read here before the engine sees it: a place is a square (``E5``) or a
house by its name; a card, a survivor or an agenda is one of yours (by name or from the list).
A move's secret parts (the card found, the key taken, the agenda drawn) are then told to the
player alone, ephemerally, in their language (by a command or a button alike).
"""

from __future__ import annotations

import asyncio
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

import bot.games.zombie_town.words as W
from bot.discord_ui import messages
from bot.discord_ui.choices import suggest
from bot.discord_ui.limits import clip
from bot.discord_ui.protocols import GameBot
from bot.games import presenter, typed
from bot.i18n import fmt_pct, lang_of, t
from bot.rules import GAMES
from bot.rules.names import fold
from bot.rules.zombie_town.core import card_info, data
from bot.rules.zombie_town.odds import deck_of, duel, versus_zombie
from bot.service import UserError

Choice = app_commands.Choice
GAME = "zombie_town"
HAND_USE = {"weapon": "equip", "ammo": "reload", "first_aid": "heal", "survivor": "recruit", "barricade": "barricade"}


# Subcommand groups, so that /zt keeps room under Discord's 25 (as /game's mod and settings):
# what a player looks for together, and no command a game text names (those stay at the top)
CAR = app_commands.Group(name=_("car"), description=_("Road Rage: drive, get into a car, get out"))
GEAR = app_commands.Group(name=_("gear"), description=_("Your weapons and survivors: arm one, post a guard, drop a gun"))


def pres():  # noqa: ANN201
    return presenter(GAME)


def place_of(text: str | None) -> str:
    node = W.resolve_node(text)
    if node is None:
        raise UserError("zt.err.unknown_place", "There is no square or house “{place}” here: pick one from the list.",
                        place=typed(text or ""))
    return node


def one_of(text: str | None, cards: list[str], name: Any) -> str | None:
    """A card among ``cards``: its id, or a name (either language) that fits one kind."""
    raw = str(text or "").strip()
    if raw in cards:
        return raw
    needle = fold(raw)
    if not needle:
        return None
    for lang in ("en", "fr"):
        found = [c for c in cards if fold(name(c, lang)) == needle] or \
                [c for c in cards if fold(name(c, lang)).startswith(needle)]
        if found:
            return found[0]
    return None


class ZombieCog(commands.GroupCog, group_name=_("zt"), group_description=_("Zombie Town moves")):
    car = CAR
    gear = GEAR

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        super().__init__()

    # -- helpers ----------------------------------------------------------------------
    async def _mine(self, interaction: discord.Interaction) -> dict[str, Any]:
        """The member's own view of this channel's game (their hand, keys, agendas)."""
        row = await self.bot.service.running(interaction.channel_id)
        if row.game != GAME:
            raise UserError("err.wrong_game", "This channel is playing {game}, not this game.",
                            game=presenter(row.game).name(interaction.locale))
        seat = await self.bot.service.seat_of(row, str(interaction.user.id))
        assert row.state is not None
        return GAMES[GAME].view(row.state, seat)

    async def _act(self, interaction: discord.Interaction, action: dict[str, Any]) -> None:
        """The move, committed then posted for the channel; its secrets (the card found, the
        key taken, the agenda drawn) to the player alone (``messages.play_move``)."""
        await messages.play_move(interaction, GAME, action)

    # -- walking, driving, fighting ---------------------------------------------------
    @app_commands.command(name=_("move"), description=_("Walk to a square or a house (the list shows the way)"))
    @app_commands.describe(to=_("Where to (only where you can go now)"),
                           free=_("Use the free move (default: when it gets there)"))
    @app_commands.autocomplete(to=suggest(GAME, "move", "to"))
    async def move(self, interaction: discord.Interaction, to: str, free: bool | None = None) -> None:
        node = place_of(to)
        if free is None:
            legal = GAMES[GAME].legal_actions  # which of the two forms reaches it: ask the engine
            view = await self._mine(interaction)
            row = await self.bot.service.running(interaction.channel_id)
            assert row.state is not None
            forms = legal(row.state, view["you"]["seat"])
            free = any(f["type"] == "move" and f.get("free") and node in f["to"] for f in forms)
        await self._act(interaction, {"type": "move", "to": node, "free": free})

    @CAR.command(name=_("drive"), description=_("Drive your car up to 6 squares (never sideways)"))
    @app_commands.describe(to=_("Where to (the list shows the zombies run over)"),
                           free=_("Use the free move (default: when it is left)"))
    @app_commands.autocomplete(to=suggest(GAME, "drive", "to"))
    async def drive(self, interaction: discord.Interaction, to: str, free: bool | None = None) -> None:
        node = place_of(to)
        if free is None:
            free = bool((await self._mine(interaction))["free_move"])
        await self._act(interaction, {"type": "drive", "to": node, "free": free})

    @app_commands.command(name=_("flee"), description=_("Flee the zombies here: up to 3 squares, with a wound"))
    @app_commands.describe(to=_("Where to (a square without zombies)"),
                           pay=_("A wound (default) or a survivor following you"))
    @app_commands.autocomplete(to=suggest(GAME, "flee", "to"), pay=suggest(GAME, "flee", "pay"))
    async def flee(self, interaction: discord.Interaction, to: str, pay: str | None = None) -> None:
        node = place_of(to)
        cost = "damage"
        if pay and pay != "damage":
            view = await self._mine(interaction)
            me = view["players"][view["you"]["seat"]]
            found = one_of(pay, [f["card"] for f in me["followers"]], W.survivor_name)
            if found is None:
                raise UserError("zt.err.unknown_survivor", "No survivor “{survivor}” follows you: pick one from the list.",
                                survivor=typed(pay))
            cost = found
        await self._act(interaction, {"type": "flee", "to": node, "pay": cost})

    def _with(self, text: str | None) -> tuple[str, str] | None:
        if not text:
            return None
        fighter, sep, weapon = str(text).partition("|")
        if not sep:
            raise UserError("zt.err.unknown_with", "Pick who fights, and with what, from the list.")
        return fighter, weapon

    @staticmethod
    def _best(forms: list[dict[str, Any]]) -> tuple[str, str]:
        """The fighter and weapon with the highest bonus (yourself first among equals)."""
        def bonus(f: dict[str, Any]) -> tuple[int, bool]:
            return (card_info(f["weapon"])["bonus"] if f["weapon"] != "none" else 0, f["fighter"] == "self")
        best = max(forms, key=bonus)
        return best["fighter"], best["weapon"]

    async def _forms(self, interaction: discord.Interaction, kind: str) -> list[dict[str, Any]]:
        row = await self.bot.service.running(interaction.channel_id)
        seat = await self.bot.service.seat_of(row, str(interaction.user.id))
        assert row.state is not None
        return [f for f in GAMES[row.game].legal_actions(row.state, seat) if f["type"] == kind]

    @app_commands.command(name=_("fight"), description=_("Fight a zombie on your square"))
    @app_commands.rename(fighter=_("with"))
    @app_commands.describe(fighter=_("Who fights and with what (default: the best)"))
    @app_commands.autocomplete(fighter=suggest(GAME, "fight", "with"))
    async def fight(self, interaction: discord.Interaction, fighter: str | None = None) -> None:
        chosen = self._with(fighter)
        if chosen is None:
            forms = await self._forms(interaction, "fight")
            chosen = self._best(forms) if forms else ("self", "none")
        await self._act(interaction, {"type": "fight", "fighter": chosen[0], "weapon": chosen[1]})

    @app_commands.command(name=_("attack"), description=_("Attack a player (or a guard) you can reach"))
    @app_commands.rename(fighter=_("with"))
    @app_commands.describe(target=_("Whom (a gun reaches 2 squares)"), fighter=_("Who fights and with what"))
    @app_commands.autocomplete(target=suggest(GAME, "attack", "target"), fighter=suggest(GAME, "attack", "with"))
    async def attack(self, interaction: discord.Interaction, target: str, fighter: str | None = None) -> None:
        forms = await self._forms(interaction, "attack")
        targets = sorted({x for f in forms for x in f["target"]})
        row = await self.bot.service.running(interaction.channel_id)
        names = dict(row.names)
        found = one_of(target, targets, lambda x, lang: names.get(x) or W.survivor_name(x, lang))
        if found is None:
            raise UserError("zt.err.unknown_target", "There is nobody “{target}” to attack here: pick from the list.",
                            target=typed(target))
        chosen = self._with(fighter)
        if chosen is None:
            fitting = [f for f in forms if found in f["target"]]
            chosen = self._best(fitting) if fitting else ("self", "none")
        await self._act(interaction, {"type": "attack", "target": found, "fighter": chosen[0], "weapon": chosen[1]})

    # -- cards ------------------------------------------------------------------------
    @app_commands.command(name=_("card"), description=_("Play a card: weapon, ammunition, first aid, survivor, barricade"))
    @app_commands.describe(card=_("A card of your hand"), weapon=_("Ammunition: the gun to load (default: the emptiest)"))
    @app_commands.autocomplete(card=suggest(GAME, "card", "card"), weapon=suggest(GAME, "card", "weapon"))
    async def card(self, interaction: discord.Interaction, card: str, weapon: str | None = None) -> None:
        view = await self._mine(interaction)
        found = self._hand_card(view, card)
        use = HAND_USE.get(card_info(found)["kind"])
        if use is None:
            raise UserError("zt.err.not_playable", "That card is not played with /zt card.")
        action: dict[str, Any] = {"type": use, "card": found}
        if use == "reload":
            me = view["players"][view["you"]["seat"]]
            guns = [w for w in me["weapons"] if card_info(w["card"]).get("gun")]
            gun = one_of(weapon, [w["card"] for w in guns], W.card_name) if weapon else \
                (min(guns, key=lambda w: w["ammo"])["card"] if guns else None)
            action["weapon"] = gun or "none"
        await self._act(interaction, action)

    @staticmethod
    def _hand_card(view: dict[str, Any], text: str) -> str:
        found = one_of(text, view["you"]["hand"], W.card_name)
        if found is None:
            raise UserError("zt.err.unknown_card", "You hold no card “{card}”: pick one from the list.", card=typed(text))
        return found

    @app_commands.command(name=_("discard"), description=_("The deal: discard a card (keep 3)"))
    @app_commands.describe(card=_("A card of your hand"))
    @app_commands.autocomplete(card=suggest(GAME, "discard", "card"))
    async def discard(self, interaction: discord.Interaction, card: str) -> None:
        view = await self._mine(interaction)
        await self._act(interaction, {"type": "discard", "card": self._hand_card(view, card)})

    def _survivor(self, view: dict[str, Any], text: str) -> str:
        me = view["players"][view["you"]["seat"]]
        found = one_of(text, [f["card"] for f in me["followers"]], W.survivor_name)
        if found is None:
            raise UserError("zt.err.unknown_survivor", "No survivor “{survivor}” follows you: pick one from the list.",
                            survivor=typed(text))
        return found

    def _weapon(self, view: dict[str, Any], text: str) -> str:
        me = view["players"][view["you"]["seat"]]
        found = one_of(text, [w["card"] for w in me["weapons"]], W.card_name)
        if found is None:
            raise UserError("zt.err.unknown_card", "You hold no card “{card}”: pick one from the list.", card=typed(text))
        return found

    @GEAR.command(name=_("arm"), description=_("Hand one of your weapons to a survivor following you"))
    @app_commands.describe(weapon=_("A weapon you carry"), survivor=_("A survivor following you"))
    @app_commands.autocomplete(weapon=suggest(GAME, "arm", "weapon"), survivor=suggest(GAME, "arm", "survivor"))
    async def arm(self, interaction: discord.Interaction, weapon: str, survivor: str) -> None:
        view = await self._mine(interaction)
        await self._act(interaction, {"type": "arm", "weapon": self._weapon(view, weapon),
                                      "survivor": self._survivor(view, survivor)})

    @GEAR.command(name=_("guard"), description=_("Post a survivor as a guard in the house you are in"))
    @app_commands.describe(survivor=_("A survivor following you"))
    @app_commands.autocomplete(survivor=suggest(GAME, "guard", "survivor"))
    async def guard(self, interaction: discord.Interaction, survivor: str) -> None:
        view = await self._mine(interaction)
        await self._act(interaction, {"type": "guard", "survivor": self._survivor(view, survivor)})

    @GEAR.command(name=_("drop"), description=_("Drop an empty gun (free, any time)"))
    @app_commands.describe(weapon=_("An empty gun you carry"))
    @app_commands.autocomplete(weapon=suggest(GAME, "drop", "weapon"))
    async def drop(self, interaction: discord.Interaction, weapon: str) -> None:
        view = await self._mine(interaction)
        await self._act(interaction, {"type": "drop", "weapon": self._weapon(view, weapon)})

    # -- one-click actions ------------------------------------------------------------
    @app_commands.command(name=_("search"), description=_("Search the house you are in (draw a card)"))
    async def search(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, {"type": "search"})

    @app_commands.command(name=_("key"), description=_("Road Rage: take the key hidden in this house"))
    async def key(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, {"type": "take_key"})

    @CAR.command(name=_("enter"), description=_("Road Rage: get into the car here and start it"))
    async def enter(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, {"type": "enter_car"})

    @CAR.command(name=_("leave"), description=_("Road Rage: get out of your car (free)"))
    async def leave(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, {"type": "exit_car"})

    @app_commands.command(name=_("break"), description=_("Break a barricade of a house you do not own"))
    async def break_(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, {"type": "break"})

    @app_commands.command(name=_("end"), description=_("End your actions, then move the zombies"))
    async def end(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, {"type": "end"})

    # -- the zombies --------------------------------------------------------------------
    @app_commands.command(name=_("zombie"), description=_("Move one zombie a step towards another player"))
    @app_commands.rename(origin=_("from"), target=_("to"))
    @app_commands.describe(origin=_("A square with zombies"), target=_("The step it takes"))
    @app_commands.autocomplete(origin=suggest(GAME, "zombie", "from"), target=suggest(GAME, "zombie", "to"))
    async def zombie(self, interaction: discord.Interaction, origin: str, target: str) -> None:
        await self._act(interaction, {"type": "zombie", "from": place_of(origin), "to": place_of(target)})

    @app_commands.command(name=_("zombies"), description=_("Let the bot move the rest of your zombies"))
    async def zombies(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, {"type": "zombies_auto"})

    # -- agendas and orders -----------------------------------------------------------
    @app_commands.command(name=_("agenda"), description=_("Road Rage: discard a secret agenda (an action)"))
    @app_commands.describe(card=_("One of your agendas"), draw=_("Draw a new one (default: yes)"))
    @app_commands.autocomplete(card=suggest(GAME, "agenda", "card"))
    async def agenda(self, interaction: discord.Interaction, card: str, draw: bool = True) -> None:
        view = await self._mine(interaction)
        found = one_of(card, view["you"]["agendas"], W.agenda_name)
        if found is None:
            raise UserError("zt.err.unknown_agenda", "You hold no agenda “{agenda}”: pick one from the list.",
                            agenda=typed(card))
        await self._act(interaction, {"type": "agenda_discard", "card": found, "draw": draw})

    @app_commands.command(name=_("redraw"), description=_("Road Rage: after completing an agenda, draw a new one or not"))
    @app_commands.describe(draw=_("Draw a new secret agenda"))
    async def redraw(self, interaction: discord.Interaction, draw: bool) -> None:
        await self._act(interaction, {"type": "agenda_redraw", "draw": draw})

    @app_commands.command(name=_("order"), description=_("Who fights when zombies reach you in another player's turn"))
    @app_commands.describe(order=_("Your standing order (secret)"))
    @app_commands.choices(order=[Choice(name=_("the best fighter (you or a survivor)"), value="best"),
                                 Choice(name=_("yourself"), value="self"),
                                 Choice(name=_("a survivor whenever one can"), value="survivors"),
                                 Choice(name=_("flee"), value="flee")])
    async def order(self, interaction: discord.Interaction, order: str) -> None:
        await self._act(interaction, {"type": "order", "order": order})

    @app_commands.command(name=_("odds"), description=_("Exact chance to win a fight, with the combat cards left"))
    @app_commands.describe(bonus=_("Your bonus: weapon and character (default 0)"),
                           two=_("Your weapon draws two cards and keeps the best (a pistol)"),
                           opponent=_("A player's bonus (leave empty for a zombie)"),
                           opponent_two=_("The player's weapon draws two cards"))
    async def odds(self, interaction: discord.Interaction, bonus: app_commands.Range[int, 0, 9] = 0,
                   two: bool = False, opponent: app_commands.Range[int, 0, 9] | None = None,
                   opponent_two: bool = False) -> None:
        """Over the cards left in this channel's game (their count is public: the discard lies
        face up), else over a full deck; answered to the member alone, in their language."""
        if not 0 <= bonus <= 9 or (opponent is not None and not 0 <= opponent <= 9):
            raise UserError("err.bad_value", "That value is not valid.")
        lang = interaction.locale
        row = await self.bot.service.active_game(interaction.channel_id) if interaction.channel_id else None
        if row is not None and row.game == GAME and row.state is not None and row.status == "running":
            view = await asyncio.to_thread(GAMES[GAME].view, row.state, None)  # the public view, off the loop
            deck = deck_of(view["combat_left"])
            where = t("zt.odds.deck_game", lang, n=view["combat_deck"])
        else:
            deck, where = deck_of(), t("zt.odds.deck_full", lang, n=sum(data().settings.combat.values()))
        mine = t("zt.odds.side", lang, bonus=bonus, two=t("zt.odds.two", lang) if two else "")
        if opponent is None:
            text = t("zt.odds.zombie", lang, side=mine, p=fmt_pct(versus_zombie(deck, 2 if two else 1, bonus), lang),
                     need=data().settings.zombie_strength, deck=where)
        else:
            win, tie, loss = duel(deck, 2 if two else 1, bonus, 2 if opponent_two else 1, opponent)
            theirs = t("zt.odds.side", lang, bonus=opponent, two=t("zt.odds.two", lang) if opponent_two else "")
            text = t("zt.odds.duel", lang, side=mine, other=theirs, win=fmt_pct(win, lang), tie=fmt_pct(tie, lang),
                     loss=fmt_pct(loss, lang), deck=where)
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(name=_("me"), description=_("Your cards, keys, agendas and standing order (only you see them)"))
    async def me(self, interaction: discord.Interaction) -> None:
        view = await self._mine(interaction)
        row = await self.bot.service.running(interaction.channel_id)
        text = pres().hand(view, view["you"]["seat"], dict(row.names), lang_of(interaction.locale))
        await interaction.response.send_message(clip(text), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())
