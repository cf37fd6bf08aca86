"""A turn of The Walking Dead on the map engine (a part of
:class:`~bot.rules.walking_dead.game.WalkingDead`, a mixin): its start, its end, the rounds and
the end of the game.

Start (Survival, p. 7–10): the walkers' invasion the marker calls for, then the action card
(the Horde draws again), then the deployment's count. A group the invasion (or a card's walkers)
wipes out is out at once; if it was the one whose turn it is, its turn is over and the next
seat's starts (a loop: that seat's invasion may wipe it out too). Conquest (p. 14) starts with
the deployment.

End: the crates earned (one if anything was conquered, or as the card says; p. 15 draws them
before the manoeuvre — here after it, which changes nothing since a manoeuvre cannot use a
crate), the objective judged and rewarded, then the next seat. Survival's rounds: when the turn
wraps round the table the marker moves on (never past 4); once the Horde has come, the round's
end brings the final invasion with that marker and the scores (p. 16).

The automatic steps run on :class:`~bot.rules.walking_dead.effects.Table` (copies of the
state's parts, written back after).
"""

from __future__ import annotations

from typing import Any

import bot.rules.turns as turns
import bot.rules.walking_dead.effects as effects
from bot.rules.base import Event, Rng, State
from bot.rules.walking_dead.actions import Conquest
from bot.rules.walking_dead.deck import draw_action
from bot.rules.walking_dead.rounds import end_of_turn
from bot.rules.walking_dead.scoring import survival_scores, survival_winners

__all__ = ["Turns"]


class Turns:
    """Turns, rounds and the end (see the module docstring)."""

    # -- the table the automatic steps work on --------------------------------------------
    def _table(self, state: State) -> effects.Table:
        players = state["players"]
        seats = turns.still_in(state)
        return effects.Table(
            owner=dict(state["owner"]), troops=state["troops"], seats=list(seats), towers=list(state["towers"]),
            bag=list(state["bag"]), hands={s: list(players[s]["hand"]) for s in seats},
            grenades={s: players[s]["grenades"] for s in seats}, pile=list(state["deck"]),
            discard=list(state["discard"]))

    def _untable(self, state: State, table: effects.Table) -> None:
        state["owner"] = table.owner
        state["troops"] = table.troops
        state["towers"] = table.towers
        state["bag"] = table.bag
        state["deck"] = table.pile
        state["discard"] = table.discard
        for seat in table.hands.keys() | table.grenades.keys():
            if seat in state["players"]:
                player = self._player(state, seat)
                player["hand"] = table.hands.get(seat, [])
                player["grenades"] = table.grenades.get(seat, 0)
        for seat in table.out:
            self._private(state, "out")
            turns.remove(state, seat)
            player = self._player(state, seat)
            player["hand"], player["grenades"] = [], 0

    def _orders_all(self, state: State) -> dict[str, dict[str, str]]:
        return {s: self.orders(state, s) for s in turns.still_in(state)}

    def _invade(self, state: State, rng: Rng, marker: int, why: str, events: list[Event]) -> None:
        table = self._table(state)
        events += effects.invade(table, rng, marker, self._orders_all(state), why)
        self._untable(state, table)

    # -- the start of a turn --------------------------------------------------------------
    def _start_turn(self, state: State, rng: Rng, events: list[Event]) -> None:
        for _ in range(len(state["order"]) + 1):
            seat = turns.current_seat(state)
            state["phase"] = "place"
            state["battle"] = None
            state["highlight"] = None
            state["conquered"] = 0
            state["conquests"] = []
            state["traded"] = False
            state["manoeuvres"] = 0
            state["extra"] = 0
            state["advance"] = None
            if state["mode"] == "survival":
                state["action"] = None
                self._invade(state, rng, state["marker"], "turn", events)
                if self._over_by_elimination(state, events):
                    return
                if seat not in state["out"]:
                    self._draw_action(state, rng, seat, events)
                    if self._over_by_elimination(state, events):
                        return
                if seat in state["out"]:  # wiped out at the start of their own turn
                    if self._pass_on(state, rng, events):
                        return
                    continue
            income = self.income(state, seat)
            state["income"] = income
            state["reserve"] = sum(income.values())
            events.append({"type": "turn", "seat": seat, "turn": state["turn"], "income": dict(income),
                           "reserve": state["reserve"], **self._round_info(state)})
            return
        raise AssertionError("no seat could start a turn")  # pragma: no cover - the game ends first

    def _round_info(self, state: State) -> dict[str, Any]:
        if state["mode"] != "survival":
            return {}
        return {"round": state["round"], "marker": state["marker"]}

    def _draw_action(self, state: State, rng: Rng, seat: str, events: list[Event]) -> None:
        pile = self._private(state, "actions")
        drawn, horde = draw_action(pile)
        cards = self.action_cards
        for cid in drawn:
            events.append({"type": "action", "seat": seat, "card": cid, "timing": cards[cid].timing,
                           "left": len(pile)})
        if horde and not state["horde"]:
            state["horde"] = True
            events.append({"type": "horde", "seat": seat, "round": state["round"]})
        card = next((cards[c] for c in drawn if cards[c].timing != "horde"), None)
        state["action"] = card.id if card else None
        if card is not None and card.timing == "now":
            table = self._table(state)
            events += effects.resolve_now(table, self.board, card, seat, rng, self._orders_all(state))
            state["extra"] = table.extra
            self._untable(state, table)

    def _over_by_elimination(self, state: State, events: list[Event]) -> bool:
        """Eliminating every other group wins at once (p. 12); the walkers wiping out every
        group end the game with no winner."""
        left = turns.still_in(state)
        if len(left) > 1:
            return False
        self._finish(state, left, "elimination" if left else "walkers", events)
        return True

    # -- the end of a turn ----------------------------------------------------------------
    def _end_turn(self, state: State, rng: Rng, events: list[Event]) -> None:
        seat = turns.current_seat(state)
        if seat not in state["out"]:
            self._turn_rewards(state, seat, events)
        if self._pass_on(state, rng, events):
            return
        self._start_turn(state, rng, events)

    def _turn_rewards(self, state: State, seat: str, events: list[Event]) -> None:
        card = self.action_cards.get(state["action"] or "") if state["mode"] == "survival" else None
        objective = card is not None and card.timing == "objective"
        if not state["conquests"] and not objective:
            return  # nothing earned: no table to build
        conquests = [Conquest(c["territory"], c["loser"]) for c in state["conquests"]]
        table = self._table(state)
        if state["mode"] == "survival":
            events += effects.end_of_turn_crates(table, seat, self.mods(state), conquests)
            if objective:
                events += effects.reward(table, self.board, card, seat, conquests, self.strategic)
        elif conquests:
            events += effects.end_of_turn_crates(table, seat, effects.TurnMods(), conquests)
        self._untable(state, table)

    def _pass_on(self, state: State, rng: Rng, events: list[Event]) -> bool:
        """The turn passes to the next seat still in; in Survival, a round's end moves the
        marker and, after the Horde, brings the final invasion and the scores. Returns whether
        the game ended."""
        if state["mode"] != "survival":
            turns.advance(state)
            return False
        end = end_of_turn(state["order"], state["out"], state["current"], state["marker"], state["round"],
                          state["horde"])
        if end.round_over:
            state["marker"], state["round"] = end.marker, end.round
            events.append({"type": "round", "round": end.round, "marker": end.marker, "final": end.final})
        if end.final:
            self._invade(state, rng, end.marker, "final", events)
            if not self._over_by_elimination(state, events):
                self._score(state, events)
            return True
        turns.advance(state)
        return False

    def _score(self, state: State, events: list[Event]) -> None:
        left = turns.still_in(state)
        hands = {s: state["players"][s]["hand"] for s in state["seats"]}
        scores = survival_scores(self.board, self.strategic, state["owner"], state["troops"], hands, state["seats"])
        winners = survival_winners({s: scores[s] for s in left})
        self._finish(state, winners, "horde", events, {s: sc.public() for s, sc in scores.items()})

    def _finish(self, state: State, winners: list[str], reason: str, events: list[Event],
                detail: dict[str, Any] | None = None) -> None:
        """The end: Survival's score table (:mod:`.scoring`), else territories held."""
        if detail is None:
            hands = {s: state["players"][s]["hand"] for s in state["seats"]}
            sc = survival_scores(self.board, self.strategic, state["owner"], state["troops"], hands, state["seats"])
            detail = {s: x.public() for s, x in sc.items()}
        scores = {s: d["total"] if state["mode"] == "survival" else d["territories"] for s, d in detail.items()}
        turns.finish(state, winners, scores=scores, reason=reason, detail=detail)
        state["battle"] = None
        events.append({"type": "game_over", "winners": list(winners), "reason": reason, "scores": scores,
                       "detail": detail})

    def _check_victory(self, state: State, seat: str, events: list[Event]) -> None:
        if state.get("result") is None:
            self._over_by_elimination(state, events)
