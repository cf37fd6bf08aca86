"""The shape of every action, checked at the door before any rule runs.

An action is a JSON object with a ``"type"``; each type has a fixed set of parts (keys), each
of a fixed kind with bounds. Anything else is refused with :class:`MalformedAction` (key
``err.malformed``): an unknown type, an unknown or missing part, a part of the wrong type
(``True`` where a number goes, a list where a name goes), a number out of bounds, a list too
long. The checks are flat (no recursion into what the player sent), so a list nested ten
thousand deep or a number with ten thousand digits costs one ``type()`` call.

The messages are in the game's words (never the JSON key names) and never repeat what the
player typed; a schema is plain data, so an engine builds its own once and keeps it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.rules.errors import MalformedAction

__all__ = [
    "DETAILS",
    "Field",
    "Schema",
    "check_action",
    "choice",
    "flag",
    "id_list",
    "mapping",
    "name",
    "whole",
]

# Every detail sentence a malformed action can get (English catalog text, ``err.malformed.*``).
DETAILS: dict[str, str] = {
    "err.malformed.action": "it is not a move.",
    "err.malformed.type": "this game has no such move.",
    "err.malformed.extra": "it has parts this move does not take.",
    "err.malformed.territory": "the territory must be one of the map's territories.",
    "err.malformed.count": "the number of members must be a whole number from {lo} to {hi}.",
    "err.malformed.until": "rolling until the attack is decided is a yes or a no.",
    "err.malformed.cards": "the cards to trade must be territory cards, from 1 to {hi} of them.",
    "err.malformed.powers": "the power cards must be this game's power cards, at most {hi} of them.",
    "err.malformed.power": "the power card must be one of this game's power cards.",
    "err.malformed.placements": "the neutral members go on 1 to {hi} territories, 1 to {n} members on each.",
    "err.malformed.order": "the defence order must be always, only to save a territory, or never.",
    "err.malformed.card": "the card must be one of the game's country cards.",
    "err.malformed.line": "the line must be 1, 2, 3 or the General line.",
    "err.malformed.seat": "the player must be one of this game's players.",
    "err.malformed.limit": "the number of missed turns must be a whole number from 1 to 10.",
}


@dataclass(frozen=True)
class Field:
    """One part of an action: a fast predicate, whether it must be there, and the detail
    sentence (catalog key and params) a wrong or missing value gets."""

    ok: Callable[[Any], bool]
    key: str
    required: bool = False
    params: Mapping[str, Any] = field(default_factory=dict)

    def error(self) -> MalformedAction:
        return MalformedAction(self.key, DETAILS[self.key], **self.params)

    def optional(self) -> Field:
        return Field(self.ok, self.key, False, self.params)

    def needed(self) -> Field:
        return Field(self.ok, self.key, True, self.params)


@dataclass(frozen=True)
class Schema:
    """Action type → its parts; per type, the allowed and required keys are kept as sets so
    the common case costs two set comparisons and one predicate call per part."""

    types: Mapping[str, Mapping[str, Field]]
    oks: Mapping[str, Mapping[str, Callable[[Any], bool]]] = field(default_factory=dict)
    allowed: Mapping[str, frozenset[str]] = field(default_factory=dict)
    required: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    required_set: Mapping[str, frozenset[str]] = field(default_factory=dict)
    # type → (allowed keys, predicates, required keys): what the door reads, in one look-up
    door: Mapping[str, tuple[frozenset[str], Mapping[str, Callable[[Any], bool]], frozenset[str]]] = field(
        default_factory=dict)

    @classmethod
    def of(cls, types: Mapping[str, Mapping[str, Field]]) -> Schema:
        required = {k: tuple(n for n, f in v.items() if f.required) for k, v in types.items()}
        oks = {k: {n: f.ok for n, f in v.items()} for k, v in types.items()}
        allowed = {k: frozenset(v) | {"type"} for k, v in types.items()}
        required_set = {k: frozenset(v) for k, v in required.items()}
        return cls(
            {k: dict(v) for k, v in types.items()},
            oks,
            allowed,
            required,
            required_set,
            {k: (allowed[k], oks[k], required_set[k]) for k in types},
        )


def check_action(schema: Schema, action: Any) -> str:
    """The action's type if its shape is right; else :class:`MalformedAction`."""
    if not isinstance(action, dict):
        raise MalformedAction("err.malformed.action", DETAILS["err.malformed.action"])
    kind = action.get("type")
    if type(kind) is not str:
        raise MalformedAction("err.malformed.action", DETAILS["err.malformed.action"])
    door = schema.door.get(kind)
    if door is None:
        raise MalformedAction("err.malformed.type", DETAILS["err.malformed.type"])
    allowed, oks, required = door
    keys = action.keys()
    if not keys <= allowed:
        raise MalformedAction("err.malformed.extra", DETAILS["err.malformed.extra"])
    for key, value in action.items():
        if key != "type" and not oks[key](value):
            raise schema.types[kind][key].error()
    if not required <= keys:
        missing = next(k for k in schema.required[kind] if k not in action)
        raise schema.types[kind][missing].error()
    return kind


# -- field builders ------------------------------------------------------------------------
# Each takes the catalog key of its detail sentence; ``type(v) is int`` refuses ``True``.


def name(ids: Collection[str], key: str, required: bool = True) -> Field:
    """One of ``ids`` (a territory, a card, a power)."""
    known = frozenset(ids)
    return Field(lambda v: type(v) is str and v in known, key, required)


def whole(lo: int, hi: int, key: str, required: bool = False, slack: int = 0) -> Field:
    """A whole number from ``lo`` to ``hi`` (never a bool, never a float). With ``slack``,
    numbers down to ``lo - slack`` pass the door too, so the rules can answer a typo such as
    0 with the range that applies now ("between 1 and 5"); the message still says lo–hi."""
    low = lo - slack
    return Field(lambda v: type(v) is int and low <= v <= hi, key, required, {"lo": lo, "hi": hi})


def flag(key: str, required: bool = False) -> Field:
    return Field(lambda v: type(v) is bool, key, required)


def choice(values: Iterable[Any], key: str, required: bool = True) -> Field:
    """Exactly one of ``values`` (compared with their type: ``True`` is not ``1``)."""
    known = {v: type(v) for v in values}  # True == 1, so the type is compared too
    plain = (str, int, bool)
    return Field(lambda v: type(v) in plain and known.get(v) is type(v), key, required)


def id_list(ids: Collection[str], lo: int, hi: int, key: str, required: bool = True) -> Field:
    """A list of ``lo``–``hi`` names from ``ids`` (repeats are the rules' business)."""
    known = frozenset(ids)
    return Field(lambda v: type(v) is list and lo <= len(v) <= hi and all(type(x) is str and x in known for x in v),
                 key, required, {"hi": hi})


def mapping(ids: Collection[str], lo: int, hi: int, vlo: int, vhi: int, key: str, required: bool = True) -> Field:
    """An object of ``lo``–``hi`` entries name → whole number from ``vlo`` to ``vhi``."""
    known = frozenset(ids)

    def ok(v: Any) -> bool:
        return (type(v) is dict and lo <= len(v) <= hi
                and all(type(k) is str and k in known and type(n) is int and vlo <= n <= vhi for k, n in v.items()))

    return Field(ok, key, required, {"hi": hi, "n": vhi})
