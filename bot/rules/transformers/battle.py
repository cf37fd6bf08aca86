"""The Transformers battle: d6 for robots and vehicles, d8 for leaders, in one roll.

Pages 11–15 of the rulebook. What differs from the shared roll
(:func:`bot.rules.risk_map.battle.resolve_roll`):

- the dice are of several kinds in one roll: a leader always rolls a d8, robots and vehicles
  a d6 (an upgrade card may make them roll d8 for an attack);
- a leader in robot mode adds +1 to *a die of his player's choice*, not only his own
  (page 14: Bumblebee and Megatron when attacking, Optimus Prime and Barricade when
  defending), and only if he fights. The choice is made after the dice are seen (page 15's
  example turns a 3 into a 4); the engine asks the attacker when it matters
  (:mod:`bot.rules.transformers.asks`), and ``best_bonus`` / ``attack_bonus`` make the best
  choice for the player otherwise (the defender's, and every default);
- the loser of a pair removes one piece *of his choice* from his zone: a leader goes only
  when his player says so or he is the last piece there ("Mets ton chef à la casse
  uniquement si c'est le dernier robot sur ta zone", page 12; page 15's red player keeps
  Optimus Prime and scraps his robot);
- a leader in vehicle mode has a power instead (page 14): Barricade attacking leaves the
  defender one die; Megatron may attack a zone that is not a neighbour, alone; Bumblebee,
  beaten, escapes to a neighbouring zone of his player's; Optimus Prime's is a move
  (phase 4, not here).

Everything is a pure function of the pieces, the modifiers and the dice: the engine rolls
with the game's ``Rng`` through :func:`throw`, and the exact odds enumerate the same
:func:`resolve`.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from bot.rules.risk_map.battle import DiceSource

__all__ = [
    "D6",
    "D8",
    "Fighter",
    "Losses",
    "Mods",
    "RollResult",
    "allocate_losses",
    "attack_bonus",
    "attack_dice_sides",
    "best_bonus",
    "defence_dice_count",
    "defence_dice_sides",
    "exact_odds",
    "resolve",
    "roll",
    "throw",
]

D6, D8 = 6, 8
MAX_ATTACK, MAX_DEFENCE = 3, 2
ROBOT, VEHICLE = "robot", "vehicle"


@dataclass(frozen=True)
class Fighter:
    """One side's pieces in a roll: ``robots`` ordinary pieces rolling (a vehicle counts as
    the 3 robots it is worth), and the ``leader`` (id) rolling with them, in ``mode``."""

    robots: int
    leader: str | None = None
    mode: str = ROBOT

    @property
    def dice(self) -> int:
        return self.robots + (1 if self.leader else 0)


@dataclass(frozen=True)
class Mods:
    """What cards and leaders add to one roll. ``all_``: on each die of that side;
    ``highest``: on that side's highest die; ``d8``: its robots roll d8; ``bonus``: a +1 of
    the player's choice (a leader in robot mode), ``bonus_die`` the index chosen (into the
    dice high to low) or ``None`` for the best."""

    all_: int = 0
    highest: int = 0
    d8: bool = False
    bonus: int = 0
    bonus_die: int | None = None


NO_MODS = Mods()


@dataclass(frozen=True)
class RollResult:
    att_dice: tuple[int, ...]  # as rolled, high to low
    def_dice: tuple[int, ...]
    att_sides: tuple[int, ...]  # the kind of each die, same order
    def_sides: tuple[int, ...]
    att_final: tuple[int, ...]  # after every modifier, high to low
    def_final: tuple[int, ...]
    att_losses: int
    def_losses: int
    att_bonus_die: int | None = None  # which die (index into att_dice) took the leader's +1
    def_bonus_die: int | None = None


@dataclass(frozen=True)
class Losses:
    """The pieces a side loses on its zone: ``robots`` ordinary ones and whether the
    ``leader`` goes too (to the scrapyard, or, Bumblebee in vehicle mode, escaping:
    :meth:`~bot.rules.transformers.asks.Asks.escape_zones`)."""

    robots: int
    leader: bool = False


# --------------------------------------------------------------------------- dice


def attack_dice_sides(f: Fighter, d8: bool = False) -> tuple[int, ...]:
    """The attacker's dice: one per piece committed (1–3, a leader counting as one of the
    3, page 14), d8 for the leader, d6 for the rest unless a card says d8."""
    if not 1 <= f.dice <= MAX_ATTACK:
        raise ValueError(f"an attack commits 1 to {MAX_ATTACK} pieces, not {f.dice}")
    return (D8,) * (1 if f.leader else 0) + ((D8 if d8 else D6),) * f.robots


def defence_dice_count(pieces: int, wanted: int = MAX_DEFENCE, pinned: bool = False) -> int:
    """Dice the defender throws: 1 or 2, never more than the pieces on the zone (the
    defender need not leave one behind, page 12); 1 when Barricade attacks in vehicle
    mode (page 14)."""
    cap = 1 if pinned else MAX_DEFENCE
    return max(1, min(cap, pieces, wanted))


def defence_dice_sides(f: Fighter, d8: bool = False) -> tuple[int, ...]:
    if not 1 <= f.dice <= MAX_DEFENCE:
        raise ValueError(f"a defence uses 1 or {MAX_DEFENCE} pieces, not {f.dice}")
    return (D8,) * (1 if f.leader else 0) + ((D8 if d8 else D6),) * f.robots


def throw(rng: DiceSource, sides: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Roll one die per entry of ``sides`` (in that order, so scripted dice are read as
    listed); returns (faces, kinds) sorted high to low, a d8 before a d6 on equal faces."""
    pairs = sorted(((rng.die(s), s) for s in sides), reverse=True)
    return tuple(p[0] for p in pairs), tuple(p[1] for p in pairs)


# --------------------------------------------------------------------------- one roll


def _pairs(a: Sequence[int], d: Sequence[int]) -> tuple[int, int]:
    """(attacker losses, defender losses) of final values, each high to low."""
    att = dfn = 0
    for x, y in zip(sorted(a, reverse=True), sorted(d, reverse=True), strict=False):
        if x > y:
            dfn += 1
        else:  # ties to the defender
            att += 1
    return att, dfn


def _plain(dice: Sequence[int], m: Mods) -> list[int]:
    out = [v + m.all_ for v in dice]
    if m.highest and out:
        out[out.index(max(out))] += m.highest
    return out


def best_bonus(mine: Sequence[int], theirs: Sequence[int], attacking: bool, bonus: int = 1) -> int:
    """Which of ``mine`` (final values) the +``bonus`` goes on, as the player would choose it
    seeing every die: fewest own losses, then most of the other side's; on a tie, the
    highest die (the first index)."""
    best, best_key = 0, None
    for i in range(len(mine)):
        trial = list(mine)
        trial[i] += bonus
        a, d = _pairs(trial, theirs) if attacking else _pairs(theirs, trial)
        key = (a, -d) if attacking else (d, -a)
        if best_key is None or key < best_key:
            best, best_key = i, key
    return best


def attack_bonus(mine: Sequence[int], theirs: Sequence[int], bonus: int = 1, their_bonus: int = 0) -> int:
    """Which of the attacker's dice (final values, high to low) his leader's +``bonus`` goes
    on, as he would choose it: fewest own losses once the defender has placed his own +1
    (``their_bonus``) where it serves him best; on a tie, the highest die. A roll's losses
    add up to the pairs compared, so this choice is never worse than any other."""
    if not their_bonus:
        return best_bonus(mine, theirs, True, bonus)
    best, best_losses = 0, None
    for i in range(len(mine)):
        trial = list(mine)
        trial[i] += bonus
        reply = list(theirs)
        reply[best_bonus(reply, trial, False, their_bonus)] += their_bonus
        losses = _pairs(trial, reply)[0]
        if best_losses is None or losses < best_losses:
            best, best_losses = i, losses
    return best


def resolve(att_dice: Sequence[int], def_dice: Sequence[int], att: Mods = NO_MODS, dfn: Mods = NO_MODS,
            att_sides: Sequence[int] = (), def_sides: Sequence[int] = ()) -> RollResult:
    """One roll of these dice (each side high to low), every modifier applied.

    Order: each side's cards (``all_``, ``highest``), then the attacker's leader's +1, then
    the defender's, each chosen seeing the other side's dice as they then stand (the
    attacker declares first, as he rolls first in the rulebook's examples). Pairs are
    compared high to low; ties go to the defender.
    """
    a_dice, d_dice = tuple(att_dice), tuple(def_dice)
    if not a_dice or not d_dice:
        raise ValueError("both sides must roll at least one die")
    a = _plain(a_dice, att)
    d = _plain(d_dice, dfn)
    a_bonus = d_bonus = None
    if att.bonus:
        a_bonus = att.bonus_die if att.bonus_die is not None else attack_bonus(a, d, att.bonus, dfn.bonus)
        if not 0 <= a_bonus < len(a):
            raise ValueError(f"no attack die {a_bonus}")
        a[a_bonus] += att.bonus
    if dfn.bonus:
        d_bonus = dfn.bonus_die if dfn.bonus_die is not None else best_bonus(d, a, False, dfn.bonus)
        if not 0 <= d_bonus < len(d):
            raise ValueError(f"no defence die {d_bonus}")
        d[d_bonus] += dfn.bonus
    att_losses, def_losses = _pairs(a, d)
    return RollResult(a_dice, d_dice, tuple(att_sides), tuple(def_sides), tuple(sorted(a, reverse=True)),
                      tuple(sorted(d, reverse=True)), att_losses, def_losses, a_bonus, d_bonus)


def roll(rng: DiceSource, attacker: Fighter, defender: Fighter, att: Mods = NO_MODS, dfn: Mods = NO_MODS
         ) -> RollResult:
    """Both sides throw at once (the attacker's dice first from ``rng``), and the roll is
    resolved."""
    a_faces, a_sides = throw(rng, attack_dice_sides(attacker, att.d8))
    d_faces, d_sides = throw(rng, defence_dice_sides(defender, dfn.d8))
    return resolve(a_faces, d_faces, att, dfn, a_sides, d_sides)


# --------------------------------------------------------------------------- losses


def allocate_losses(losses: int, robots: int, leader: bool, lose_leader_first: bool = False) -> Losses:
    """Which pieces a side loses: ``robots`` ordinary pieces and a ``leader`` among the
    pieces it may lose from (the attacker: those it committed; the defender: its zone).

    By default the leader is kept while an ordinary piece remains (page 12's tip, page
    15's example); ``lose_leader_first`` is the player's other choice."""
    if losses < 0 or losses > robots + (1 if leader else 0):
        raise ValueError(f"cannot lose {losses} of {robots} robots and {'a' if leader else 'no'} leader")
    if leader and losses and (lose_leader_first or losses > robots):
        return Losses(losses - 1, True)
    return Losses(losses, False)


# --------------------------------------------------------------------------- odds


def exact_odds(att_sides: Sequence[int], def_sides: Sequence[int], att: Mods = NO_MODS, dfn: Mods = NO_MODS
               ) -> dict[tuple[int, int], Fraction]:
    """(attacker losses, defender losses) → probability of one roll with these dice and
    modifiers, by enumerating every face of every die (at most 8^5 = 32,768 throws)."""
    counts: dict[tuple[int, int], int] = {}
    ranges = [range(1, s + 1) for s in (*att_sides, *def_sides)]
    n = len(att_sides)
    total = 0
    for faces in itertools.product(*ranges):
        a = sorted(faces[:n], reverse=True)
        d = sorted(faces[n:], reverse=True)
        r = resolve(a, d, att, dfn)
        key = (r.att_losses, r.def_losses)
        counts[key] = counts.get(key, 0) + 1
        total += 1
    return {k: Fraction(v, total) for k, v in sorted(counts.items())}
