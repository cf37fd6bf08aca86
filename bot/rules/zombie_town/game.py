"""Zombie Town (Kerry Breitenstein, Twilight Creations) with its expansion Zombie Town 2:
Road Rage, on the engine contract.

A turn: the player's actions (three, and a free move), fights and flights as reactions, then
the zombies they move towards the other players. When everyone has played a day passes and
zombies rise; after the last day the most points wins. Every number is in
``data/zombie_town/settings.json``; every reading is in ``docs/zombie_town.md``.

Phases (``state["phase"]``): ``deal`` (each keeps 3 of 6 cards, discarding one at a time),
``act``, ``encounter`` (fight the zombies on one's square or flee), ``redraw`` (Road Rage:
draw a new agenda after completing one, or not), ``zombies``.
"""

from __future__ import annotations

import pickle
from dataclasses import replace
from typing import Any

import bot.rules.turns as turns
import bot.rules.zombie_town.ai as zt_ai
import bot.rules.zombie_town.flow as flow
from bot.rules.base import Action, Event, Game, IllegalAction, Option, Rng, State, TurnInfo
from bot.rules.schema import Field
from bot.rules.zombie_town.actions import (
    NONE,
    act_forms,
    apply_act,
    check_fighter,
    drop,
    drop_forms,
    flee,
    flee_forms,
)
from bot.rules.zombie_town.agendas import deal_agendas, draw_agenda
from bot.rules.zombie_town.cars import apply_car, car_forms
from bot.rules.zombie_town.combat import ORDERS, SELF, best_fighter, fight_zombie, fighters
from bot.rules.zombie_town.core import STARTING_GUN, card_info, data, discard_card, geo, kind
from bot.rules.zombie_town.hidden import redraw as _redraw_unseen
from bot.rules.zombie_town.messages import ZField, err, zflag, zlist, zname
from bot.rules.zombie_town.view import build_view
from bot.rules.zombie_town.zombies import auto_move, car_capacity, move_zombie, moves

__all__ = ["ZombieTown"]

ACT = frozenset({"move", "search", "fight", "attack", "equip", "reload", "heal", "recruit", "arm", "barricade",
                 "guard", "break"})
CAR = frozenset({"take_key", "enter_car", "exit_car", "drive"})


_FLAT = frozenset({str, int, bool, float, type(None)})


def _armed(x: dict[str, Any]) -> dict[str, Any]:
    """A follower or a guard: ``{card, weapon: {card, ammo} | None}``."""
    w = x["weapon"]
    return {**x, "weapon": None if w is None else w.copy()}


def _pawn(p: dict[str, Any]) -> dict[str, Any]:
    """A deep copy of a pawn, written out for its known pieces (lists of card ids, weapons and
    completed agendas as flat dicts, followers, stats): several times faster than a pickle round
    trip; a piece it does not know is still copied deep (by pickle)."""
    if p.keys() == _PAWN:
        return {**p, "hand": p["hand"][:], "keys": p["keys"][:], "agendas": p["agendas"][:],
                "visited": p["visited"][:], "weapons": list(map(dict.copy, p["weapons"])),
                "done": list(map(dict.copy, p["done"])), "followers": list(map(_armed, p["followers"])),
                "stats": p["stats"].copy()}
    q = p.copy()
    for k, v in p.items():
        if type(v) in _FLAT:
            continue
        if k in _IDS:
            q[k] = v[:]
        elif k in _FLAT_DICTS:
            q[k] = [x.copy() for x in v]
        elif k == "followers":
            q[k] = [_armed(x) for x in v]
        elif k == "stats":
            q[k] = v.copy()
        else:
            q[k] = pickle.loads(pickle.dumps(v, pickle.HIGHEST_PROTOCOL))
    return q


_IDS = frozenset({"hand", "keys", "agendas", "visited"})  # lists of strings
# a pawn as setup makes it: these pieces and scalars besides (pos, car, health, max_health,
# character, zombies, base, order); a pawn of another shape takes the loop above
_PAWN = frozenset({"pos", "car", "health", "max_health", "character", "hand", "weapons", "followers", "zombies",
                   "keys", "base", "agendas", "done", "stats", "visited", "order"})
_FLAT_DICTS = frozenset({"weapons", "done"})  # lists of dicts of scalars


def _text(v: Any) -> bool:
    return type(v) is str and 0 < len(v) <= 200


class ZombieTown(Game):
    id = "zombie_town"
    name = "Zombie Town"
    options = (Option("road_rage", "bool", True, description="Zombie Town 2: Road Rage (cars, keys, secret agendas)."),)
    anytime_actions = frozenset({"drop", "order"})
    setup_phases = frozenset({"deal"})

    @property
    def min_players(self) -> int:  # type: ignore[override]
        return int(data().settings.raw["players"]["min"])

    @property
    def max_players(self) -> int:  # type: ignore[override]
        return int(data().settings.raw["players"]["max"])

    def _copy(self, state: State) -> State:
        """The working copy of an action: the pieces on the board copied deep, the decks and
        what never changes after setup shared (a deck is replaced, never edited, when drawn
        from or discarded to: ``core.DECKS``). The moderator's actions work on a full clone."""
        new = dict(state)
        new["players"] = {seat: _pawn(p) for seat, p in state["players"].items()}
        new["houses"] = {h: {**x, "guards": list(map(_armed, x["guards"]))} for h, x in state["houses"].items()}
        new["zombies"] = state["zombies"].copy()
        new["cars"] = {c: x.copy() for c, x in state["cars"].items()}
        encounter = state["encounter"]
        new["encounter"] = None if encounter is None else encounter.copy()
        return new

    # -- setup --------------------------------------------------------------------------
    def _setup(self, state: State, rng: Rng) -> None:
        d = data()
        s = d.settings
        g = geo()
        seats = state["seats"]
        rr = state["options"]["road_rage"]
        first = rng.below(len(seats))
        turns.begin(state, seats, first, "deal")
        house_ids = list(d.houses)
        rng.shuffle(house_ids)
        bases = dict(zip(seats, house_ids, strict=False))
        chars = list(s.characters)
        rng.shuffle(chars)
        state["players"] = {}
        for i, seat in enumerate(seats):
            char = chars.pop()
            c = s.characters[char]
            health = s.health + (c["value"] if c["effect"] == "health" else 0)
            state["players"][seat] = {
                "pos": bases[seat], "car": None, "health": health, "max_health": health, "character": char,
                "hand": [], "weapons": [{"card": f"{STARTING_GUN}_{i + 1}", "ammo": s.starting_gun["ammo"]}],
                "followers": [], "zombies": 0, "keys": [], "base": bases[seat], "agendas": [], "done": [],
                "stats": {"run_over": 0, "player_wins": 0, "searches": 0, "drives": 0, "gun_kills": 0},
                "visited": [bases[seat]], "order": "best",
            }
        state["characters"] = sorted(chars)
        owners = {h: s_ for s_, h in bases.items()}
        state["houses"] = {h: {"owner": owners.get(h), "barricades": 0, "guards": [], "card": s.house_card,
                               "key": None} for h in d.houses}
        state["stands"] = s.barricade_stands
        state["zombies"] = {}
        state["box"] = s.zombies_total
        for x in g.xs:
            n = min(s.zombies_per_x, state["box"])
            if n:
                state["zombies"][x] = n
                state["box"] -= n
        deck = list(d.deck)
        rng.shuffle(deck)
        state["deck"], state["discard"] = deck, []
        events: list[Event] = [{"type": "first_player", "seat": seats[first]},
                               {"type": "bases", "bases": dict(bases)},
                               {"type": "zombies_rise", "day": 1, "squares": dict(state["zombies"]),
                                "box": state["box"]}]
        aside: list[str] = []
        for seat in state["order"]:
            hand = state["players"][seat]["hand"]
            while len(hand) < s.deal and deck:
                card = deck.pop()
                (aside if card_info(card)["kind"] == "event" else hand).append(card)
        deck.extend(aside)  # events cannot be kept: they go back into the deck
        rng.shuffle(deck)
        combat = [v for v, n in sorted(s.combat.items()) for _ in range(n)]
        rng.shuffle(combat)
        state["combat"], state["combat_discard"] = combat, []
        state["cars"] = {}
        state["agenda_deck"], state["agenda_discard"] = [], []
        if rr:
            state["cars"] = {h: {"pos": x["driveway"], "heading": x["heading"], "damage": 0, "driver": None}
                             for h, x in d.houses.items()}
            for seat, base in bases.items():
                state["players"][seat]["keys"].append(base)
            keys = [h for h in d.houses if h not in owners]
            rng.shuffle(keys)
            for h, key in zip([h for h in d.houses if h not in owners], keys, strict=True):
                state["houses"][h]["key"] = key
            agendas = list(d.agenda_deck)
            rng.shuffle(agendas)
            state["agenda_deck"] = agendas
            dealt: list[Event] = []
            deal_agendas(state, rng, dealt)
            events += [e for e in dealt if "private" not in e]
        state.update(first=seats[first], day=1, day_turns=0, actions=0, free=False, encounter=None, redraw=0, zmoves=0,
                     agenda_discard_used=False)
        if s.keep >= s.deal:
            flow.begin_turn(state, rng, events)
        else:
            events.append({"type": "deal", "deal": s.deal, "keep": s.keep, "seat": seats[first]})
        state["opening"] = events

    # -- contract -----------------------------------------------------------------------
    def action_schema(self) -> dict[str, dict[str, Field]]:
        d = data()
        g = geo()
        cards = [*d.deck, *(f"{STARTING_GUN}_{i}" for i in range(1, 7))]
        nodes = g.nodes
        card = zname(cards, "zt.malformed.card")
        node = zname(nodes, "zt.malformed.node")
        yes_no = zflag("zt.malformed.flag")
        fighter = zname([SELF, *cards], "zt.malformed.fighter")
        weapon = zname([NONE, *cards], "zt.malformed.weapon")
        return {
            "discard": {"card": card},
            "end": {},
            "move": {"to": node, "free": yes_no},
            "search": {},
            "fight": {"fighter": fighter, "weapon": weapon},
            "attack": {"target": ZField(_text, "zt.malformed.target", True), "fighter": fighter, "weapon": weapon},
            "flee": {"to": node, "pay": zname(["damage", *cards], "zt.malformed.pay")},
            "equip": {"card": card},
            "reload": {"card": card, "weapon": card},
            "heal": {"card": card},
            "recruit": {"card": card},
            "arm": {"weapon": card, "survivor": card},
            "barricade": {"card": card},
            "guard": {"survivor": card},
            "break": {},
            "drop": {"weapon": card},
            "order": {"order": zname(ORDERS, "zt.malformed.order")},
            "zombie": {"from": node, "to": node},
            "zombies_auto": {},
            "take_key": {},
            "enter_car": {},
            "exit_car": {},
            "drive": {"to": zname(g.squares, "zt.malformed.square"), "free": yes_no,
                      "path": zlist(g.squares, 1, d.settings.car_squares, "zt.malformed.path", False)},
            "agenda_discard": {"card": zname(d.agenda_deck, "zt.malformed.agenda"), "draw": yes_no},
            "agenda_redraw": {"draw": zflag("zt.malformed.flag")},  # left out: no new agenda (as listed)
        }

    def to_act(self, state: State) -> list[str]:
        if state["result"] is not None:
            return []
        return [state["order"][state["current"]]]

    def _legal(self, state: State, seat: str) -> list[Action]:
        phase = state["phase"]
        p = state["players"][seat]
        if phase == "deal":
            return [{"type": "discard", "card": list(p["hand"])}]
        if phase == "redraw":
            return [{"type": "agenda_redraw", "draw": [True, False]}]
        if phase == "zombies":
            return [*({"type": "zombie", "from": src, "to": dst} for src, dst in sorted(moves(state, seat).items())),
                    {"type": "zombies_auto"}]
        if phase == "encounter":
            forms: list[Action] = [{"type": "fight", "fighter": f, "weapon": w or NONE} for f, w in fighters(state, seat)]
            return forms + flee_forms(state, seat)
        out = act_forms(state, seat)
        if state["options"]["road_rage"]:
            out += car_forms(state, seat)
            if p["agendas"] and state["actions"] > 0 and p["pos"] is not None and not state.get("agenda_discard_used"):
                out.append({"type": "agenda_discard", "card": list(p["agendas"]), "draw": [True, False]})
        return out

    def _legal_anytime(self, state: State, seat: str) -> list[Action]:
        """Any time: drop an empty gun (FAQ); set one's standing order for the zombie attacks
        one answers outside one's own decisions (who fights)."""
        current = state["players"][seat].get("order", "best")
        return [*drop_forms(state, seat), {"type": "order", "order": [o for o in ORDERS if o != current]}]

    def _apply(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        kind_ = action["type"]
        if kind_ == "drop":
            drop(state, seat, action, events)
            return
        if kind_ == "order":
            p = state["players"][seat]
            if p.get("order", "best") == action["order"]:
                raise err("zt.err.same_order")
            p["order"] = action["order"]
            events.append({"type": "order_set", "seat": seat, "private": {seat: {"order": action["order"]}}})
            return
        phase = state["phase"]
        if phase == "deal":
            self._deal_discard(state, rng, seat, action, events)
        elif phase == "redraw":
            if kind_ != "agenda_redraw":
                raise err("zt.err.phase", phase="draw a new secret agenda, or not")
            self._redraw(state, seat, bool(action.get("draw")), events)
        elif phase == "zombies":
            if kind_ == "zombies_auto":
                flow.auto_rest(state, rng, events)
            elif kind_ == "zombie":
                if action["to"] not in moves(state, seat).get(action["from"], ()):
                    raise err("zt.err.zombie_move")
                move_zombie(state, rng, seat, action["from"], action["to"], events)
                flow.zombie_moved(state, rng, events)
            else:
                raise err("zt.err.phase", phase="move the zombies")
        elif phase == "encounter":
            self._encounter(state, rng, seat, action, events)
        else:
            self._act(state, rng, seat, action, events)

    def _act(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        kind_ = action["type"]
        if kind_ == "end":
            flow.end_actions(state, rng, events)
            return
        if kind_ in ACT:
            apply_act(state, rng, seat, action, events)
        elif kind_ in CAR or kind_ == "agenda_discard":
            if not state["options"]["road_rage"]:
                raise err("zt.err.no_road_rage")
            if kind_ == "agenda_discard":
                self._agenda_discard(state, seat, action, events)
            else:
                apply_car(state, rng, seat, action, events)
        else:
            raise err("zt.err.phase", phase="take an action or end your turn")
        flow.after_action(state, seat, events)

    def _encounter(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        kind_ = action["type"]
        if kind_ == "flee":
            flee(state, seat, action, events)
        elif kind_ == "fight":
            fighter, weapon_ = check_fighter(state, seat, action, False)
            fight_zombie(state, rng, seat, fighter, weapon_, events, reaction=True)
            enc = state["encounter"]
            p = state["players"][seat]
            if enc is not None:
                enc["left"] -= 1
                n = state["zombies"].get(p["pos"], 0) if p["pos"] is not None else 0
                if enc["left"] <= 0 or n == 0 or (p["car"] is not None and n <= car_capacity(state, p["car"])):
                    state["encounter"] = None
        else:
            raise err("zt.err.phase", phase="fight the zombies here or flee")
        if state["encounter"] is None:
            state["phase"] = "act"
            events.append({"type": "encounter_over", "seat": seat})
            flow.after_action(state, seat, events)

    def _deal_discard(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        if action["type"] != "discard":
            raise err("zt.err.deal_keep", n=data().settings.keep)
        hand = state["players"][seat]["hand"]
        if action["card"] not in hand:
            raise err("zt.err.not_in_hand")
        hand.remove(action["card"])
        discard_card(state, action["card"])
        events.append({"type": "deal_discard", "seat": seat, "left": len(hand)})
        if len(hand) <= data().settings.keep:
            self._next_dealer(state, rng, events)

    def _next_dealer(self, state: State, rng: Rng, events: list[Event]) -> None:
        keep = data().settings.keep
        order = state["order"]
        for _ in range(len(order)):
            state["current"] = (state["current"] + 1) % len(order)
            seat = order[state["current"]]
            if seat not in state["out"] and len(state["players"][seat]["hand"]) > keep:
                return
        # everyone has kept their cards: the first player starts
        state["current"] = order.index(state["first"])
        while order[state["current"]] in state["out"]:
            state["current"] = (state["current"] + 1) % len(order)
        flow.begin_turn(state, rng, events)

    def _redraw(self, state: State, seat: str, draw: bool, events: list[Event]) -> None:
        events.append({"type": "agenda_redraw", "seat": seat, "draw": draw})
        if draw:
            draw_agenda(state, seat, events)
        state["redraw"] -= 1
        state["phase"] = "act"
        if state["redraw"] > 0 and flow.can_redraw(state, seat):
            state["phase"] = "redraw"
        else:
            state["redraw"] = 0
            flow.after_action(state, seat, events)

    def _agenda_discard(self, state: State, seat: str, action: Action, events: list[Event]) -> None:
        p = state["players"][seat]
        if action["card"] not in p["agendas"]:
            raise err("zt.err.no_agenda")
        if state["actions"] <= 0:
            raise err("zt.err.no_actions")
        if p["pos"] is None:
            raise err("zt.err.dead")
        if state.get("agenda_discard_used"):  # « A chaque tour, vous pouvez dépenser une action pour défausser »
            raise err("zt.err.agenda_once")
        state["actions"] -= 1
        state["agenda_discard_used"] = True
        p["agendas"].remove(action["card"])
        state["agenda_discard"] = [*state["agenda_discard"], action["card"]]
        events.append({"type": "agenda_discarded", "seat": seat, "card": action["card"], "draw": bool(action.get("draw"))})
        if action.get("draw"):
            draw_agenda(state, seat, events)

    # -- moderators ---------------------------------------------------------------------
    def _abandon_turn(self, state: State, seat: str, kicked: bool) -> None:
        state["encounter"] = None
        state["redraw"] = 0
        if state["phase"] == "deal":
            p = state["players"][seat]
            keep = data().settings.keep
            for card in p["hand"][keep:]:
                discard_card(state, card)
            p["hand"] = p["hand"][:keep]

    def _pass_turn(self, state: State, rng: Rng, events: list[Event]) -> None:
        if state["phase"] == "deal":
            self._next_dealer(state, rng, events)
            return
        if state["phase"] != "zombies":
            state["zmoves"] = flow.per_turn(state)
        state["phase"] = "zombies"
        auto_move(state, rng, turns.current_seat(state), state["zmoves"], events)
        flow.finish_turn(state, rng, events)

    def _on_kick(self, state: State, rng: Rng, gone: str, events: list[Event]) -> None:
        """The kicked player's pawn leaves the board (their car stops where it is, their
        followers and weapons are discarded); houses and what is in them stay."""
        p = state["players"][gone]
        for w in p["weapons"]:
            discard_card(state, w["card"])
        for f in p["followers"]:
            discard_card(state, f["card"])
            if f["weapon"]:
                discard_card(state, f["weapon"]["card"])
        if p["car"] is not None:
            state["cars"][p["car"]]["driver"] = None
        p.update(pos=None, car=None, weapons=[], followers=[])
        if state["encounter"] and state["encounter"]["seat"] == gone:
            state["encounter"] = None

    def _last_one_standing(self, state: State, winners: list[str], events: list[Event]) -> None:
        table = flow.scores(state)
        turns.finish(state, winners, scores={s: r["total"] for s, r in table.items()}, detail=table,
                     reason="last_one")
        events.append({"type": "game_over", "winners": list(winners), "scores": {s: r["total"] for s, r in table.items()}})

    def default_action(self, state: State, seat: str) -> Action:
        """Time out: discard the last card dealt; end the actions; fight with the best
        fighter; draw no new agenda; let the bot move the zombies."""
        phase = state["phase"]
        if phase == "deal":
            return {"type": "discard", "card": state["players"][seat]["hand"][-1]}
        if phase == "redraw":
            return {"type": "agenda_redraw", "draw": False}
        if phase == "zombies":
            return {"type": "zombies_auto"}
        if phase == "encounter":
            best = best_fighter(state, seat)
            if best is not None:
                return {"type": "fight", "fighter": best[0], "weapon": best[1] or NONE}
            return self._legal(state, seat)[0]
        return {"type": "end"}

    # -- queries ------------------------------------------------------------------------
    def turn_info(self, state: State) -> TurnInfo:
        """The turns as the platform reads them. The deal (each keeps 3 cards, in turn) is
        before the first turn of day 1, so ``state["turn"]`` does not move in it; each dealer's
        step counts here as a turn all the same (a skip in the deal moves the count on, as
        everywhere): ``1 +`` the dealers done during the deal, then ``state["turn"] +`` the
        seats dealt, so the count only goes forward. The narration's turn is ``state["turn"]``."""
        info = super().turn_info(state)
        n = len(state["seats"])
        if state["phase"] == "deal" and not info.over:
            keep = data().settings.keep
            done = sum(1 for p in state["players"].values() if len(p["hand"]) <= keep)
            return replace(info, number=1 + min(done, n - 1))
        return replace(info, number=state["turn"] + n)

    def _redraw_hidden(self, state: State, seat: str | None, rng: Rng) -> None:
        _redraw_unseen(self, state, seat, rng)  # what the seat may not see (:mod:`.hidden`)

    def view(self, state: State, seat: str | None = None) -> dict[str, Any]:
        return build_view(self, state, seat)

    evaluate = zt_ai.evaluate  # the AI's guess: full scores and the agendas' progress (:mod:`.ai`)
    search_evaluation = zt_ai.evaluation  # ... or the public scores alone for a gentle level
    search_settings = zt_ai.settings  # ... and its easy's slack, its hard's play-on

    def outcome(self, state: State) -> dict[str, Any] | None:
        result = state["result"]
        if result is None:
            return None
        return {"winners": list(result["winners"]), "scores": dict(result.get("scores") or {})}

    def component_names(self) -> dict[str, dict[str, str]]:
        d = data()
        names = d.names
        return {
            "house": {h: x["name"] for h, x in d.houses.items()},
            "card": {c: names["cards"][kind(c)]["name"] for c in d.deck},
            "character": {c: x["name"] for c, x in names["characters"].items()},
            "agenda": {a: names["agendas"][kind(a)]["name"] for a in d.agenda_deck},
        }

    def component_names_fr(self) -> dict[str, dict[str, str]]:
        d = data()
        names = d.names
        return {
            "house": {h: x["name_fr"] for h, x in d.houses.items()},
            "card": {c: names["cards"][kind(c)]["name_fr"] for c in d.deck},
            "character": {c: x["name_fr"] for c, x in names["characters"].items()},
            "agenda": {a: names["agendas"][kind(a)]["name_fr"] for a in d.agenda_deck},
        }

    def check(self, state: State) -> None:
        """Invariants (tests and the random runs call it): zombies conserved, damage within
        bounds, at most two agendas, cards conserved."""
        s = data().settings
        on_board = sum(state["zombies"].values())
        collected = sum(p["zombies"] for p in state["players"].values())
        if on_board + collected + state["box"] != s.zombies_total or any(n <= 0 for n in state["zombies"].values()):
            raise IllegalAction(f"zombies not conserved: {on_board}+{collected}+{state['box']}")
        for car in state["cars"].values():
            if not 0 <= car["damage"] <= s.car_max_damage:
                raise IllegalAction("car damage out of bounds")
        for p in state["players"].values():
            if len(p["agendas"]) > s.agendas_in_hand:
                raise IllegalAction("more than two agendas")
        placed = sum(h["barricades"] for h in state["houses"].values())
        if placed + state["stands"] != s.barricade_stands:
            raise IllegalAction("barricade stands not conserved")
