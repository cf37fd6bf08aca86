"""Who plays whom: 2 head to head, 3 each for themselves, 4 in two teams (page 4).

- 2 players: one takes an Autobot leader, the other a Decepticon;
- 3 players: one takes an Autobot leader, the two others the Decepticons (Megatron and
  Barricade), each for themselves;
- 4 players ("forces alliées"): the Autobots (Optimus Prime, Bumblebee) against the
  Decepticons (Megatron, Barricade), teammates sitting opposite, so turns alternate sides.
  A player may not attack his teammate (page 11), may call for back-up through his
  teammate's zones, or instead give him a zone (page 16); at the end the team's zones count
  together (page 18): the engine plays these (``hostile``, ``passable``, ``give``,
  ``side_scores``); this module seats the leaders and the teams.

The youngest player starts and play goes clockwise (page 6); our seats are in clockwise
order with the youngest first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.rules.transformers.data import AUTOBOT, DECEPTICON, SIDES

__all__ = ["assign_leaders", "teams"]

PLAYERS = (2, 3, 4)


def assign_leaders(seats: Sequence[str], picks: Mapping[str, str] | None = None) -> dict[str, str]:
    """Seat → leader for this many players, ``picks`` being the leaders chosen (some or none;
    the others filled in seat order: Optimus Prime before Bumblebee, Megatron before
    Barricade, Autobots first where the sides allow). Refuses what page 4
    forbids: two of the same leader, two Autobots in a 2- or 3-player game, two Decepticons
    in a 2-player game."""
    n = len(seats)
    if n not in PLAYERS:
        raise ValueError(f"Risk Transformers is for 2 to 4 players, not {n}")
    picks = dict(picks or {})
    if set(picks) - set(seats):
        raise ValueError(f"picks for seats not at the table: {sorted(set(picks) - set(seats))}")
    bad = [p for p in picks.values() if p not in SIDES]
    if bad:
        raise ValueError(f"unknown leaders {bad}")
    chosen = list(picks.values())
    if len(set(chosen)) != len(chosen):
        raise ValueError("two players picked the same leader")
    want = {AUTOBOT: 1, DECEPTICON: 1} if n == 2 else {AUTOBOT: 1, DECEPTICON: 2} if n == 3 else \
        {AUTOBOT: 2, DECEPTICON: 2}
    for side, cap in want.items():
        if sum(1 for p in chosen if SIDES[p] == side) > cap:
            raise ValueError(f"a {n}-player game has {cap} {side} leader{'s' if cap > 1 else ''}")
    side_of = _seat_sides(seats, picks, want)
    out = dict(picks)
    free = [p for p in ("optimus_prime", "bumblebee", "megatron", "barricade") if p not in chosen]
    for seat in seats:
        if seat not in out:
            out[seat] = next(p for p in free if SIDES[p] == side_of[seat])
            free.remove(out[seat])
    return {s: out[s] for s in seats}


def _seat_sides(seats: Sequence[str], picks: Mapping[str, str], want: Mapping[str, int]) -> dict[str, str]:
    """Each seat's side: the picked ones', the others filled Autobots first; in a 4-player
    game alternating round the table (teammates sit opposite)."""
    if len(seats) == 4:
        anchor = next((i for i, s in enumerate(seats) if s in picks), None)
        first = AUTOBOT if anchor is None else SIDES[picks[seats[anchor]]]
        if anchor is not None and anchor % 2:
            first = DECEPTICON if first == AUTOBOT else AUTOBOT
        other = DECEPTICON if first == AUTOBOT else AUTOBOT
        sides = {s: (first if i % 2 == 0 else other) for i, s in enumerate(seats)}
        wrong = [s for s, lid in picks.items() if SIDES[lid] != sides[s]]
        if wrong:
            raise ValueError("teammates sit opposite: the sides must alternate round the table")
        return sides
    left = dict(want)
    for lid in picks.values():
        left[SIDES[lid]] -= 1
    sides = {}
    for s in seats:
        if s in picks:
            sides[s] = SIDES[picks[s]]
        else:
            sides[s] = AUTOBOT if left[AUTOBOT] > 0 else DECEPTICON
            left[sides[s]] -= 1
    return sides


def teams(leaders: Mapping[str, str]) -> dict[str, frozenset[str]]:
    """Seat → its team (itself and its teammate) in a 4-player game; alone otherwise."""
    if len(leaders) != 4:
        return {s: frozenset((s,)) for s in leaders}
    by_side: dict[str, set[str]] = {}
    for seat, lid in leaders.items():
        by_side.setdefault(SIDES[lid], set()).add(seat)
    return {s: frozenset(by_side[SIDES[lid]]) for s, lid in leaders.items()}
