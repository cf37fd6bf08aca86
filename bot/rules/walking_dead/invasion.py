"""The walkers' invasions (« Invasions de rôdeurs », p. 8; « Le marqueur Invasion », p. 15).

At the start of every turn the territory cards say where walkers appear: the track gives how
many cards and how many walkers on each (round 1: 1 × 1; 2: 2 × 2; 3: 3 × 2; 4 and after:
4 × 3). On walkers (or on an empty territory, which the rules never leave at the end of a turn)
they are added; on survivors they attack at once and fight to the end (:mod:`.walkers`). Every
attack is resolved, in the order the cards were drawn, before the turn goes on. The marker
moves one step at the end of every round and stops at 4.

Our readings: the cards of one invasion are all revealed first, then resolved in that order
(« après avoir révélé la ou les cartes, placez le ou les Rôdeurs »), and go to the discard pile
after it, so one invasion never strikes one territory twice even when the pile runs out half
way; the final invasion after the Horde's round uses the marker as it stands after that round
moved it (the invasion the next round would have begun with).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.rules.base import Rng
from bot.rules.risk_map.cards import draw
from bot.rules.walking_dead.walkers import WALKERS, WalkerFight, walkers_attack

__all__ = [
    "FIRST_MARKER",
    "LAST_MARKER",
    "TRACK",
    "Invasion",
    "Spawn",
    "draw_invasion",
    "invasion_size",
    "next_marker",
    "resolve_invasion",
]

# marker → (territory cards drawn, walkers on each), from the board's Invasion table (p. 15)
TRACK: dict[int, tuple[int, int]] = {1: (1, 1), 2: (2, 2), 3: (3, 2), 4: (4, 3)}
FIRST_MARKER, LAST_MARKER = 1, 4


def invasion_size(marker: int) -> tuple[int, int]:
    """``(territories, walkers each)`` for the marker's position (1 to 4)."""
    try:
        return TRACK[marker]
    except KeyError:
        raise ValueError(f"the invasion marker is on 1 to 4, not {marker}") from None


def next_marker(marker: int) -> int:
    """The marker after a round: one step on, never past 4 (« Après le 4e round, n'avancez
    plus le Marqueur »)."""
    return min(LAST_MARKER, marker + 1)


def draw_invasion(pile: list[str], discard: list[str], count: int, rng: Rng) -> tuple[list[str], bool]:
    """Reveal ``count`` territory cards (the discard reshuffled into a new pile when the pile
    runs out, p. 8). Returns the cards and whether a reshuffle happened; the caller puts them on
    the discard once the invasion is resolved. Mutates both lists."""
    return draw(pile, discard, count, rng)


@dataclass
class Spawn:
    """What happened on one revealed territory."""

    territory: str
    walkers: int  # walkers that appeared
    defender: str  # the owner before: ``WALKERS`` or a seat
    fight: WalkerFight | None = None  # the battle when survivors were there

    @property
    def overrun(self) -> bool:
        return self.fight is not None and self.fight.overrun


@dataclass
class Invasion:
    """An invasion's outcome: the new owners and counts (copies), each spawn, and the grenades
    each seat threw."""

    owner: dict[str, str]
    troops: dict[str, int]
    spawns: list[Spawn]
    grenades: dict[str, int]


def resolve_invasion(rng: Rng, territories: list[str], walkers_each: int, owner: Mapping[str, str],
                     troops: Mapping[str, int], towers: frozenset[str] = frozenset(),
                     orders: Mapping[str, Mapping[str, str]] | None = None,
                     grenades: Mapping[str, int] | None = None) -> Invasion:
    """The walkers of one invasion on the revealed ``territories``, in order. ``towers``: the
    territories with a watchtower; ``orders``: each seat's standing defence order
    (``{"dice": "most"|"one", "grenade": "always"|"save"|"never"}``, default most / save);
    ``grenades``: how many each seat holds. The inputs are not changed."""
    owner2, troops2 = dict(owner), dict(troops)
    left = dict(grenades or {})
    used: dict[str, int] = {}
    spawns: list[Spawn] = []
    for tid in territories:
        who = owner2[tid]
        if who == WALKERS or troops2[tid] == 0:
            owner2[tid] = WALKERS
            troops2[tid] += walkers_each
            spawns.append(Spawn(tid, walkers_each, who))
            continue
        order = (orders or {}).get(who, {})
        fight = walkers_attack(rng, walkers_each, troops2[tid], tower=tid in towers,
                               choice=order.get("dice", "most"), grenades=left.get(who, 0),
                               grenade_order=order.get("grenade", "save"))
        if fight.grenades:
            left[who] -= fight.grenades
            used[who] = used.get(who, 0) + fight.grenades
        if fight.overrun:
            owner2[tid] = WALKERS
            troops2[tid] = fight.walkers
        else:
            troops2[tid] = fight.survivors
        spawns.append(Spawn(tid, walkers_each, who, fight))
    return Invasion(owner2, troops2, spawns, used)
