"""The starting placement played by the players (option ``setup: place``), pages 4–5.

After the leaders and their first robot are on their starting zones, from the youngest (the
first seat) each player in turn puts one robot on an empty zone, until every zone in play
holds one; then each in turn puts the rest of his 30 operational robots, one by one, on
zones he holds. A player with none left is passed over; when nobody has any left, day 1
begins with the first seat's turn. The default (``setup: deal``) plays these same placements
with the game's generator (:func:`bot.rules.transformers.setup.random_setup`).

A part of :class:`~bot.rules.transformers.game.Transformers` (a mixin). The phase is
``"claim"``; ``state["claims"]`` counts each seat's robots still to place (``None`` once
the game proper has begun). Each placement is a turn of the platform's (a new decision by
another player).
"""

from __future__ import annotations

from typing import Any

from bot.rules.base import Action, Event, Rng, State
from bot.rules.risk_map.messages import rule_error
from bot.rules.transformers.board import SLIDE_IDS
from bot.rules.transformers.messages import tf_error

__all__ = ["Claims"]


class Claims:
    """The players' starting placement (see the module docstring)."""

    def empty_zones(self, state: State) -> list[str]:
        owner, open_ = state["owner"], state["open"]
        return [t for t in self.board.order if owner[t] is None and (t not in SLIDE_IDS or open_[t])]

    def claim_options(self, state: State, seat: str) -> list[str]:
        empty = self.empty_zones(state)
        if empty:
            return empty
        owner = state["owner"]
        return [t for t in self.board.order if owner[t] == seat]

    def _act_claim(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        if state["phase"] != "claim":
            raise tf_error("tf.err.claim_phase")
        tid = action["territory"]
        empty = self.empty_zones(state)
        if empty and tid not in empty:
            raise tf_error("tf.err.claim_empty", territory=self.tname(tid))
        if not empty and state["owner"][tid] != seat:
            raise rule_error("err.not_yours", territory=self.tname(tid))
        self._private(state, "owner")[tid] = seat
        state["troops"][tid] += 1
        claims = state["claims"] = dict(state["claims"])
        claims[seat] -= 1
        events.append({"type": "claim", "seat": seat, "territory": tid, "left": claims[seat]})
        self._next_claim(state, rng, events)

    def _next_claim(self, state: State, rng: Rng, events: list[Event]) -> None:
        """The next seat in turn with robots to place, or day 1's first turn."""
        order, out, claims = state["order"], state["out"], state["claims"]
        n = len(order)
        for step in range(1, n + 1):
            i = (state["current"] + step) % n
            if order[i] not in out and claims.get(order[i], 0) > 0:
                state["current"] = i
                state["turn"] += 1
                return
        state["claims"] = None
        state["current"] = next(i for i, s in enumerate(order) if s not in out)
        state["turn"] += 1
        events.append({"type": "placed", "day": state["day"]})
        self._start_turn(state, rng, events)

    def _claim_default(self, state: State, seat: str) -> Action:
        return {"type": "claim", "territory": self.claim_options(state, seat)[0]}

    def _pass_claim(self, state: State, rng: Rng, events: list[Event]) -> None:
        """A skip (or a kick of the seat to place) in the placement: the seat's robot goes on
        the first zone it may take; a seat that left is passed over."""
        seat = state["order"][state["current"]]
        if seat in state["out"]:
            self._next_claim(state, rng, events)
        else:
            self._act_claim(state, rng, seat, self._claim_default(state, seat), events)

    @staticmethod
    def claims_view(state: State) -> dict[str, Any] | None:
        claims = state.get("claims")
        return None if claims is None else dict(claims)
