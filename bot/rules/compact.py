"""The one reading of the compact legal actions every engine returns.

``legal_actions`` must stay short enough for Discord's menus and cheap enough for random play,
yet say exactly what ``apply`` accepts. So a *form* is a concrete action in which some parts
still hold a choice. An action matches a form when it has the form's ``"type"``, no part the
form does not name, and for each part of the form:

==============================  =====================================================  ========================
the form's value                the action's value                                      may the action leave it out?
==============================  =====================================================  ========================
a list ``[a, b, …]``            one of them                                             only if ``False`` is one
``{"min": a, "max": b}``        a whole number from a to b (never ``True``/``False``)    only if it has ``"default"``
``{"some_of": [a, b, …]}``      a list of different ones of them, any number, any order  yes (= ``[]``)
anything else (``True``, ids)   exactly that (same type: ``True`` is not ``1``)          only if it is ``False``
==============================  =====================================================  ========================

A flag is off when left out, so ``{"type": "roll", "until": False}`` also matches
``{"type": "roll"}``. Two forms read differently, because their choice is a combination:

* ``{"type": "trade", "cards": [hand], "razors": {"min", "max"}, "points": {card: n}}`` —
  the action is ``{"type": "trade", "cards": [ids]}``: different cards of the hand whose
  points add up to a total within ``razors``;
* ``{"type": "neutral", "faction": f, "territories": [ids], "members": m, "spread": k}`` —
  the action is ``{"type": "neutral", "placements": {id: n}}``: 1 to ``k`` of the territories,
  each given at least one member, ``m`` in all.

:func:`accepts` is that reading; :func:`expand` lists the concrete actions of forms, and
:func:`choose` picks one at random (random play, simulators, benchmarks); :func:`pick_action`
picks a kind, a form and then ``choose`` (the one random pick of every game and policy).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations, islice, product
from typing import Any

__all__ = ["accepts", "choose", "expand", "fill", "matches", "pick_action"]

Action = dict[str, Any]

_PLAIN = frozenset({str, int, bool, float, type(None)})


def _special(form: Action) -> bool:
    kind = form.get("type")
    return (kind == "trade" and "razors" in form) or (kind == "neutral" and "territories" in form)


def accepts(legal: list[Action], action: Any) -> bool:
    """Whether ``action`` is one of the concrete actions the forms in ``legal`` stand for."""
    if not isinstance(action, dict):
        return False
    kind = action.get("type")
    if type(kind) is not str:
        return False
    return any(form.get("type") == kind and matches(form, action) for form in legal)


def matches(form: Action, action: Action) -> bool:
    """Whether ``action`` is one of the concrete actions of one ``form``."""
    if action.get("type") != form.get("type"):
        return False
    if _special(form):
        return _match_trade(form, action) if form["type"] == "trade" else _match_neutral(form, action)
    for key in action:
        if key != "type" and key not in form:
            return False
    for key, spec in form.items():
        if key == "type":
            continue
        if key in action:
            if not _match_value(spec, action[key]):
                return False
        elif not _omissible(spec):
            return False
    return True


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


def _is_range(spec: Any) -> bool:
    return isinstance(spec, dict) and "min" in spec and "max" in spec


def _match_value(spec: Any, value: Any) -> bool:
    if isinstance(spec, list):
        return any(_same(x, value) for x in spec)
    if _is_range(spec):
        return type(value) is int and spec["min"] <= value <= spec["max"]
    if isinstance(spec, dict) and "some_of" in spec:
        if type(value) is not list:
            return False
        pool = spec["some_of"]
        seen: list[Any] = []
        for x in value:
            if any(_same(x, y) for y in seen) or not any(_same(x, p) for p in pool):
                return False
            seen.append(x)
        return True
    return _same(spec, value)


def _omissible(spec: Any) -> bool:
    if isinstance(spec, list):
        return any(x is False for x in spec)
    if isinstance(spec, dict):
        return "default" in spec or "some_of" in spec
    return spec is False


def _match_trade(form: Action, action: Action) -> bool:
    if set(action) != {"type", "cards"}:
        return False
    cards = action["cards"]
    points = form["points"]
    if type(cards) is not list or not cards or not all(type(c) is str and c in points for c in cards):
        return False
    if len(set(cards)) != len(cards):
        return False
    total = sum(points[c] for c in cards)
    return form["razors"]["min"] <= total <= form["razors"]["max"]


def _match_neutral(form: Action, action: Action) -> bool:
    if set(action) != {"type", "placements"}:
        return False
    placements = action["placements"]
    if type(placements) is not dict or not 1 <= len(placements) <= form.get("spread", 3):
        return False
    terrs = form["territories"]
    for tid, n in placements.items():
        if type(tid) is not str or tid not in terrs or type(n) is not int or n < 1:
            return False
    return sum(placements.values()) == form["members"]


# -- listing and picking --------------------------------------------------------------------


def expand(legal: list[Action], limit: int = 1000) -> list[Action]:
    """The concrete actions of ``legal``, form by form, at most ``limit`` of them. Every part
    is given explicitly (nothing left to its default); lists of a choice (``some_of``, trade
    cards) are listed smallest first."""
    out: list[Action] = []
    for form in legal:
        if len(out) >= limit:
            break
        out.extend(islice(_expand(form), limit - len(out)))
    return out


def _expand(form: Action) -> Iterator[Action]:
    kind = form["type"]
    if _special(form):
        yield from (_expand_trade(form) if kind == "trade" else _expand_neutral(form))
        return
    keys = [k for k in form if k != "type"]
    for values in product(*(_choices(form[k]) for k in keys)):
        yield {"type": kind, **dict(zip(keys, values, strict=True))}


def _choices(spec: Any) -> list[Any]:
    if isinstance(spec, list):
        return list(spec)
    if _is_range(spec):
        return list(range(spec["min"], spec["max"] + 1))
    if isinstance(spec, dict) and "some_of" in spec:
        pool = spec["some_of"]
        return [list(c) for k in range(len(pool) + 1) for c in combinations(pool, k)]
    return [spec]


def _expand_trade(form: Action) -> Iterator[Action]:
    hand, points = form["cards"], form["points"]
    lo, hi = form["razors"]["min"], form["razors"]["max"]
    for k in range(1, len(hand) + 1):
        if k > hi:  # every card is worth at least one
            return
        for combo in combinations(hand, k):
            if lo <= sum(points[c] for c in combo) <= hi:
                yield {"type": "trade", "cards": list(combo)}


def _compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    if parts == 1:
        yield (total,)
        return
    for first in range(1, total - parts + 2):
        for rest in _compositions(total - first, parts - 1):
            yield (first, *rest)


def _expand_neutral(form: Action) -> Iterator[Action]:
    terrs, members = form["territories"], form["members"]
    for k in range(1, min(form.get("spread", 3), len(terrs), members) + 1):
        for combo in combinations(terrs, k):
            for split in _compositions(members, k):
                yield {"type": "neutral", "placements": dict(zip(combo, split, strict=True))}


def pick_action(forms: list[Action], pick: Callable[[int], int]) -> Action:
    """A random concrete action of ``forms``: first a kind of action, then one of its forms,
    then :func:`choose` in it. Picking the kind first keeps random games short (ending a
    phase is as likely as any one attack among dozens). No draw is spent on a choice of one
    (one kind, one form), so a seeded game's draws do not depend on how forms are grouped."""
    if len(forms) == 1:
        return choose(forms[0], pick)
    first = forms[0]["type"]
    for a in forms:
        if a["type"] != first:
            kinds = sorted({a["type"] for a in forms})
            kind = kinds[pick(len(kinds))]
            forms = [a for a in forms if a["type"] == kind]
            break
    return choose(forms[pick(len(forms))] if len(forms) > 1 else forms[0], pick)


def choose(form: Action, pick: Callable[[int], int]) -> Action:
    """One concrete action of ``form``, chosen with ``pick(n) -> [0, n)`` (``Rng.below`` or
    ``random.Random().randrange``). Every part is given explicitly."""
    kind = form["type"]
    if (kind == "trade" or kind == "neutral") and _special(form):
        return _choose_trade(form, pick) if kind == "trade" else _choose_neutral(form, pick)
    out: Action = {}
    for key, spec in form.items():
        if type(spec) in _PLAIN:  # no choice in it: most parts of most forms
            out[key] = spec
        elif isinstance(spec, list) and key != "type":
            out[key] = spec[pick(len(spec))]
        elif isinstance(spec, dict) and "min" in spec and "max" in spec:  # _is_range, inlined
            low = spec["min"]
            out[key] = low + pick(spec["max"] - low + 1)
        elif isinstance(spec, dict) and "some_of" in spec:
            out[key] = [x for x in spec["some_of"] if pick(2)]
        else:
            out[key] = spec
    return out


def _choose_trade(form: Action, pick: Callable[[int], int]) -> Action:
    """A random order of the hand, then greedily every card that keeps the total within the
    top of the range: always a valid trade, and usually a big one (as players trade)."""
    hand, points, hi = list(form["cards"]), form["points"], form["razors"]["max"]
    for i in range(len(hand) - 1, 0, -1):
        j = pick(i + 1)
        hand[i], hand[j] = hand[j], hand[i]
    chosen: list[str] = []
    total = 0
    for card in hand:
        if total + points[card] <= hi:
            chosen.append(card)
            total += points[card]
    return {"type": "trade", "cards": chosen}


def _choose_neutral(form: Action, pick: Callable[[int], int]) -> Action:
    terrs = list(form["territories"])
    members = form["members"]
    k = 1 + pick(min(form.get("spread", 3), len(terrs), members))
    chosen = [terrs.pop(pick(len(terrs))) for _ in range(k)]
    placements = dict.fromkeys(chosen, 1)
    for _ in range(members - k):
        placements[chosen[pick(k)]] += 1
    return {"type": "neutral", "placements": placements}


def fill(form: Action, **wanted: Any) -> Action:
    """A concrete action of ``form``: the values in ``wanted`` where given, else each range's
    largest number, each list's first choice, no extra (an empty some-of): "everything on
    this one", the way rules of thumb play (the beginner, the AI's styles)."""
    out: Action = {}
    for key, spec in form.items():
        if key in wanted:
            out[key] = wanted[key]
        elif isinstance(spec, list) and key != "type":
            out[key] = spec[0]
        elif isinstance(spec, dict) and "min" in spec and "max" in spec:
            out[key] = spec["max"]
        elif isinstance(spec, dict) and "some_of" in spec:
            out[key] = []
        else:
            out[key] = spec
    return out
