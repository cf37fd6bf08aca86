"""Attacks on the shared Risk map: declaring one, rolling, retreating, conquering, and a
player eliminated; with their legal forms.

A part of :class:`~bot.rules.risk_map.game.MapGame` (a mixin: it reads the board, the state
and the hooks through ``self``), kept apart because it is the largest part of a turn.
Editions override its hooks: the dice (``dice_sides``), the modifiers (``defence_bonus``,
``resolve``), what a declaration carries (``_declare``, ``_attack_extras``), what happens after
a roll, a repelled attack, an elimination.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

import bot.rules.turns as turns
from bot.rules.base import Action, Event, Rng, State
from bot.rules.risk_map.battle import attack_dice, defence_dice, resolve_roll, roll
from bot.rules.risk_map.holding import Holding
from bot.rules.risk_map.messages import rule_error

__all__ = ["Attacks", "FormMemo", "freeze"]


class Attacks:
    """The attack phase of the map engine (see the module docstring)."""

    def _act_attack(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        board = self.board
        self._enter_phase(state, seat, "attack", events)
        src = self._territory(action.get("from"), "from")
        dst = self._territory(action.get("to"), "to")
        self._own(state, seat, src)
        if not self.hostile(state, seat, dst):
            raise rule_error("err.attack_own", territory=self.tname(dst))
        if not board.adjacent(src, dst, self.closed(state)):
            raise rule_error("err.not_adjacent", src=self.tname(src), dst=self.tname(dst))
        avail = state["troops"][src] - 1
        if avail < 1:
            raise rule_error("err.too_few_to_attack", territory=self.tname(src))
        count = self._int(action.get("count", avail), 1, avail)
        until = action.get("until", False)
        battle = {
            "attacker": seat,
            "defender": state["owner"][dst],
            "from": src,
            "to": dst,
            "committed": count,
            "sent": count,
            "rolls": 0,
            "last": None,
            "effects": [],
        }
        self._declare(state, seat, battle, action, events)
        state["troops"][src] -= count
        state["battle"] = battle
        state["phase"] = "battle"
        state["highlight"] = {"from": src, "to": dst}
        events.append(
            {
                "type": "attack",
                "seat": seat,
                "from": src,
                "to": dst,
                "committed": count,
                "defender": battle["defender"],
                "defenders": state["troops"][dst],
            }
        )
        self._roll(state, rng, until, events)

    def _declare(self, state: State, seat: str, battle: dict[str, Any], action: Action,
                 events: list[Event]) -> None:
        """Hook: validate and apply edition extras of an attack (powers, cards)."""

    def _act_roll(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        if state["phase"] != "battle":
            raise rule_error("err.no_battle_roll")
        self._battle(state)  # the working copy of the pending battle, which the roll writes
        self._roll(state, rng, action.get("until", False), events)

    def _act_retreat(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        if state["phase"] != "battle":
            raise rule_error("err.no_battle_retreat")
        b = state["battle"]
        state["troops"][b["from"]] += b["committed"]
        events.append(
            {"type": "attack_end", "seat": seat, "from": b["from"], "to": b["to"], "result": "retreat",
             "returned": b["committed"]}
        )
        self._close_battle(state)

    def _close_battle(self, state: State) -> None:
        state["battle"] = None
        if state.get("result") is None:
            state["phase"] = "attack"

    def dice_sides(self, state: State, battle: dict[str, Any], att: int, dfn: int) -> tuple[list[int], list[int]]:
        """The dice each side throws (an edition's leaders may throw a d8)."""
        return [6] * att, [6] * dfn

    def defence_bonus(self, state: State, tid: str) -> int:
        """Bonus on the defender's highest die in ``tid`` (strongholds, watchtowers)."""
        return 0

    def resolve(self, state: State, rng: Rng, battle: dict[str, Any], att: list[int], dfn: list[int],
                events: list[Event]) -> tuple[int, int, dict[str, Any]]:
        """Losses of one roll, with the edition's modifiers. Returns extra event fields."""
        bonus = self.defence_bonus(state, battle["to"])
        al, dl = resolve_roll(att, dfn, bonus)
        return al, dl, ({"defence_bonus": bonus} if bonus else {})

    def _roll(self, state: State, rng: Rng, until: bool, events: list[Event]) -> None:
        while True:
            b = state["battle"]
            troops = state["troops"]
            an = attack_dice(b["committed"], self.attack_dice_cap)
            dn = defence_dice(troops[b["to"]], self.defence_dice_cap)
            sa, sd = self.dice_sides(state, b, an, dn)
            att = roll(rng, sa)
            dfn = roll(rng, sd)
            al, dl, extra = self.resolve(state, rng, b, att, dfn, events)
            b["committed"] -= al
            troops[b["to"]] -= dl
            b["rolls"] += 1
            b["last"] = {"att": att, "def": dfn, "att_losses": al, "def_losses": dl}
            ev = {
                "type": "roll",
                "seat": b["attacker"],
                "defender": b["defender"],
                "from": b["from"],
                "to": b["to"],
                "att": att,
                "def": dfn,
                "att_losses": al,
                "def_losses": dl,
                "committed": b["committed"],
                "defenders": troops[b["to"]],
            }
            ev.update(extra)
            events.append(ev)
            self._after_roll(state, b)
            if troops[b["to"]] == 0:
                self._conquer(state, rng, events)
                return
            if b["committed"] == 0:
                events.append(
                    {"type": "attack_end", "seat": b["attacker"], "from": b["from"], "to": b["to"],
                     "result": "repelled", "returned": 0}
                )
                self._close_battle(state)
                self._after_repelled(state, b["attacker"], events)
                return
            if not until:
                return

    def _after_repelled(self, state: State, seat: str, events: list[Event]) -> None:
        """Hook: an attack lost every committed unit (an edition may end the turn's attacks)."""

    def _after_roll(self, state: State, battle: dict[str, Any]) -> None:
        """Hook: expire one-roll effects."""

    def _conquer(self, state: State, rng: Rng, events: list[Event]) -> None:
        b = state["battle"]
        seat, dst, loser = b["attacker"], b["to"], b["defender"]
        self._private(state, "owner")[dst] = seat
        state["troops"][dst] = b["committed"]
        state["conquered"] += 1
        events.append(
            {"type": "conquest", "seat": seat, "from": b["from"], "to": dst, "loser": loser,
             "troops": b["committed"]}
        )
        events.append(
            {"type": "attack_end", "seat": seat, "from": b["from"], "to": dst, "result": "conquered",
             "returned": 0}
        )
        self._close_battle(state)
        if self.count_of(state, loser) == 0:
            self._eliminate(state, rng, loser, seat, events)
        self._check_victory(state, seat, events)

    def _eliminate(self, state: State, rng: Rng, loser: str, winner: str, events: list[Event]) -> None:
        """A faction lost its last territory. Players are out and hand their cards to the
        conqueror, as in classic Risk; editions extend this (neutral rewards, crates)."""
        if loser in state["players"]:
            self._private(state, "out")  # turns.remove appends to it
            turns.remove(state, loser)
            cards = state["players"][loser]["hand"]
            self._player(state, loser)["hand"] = []
            self._hand(state, winner).extend(cards)
            events.append(
                {
                    "type": "eliminated",
                    "seat": loser,
                    "by": winner,
                    "cards": len(cards),
                    "private": {winner: {"cards": list(cards)}},
                }
            )
            self._on_player_out(state, loser, winner, events)

    def _on_player_out(self, state: State, loser: str, winner: str, events: list[Event]) -> None:
        """Hook: what else an eliminated player gives up."""

    def _check_victory(self, state: State, seat: str, events: list[Event]) -> None:
        if self.count_of(state, seat) == len(self.board.order):
            self._finish(state, [seat], "conquest", events)

    def _act_end_attack(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        if state["phase"] == "manoeuvre":
            raise rule_error("err.attack_over")
        self._enter_phase(state, seat, "manoeuvre", events)
        events.append({"type": "phase", "seat": seat, "phase": "manoeuvre"})

    def _legal_battle(self, state: State, seat: str) -> list[Action]:
        return [{"type": "roll", "until": False}, {"type": "roll", "until": True}, {"type": "retreat"}]

    def _attack_extras(self, state: State, seat: str) -> dict[str, Any]:
        """Hook: edition parts of an attack's compact form (power cards played with it)."""
        return {}

    def _attack_tag(self, state: State, seat: str) -> Any:
        """Hook: a hashable stand-in for :meth:`_attack_extras` (equal tags, equal extras), so
        that remembered attack forms are found without building the extras. An edition that
        overrides ``_attack_extras`` overrides this too (else the extras are frozen)."""
        if type(self)._attack_extras is Attacks._attack_extras:
            return None
        return freeze(self._attack_extras(state, seat))

    def _legal_attacks(self, state: State, seat: str, held: Holding) -> list[Action]:
        """One form per (territory that can attack, hostile neighbour), in map order. The forms
        of one territory share their ``count``, every form its ``until`` and extras: forms are
        read, never changed, and a territory's forms are remembered (:class:`FormMemo`) by
        what makes them: the territory, the members it may send, its targets (their key:
        :meth:`~bot.rules.risk_map.holding.Holding.attackers`) and the extras' tag."""
        troops = state["troops"]
        tag = self._attack_tag(state, seat)
        memo = self._attack_memo
        out: list[Action] = []
        for src, dsts, near in held.attackers():
            n = troops[src] - 1
            if n > 0:
                forms = memo.get((src, n, near, tag))
                if forms is None:
                    forms = self._attack_forms(state, seat, src, n, dsts, (src, n, near, tag))
                out += forms
        return out

    def _attack_forms(self, state: State, seat: str, src: str, n: int, dsts: tuple[str, ...],
                      key: Any) -> list[Action]:
        """The forms of ``src``'s attacks on ``dsts`` with up to ``n`` members, remembered
        under ``key``."""
        form = {"type": "attack", "from": src, "to": "", "count": {"min": 1, "max": n, "default": n},
                "until": [False, True], **self._attack_extras(state, seat)}
        forms = []
        for dst in dsts:
            one = form.copy()
            one["to"] = dst
            forms.append(one)
        self._attack_memo.put(key, forms)
        return forms

    @cached_property
    def _attack_memo(self) -> FormMemo:
        return FormMemo()


class FormMemo(dict[Any, Any]):
    """Legal forms remembered by what makes them (a form is read, never changed, so the same
    object may serve every state that asks): a plain dict that forgets everything when it
    reaches ``kept`` entries."""

    def __init__(self, kept: int = 4096) -> None:
        super().__init__()
        self.kept = kept

    def put(self, key: Any, value: Any) -> None:
        if len(self) >= self.kept:
            self.clear()
        self[key] = value


def freeze(value: Any) -> Any:
    """A hashable stand-in for JSON-shaped ``value`` that tells apart what differs (key order
    and types included: ``True`` is not ``1``)."""
    if isinstance(value, dict):
        return ("d", *((k, freeze(v)) for k, v in value.items()))
    if isinstance(value, list):
        return ("l", *(freeze(v) for v in value))
    return (type(value).__name__, value)
