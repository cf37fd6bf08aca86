"""The Walking Dead's battles on the map engine's attack (a part of
:class:`~bot.rules.walking_dead.game.WalkingDead`, a mixin): what a roll differs by.

The shared engine throws the dice and applies the losses (``_roll``); this part answers its
hooks:

- ``dice_sides``: the attacker may throw fewer dice than the most (``dice`` on ``attack`` and
  ``roll``, p. 11 step 2); a defending group throws as its standing order says (``most`` / ``one``)
  or as it answered when asked live; walkers always the most (p. 13);
- ``resolve``: survivors +1 on every die against walkers, attacking (p. 13; +1 more with
  Silent Kills), the Ambush card's +1 on the attacker's best die, a watchtower's +1 on the
  defending group's best die, the group leaders' strategic powers in Conquest, the grenades
  (each side at most one a roll, the die becomes a 6: the attacker's when ``grenade`` is on and
  it helps; the defender's by its order), then the turning dice of the attackers the walkers
  killed (1–3 turns: the walker joins the defenders before the battle goes on).

Asked live (option ``defenders=ask``): before each roll of an attack on a group, the battle
waits for that group (``battle["waiting"]``): ``to_act`` is the defender, whose ``defend``
(dice, grenade order for this roll) or timeout (its standing order) lets the roll go on.
"""

from __future__ import annotations

from typing import Any

from bot.rules.base import Action, Event, Rng, State
from bot.rules.risk_map.battle import resolve_roll
from bot.rules.risk_map.defence import fires
from bot.rules.risk_map.messages import rule_error
from bot.rules.walking_dead.actions import TurnMods
from bot.rules.walking_dead.conquest import load_groups
from bot.rules.walking_dead.messages import wd_error
from bot.rules.walking_dead.orders import DEFAULT
from bot.rules.walking_dead.walkers import EDGE, TURNS_ON, WALKERS

__all__ = ["Fights", "best_change"]


def best_change(own: list[int], score: Any, own_attacks: bool) -> tuple[int, tuple[int, int]] | None:
    """Which of ``own`` dice a grenade turns into a 6 for the best roll (the fewest own losses,
    then the most enemy losses, then the lowest die), and the losses then; ``None`` if no die
    helps. ``score(dice)`` gives ``(attacker losses, defender losses)`` with ``own`` replaced."""
    def key(result: tuple[int, int]) -> tuple[int, int]:
        return (result[0], -result[1]) if own_attacks else (result[1], -result[0])

    plain = key(score(own))
    best: tuple[int, tuple[int, int]] | None = None
    for i in sorted(range(len(own)), key=lambda j: (own[j], j)):
        if own[i] == 6:
            continue
        changed = list(own)
        changed[i] = 6
        result = score(changed)
        if key(result) < plain and (best is None or key(result) < key(best[1])):
            best = (i, result)
    return best


class Fights:
    """Battles (see the module docstring)."""

    # -- what the roll reads ----------------------------------------------------------------
    def dice_sides(self, state: State, battle: dict[str, Any], att: int, dfn: int) -> tuple[list[int], list[int]]:
        a = min(att, battle.get("dice") or att)
        defender = battle["defender"]
        if defender in state["players"]:
            answer = battle.get("answer")
            choice = answer["dice"] if answer else (2 if self.orders(state, defender)["dice"] == "most" else 1)
            dfn = min(dfn, choice)
        return [6] * a, [6] * dfn

    def orders(self, state: State, seat: str) -> dict[str, str]:
        """``seat``'s standing defence order (:mod:`.orders`), the defaults filled in."""
        player = state["players"].get(seat)
        found = player.get("orders") if player else None
        return found or DEFAULT

    def resolve(self, state: State, rng: Rng, battle: dict[str, Any], att: list[int], dfn: list[int],
                events: list[Event]) -> tuple[int, int, dict[str, Any]]:
        if state["mode"] != "survival":
            return self._resolve_conquest(state, battle, att, dfn)
        attacker, defender, to = battle["attacker"], battle["defender"], battle["to"]
        edge = d_bonus = 0
        mods = self.mods(state)
        a_bonus = mods.attack_bonus
        if defender == WALKERS:
            edge = EDGE + mods.walker_edge
        elif to in state["towers"]:
            d_bonus = 1

        def score(a: list[int], d: list[int]) -> tuple[int, int]:
            if a_bonus:
                a = sorted(a, reverse=True)
                a[0] += a_bonus
            return resolve_roll(a, d, d_bonus, edge)

        def score_att(a: list[int]) -> tuple[int, int]:
            return score(a, dfn)

        def score_def(d: list[int]) -> tuple[int, int]:
            return score(att, d)

        extra: dict[str, Any] = {}
        al, dl = score_att(att)
        players = state["players"]
        if battle.get("grenade") and players[attacker]["grenades"] > 0:
            best = best_change(att, score_att, True)
            if best is not None:
                i, (al, dl) = best
                extra["att_grenade"] = {"was": att[i]}
                att[i] = 6
                att.sort(reverse=True)
                self._player(state, attacker)["grenades"] -= 1
        if defender in players and players[defender]["grenades"] > 0:
            answer = battle.get("answer")
            order = answer["grenade"] if answer else self.orders(state, defender)["grenade"]
            best = best_change(dfn, score_def, False) if order != "never" else None
            if best is not None and fires(order, state["troops"][to], (al, dl), best[1]):
                i, (al, dl) = best
                extra["def_grenade"] = {"was": dfn[i]}
                dfn[i] = 6
                dfn.sort(reverse=True)
                self._player(state, defender)["grenades"] -= 1
        if edge:
            extra["att_mod"] = edge
        if a_bonus:
            extra["att_bonus"] = a_bonus
        if d_bonus:
            extra["defence_bonus"] = d_bonus
        if edge and al and not mods.no_turning:
            turning = [rng.die() for _ in range(al)]
            turned = sum(1 for r in turning if r <= TURNS_ON)
            state["troops"][to] += turned
            extra["turning"] = turning
            extra["turned"] = turned
        if battle.get("answer"):
            battle["answer"] = None  # the working copy (fresh or copied by the action): one roll only
        return al, dl, extra

    def _resolve_conquest(self, state: State, battle: dict[str, Any], att: list[int],
                          dfn: list[int]) -> tuple[int, int, dict[str, Any]]:
        """:meth:`resolve` in Conquest: no edge, turning, towers or grenades; only the group
        leaders' powers at strategic locations (the hot path of a Conquest game)."""
        a_bonus = d_bonus = 0
        if battle["to"] in self.strategic:
            groups, players = load_groups(), state["players"]
            g = groups[players[battle["attacker"]]["group"]]
            if g.effect == "attack_strategic":
                a_bonus = g.value
            d = groups[players[battle["defender"]]["group"]]
            if d.effect == "defend_strategic":
                d_bonus = d.value
        extra: dict[str, Any] = {}
        if a_bonus:
            a = sorted(att, reverse=True)
            a[0] += a_bonus
            al, dl = resolve_roll(a, dfn, d_bonus, 0)
            extra["att_bonus"] = a_bonus
        else:
            al, dl = resolve_roll(att, dfn, d_bonus, 0)
        if d_bonus:
            extra["defence_bonus"] = d_bonus
        if battle.get("answer"):
            battle["answer"] = None  # the working copy (fresh or copied by the action): one roll only
        return al, dl, extra

    def mods(self, state: State) -> TurnMods:
        """The rules this turn's action card changes (none without a ``turn`` card)."""
        return self.turn_mods_of(state.get("action"))

    # -- declaring, rolling, asking ---------------------------------------------------------
    def _declare(self, state: State, seat: str, battle: dict[str, Any], action: Action, events: list[Event]) -> None:
        self._battle_options(state, seat, battle, action)

    def _battle_options(self, state: State, seat: str, battle: dict[str, Any], action: Action) -> None:
        grenade = action.get("grenade", False)
        if "grenade" in action:  # even False: a grenade part is listed (and taken) only when one is held
            if state["mode"] != "survival":
                raise wd_error("wd.err.no_grenades_mode")
            if state["players"][seat]["grenades"] <= 0:
                raise wd_error("wd.err.no_grenade")
        battle["grenade"] = grenade
        dice = action.get("dice")
        if dice is not None:
            self._int(dice, 1, 3)
        battle["dice"] = dice

    def _act_roll(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        if state["phase"] != "battle":
            raise rule_error("err.no_battle_roll")
        b = state["battle"]
        if b.get("waiting"):
            raise wd_error("wd.err.asked", defender=self.faction_name(state, b["defender"]),
                           territory=self.tname(b["to"]))
        b = self._battle(state)
        self._battle_options(state, seat, b, action)
        self._roll(state, rng, action.get("until", False), events)

    def _asks(self, state: State, battle: dict[str, Any]) -> bool:
        """Whether this roll waits for the defender (option ``defenders=ask``, a group still in
        that has not answered for this roll)."""
        defender = battle["defender"]
        return (state["options"]["defenders"] == "ask" and defender in state["players"]
                and defender not in state["out"] and not battle.get("answer"))

    def _roll(self, state: State, rng: Rng, until: bool, events: list[Event]) -> None:
        if state["options"]["defenders"] != "ask":
            super()._roll(state, rng, until, events)  # type: ignore[misc]
            return
        while True:
            b = state["battle"]
            if self._asks(state, b):
                b["waiting"] = {"seat": b["defender"], "until": until}
                events.append({"type": "defender_asked", "seat": b["defender"], "attacker": b["attacker"],
                               "from": b["from"], "to": b["to"], "committed": b["committed"],
                               "defenders": state["troops"][b["to"]]})
                return
            super()._roll(state, rng, False, events)  # type: ignore[misc]
            if not until or state["battle"] is None or state.get("result") is not None:
                return

    def _act_defend(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        b = state["battle"]
        if b is None or not b.get("waiting") or b["waiting"]["seat"] != seat:
            raise wd_error("wd.err.not_asked")
        defenders = state["troops"][b["to"]]
        dice = self._int(action.get("dice", min(2, defenders)), 1, min(2, defenders))
        grenade = action.get("grenade", self.orders(state, seat)["grenade"])
        if grenade != "never" and state["players"][seat]["grenades"] <= 0:
            grenade = "never"
        b = self._battle(state)
        until = b["waiting"]["until"]
        b["waiting"] = None
        b["answer"] = {"dice": dice, "grenade": grenade}
        events.append({"type": "defend", "seat": seat, "to": b["to"], "dice": dice,
                       "private": {seat: {"grenade": grenade}}})
        self._roll(state, rng, until, events)

    def _order_answer(self, state: State, seat: str) -> Action:
        """The standing order as a live answer (a timeout plays it)."""
        b = state["battle"]
        order = self.orders(state, seat)
        dice = min(2, state["troops"][b["to"]]) if order["dice"] == "most" else 1
        return {"type": "defend", "dice": dice, "grenade": order["grenade"]}

    def _act_advance(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        """More survivors follow a conquest from the attacking territory, one staying behind
        (p. 11), right after it: any other move forgoes it."""
        adv = state.get("advance")
        if not adv or state["phase"] != "attack":
            raise wd_error("wd.err.no_advance")
        src, dst = adv["from"], adv["to"]
        avail = state["troops"][src] - 1
        n = self._int(action.get("count", avail), 1, avail)
        state["troops"][src] -= n
        state["troops"][dst] += n
        state["advance"] = None
        events.append({"type": "advance", "seat": seat, "from": src, "to": dst, "count": n})

    # -- conquests -------------------------------------------------------------------------
    def _conquer(self, state: State, rng: Rng, events: list[Event]) -> None:
        b = state["battle"]
        self._private(state, "conquests").append({"territory": b["to"], "loser": b["defender"]})
        seat, src, dst = b["attacker"], b["from"], b["to"]
        super()._conquer(state, rng, events)  # type: ignore[misc]
        if state["result"] is None and state["troops"][src] > 1:
            state["advance"] = {"from": src, "to": dst}  # « vous pouvez aussi déplacer des pions supplémentaires »
        if state["mode"] == "conquest":
            g = load_groups()[state["players"][seat]["group"]]
            if g.effect == "rise" and state["owner"][dst] == seat:
                state["troops"][dst] += g.value
                events.append({"type": "rise", "seat": seat, "territory": dst, "count": g.value})
