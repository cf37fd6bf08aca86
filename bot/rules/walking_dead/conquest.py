"""The Conquest mode's own rules (« Mode Conquête », p. 14–16), and the five groups.

Conquest is classic Risk on this board for 3 to 5 players: no action cards, watchtowers,
grenades or invasion marker; the walkers are a fifth group a person plays, with 5 players only,
and nobody has a bonus against them (no +1, no turning: « tous les groupes sont à égalité, en
dehors des pouvoirs spéciaux de la carte Chef de groupe »). What differs from Survival, as pure
functions:

- the setup: deal every territory card (3 survivors on each) or claim by the table (33 / 24 /
  21 pawns each: :data:`setup.CONQUEST_PAWNS`);
- a crate trade also draws as many territory cards as the ammunition traded, +2 survivors on
  each drawn territory the trader holds (the discard reshuffled when the pile runs out);
- the group leader cards' powers (``data/walking_dead/groups.json``, ours, provisional);
- the last group standing wins.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from bot.rules.base import Rng
from bot.rules.risk_map.battle import resolve_roll
from bot.rules.risk_map.board import DATA_DIR
from bot.rules.risk_map.cards import draw
from bot.rules.walking_dead.setup import CONQUEST_PAWNS

__all__ = [
    "CARD_BONUS",
    "DEAL_PAWNS",
    "GROUP_IDS",
    "POWER_EFFECTS",
    "SURVIVOR_GROUPS",
    "Group",
    "conquest_losses",
    "conquest_pawns",
    "extra_manoeuvres",
    "income_bonus",
    "load_groups",
    "rally_bonus",
    "rise_bonus",
    "trade_cards",
    "walkers_play",
]

GROUP_IDS = ("rick", "governor", "greene", "prisoners", "walkers")
SURVIVOR_GROUPS = GROUP_IDS[:4]
POWER_EFFECTS = frozenset({"income", "rally", "attack_strategic", "defend_strategic", "manoeuvre", "rise"})
DEAL_PAWNS = 3  # « les joueurs placent 3 pions sur chaque territoire obtenu »
CARD_BONUS = 2  # « ajoutez 2 pions sur chacun de ces territoires »


class GroupError(ValueError):
    """A groups file that does not fit the rulebook or the closed set of powers."""


@dataclass(frozen=True)
class Group:
    id: str
    name: str
    name_fr: str
    leader: str
    color: str
    effect: str
    value: int
    power: dict[str, object]


def groups_from_dict(raw: Mapping[str, object]) -> dict[str, Group]:
    items = raw.get("groups") if isinstance(raw, Mapping) else None
    if not isinstance(items, list):
        raise GroupError("groups.json must hold a list 'groups'")
    out: dict[str, Group] = {}
    for g in items:
        gid = g.get("id")
        if gid in out:
            raise GroupError(f"group '{gid}' is listed twice")
        power = g.get("power") or {}
        lacking = [k for k in ("name", "name_fr", "leader", "color") if not g.get(k)]
        lacking += [f"power.{k}" for k in ("effect", "value", "name", "name_fr", "text", "text_fr") if k not in power]
        if lacking:
            raise GroupError(f"group '{gid}' lacks {lacking}")
        if power["effect"] not in POWER_EFFECTS:
            raise GroupError(f"group '{gid}' has an unknown power {power['effect']!r}")
        value = power["value"]
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 3:
            raise GroupError(f"group '{gid}' has a bad power value {value!r}")
        out[gid] = Group(gid, g["name"], g["name_fr"], g["leader"], g["color"], power["effect"], value, dict(power))
    if tuple(out) != GROUP_IDS:
        raise GroupError(f"groups.json must hold exactly {list(GROUP_IDS)} in that order, not {list(out)}")
    return out


@lru_cache(maxsize=1)
def load_groups() -> dict[str, Group]:
    """The five groups, checked, in the rulebook's order."""
    with open(DATA_DIR / "walking_dead" / "groups.json", encoding="utf-8") as fh:
        return groups_from_dict(json.load(fh))


def conquest_pawns(players: int) -> int:
    """Starting pawns per player when claiming (p. 14)."""
    try:
        return CONQUEST_PAWNS[players]
    except KeyError:
        raise ValueError(f"Conquest is for 3 to 5 players, not {players}") from None


def walkers_play(players: int) -> bool:
    """Whether a person plays the walkers: with five players only (« le 5e joueur joue avec
    les pions Rôdeurs »); with three or four there are no walkers on the board."""
    return players == 5


def trade_cards(ammo_traded: int, pile: list[str], discard: list[str], owner: Mapping[str, str], seat: str,
                rng: Rng) -> tuple[list[str], dict[str, int], bool]:
    """The territory cards a Conquest crate trade draws (one per ammunition), and the survivors
    they add: territory → +2 on each drawn one ``seat`` holds. The cards go to the discard at
    once; returns ``(drawn, bonus, reshuffled)``. Mutates both lists."""
    drawn, reshuffled = draw(pile, discard, ammo_traded, rng)
    bonus = {t: CARD_BONUS for t in drawn if owner[t] == seat}
    discard.extend(drawn)
    return drawn, bonus, reshuffled


def _power(groups: Mapping[str, Group], group: str | None, effect: str) -> int:
    g = groups.get(group) if group else None
    return g.value if g is not None and g.effect == effect else 0


def income_bonus(groups: Mapping[str, Group], group: str | None) -> int:
    return _power(groups, group, "income")


def rally_bonus(groups: Mapping[str, Group], group: str | None) -> int:
    """The survivors added to a deployment while the group holds the fewest territories (the
    caller judges that: :meth:`~bot.rules.walking_dead.game.WalkingDead.income`)."""
    return _power(groups, group, "rally")


def extra_manoeuvres(groups: Mapping[str, Group], group: str | None) -> int:
    return _power(groups, group, "manoeuvre")


def rise_bonus(groups: Mapping[str, Group], group: str | None) -> int:
    return _power(groups, group, "rise")


def conquest_losses(groups: Mapping[str, Group], att: Sequence[int], dfn: Sequence[int], attacker: str | None,
                    defender: str | None, strategic: bool) -> tuple[int, int]:
    """``(attacker losses, defender losses)`` of one Conquest roll with the leaders' powers:
    ``attack_strategic`` adds to the attacker's highest die, ``defend_strategic`` to the
    defender's, when the territory fought over is a strategic location."""
    a = sorted(att, reverse=True)
    if strategic:
        a[0] += _power(groups, attacker, "attack_strategic")
    bonus = _power(groups, defender, "defend_strategic") if strategic else 0
    return resolve_roll(a, dfn, defence_bonus=bonus)
