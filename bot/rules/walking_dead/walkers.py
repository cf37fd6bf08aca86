"""Battles against the walkers (« Règles spéciales pour les batailles contre les Rôdeurs », p. 13).

The walkers are a faction nobody plays in Survival: the game rolls for them. What differs from a
battle between two groups, and lives here as pure functions the engine calls:

- survivors add 1 to every die they throw against walkers, attacking or defending;
- every survivor killed by walkers rolls a die at once: on 1–3 it turns and joins the walkers
  *engaged in that battle* (the attacking walkers of an invasion; the walkers defending the
  territory when survivors attack them), before the battle goes on;
- the walkers always throw the most dice they may (3 attacking, 2 defending), never attack from
  a territory, and an invasion's walkers fight until one side is gone;
- a watchtower gives its *controller* +1 on their highest die when defending its territory,
  against walkers or survivors (p. 13); walkers holding a tower's territory get nothing from it
  (our reading: « si vous contrôlez un territoire avec une Tour de garde » speaks to players);
- a grenade changes one of its owner's dice of a roll after it is thrown; we change it to a 6,
  one grenade per roll at most (p. 13 lets a player throw one « pour changer la valeur de l'un
  de vos dés »).

In Conquest mode the walkers are a group like any other (p. 16): no +1 and no turning; callers
pass ``edge=0, turning=False``.

Dice are thrown as the shared engine throws them (:func:`bot.rules.risk_map.battle.roll`: the
attacker's, then the defender's, each high to low), then the turning rolls in order, so the
rulebook's examples replay with fixed dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.rules.risk_map.battle import DiceSource, resolve_roll, roll
from bot.rules.risk_map.defence import fires

__all__ = [
    "DEFENCE_DICE",
    "EDGE",
    "WALKERS",
    "Exchange",
    "WalkerFight",
    "best_grenade",
    "exchange",
    "losses",
    "survivor_defence_dice",
    "turning_rolls",
    "walker_dice",
    "walkers_attack",
]

WALKERS = "walkers"  # the walkers' key in owner maps (a faction, not a seat, in Survival)
EDGE = 1  # « les Survivants ajoutent 1 à chaque dé lancé »
TURNS_ON = 3  # a killed survivor turns on 1, 2 or 3
DEFENCE_DICE = ("most", "one")  # a defender's standing choice of dice (issue 8 point 4)


def walker_dice(walkers: int, attacking: bool) -> int:
    """The walkers always throw the most dice they may: 3 attacking, 2 defending."""
    return min(3 if attacking else 2, walkers)


def survivor_defence_dice(survivors: int, choice: str = "most") -> int:
    """A defending group's dice: its standing choice (``most``: up to 2; ``one``)."""
    if choice not in DEFENCE_DICE:
        raise ValueError(f"unknown defence choice {choice!r}")
    return 1 if choice == "one" else min(2, survivors)


def losses(att: Sequence[int], dfn: Sequence[int], walkers_attack: bool, tower: bool = False,
           edge: int = EDGE) -> tuple[int, int]:
    """``(attacker losses, defender losses)`` of one roll between survivors and walkers, by the
    shared roll rule (:func:`resolve_roll`). ``walkers_attack``: the walkers attack survivors
    (an invasion); otherwise survivors attack walkers. ``tower``: the defending survivors hold a
    watchtower there (it never helps walkers)."""
    if walkers_attack:
        return resolve_roll(att, dfn, defence_bonus=1 if tower else 0, def_mod=edge)
    return resolve_roll(att, dfn, att_mod=edge)


def turning_rolls(rng: DiceSource, killed: int) -> list[int]:
    """One die per survivor killed by walkers, thrown at once; each 1–3 turns."""
    return [rng.die() for _ in range(killed)]


def best_grenade(own: Sequence[int], other: Sequence[int], own_attacks: bool, walkers_attack: bool | None,
                 tower: bool = False, edge: int = EDGE) -> tuple[int, tuple[int, int]] | None:
    """The best use of a grenade on one roll: which of ``own`` dice (an index) to turn into a 6,
    and the roll's ``(attacker losses, defender losses)`` then; ``None`` if no change helps.
    ``walkers_attack`` is ``None`` in a battle between two groups (no edge), else as
    :func:`losses`. Best: the fewest own losses, then the most enemy losses, then the lowest
    die changed (the first such index)."""
    def score(att: Sequence[int], dfn: Sequence[int]) -> tuple[int, int]:
        if walkers_attack is None:
            return resolve_roll(att, dfn, defence_bonus=1 if tower else 0)
        return losses(att, dfn, walkers_attack, tower, edge)

    def key(result: tuple[int, int]) -> tuple[int, int]:
        mine, theirs = (result[0], result[1]) if own_attacks else (result[1], result[0])
        return mine, -theirs

    plain = score(own, other) if own_attacks else score(other, own)
    best: tuple[int, tuple[int, int]] | None = None
    order = sorted(range(len(own)), key=lambda i: (own[i], i))
    for i in order:
        if own[i] == 6:
            continue
        changed = list(own)
        changed[i] = 6
        result = score(changed, other) if own_attacks else score(other, changed)
        if key(result) < key(plain) and (best is None or key(result) < key(best[1])):
            best = (i, result)
    return best


@dataclass
class Exchange:
    """One roll against walkers: the dice, the grenade if one was thrown, the losses, and the
    survivors killed who rolled to turn (``turned`` of them did)."""

    att: list[int]
    dfn: list[int]
    att_losses: int
    def_losses: int
    grenade: dict[str, int] | None = None  # {"index", "was"} on the defender's dice
    turning: list[int] = field(default_factory=list)
    turned: int = 0

    def public(self) -> dict[str, object]:
        out: dict[str, object] = {"att": self.att, "def": self.dfn, "att_losses": self.att_losses,
                                  "def_losses": self.def_losses, "turning": self.turning, "turned": self.turned}
        if self.grenade:
            out["grenade"] = dict(self.grenade)
        return out


def exchange(rng: DiceSource, att_n: int, def_n: int, walkers_attack: bool, tower: bool = False,
             edge: int = EDGE, turning: bool = True, grenade_order: str = "never", defenders: int = 0
             ) -> Exchange:
    """Throw one roll between survivors and walkers and resolve it: ``att_n`` attacker's dice
    then ``def_n`` defender's, the defending survivors' grenade as ``grenade_order`` says (a
    standing order of :mod:`bot.rules.risk_map.defence`: ``always``, ``save``, ``never``;
    ``defenders`` is how many defend before the roll), the losses, then one turning die per
    survivor the walkers killed."""
    att = roll(rng, [6] * att_n)
    dfn = roll(rng, [6] * def_n)
    al, dl = losses(att, dfn, walkers_attack, tower, edge)
    grenade = None
    if walkers_attack and grenade_order != "never":
        best = best_grenade(dfn, att, own_attacks=False, walkers_attack=True, tower=tower, edge=edge)
        if best is not None and fires(grenade_order, defenders, (al, dl), best[1]):
            i, (al, dl) = best
            grenade = {"index": i, "was": dfn[i]}
            dfn = sorted([*dfn[:i], 6, *dfn[i + 1:]], reverse=True)
    killed = dl if walkers_attack else al
    rolls = turning_rolls(rng, killed) if turning else []
    return Exchange(att, dfn, al, dl, grenade, rolls, sum(1 for r in rolls if r <= TURNS_ON))


@dataclass
class WalkerFight:
    """A walkers' invasion of a survivors' territory, fought to the end (p. 8 and 13)."""

    walkers: int  # walkers left standing (they take the territory if ``survivors`` is 0)
    survivors: int
    rolls: list[Exchange]
    grenades: int = 0  # grenades the defender threw

    @property
    def overrun(self) -> bool:
        return self.survivors == 0


def walkers_attack(rng: DiceSource, walkers: int, survivors: int, tower: bool = False, choice: str = "most",
                   grenades: int = 0, grenade_order: str = "save", edge: int = EDGE, turning: bool = True
                   ) -> WalkerFight:
    """``walkers`` invade a territory of ``survivors`` and fight until one side is gone. The
    defender throws ``choice`` dice (its standing order) and its ``grenades`` as
    ``grenade_order`` says (the default: only to save the territory). Survivors who turn join
    the attacking walkers."""
    if walkers < 1 or survivors < 1:
        raise ValueError("an invasion needs walkers and survivors")
    rolls: list[Exchange] = []
    used = 0
    while walkers and survivors:
        order = grenade_order if used < grenades else "never"
        ex = exchange(rng, walker_dice(walkers, True), survivor_defence_dice(survivors, choice), True, tower,
                      edge, turning, order, survivors)
        used += ex.grenade is not None
        walkers += ex.turned - ex.att_losses
        survivors -= ex.def_losses
        rolls.append(ex)
    return WalkerFight(walkers, survivors, rolls, used)
