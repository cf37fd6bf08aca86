"""The one autocomplete: a command option's choices, read from the compact legal actions.

Every game's slash commands fill the parts of an action (``/peaky attack from: to: count:``
fills an ``attack``'s ``from``, ``to`` and ``count``). So the list Discord shows for an option
is the values that part takes in the legal forms (:mod:`bot.rules.compact`: a list is one
of its items, ``{"min", "max"}`` a range), narrowed by the options already filled in and by
what was typed so far. This module does that once for every game; a game only *declares*,
per command option, the :class:`Slot` it fills: which part, how a typed value resolves to
that part's value, how a value is labelled (labels may read the view: the odds of a target)
and what is sent back to Discord. Pure: no Discord, no state (the caller passes the legal
forms and the view of the seat asking).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.i18n import shorten
from bot.rules.errors import AmbiguousName
from bot.rules.names import fold

__all__ = ["LIMIT", "Command", "Context", "Slot", "complete", "fits", "matches", "numbers", "values_of"]

LIMIT = 25  # Discord shows at most 25 choices
NAME = 100  # and cuts a choice's name at 100 characters

Action = dict[str, Any]


def matches(current: str | None, *texts: str) -> bool:
    """Whether what a player typed so far fits one of ``texts`` (case and accents ignored)."""
    needle = fold(current or "")
    return not needle or any(needle in fold(x) for x in texts)


def numbers(lo: int, hi: int, current: Any = "", limit: int = LIMIT) -> list[int]:
    """Whole numbers in ``[lo, hi]`` to offer for a count: those starting with the digits
    typed so far, else all of them (largest first), else ``limit`` of them spread over the
    range. Never walks the range, so a range of millions costs nothing."""
    if hi < lo:
        return []
    text = str(current or "").strip()
    if text:
        if not (text.isascii() and text.isdigit()):
            return []
        out: list[int] = []
        start, width = int(text), 1
        while start <= hi and len(out) < limit:  # "1" → 1, 10–19, 100–199…
            for n in range(max(start, lo), min(start + width - 1, hi) + 1):
                out.append(n)
                if len(out) >= limit:
                    break
            if start == 0:
                break
            start, width = start * 10, width * 10
        return out
    if hi - lo + 1 <= limit:
        return list(range(hi, lo - 1, -1))
    step = (hi - lo) / (limit - 1)
    spread = sorted({round(hi - i * step) for i in range(limit)}, reverse=True)
    return spread


@dataclass
class Context:
    """What a label may read: the view of the seat asking, its language and the players'
    names, the legal forms left once the filled options narrowed them, and those options'
    values (by option name, already resolved)."""

    view: Mapping[str, Any]
    lang: str
    names: Mapping[str, str]
    forms: list[Action]
    given: dict[str, Any]


def same(value: Any) -> Any:
    """A value sent to Discord as it is."""
    return value


Labels = Callable[[list[Any], Context], list[str]]


@dataclass(frozen=True)
class Slot:
    """One command option, declared by its game.

    ``part``: the part of the action forms it fills. ``resolve``: typed text → that part's
    value, ``None`` when nothing fits (an unknown or unresolvable option narrows nothing);
    ``resolve=None``: the option never narrows the others (a count). ``labels``: the labels
    of some values, in one call (so odds are computed in one table, not one per value).
    ``texts``: besides the label, what the typed text may match (a key, an English name);
    ``match_label``: whether the label itself may be matched too (else only ``texts`` are,
    before any label is made). ``send``: the value sent to Discord (line ``0`` → ``"1"``).
    ``values``: the choices when they are not the part's own values (a razor total for a
    set of cards). ``requires``: options that must be filled in first, else no choice.
    ``sort``: by label (names), else in the engine's order. For the click chains
    (:mod:`bot.games.chain`): ``to_part`` turns a chosen value into the part's value when the
    choices are not the part's own values (a razor total → the cards that make it);
    ``for_me``: the menu offers "pick for me" (a claim).
    """

    part: str
    resolve: Callable[[Any], Any] | None = None
    labels: Labels | None = None
    texts: Callable[[Any, Context], Sequence[str]] | None = None
    match_label: bool = False
    send: Callable[[Any], Any] = same
    values: Callable[[Context], list[Any]] | None = None
    requires: tuple[str, ...] = ()
    sort: bool = False
    to_part: Callable[[Any, Context], Any] | None = None
    for_me: bool = False
    ask: bool = True  # a chain asks it (else the action leaves it out: its default)


@dataclass(frozen=True)
class Command:
    """A slash command's options, each the :class:`Slot` it fills, over the action ``types``.
    ``build``: the action of the options' values (by option name), for a command whose
    action is not its parts filled in (three territories → a neutral gang's placements).
    ``private``: its choices read a secret (the cards of a hand)."""

    types: tuple[str, ...]
    options: Mapping[str, Slot] = field(default_factory=dict)
    build: Callable[[dict[str, Any], Context], Action] | None = None
    private: bool = False  # its values are secrets (a hand): clicked in a message only its player sees


def _is_range(spec: Any) -> bool:
    return isinstance(spec, dict) and "min" in spec and "max" in spec


def fits(spec: Any, value: Any) -> bool:
    """Whether a form's part ``spec`` allows ``value`` (one of a list, within a range, equal)."""
    if isinstance(spec, list):
        return value in spec
    if _is_range(spec):
        return isinstance(value, int) and spec["min"] <= value <= spec["max"]
    return spec == value


def values_of(forms: list[Action], part: str) -> tuple[list[Any], tuple[int, int] | None]:
    """The values ``part`` takes in ``forms``, each once in the engines' order, and the span
    of its ranges (``None`` if it has none)."""
    seen: dict[Any, None] = {}
    span: tuple[int, int] | None = None
    for form in forms:
        spec = form.get(part)
        if spec is None:
            continue
        if _is_range(spec):
            lo, hi = spec["min"], spec["max"]
            span = (lo, hi) if span is None else (min(span[0], lo), max(span[1], hi))
        elif isinstance(spec, list):
            seen.update(dict.fromkeys(x for x in spec if not isinstance(x, (dict, list))))
        elif not isinstance(spec, dict):
            seen[spec] = None
    return list(seen), span


def _resolve(slot: Slot, text: Any) -> Any:
    if slot.resolve is None or text is None or (isinstance(text, str) and not text.strip()):
        return None
    try:
        return slot.resolve(text)
    except AmbiguousName:  # several fit: no narrowing until the player says which
        return None


def complete(commands: Mapping[str, Command], command: str, option: str, legal: list[Action],
             view: Mapping[str, Any], given: Mapping[str, Any], current: Any, lang: str,
             names: Mapping[str, str]) -> list[tuple[str, Any]]:
    """The choices of ``/<game> <command>``'s ``option``: ``[(label, value)]``, at most 25,
    each value once, only what is legal now (``legal``: the seat's legal forms) given the
    options already filled in (``given``, by the options' Discord names), filtered by the
    text typed so far (``current``)."""
    cmd = commands.get(command)
    slot = cmd.options.get(option) if cmd is not None else None
    if cmd is None or slot is None:
        return []
    forms = [f for f in legal if f.get("type") in cmd.types]
    resolved: dict[str, Any] = {}
    for name, other in cmd.options.items():
        if name == option:
            continue
        value = _resolve(other, given.get(name))
        if value is None:
            continue
        resolved[name] = value
        forms = [f for f in forms if other.part in f and fits(f[other.part], value)]
    if not forms or any(r not in resolved for r in slot.requires):
        return []
    ctx = Context(view, lang, names, forms, resolved)
    text = "" if current is None else str(current)
    if slot.values is not None:
        found, span = slot.values(ctx), None
    else:
        found, span = values_of(forms, slot.part)
    if span is not None:  # a count: the digits typed choose, never the labels
        shown: list[Any] = numbers(span[0], span[1], text)
    elif slot.match_label:
        shown = found
    else:
        shown = [v for v in found if matches(text, *(slot.texts(v, ctx) if slot.texts else (str(slot.send(v)),)))]
    labels = slot.labels(shown, ctx) if slot.labels else [str(v) for v in shown]
    out: list[tuple[str, Any]] = []
    sent: set[Any] = set()
    for value, label in zip(shown, labels, strict=True):
        back = slot.send(value)
        if back in sent:
            continue
        if slot.match_label and span is None and not matches(
                text, label, *(slot.texts(value, ctx) if slot.texts else (str(back),))):
            continue
        sent.add(back)
        out.append((shorten(label, NAME), back))  # at a word, with an ellipsis
    if slot.sort:
        out.sort(key=lambda c: fold(c[0]))
    return out[:LIMIT]
