"""Click chains: a move made by menus and buttons alone, read from the same declarations as
the autocomplete (:mod:`bot.games.choices`).

A game declares, per slash command, the :class:`~bot.games.choices.Slot` each option fills. A
chain walks those options in their declared order: each *step* offers the values that option's
part takes in the legal forms still open (narrowed by the steps already taken), labelled as
the autocomplete labels them (the odds of a target, the members on a territory); a range
becomes count buttons (1, 2, 3, all but one, all). When every step is taken, the values are
the action. So a game that declares its commands is played by clicks with nothing more.

Pure: no Discord, no state. The steps taken travel in a button's custom id as *tokens*: the
index of the value among the step's values for a pick, the number itself for a count, and
``+part`` for a flag turned on at the end (``until``: roll until decided). At one version of
a game the legal forms, hence the steps and their values, are always the same, so a token
means the same value when the click comes back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.games.choices import Command, Context, Slot, fits, values_of
from bot.i18n import text_of

__all__ = ["Step", "action_of", "chain_commands", "count_choices", "flags_of", "walk"]

Action = dict[str, Any]
BUTTON_COUNTS = 5  # count buttons on one row


@dataclass(frozen=True)
class Step:
    """One step of a chain: the command option it fills, and what may be chosen.

    ``count``: a range (``values`` are then the numbers offered as buttons, ``span`` the whole
    range); else a pick among ``values`` (a menu). ``labels`` go with ``values``."""

    option: str
    slot: Slot
    values: list[Any]
    labels: list[str]
    count: bool = False
    span: tuple[int, int] | None = None


def chain_commands(commands: Mapping[str, Command], legal: list[Action], offered: set[str]) -> list[str]:
    """The commands a click chain is offered for now: those with a legal form whose type the
    decision's buttons do not offer already (``offered``), and options to fill."""
    types = {f.get("type") for f in legal}
    out = []
    for name, cmd in commands.items():
        if not cmd.options:
            continue
        kinds = [k for k in cmd.types if k in types]
        if kinds and not all(k in offered for k in kinds):
            out.append(name)
    return out


def _forms(cmd: Command, legal: list[Action], offered: set[str]) -> list[Action]:
    return [f for f in legal if f.get("type") in cmd.types and f.get("type") not in offered]


def _ctx(view: Mapping[str, Any], lang: str, names: Mapping[str, str], forms: list[Action],
         given: dict[str, Any]) -> Context:
    return Context(view, lang, names, forms, dict(given))


def count_choices(lo: int, hi: int) -> list[int]:
    """The counts offered as buttons for a range: every one when few, else the smallest
    three, all but one and all (at most :data:`BUTTON_COUNTS`), smallest first."""
    if hi - lo + 1 <= BUTTON_COUNTS:
        return list(range(lo, hi + 1))
    return sorted({lo, lo + 1, lo + 2, hi - 1, hi})


def _narrow(forms: list[Action], slot: Slot, value: Any) -> list[Action]:
    if slot.values is not None:  # its values are not the part's (a razor total): no narrowing
        return forms
    return [f for f in forms if slot.part in f and fits(f[slot.part], value)]


def _step(option: str, slot: Slot, forms: list[Action], view: Mapping[str, Any], lang: str,
          names: Mapping[str, str], given: dict[str, Any]) -> Step | None:
    ctx = _ctx(view, lang, names, forms, given)
    if slot.values is not None:
        found, span = slot.values(ctx), None
    else:
        found, span = values_of(forms, slot.part)
    if span is not None:
        shown = count_choices(*span)
        labels = slot.labels(shown, ctx) if slot.labels else [str(v) for v in shown]
        return Step(option, slot, shown, list(labels), count=True, span=span)
    if not found:
        return None
    labels = list(slot.labels(found, ctx)) if slot.labels else [str(v) for v in found]
    pairs = list(zip(found, labels, strict=True))
    if slot.sort:
        from bot.rules.names import fold

        pairs.sort(key=lambda p: fold(p[1]))
    return Step(option, slot, [v for v, _ in pairs], [lab for _, lab in pairs])


def walk(commands: Mapping[str, Command], command: str, tokens: list[str], legal: list[Action],
         view: Mapping[str, Any], lang: str, names: Mapping[str, str],
         offered: set[str] = frozenset()) -> tuple[dict[str, Any], list[Action], Step | None, list[str]]:
    """Follow ``tokens`` through ``command``'s steps: ``(given, forms, next step, flags)``,
    the values chosen by option name, the legal forms left, the step still to take (``None``
    when every one is taken) and the flags turned on. Raises ``ValueError`` for a token that
    does not fit (a stale or forged click)."""
    cmd = commands.get(command)
    if cmd is None:
        raise ValueError(f"no command {command!r}")
    forms = _forms(cmd, legal, offered)
    if not forms:
        raise ValueError("nothing of that command is legal now")
    given: dict[str, Any] = {}
    queue = list(tokens)
    for option, slot in cmd.options.items():
        if not slot.ask:
            continue  # left to its default (the most dice)
        if any(r not in given for r in slot.requires):
            break
        step = _step(option, slot, forms, view, lang, names, given)
        if step is None:
            continue  # this form has no such part (an optional option)
        if step.count and step.span is not None and step.span[0] == step.span[1]:
            value: Any = step.span[0]  # no choice to make
        elif not step.count and len(step.values) == 1 and isinstance(step.values[0], bool):
            value = step.values[0]  # a yes/no with one answer (no leader to send)
        elif not queue:
            return given, forms, step, []
        else:
            token = queue.pop(0)
            value = _value(step, token)
        given[option] = value
        forms = _narrow(forms, slot, value)
        if not forms:
            raise ValueError("no legal form left")
    for part in _open_parts(cmd, forms):  # what no option declares, but the move needs
        step = _step(part, _generic(part), forms, view, lang, names, given)
        if step is None:
            continue
        if not queue:
            return given, forms, step, []
        value = _value(step, queue.pop(0))
        given[part] = value
        forms = _narrow(forms, _generic(part), value)
        if not forms:
            raise ValueError("no legal form left")
    return given, forms, None, _flags(queue, forms)


def _open_parts(cmd: Command, forms: list[Action]) -> list[str]:
    """The parts of the forms left that hold a required choice no option of ``cmd`` fills (a
    revived leader's robot or vehicle mode): a list of values, not an on/off flag."""
    filled = {slot.part for slot in cmd.options.values()}
    out: list[str] = []
    for form in forms:
        for part, spec in form.items():
            if (part != "type" and part not in filled and part not in out and isinstance(spec, list)
                    and False not in spec and len(spec) > 1
                    and all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in spec)):
                out.append(part)
    return out


def _generic(part: str) -> Slot:
    return Slot(part, labels=_generic_labels(part))


def _generic_labels(part: str) -> Any:
    def labels(values: list[Any], ctx: Context) -> list[str]:
        return [text_of(f"chain.value.{part}.{v}", ctx.lang) or str(v).replace("_", " ") for v in values]

    return labels


def _value(step: Step, token: str) -> Any:
    if not token.lstrip("-").isdigit():
        raise ValueError(f"bad token {token!r}")
    n = int(token)
    if step.count:
        assert step.span is not None
        if not step.span[0] <= n <= step.span[1]:
            raise ValueError(f"count {n} out of range")
        return n
    if not 0 <= n < len(step.values):
        raise ValueError(f"index {n} out of range")
    return step.values[n]


def flags_of(forms: list[Action], filled: set[str]) -> list[str]:
    """The on/off parts the forms left leave open (``until``: ``[False, True]``) and that no
    step fills: offered at the end as a variant of the last choice."""
    out: list[str] = []
    for form in forms:
        for part, spec in form.items():
            if part not in filled and isinstance(spec, list) and set(spec) == {False, True} and part not in out:
                out.append(part)
    return out


def _flags(queue: list[str], forms: list[Action]) -> list[str]:
    flags = []
    for token in queue:
        if not token.startswith("+"):
            raise ValueError(f"token {token!r} after the last step")
        part = token[1:]
        if not any(isinstance(f.get(part), list) and True in f[part] for f in forms):
            raise ValueError(f"flag {part!r} not open")
        flags.append(part)
    return flags


def action_of(commands: Mapping[str, Command], command: str, tokens: list[str], legal: list[Action],
              view: Mapping[str, Any], lang: str, names: Mapping[str, str],
              offered: set[str] = frozenset()) -> Action:
    """The action a complete chain stands for (``ValueError`` if it is not complete)."""
    cmd = commands[command]
    given, forms, step, flags = walk(commands, command, tokens, legal, view, lang, names, offered)
    if step is not None:
        raise ValueError("the chain is not complete")
    ctx = _ctx(view, lang, names, forms, given)
    if cmd.build is not None:
        action = cmd.build(given, ctx)
    else:
        action = {"type": forms[0]["type"]}
        for option, value in given.items():
            slot = cmd.options.get(option)
            if slot is None:  # a part no option declares (:func:`_open_parts`)
                action[option] = value
                continue
            action[slot.part] = slot.to_part(value, ctx) if slot.to_part is not None else value
    for part in flags:
        action[part] = True
    return action
