"""The map engine's side of the moderator's skip and kick and of a turn timer's timeout.

The base class (:meth:`bot.rules.base.Game._system`) runs them the same way in every game;
these are the Risk map's hooks: what an abandoned turn drops, how a turn passes, what a
kicked gang leaves behind, and the default action of a seat whose time ran out.
"""

from __future__ import annotations

from bot.rules.base import Action, Event, Rng, State

__all__ = ["Moderation"]


class Moderation:
    """A part of :class:`~bot.rules.risk_map.game.MapGame` (a mixin)."""

    def _abandon_turn(self, state: State, seat: str, kicked: bool) -> None:
        """The turn ends where it stands: a pending attack retreats, members not yet placed
        are lost; cards earned are still drawn, unless the player was kicked."""
        b = state["battle"]
        if b is not None:
            state["troops"][b["from"]] += b["committed"]
            self._close_battle(state)
        state["reserve"] = 0
        if kicked:
            state["conquered"] = 0

    def default_action(self, state: State, seat: str) -> Action:
        """When the time runs out: a pending attack retreats; members still to place all go
        to the front (:meth:`front_line`); the edition's other compulsory placement duties
        are done plainly (:meth:`_default_duty`); then the turn ends, with no attack and no
        manoeuvre."""
        phase = state["phase"]
        if phase == "battle":
            return {"type": "retreat"}
        if phase == "place":
            if state["reserve"] > 0:
                return {"type": "place", "territory": self.front_line(state, seat), "count": state["reserve"]}
            duty = self._default_duty(state, seat)
            if duty is not None:
                return duty
        return {"type": "end_turn"}

    def _default_duty(self, state: State, seat: str) -> Action | None:
        """Hook: a compulsory placement duty other than the reserve, done plainly for a seat
        whose time ran out (members owed to a neutral faction), or ``None``."""
        return None

    def front_line(self, state: State, seat: str) -> str:
        """Where reinforcements do the most good without a plan: the seat's territory under
        the heaviest threat (hostile members next door, less its own), first in map order
        among equals; a territory with no hostile neighbour only if none has one."""
        owner, troops = state["owner"], state["troops"]
        closed = self.closed(state)
        best, top = None, None
        for tid in self.territories_of(state, seat):
            foes = [n for n in self.board.neighbours(tid, closed) if owner[n] != seat and self.hostile(state, seat, n)]
            if not foes:
                continue
            threat = sum(troops[n] for n in foes) - troops[tid]
            if top is None or threat > top:
                best, top = tid, threat
        return best if best is not None else self.territories_of(state, seat)[0]

    def _pass_turn(self, state: State, rng: Rng, events: list[Event]) -> None:
        self._end_turn(state, rng, events)

    def _on_kick(self, state: State, rng: Rng, gone: str, events: list[Event]) -> None:
        """The gang stays on the board, never acts again, and can be conquered; the cards go
        to the discard pile."""
        self._private(state, "discard").extend(state["players"][gone]["hand"])
        self._player(state, gone)["hand"] = []
        self._on_player_out(state, gone, "", events)

    def _last_one_standing(self, state: State, winners: list[str], events: list[Event]) -> None:
        self._finish(state, winners, "elimination", events)
