"""``/twd …``: Risk: The Walking Dead moves. Autocomplete offers only what is legal now (the
territories you may claim, place on, attack from and into, move to; counts in range). Every
typed value is parsed here before the engine sees it: a name nobody knows is refused quoting
what was typed. ``/twd odds`` is exact (:mod:`bot.rules.walking_dead.odds`, turning included).
"""

from __future__ import annotations

import asyncio
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
from bot.i18n import fmt_num, fmt_pct, lang_of, shorten, t
from bot.rules import GAMES, AmbiguousName
from bot.rules.risk_map.odds import battle_outcomes
from bot.rules.walking_dead.conquest import load_groups
from bot.rules.walking_dead.crates import AMMO_TABLE, pick_crates, trade_choices
from bot.rules.walking_dead.odds import attack_odds, conquest_odds, invasion_odds
from bot.service import UserError

Choice = app_commands.Choice
GAME = "walking_dead"


def engine():  # noqa: ANN201
    return GAMES[GAME]


def pres():  # noqa: ANN201
    return presenter(GAME)


def named(find: Callable[[], str | None]) -> str | None:
    try:
        return find()
    except AmbiguousName as err:
        raise UserError.from_rule(err) from err


def territory_of(text: str | None) -> str:
    """The territory a player meant, or a refusal quoting what they typed."""
    tid = named(lambda: pres().territory(text))
    if tid is None:
        raise UserError("err.unknown_territory", "There is no territory '{territory}' on this map.",
                        territory=typed(text or ""))
    return tid


def crates_for(ammo: int, hand: list[str]) -> list[str]:
    """The fewest crates of ``hand`` worth ``ammo``, or a refusal."""
    for total, ones, twos in trade_choices(hand):
        if total == ammo:
            return pick_crates(hand, ones, twos)
    raise UserError("wd.err.no_trade_total", "Your crates cannot make {ammo} ammunition.", ammo=ammo)


async def trade_suggest(interaction: discord.Interaction, current: str) -> list[Choice[int]]:
    """The trades your own crates allow now (only you see them): ammunition → survivors, and in
    Conquest as many territory cards; nothing unless a trade is legal for you now."""
    row = await interaction.client.service.active_game(interaction.channel_id)  # type: ignore[attr-defined]
    if row is None or row.game != GAME or row.state is None or row.status != "running":
        return []
    seat = str(interaction.user.id)
    if not any(a["type"] == "trade" for a in engine().legal_actions(row.state, seat)):
        return []
    view = engine().view(row.state, seat)
    hand = [c["id"] for c in (view.get("you") or {}).get("crates", [])]
    lang = lang_of(interaction.locale)
    key = "wd.ac.trade_cards" if view.get("mode") == "conquest" else "wd.ac.trade"
    out = []
    for total, ones, twos in trade_choices(hand):
        if out and out[-1].value == total:
            continue  # the fewest crates for each total
        crates = ", ".join(t("wd.crate", lang, n=v) for v in [1] * ones + [2] * twos)
        label = t(key, lang, ammo=total, crates=crates, survivors=AMMO_TABLE[total])
        if not current or str(total).startswith(current.strip()):
            out.append(Choice(name=shorten(label, 100), value=total))
    return out[:25]


class WalkingDeadCog(commands.GroupCog, group_name=_("twd"), group_description=_("Risk: The Walking Dead moves")):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        super().__init__()

    async def _act(self, interaction: discord.Interaction, action: dict[str, Any]) -> None:
        await messages.play_move(interaction, GAME, action)

    async def _not_while_asked(self, interaction: discord.Interaction) -> None:
        """The attacker of a battle waiting for its defender (``defenders: ask``) is told whom it
        waits for, rather than that it is not their turn."""
        row = await self.bot.service.running(interaction.channel_id)
        battle = (engine().view(row.state, None).get("battle") or {}) if row.state is not None else {}
        waiting = battle.get("waiting")
        if waiting and str(interaction.user.id) == battle.get("attacker"):
            raise UserError("wd.err.asked", "{defender} is choosing how to defend {territory}: wait for their answer.",
                            defender=row.names.get(waiting, waiting), territory=battle.get("to"))

    @app_commands.command(name=_("claim"), description=_("Claim an unoccupied territory"))
    @app_commands.describe(territory=_("An unoccupied territory"))
    @app_commands.autocomplete(territory=suggest(GAME, "claim", "territory"))
    async def claim(self, interaction: discord.Interaction, territory: str) -> None:
        await self._act(interaction, {"type": "claim", "territory": territory_of(territory)})

    @app_commands.command(name=_("start"), description=_("Place one starting survivor on your territory"))
    @app_commands.describe(territory=_("Your territory"))
    @app_commands.autocomplete(territory=suggest(GAME, "start", "territory"))
    async def start(self, interaction: discord.Interaction, territory: str) -> None:
        await self._act(interaction, {"type": "place_start", "territory": territory_of(territory)})

    @app_commands.command(name=_("rest"), description=_("Place the rest of your starting survivors for me"))
    async def rest(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, {"type": "place_rest"})

    @app_commands.command(name=_("place"), description=_("Deploy survivors on one of your territories"))
    @app_commands.describe(territory=_("Your territory"), count=_("How many survivors (default: all you have left)"))
    @app_commands.autocomplete(territory=suggest(GAME, "place", "territory"), count=suggest(GAME, "place", "count"))
    async def place(self, interaction: discord.Interaction, territory: str, count: int | None = None) -> None:
        action: dict[str, Any] = {"type": "place", "territory": territory_of(territory)}
        if count is not None:
            action["count"] = count
        await self._act(interaction, action)

    @app_commands.command(name=_("trade"), description=_("Trade ammunition crates for survivors (2–10 ammunition)"))
    @app_commands.describe(ammo=_("The ammunition to trade (your fewest crates worth it)"))
    @app_commands.autocomplete(ammo=trade_suggest)
    async def trade(self, interaction: discord.Interaction, ammo: app_commands.Range[int, 2, 10]) -> None:
        row = await self.bot.service.running(interaction.channel_id)
        seat = await self.bot.service.seat_of(row, str(interaction.user.id))  # a stranger is refused here
        you = engine().view(row.state, seat).get("you") if row.state is not None else None
        hand = [c["id"] for c in (you or {}).get("crates", [])]
        if row.state is not None and any(a["type"] == "trade" for a in engine().legal_actions(row.state, seat)):
            cards = crates_for(ammo, hand)
        elif not hand and row.state is not None and engine().turn_info(row.state).current == seat:
            raise UserError("wd.err.no_crates_held", "You hold no ammunition crates.")
        else:  # not now (not your turn, not deploying, traded already): the engine says why
            cards = hand[:1] or ["a01"]
        await self._act(interaction, {"type": "trade", "cards": cards})

    @app_commands.command(name=_("attack"), description=_("Attack a neighbouring territory"))
    @app_commands.rename(origin=_("from"), target=_("to"))
    @app_commands.describe(origin=_("Your territory to attack from"), target=_("The territory to attack"),
                           count=_("Survivors to send (one stays behind; default: all but one)"),
                           dice=_("Dice to roll (default: the most)"), grenade=_("Throw a grenade (Survival)"),
                           until=_("Roll until decided (default: one roll at a time)"))
    @app_commands.autocomplete(origin=suggest(GAME, "attack", "from"), target=suggest(GAME, "attack", "to"),
                               count=suggest(GAME, "attack", "count"))
    async def attack(self, interaction: discord.Interaction, origin: str, target: str, count: int | None = None,
                     dice: app_commands.Range[int, 1, 3] | None = None, grenade: bool = False,
                     until: bool = False) -> None:
        action: dict[str, Any] = {"type": "attack", "from": territory_of(origin), "to": territory_of(target),
                                  "until": until}
        if count is not None:
            action["count"] = count
        if dice is not None:
            action["dice"] = dice
        if grenade:
            action["grenade"] = True
        await self._act(interaction, action)

    @app_commands.command(name=_("roll"), description=_("Roll again in your attack"))
    @app_commands.describe(until=_("Roll until decided"), dice=_("Dice to roll (default: the most)"))
    async def roll(self, interaction: discord.Interaction, until: bool = False,
                   dice: app_commands.Range[int, 1, 3] | None = None) -> None:
        await self._not_while_asked(interaction)
        action: dict[str, Any] = {"type": "roll", "until": until}
        if dice is not None:
            action["dice"] = dice
        await self._act(interaction, action)

    @app_commands.command(name=_("retreat"), description=_("Stop the attack: the survivors go home"))
    async def retreat(self, interaction: discord.Interaction) -> None:
        await self._not_while_asked(interaction)
        await self._act(interaction, {"type": "retreat"})

    @app_commands.command(name=_("advance"), description=_("Right after a conquest: more survivors follow"))
    @app_commands.describe(count=_("How many more survivors"))
    @app_commands.autocomplete(count=suggest(GAME, "advance", "count"))
    async def advance(self, interaction: discord.Interaction, count: int) -> None:
        await self._act(interaction, {"type": "advance", "count": count})

    @app_commands.command(name=_("move"), description=_("Manoeuvre survivors through your own territories"))
    @app_commands.rename(origin=_("from"), target=_("to"))
    @app_commands.describe(origin=_("From your territory"), target=_("To your territory"), count=_("How many survivors"))
    @app_commands.autocomplete(origin=suggest(GAME, "move", "from"), target=suggest(GAME, "move", "to"),
                               count=suggest(GAME, "move", "count"))
    async def move(self, interaction: discord.Interaction, origin: str, target: str, count: int | None = None) -> None:
        action: dict[str, Any] = {"type": "manoeuvre", "from": territory_of(origin), "to": territory_of(target)}
        if count is not None:
            action["count"] = count
        await self._act(interaction, action)

    @app_commands.command(name=_("defence"), description=_("Your standing defence order, used when you are attacked"))
    @app_commands.describe(dice=_("Defend with the most dice, or one"), grenade=_("When to throw a grenade"))
    @app_commands.choices(dice=[Choice(name=_("the most dice"), value="most"), Choice(name=_("one die"), value="one")],
                          grenade=[Choice(name=_("always"), value="always"),
                                   Choice(name=_("only to save the territory"), value="save"),
                                   Choice(name=_("never"), value="never")])
    async def defence(self, interaction: discord.Interaction, dice: str | None = None,
                      grenade: str | None = None) -> None:
        action: dict[str, Any] = {"type": "defence"}
        if dice is not None:
            action["dice"] = dice
        if grenade is not None:
            action["grenade"] = grenade
        await self._act(interaction, action)

    @app_commands.command(name=_("defend"), description=_("You are asked: defend now"))
    @app_commands.describe(dice=_("Dice to defend with"), grenade=_("Throw a grenade"))
    @app_commands.choices(grenade=[Choice(name=_("always"), value="always"),
                                   Choice(name=_("only to save the territory"), value="save"),
                                   Choice(name=_("never"), value="never")])
    async def defend(self, interaction: discord.Interaction, dice: app_commands.Range[int, 1, 2] | None = None,
                     grenade: str | None = None) -> None:
        action: dict[str, Any] = {"type": "defend"}  # left out: the most dice, the grenade by your standing order
        if dice is not None:
            action["dice"] = dice
        if grenade is not None:
            action["grenade"] = grenade
        await self._act(interaction, action)

    @app_commands.command(name=_("end"), description=_("End this step (placement, attacks) or your turn"))
    async def end(self, interaction: discord.Interaction) -> None:
        row = await self.bot.service.running(interaction.channel_id)
        seat = str(interaction.user.id)
        kinds = {a["type"] for a in engine().legal_actions(row.state, seat)} if row.state is not None else set()
        kind = next((k for k in ("end_placement", "end_attack", "end_turn") if k in kinds), "end_turn")
        await self._act(interaction, {"type": kind})

    @app_commands.command(name=_("odds"), description=_("Exact chance that an attack takes a territory"))
    @app_commands.rename(target=_("to"))
    @app_commands.describe(attackers=_("Survivors (or walkers) attacking"), defenders=_("Defenders"),
                           against=_("Who is fighting whom"), tower=_("The territory has a watchtower"),
                           target=_("The territory fought over (Conquest: the group leaders' powers there)"))
    @app_commands.choices(against=[Choice(name=_("survivors against walkers"), value="walkers"),
                                   Choice(name=_("walkers invading survivors"), value="invasion"),
                                   Choice(name=_("survivors against survivors"), value="survivors")])
    @app_commands.autocomplete(target=suggest(GAME, "attack", "to"))
    async def odds(self, interaction: discord.Interaction, attackers: app_commands.Range[int, 1, 60],
                   defenders: app_commands.Range[int, 1, 60], against: str = "walkers", tower: bool = False,
                   target: str | None = None) -> None:
        lang = interaction.locale
        conquest = await self._conquest_bonuses(interaction, target)
        if conquest is not None:  # Conquest: no +1 against walkers, no turning, no towers
            att_bonus, def_bonus = conquest
            win = float(await asyncio.to_thread(conquest_odds, attackers, defenders, att_bonus, def_bonus))
            text = t("wd.odds.conquest", lang, a=fmt_num(attackers, lang), d=fmt_num(defenders, lang),
                     odds=fmt_pct(win, lang))
            powers = [t(key, lang, n=n) for key, n in (("wd.odds.att_power", att_bonus), ("wd.odds.def_power", def_bonus))
                      if n]
            await interaction.response.send_message(text + "".join(f"\n{p}" for p in powers), ephemeral=True)
            return
        if against == "survivors":  # exact odds of big armies weigh: off the event loop
            win = (await asyncio.to_thread(battle_outcomes, attackers, defenders, 1 if tower else 0))["win"]
        elif against == "invasion":
            win = float(await asyncio.to_thread(invasion_odds, attackers, defenders, tower))
        else:
            win = float(await asyncio.to_thread(attack_odds, attackers, defenders))
        text = t(f"wd.odds.{against}", lang, a=fmt_num(attackers, lang), d=fmt_num(defenders, lang),
                 odds=fmt_pct(win, lang), tower=t("wd.odds.tower", lang) if tower else "")
        await interaction.response.send_message(text, ephemeral=True)

    async def _conquest_bonuses(self, interaction: discord.Interaction, target: str | None
                                ) -> tuple[int, int] | None:
        """``None`` outside a Conquest game in this channel; else the group leaders' +1s that
        count in a fight over ``target`` (the asker's attack power, its holder's defence
        power, at a strategic location only)."""
        try:
            row = await self.bot.service.running(interaction.channel_id)
        except UserError:
            return None
        if row.state is None:
            return None
        view = engine().view(row.state, None)
        if view.get("mode") != "conquest":
            return None
        if target is None:
            return 0, 0
        tid = territory_of(target)
        if tid not in engine().strategic:
            return 0, 0
        groups, players = load_groups(), view.get("players") or {}

        def power(seat: str | None, effect: str) -> int:
            g = groups.get((players.get(seat) or {}).get("group"))
            return g.value if g is not None and g.effect == effect else 0

        return (power(str(interaction.user.id), "attack_strategic"),
                power(((view.get("territories") or {}).get(tid) or {}).get("owner"), "defend_strategic"))
