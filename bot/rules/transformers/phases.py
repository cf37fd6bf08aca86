"""Phases 1, 2 and 4 of Risk Transformers, the standing orders, and every legal form.

A part of :class:`~bot.rules.transformers.game.Transformers` (a mixin):

- phase 1: upgrade cards that give robots now (page 7 step B: the robots, or the sector bonus
  doubled, once however many are played), reviving the leader for 3 of the robots to place
  (page 8), placing;
- phase 2 (page 9): flipping the leader (once a turn), transforming a pivoting or sliding
  zone with a card bearing the symbol (the seat must hold the zone or another of its
  sector; opening a factory puts a robot of the seat's in it; closing one crushes what is
  inside), calling for back-up with Space Bridge (page 16: "some upgrade cards");
- phase 4 (page 16): one back-up move through the seat's (and its teammate's) zones, ending
  the turn; Optimus Prime's jump in vehicle mode; in the team game, giving a zone to the
  teammate instead of the back-up (its robots to the scrapyard, one of his there).
"""

from __future__ import annotations

from typing import Any

from bot.rules.base import Action, Event, Rng, State
from bot.rules.risk_map.defence import ORDERS
from bot.rules.risk_map.messages import rule_error
from bot.rules.transformers.board import PIVOT_IDS, SLIDE_IDS
from bot.rules.transformers.messages import tf_error

__all__ = ["DEFAULT_STANCE", "REVIVE_COST", "Phases"]

REVIVE_COST = 3  # robots to place given up to bring the leader back from the scrapyard (page 8)
DEFAULT_STANCE = {"dice": 2, "leader": True, "lose": "last"}
# the defence-order form for each current order (the others offered); forms are read, never changed
DEFENCE_FORMS = {order: {"type": "defence", "order": [o for o in ORDERS if o != order]} for order in ORDERS}
_STANCE_FORM = {"type": "stance", "dice": [1, 2], "leader": [True, False], "lose": ["last", "first"]}
_WHEN = {"place": "in phase 1", "attack": "before an attack", "defend": "by your defence order when attacked",
         "transform": "in phase 2"}


class Phases:
    """Phases 1, 2 and 4 and the legal forms (see the module docstring)."""

    # -- cards ----------------------------------------------------------------------------
    def _card(self, state: State, seat: str, card: str) -> Any:
        if card not in state["players"][seat]["hand"]:
            raise tf_error("tf.err.card_not_held", card=self.tname(card))
        return self.data.upgrades[self.data.cards[card].upgrade]

    def _discard(self, state: State, seat: str, card: str) -> None:
        self._hand(state, seat).remove(card)
        self._private(state, "discard").append(card)

    def _act_play(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        card = action["card"]
        up = self._card(state, seat, card)
        phase = state["phase"]
        if up.phase == "place":
            if phase != "place":
                raise tf_error("tf.err.card_phase", upgrade=up.name, when=_WHEN["place"])
            fx = self._fx(state)
            income = state["income"] = dict(state["income"])
            if up.effect == "robots":
                gain = up.value
            else:
                gain = 0 if fx.get("doubled") else income.get("sectors", 0)
                fx["doubled"] = True
            income["cards"] = income.get("cards", 0) + gain
            state["reserve"] += gain
            self._discard(state, seat, card)
            events.append({"type": "card", "seat": seat, "card": card, "upgrade": up.id, "robots": gain,
                           "reserve": state["reserve"]})
            return
        if up.phase != "attack":
            raise tf_error("tf.err.card_phase", upgrade=up.name, when=_WHEN[up.phase])
        if phase == "place" or phase == "transform":
            self._enter_phase(state, seat, "attack", events)
        elif phase != "attack":
            raise tf_error("tf.err.card_phase", upgrade=up.name, when=_WHEN["attack"])
        fx = self._fx(state)
        if up.scope == "turn":
            fx["highest"] = fx.get("highest", 0) + up.value
        else:
            armed = dict(fx.get("armed") or {"all": 0, "d8": False, "cards": []})
            armed["cards"] = [*armed.get("cards", []), card]
            if up.effect == "attack_d8":
                armed["d8"] = True
            else:
                armed["all"] = armed.get("all", 0) + up.value
            fx["armed"] = armed
        self._discard(state, seat, card)
        events.append({"type": "card", "seat": seat, "card": card, "upgrade": up.id, "scope": up.scope})

    # -- phase 1 --------------------------------------------------------------------------
    def _act_revive(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        lid = self.leader_of(state, seat)
        name = self.data.leaders[lid].name
        if state["phase"] != "place":
            raise tf_error("tf.err.revive_phase")
        if state["leaders"][lid]["zone"] is not None:
            raise tf_error("tf.err.leader_on_board", leader=name)
        if state["reserve"] < REVIVE_COST:
            raise tf_error("tf.err.revive_cost", leader=name, n=state["reserve"])
        tid = action["territory"]
        self._own(state, seat, tid)
        state["reserve"] -= REVIVE_COST
        self._move_leader(state, lid, zone=tid, mode=action["mode"])
        events.append({"type": "revive", "seat": seat, "leader": lid, "territory": tid, "mode": action["mode"],
                       "cost": REVIVE_COST, "left": state["reserve"]})

    def _act_end_placement(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        if state["phase"] != "place":
            raise rule_error("err.placement_over")
        self._enter_phase(state, seat, "transform", events)
        events.append({"type": "phase", "seat": seat, "phase": "transform"})

    # -- phase 2 --------------------------------------------------------------------------
    def _phase_two(self, state: State, seat: str, key: str, events: list[Event]) -> None:
        if state["phase"] not in ("place", "transform"):
            raise tf_error(key)
        self._enter_phase(state, seat, "transform", events)

    def _act_flip(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        self._phase_two(state, seat, "tf.err.flip_phase", events)
        lid = self.leader_of(state, seat)
        lead = state["leaders"][lid]
        if lead["zone"] is None:
            raise tf_error("tf.err.leader_scrapyard", leader=self.data.leaders[lid].name)
        if state["fx"].get("flipped"):
            raise tf_error("tf.err.flipped")
        mode = "vehicle" if lead["mode"] == "robot" else "robot"
        self._move_leader(state, lid, mode=mode)
        self._fx(state)["flipped"] = True
        events.append({"type": "flip", "seat": seat, "leader": lid, "mode": mode, "territory": lead["zone"]})

    def transformable(self, state: State, seat: str) -> list[str]:
        """The special zones ``seat`` may transform now: it holds the zone or another zone
        of its sector; a factory that is its only zone is not closed on itself."""
        owner = state["owner"]
        out = []
        for z in PIVOT_IDS + SLIDE_IDS:
            sector = self.board.regions[self.board.territories[z].region].territories
            if not any(owner[t] == seat for t in sector):
                continue
            if z in SLIDE_IDS and state["open"][z] and owner[z] == seat and self.count_of(state, seat) == 1:
                continue
            out.append(z)
        return out

    def _act_transform(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        zone, card = action["zone"], action["card"]
        if zone not in PIVOT_IDS and zone not in SLIDE_IDS:
            raise tf_error("tf.err.not_special", territory=self.tname(zone))
        self._phase_two(state, seat, "tf.err.transform_phase", events)
        self._card(state, seat, card)
        if not self.data.cards[card].transform:
            raise tf_error("tf.err.card_no_symbol", card=self.tname(card))
        if zone not in self.transformable(state, seat):
            raise tf_error("tf.err.transform_sector", territory=self.tname(zone))
        self._discard(state, seat, card)
        opened = not state["open"][zone]
        state["open"] = {**state["open"], zone: opened}
        ev: dict[str, Any] = {"type": "transform", "seat": seat, "zone": zone, "card": card, "open": opened}
        events.append(ev)
        if zone in PIVOT_IDS:
            return
        owner = self._private(state, "owner")
        if opened:  # the factory appears; a robot of the seat's scrapyard goes in (page 9)
            owner[zone] = seat
            state["troops"][zone] = 1
            return
        crushed, robots, lid = owner[zone], state["troops"][zone], self.leader_at(state, zone)
        owner[zone] = None
        state["troops"][zone] = 0
        if lid is not None:
            self._move_leader(state, lid, zone=None)
        ev["crushed"] = {"seat": crushed, "robots": robots, "leader": lid}
        if crushed is not None and self.count_of(state, crushed) == 0:
            self._eliminate(state, rng, crushed, seat, events)
            self._check_victory(state, seat, events)

    def _act_backup(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        self._phase_two(state, seat, "tf.err.backup_phase", events)
        up = self._card(state, seat, action["card"])
        if up.effect != "backup":
            raise tf_error("tf.err.card_phase", upgrade=up.name, when=_WHEN[up.phase])
        src, dst, n, path = self._move_check(state, seat, action)
        self._discard(state, seat, action["card"])
        state["troops"][src] -= n
        state["troops"][dst] += n
        state["highlight"] = {"from": src, "to": dst}
        events.append({"type": "backup", "seat": seat, "card": action["card"], "from": src, "to": dst, "count": n,
                       "path": path})

    # -- phase 4 --------------------------------------------------------------------------
    def _move_check(self, state: State, seat: str, action: Action) -> tuple[str, str, int, list[str]]:
        src = self._territory(action.get("from"), "from")
        dst = self._territory(action.get("to"), "to")
        self._own(state, seat, src)
        self._own(state, seat, dst)
        if src == dst:
            raise rule_error("err.same_territory")
        robots = state["troops"][src]
        avail = min(robots, self.pieces(state, src) - 1)
        if avail < 1:
            raise tf_error("tf.err.too_few", territory=self.tname(src))
        n = self._int(action.get("count", avail), 1, avail)
        path = self.board.path(src, dst, self.passable(state, seat), self.closed(state))
        if path is None:
            raise rule_error("err.not_connected", src=self.tname(src), dst=self.tname(dst))
        return src, dst, n, path

    def _act_manoeuvre(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        self._enter_phase(state, seat, "manoeuvre", events)
        src, dst, n, path = self._move_check(state, seat, action)
        state["troops"][src] -= n
        state["troops"][dst] += n
        state["highlight"] = {"from": src, "to": dst}
        events.append({"type": "manoeuvre", "seat": seat, "from": src, "to": dst, "count": n, "path": path})
        self._end_turn(state, rng, events)

    def jump_targets(self, state: State, seat: str) -> list[str]:
        lid = self.leader_of(state, seat)
        lead = state["leaders"][lid]
        here = lead["zone"]
        if (self.data.leaders[lid].power != "jump" or lead["mode"] != "vehicle" or here is None
                or state["fx"].get("jumped") or state["troops"][here] < 1):
            return []
        owner = state["owner"]
        return [t for t in self.board.order if owner[t] == seat and t != here]

    def _act_jump(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        tid = action["territory"]
        if state["phase"] == "battle" or tid not in self.jump_targets(state, seat):
            raise tf_error("tf.err.jump")
        self._enter_phase(state, seat, "manoeuvre", events)
        lid = self.leader_of(state, seat)
        src = state["leaders"][lid]["zone"]
        self._move_leader(state, lid, zone=tid)
        self._fx(state)["jumped"] = True
        events.append({"type": "jump", "seat": seat, "leader": lid, "from": src, "to": tid})

    def give_targets(self, state: State, seat: str) -> list[str]:
        mates = [s for s in state["teams"][seat] if s != seat and s not in state["out"]]
        if not mates:
            return []
        owner = state["owner"]
        mine = [t for t in self.board.order if owner[t] == seat]
        if len(mine) < 2:
            return []
        here = state["leaders"][self.leader_of(state, seat)]["zone"]
        return [t for t in mine if t != here]

    def _act_give(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        tid = action["territory"]
        if len(state["teams"][seat]) < 2:
            raise tf_error("tf.err.no_teammate")
        if state["phase"] == "battle" or tid not in self.give_targets(state, seat):
            raise tf_error("tf.err.give")
        self._enter_phase(state, seat, "manoeuvre", events)
        mate = next(s for s in state["teams"][seat] if s != seat)
        robots = state["troops"][tid]
        self._private(state, "owner")[tid] = mate
        state["troops"][tid] = 1
        events.append({"type": "give", "seat": seat, "to_seat": mate, "territory": tid, "scrapped": robots})
        self._end_turn(state, rng, events)

    # -- standing orders --------------------------------------------------------------------
    def _act_stance(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        stance = {"dice": action["dice"], "leader": action.get("leader", False), "lose": action["lose"]}
        self._player(state, seat)["stance"] = stance
        events.append({"type": "stance", "seat": seat, "private": {seat: dict(stance)}})

    def _legal_anytime(self, state: State, seat: str) -> list[Action]:
        return [DEFENCE_FORMS[self.defence_order(state, seat)], _STANCE_FORM, *self._legal_rally(state, seat)]

    # -- legal forms ----------------------------------------------------------------------
    def _legal_runs(self, state: State, seat: str) -> list[tuple[str | None, list[Action]]]:
        phase = state["phase"]
        if state.get("ask") is not None:
            return [(None, self._legal_ask(state))]
        if phase == "battle":
            return [(None, [{"type": "roll", "until": False}, {"type": "roll", "until": True},
                            {"type": "retreat"}])]
        if phase == "claim":
            return [(None, [{"type": "claim", "territory": self.claim_options(state, seat)}])]
        owner = state["owner"]
        owned = [t for t in self.board.order if owner[t] == seat]
        out: list[Action] = []
        hand = state["players"][seat]["hand"]
        cards, ups = self.data.cards, self.data.upgrades
        if phase == "place":
            reserve = state["reserve"]
            if reserve > 0:
                out.append({"type": "place", "territory": owned,
                            "count": {"min": 1, "max": reserve, "default": reserve}})
            now = [c for c in hand if ups[cards[c].upgrade].phase == "place"]
            if now:
                out.append({"type": "play", "card": now})
            lid = self.leader_of(state, seat)
            if reserve >= REVIVE_COST and state["leaders"][lid]["zone"] is None:
                out.append({"type": "revive", "territory": owned, "mode": ["robot", "vehicle"]})
            if reserve > 0:
                return [(None, out)]
            out.append({"type": "end_placement"})
        if phase in ("place", "transform"):
            out += self._legal_transform(state, seat, owned, hand)
        if phase != "manoeuvre":
            room = self.advance_room(state, seat)
            if room:
                out.append({"type": "advance", "count": {"min": 1, "max": room, "default": room}})
            out += self._legal_attacks_tf(state, seat, owned)
            now = [c for c in hand if ups[cards[c].upgrade].phase == "attack"]
            if now:
                out.append({"type": "play", "card": now})
            out.append({"type": "end_attack"})
        out += self._legal_moves(state, seat, owned)
        jumps = self.jump_targets(state, seat)
        if jumps:
            out.append({"type": "jump", "territory": jumps})
        gifts = self.give_targets(state, seat)
        if gifts:
            out.append({"type": "give", "territory": gifts})
        out.append({"type": "end_turn"})
        return [(None, out)]

    def _legal_transform(self, state: State, seat: str, owned: list[str], hand: list[str]) -> list[Action]:
        out: list[Action] = []
        lid = self.leader_of(state, seat)
        if state["leaders"][lid]["zone"] is not None and not state["fx"].get("flipped"):
            out.append({"type": "flip"})
        cards, ups = self.data.cards, self.data.upgrades
        symbol = [c for c in hand if cards[c].transform]
        if symbol:
            zones = self.transformable(state, seat)
            if zones:
                out.append({"type": "transform", "zone": zones, "card": symbol})
        bridges = [c for c in hand if ups[cards[c].upgrade].effect == "backup"]
        if bridges:
            for form in self._legal_moves(state, seat, owned):
                out.append({**form, "type": "backup", "card": bridges})
        return out

    def _legal_moves(self, state: State, seat: str, owned: list[str]) -> list[Action]:
        """One back-up form per zone with a robot to spare: the seat's zones joined to it
        through its own (and its teammate's) zones."""
        troops, owner, mates = state["troops"], state["owner"], state["teams"][seat]
        nbrs = self.nbrs(state)
        group: dict[str, int] = {}
        members: list[list[str]] = []
        for t in owned:
            if t in group:
                continue
            k = len(members)
            comp = [t]
            group[t] = k
            todo = [t]
            while todo:
                for n in nbrs[todo.pop()]:
                    if n not in group and owner[n] in mates:
                        group[n] = k
                        todo.append(n)
                        if owner[n] == seat:
                            comp.append(n)
            members.append(comp)
        here = state["leaders"][self.leader_of(state, seat)]["zone"]
        out: list[Action] = []
        for src in owned:
            n = troops[src] if src == here else troops[src] - 1
            if n < 1:
                continue
            dests = [t for t in self.board.order if t != src and t in members[group[src]]]
            if dests:
                out.append({"type": "manoeuvre", "from": src, "to": dests, "count": {"min": 1, "max": n, "default": n}})
        return out
