"""What a throw can fill, for Risk Express's hot path (:mod:`.game`): each multiset of dice
compiled once into a :class:`Throw` (the lines it meets, as a dict and as bit masks), and the
options of a throw worked out from those masks and the cards' owners.

The cards are bits in the cards' order (``BIT``): a throw "fits" when a mask test says so, and
only a throw that fits has its options listed. The options are the tuples ``(card, line, dice
used, key)`` of :func:`.cards.tray_lines` (``key``: the line's key in the attempt's
``"filled"``), in the cards' order and each card's lines then its General line.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations_with_replacement
from typing import Any

from bot.rules.risk_express.cards import DICE, FACES, GENERAL, board, tray_lines
from bot.rules.rng import Rng, counted_roller

__all__ = ["BIT", "CARDS", "GENERALS", "LINES", "THROWS", "Throw", "card_options", "compile_all", "filled_bits", "first_options", "key_of", "options", "roll", "targets",
           "throw_of"]

Option = tuple[str, Any, tuple[str, ...], str]

# rng.roll(count, FACES), faster, with a number naming the throw's dice as a multiset
roll: Callable[[Rng, int], tuple[list[str], int]] = counted_roller(FACES, DICE)
_WEIGHT = {face: (DICE + 1) ** i for i, face in enumerate(FACES)}  # the roller's multiset number
_WEIGHTS = _WEIGHT.__getitem__

_ORDER, _CONTINENT, LINES, _MEMBERS = board()
BIT = {cid: 1 << i for i, cid in enumerate(_ORDER)}
# card id → the option of filling its General line
GENERALS: dict[str, Option] = {cid: (cid, GENERAL, (GENERAL,), GENERAL) for cid in _ORDER}
# (card, its bit, its General option) in the cards' order
CARDS = tuple((cid, BIT[cid], GENERALS[cid]) for cid in _ORDER)
_CONTINENT_BITS = {cont: sum(BIT[c] for c in members) for cont, members in _MEMBERS.items()}


class Throw:
    """One multiset of dice: ``met`` (card → the options it fills, as ``tray_lines``),
    ``cards`` (the bits of the cards with a line met), ``lines`` (card → the bits of its lines
    met: line ``i`` is bit ``i``) and ``general`` (a General among the dice)."""

    __slots__ = ("cards", "firsts", "general", "lines", "met", "rows")

    def __init__(self, dice: list[str]) -> None:
        self.met = met = tray_lines(tuple(sorted(dice)))
        self.cards = sum(BIT[cid] for cid in met)
        self.lines = {cid: sum(1 << o[1] for o in opts) for cid, opts in met.items()}
        self.general = GENERAL in dice
        # (bit, options, options then the General option) of each card to look at for a first
        # fill, in order: with a General every card (its General line may do), else those
        # with a line met
        self.rows = tuple((bit, met.get(cid, ()), (*met.get(cid, ()), general)) for cid, bit, general in CARDS
                          if self.general or cid in met)
        # (open cards, those another player owns) as one number → this throw's first options
        self.firsts: dict[int, tuple[Option, ...]] = {}


THROWS: dict[int, Throw] = {}  # the roller's multiset number → its Throw (at most 1,715)


def throw_of(key: int, dice: list[str]) -> Throw:
    """The :class:`Throw` of ``dice``, whose multiset number is ``key``. A miss also compiles
    the next :data:`_AHEAD` multisets of one to seven dice not met yet (:func:`_compile_ahead`,
    a few ms: an engine call may run on the event loop), so a process pays the ~100 µs of a
    new throw ~100 times, not 1,715."""
    found = THROWS.get(key)
    if found is None:
        found = THROWS.setdefault(key, Throw(dice))  # one compiled meanwhile by a thread is kept
        _compile_ahead()
    return found


_MULTISETS = [dice for count in range(1, DICE + 1) for dice in combinations_with_replacement(FACES, count)]
_AHEAD = 16  # multisets compiled ahead at each miss (~1-2 ms)
_NEXT = [0]  # where the next miss goes on (threads racing on it at worst compile one twice)


def _compile_ahead() -> None:
    """The next :data:`_AHEAD` multisets of :data:`_MULTISETS` compiled into :data:`THROWS`
    (a throw met already is kept: a reader may hold its ``firsts``)."""
    start = _NEXT[0]
    if start >= len(_MULTISETS):
        return
    _NEXT[0] = start + _AHEAD
    for dice in _MULTISETS[start:start + _AHEAD]:
        key = key_of(dice)
        if key not in THROWS:
            THROWS.setdefault(key, Throw(list(dice)))


def compile_all() -> None:
    """Every multiset of one to seven dice compiled (1,715: ~80 ms of CPU): what the engine's
    ``warm`` does once the bot is online, so that no move meets a throw for the first time."""
    while _NEXT[0] < len(_MULTISETS):
        _compile_ahead()


def key_of(dice: list[str]) -> int:
    """The multiset number of ``dice`` (as the roller gives it beside a throw)."""
    return sum(map(_WEIGHTS, dice))


_HELD: dict[tuple[Any, ...], tuple[int, dict[Any, int]]] = {}  # owners → (owned, owner → its cards), bits
_HELD_KEPT = 4096  # then the memo starts again
_ALL = (1 << len(_ORDER)) - 1
_BITS = tuple(BIT[cid] for cid in _ORDER)


def targets(owners: dict[str, str | None], seat: str, locked: list[str]) -> tuple[int, int]:
    """(the cards ``seat`` may invade: neither theirs nor in a locked continent; those of them
    another player owns), as bits. Who holds what is remembered by the owners' values (in the
    cards' order, as every state holds them: built so, and copied): the seats of a table
    share it between two conquests."""
    key = tuple(owners.values())
    held = _HELD.get(key)
    if held is None:
        if len(_HELD) >= _HELD_KEPT:
            _HELD.clear()
        by: dict[Any, int] = {}
        for owner, bit in zip(key, _BITS, strict=True):
            if owner is not None:
                by[owner] = by.get(owner, 0) | bit
        held = _HELD[key] = (sum(by.values()), by)
    owned, by = held
    open_ = _ALL & ~by.get(seat, 0)
    for cont in locked:
        open_ &= ~_CONTINENT_BITS[cont]
    return open_, owned & open_


def first_options(t: Throw, open_: int, others: int) -> tuple[Option, ...]:
    """The options of throw ``t`` when no card is chosen yet: every line it meets of a card in
    ``open_``, and with a General, every General line of a card in ``others`` (remembered per
    throw and cards: a table meets the same few again and again)."""
    key = open_ << 32 | others
    found = t.firsts.get(key)
    if found is not None:
        return found
    out: list[Option] = []
    if t.general:  # a General invades any card another player owns
        for bit, lines, with_general in t.rows:
            if open_ & bit:
                out += with_general if others & bit else lines
    else:
        for bit, lines, _ in t.rows:  # in the cards' order
            if open_ & bit:
                out += lines
    if len(t.firsts) >= _FIRSTS_KEPT:
        t.firsts.clear()
    found = t.firsts[key] = tuple(out)
    return found


_FIRSTS_KEPT = 64  # per throw; then its memo starts again


def card_options(t: Throw, card: str, filled: dict[str, Any], general_owed: bool, unfilled: int) -> list[Option]:
    """The options of throw ``t`` on the chosen ``card``: its lines met and not yet filled
    (``unfilled``: ``~filled_bits(filled)``), then its General line if one is owed and thrown."""
    if t.lines.get(card, 0) & ~unfilled:  # a line met is filled already
        out = [o for o in t.met[card] if o[3] not in filled]
    else:
        out = list(t.met.get(card, ()))
    if general_owed and t.general:
        out.append(GENERALS[card])
    return out


def options(state: dict[str, Any], t: Throw) -> list[Option] | tuple[Option, ...]:
    """Every option of throw ``t`` for the seat to play in ``state`` (its attempt)."""
    att = state["attempt"]
    seat = state["order"][state["current"]]
    card = att["card"]
    if card is None:
        return first_options(t, *targets(state["owners"], seat, state["locked"]))
    owner = state["owners"][card]
    filled = att["filled"]
    return card_options(t, card, filled, owner is not None and owner != seat and GENERAL not in filled,
                        ~filled_bits(filled))


def filled_bits(filled: dict[str, Any]) -> int:
    """The lines filled (not the General), as bits: line ``i`` (key ``str(i)``) is bit ``i``."""
    return ("0" in filled) | ("1" in filled) << 1 | ("2" in filled) << 2
