"""Ammunition crates (« Caisses de munitions », p. 10 and 15).

30 crates, 20 worth 1 and 10 worth 2 (GAMES.md), face down: everyone sees how many a player
holds, only the owner their values (p. 4). At the end of a turn in which a player conquered at
least one territory they draw one at random (more only if an action card says so). In the
deployment they may trade crates worth 2 to 10 ammunition, once a turn (« vous pouvez échanger
2 à 10 munitions par tour »), by the printed chart; traded crates are out of the game. An
eliminated player's crates go to whoever eliminated them (p. 12); eliminated by the walkers,
they are out of the game (our reading: the walkers hold nothing). At the end, each unused
ammunition scores 1 point.

A crate is an id (``a01`` … ``a30``) so that events can name a crate publicly while its value
stays private; :data:`CRATE_VALUES` says what each is worth.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.rules.base import Rng
from bot.rules.risk_map.cards import RAZOR_TABLE
from bot.rules.walking_dead.messages import wd_error

__all__ = [
    "AMMO_TABLE",
    "CRATE_VALUES",
    "MAX_TRADE",
    "MIN_TRADE",
    "ammo",
    "crate_bag",
    "draw_crates",
    "pick_crates",
    "trade",
    "trade_choices",
]

ONES, TWOS = 20, 10
CRATE_VALUES: dict[str, int] = {f"a{i:02d}": (1 if i <= ONES else 2) for i in range(1, ONES + TWOS + 1)}
# Ammunition traded at once -> survivors (p. 10; the same chart as Peaky Blinders' razors).
AMMO_TABLE: dict[int, int] = dict(RAZOR_TABLE)
MIN_TRADE, MAX_TRADE = min(AMMO_TABLE), max(AMMO_TABLE)


def crate_bag(rng: Rng) -> list[str]:
    """Every crate, shuffled: drawing from the end is drawing at random."""
    bag = list(CRATE_VALUES)
    rng.shuffle(bag)
    return bag


def draw_crates(bag: list[str], count: int) -> list[str]:
    """Up to ``count`` crates off the bag (fewer if it runs out: the box holds 30, and traded
    crates never return). Mutates ``bag``."""
    out = []
    for _ in range(count):
        if not bag:
            break
        out.append(bag.pop())
    return out


def ammo(crates: Iterable[str]) -> int:
    """The ammunition these crates hold (the score of unused crates at the end)."""
    return sum(CRATE_VALUES[c] for c in crates)


def trade(hand: Sequence[str], crates: Sequence[str]) -> int:
    """Survivors earned by trading ``crates`` out of ``hand``; refuses crates not held, a crate
    named twice, and a total off the chart (2 to 10)."""
    if len(set(crates)) != len(crates):
        raise wd_error("wd.err.duplicate_crate")
    held = set(hand)
    if any(c not in held for c in crates):
        raise wd_error("wd.err.crate_not_held")
    total = ammo(crates)
    if total not in AMMO_TABLE:
        raise wd_error("wd.err.bad_trade", ammo=total)
    return AMMO_TABLE[total]


def trade_choices(hand: Sequence[str]) -> list[tuple[int, int, int]]:
    """Every distinct trade a hand allows, as ``(ammunition, ones, twos)``: crates of one value
    are alike, so a trade is how many of each. Sorted by ammunition, then fewer crates."""
    ones = sum(1 for c in hand if CRATE_VALUES[c] == 1)
    twos = len(hand) - ones
    out = [(a + 2 * b, a, b) for a in range(ones + 1) for b in range(twos + 1) if MIN_TRADE <= a + 2 * b <= MAX_TRADE]
    return sorted(out, key=lambda x: (x[0], x[1] + x[2], x[1]))


def pick_crates(hand: Sequence[str], ones: int, twos: int) -> list[str]:
    """The first ``ones`` crates worth 1 and ``twos`` worth 2 of ``hand`` (hand order)."""
    one = [c for c in hand if CRATE_VALUES[c] == 1][:ones]
    two = [c for c in hand if CRATE_VALUES[c] == 2][:twos]
    if len(one) < ones or len(two) < twos:
        raise wd_error("wd.err.crate_not_held")
    return one + two
