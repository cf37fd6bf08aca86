"""The turn every Risk edition shares, as a base class editions override piece by piece.

Like python-chess's ``variant.py``, an edition subclasses :class:`MapGame` and overrides only
what differs: where the income comes from, what a battle's modifiers are, what happens at the
end of a turn, how the game ends. The base keeps the parts that must behave identically
everywhere: placing, declaring an attack, rolling, conquering, eliminating, the one manoeuvre
along connected territories, drawing cards, passing the turn.

State keys the base owns (all plain JSON): ``map``, ``owner`` and ``troops`` (per territory),
the turns (``order``, ``current``, ``turn``, ``phase``, ``out``: :mod:`bot.rules.turns`,
the same in every game), ``reserve`` and ``income`` (this turn's placement), ``conquered``,
``battle`` (the pending attack, or ``None``), ``highlight``, ``players`` (per seat; ``hand``
at least),
``deck`` / ``discard``, ``closed`` (shut zones, for editions that have them) and ``result``.

Phases go forward ``place → attack → manoeuvre``; an action of a later phase is accepted
when the earlier phase's duties are done (so "attack" right after the last placement needs no
separate "end placement"). ``battle`` is the pending attack: only the attacker's roll/retreat
(and edition extras) are legal until it ends.

``legal_actions`` returns compact forms, read by :mod:`bot.rules.compact` (the one reading:
``accepts`` and ``expand``); it lists every action ``apply`` accepts and nothing else. Every
action's shape is checked first against :meth:`MapGame.action_schema`.

Defence orders (:mod:`bot.rules.risk_map.defence`): an edition whose defenders hold cards puts
``"defence"`` in ``anytime_actions``; each player's standing order is
``state["players"][seat]["defence"]``, and the edition asks :meth:`MapGame.defence_fires`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from operator import countOf
from typing import Any

import bot.rules.turns as turns
from bot.rules.base import Action, Event, Game, Rng, RuleError, State
from bot.rules.risk_map.appraise import EXPOSED, TROOP, appraise, take_chance
from bot.rules.risk_map.attack import Attacks
from bot.rules.risk_map.board import NO_CLOSED, Board, reinforcements
from bot.rules.risk_map.cards import draw
from bot.rules.risk_map.defence import ORDERS, DefenceOrders
from bot.rules.risk_map.holding import Holding
from bot.rules.risk_map.legal import LegalForms
from bot.rules.risk_map.messages import MESSAGES, rule_error
from bot.rules.risk_map.moderation import Moderation
from bot.rules.risk_map.moves import concretize
from bot.rules.schema import Field, choice, flag, name, whole

__all__ = ["MAX_MEMBERS", "MESSAGES", "PHASES", "MapGame", "concretize", "rule_error"]

# The largest number of members an action may name: far above any game (a million members
# take thousands of turns of the best income), low enough that no number is absurd.
MAX_MEMBERS = 1_000_000

PHASES = ("place", "attack", "manoeuvre")
_PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}


class MapGame(LegalForms, Attacks, Moderation, DefenceOrders, Game):
    """Base of the Risk family. Subclasses set ``map_id`` and implement ``_setup``.

    The parts live by what they hold: :class:`~bot.rules.risk_map.attack.Attacks` (declare,
    roll, conquer, eliminate), :class:`~bot.rules.risk_map.moderation.Moderation` (skip, kick
    and the default action of a seat whose time ran out) and
    :class:`~bot.rules.risk_map.defence.DefenceOrders` (standing orders)."""

    map_id: str = ""
    # What the edition's rulebook prints on the box (territories, regions, strongholds): a
    # map that disagrees is a data bug, refused on load.
    rulebook_counts: dict[str, int] | None = None
    attack_dice_cap = 3
    defence_dice_cap = 2
    # The turn's phases in order, and each one's place (an edition with more phases, such as
    # Transformers' transformation before the attack, sets both).
    phases: tuple[str, ...] = PHASES
    phase_index: dict[str, int] = _PHASE_INDEX

    def __init__(self, board: Board | None = None) -> None:
        if board is not None:
            self.__dict__["board"] = board

    # -- data -------------------------------------------------------------------------
    @cached_property
    def board(self) -> Board:
        """The edition's map, loaded when first asked (then a plain attribute: the rules read
        it on every move)."""
        return Board.load(self.map_id, self.rulebook_counts)

    # The working copy an action changes (``_copy``) shares every value with the state before,
    # except the FLAT_KEYS' flat dicts or lists, copied each time (the troops: most actions
    # move members). Any other dict or list is copied where it is first changed in place:
    # ``self._private(state, key)`` (a top-level value), ``_player``, ``_hand``, ``_battle``
    # and the edition's own (``_powers``, ``_missions``); a value replaced whole needs nothing.
    # The input state of ``apply`` is never touched: the editions' random and lookahead tests check it.
    FLAT_KEYS: tuple[str, ...] = ("troops",)

    def _copy(self, state: State) -> State:
        """The working copy ``_apply`` may mutate (see FLAT_KEYS): a shallow copy, the troops
        copied; the rest copied on write, at a few percent of a deep copy's cost."""
        new = state.copy()
        if self.FLAT_KEYS is MapGame.FLAT_KEYS:  # the troops only: no loop
            new["troops"] = state["troops"].copy()
            return new
        for key in self.FLAT_KEYS:
            value = state.get(key)
            if value is not None:
                new[key] = value.copy()
        return new

    # -- copy on write (see FLAT_KEYS) -----------------------------------------------------
    @staticmethod
    def _private(state: State, key: str) -> Any:
        """``state[key]`` (a dict or a list), copied into the working state before a write."""
        value = state[key] = state[key].copy()
        return value

    @staticmethod
    def _player(state: State, seat: str) -> dict[str, Any]:
        """``seat``'s player record, copied before a write (its lists are still shared: take
        them with ``_hand``, ``_powers`` or ``_missions`` to change them)."""
        players = state["players"] = state["players"].copy()
        player = players[seat] = players[seat].copy()
        return player

    def _hand(self, state: State, seat: str) -> list[str]:
        """``seat``'s hand of cards, copied before a write."""
        player = self._player(state, seat)
        hand = player["hand"] = list(player["hand"])
        return hand

    @staticmethod
    def _battle(state: State) -> dict[str, Any]:
        """The pending battle, copied before a write (its effects list too)."""
        battle = state["battle"] = state["battle"].copy()
        battle["effects"] = list(battle["effects"])
        return battle

    def tname(self, tid: str) -> str:
        return self.board.territories[tid].name

    def faction_name(self, state: State, faction: str) -> str:
        """How messages name a faction (editions return a gang or group name)."""
        return faction

    # -- contract ---------------------------------------------------------------------
    def to_act(self, state: State) -> list[str]:
        if state.get("result") is not None:
            return []
        return [state["order"][state["current"]]]  # turns.current_seat, inlined

    def outcome(self, state: State) -> dict[str, Any] | None:
        return state.get("result")

    def to_move(self, state: State) -> str | None:
        """The contract's answer (the first of :meth:`to_act`, ``None`` once over), read off
        the turn keys when the edition keeps the base's ``to_act`` and ``outcome``."""
        if not self._plain_turns:
            return super().to_move(state)
        return None if state.get("result") is not None else turns.current_seat(state)

    @cached_property
    def _plain_turns(self) -> bool:
        cls = type(self)
        return cls.to_act is MapGame.to_act and cls.outcome is MapGame.outcome

    def action_schema(self) -> dict[str, dict[str, Field]]:
        """Every action's parts; editions extend it (``super().action_schema()``)."""
        tids = self.board.order
        # numbers of members: whole, at most a million; 0 and below reach the rules, whose
        # answer names the range that applies now
        count = whole(1, MAX_MEMBERS, "err.malformed.count", slack=MAX_MEMBERS + 1)
        out: dict[str, dict[str, Field]] = {
            "place": {"territory": name(tids, "err.malformed.territory"), "count": count},
            "end_placement": {},
            "attack": {"from": name(tids, "err.malformed.territory"), "to": name(tids, "err.malformed.territory"),
                       "count": count, "until": flag("err.malformed.until")},
            "roll": {"until": flag("err.malformed.until")},
            "retreat": {},
            "end_attack": {},
            "manoeuvre": {"from": name(tids, "err.malformed.territory"), "to": name(tids, "err.malformed.territory"),
                          "count": count},
            "end_turn": {},
        }
        if "defence" in self.anytime_actions:
            out["defence"] = {"order": choice(ORDERS, "err.malformed.order")}
        return out

    def _apply(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        kind = action["type"]
        handlers = self.__dict__.get("_handler_cache") or self._handlers()
        handler = handlers[kind]  # the schema let only known types through
        if kind in self.anytime_actions:
            handler(state, rng, seat, action, events)
            return
        if state["phase"] == "battle" and kind not in self.battle_actions:
            b = state["battle"]
            raise rule_error("err.battle_pending", territory=self.tname(b["to"]))
        handler(state, rng, seat, action, events)
        if self._automates and state.get("result") is None:
            self._automate(state, rng, events)

    @cached_property
    def _automates(self) -> bool:
        """Whether the edition has automated factions (overrides :meth:`_automate`)."""
        return type(self)._automate is not MapGame._automate

    battle_actions: frozenset[str] = frozenset({"roll", "retreat"})

    def _handlers(self) -> dict[str, Callable[[State, Rng, str, Action, list[Event]], None]]:
        cached = self.__dict__.get("_handler_cache")
        if cached is None:
            cached = self.__dict__["_handler_cache"] = self._make_handlers()
        return cached

    def _make_handlers(self) -> dict[str, Callable[[State, Rng, str, Action, list[Event]], None]]:
        """Action type → handler; editions extend it."""
        return {
            "place": self._act_place,
            "end_placement": self._act_end_placement,
            "attack": self._act_attack,
            "roll": self._act_roll,
            "retreat": self._act_retreat,
            "end_attack": self._act_end_attack,
            "manoeuvre": self._act_manoeuvre,
            "end_turn": self._act_end_turn,
            "defence": self._act_defence,
        }

    # -- validation helpers -------------------------------------------------------------
    def _territory(self, value: Any, field: str = "territory") -> str:
        if not isinstance(value, str) or not value:
            raise rule_error("err.missing_territory")
        if value not in self.board.territories:
            raise rule_error("err.unknown_territory", territory=value)
        return value

    @staticmethod
    def _int(value: Any, lo: int, hi: int) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise rule_error("err.bad_number")
        if not lo <= value <= hi:
            raise rule_error("err.out_of_range", lo=lo, hi=hi, n=value)
        return value

    def _own(self, state: State, seat: str, tid: str) -> None:
        if state["owner"][tid] != seat:
            raise rule_error("err.not_yours", territory=self.tname(tid))

    def _enter_phase(self, state: State, seat: str, phase: str, events: list[Event]) -> None:
        """Move forward to ``phase`` if the current phase's duties are done."""
        cur = state["phase"]
        if cur == phase:
            return
        index = self.phase_index
        if index[cur] > index[phase]:
            raise rule_error("err.attack_over" if phase == "attack" else "err.placement_over")
        if cur == "place":
            reason = self._placement_pending(state, seat)
            if reason:
                raise reason
            self._leave_placement(state, seat, events)
        state["phase"] = phase

    def _placement_pending(self, state: State, seat: str) -> RuleError | None:
        """Why the placement phase cannot end yet, or ``None``."""
        if state["reserve"] > 0:
            return rule_error("err.members_to_place", n=state["reserve"])
        return None

    def placement_done(self, state: State, seat: str) -> bool:
        """Whether the placement phase may end (``_placement_pending`` is ``None``), cheaply:
        ``legal_actions`` asks on every call. Editions that add duties override both."""
        return state["reserve"] <= 0

    def _leave_placement(self, state: State, seat: str, events: list[Event]) -> None:
        """Hook: tidy up at the end of the placement phase."""

    # -- queries ----------------------------------------------------------------------
    def territories_of(self, state: State, faction: str) -> list[str]:
        owner = state["owner"]
        return [t for t in self.board.order if owner[t] == faction]

    def count_of(self, state: State, faction: str) -> int:
        return countOf(state["owner"].values(), faction)

    def holding(self, state: State, seat: str) -> Holding:
        """``seat``'s territories, each one's attack targets and manoeuvre destinations
        (:class:`~bot.rules.risk_map.board.Holding`): remembered per owner map when the
        edition keeps the plain "may attack" and "may cross" and no zone is closed."""
        if self._plain_graph and not state.get("closed"):
            return self.board.holdings(state["owner"]).of(seat)
        board, closed = self.board, self.closed(state)
        return Holding.general(board.order, state["owner"], seat, lambda t: board.neighbours(t, closed),
                               lambda t: self.hostile(state, seat, t), self.passable(state, seat))

    @cached_property
    def _plain_graph(self) -> bool:
        cls = type(self)
        return cls.hostile is MapGame.hostile and cls.passable is MapGame.passable

    def closed(self, state: State) -> frozenset[str]:
        zones = state.get("closed")
        return frozenset(zones) if zones else NO_CLOSED

    def passable(self, state: State, seat: str) -> Callable[[str], bool]:
        """The "owned by" test of a manoeuvre; team editions widen it to teammates."""
        owner = state["owner"]
        return lambda tid: owner[tid] == seat

    # -- the AI's evaluation (:mod:`bot.rules.risk_map.appraise`) ----------------------------
    def ai_plans(self, state: State) -> str | None:
        """How the AI's normal and hard levels play here: among the map styles' moves played
        out through the reply to the seat's next turn (``"turn"``), or on to the game's end
        (``"end"``: a short game), or (None) by the search alone (:mod:`bot.rules.ai.plans`)."""
        return "turn"

    def ai_stronghold(self, state: State) -> bool:
        """Whether the AI's normal and hard levels pile their starting members on one
        territory (a stronghold to strike from: :meth:`bot.rules.ai.plans.PlanPolicy.choose`)
        rather than choose each by the play-outs. No by default."""
        return False

    def ai_strike(self, state: State, seat: str) -> bool:
        """Whether the AI's normal and hard levels, moving as ``seat``, try a strike at the
        biggest rival stack in reach beside their styles' attacks
        (:data:`bot.rules.ai.plans.STRIKER`). No by default."""
        return False

    def evaluate(self, state: State, seat: str) -> float:
        """The AI's guess of a position: armies and the front (:func:`.appraise.appraise`)."""
        return appraise(self, state, seat)

    def search_horizon(self, state: State) -> int | None:
        """None of the search's random play-on: the evaluation sees the front, and random
        moves after a placement or a manoeuvre would drown the difference it makes."""
        return 0

    def search_breadth(self, state: State) -> int:
        """Twice the level's candidates and samples: a map turn offers dozens of attacks and
        manoeuvres, each cheap to try (see :meth:`bot.rules.base.Game.search_breadth`)."""
        return 2

    def ai_weights(self, state: State) -> tuple[float, float]:
        """The AI's evaluation: a member's worth in territories, and the weight of a border's
        chance to fall for the seat judged (:mod:`.appraise`)."""
        return TROOP, EXPOSED

    def ai_take_chance(self, state: State, tid: str, sent: int) -> float:
        """The AI's chance that ``sent`` members take ``tid`` (plain dice; an edition whose
        battles differ says so)."""
        return take_chance(sent, state["troops"][tid])

    def ai_side(self, state: State) -> dict[str, tuple[str, ...]]:
        """Per seat, the seats on its side (the AI's evaluation; team editions widen it)."""
        return {s: (s,) for s in state["order"]}

    def ai_points(self, state: State, seat: str) -> float:
        """Points an edition counts beyond territories and regions, for the AI's evaluation."""
        return 0.0

    def hostile(self, state: State, seat: str, tid: str) -> bool:
        """Whether ``seat`` may attack ``tid`` (team editions exclude teammates)."""
        return state["owner"][tid] != seat

    # -- turn life cycle ----------------------------------------------------------------
    def income(self, state: State, seat: str) -> dict[str, int]:
        """The members a seat earns at the start of its turn, by source."""
        held = self.board.holdings(state["owner"])
        return {
            "territories": reinforcements(len(held.owned(seat))),
            "regions": held.region_bonus(seat),
        }

    def _start_turn(self, state: State, rng: Rng, events: list[Event]) -> None:
        seat = turns.current_seat(state)
        state["phase"] = "place"
        state["battle"] = None
        state["highlight"] = None
        state["conquered"] = 0
        self._before_income(state, rng, seat, events)
        income = self.income(state, seat)
        state["income"] = income
        state["reserve"] = sum(income.values())
        events.append(
            {
                "type": "turn",
                "seat": seat,
                "turn": state["turn"],
                "income": dict(income),
                "reserve": state["reserve"],
            }
        )

    def _before_income(self, state: State, rng: Rng, seat: str, events: list[Event]) -> None:
        """Hook: start-of-turn effects that feed the income (missions, invasions…)."""

    def _end_turn(self, state: State, rng: Rng, events: list[Event]) -> None:
        seat = turns.current_seat(state)
        n = self.cards_to_draw(state, seat)
        if n:
            deck, discard = self._private(state, "deck"), self._private(state, "discard")
            drawn, reshuffled = draw(deck, discard, n, rng, self.reshuffle_discard(state))
            self._hand(state, seat).extend(drawn)
            if reshuffled:
                events.append({"type": "reshuffle", "deck": len(state["deck"])})
            events.append(
                {
                    "type": "draw",
                    "seat": seat,
                    "count": len(drawn),
                    "private": {seat: {"cards": drawn}},
                }
            )
        self._end_of_turn(state, rng, seat, events)
        if state.get("result") is not None:
            return
        before = state["current"]
        turns.advance(state)
        if self._has_rounds and state["current"] <= before:  # every seat still in has played
            self._end_of_round(state, rng, events)
            if state.get("result") is not None:
                return
        self._start_turn(state, rng, events)

    def cards_to_draw(self, state: State, seat: str) -> int:
        """Cards earned this turn (by default: one per territory conquered)."""
        return state["conquered"]

    def reshuffle_discard(self, state: State) -> bool:
        return True

    def _end_of_turn(self, state: State, rng: Rng, seat: str, events: list[Event]) -> None:
        """Hook: automatic end-of-turn steps (a track that moves, an invasion marker)."""

    def _end_of_round(self, state: State, rng: Rng, events: list[Event]) -> None:
        """Hook: the round is over (the turn passed from the last seat still in back to the
        first); an edition with a calendar moves it on here, and may end the game."""

    @cached_property
    def _has_rounds(self) -> bool:
        """Whether the edition overrides :meth:`_end_of_round` (read once per engine)."""
        return type(self)._end_of_round is not MapGame._end_of_round

    def _automate(self, state: State, rng: Rng, events: list[Event]) -> None:
        """Hook: let automated factions (the walkers) act until a person must decide."""

    def _finish(self, state: State, winners: list[str], reason: str, events: list[Event]) -> None:
        scores = {s: self.count_of(state, s) for s in state["seats"]}
        turns.finish(state, winners, scores=scores, reason=reason)
        state["battle"] = None
        events.append({"type": "game_over", "winners": winners, "reason": reason, "scores": scores})

    # -- placement ----------------------------------------------------------------------
    def _act_place(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        tid, reserve = action.get("territory"), state["reserve"]
        n = action.get("count", reserve)
        if (state["phase"] == "place" and type(tid) is str and state["owner"].get(tid) == seat
                and type(n) is int and 0 < n <= reserve):  # a plain good placement: no check fails
            state["troops"][tid] += n
            state["reserve"] = left = reserve - n
            events.append({"type": "place", "seat": seat, "territory": tid, "count": n, "left": left})
            return
        if state["phase"] != "place":
            raise rule_error("err.place_phase_only")
        tid = self._territory(action.get("territory"))
        self._own(state, seat, tid)
        if state["reserve"] <= 0:
            raise rule_error("err.none_to_place")
        n = self._int(action.get("count", state["reserve"]), 1, state["reserve"])
        state["troops"][tid] += n
        state["reserve"] -= n
        events.append({"type": "place", "seat": seat, "territory": tid, "count": n, "left": state["reserve"]})

    def _act_end_placement(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        if state["phase"] != "place":
            raise rule_error("err.placement_over")
        self._enter_phase(state, seat, "attack", events)
        events.append({"type": "phase", "seat": seat, "phase": "attack"})

    # -- manoeuvre and end of turn --------------------------------------------------------
    def _act_manoeuvre(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        self._enter_phase(state, seat, "manoeuvre", events)
        src = self._territory(action.get("from"), "from")
        dst = self._territory(action.get("to"), "to")
        self._own(state, seat, src)
        self._own(state, seat, dst)
        if src == dst:
            raise rule_error("err.same_territory")
        avail = state["troops"][src] - 1
        if avail < 1:
            raise rule_error("err.too_few_to_move", territory=self.tname(src))
        n = self._int(action.get("count", avail), 1, avail)
        if self._plain_graph and not state.get("closed"):
            crossing = frozenset(self.board.holdings(state["owner"]).owned(seat)).__contains__
        else:
            crossing = self.passable(state, seat)
        path = self.board.path(src, dst, crossing, self.closed(state))
        if path is None:
            raise rule_error("err.not_connected", src=self.tname(src), dst=self.tname(dst))
        state["troops"][src] -= n
        state["troops"][dst] += n
        state["highlight"] = {"from": src, "to": dst}
        events.append({"type": "manoeuvre", "seat": seat, "from": src, "to": dst, "count": n, "path": path})
        self._after_manoeuvre(state, rng, seat, events)

    def _after_manoeuvre(self, state: State, rng: Rng, seat: str, events: list[Event]) -> None:
        """Hook: what follows a manoeuvre; by default the turn ends (an edition that allows more
        manoeuvres a turn stays in the manoeuvre phase while some are left)."""
        self._end_turn(state, rng, events)

    def _act_end_turn(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        self._enter_phase(state, seat, "manoeuvre", events)
        events.append({"type": "end_turn", "seat": seat})
        self._end_turn(state, rng, events)

    # -- legal actions: :class:`~bot.rules.risk_map.legal.LegalForms` ---------------------

    def card_points(self) -> dict[str, int]:
        """Trade points of each card (razors, ammunition…)."""
        return {}

    # -- shared view pieces ---------------------------------------------------------------
    def public_territories(self, state: State) -> dict[str, dict[str, Any]]:
        owner, troops = state["owner"], state["troops"]
        return {t: {"owner": owner[t], "troops": troops[t]} for t in self.board.order}
