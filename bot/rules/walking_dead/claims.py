"""The opening claims of The Walking Dead (a part of
:class:`~bot.rules.walking_dead.game.WalkingDead`, a mixin): Survival's setup (p. 6) and
Conquest's second one (p. 14).

Phase ``claim``: in the order of placement, each player puts one survivor on an unoccupied
territory (``claim {territory}``) until none is left. Phase ``garrison``: still in that order,
each places the rest of their starting survivors one by one on their own territories
(``place_start {territory}``), or all of them at once (``place_rest``: "place the rest for
me", :func:`~bot.rules.walking_dead.setup.place_rest`, so an asynchronous game needs one action
per player). A player with none left is passed over. Then the first turn starts. The seat
placing is the turn keys' current seat (``turn_info`` shows who must act); the turn number
stays 1 until the first turn.
"""

from __future__ import annotations

import bot.rules.turns as turns
from bot.rules.base import Action, Event, Rng, State
from bot.rules.walking_dead.messages import wd_error
from bot.rules.walking_dead.setup import place_rest

__all__ = ["Claims", "SETUP_PHASES"]

SETUP_PHASES = frozenset({"claim", "garrison"})


class Claims:
    """The claims (see the module docstring)."""

    def _free(self, state: State) -> list[str]:
        owner = state["owner"]
        return [t for t in self.board.order if owner[t] is None]

    def _setup_next(self, state: State, rng: Rng, events: list[Event], first: bool = False) -> None:
        """The next seat to claim or place, in the order of placement; the first turn once
        every survivor is placed."""
        setup = state["setup"]
        order, out, pawns = setup["order"], state["out"], state["pawns"]
        n = len(order)
        i = setup["i"] if first else setup["i"] + 1
        steps = 0 if first else setup.get("steps", 0) + 1  # turn_info's count: only goes forward
        if state["phase"] == "claim" and not self._free(state):
            state["phase"] = "garrison"
            events.append({"type": "phase", "phase": "garrison"})
            i = 0
        if state["phase"] == "claim":
            for k in range(n):
                seat = order[(i + k) % n]
                if seat not in out:
                    self._set_setup(state, (i + k) % n, seat, steps)
                    return
        else:
            for k in range(n):
                seat = order[(i + k) % n]
                if seat not in out and pawns[seat] > 0:
                    self._set_setup(state, (i + k) % n, seat, steps)
                    return
        # every survivor placed: the first turn
        state["setup"] = None
        state["setup_steps"] = steps
        state["pawns"] = {s: 0 for s in pawns}
        state["current"] = 0
        if state["order"][0] in out:
            turns.advance(state)
            state["turn"] = 1
        events.append({"type": "setup_done", "first": turns.current_seat(state)})
        self._start_turn(state, rng, events)

    def _set_setup(self, state: State, i: int, seat: str, steps: int) -> None:
        state["setup"] = {**state["setup"], "i": i, "steps": steps}
        state["current"] = state["order"].index(seat)

    def _act_claim(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        if state["phase"] != "claim":
            raise wd_error("wd.err.claim_phase")
        tid = self._territory(action.get("territory"))
        if state["owner"][tid] is not None:
            raise wd_error("wd.err.claim_taken", territory=self.tname(tid))
        self._private(state, "owner")[tid] = seat
        state["troops"][tid] = 1
        pawns = self._private(state, "pawns")
        pawns[seat] -= 1
        events.append({"type": "claim", "seat": seat, "territory": tid, "left": pawns[seat]})
        self._setup_next(state, rng, events)

    def _act_place_start(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        self._garrison_phase(state)
        tid = self._territory(action.get("territory"))
        self._own(state, seat, tid)
        state["troops"][tid] += 1
        pawns = self._private(state, "pawns")
        pawns[seat] -= 1
        events.append({"type": "place_start", "seat": seat, "territory": tid, "left": pawns[seat]})
        self._setup_next(state, rng, events)

    def _act_place_rest(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        self._garrison_phase(state)
        pawns = self._private(state, "pawns")
        mine = self.territories_of(state, seat)
        added = place_rest(mine, state["troops"], pawns[seat])
        for tid, n in added.items():
            state["troops"][tid] += n
        events.append({"type": "place_rest", "seat": seat, "placements": added, "count": pawns[seat]})
        pawns[seat] = 0
        self._setup_next(state, rng, events)

    def _garrison_phase(self, state: State) -> None:
        if state["phase"] == "claim":
            raise wd_error("wd.err.claim_first", n=len(self._free(state)))
        if state["phase"] != "garrison":
            raise wd_error("wd.err.place_start_phase")

    def _legal_setup(self, state: State, seat: str) -> list[Action]:
        if state["phase"] == "claim":
            return [{"type": "claim", "territory": self._free(state)}]
        return [{"type": "place_start", "territory": self.territories_of(state, seat)}, {"type": "place_rest"}]

    def _setup_default(self, state: State, seat: str) -> Action:
        """A seat whose time ran out: the first unoccupied territory next to one of its own
        (else the first unoccupied), or the rest placed for it."""
        if state["phase"] == "claim":
            free = self._free(state)
            owner = state["owner"]
            near = [t for t in free if any(owner[n] == seat for n in self.board.neighbours(t))]
            return {"type": "claim", "territory": (near or free)[0]}
        return {"type": "place_rest"}

    def _setup_kick(self, state: State, gone: str) -> None:
        """A player who leaves during the setup places no more survivors."""
        self._private(state, "pawns")[gone] = 0
