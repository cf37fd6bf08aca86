"""What Survival's automatic steps do to the board: the walkers' invasion at the start of a turn,
an action card resolved at once, an objective's reward, the crates at the end of a turn, a
player's elimination.

They work on a :class:`Table`: the parts of a Survival state these steps touch, as plain data
the engine copies out of its state and back (copy on write: the engine hands in copies; these
functions change the table they are given and nothing else). Each returns the events it made,
in the shape the map engine's events take (``type``, ``seat``, public fields, ``private``
per seat for crate values), so the narration and ``events_for`` need nothing new.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.rules.base import Event, Rng
from bot.rules.risk_map.board import Board
from bot.rules.walking_dead.actions import (
    GRENADES,
    TOWERS,
    ActionCard,
    Conquest,
    TurnMods,
    crates_earned,
    lose_survivors,
    objective_met,
    strongest,
    tower_site,
)
from bot.rules.walking_dead.crates import draw_crates
from bot.rules.walking_dead.invasion import Invasion, draw_invasion, invasion_size, resolve_invasion
from bot.rules.walking_dead.walkers import WALKERS

__all__ = ["Table", "eliminate", "end_of_turn_crates", "invade", "resolve_now", "reward"]


@dataclass
class Table:
    """The Survival state's parts the automatic steps touch."""

    owner: dict[str, str]
    troops: dict[str, int]
    seats: list[str]  # the seats still in
    towers: list[str] = field(default_factory=lambda: ["prison"])
    bag: list[str] = field(default_factory=list)  # crates left to draw (shuffled)
    hands: dict[str, list[str]] = field(default_factory=dict)  # seat -> crates held
    grenades: dict[str, int] = field(default_factory=dict)
    pile: list[str] = field(default_factory=list)  # territory cards
    discard: list[str] = field(default_factory=list)
    extra: int = 0  # survivors the current player deploys more this turn (cards)
    out: list[str] = field(default_factory=list)  # seats eliminated, in order

    def grenades_left(self) -> int:
        return GRENADES - sum(self.grenades.values())

    def towers_left(self) -> int:
        return TOWERS - len(self.towers)


def _draw(table: Table, seat: str, n: int, why: str) -> Event:
    got = draw_crates(table.bag, n)
    table.hands.setdefault(seat, []).extend(got)
    return {"type": "crates", "seat": seat, "count": len(got), "why": why, "held": len(table.hands[seat]),
            "private": {seat: {"crates": list(got)}}}


def _grenades(table: Table, seat: str, n: int, why: str) -> Event:
    got = min(n, table.grenades_left())
    table.grenades[seat] = table.grenades.get(seat, 0) + got
    return {"type": "grenades", "seat": seat, "count": got, "why": why}


def _tower(table: Table, board: Board, seat: str, site: str | None, zone: str | None, why: str) -> Event:
    towers = frozenset(table.towers)
    if site is not None and (table.owner.get(site) != seat or site in towers):
        site = None
    if site is None:
        site = tower_site(board, table.owner, table.troops, towers, seat, zone)
    if table.towers_left() <= 0 or site is None:
        return {"type": "tower", "seat": seat, "territory": None, "why": why}
    table.towers.append(site)
    return {"type": "tower", "seat": seat, "territory": site, "why": why}


def eliminate(table: Table, loser: str, winner: str) -> Event:
    """``loser`` lost its last territory: out, its crates to ``winner`` if a player (p. 12),
    else out of the game (walkers); its grenades go back to the box."""
    crates = table.hands.pop(loser, [])
    if winner != WALKERS and winner in table.seats:
        table.hands.setdefault(winner, []).extend(crates)
    table.grenades.pop(loser, None)
    if loser in table.seats:
        table.seats.remove(loser)
    table.out.append(loser)
    private = {winner: {"crates": list(crates)}} if winner != WALKERS else {}
    return {"type": "eliminated", "seat": loser, "by": winner, "crates": len(crates), "private": private}


def _spawn(table: Table, rng: Rng, territories: list[str], walkers: int, why: str,
           orders: Mapping[str, Mapping[str, str]] | None) -> list[Event]:
    before = {s for s in table.seats}
    inv: Invasion = resolve_invasion(rng, territories, walkers, table.owner, table.troops, frozenset(table.towers),
                                     orders, table.grenades)
    table.owner, table.troops = inv.owner, inv.troops
    for seat, used in inv.grenades.items():
        table.grenades[seat] -= used
    events: list[Event] = [{"type": "invasion", "why": why, "territories": list(territories), "walkers": walkers,
                            "spawns": [{"territory": s.territory, "defender": s.defender, "overrun": s.overrun,
                                        "rolls": [r.public() for r in s.fight.rolls] if s.fight else [],
                                        "walkers_left": s.fight.walkers if s.fight else None,
                                        "survivors_left": s.fight.survivors if s.fight else None,
                                        **({"tower": True} if s.fight and s.territory in table.towers else {})}
                                       for s in inv.spawns]}]
    held = set(table.owner.values())
    for seat in sorted(before - held, key=table.seats.index):
        events.append(eliminate(table, seat, WALKERS))
    return events


def invade(table: Table, rng: Rng, marker: int, orders: Mapping[str, Mapping[str, str]] | None = None,
           why: str = "turn") -> list[Event]:
    """The walkers' invasion the marker calls for (the start of a turn, or the final one):
    reveal the cards, resolve them in order, then discard them (:mod:`.invasion`)."""
    count, walkers = invasion_size(marker)
    cards, reshuffled = draw_invasion(table.pile, table.discard, count, rng)
    events: list[Event] = [{"type": "reshuffle", "deck": len(table.pile)}] if reshuffled else []
    events += _spawn(table, rng, cards, walkers, why, orders)
    table.discard.extend(cards)
    return events


def resolve_now(table: Table, board: Board, card: ActionCard, seat: str, rng: Rng,
                orders: Mapping[str, Mapping[str, str]] | None = None, site: str | None = None) -> list[Event]:
    """An immediate (``now``) card drawn by ``seat``. ``site``: where the player wants a
    watchtower (else :func:`actions.tower_site` chooses). Other timings do nothing here."""
    if card.timing != "now":
        return []
    eff = card.effect
    kind = eff["kind"]
    why = card.id
    if kind == "crates":
        return [_draw(table, seat, eff["n"], why)]
    if kind == "grenade":
        return [_grenades(table, seat, eff["n"], why)]
    if kind == "tower":
        return [_tower(table, board, seat, site, None, why)]
    if kind == "survivors":
        table.extra += eff["n"]
        return [{"type": "extra_survivors", "seat": seat, "count": eff["n"], "why": why}]
    if kind == "lose":
        tid = strongest(board, table.owner, table.troops, seat)
        if tid is None:
            return []
        before = table.troops[tid]
        table.troops[tid] = lose_survivors(table.troops, tid, eff["n"])
        return [{"type": "lose", "seat": seat, "territory": tid, "count": before - table.troops[tid], "why": why}]
    if kind == "outbreak":
        cards, reshuffled = draw_invasion(table.pile, table.discard, eff["territories"], rng)
        events: list[Event] = [{"type": "reshuffle", "deck": len(table.pile)}] if reshuffled else []
        events += _spawn(table, rng, cards, eff["walkers"], why, orders)
        table.discard.extend(cards)
        return events
    if kind == "walkers_zone":
        return _spawn(table, rng, list(board.regions[eff["zone"]].territories), eff["walkers"], why, orders)
    if kind == "walkers_strongest":
        tid = strongest(board, table.owner, table.troops, seat)
        return _spawn(table, rng, [tid], eff["walkers"], why, orders) if tid else []
    raise AssertionError(kind)  # the loader let only known effects through


def reward(table: Table, board: Board, card: ActionCard, seat: str, conquests: Sequence[Conquest],
           strategic: Sequence[str], site: str | None = None) -> list[Event]:
    """An objective judged at the end of ``seat``'s turn: its reward if met (crates, a
    grenade, a watchtower in a zone the player holds whole for "Hold the Line")."""
    if card.timing != "objective":
        return []
    if not objective_met(card, conquests, table.owner, seat, board, strategic):
        return [{"type": "objective", "seat": seat, "card": card.id, "met": False}]
    rew = card.effect["reward"]
    out: list[Event] = [{"type": "objective", "seat": seat, "card": card.id, "met": True}]
    if rew["kind"] == "crates":
        out.append(_draw(table, seat, rew["n"], card.id))
    elif rew["kind"] == "grenade":
        out.append(_grenades(table, seat, rew["n"], card.id))
    else:
        zones = board.regions_held(table.owner, seat)
        out.append(_tower(table, board, seat, site, zones[0] if zones and site is None else None, card.id))
    return out


def end_of_turn_crates(table: Table, seat: str, mods: TurnMods, conquests: Sequence[Conquest]) -> list[Event]:
    """The crates drawn at the end of a turn with a conquest (p. 15, or as a card says)."""
    n = crates_earned(mods, conquests)
    return [_draw(table, seat, n, "conquest")] if n else []


def public_counts(table: Table) -> dict[str, Any]:
    """What everyone sees of the crates and grenades: counts, never values (p. 4)."""
    return {"crates": {s: len(table.hands.get(s, [])) for s in table.seats},
            "grenades": {s: table.grenades.get(s, 0) for s in table.seats},
            "bag": len(table.bag), "towers": list(table.towers)}
