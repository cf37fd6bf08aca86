"""Phase 3 of Risk Transformers: declaring an attack, each roll, the losses, the capture.

A part of :class:`~bot.rules.transformers.game.Transformers` (a mixin, like the map engine's
``Attacks`` whose actions it overrides). Pages 11–15 with the pure pieces of
:mod:`bot.rules.transformers.battle`:

- the attacker commits 1–3 pieces of a zone, leaving one: ``count`` robots and perhaps his
  leader standing there (``leader``); Megatron in vehicle mode may attack a zone that is not
  a neighbour, alone (a closed pivoting zone too: he flies);
- robots roll d6, leaders d8 (upgrade cards may make robots roll d8), in one roll; a leader
  in robot mode adds +1 to a die of his player's choice (attacking: Bumblebee, Megatron;
  defending: Optimus Prime, Barricade): the attacker is asked when it changes the result
  (:mod:`bot.rules.transformers.asks`), the defender's goes where he gains most; ties go to
  the defender;
- the defender never waits: his standing orders (``stance``: 1 or 2 dice, his leader
  defending or not, which piece goes first; ``defence``: when his defence cards fire)
  decide. By default 2 dice, the leader defending, and the leader kept while a robot is
  left (page 12 step 8, page 15);
- Barricade attacking in vehicle mode leaves the defender one die; Bumblebee in vehicle mode,
  beaten, escapes to a neighbouring zone of his player's instead of the scrapyard (asked of
  the attacker when there is a choice; defending, by his rally order);
- rolling until decided (``until``) is page 13's « CONTINUER l'attaque. Répète les étapes
  2-7 »: after each roll, robots from the attacking zone make the attacking pieces up to the
  number first announced, while one may go (one piece stays behind); it ends when the zone
  falls or only that piece is left (:meth:`Fight._recommit`). One roll at a time keeps the
  pieces committed: a new attack announces again;
- the zone is captured when no piece is left on it: the attacking pieces move in (the leader
  too, if he attacked). The attack upgrades played for it end with it.
"""

from __future__ import annotations

from typing import Any

import bot.rules.transformers.battle as tb
from bot.rules.base import Action, Event, Rng, State
from bot.rules.risk_map.messages import rule_error
from bot.rules.transformers.battle import Fighter, Mods
from bot.rules.transformers.messages import tf_error
from bot.rules.transformers.view import roll_odds, sides_of

__all__ = ["Fight"]

VEHICLE = "vehicle"


class Fight:
    """The attack phase of Transformers (see the module docstring)."""

    def _new_battle(self, state: State, seat: str, action: Action) -> dict[str, Any]:
        """The battle ``action`` declares, checked (a refusal raises); ``state`` untouched."""
        src = self._territory(action.get("from"), "from")
        dst = self._territory(action.get("to"), "to")
        self._own(state, seat, src)
        owner = state["owner"][dst]
        if owner is None:
            raise tf_error("tf.err.not_in_play", territory=self.tname(dst))
        if owner == seat:
            raise rule_error("err.attack_own", territory=self.tname(dst))
        if owner in state["teams"][seat]:
            raise tf_error("tf.err.teammate", territory=self.tname(dst))
        lid = self.leader_of(state, seat)
        lead = state["leaders"][lid]
        with_leader = action.get("leader", False)
        if with_leader and lead["zone"] != src:
            raise tf_error("tf.err.leader_absent", leader=self.data.leaders[lid].name, territory=self.tname(src))
        robots_here = state["troops"][src]
        spare = self.pieces(state, src) - 1 - (1 if with_leader else 0)
        default = max(0, min(3 - (1 if with_leader else 0), robots_here, spare))
        robots = action.get("count", default)
        committed = robots + (1 if with_leader else 0)
        if not 1 <= committed <= 3 or robots > robots_here or robots > spare:
            raise tf_error("tf.err.attack_pieces", territory=self.tname(src))
        near = dst in self.nbrs(state)[src]
        if not near:
            strike = with_leader and self.data.leaders[lid].power == "strike" and lead["mode"] == VEHICLE
            if not strike:
                raise rule_error("err.not_adjacent", src=self.tname(src), dst=self.tname(dst))
            if robots:
                raise tf_error("tf.err.strike_alone")
        armed = state["fx"].get("armed") or {}
        return {
            "attacker": seat,
            "defender": owner,
            "from": src,
            "to": dst,
            "committed": robots,
            "leader": with_leader,
            "sent": committed,
            "strike": not near,
            "rolls": 0,
            "last": None,
            "effects": list(armed.get("cards", [])),
            "mods": {"all": armed.get("all", 0), "d8": armed.get("d8", False)},
            "guard": None,
        }

    def attack_odds(self, state: State, seat: str, action: Action) -> dict[tuple[int, int], Any]:
        """The exact odds of the first roll of ``action`` (an attack ``seat`` could declare
        now), as the attacker may know them: (attacker losses, defender losses) →
        probability (a ``Fraction``), with the dice that will really be thrown (d6, d8), the
        cards armed, the leaders' +1 and the defender's stance; a defence card he has not
        played is his secret. A refusal raises as ``apply`` would."""
        a, d, am, dm = self._first_roll(state, seat, action)
        return roll_odds(sides_of(a, am), sides_of(d, dm), am, dm)

    def attack_dice(self, state: State, seat: str, action: Action) -> dict[str, Any]:
        """The dice ``attack_odds`` counted, for words: each side's dice (their sides, 8 or 6,
        the leader's first) and what is added to them (``all``: on each die, ``highest``: on
        the highest, ``bonus``: the leader's +1 on one die). A refusal raises as ``apply``."""
        a, d, am, dm = self._first_roll(state, seat, action)
        return {"att": list(sides_of(a, am)), "def": list(sides_of(d, dm)),
                "att_mods": {"all": am.all_, "highest": am.highest, "bonus": am.bonus},
                "def_mods": {"all": dm.all_, "highest": dm.highest, "bonus": dm.bonus}}

    def _first_roll(self, state: State, seat: str, action: Action) -> tuple[Any, Any, Any, Any]:
        if state["phase"] == "battle":
            raise rule_error("err.battle_pending", territory=self.tname(state["battle"]["to"]))
        work = state.copy()
        self._enter_phase(work, seat, "attack", [])
        probe = {**work, "battle": self._new_battle(work, seat, action)}
        a, d, am, dm, _ = self.next_roll(probe, fire=False)
        return a, d, am, dm

    def _act_attack(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        self._enter_phase(state, seat, "attack", events)
        b = self._new_battle(state, seat, action)
        src, dst, robots = b["from"], b["to"], b["committed"]
        fx = state["fx"]
        if fx.get("armed") or fx.get("advance"):
            fx = self._fx(state)
            fx["armed"] = {}
            fx.pop("advance", None)
        state["troops"][src] -= robots
        state["battle"] = b
        state["phase"] = "battle"
        state["highlight"] = {"from": src, "to": dst}
        events.append({"type": "attack", "seat": seat, "from": src, "to": dst, "committed": robots,
                       "leader": self.leader_of(state, seat) if b["leader"] else None, "defender": b["defender"],
                       "defenders": state["troops"][dst], "defending_leader": self.leader_at(state, dst),
                       "strike": b["strike"], "cards": list(b["effects"])})
        self._roll(state, rng, action.get("until", False), events)

    def _act_roll(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        if state["phase"] != "battle":
            raise rule_error("err.no_battle_roll")
        self._battle(state)
        self._roll(state, rng, action.get("until", False), events)

    # -- one roll -------------------------------------------------------------------------
    def _guard_card(self, state: State, b: dict[str, Any], dice: int, pieces: int) -> str | None:
        """The defence card the defender's standing order fires on this roll: ``always`` on
        the first roll of an attack, ``save`` on a roll that could take the zone; one card an
        attack, lasting the attack. ``None``: none."""
        defender = b["defender"]
        if b["guard"] is not None or defender not in state["players"]:
            return None
        order = self.defence_order(state, defender)
        if order == "never" or (order == "save" and dice < pieces):
            return None
        cards, ups = self.data.cards, self.data.upgrades
        for card in state["players"][defender]["hand"]:
            if ups[cards[card].upgrade].phase == "defend":
                return card
        return None

    def _card_mods(self, state: State, b: dict[str, Any], guard: str | None) -> tuple[Mods, Mods]:
        m = b["mods"]
        att = Mods(all_=m["all"], highest=state["fx"].get("highest", 0), d8=m["d8"])
        if guard is None:
            return att, Mods()
        up = self.data.upgrades[self.data.cards[guard].upgrade]
        if up.effect == "defend_d8":
            return att, Mods(d8=True)
        return att, Mods(all_=up.value)

    def next_roll(self, state: State, fire: bool = True) -> tuple[Fighter, Fighter, Mods, Mods, str | None]:
        """The pending battle's next roll as it will be thrown: each side's pieces rolling,
        each side's modifiers (cards, the leader's +1), and the defence card that fires (not
        yet played; ``fire=False``: only a card already played, as the public sees it). The
        odds shown before a roll read this, so they are the dice the engine really rolls."""
        b = state["battle"]
        leaders_info = self.data.leaders
        robots = state["troops"][b["to"]]
        a_lid = self.leader_of(state, b["attacker"]) if b["leader"] else None
        d_lid = self.leader_at(state, b["to"])
        stance = self.stance(state, b["defender"])
        a_mode = state["leaders"][a_lid]["mode"] if a_lid else None
        pinned = a_lid is not None and leaders_info[a_lid].power == "pin" and a_mode == VEHICLE
        d_pieces = robots + (1 if d_lid else 0)
        n_dice = tb.defence_dice_count(d_pieces, stance["dice"], pinned)
        fights = d_lid is not None and (stance["leader"] or n_dice > robots)
        d_fighter = Fighter(min(robots, n_dice - (1 if fights else 0)), d_lid if fights else None)
        a_fighter = Fighter(b["committed"], a_lid)
        guard = self._guard_card(state, b, n_dice, d_pieces) if fire else None
        guard = guard if guard is not None else b["guard"]
        att_mods, def_mods = self._card_mods(state, b, guard)
        if a_lid and a_mode == "robot" and leaders_info[a_lid].robot_bonus == "attack":
            att_mods = Mods(att_mods.all_, att_mods.highest, att_mods.d8, 1)
        if fights and state["leaders"][d_lid]["mode"] == "robot" and leaders_info[d_lid].robot_bonus == "defend":
            def_mods = Mods(def_mods.all_, def_mods.highest, def_mods.d8, 1)
        return a_fighter, d_fighter, att_mods, def_mods, guard

    def _roll(self, state: State, rng: Rng, until: bool, events: list[Event]) -> None:
        while True:
            thrown = self._throw(state, rng, events)
            if thrown["am"][3]:
                results = self._bonus_results(thrown)
                if len(set(results)) > 1:
                    default = tb.resolve(thrown["att"], thrown["def"], Mods(*thrown["am"]), Mods(*thrown["dm"])
                                         ).att_bonus_die
                    self._asked(state, {"kind": "bonus", "seat": state["battle"]["attacker"], "thrown": thrown,
                                        "options": list(range(len(thrown["att"]))), "default": default,
                                        "results": [list(r) for r in results], "until": until}, events)
                    return
            self._land(state, rng, thrown, None, until, events)
            if not until or state["battle"] is None or state.get("ask") is not None:
                return

    def _throw(self, state: State, rng: Rng, events: list[Event]) -> dict[str, Any]:
        """The next roll thrown (the defence card its order fires played first): each side's
        pieces, modifiers and dice, as plain data (kept in a question while one is open)."""
        b = state["battle"]
        a_fighter, d_fighter, am, dm, guard = self.next_roll(state)
        if guard is not None and guard != b["guard"]:
            defender = b["defender"]
            self._hand(state, defender).remove(guard)
            self._private(state, "discard").append(guard)
            b["guard"] = guard
            events.append({"type": "defence_card", "seat": defender, "card": guard,
                           "upgrade": self.data.cards[guard].upgrade, "territory": b["to"]})
        a_faces, a_sides = tb.throw(rng, tb.attack_dice_sides(a_fighter, am.d8))
        d_faces, d_sides = tb.throw(rng, tb.defence_dice_sides(d_fighter, dm.d8))
        return {"a": [a_fighter.robots, a_fighter.leader], "d": [d_fighter.robots, d_fighter.leader],
                "am": [am.all_, am.highest, am.d8, am.bonus], "dm": [dm.all_, dm.highest, dm.d8, dm.bonus],
                "att": list(a_faces), "att_sides": list(a_sides), "def": list(d_faces), "def_sides": list(d_sides)}

    @staticmethod
    def _bonus_results(thrown: dict[str, Any]) -> list[tuple[int, int]]:
        """(attacker losses, defender losses) of the roll with the attacker's +1 on each of
        his dice in turn (the defender's own +1 placed after it as serves him best): he is
        asked only when they differ."""
        am, dm = Mods(*thrown["am"]), Mods(*thrown["dm"])
        out = []
        for i in range(len(thrown["att"])):
            r = tb.resolve(thrown["att"], thrown["def"], Mods(am.all_, am.highest, am.d8, am.bonus, i), dm)
            out.append((r.att_losses, r.def_losses))
        return out

    def _land(self, state: State, rng: Rng, thrown: dict[str, Any], att_die: int | None, until: bool,
              events: list[Event]) -> None:
        """A thrown roll resolved (the attacker's +1 on ``att_die``, ``None``: where it gains
        most), its losses taken, and the capture or the repulse that follows (a question
        asked here keeps ``until``: answered, the roll "to the end" goes on)."""
        b = state["battle"]
        troops = state["troops"]
        dst, src, seat, defender = b["to"], b["from"], b["attacker"], b["defender"]
        am = Mods(*thrown["am"])
        if att_die is not None:
            am = Mods(am.all_, am.highest, am.d8, am.bonus, att_die)
        r = tb.resolve(thrown["att"], thrown["def"], am, Mods(*thrown["dm"]), thrown["att_sides"],
                       thrown["def_sides"])
        a_lid, d_lid = thrown["a"][1], self.leader_at(state, dst)
        fights = thrown["d"][1] is not None
        robots = troops[dst]
        stance = self.stance(state, defender)
        a_lost = tb.allocate_losses(r.att_losses, b["committed"], a_lid is not None)
        d_lost = tb.allocate_losses(r.def_losses, robots, d_lid is not None,
                                    stance["lose"] == "first" and fights)
        b["committed"] -= a_lost.robots
        troops[dst] -= d_lost.robots
        a_went = d_went = None
        escape = None
        if a_lost.leader:
            b["leader"] = False
            a_went, escape = self._leader_beaten(state, a_lid, dst, ask=True)
        if d_lost.leader:
            d_went, _ = self._leader_beaten(state, d_lid, dst)
        b["rolls"] += 1
        b["last"] = {"att": list(r.att_dice), "def": list(r.def_dice), "att_losses": r.att_losses,
                     "def_losses": r.def_losses}
        events.append({
            "type": "roll", "seat": seat, "defender": defender, "from": src, "to": dst,
            "att": list(r.att_dice), "def": list(r.def_dice),
            "att_sides": list(r.att_sides), "def_sides": list(r.def_sides),
            "att_final": list(r.att_final), "def_final": list(r.def_final),
            "att_bonus_die": r.att_bonus_die, "def_bonus_die": r.def_bonus_die,
            "att_losses": r.att_losses, "def_losses": r.def_losses,
            "att_leader": a_lid, "def_leader": d_lid if fights else None,
            "att_leader_lost": a_lid if a_lost.leader else None,
            "def_leader_lost": d_lid if d_lost.leader else None,
            "att_escaped": a_went, "def_escaped": d_went,
            "committed": b["committed"] + (1 if b["leader"] else 0), "defenders": troops[dst],
        })
        if escape is not None:
            self._asked(state, {**escape, "until": until}, events)
        if troops[dst] == 0 and (not d_lid or d_lost.leader):
            self._conquer(state, rng, events)
            return
        if until and escape is None:  # (a leader still to escape stands at home till he answers)
            self._recommit(state, events)
        if b["committed"] == 0 and not b["leader"]:
            events.append({"type": "attack_end", "seat": seat, "from": src, "to": dst, "result": "repelled",
                           "returned": 0})
            self._close_battle(state)

    def _recommit(self, state: State, events: list[Event]) -> None:
        """Rolling until decided, the attack goes on as page 13's « CONTINUER l'attaque.
        Répète les étapes 2-7 » says, with the pieces first announced: robots from the zone
        that attacks make the attacking pieces up to that number again, while a robot there
        may go (one piece stays behind). So it ends only when the zone falls or one piece is
        left at home. Megatron striking afar fights alone: nobody follows him."""
        b = state["battle"]
        if b["strike"]:
            return
        src = b["from"]
        fighting = b["committed"] + (1 if b["leader"] else 0)
        spare = min(state["troops"][src], self.pieces(state, src) - 1 - (1 if b["leader"] else 0))
        n = min(min(3, b["sent"]) - fighting, spare)
        if n <= 0:
            return
        state["troops"][src] -= n
        b["committed"] += n
        events.append({"type": "recommit", "seat": b["attacker"], "from": src, "to": b["to"], "count": n,
                       "committed": b["committed"] + (1 if b["leader"] else 0)})

    def _leader_beaten(self, state: State, lid: str, fought_on: str, ask: bool = False
                       ) -> tuple[str | None, dict[str, Any] | None]:
        """A leader lost in a roll: Bumblebee in vehicle mode escapes to a zone of his
        player's next to the zone fought over (his rally order's, or, attacking with a choice
        of two or more, the one he answers: the question is returned and he waits where he
        stands); any other goes to the scrapyard. Returns where he went (``None``: the
        scrapyard, or asked) and the question."""
        lead = state["leaders"][lid]
        to = None
        if self.data.leaders[lid].power == "escape" and lead["mode"] == VEHICLE:
            zones = self.escape_zones(state, lid, fought_on)
            if zones:
                seat = lead["seat"]
                to = self.rally_zone(state, seat, zones)
                if ask and len(zones) > 1:
                    return None, {"kind": "escape", "seat": seat, "leader": lid, "from": fought_on,
                                  "options": zones, "default": to, "until": False}
        self._move_leader(state, lid, zone=to)
        return to, None

    def _conquer(self, state: State, rng: Rng, events: list[Event]) -> None:
        b = state["battle"]
        seat, dst, loser = b["attacker"], b["to"], b["defender"]
        self._private(state, "owner")[dst] = seat
        state["troops"][dst] = b["committed"]
        lid = self.leader_of(state, seat) if b["leader"] else None
        if lid:
            self._move_leader(state, lid, zone=dst)
        state["conquered"] += 1
        events.append({"type": "conquest", "seat": seat, "from": b["from"], "to": dst, "loser": loser,
                       "troops": b["committed"], "leader": lid})
        events.append({"type": "attack_end", "seat": seat, "from": b["from"], "to": dst, "result": "conquered",
                       "returned": 0})
        self._close_battle(state)
        self._fx(state)["advance"] = {"from": b["from"], "to": dst}
        if self.count_of(state, loser) == 0:
            self._eliminate(state, rng, loser, seat, events)
        self._check_victory(state, seat, events)

    def advance_room(self, state: State, seat: str) -> int:
        """How many more robots may follow a capture now (page 13: "and more from the
        attacking zone if you like", leaving one piece): 0 when no capture was the last
        thing done in this attack phase."""
        adv = state["fx"].get("advance")
        if not adv or state["phase"] != "attack":
            return 0
        src, dst = adv["from"], adv["to"]
        owner = state["owner"]
        if owner[src] != seat or owner[dst] != seat:
            return 0
        return max(0, min(state["troops"][src], self.pieces(state, src) - 1))

    def _act_advance(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        room = self.advance_room(state, seat)
        if room < 1:
            raise tf_error("tf.err.advance")
        n = self._int(action.get("count", room), 1, room)
        adv = state["fx"]["advance"]
        self._fx(state).pop("advance")
        state["troops"][adv["from"]] -= n
        state["troops"][adv["to"]] += n
        events.append({"type": "advance", "seat": seat, "from": adv["from"], "to": adv["to"], "count": n})

    # -- legal forms ----------------------------------------------------------------------
    def _legal_attacks_tf(self, state: State, seat: str, owned: list[str]) -> list[Action]:
        """One form per (zone that can attack, enemy zone it can reach), with and without the
        leader where he stands; Megatron's strikes afar alone."""
        troops, owner, mates = state["troops"], state["owner"], state["teams"][seat]
        nbrs = self.nbrs(state)
        lid = self.leader_of(state, seat)
        lead = state["leaders"][lid]
        here = lead["zone"]
        out: list[Action] = []
        for src in owned:
            n = troops[src]
            with_l = src == here
            if n + (1 if with_l else 0) < 2:
                continue
            targets = [d for d in nbrs[src] if owner[d] is not None and owner[d] not in mates]
            plain = min(3, n if with_l else n - 1)
            lead_max = min(2, n - 1) if with_l else -1
            for dst in targets:
                if plain >= 1:
                    out.append({"type": "attack", "from": src, "to": dst,
                                "count": {"min": 1, "max": plain, "default": plain}, "leader": False,
                                "until": [False, True]})
                if lead_max >= 0:
                    out.append({"type": "attack", "from": src, "to": dst,
                                "count": {"min": 0, "max": lead_max, "default": lead_max}, "leader": True,
                                "until": [False, True]})
            if with_l and lead["mode"] == VEHICLE and self.data.leaders[lid].power == "strike":
                near = set(nbrs[src])
                far = [d for d in self.board.order
                       if d not in near and d != src and owner[d] is not None and owner[d] not in mates]
                if far:
                    out.append({"type": "attack", "from": src, "to": far, "count": 0, "leader": True,
                                "until": [False, True]})
        return out
