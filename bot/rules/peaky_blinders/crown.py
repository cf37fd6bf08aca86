"""The British Crown of Risk Peaky Blinders: a track of steps, rolled along at the end of
every turn; at the Garrison Tavern a roll ends the game (a double six: nobody wins; more than
6: the gang holding the most territories wins)."""

from __future__ import annotations

from bot.rules.base import Event, Rng, State

__all__ = ["Crown"]


class Crown:
    """A part of :class:`~bot.rules.peaky_blinders.game.PeakyBlinders` (a mixin: it overrides
    the map engine's ``_end_of_turn`` hook)."""

    def _most_territories(self, state: State) -> list[str]:
        counts = {s: self.count_of(state, s) for s in self.active_seats(state)}
        best = max(counts.values())
        return [s for s in state["order"] if counts.get(s) == best]

    def _end_of_turn(self, state: State, rng: Rng, seat: str, events: list[Event]) -> None:
        if state["crown"] is None:
            return
        crown = self._private(state, "crown")  # the working copy: the state before shares it
        route = self.data.route
        last = len(route) - 1
        if crown["step"] < last:
            territory, dice = route[crown["step"]]
            if dice:
                roll = [rng.die(), rng.die()]
                crown["last_roll"] = roll
                moves = sum(roll) > 6
                events.append({"type": "crown_roll", "seat": seat, "dice": roll, "step": crown["step"],
                               "territory": territory, "result": "moves" if moves else "stays"})
            else:
                moves = True
            if not moves:
                return
            crown["step"] += 1
            events.append({"type": "crown_move", "step": crown["step"], "territory": route[crown["step"]][0],
                           "steps": len(route)})
            if crown["step"] < last:
                return
        # At the Garrison Tavern: the final roll on arrival, then one at the end of every turn.
        roll = [rng.die(), rng.die()]
        crown["last_roll"] = roll
        if roll == [6, 6]:
            events.append({"type": "crown_roll", "seat": seat, "dice": roll, "step": last,
                           "territory": route[last][0], "result": "double_six"})
            self._finish(state, [], "double_six", events)
        elif sum(roll) > 6:
            events.append({"type": "crown_roll", "seat": seat, "dice": roll, "step": last,
                           "territory": route[last][0], "result": "overthrown"})
            self._finish(state, self._most_territories(state), "crown", events)
        else:
            events.append({"type": "crown_roll", "seat": seat, "dice": roll, "step": last,
                           "territory": route[last][0], "result": "holds"})
