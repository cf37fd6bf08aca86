"""The two questions a battle asks of the attacker, and Bumblebee's standing escape order.

A part of :class:`~bot.rules.transformers.game.Transformers` (a mixin). The rulebook leaves two
choices to a player in the middle of a roll:

- **the leader's +1** (page 14: "ajoutent +1 au dé de ton choix"; page 15 turns a 3 into a
  4 after the dice are seen). When the attacker's leader gives it (Bumblebee or Megatron in
  robot mode) and where it goes changes the roll's result, the roll stops once thrown and
  asks him: ``{"type": "bonus", "die": i}``, ``i`` an index into his dice high to low (as
  thrown, ``ask["att"]``; ``ask["results"]``: the losses, attacker's and defender's, each
  choice brings). The defender's +1 (Optimus Prime, Barricade) is placed for him:
  a roll's losses add up to the pairs compared, so his fewest losses is also the attacker's
  most, and any other die would never serve him better (the defender never waits);
- **Bumblebee's escape** (page 14: "déplace-le sur une zone voisine"). Beaten in vehicle
  mode while attacking, with two or more zones of his player's next to the zone fought
  over, the attacker is asked: ``{"type": "escape", "territory": z}``. Beaten defending, he
  goes where his player's standing order says (``{"type": "rally", "order": …}``, any time:
  ``first``, the first such zone in map order; ``strongest``, the one with the most
  robots; ``weakest``, the fewest).

While a question is open (``state["ask"]``) nothing but its answer and the standing orders
is accepted. Its default, played on a timeout, a skip or a kick, is the engine's choice
before it asked: the die where the +1 gains most, the zone the rally order names. An
answered question given during a roll "to the end" (``until``) rolls on.
"""

from __future__ import annotations

from typing import Any

from bot.rules.base import Action, Event, Rng, State
from bot.rules.transformers.messages import tf_error

__all__ = ["RALLY", "Asks"]

RALLY = ("first", "strongest", "weakest")
RALLY_FORMS = {order: {"type": "rally", "order": [o for o in RALLY if o != order]} for order in RALLY}


class Asks:
    """The battle's questions (see the module docstring)."""

    def rally_order(self, state: State, seat: str) -> str:
        player = state["players"].get(seat)
        return player.get("rally", "first") if player is not None else "first"

    def escape_zones(self, state: State, lid: str, fought_on: str) -> list[str]:
        """Where the leader ``lid``, beaten on ``fought_on``, may escape: his player's zones
        next to it, in map order."""
        owner, seat = state["owner"], state["leaders"][lid]["seat"]
        return [n for n in self.nbrs(state)[fought_on] if owner[n] == seat]

    def rally_zone(self, state: State, seat: str, zones: list[str]) -> str:
        """The zone of ``zones`` the standing rally order of ``seat`` picks."""
        order = self.rally_order(state, seat)
        if order == "first" or len(zones) < 2:
            return zones[0]
        troops = state["troops"]
        if order == "strongest":
            return max(zones, key=lambda z: troops[z])  # the first among equals
        return min(zones, key=lambda z: troops[z])

    def _question(self, state: State, kind: str) -> dict[str, Any]:
        ask = state.get("ask")
        if ask is None or ask["kind"] != kind:
            raise tf_error("tf.err.no_question")
        return ask

    def _asked(self, state: State, ask: dict[str, Any], events: list[Event]) -> None:
        state["ask"] = ask
        event = {"type": "ask", **self.ask_view(state)}
        if ask["kind"] == "escape":  # the default follows his secret rally order: his alone
            event["private"] = {ask["seat"]: {"default": ask["default"]}}
        events.append(event)

    def ask_view(self, state: State) -> dict[str, Any] | None:
        """The open question as everyone may see it (the dice are on the table); the
        escape's default follows the asked seat's secret rally order, so it is left out (his
        own view has it: ``you["escape_default"]``)."""
        ask = state.get("ask")
        if ask is None:
            return None
        hidden = ("thrown", "until") if ask["kind"] == "bonus" else ("thrown", "until", "default")
        out = {k: v for k, v in ask.items() if k not in hidden}
        if ask["kind"] == "bonus":
            t = ask["thrown"]
            out.update({"att": list(t["att"]), "att_sides": list(t["att_sides"]), "def": list(t["def"]),
                        "def_sides": list(t["def_sides"])})
        out["options"] = list(ask["options"])
        return out

    def _act_bonus(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        ask = self._question(state, "bonus")
        die = action["die"]
        if die not in ask["options"]:
            raise tf_error("tf.err.bonus_die", n=len(ask["options"]))
        state["ask"] = None
        self._battle(state)
        self._land(state, rng, ask["thrown"], die, ask["until"], events)
        self._roll_on(state, rng, ask["until"], events)

    def _act_escape(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        ask = self._question(state, "escape")
        zone = self._territory(action.get("territory"))
        if zone not in ask["options"] or state["owner"][zone] != seat:
            raise tf_error("tf.err.escape_zone", leader=self.data.leaders[ask["leader"]].name,
                           territory=self.tname(ask["from"]))
        state["ask"] = None
        self._move_leader(state, ask["leader"], zone=zone)
        events.append({"type": "escape", "seat": seat, "leader": ask["leader"], "from": ask["from"],
                       "territory": zone})
        self._roll_on(state, rng, ask["until"], events)

    def _act_rally(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        order = action["order"]
        if self.data.leaders[self.leader_of(state, seat)].power != "escape":
            raise tf_error("tf.err.no_rally", leader=self.data.leaders[self.leader_of(state, seat)].name)
        if order == self.rally_order(state, seat):
            raise tf_error("tf.err.rally_same")
        self._player(state, seat)["rally"] = order
        events.append({"type": "rally", "seat": seat, "private": {seat: {"order": order}}})

    def _roll_on(self, state: State, rng: Rng, until: bool, events: list[Event]) -> None:
        """After an answer: a roll "to the end" goes on while the battle does."""
        if until and state["battle"] is not None and state.get("ask") is None and state.get("result") is None:
            self._battle(state)
            self._roll(state, rng, True, events)

    def _answer(self, ask: dict[str, Any], value: Any = None) -> Action:
        if ask["kind"] == "bonus":
            return {"type": "bonus", "die": ask["default"] if value is None else value}
        return {"type": "escape", "territory": ask["default"] if value is None else value}

    def _settle(self, state: State, rng: Rng, events: list[Event]) -> None:
        """The open question answered by its default, rolling no further (a skip or kick)."""
        ask = state["ask"] = {**state["ask"], "until": False}
        handler = self._act_bonus if ask["kind"] == "bonus" else self._act_escape
        handler(state, rng, ask["seat"], self._answer(ask), events)

    def _legal_ask(self, state: State) -> list[Action]:
        ask = state["ask"]
        key = "die" if ask["kind"] == "bonus" else "territory"
        return [{"type": ask["kind"], key: list(ask["options"])}]

    def _legal_rally(self, state: State, seat: str) -> list[Action]:
        if self.data.leaders[self.leader_of(state, seat)].power != "escape":
            return []
        return [RALLY_FORMS[self.rally_order(state, seat)]]
