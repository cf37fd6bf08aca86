"""Risk Peaky Blinders (2–5 players) on the shared Risk map engine.

What this edition changes over :class:`~bot.rules.risk_map.game.MapGame`: the setup (territory
cards dealt and placed by razors; two-player neutrals with reward cards), the income (missions,
razor trades, powers), the battle modifiers (strongholds, powers), the British Crown at the end
of every turn, and the ways the game ends. Our decisions on what the rulebook leaves open are in
``docs/peaky_blinders.md``.

Actions (every action is a JSON dict with ``"type"``):

=====================  ==========  ===================================================
action                 phase       fields
=====================  ==========  ===================================================
``place``              place       ``territory``, ``count`` (default: all left)
``trade``              place       ``cards`` (territory ids; 2–10 razors; any number of
                                   trades a turn, or one with ``trades=one``)
``flip_power``         place       — (flips your next face-down power; once a turn)
``neutral``            place       ``placements`` {tid: n}: 3 members, 1–3 territories of
                                   one neutral gang (two players; every turn, mandatory)
``end_placement``      place       —
``attack``             attack      ``from``, ``to``, ``count`` (default: all but one),
                                   ``until`` (bool: roll until decided), ``powers`` [ids]
``roll``               battle      ``until`` (bool)
``retreat``            battle      —
``play_power``         battle      ``power`` (a kept attack power, for the next roll)
``end_attack``         attack      —
``manoeuvre``          manoeuvre   ``from``, ``to``, ``count`` (ends the turn)
``end_turn``           any but     — (skips the manoeuvre)
                       battle
``defence``            any time,   ``order``: ``always`` | ``save`` | ``never``, the standing
                       any player  order for your kept defence powers
=====================  ==========  ===================================================

``attack`` declares and rolls at once; an attack that loses every member sent ends the
attacks of the turn (the rulebook; option ``beaten_stops_attacks``). Later phases' actions are
accepted as soon as the earlier phase's duties are done. Every action's shape is checked
first (:meth:`action_schema`). ``legal_actions`` returns the compact forms read by
:mod:`bot.rules.compact` (``accepts``, ``expand``; ``choose`` or :meth:`random_action` turn
one into a concrete action), and lists exactly what ``apply`` accepts.

Secrets: an event's ``private`` field maps a seat to what only that seat may see (card names
drawn or handed over). Everything shown reads events through :func:`bot.rules.events.events_for`.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

import bot.rules.turns as turns
from bot.rules.base import Action, Event, Option, Rng, RuleError, State
from bot.rules.events import events_for
from bot.rules.peaky_blinders.crown import Crown
from bot.rules.peaky_blinders.data import GANG_IDS, NEUTRAL, PeakyData, load_data
from bot.rules.peaky_blinders.hidden import redraw as _redraw
from bot.rules.peaky_blinders.messages import PB_MESSAGES, pb_error
from bot.rules.peaky_blinders.powers import Powers
from bot.rules.peaky_blinders.view import build_view
from bot.rules.risk_map.attack import FormMemo
from bot.rules.risk_map.board import Board
from bot.rules.risk_map.cards import RAZOR_TABLE, trade_value
from bot.rules.risk_map.defence import DEFAULT_ORDER
from bot.rules.risk_map.game import MapGame
from bot.rules.risk_map.holding import Holding
from bot.rules.schema import Field, id_list, mapping, name

__all__ = ["NEUTRAL", "PB_MESSAGES", "PeakyBlinders", "public_events"]

NEUTRAL_MEMBERS = 3
NEUTRAL_SPREAD = 3  # on one to three territories of one neutral gang
_MOST_RAZORS = max(RAZOR_TABLE)
_FLIP: Action = {"type": "flip_power"}



def public_events(events: list[Event], seat: str | None = None) -> list[Event]:
    """Events as ``seat`` may see them (``None``: the channel): :func:`bot.rules.events.events_for`,
    the one secret filter (kept under this name for existing callers)."""
    return events_for(events, seat)


class PeakyBlinders(Powers, Crown, MapGame):
    """The edition: this class holds setup, income, missions, trades and neutrals; the power
    cards are in :class:`~bot.rules.peaky_blinders.powers.Powers`, the British Crown in
    :class:`~bot.rules.peaky_blinders.crown.Crown`."""

    id = "peaky_blinders"
    name = "Risk Peaky Blinders"
    map_id = "peaky_blinders"
    rulebook_counts = {"territories": 42, "regions": 5, "strongholds": 10}
    min_players = 2
    max_players = 5
    options = (
        Option("crown", "bool", True,
               description="Play with the British Crown; off: play until one gang holds every territory."),
        Option("gangs", "choice", "choose", ("choose", "random"),
               description="Each player chooses their gang in the lobby (the rulebook; a player who "
                           "does not gets a gang left over); random: the gangs are drawn.",
               hidden=("seat_order",)),  # the first games' "in seat order": stored games replay
        Option("beaten_stops_attacks", "bool", True,
               description="An attack that loses every member sent ends your attacks for the turn "
                           "(the rulebook); off: attack again from elsewhere, as in classic Risk."),
        Option("trades", "choice", "any", ("any", "one"),
               description="Trade territory cards as often as you like during your placement (the "
                           "rulebook); one: at most one trade a turn."),
    )
    battle_actions = frozenset({"roll", "retreat", "play_power"})
    anytime_actions = frozenset({"defence"})

    def __init__(self, board: Board | None = None, data: PeakyData | None = None) -> None:
        super().__init__(board)
        if data is not None:
            self.__dict__["data"] = data

    @cached_property
    def data(self) -> PeakyData:
        """The edition's cards and tracks, loaded when first asked (then a plain attribute)."""
        return load_data(self.board)

    def card_points(self) -> dict[str, int]:
        return self.data.razors

    def component_names(self) -> dict[str, dict[str, str]]:
        board, data = self.board, self.data
        return {"territory": {tid: t.name for tid, t in board.territories.items()},
                "region": {rid: r.name for rid, r in board.regions.items()},
                "gang": {gid: g["name"] for gid, g in data.gangs.items()},
                "mission": {mid: m.name for mid, m in data.missions.items()},
                "mission_text": {mid: m.text for mid, m in data.missions.items()},
                "power": {pid: p.name for pid, p in data.powers.items()},
                "power_text": {pid: p.text for pid, p in data.powers.items()}}

    def component_names_fr(self) -> dict[str, dict[str, str]]:
        out: dict[str, dict[str, str]] = {}
        for kind, items in (("mission", self.data.missions), ("power", self.data.powers)):
            for key, item in items.items():
                for field, into in (("name_fr", kind), ("text_fr", f"{kind}_text")):
                    if item.raw.get(field):
                        out.setdefault(into, {})[key] = item.raw[field]
        return out

    def faction_name(self, state: State, faction: str) -> str:
        gang = faction[len(NEUTRAL):] if faction.startswith(NEUTRAL) else state["players"][faction]["gang"]
        return str(self.data.gangs[gang]["name"])

    # -- lobby choices --------------------------------------------------------------------
    def seat_picks(self, options: dict[str, Any] | None = None) -> dict[str, tuple[str, ...]]:
        """Each player chooses a gang (« Chaque joueur choisit le chef de gang »), unless the
        gangs are drawn at random."""
        opts = self.validate_options(options or {})
        return {"gang": GANG_IDS} if opts["gangs"] == "choose" else {}

    def _check_picks(self, picks: dict[str, dict[str, str]], options: dict[str, Any] | None) -> None:
        taken: set[str] = set()
        for chosen in picks.values():
            gang = chosen.get("gang")
            if gang is None:
                continue
            if gang in taken:
                raise pb_error("pb.err.gang_taken", gang=self.data.gangs[gang]["name"], gang_id=gang)
            taken.add(gang)

    def assign_gangs(self, seats: list[str], options: dict[str, Any], picks: dict[str, dict[str, str]],
                     rng: Rng) -> tuple[list[str], list[str]]:
        """Each seat's gang, and the gangs nobody leads (in order). ``choose``: the chosen
        gang, and to the seats that chose none the gangs left over, in seat order and in the
        rulebook's order of the gangs; ``random``: drawn; ``seat_order`` (the first games,
        still replayed): the rulebook's order."""
        gangs = list(self.data.gangs)
        n = len(seats)
        mode = options["gangs"]
        if mode == "random":
            rng.shuffle(gangs)
            return gangs[:n], gangs[n:]
        if mode == "choose":
            chosen = {s: picks[s]["gang"] for s in seats if "gang" in picks.get(s, {})}
            free = [g for g in gangs if g not in chosen.values()]
            assigned = [chosen[s] if s in chosen else free.pop(0) for s in seats]
            return assigned, free
        return gangs[:n], gangs[n:]

    # -- setup ----------------------------------------------------------------------------
    def _setup(self, state: State, rng: Rng) -> None:
        seats: list[str] = state["seats"]
        if any(s.startswith(NEUTRAL) for s in seats):
            raise pb_error("pb.err.bad_seat")
        data, board = self.data, self.board
        n = len(seats)
        gangs, rest = self.assign_gangs(seats, state["options"], state.get("picks") or {}, rng)
        neutrals = rest if n == 2 else []  # with two players, the three other gangs
        cards = list(board.order)
        rng.shuffle(cards)
        owner: dict[str, str] = {}
        troops: dict[str, int] = {}
        if n == 2:
            sizes = [(seats[0], 12), (seats[1], 12)] + [(NEUTRAL + g, 6) for g in neutrals]
        else:
            base, extra = divmod(len(cards), n)  # the last players get the extra cards
            sizes = [(s, base + (1 if i >= n - extra else 0)) for i, s in enumerate(seats)]
        pos = 0
        for faction, k in sizes:
            for tid in cards[pos:pos + k]:
                owner[tid] = faction
                troops[tid] = data.razors[tid]
            pos += k
        deck = list(board.order)
        rng.shuffle(deck)
        rewards = {g: [deck.pop() for _ in range(3)] for g in neutrals}
        missions = list(data.missions)
        rng.shuffle(missions)
        powers = list(data.powers)
        rng.shuffle(powers)
        m_each, p_each = (1, 3) if n == 2 else (2, 2)
        players: dict[str, Any] = {}
        for i, s in enumerate(seats):
            players[s] = {
                "gang": gangs[i],
                "defence": DEFAULT_ORDER,
                "hand": [],
                "missions": [{"id": m, "held": 0, "done": False} for m in missions[i * m_each:(i + 1) * m_each]],
                "powers": [{"id": p, "up": False} for p in powers[i * p_each:(i + 1) * p_each]],
            }
        turns.begin(state, seats, 0, "place")
        state.update(
            {
                "map": board.id,
                "owner": {t: owner[t] for t in board.order},
                "troops": {t: troops[t] for t in board.order},
                "players": players,
                "neutrals": neutrals,
                "neutrals_out": [],
                "neutral_rewards": rewards,
                "deck": deck,
                "discard": [],
                "power_discard": [],
                "crown": {"step": 0, "last_roll": None} if state["options"]["crown"] else None,
                "battle": None,
                "highlight": None,
                "result": None,
                "reserve": 0,
                "income": {},
                "conquered": 0,
                "traded": False,
                "flipped": False,
                "neutral_done": False,
                "mission_income": 0,
                # Territories taken by an attack since the deal: only they count for missions.
                "taken": [],
            }
        )
        # setup() returns no events: what it did in public (the gangs, who starts, the first
        # turn's income) is kept for the bot to narrate (``opening_events``).
        opening: list[Event] = [
            {"type": "gangs", "how": state["options"]["gangs"], "gangs": {s: players[s]["gang"] for s in seats},
             "neutrals": list(neutrals)},
            {"type": "first_player", "seat": seats[0], "how": "seat_order"},
        ]
        self._start_turn(state, rng, opening)
        state["opening"] = opening

    def action_schema(self) -> dict[str, dict[str, Field]]:
        out = super().action_schema()
        tids, pids = self.board.order, list(self.data.powers)
        out["attack"]["powers"] = id_list(pids, 0, len(pids), "err.malformed.powers", required=False)
        out["trade"] = {"cards": id_list(tids, 1, len(tids), "err.malformed.cards")}
        out["flip_power"] = {}
        out["neutral"] = {"placements": mapping(tids, 1, NEUTRAL_SPREAD, 1, NEUTRAL_MEMBERS, "err.malformed.placements")}
        out["play_power"] = {"power": name(pids, "err.malformed.power")}
        return out

    # -- income and missions --------------------------------------------------------------
    def _before_income(self, state: State, rng: Rng, seat: str, events: list[Event]) -> None:
        state["traded"] = False
        state["flipped"] = False
        state["neutral_done"] = not state["neutrals"]
        reward = 0
        missions = self.data.missions
        met = self._mission_met
        for m in state["players"][seat]["missions"]:
            if not m["done"] and (m["held"] or met(state, seat, missions[m["id"]].territories)):
                break
        else:
            state["mission_income"] = 0  # nothing held nor met: the missions stay as they are
            return
        for m in self._missions(state, seat):
            if m["done"]:
                continue
            mission = missions[m["id"]]
            if self._mission_met(state, seat, mission.territories):
                m["held"] += 1
            else:
                m["held"] = 0
            if m["held"] >= mission.turns:
                m["done"] = True
                reward += mission.reward
                events.append(
                    {"type": "mission_completed", "seat": seat, "mission": mission.id, "name": mission.name,
                     "territories": list(mission.territories), "turns": mission.turns, "reward": mission.reward}
                )
        state["mission_income"] = reward

    def _missions(self, state: State, seat: str) -> list[dict[str, Any]]:
        """``seat``'s missions, copied before a write (the working state shares them with the
        state before: :attr:`MapGame.FLAT_KEYS`)."""
        player = self._player(state, seat)
        missions = player["missions"] = [m if m["done"] else dict(m) for m in player["missions"]]
        return missions

    @staticmethod
    def _mission_met(state: State, seat: str, territories: tuple[str, ...]) -> bool:
        """Whether every territory of a mission counts for ``seat`` (:meth:`counts_for_mission`)."""
        owner, taken = state["owner"], state.get("taken")
        for t in territories:
            if owner[t] != seat:
                return False
        return taken is None or all(t in taken for t in territories)

    @staticmethod
    def counts_for_mission(state: State, seat: str, tid: str) -> bool:
        """A mission is met « en prenant le contrôle » of its territories (West Midlands:
        « conquérir et tenir »): a territory counts once ``seat`` has taken it by an attack and
        still holds it; one dealt to you does not. (States saved before this rule have no
        ``taken``: there every territory held counts, as it did then.)"""
        if state["owner"][tid] != seat:
            return False
        taken = state.get("taken")
        return taken is None or tid in taken

    def _conquer(self, state: State, rng: Rng, events: list[Event]) -> None:
        taken = state.get("taken")
        tid = state["battle"]["to"]
        if taken is not None and tid not in taken:
            self._private(state, "taken").append(tid)
        super()._conquer(state, rng, events)

    def income(self, state: State, seat: str) -> dict[str, int]:
        out = super().income(state, seat)
        out.update({"missions": state["mission_income"], "trade": 0, "powers": 0})
        return out

    def _add_income(self, state: State, source: str, n: int) -> None:
        self._private(state, "income")[source] += n
        state["reserve"] += n

    # -- placement extras -----------------------------------------------------------------
    def _make_handlers(self) -> dict[str, Any]:
        h = super()._make_handlers()
        h.update({"trade": self._act_trade, "flip_power": self._act_flip, "neutral": self._act_neutral,
                  "play_power": self._act_play_power})
        return h

    def _need_place_phase(self, state: State, key: str) -> None:
        if state["phase"] != "place":
            raise pb_error(key)

    def _act_trade(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        self._need_place_phase(state, "pb.err.trade_phase")
        if state["traded"] and self.one_trade(state):
            raise pb_error("pb.err.already_traded")
        cards = action.get("cards")
        if not isinstance(cards, list) or not cards or not all(isinstance(c, str) for c in cards):
            raise pb_error("pb.err.no_cards")
        if len(set(cards)) != len(cards):
            raise pb_error("pb.err.duplicate_card")
        hand = state["players"][seat]["hand"]
        missing = [c for c in cards if c not in hand]
        if missing:
            name = self.tname(missing[0]) if missing[0] in self.board.territories else missing[0]
            raise pb_error("pb.err.card_not_held", card=name)
        razors = sum(self.data.razors[c] for c in cards)
        members = trade_value(razors)
        if members is None:
            raise pb_error("pb.err.bad_trade", razors=razors)
        hand = self._hand(state, seat)
        for c in cards:
            hand.remove(c)
        self._private(state, "discard").extend(cards)
        state["traded"] = True
        self._add_income(state, "trade", members)
        events.append({"type": "trade", "seat": seat, "cards": list(cards), "razors": razors, "members": members})

    @staticmethod
    def one_trade(state: State) -> bool:
        """Option ``trades=one``: at most one trade a turn. (States saved before the option
        played that way.)"""
        return state["options"].get("trades", "one") == "one"

    def _act_neutral(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        self._need_place_phase(state, "pb.err.neutral_phase")
        if not state["neutrals"]:
            raise pb_error("pb.err.no_neutral")
        if state["neutral_done"]:
            raise pb_error("pb.err.neutral_done")
        placements = action.get("placements")
        if not isinstance(placements, dict) or not 1 <= len(placements) <= NEUTRAL_SPREAD:
            raise pb_error("pb.err.neutral_spread")
        factions = set()
        for tid, k in placements.items():
            self._territory(tid)
            owner = state["owner"][tid]
            if not owner.startswith(NEUTRAL):
                raise pb_error("pb.err.not_neutral", territory=self.tname(tid))
            factions.add(owner)
            self._int(k, 1, NEUTRAL_MEMBERS)
        if len(factions) > 1:
            raise pb_error("pb.err.neutral_mixed")
        if sum(placements.values()) != NEUTRAL_MEMBERS:
            raise pb_error("pb.err.neutral_count", n=sum(placements.values()))
        for tid, k in placements.items():
            state["troops"][tid] += k
        state["neutral_done"] = True
        events.append({"type": "neutral", "seat": seat, "faction": factions.pop(), "placements": dict(placements)})

    def _default_duty(self, state: State, seat: str) -> Action | None:
        """Two players, time run out: the 3 neutral members go on the first territory (map
        order) of the first neutral gang still on the board."""
        if state["neutral_done"] or not state["neutrals"]:
            return None
        tid = self.territories_of(state, NEUTRAL + state["neutrals"][0])[0]
        return {"type": "neutral", "placements": {tid: NEUTRAL_MEMBERS}}

    def _placement_pending(self, state: State, seat: str) -> RuleError | None:
        reason = super()._placement_pending(state, seat)
        if reason is None and not state["neutral_done"] and state["neutrals"]:
            return pb_error("pb.err.neutral_first")
        return reason

    def placement_done(self, state: State, seat: str) -> bool:
        return state["reserve"] <= 0 and (state["neutral_done"] or not state["neutrals"])


    def defence_bonus(self, state: State, tid: str) -> int:
        return 1 if self.board.territories[tid].stronghold else 0

    def _after_repelled(self, state: State, seat: str, events: list[Event]) -> None:
        # "Si vous êtes vaincu(e) et que vous perdez tous vos membres de gang, vous ne pouvez
        # pas lancer d'autres attaques": a beaten attack is the last one of the turn.
        if state["options"]["beaten_stops_attacks"] and state["result"] is None:
            state["phase"] = "manoeuvre"
            events.append({"type": "phase", "seat": seat, "phase": "manoeuvre", "reason": "beaten"})

    # -- elimination and victory ------------------------------------------------------------
    def _eliminate(self, state: State, rng: Rng, loser: str, winner: str, events: list[Event]) -> None:
        if loser.startswith(NEUTRAL):
            gang = loser[len(NEUTRAL):]
            self._private(state, "neutrals").remove(gang)
            self._private(state, "neutrals_out").append(gang)
            cards = self._private(state, "neutral_rewards").pop(gang, [])
            self._hand(state, winner).extend(cards)
            if not state["neutrals"]:
                state["neutral_done"] = True
            events.append({"type": "neutral_wiped", "faction": loser, "by": winner, "cards": len(cards),
                           "private": {winner: {"cards": list(cards)}}})
            return
        super()._eliminate(state, rng, loser, winner, events)

    def active_seats(self, state: State) -> list[str]:
        return turns.still_in(state)

    def _check_victory(self, state: State, seat: str, events: list[Event]) -> None:
        super()._check_victory(state, seat, events)
        if state["result"] is None and len(self.active_seats(state)) == 1:
            self._finish(state, self.active_seats(state), "elimination", events)

    # -- legal actions --------------------------------------------------------------------
    def _legal_place(self, state: State, seat: str, held: Holding) -> list[Action]:
        out = super()._legal_place(state, seat, held)
        player = state["players"][seat]
        hand = player["hand"]
        if hand:  # a trade needs 2 razors or more
            points = self.data.razors
            razors = sum(map(points.__getitem__, hand))
            if razors >= 2 and not (state["traded"] and self.one_trade(state)):
                out.append({"type": "trade", "cards": list(hand), "razors": {"min": 2, "max": min(razors, _MOST_RAZORS)},
                            "points": {c: points[c] for c in hand}})
        if not state["flipped"]:
            for p in player["powers"]:
                if not p["up"]:
                    out.append(_FLIP)
                    break
        if not state["neutral_done"] and state["neutrals"]:
            every = held.map or self.board.holdings(state["owner"])
            memo = self._neutral_memo
            for gang in state["neutrals"]:
                faction = NEUTRAL + gang
                territories = every.owned(faction)
                form = memo.get(territories)
                if form is None or form["faction"] != faction:
                    form = {"type": "neutral", "faction": faction, "territories": list(territories),
                            "members": NEUTRAL_MEMBERS, "spread": NEUTRAL_SPREAD}
                    memo.put(territories, form)
                out.append(form)
        return out

    @cached_property
    def _neutral_memo(self) -> FormMemo:
        """The neutral gangs' placement forms, by the territories of the gang (a form is read,
        never changed: :class:`~bot.rules.risk_map.attack.FormMemo`)."""
        return FormMemo()

    # -- views ----------------------------------------------------------------------------
    def ai_weights(self, state: State) -> tuple[float, float]:
        """The AI's evaluation (:mod:`bot.rules.risk_map.appraise`): members count half the
        map games' 0.3 and a border's risk 0.8, as in Survival. The game is won on territories
        and missions; members piled on one border (the issue's 83 on Kerry) had looked like
        wealth. Normal against the beginner, 2 seats: seeds 101-110, 8 of 10 (5 of 10 with
        0.3 and 1.5, 4 of 10 with 0.3 and 0.8); seeds 201-210, see docs/ai.md."""
        return 0.15, 0.8

    def _redraw_hidden(self, state: State, seat: str | None, rng: Rng) -> None:
        _redraw(self, state, seat, rng)  # what the seat may not see (:mod:`.hidden`)

    def view(self, state: State, seat: str | None = None) -> dict[str, Any]:
        """The public view (``seat=None``) is exactly the map renderer's input plus what the
        bot's text needs; with a seat, that seat's secrets are added under ``"you"``."""
        return build_view(self, state, seat)
