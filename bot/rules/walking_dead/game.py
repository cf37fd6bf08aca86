"""Risk: The Walking Dead (2–5 players, two modes) on the shared Risk map engine.

What this edition changes over :class:`~bot.rules.risk_map.game.MapGame` (our readings of the
rulebook are in ``docs/walking_dead.md``):

- the opening: claims one survivor at a time, then the rest (:mod:`.claims`), or dealt;
- Survival (2–4): the walkers, a faction no one plays (``"walkers"`` in the owner map), invade
  at the start of every turn; an action card each turn; watchtowers, grenades, turning; rounds,
  the invasion marker, the Horde and the scores (:mod:`.turn`, :mod:`.fight`);
- Conquest (3–5): the group leaders' powers, the walkers a seat with five players, crate trades
  that draw territory cards; the last group standing wins;
- both: ammunition crates (the hand of each player: counts public, values private), one trade
  a turn, the defender's standing orders (dice, grenade) and the option to ask defenders live.

Actions (every action is a JSON dict with ``"type"``):

=================  ============  ==========================================================
action             phase         fields
=================  ============  ==========================================================
``claim``          claim         ``territory`` (unoccupied)
``place_start``    garrison      ``territory`` (one starting survivor on your own)
``place_rest``     garrison      — (the rest of your starting survivors, spread for you)
``place``          place         ``territory``, ``count`` (default: all left)
``trade``          place         ``cards``: crate ids worth 2–10 ammunition (once a turn)
``end_placement``  place         —
``attack``         attack        ``from``, ``to``, ``count`` (committed), ``until``,
                                 ``dice`` (1–3, default the most), ``grenade`` (bool)
``roll``           battle        ``until``, ``dice``, ``grenade``
``retreat``        battle        —
``defend``         battle, the   ``dice`` (1–2), ``grenade`` (``always|save|never``): the
                   defender      answer when asked live (option ``defenders=ask``)
``advance``        attack, right ``count``: more survivors follow the conquest from the attacking
                   after a        territory (one stays); any other move forgoes it
                   conquest
``end_attack``     attack        —
``manoeuvre``      manoeuvre     ``from``, ``to``, ``count`` (the last one allowed ends the turn)
``end_turn``       any but       —
                   battle
``defence``        any time      ``dice`` (``most|one``) and/or ``grenade``
                                 (``always|save|never``): your standing order
=================  ============  ==========================================================
"""

from __future__ import annotations

from functools import cached_property, lru_cache
from typing import Any

import bot.rules.turns as turns
from bot.rules.base import Action, Event, Option, Rng, RuleError, State
from bot.rules.risk_map.appraise import take_chance
from bot.rules.risk_map.board import Board
from bot.rules.risk_map.defence import ORDERS
from bot.rules.risk_map.game import MapGame
from bot.rules.risk_map.holding import Holding
from bot.rules.schema import Field
from bot.rules.walking_dead.actions import ActionCard, TurnMods, load_actions, turn_mods
from bot.rules.walking_dead.board import load_board, read_json
from bot.rules.walking_dead.claims import SETUP_PHASES, Claims
from bot.rules.walking_dead.conquest import (
    GROUP_IDS,
    SURVIVOR_GROUPS,
    extra_manoeuvres,
    income_bonus,
    load_groups,
    rally_bonus,
    trade_cards,
)
from bot.rules.walking_dead.crates import CRATE_VALUES, MAX_TRADE, MIN_TRADE, ammo, trade
from bot.rules.walking_dead.fight import Fights
from bot.rules.walking_dead.hidden import redraw as _redraw
from bot.rules.walking_dead.invasion import LAST_MARKER, TRACK
from bot.rules.walking_dead.messages import WD_MESSAGES, WField, wd_error
from bot.rules.walking_dead.odds import attack_odds
from bot.rules.walking_dead.opening import (
    CLAIMS,
    CONQUEST_SETUPS,
    conquest_opening,
    survival_opening,
)
from bot.rules.walking_dead.orders import DEFAULT, merge_order
from bot.rules.walking_dead.turn import Turns
from bot.rules.walking_dead.view import build_view
from bot.rules.walking_dead.walkers import DEFENCE_DICE, WALKERS

__all__ = ["WD_MESSAGES", "WalkingDead"]

MODES = ("survival", "conquest")
PLAYERS = {"survival": (2, 4), "conquest": (3, 5)}
_CRATES = tuple(CRATE_VALUES)
_SETUP_KINDS = frozenset({"claim", "place_start", "place_rest", "defence"})
# The standing-order forms for each current order (forms are read, never changed: shared):
# either part alone, or both at once (``/twd defence`` with both options), as long as
# something changes.
_ORDER_FORMS = {(d, g): [{"type": "defence", "dice": [x for x in DEFENCE_DICE if x != d]},
                         {"type": "defence", "grenade": [x for x in ORDERS if x != g]},
                         {"type": "defence", "dice": [x for x in DEFENCE_DICE if x != d], "grenade": list(ORDERS)},
                         {"type": "defence", "dice": [d], "grenade": [x for x in ORDERS if x != g]}]
                for d in DEFENCE_DICE for g in ORDERS}


@lru_cache(maxsize=1024)
def _walker_chance(sent: int, walkers: int) -> float:
    return float(attack_odds(sent, walkers))


class WalkingDead(Claims, Turns, Fights, MapGame):
    """The edition (see the module docstring)."""

    id = "walking_dead"
    name = "Risk: The Walking Dead"
    map_id = "walking_dead"
    min_players = 2
    max_players = 5
    options = (
        Option("mode", "choice", "survival", MODES,
               description="Survival (2–4 players): the walkers invade every turn until the Horde; "
                           "Conquest (3–5): classic Risk, the walkers a fifth group with five players."),
        Option("claims", "choice", "choose", CLAIMS,
               description="Survival: claim the free territories one by one (the rulebook), or deal them "
                           "at random."),
        Option("setup", "choice", "deal", CONQUEST_SETUPS,
               description="Conquest: deal every territory card (3 survivors each), or claim by the table."),
        Option("defenders", "choice", "orders", ("orders", "ask"),
               description="A group attacked by another defends by its standing order (dice, grenade); "
                           "ask: the defender is asked before each roll, the order applying on a timeout."),
        Option("groups", "choice", "choose", ("choose", "random"),
               description="Each player chooses their group in the lobby, or the groups are drawn."),
    )
    battle_actions = frozenset({"roll", "retreat", "defend"})
    anytime_actions = frozenset({"defence"})
    setup_phases = SETUP_PHASES

    def __init__(self, board: Board | None = None) -> None:
        super().__init__(board)

    @cached_property
    def board(self) -> Board:
        return load_board().board

    @cached_property
    def strategic(self) -> tuple[str, ...]:
        return load_board().strategic

    @cached_property
    def action_cards(self) -> dict[str, ActionCard]:
        return load_actions()

    @cached_property
    def _mods(self) -> dict[str | None, TurnMods]:
        out: dict[str | None, TurnMods] = {None: TurnMods()}
        for cid, card in self.action_cards.items():
            out[cid] = turn_mods(card)
        return out

    def turn_mods_of(self, card: str | None) -> TurnMods:
        return self._mods[card]

    def card_points(self) -> dict[str, int]:
        return dict(CRATE_VALUES)

    def component_names(self) -> dict[str, dict[str, str]]:
        board = self.board
        return {"territory": {t: x.name for t, x in board.territories.items()},
                "region": {r: x.name for r, x in board.regions.items()},
                "gang": {g.id: g.name for g in load_groups().values()},
                "group": {g.id: g.name for g in load_groups().values()},  # the lobby's pick (key "group")
                "card": {c.id: c.name for c in self.action_cards.values()}}

    def component_names_fr(self) -> dict[str, dict[str, str]]:
        return {"card": {c.id: c.name_fr for c in self.action_cards.values()},
                "group": dict(read_json("names_fr.json").get("gang") or {})}

    def faction_name(self, state: State, faction: str) -> str:
        if faction == WALKERS:
            return load_groups()["walkers"].name
        return load_groups()[state["players"][faction]["group"]].name

    # -- lobby --------------------------------------------------------------------------
    def seat_picks(self, options: dict[str, Any] | None = None) -> dict[str, tuple[str, ...]]:
        opts = self.validate_options(options or {})
        if opts["groups"] != "choose":
            return {}
        return {"group": GROUP_IDS if opts["mode"] == "conquest" else SURVIVOR_GROUPS}

    def _check_picks(self, picks: dict[str, dict[str, str]], options: dict[str, Any] | None) -> None:
        taken: set[str] = set()
        for chosen in picks.values():
            g = chosen.get("group")
            if g is None:
                continue
            if g in taken:
                raise wd_error("wd.err.group_taken", group=load_groups()[g].name)
            taken.add(g)

    def _groups(self, state: State, rng: Rng) -> dict[str, str]:
        seats, opts = state["seats"], state["options"]
        n = len(seats)
        five = opts["mode"] == "conquest" and n == 5
        pool = list(GROUP_IDS if five else SURVIVOR_GROUPS)
        if opts["groups"] == "random":
            rng.shuffle(pool)
            return dict(zip(seats, pool, strict=False))
        chosen = {s: c["group"] for s, c in (state.get("picks") or {}).items() if "group" in c}
        if not five and WALKERS in chosen.values():
            raise wd_error("wd.err.walkers_five")
        free = [g for g in pool if g not in chosen.values()]
        return {s: chosen[s] if s in chosen else free.pop(0) for s in seats}

    def players(self, options: dict[str, Any] | None = None) -> range:
        """Survival takes 2–4 players, Conquest 3–5 (``setup`` refuses any other count)."""
        lo, hi = PLAYERS[self.validate_options(options or {})["mode"]]
        return range(lo, hi + 1)

    # -- setup --------------------------------------------------------------------------
    def _setup(self, state: State, rng: Rng) -> None:
        seats: list[str] = state["seats"]
        opts = state["options"]
        mode = opts["mode"]
        lo, hi = PLAYERS[mode]
        if not lo <= len(seats) <= hi:
            raise RuleError(f"{self.name} ({mode}) needs {lo}–{hi} players, not {len(seats)}.", "err.player_count",
                            game=self.name, min=lo, max=hi, n=len(seats))
        if WALKERS in seats:
            raise wd_error("wd.err.walkers_seat")
        groups = self._groups(state, rng)
        order = list(self.board.order)
        if mode == "survival":
            op = survival_opening(order, list(self.action_cards), seats, rng, opts["claims"])
        else:
            op = conquest_opening(order, seats, rng, opts["setup"])
        players = {s: {"group": groups[s], "hand": [], "grenades": 0, "orders": dict(DEFAULT)} for s in seats}
        turns.begin(state, op["turn_order"], 0, "claim")
        state.update({
            "map": self.board.id, "mode": mode,
            "owner": dict(op["owner"]), "troops": dict(op["troops"]), "players": players,
            "deck": op["pile"], "discard": [], "bag": op["bag"], "spent": [],
            "actions": op.get("deck", []), "removed": op.get("removed", []),
            "towers": list(op.get("towers", [])), "marker": op.get("marker", 0), "round": op.get("round", 0),
            "horde": False, "action": None, "battle": None, "highlight": None, "result": None,
            "reserve": 0, "income": {}, "conquered": 0, "conquests": [], "traded": False, "manoeuvres": 0,
            "extra": 0, "advance": None, "pawns": dict(op["pawns"]), "setup": {"order": list(op["placement"]), "i": 0},
        })
        opening: list[Event] = [
            {"type": "groups", "groups": dict(groups)},
            {"type": "placement_order", "order": list(op["placement"]), "rolls": op["rolls"],
             "turn_order": list(op["turn_order"])},
        ]
        if mode == "survival":
            opening.append({"type": "walkers_placed", "territories": [t for t, o in op["owner"].items() if o == WALKERS],
                            "removed": len(op["removed"])})
        dealt = {t: o for t, o in op["owner"].items() if o not in (None, WALKERS)}
        if dealt:
            opening.append({"type": "dealt", "territories": dealt})
        state["phase"] = "claim" if any(o is None for o in state["owner"].values()) else "garrison"
        self._setup_next(state, rng, opening, first=True)
        state["opening"] = opening

    # -- actions ------------------------------------------------------------------------
    def action_schema(self) -> dict[str, dict[str, Field]]:
        out = super().action_schema()
        dice = WField(lambda v: type(v) is int and 1 <= v <= 3, "wd.malformed.dice", params={"lo": 1, "hi": 3})
        grenade = WField(lambda v: type(v) is bool, "wd.malformed.grenade")
        for kind in ("attack", "roll"):
            out[kind]["dice"] = dice
            out[kind]["grenade"] = grenade
        known = frozenset(_CRATES)
        out["trade"] = {"cards": WField(lambda v: type(v) is list and 1 <= len(v) <= len(known)
                                        and all(type(x) is str and x in known for x in v),
                                        "wd.malformed.crates", True, {"hi": len(known)})}
        out["claim"] = {"territory": out["place"]["territory"]}
        out["place_start"] = {"territory": out["place"]["territory"]}
        out["place_rest"] = {}
        out["advance"] = {"count": out["place"]["count"]}
        out["defend"] = {"dice": WField(lambda v: type(v) is int and 1 <= v <= 2, "wd.malformed.dice",
                                        params={"lo": 1, "hi": 2}),
                         "grenade": WField(lambda v: v in ORDERS, "wd.malformed.order")}
        out["defence"] = {"dice": WField(lambda v: v in DEFENCE_DICE, "wd.malformed.order"),
                          "grenade": WField(lambda v: v in ORDERS, "wd.malformed.order")}
        return out

    def _make_handlers(self) -> dict[str, Any]:
        h = super()._make_handlers()
        h.update({"claim": self._act_claim, "place_start": self._act_place_start, "place_rest": self._act_place_rest,
                  "trade": self._act_trade, "defend": self._act_defend,
                  "advance": self._act_advance})
        return h

    def _apply(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        kind = action["type"]
        if state["phase"] in SETUP_PHASES and kind not in _SETUP_KINDS:
            raise wd_error("wd.err.setup_phase")
        b = state["battle"]
        if kind == "defend" and (b is None or not b.get("waiting")):
            raise wd_error("wd.err.not_asked")
        if b is not None and b.get("waiting") and kind not in ("defend", "defence"):
            raise wd_error("wd.err.asked", defender=self.faction_name(state, b["defender"]),
                           territory=self.tname(b["to"]))
        if state["advance"] is not None and kind not in ("advance", "defence"):
            state["advance"] = None  # the chance to follow a conquest passes with any other move
        super()._apply(state, rng, seat, action, events)

    def to_move(self, state: State) -> str | None:
        if state.get("result") is not None:
            return None
        b = state["battle"]
        if b is not None and b.get("waiting"):
            return b["waiting"]["seat"]
        return turns.current_seat(state)

    def to_act(self, state: State) -> list[str]:
        if state.get("result") is not None:
            return []
        b = state["battle"]
        if b is not None and b.get("waiting"):
            return [b["waiting"]["seat"]]
        return [turns.current_seat(state)]

    def turn_info(self, state: State) -> turns.TurnInfo:
        """The turns' keys, except while a battle waits for a defender asked live: then the
        seat the game waits for is the defender's (its clock runs; a timeout plays its order)."""
        info = super().turn_info(state)
        setup = state["setup"]
        # each seat's step of the opening claims counts as a turn (a skip there moves the count
        # on), so the count only goes forward: 1 + the steps during the claims, then the turn
        # + the claims' steps
        number = info.number + (setup.get("steps", 0) if setup is not None else state.get("setup_steps", 0))
        b = state["battle"]
        if b is None or not b.get("waiting") or info.over:
            return info if number == info.number else turns.TurnInfo(number, info.current, info.phase, info.order,
                                                                      info.out, info.over)
        return turns.TurnInfo(number, b["waiting"]["seat"], info.phase, info.order, info.out, info.over)

    # -- income and trades --------------------------------------------------------------
    def income(self, state: State, seat: str) -> dict[str, int]:
        out = super().income(state, seat)
        power = 0
        if state["mode"] == "conquest":
            groups, group = load_groups(), state["players"][seat]["group"]
            power = income_bonus(groups, group)
            rally = rally_bonus(groups, group)
            if rally:  # only while every other group still in holds more territories
                mine = self.count_of(state, seat)
                if all(self.count_of(state, s) > mine for s in turns.still_in(state) if s != seat):
                    power += rally
        out.update({"cards": state["extra"], "power": power, "trade": 0})
        return out

    def _act_trade(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        if state["phase"] != "place":
            raise wd_error("wd.err.trade_phase")
        if state["traded"]:
            raise wd_error("wd.err.already_traded")
        crates = action.get("cards")
        if not crates:
            raise wd_error("wd.err.no_crates")
        survivors = trade(state["players"][seat]["hand"], crates)
        hand = self._hand(state, seat)
        for c in crates:
            hand.remove(c)
        self._private(state, "spent").extend(crates)
        total = ammo(crates)
        state["traded"] = True
        self._private(state, "income")["trade"] += survivors
        state["reserve"] += survivors
        events.append({"type": "trade", "seat": seat, "crates": list(crates), "ammo": total, "survivors": survivors})
        if state["mode"] == "conquest":
            deck, discard = self._private(state, "deck"), self._private(state, "discard")
            drawn, bonus, reshuffled = trade_cards(total, deck, discard, state["owner"], seat, rng)
            for tid, n in bonus.items():
                state["troops"][tid] += n
            events.append({"type": "trade_cards", "seat": seat, "cards": drawn, "bonus": bonus,
                           "reshuffled": reshuffled})

    # -- manoeuvres ---------------------------------------------------------------------
    def manoeuvres_allowed(self, state: State, seat: str) -> int:
        if state["mode"] == "survival":
            return 1 + self.mods(state).extra_manoeuvres
        return 1 + extra_manoeuvres(load_groups(), state["players"][seat]["group"])

    def _after_manoeuvre(self, state: State, rng: Rng, seat: str, events: list[Event]) -> None:
        state["manoeuvres"] += 1
        if state["manoeuvres"] < self.manoeuvres_allowed(state, seat):
            state["phase"] = "manoeuvre"
            return
        self._end_turn(state, rng, events)

    # -- defence orders -----------------------------------------------------------------
    def _act_defence(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        change = {k: v for k, v in action.items() if k != "type"}
        new = merge_order(self.orders(state, seat), change)
        self._player(state, seat)["orders"] = new
        events.append({"type": "defence_order", "seat": seat, "private": {seat: {"orders": dict(new)}}})

    def moving(self, legal: list[Action]) -> list[Action]:
        """The base's, without the defence's shorthand form (grenade left out: the standing
        order's), the same moves as the full form's: random play and the AI choose among the
        full form as they always did."""
        forms = super().moving(legal)
        if len(forms) > 1 and forms[0]["type"] == "defend":
            return [f for f in forms if f["type"] != "defend" or "grenade" in f]
        return forms

    def _legal_anytime(self, state: State, seat: str) -> list[Action]:
        order = self.orders(state, seat)
        return _ORDER_FORMS[order["dice"], order["grenade"]]

    # -- legal actions ------------------------------------------------------------------
    def _legal_runs(self, state: State, seat: str) -> list[tuple[str | None, list[Action]]]:
        phase = state["phase"]
        if phase in SETUP_PHASES:
            return [(None, self._legal_setup(state, seat))]
        if phase == "battle" and state["battle"].get("waiting"):
            defenders = state["troops"][state["battle"]["to"]]
            most = min(2, defenders)
            dice = {"min": 1, "max": most, "default": most}
            # the grenade left out is the standing order's (the « defend » buttons send no grenade)
            return [(None, [{"type": "defend", "dice": dice, "grenade": list(ORDERS)},
                            {"type": "defend", "dice": dice}])]
        runs = super()._legal_runs(state, seat)
        adv = state["advance"]
        if adv is not None and phase == "attack":
            n = state["troops"][adv["from"]] - 1
            runs.append((None, [{"type": "advance", "count": {"min": 1, "max": n, "default": n}}]))
        return runs

    def _legal_place(self, state: State, seat: str, held: Holding) -> list[Action]:
        out = super()._legal_place(state, seat, held)
        hand = state["players"][seat]["hand"]
        total = ammo(hand)
        if total >= MIN_TRADE and not state["traded"]:
            out.append({"type": "trade", "cards": list(hand), "razors": {"min": MIN_TRADE, "max": min(total, MAX_TRADE)},
                        "points": {c: CRATE_VALUES[c] for c in hand}})
        return out

    def _attack_extras(self, state: State, seat: str) -> dict[str, Any]:
        extras: dict[str, Any] = {"dice": {"min": 1, "max": 3, "default": 3}}
        if state["players"][seat]["grenades"] > 0:
            extras["grenade"] = [False, True]
        return extras

    def _attack_tag(self, state: State, seat: str) -> Any:
        return state["players"][seat]["grenades"] > 0

    def _legal_battle(self, state: State, seat: str) -> list[Action]:
        extras = self._attack_extras(state, seat)
        return [{"type": "roll", "until": False, **extras}, {"type": "roll", "until": True, **extras},
                {"type": "retreat"}]

    # -- timeouts, skips, kicks ---------------------------------------------------------
    def default_action(self, state: State, seat: str) -> Action:
        phase = state["phase"]
        if phase in SETUP_PHASES:
            return self._setup_default(state, seat)
        b = state["battle"]
        if b is not None and b.get("waiting") and b["waiting"]["seat"] == seat:
            return self._order_answer(state, seat)
        return super().default_action(state, seat)

    def _pass_turn(self, state: State, rng: Rng, events: list[Event]) -> None:
        if state["phase"] in SETUP_PHASES:
            seat = turns.current_seat(state)
            if seat in state["out"]:
                self._setup_next(state, rng, events)
            else:
                self._apply(state, rng, seat, self._setup_default(state, seat), events)
            return
        self._end_turn(state, rng, events)

    def _on_kick(self, state: State, rng: Rng, gone: str, events: list[Event]) -> None:
        """A player who leaves keeps their survivors on the board (they never act again and
        can be attacked); their crates leave the game, their grenades go back to the box."""
        player = self._player(state, gone)
        self._private(state, "spent").extend(player["hand"])
        player["hand"], player["grenades"] = [], 0
        if state["phase"] in SETUP_PHASES:
            self._setup_kick(state, gone)
        b = state["battle"]
        if b is not None and (b.get("waiting") or {}).get("seat") == gone:
            self._battle(state)["waiting"] = None

    def _on_player_out(self, state: State, loser: str, winner: str, events: list[Event]) -> None:
        self._player(state, loser)["grenades"] = 0

    # -- views --------------------------------------------------------------------------
    def search_breadth(self, state: State) -> int:
        """Conquest: twice the level's candidates and samples. A Conquest turn offers dozens of
        attacks and manoeuvres, each cheap to try (decisions took 44 ms of the 1 s budget):
        against greedy players, 3 seats, seeds 2001-2030 and 4001-4030, normal won 32 of 60
        games at breadth 1 and 43 of 60 at 2."""
        return 2  # Survival too since issue 28 (the map games' breadth)

    def evaluate(self, state: State, seat: str) -> float:
        """The AI's guess. Survival: the map games' (:mod:`bot.rules.risk_map.appraise`), with
        the strategic locations (a point each at the end: :meth:`ai_points`). Conquest, classic
        Risk to the last group: territories, the bonus of each zone held whole counted twice
        (they are next turn's survivors), and survivors on the board by tenths."""
        if state["mode"] != "conquest" or self.outcome(state) is not None:
            return super().evaluate(state, seat)
        held = self.board.holdings(state["owner"])
        troops = state["troops"]

        def worth(s: str) -> float:
            mine = held.owned(s)
            return len(mine) + 2 * held.region_bonus(s) + sum(troops[t] for t in mine) / 10

        values = {s: worth(s) for s in turns.still_in(state)}
        me = values.get(seat, 0.0)
        best = max((v for s, v in values.items() if s != seat), default=0.0)
        return 0.9 * (me - best) / (1.0 + sum(values.values()))

    def search_horizon(self, state: State) -> int | None:
        """Conquest keeps the level's play-on (its evaluation counts no front); Survival none."""
        return None if state["mode"] == "conquest" else 0

    def ai_weights(self, state: State) -> tuple[float, float]:
        """Survival: members count half (the game lasts 1 to 4 rounds and scores territories;
        survivors only break ties), a border's risk 0.8. Against the beginner, 2 seats, seeds
        101-120 and 201-220: 24 of 40 games won, 17 of 40 with the map games' 0.3 and 1.5."""
        if state["mode"] == "survival":
            return 0.15, 0.8
        return super().ai_weights(state)

    def ai_plans(self, state: State) -> str | None:
        """Survival: played out to the game's end (it lasts a few rounds; the Horde and the
        final count decide it: against the beginner, seeds 301-348, 4 samples to the end won
        more than 8 to the next turn). Conquest: played out through the opponents' next turn
        (3 seats against the beginner, games from independent seeds: 25 of 48 against 13 of 48
        for the search alone, which had looked better on consecutive seeds)."""
        return "end" if state["mode"] == "survival" else "turn"

    def ai_stronghold(self, state: State) -> bool:
        """Survival: the starting survivors piled on one territory facing walkers or a rival,
        not chosen one by one by the play-outs (each survivor alone changed too little to tell
        apart from the dice: they ended spread, the biggest stack 8-13 of 24). Against the
        beginner, 2 seats, independent seeds (matches 7001 and 7002, 48 games each): 29 and 35
        of 48 won, against 24 and 26 of 48 for the same games without it (docs/ai.md)."""
        return state["mode"] == "survival"

    def ai_strike(self, state: State, seat: str) -> bool:
        """Survival, a seat that does not move last in the round: the rival moving after it has
        the last word before the count, and its biggest stack sweeps back what a chain of
        conquests leaves with one survivor each; struck first, it sweeps less (docs/ai.md,
        "Eighth session": Survival as first mover)."""
        if state["mode"] != "survival":
            return False
        alive = turns.still_in(state)
        return bool(alive) and seat != alive[-1]

    def ai_take_chance(self, state: State, tid: str, sent: int) -> float:
        """Survival: walkers are fought with the survivors' edge, and the survivors they kill
        may turn and join them (:func:`.odds.attack_odds`); the rest plain dice."""
        if state["mode"] == "survival" and state["owner"][tid] == WALKERS:
            return _walker_chance(min(sent, 20), min(state["troops"][tid], 20))
        return super().ai_take_chance(state, tid, sent)

    def ai_points(self, state: State, seat: str) -> float:
        """Survival: the strategic locations, a point each at the end (:mod:`.scoring`), less
        what the walkers' invasions may take: each territory at the chance a card falls on it
        (a round and a half of the next marker's cards) times the chance that many walkers
        take it (one walker fewer than they are: the survivors' +1 on every die)."""
        if state["mode"] != "survival":
            return 0.0
        owner, troops = state["owner"], state["troops"]
        strategic = self.strategic
        cards, walkers = TRACK[min(max(state["marker"], 1) + 1, LAST_MARKER)]
        hit = min(1.0, 1.5 * cards * len(state["order"]) / len(self.board.order))
        points = 0.0
        for t in self.board.holdings(owner).owned(seat):
            worth = 2.0 if t in strategic else 1.0
            points += worth - hit * take_chance(walkers - 1, troops[t]) * (worth + 0.3 * troops[t])
        return points - len(self.board.holdings(owner).owned(seat))  # the territories: counted already

    def _redraw_hidden(self, state: State, seat: str | None, rng: Rng) -> None:
        _redraw(self, state, seat, rng)  # what the seat may not see (:mod:`.hidden`)

    def view(self, state: State, seat: str | None = None) -> dict[str, Any]:
        return build_view(self, state, seat)
