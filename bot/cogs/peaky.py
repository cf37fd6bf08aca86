"""``/peaky …``: Risk Peaky Blinders moves. Autocomplete offers only what is legal now:
your territories, the enemies next to them (with the odds), reachable destinations,
numbers in range."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot import ui
from bot.i18n import t
from bot.rules import GAMES
from bot.rules.risk.cards import trade_value
from bot.rules.risk.odds import battle_outcomes, conquest_probability

if TYPE_CHECKING:
    from bot.app import GameMasterBot

Choice = app_commands.Choice


def engine():  # noqa: ANN201
    return GAMES["peaky_blinders"]


def resolve_territory(text: str | None) -> str | None:
    """An id picked from the list, or a name typed by hand."""
    if not text:
        return text
    board = engine().board
    if text in board.territories:
        return text
    wanted = text.strip().lower()
    for tid, terr in board.territories.items():
        if terr.name.lower() == wanted:
            return tid
    return text


def matches(current: str, tid: str) -> bool:
    needle = (current or "").strip().lower()
    return not needle or needle in tid or needle in engine().tname(tid).lower()


class PeakyCog(commands.GroupCog, group_name=_("peaky"), group_description=_("Risk Peaky Blinders moves")):
    def __init__(self, bot: GameMasterBot) -> None:
        self.bot = bot
        super().__init__()

    # -- helpers ----------------------------------------------------------------------
    async def _row(self, interaction: discord.Interaction):  # noqa: ANN202
        row = await self.bot.service.store.active_game(interaction.channel_id)
        if row is None or row.game != "peaky_blinders" or row.state is None or row.status != "running":
            return None
        return row

    async def _legal(self, interaction: discord.Interaction, kind: str) -> tuple[Any, list[dict[str, Any]]]:
        row = await self._row(interaction)
        if row is None:
            return None, []
        acts = engine().legal_actions(row.state, str(interaction.user.id))
        return row, [a for a in acts if a["type"] == kind]

    async def _act(self, interaction: discord.Interaction, action: dict[str, Any]) -> None:
        await ui.play_move(interaction, "peaky_blinders", action)

    # -- autocomplete -----------------------------------------------------------------
    async def ac_place(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        row, acts = await self._legal(interaction, "place")
        out = []
        for a in acts:
            for tid in a["territory"]:
                if matches(current, tid):
                    n = row.state["troops"][tid]
                    out.append(Choice(name=f"{engine().tname(tid)} ({n})", value=tid))
        return out[:25]

    async def ac_place_count(self, interaction: discord.Interaction, current: str) -> list[Choice[int]]:
        _row, acts = await self._legal(interaction, "place")
        if not acts:
            return []
        hi = acts[0]["count"]["max"]
        return [Choice(name=str(n), value=n) for n in range(hi, 0, -1) if str(n).startswith(str(current or ""))][:25]

    async def ac_attack_from(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        row, acts = await self._legal(interaction, "attack")
        seen: list[str] = []
        for a in acts:
            if a["from"] not in seen and matches(current, a["from"]):
                seen.append(a["from"])
        return [Choice(name=f"{engine().tname(s)} ({row.state['troops'][s]})", value=s) for s in seen][:25]

    async def ac_attack_to(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        row, acts = await self._legal(interaction, "attack")
        src = resolve_territory(getattr(interaction.namespace, "origin", None))
        out = []
        for a in acts:
            if (src is None or a["from"] == src) and matches(current, a["to"]):
                dst = a["to"]
                d = row.state["troops"][dst]
                bonus = engine().defence_bonus(row.state, dst)
                p = conquest_probability(a["count"]["max"], d, bonus)
                label = t("pb.ac.target", interaction.locale, territory=engine().tname(dst), d=d,
                          owner=self._owner_name(row, dst), n=a["count"]["max"], odds=f"{100 * p:.0f}%")
                out.append(Choice(name=label[:100], value=dst))
        return out[:25]

    async def ac_attack_count(self, interaction: discord.Interaction, current: str) -> list[Choice[int]]:
        row, acts = await self._legal(interaction, "attack")
        src = resolve_territory(getattr(interaction.namespace, "origin", None))
        dst = resolve_territory(getattr(interaction.namespace, "target", None))
        for a in acts:
            if a["from"] == src and a["to"] == dst:
                d = row.state["troops"][dst]
                bonus = engine().defence_bonus(row.state, dst)
                return [Choice(name=t("pb.ac.count", interaction.locale, n=n,
                                      odds=f"{100 * conquest_probability(n, d, bonus):.0f}%"), value=n)
                        for n in range(a["count"]["max"], 0, -1)][:25]
        return []

    async def ac_move_from(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        row, acts = await self._legal(interaction, "manoeuvre")
        return [Choice(name=f"{engine().tname(a['from'])} ({row.state['troops'][a['from']]})", value=a["from"])
                for a in acts if matches(current, a["from"])][:25]

    async def ac_move_to(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        row, acts = await self._legal(interaction, "manoeuvre")
        src = resolve_territory(getattr(interaction.namespace, "origin", None))
        out: list[str] = []
        for a in acts:
            if src is None or a["from"] == src:
                out += [d for d in a["to"] if d not in out and matches(current, d)]
        return [Choice(name=f"{engine().tname(d)} ({row.state['troops'][d]})", value=d) for d in out][:25]

    async def ac_move_count(self, interaction: discord.Interaction, current: str) -> list[Choice[int]]:
        _row, acts = await self._legal(interaction, "manoeuvre")
        src = resolve_territory(getattr(interaction.namespace, "origin", None))
        for a in acts:
            if a["from"] == src:
                return [Choice(name=str(n), value=n) for n in range(a["count"]["max"], 0, -1)][:25]
        return []

    async def ac_trade(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        row, acts = await self._legal(interaction, "trade")
        if not acts:
            return []
        razors = engine().data.razors
        hand = acts[0]["cards"]
        # Which cards go does not matter (trading never costs a territory), only their
        # razors: offer, for each total, the trade that uses the fewest cards.
        best: dict[int, tuple[str, ...]] = {}
        for k in range(1, min(len(hand), 10) + 1):
            if len(best) == 9:  # every total from 2 to 10 found: a big hand costs no more
                break
            for combo in combinations(hand, k):
                total = sum(razors[c] for c in combo)
                if 2 <= total <= 10 and total not in best:
                    best[total] = combo
        out = []
        for total in sorted(best, reverse=True):
            combo = best[total]
            label = t("pb.ac.trade", interaction.locale, cards=" + ".join(engine().tname(c) for c in combo),
                      razors=total, n=trade_value(total))
            out.append(Choice(name=label[:100], value=",".join(combo)[:100]))
        return out[:25]

    async def ac_power(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        _row, acts = await self._legal(interaction, "play_power")
        powers = engine().data.powers
        ids: list[str] = []
        for a in acts:
            ids += a["power"] if isinstance(a["power"], list) else [a["power"]]
        return [Choice(name=powers[p].name[:100], value=p) for p in ids][:25]

    async def ac_neutral(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        row, acts = await self._legal(interaction, "neutral")
        out = []
        for a in acts:
            gang = engine().data.gangs[a["faction"].split(":", 1)[1]]["name"]
            out += [Choice(name=f"{engine().tname(tid)} — {gang} ({row.state['troops'][tid]})", value=tid)
                    for tid in a["territories"] if matches(current, tid)]
        return out[:25]

    def _owner_name(self, row: Any, tid: str) -> str:
        owner = row.state["owner"][tid]
        if owner.startswith("neutral:"):
            return engine().data.gangs[owner.split(":", 1)[1]]["name"]
        return row.names.get(owner, owner)

    # -- commands ---------------------------------------------------------------------
    @app_commands.command(name=_("place"), description=_("Place members on one of your territories"))
    @app_commands.describe(territory=_("Your territory"), count=_("How many members (default: all you have left)"))
    @app_commands.autocomplete(territory=ac_place, count=ac_place_count)
    async def place(self, interaction: discord.Interaction, territory: str, count: int | None = None) -> None:
        action: dict[str, Any] = {"type": "place", "territory": resolve_territory(territory)}
        if count is not None:
            action["count"] = count
        await self._act(interaction, action)

    @app_commands.command(name=_("trade"), description=_("Trade territory cards for members (2–10 razors)"))
    @app_commands.describe(cards=_("The cards to trade"))
    @app_commands.autocomplete(cards=ac_trade)
    async def trade(self, interaction: discord.Interaction, cards: str) -> None:
        ids = [resolve_territory(c.strip()) for c in cards.split(",") if c.strip()]
        await self._act(interaction, {"type": "trade", "cards": ids})

    @app_commands.command(name=_("flip"), description=_("Flip your next face-down power card"))
    async def flip(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, {"type": "flip_power"})

    @app_commands.command(name=_("neutral"), description=_("Two players: add 3 members to one neutral gang"))
    @app_commands.describe(first=_("One member here (and any left over)"), second=_("One member here"),
                           third=_("One member here"))
    @app_commands.autocomplete(first=ac_neutral, second=ac_neutral, third=ac_neutral)
    async def neutral(self, interaction: discord.Interaction, first: str, second: str | None = None,
                      third: str | None = None) -> None:
        slots = [resolve_territory(x) for x in (first, second, third) if x]
        placements: dict[str, int] = {}
        for tid in slots:
            placements[tid] = placements.get(tid, 0) + 1
        placements[slots[0]] += 3 - len(slots)
        await self._act(interaction, {"type": "neutral", "placements": placements})

    @app_commands.command(name=_("attack"), description=_("Attack a neighbouring territory"))
    @app_commands.rename(origin=_("from"), target=_("to"))
    @app_commands.describe(origin=_("Your territory to attack from"), target=_("The enemy territory"),
                           count=_("Members to commit (one must stay behind)"),
                           until=_("Roll until it is decided (default: one roll at a time)"))
    @app_commands.autocomplete(origin=ac_attack_from, target=ac_attack_to, count=ac_attack_count)
    async def attack(self, interaction: discord.Interaction, origin: str, target: str, count: int | None = None,
                     until: bool = False) -> None:
        action: dict[str, Any] = {"type": "attack", "from": resolve_territory(origin), "to": resolve_territory(target),
                                  "until": until}
        if count is not None:
            action["count"] = count
        await self._act(interaction, action)

    @app_commands.command(name=_("roll"), description=_("Roll again in your attack"))
    @app_commands.describe(until=_("Roll until it is decided"))
    async def roll(self, interaction: discord.Interaction, until: bool = False) -> None:
        await self._act(interaction, {"type": "roll", "until": until})

    @app_commands.command(name=_("retreat"), description=_("Stop the attack: the survivors go home"))
    async def retreat(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, {"type": "retreat"})

    @app_commands.command(name=_("power"), description=_("Play a kept attack power in your attack"))
    @app_commands.describe(power=_("The power card"))
    @app_commands.autocomplete(power=ac_power)
    async def power(self, interaction: discord.Interaction, power: str) -> None:
        await self._act(interaction, {"type": "play_power", "power": power})

    @app_commands.command(name=_("manoeuvre"), description=_("Move members once, through your own territories; ends your turn"))
    @app_commands.rename(origin=_("from"), target=_("to"))
    @app_commands.describe(origin=_("From your territory"), target=_("To your territory"), count=_("How many members"))
    @app_commands.autocomplete(origin=ac_move_from, target=ac_move_to, count=ac_move_count)
    async def manoeuvre(self, interaction: discord.Interaction, origin: str, target: str,
                        count: int | None = None) -> None:
        action: dict[str, Any] = {"type": "manoeuvre", "from": resolve_territory(origin), "to": resolve_territory(target)}
        if count is not None:
            action["count"] = count
        await self._act(interaction, action)

    @app_commands.command(name=_("end"), description=_("End this phase (placement, attacks) or your turn"))
    async def end(self, interaction: discord.Interaction) -> None:
        row = await self.bot.service.running(interaction.channel_id)
        phase = (row.state or {}).get("phase")
        kind = {"place": "end_placement", "attack": "end_attack"}.get(phase, "end_turn")
        await self._act(interaction, {"type": kind})

    @app_commands.command(name=_("odds"), description=_("Exact chance that an attack takes a territory"))
    @app_commands.describe(attackers=_("Members committed to the attack"), defenders=_("Members defending"),
                           stronghold=_("The territory has a stronghold (+1 to the best defence die)"))
    async def odds(self, interaction: discord.Interaction, attackers: app_commands.Range[int, 1, 200],
                   defenders: app_commands.Range[int, 1, 200], stronghold: bool = False) -> None:
        out = battle_outcomes(attackers, defenders, 1 if stronghold else 0)
        text = t("pb.odds", interaction.locale, a=attackers, d=defenders, odds=f"{100 * out['win']:.1f}%",
                 al=f"{out['expected_attacker_losses']:.1f}", dl=f"{out['expected_defender_losses']:.1f}",
                 stronghold=t("pb.odds.stronghold", interaction.locale) if stronghold else "")
        await interaction.response.send_message(text, ephemeral=True)
