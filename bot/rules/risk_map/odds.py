"""Exact battle odds for the Risk family, so the bot can say "chance to take it: 65.6%".

Two layers, both exact rather than sampled:

* ``roll_distribution`` enumerates every dice combination of one roll and returns the
  distribution of (attacker losses, defender losses) as ``Fraction``\\s. It takes the
  knobs our editions need: a defence bonus on the defender's highest die (stronghold,
  watchtower), a modifier added to every die of a side (survivors +1 against walkers)
  and dice with other than six sides (a d8).
* ``battle_outcomes`` / ``conquest_probability`` run the absorbing Markov chain of a whole
  battle (roll until one side is at zero) by dynamic programming over the states
  ``(attackers, defenders)``, in floats, from the per-roll table above.

``attackers`` always means the units *committed* to the attack: every one of them can be
lost, and the attacker rolls ``min(3, attackers)`` dice. In classic Risk a territory with
``n`` armies commits ``n - 1`` (one must stay behind). This is Osborne's ``A`` in
"Markov chains for the RISK board game revisited" (Mathematics Magazine 76(2), 2003), whose
table our tests reproduce: 3 v 2 → 0.656, 10 v 10 → 0.568.

``resolve_roll`` resolves one roll of actual dice with the same rules; it is what the
throughput benchmark times and what the enumeration is cross-checked against.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import Any

from bot.rules.risk_map.battle import resolve_roll, sorted_losses

__all__ = [
    "battle_outcomes",
    "clear_caches",
    "conquest_probability",
    "resolve_roll",
    "roll_distribution",
]

Outcome = tuple[int, int]  # (attacker losses, defender losses)


# -- one roll ---------------------------------------------------------------------------


@lru_cache(maxsize=64)
def _top_counts(dice: int, sides: int, keep: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every roll of ``dice`` dice, grouped by its ``keep`` highest values (high to low).

    All ``sides ** dice`` combinations are visited; grouping them by the only part of the
    roll that matters lets the attacker-by-defender product stay small (56 x 21 profiles
    for 3 v 2 instead of 216 x 36 rolls).
    """
    counts: Counter[tuple[int, ...]] = Counter()
    for roll in product(range(1, sides + 1), repeat=dice):
        counts[tuple(sorted(roll, reverse=True)[:keep])] += 1
    return tuple(sorted(counts.items()))


@lru_cache(maxsize=256)
def _roll_distribution(
    att_dice: int,
    def_dice: int,
    defence_bonus: int,
    att_sides: int,
    def_sides: int,
    att_mod: int,
    def_mod: int,
) -> tuple[tuple[Outcome, Fraction], ...]:
    pairs = min(att_dice, def_dice)
    att_profiles = _top_counts(att_dice, att_sides, pairs)
    def_profiles = _top_counts(def_dice, def_sides, pairs)
    counts: Counter[Outcome] = Counter()
    for a, a_count in att_profiles:
        for d, d_count in def_profiles:
            counts[sorted_losses(a, d, defence_bonus, att_mod, def_mod)] += a_count * d_count
    total = att_sides**att_dice * def_sides**def_dice
    # Most attacker losses first: (2, 0), (1, 1), (0, 2) — the order Osborne lists them.
    return tuple((k, Fraction(v, total)) for k, v in sorted(counts.items(), reverse=True))


def roll_distribution(
    att_dice: int,
    def_dice: int,
    defence_bonus: int = 0,
    att_sides: int = 6,
    def_sides: int = 6,
    att_mods: int | None = None,
    def_mods: int | None = None,
) -> dict[Outcome, Fraction]:
    """Exact distribution of one roll: ``{(attacker losses, defender losses): Fraction}``.

    Enumerates all ``att_sides ** att_dice * def_sides ** def_dice`` combinations (cached
    per argument set). ``att_mods`` / ``def_mods`` is an int added to every die of that
    side; ``defence_bonus`` is added to the defender's highest die only. Outcomes that
    cannot happen are left out, so the values always sum to exactly 1.
    """
    _check_dice(att_dice, def_dice, att_sides, def_sides)
    key = (
        att_dice,
        def_dice,
        _int(defence_bonus, "defence_bonus"),
        att_sides,
        def_sides,
        _int(att_mods or 0, "att_mods"),
        _int(def_mods or 0, "def_mods"),
    )
    return dict(_roll_distribution(*key))


def _check_dice(att_dice: int, def_dice: int, att_sides: int, def_sides: int) -> None:
    for name, value, low in (
        ("att_dice", att_dice, 1),
        ("def_dice", def_dice, 1),
        ("att_sides", att_sides, 2),
        ("def_sides", def_sides, 2),
    ):
        if _int(value, name) < low:
            raise ValueError(f"{name} must be at least {low}, not {value}")


def _int(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {value!r}")
    return value


# -- a whole battle ---------------------------------------------------------------------


@lru_cache(maxsize=256)
def _transitions(
    max_att_dice: int,
    max_def_dice: int,
    defence_bonus: int,
    att_sides: int,
    def_sides: int,
    att_mod: int,
    def_mod: int,
) -> dict[tuple[int, int], tuple[tuple[int, int, float], ...]]:
    """Per dice-count pair, the roll outcomes as (att losses, def losses, float p)."""
    return {
        (a, d): tuple(
            (al, dl, float(p))
            for (al, dl), p in _roll_distribution(
                a, d, defence_bonus, att_sides, def_sides, att_mod, def_mod
            )
        )
        for a in range(1, max_att_dice + 1)
        for d in range(1, max_def_dice + 1)
    }


@lru_cache(maxsize=2048)
def _battle(
    attackers: int,
    defenders: int,
    defence_bonus: int,
    att_sides: int,
    def_sides: int,
    att_mod: int,
    def_mod: int,
    max_att_dice: int,
    max_def_dice: int,
) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Absorption probabilities from (attackers, defenders).

    Returns ``(won, held)`` where ``won[k]`` is the probability the attacker takes the
    territory with ``k`` units left and ``held[k]`` that the defender keeps it with ``k``
    (index 0 unused). Probability mass flows from the start state towards the absorbing
    edges; every roll removes at least one unit and never adds any, so visiting states in
    decreasing (a, d) order handles each state after all of its predecessors.
    """
    trans = _transitions(
        max_att_dice, max_def_dice, defence_bonus, att_sides, def_sides, att_mod, def_mod
    )
    mass = [[0.0] * (defenders + 1) for _ in range(attackers + 1)]
    mass[attackers][defenders] = 1.0
    for a in range(attackers, 0, -1):
        row = mass[a]
        a_dice = a if a < max_att_dice else max_att_dice
        for d in range(defenders, 0, -1):
            m = row[d]
            if m == 0.0:
                continue
            for al, dl, p in trans[a_dice, d if d < max_def_dice else max_def_dice]:
                mass[a - al][d - dl] += m * p
    won = tuple(mass[k][0] for k in range(attackers + 1))
    held = tuple(mass[0][k] for k in range(defenders + 1))
    return won, held


def _absorption(
    attackers: int,
    defenders: int,
    defence_bonus: int,
    att_sides: int,
    def_sides: int,
    att_mods: int | None,
    def_mods: int | None,
    max_att_dice: int,
    max_def_dice: int,
) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Check the arguments, then ``_battle`` keyed on normalised positional values."""
    _int(attackers, "attackers")
    _int(defenders, "defenders")
    if attackers < 1 or defenders < 0:
        raise ValueError(
            f"need at least one attacker and no negative defenders, not {attackers} v {defenders}"
        )
    _check_dice(max_att_dice, max_def_dice, att_sides, def_sides)
    return _battle(
        attackers,
        defenders,
        _int(defence_bonus, "defence_bonus"),
        att_sides,
        def_sides,
        _int(att_mods or 0, "att_mods"),
        _int(def_mods or 0, "def_mods"),
        max_att_dice,
        max_def_dice,
    )


def battle_outcomes(
    attackers: int,
    defenders: int,
    defence_bonus: int = 0,
    *,
    att_sides: int = 6,
    def_sides: int = 6,
    att_mods: int | None = None,
    def_mods: int | None = None,
    max_att_dice: int = 3,
    max_def_dice: int = 2,
) -> dict[str, Any]:
    """The exact end of a fight to the finish: ``attackers`` committed units against
    ``defenders``, the attacker rolling ``min(max_att_dice, a)`` dice and the defender
    ``min(max_def_dice, d)`` each round until one side is at zero.

    Returns a fresh dict (callers may keep or change it):

    * ``win``: probability the attacker takes the territory;
    * ``attacker_left``: ``{k: p}`` the attacker wins with ``k`` units left (``k ≥ 1``);
    * ``defender_left``: ``{k: p}`` the defender holds with ``k`` units left (``k ≥ 1``);
    * ``expected_attacker_losses`` / ``expected_defender_losses``: over all outcomes;
    * ``expected_attacker_left_if_won``: the units that move in on a win (``0.0`` if
      the attacker cannot win);
    * ``attackers``, ``defenders``, ``defence_bonus``: the question asked.
    """
    won, held = _absorption(
        attackers,
        defenders,
        defence_bonus,
        att_sides,
        def_sides,
        att_mods,
        def_mods,
        max_att_dice,
        max_def_dice,
    )
    win = sum(won[1:])
    hold = sum(held[1:])
    left_if_won = sum(k * p for k, p in enumerate(won))
    left_if_held = sum(k * p for k, p in enumerate(held))
    return {
        "attackers": attackers,
        "defenders": defenders,
        "defence_bonus": defence_bonus,
        "win": win,
        "attacker_left": {k: won[k] for k in range(1, attackers + 1)},
        "defender_left": {k: held[k] for k in range(1, defenders + 1)},
        "expected_attacker_losses": attackers - left_if_won,
        "expected_defender_losses": defenders * win + (defenders * hold - left_if_held),
        "expected_attacker_left_if_won": left_if_won / win if win > 0.0 else 0.0,
    }


def conquest_probability(
    attackers: int,
    defenders: int,
    defence_bonus: int = 0,
    *,
    att_sides: int = 6,
    def_sides: int = 6,
    att_mods: int | None = None,
    def_mods: int | None = None,
    max_att_dice: int = 3,
    max_def_dice: int = 2,
) -> float:
    """Probability that ``attackers`` committed units take a territory held by
    ``defenders``; the keyword-only options are those of :func:`battle_outcomes`."""
    won, _ = _absorption(
        attackers,
        defenders,
        defence_bonus,
        att_sides,
        def_sides,
        att_mods,
        def_mods,
        max_att_dice,
        max_def_dice,
    )
    return sum(won[1:])


def clear_caches() -> None:
    """Forget every cached table (benchmarks use this to time a cold start)."""
    for cached in (_top_counts, _roll_distribution, _transitions, _battle):
        cached.cache_clear()
