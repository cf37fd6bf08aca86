"""The legal forms of the shared Risk turn, and the random pick read off them.

A part of :class:`~bot.rules.risk_map.game.MapGame` (a mixin: it reads the board, the state and
the edition's hooks through ``self``). ``_legal`` lists exactly what ``apply`` accepts from the
player to act, in runs (:meth:`LegalForms._legal_runs`): a later phase's actions are open as
soon as the earlier phase's duties are done.

Forms are read, never changed, so the same object may serve every state that asks. A
territory's attack and manoeuvre forms are remembered with the owner map's
:class:`~bot.rules.risk_map.holding.Holding` (shared by every state of that map, forgotten with
it), by the territory and the members it may send (and the attack extras' tag).

:meth:`LegalForms.random_action` draws exactly as the contract's pick
(:func:`bot.rules.compact.pick_action` over the forms that move the game on), but counts the
attacks and manoeuvres instead of listing them: only the form picked is read.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import Any

from bot.rules.base import Action, State
from bot.rules.compact import choose
from bot.rules.risk_map.attack import Attacks, FormMemo
from bot.rules.risk_map.holding import Holding

__all__ = ["LegalForms"]

_END_TURN: Action = {"type": "end_turn"}
_END_ATTACK: Action = {"type": "end_attack"}
_END_PLACEMENT: Action = {"type": "end_placement"}
_LAZY = frozenset({"attack", "manoeuvre"})
_PHASES = frozenset({"place", "attack", "manoeuvre"})


class LegalForms:
    """The legal forms and the random pick of the map engine (see the module docstring)."""

    def _legal(self, state: State, seat: str) -> list[Action]:
        """Exactly what ``apply`` accepts from the player to act (see the module docstring:
        a later phase's actions are open as soon as the earlier phase's duties are done)."""
        runs = self._legal_runs(state, seat)
        if len(runs) == 1:
            return runs[0][1]
        out: list[Action] = []
        for _, forms in runs:
            out += forms
        return out

    def _legal_runs(self, state: State, seat: str) -> list[tuple[str | None, list[Action]]]:
        """:meth:`_legal` in runs, in order: ``(kind, forms)`` where every form is of that
        kind, or ``(None, forms)`` of mixed kinds."""
        phase = state["phase"]
        if phase == "battle":
            return [(None, self._legal_battle(state, seat))]
        held = self.holding(state, seat)  # one look-up for every part below
        if phase == "place":
            runs: list[tuple[str | None, list[Action]]] = [(None, self._legal_place(state, seat, held))]
            if not self.placement_done(state, seat):
                return runs
        elif phase == "attack":
            runs = []
        elif phase == "manoeuvre":
            return [("manoeuvre", self._legal_manoeuvres(state, seat, held)), (None, [_END_TURN])]
        else:
            return [(None, [])]
        runs.append(("attack", self._legal_attacks(state, seat, held)))
        runs.append(("manoeuvre", self._legal_manoeuvres(state, seat, held)))
        runs.append((None, [_END_ATTACK, _END_TURN]))
        return runs

    @cached_property
    def _plain_legal(self) -> bool:
        """Whether the edition keeps the base's listing of attacks and manoeuvres (then
        :meth:`random_action` may count them instead of listing them)."""
        cls, base = type(self), LegalForms
        return (cls._legal is base._legal and cls._legal_runs is base._legal_runs
                and cls._legal_manoeuvres is base._legal_manoeuvres
                and cls._legal_attacks is Attacks._legal_attacks)

    def random_action(self, state: State, seat: str, pick: Callable[[int], int]) -> Action | None:
        """The contract's pick (:func:`bot.rules.compact.pick_action` over the forms that move
        the game on: a kind, a form, its choices), the same draws and the same action, with
        the attacks and manoeuvres counted (only the one picked is read)."""
        if not self._plain_legal:
            return super().random_action(state, seat, pick)  # type: ignore[misc]
        if self._plain_turns:  # the base's to_act and outcome, read off the state
            if state.get("result") is not None or state["order"][state["current"]] != seat:
                return super().random_action(state, seat, pick)  # type: ignore[misc]
        elif self.outcome(state) is not None or seat not in self.to_act(state):
            return super().random_action(state, seat, pick)  # type: ignore[misc]
        phase = state["phase"]
        if phase == "battle":
            plain = self._legal_battle(state, seat)
            return self._pick_of(plain, pick) if plain else super().random_action(state, seat, pick)  # type: ignore[misc]
        if phase not in _PHASES:
            return super().random_action(state, seat, pick)  # type: ignore[misc]
        held = self.holding(state, seat)
        if phase == "place":
            plain = self._legal_place(state, seat, held)
            if not self.placement_done(state, seat):
                return self._pick_of(plain, pick) if plain else super().random_action(state, seat, pick)  # type: ignore[misc]
            plain = [*plain, _END_ATTACK, _END_TURN]
            attacks = True
        elif phase == "attack":
            plain, attacks = [_END_ATTACK, _END_TURN], True
        else:
            plain, attacks = [_END_TURN], False
        groups: dict[str, Any] = {}
        for form in plain:
            kind = form["type"]
            if kind in _LAZY:  # an edition's own form of those kinds: list them all
                return self._pick_of(self._legal(state, seat), pick)
            found = groups.get(kind)
            if found is None:
                groups[kind] = [form]
            else:
                found.append(form)
        troops = state["troops"]
        if attacks:
            count = 0
            for src, dsts, _ in held.attackers():
                if troops[src] > 1:
                    count += len(dsts)
            if count:
                groups["attack"] = count
        count = 0
        for src, _ in held.movers():
            if troops[src] > 1:
                count += 1
        if count:
            groups["manoeuvre"] = count
        if len(groups) == 1:
            kind, forms = next(iter(groups.items()))
        else:
            kinds = sorted(groups)
            kind = kinds[pick(len(kinds))]
            forms = groups[kind]
        if type(forms) is list:
            return choose(forms[pick(len(forms))] if len(forms) > 1 else forms[0], pick)
        i = pick(forms) if forms > 1 else 0
        if kind == "attack":
            return choose(self._attack_at(state, seat, held, i), pick)
        return choose(self._manoeuvre_at(held, troops, i), pick)

    @staticmethod
    def _pick_of(forms: list[Action], pick: Callable[[int], int]) -> Action:
        """The contract's pick among ``forms`` (not empty): a kind, then a form."""
        if len(forms) == 1:
            return choose(forms[0], pick)
        groups: dict[str, list[Action]] = {}
        for form in forms:
            kind = form["type"]
            found = groups.get(kind)
            if found is None:
                groups[kind] = [form]
            else:
                found.append(form)
        if len(groups) == 1:
            forms = next(iter(groups.values()))
        else:
            kinds = sorted(groups)
            forms = groups[kinds[pick(len(kinds))]]
        return choose(forms[pick(len(forms))] if len(forms) > 1 else forms[0], pick)

    def _attack_at(self, state: State, seat: str, held: Holding, i: int) -> Action:
        """The ``i``-th form of :meth:`_legal_attacks`, read without listing the others."""
        troops = state["troops"]
        for src, dsts, near in held.attackers():
            n = troops[src] - 1
            if n > 0:
                if i < len(dsts):
                    key = (src, n, near, self._attack_tag(state, seat))
                    forms = self._attack_memo.get(key)
                    if forms is None:
                        forms = self._attack_forms(state, seat, src, n, dsts, key)
                    return forms[i]
                i -= len(dsts)
        raise IndexError(i)  # pragma: no cover - the count said there is one

    def _manoeuvre_at(self, held: Holding, troops: dict[str, int], i: int) -> Action:
        """The ``i``-th form of :meth:`_legal_manoeuvres`, read without listing the others."""
        for src, joined in held.movers():
            n = troops[src] - 1
            if n > 0:
                if not i:
                    return self._manoeuvre_form(held, src, n, joined)
                i -= 1
        raise IndexError(i)  # pragma: no cover - the count said there is one

    def _legal_place(self, state: State, seat: str, held: Holding) -> list[Action]:
        """The placement phase's forms; ``held``: ``seat``'s :meth:`holding`."""
        out: list[Action] = []
        reserve = state["reserve"]
        if reserve > 0:
            out.append(self._place_form(held, reserve))
        if self.placement_done(state, seat):
            out.append(_END_PLACEMENT)
        return out

    def _place_form(self, held: Holding, reserve: int) -> Action:
        """The placement form of ``reserve`` members on ``held``'s territories."""
        memo = self._place_memo
        key = (reserve, held.key)
        form = memo.get(key)
        if form is None:
            form = {"type": "place", "territory": list(held.owned),
                    "count": {"min": 1, "max": reserve, "default": reserve}}
            memo.put(key, form)
        return form

    def _legal_manoeuvres(self, state: State, seat: str, held: Holding) -> list[Action]:
        """One form per territory that can send members: its destinations are the seat's
        territories joined to it through passable ones (what ``board.path`` finds)."""
        troops = state["troops"]
        out: list[Action] = []
        for src, joined in held.movers():
            n = troops[src] - 1
            if n > 0:
                out.append(self._manoeuvre_form(held, src, n, joined))
        return out

    def _manoeuvre_form(self, held: Holding, src: str, n: int, joined: Any) -> Action:
        """The manoeuvre form of ``n`` members from ``src``, remembered by the territory, the
        members and its group (``joined``, its key: :meth:`Holding.movers`)."""
        memo = self._manoeuvre_memo
        key = (src, n, joined)
        form = memo.get(key)
        if form is None:
            form = {"type": "manoeuvre", "from": src, "to": list(held.others(src)),
                    "count": {"min": 1, "max": n, "default": n}}
            memo.put(key, form)
        return form

    @cached_property
    def _manoeuvre_memo(self) -> FormMemo:
        """Manoeuvre forms (see :class:`~bot.rules.risk_map.attack.FormMemo`)."""
        return FormMemo()

    @cached_property
    def _place_memo(self) -> FormMemo:
        """Placement forms by the members to place and the territories (their key)."""
        return FormMemo()
