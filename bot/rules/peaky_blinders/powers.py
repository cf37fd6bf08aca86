"""Risk Peaky Blinders' power cards: flipped in the placement phase (a gain, a loss, or kept
face up), attack powers played on a declaration or before a roll, defence powers fired by
the defender's standing order (:mod:`bot.rules.risk_map.defence`); personal, they leave the
game with their gang."""

from __future__ import annotations

from typing import Any

from bot.rules.base import Action, Event, Rng, State
from bot.rules.peaky_blinders.data import ATTACK_EFFECTS, DEFENCE_EFFECTS, Power
from bot.rules.peaky_blinders.messages import pb_error
from bot.rules.risk_map.battle import resolve_roll
from bot.rules.risk_map.defence import fires

__all__ = ["Powers"]


class Powers:
    """A part of :class:`~bot.rules.peaky_blinders.game.PeakyBlinders` (a mixin placed before
    the map engine, whose hooks it overrides: ``_declare``, ``resolve``, ``_after_roll``,
    ``_legal_battle``, ``_attack_extras``, ``_on_player_out``)."""

    def _act_flip(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        self._need_place_phase(state, "pb.err.flip_phase")
        if state["flipped"]:
            raise pb_error("pb.err.already_flipped")
        card = next((p for p in state["players"][seat]["powers"] if not p["up"]), None)
        if card is None:
            raise pb_error("pb.err.no_power")
        powers = self._powers(state, seat)
        card = next(p for p in powers if not p["up"])
        state["flipped"] = True
        power = self.data.powers[card["id"]]
        ev: Event = {"type": "power_flipped", "seat": seat, "power": power.id, "name": power.name,
                     "effect": power.effect, "value": power.value}
        if power.effect == "gain":
            powers.remove(card)
            self._private(state, "power_discard").append(power.id)
            self._add_income(state, "powers", power.value)
            ev["result"] = "gain"
        elif power.effect == "lose":
            powers.remove(card)
            self._private(state, "power_discard").append(power.id)
            ev["result"] = "lose"
            ev["losses"] = self._lose_members(state, seat, power.value)
        else:
            card["up"] = True
            ev["result"] = "kept"
        events.append(ev)

    def _lose_members(self, state: State, seat: str, n: int) -> dict[str, int]:
        """Take ``n`` members off the board, one at a time from the currently largest stack
        (ties: map order), never the last member of a territory: the loss hurts the strong
        and never hands a territory over by itself."""
        troops = state["troops"]
        mine = self.territories_of(state, seat)
        lost: dict[str, int] = {}
        for _ in range(n):
            best = max(mine, key=lambda t: troops[t])
            if troops[best] < 2:
                break
            troops[best] -= 1
            lost[best] = lost.get(best, 0) + 1
        return lost

    def _kept(self, state: State, seat: str, effects: frozenset[str]) -> list[Power]:
        return [
            self.data.powers[p["id"]]
            for p in state["players"][seat]["powers"]
            if p["up"] and self.data.powers[p["id"]].effect in effects
        ]

    def _powers(self, state: State, seat: str) -> list[dict[str, Any]]:
        """``seat``'s power cards, copied before a write (the working state shares them with
        the state before: :attr:`~bot.rules.risk_map.game.MapGame.FLAT_KEYS`)."""
        player = self._player(state, seat)
        powers = player["powers"] = [dict(p) for p in player["powers"]]
        return powers

    def _use_power(self, state: State, seat: str, pid: str) -> None:
        powers = self._powers(state, seat)
        powers.remove(next(p for p in powers if p["id"] == pid))
        self._private(state, "power_discard").append(pid)

    def _play_attack_power(self, state: State, seat: str, battle: dict[str, Any], pid: Any,
                           events: list[Event]) -> None:
        held = {p.id: p for p in self._kept(state, seat, ATTACK_EFFECTS)}
        if pid not in held:
            kept_any = any(p["id"] == pid and p["up"] for p in state["players"][seat]["powers"])
            if kept_any:
                raise pb_error("pb.err.power_not_attack")
            raise pb_error("pb.err.power_not_held")
        power = held[pid]
        self._use_power(state, seat, pid)
        battle["effects"].append({"power": pid, "effect": power.effect, "value": power.value, "scope": power.scope})
        events.append({"type": "power_played", "seat": seat, "power": pid, "name": power.name,
                       "effect": power.effect, "scope": power.scope})

    def _declare(self, state: State, seat: str, battle: dict[str, Any], action: Action,
                 events: list[Event]) -> None:
        pids = action.get("powers", [])
        if not isinstance(pids, list) or len(set(map(str, pids))) != len(pids):
            raise pb_error("pb.err.bad_powers")
        for pid in pids:
            self._play_attack_power(state, seat, battle, pid, events)

    def _act_play_power(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        if state["phase"] != "battle":
            raise pb_error("pb.err.power_timing")
        self._play_attack_power(state, seat, self._battle(state), action.get("power"), events)

    def resolve(self, state: State, rng: Rng, battle: dict[str, Any], att: list[int], dfn: list[int],
                events: list[Event]) -> tuple[int, int, dict[str, Any]]:
        bonus = self.defence_bonus(state, battle["to"])
        high = allm = save = 0
        used = []
        for e in battle["effects"]:
            used.append(e["power"])
            if e["effect"] == "attack_highest":
                high += e["value"]
            elif e["effect"] == "attack_all":
                allm += e["value"]
            else:
                save += e["value"]
        a = list(att)
        a[0] += high
        al, dl = resolve_roll(a, dfn, bonus, allm)
        al = max(0, al - save)
        extra: dict[str, Any] = {}
        if bonus:
            extra["stronghold"] = True
        if used:
            extra["powers"] = used
        defender = battle["defender"]
        order = self.defence_order(state, defender)
        if defender in state["players"] and order != "never":
            defenders = state["troops"][battle["to"]]
            for power in self._kept(state, defender, DEFENCE_EFFECTS):
                v = power.value
                if power.effect == "defend_highest":
                    al2, dl2 = resolve_roll(a, dfn, bonus + v, allm)
                    al2 = max(0, al2 - save)
                elif power.effect == "defend_all":
                    al2, dl2 = resolve_roll(a, dfn, bonus, allm, v)
                    al2 = max(0, al2 - save)
                else:
                    al2, dl2 = al, max(0, dl - v)
                if fires(order, defenders, (al, dl), (al2, dl2)):
                    self._use_power(state, defender, power.id)
                    extra["defence_power"] = power.id
                    events.append({"type": "power_played", "seat": defender, "power": power.id,
                                   "name": power.name, "effect": power.effect, "scope": "roll"})
                    al, dl = al2, dl2
                    break
        return al, dl, extra

    def _after_roll(self, state: State, battle: dict[str, Any]) -> None:
        battle["effects"] = [e for e in battle["effects"] if e["scope"] != "roll"]

    def _on_player_out(self, state: State, loser: str, winner: str, events: list[Event]) -> None:
        # Powers and missions are personal: they leave the game with their gang.
        self._private(state, "power_discard").extend(x["id"] for x in state["players"][loser]["powers"])
        self._player(state, loser)["powers"] = []

    def _legal_battle(self, state: State, seat: str) -> list[Action]:
        out = super()._legal_battle(state, seat)
        out.extend({"type": "play_power", "power": p.id} for p in self._kept(state, seat, ATTACK_EFFECTS))
        return out

    def _attack_extras(self, state: State, seat: str) -> dict[str, Any]:
        return {"powers": {"some_of": list(self._attack_tag(state, seat))}}

    def _attack_tag(self, state: State, seat: str) -> tuple[str, ...]:
        """The kept attack powers, which are all an attack form's extras depend on."""
        effect = self.data.powers
        return tuple([p["id"] for p in state["players"][seat]["powers"]
                      if p["up"] and effect[p["id"]].effect in ATTACK_EFFECTS])
