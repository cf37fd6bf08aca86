"""Risk Transformers (2–4 players) on the shared Risk map engine.

What this edition changes over :class:`~bot.rules.risk_map.game.MapGame` (the rulebook's
readings are in ``docs/transformers.md``): the setup (leaders, 30 robots each dealt as page 5
describes), five phases (place, transform, attack, back-up, draw), leaders with two modes and
their powers, zones that open and close (pivoting Praxus and Pion Tower; sliding Decagon and
Moon Alpha over secret war factories, closed at the start, crushing what is inside when they
close), dice of two kinds in one roll, upgrade cards played one at a time, the Matrix at the
end of each day, six days, the Launch Pad's tie-break, and the team game.

Actions (every action is a JSON dict with ``"type"``):

=============  ==========  ==============================================================
action         phase       fields
=============  ==========  ==============================================================
``claim``      setup       ``territory``: one starting robot (option ``setup: place``)
``place``      1           ``territory``, ``count`` (default: all left)
``play``       1 or 3      ``card`` (a card's id is the zone it names): phase 1's upgrades
                           (robots, the sector bonus doubled); before an attack, an attack
                           upgrade (for the next attack, or this turn, as the card says)
``revive``     1           ``territory``, ``mode``: the leader back from the scrapyard for
                           3 of the robots to place
``end_placement``  1       —
``flip``       2           — (the leader: robot ↔ vehicle, once a turn)
``transform``  2           ``zone``, ``card`` (a card with the transformation symbol)
``backup``     2           ``card`` (Space Bridge), ``from``, ``to``, ``count``
``attack``     3           ``from``, ``to``, ``count`` (robots), ``leader`` (bool), ``until``
``advance``    3           ``count``: more robots after a capture, from the zone that attacked
``roll``       battle      ``until``
``retreat``    battle      —
``end_attack`` 3           —
``manoeuvre``  4           ``from``, ``to``, ``count`` (ends the turn)
``jump``       4           ``territory`` (Optimus Prime in vehicle mode, once a turn)
``give``       4           ``territory`` (team game, instead of the back-up; ends the turn)
``end_turn``   any         —
``bonus``      battle      ``die``: asked — which of your dice (high to low) your leader's +1 goes on
``escape``     battle      ``territory``: asked — where Bumblebee, beaten attacking, escapes
``defence``    any time    ``order``: when your defence cards fire (``always``/``save``/``never``)
``rally``      any time    ``order``: where Bumblebee, beaten defending, escapes (``first``/
                           ``strongest``/``weakest``; also the default answer to ``escape``)
``stance``     any time    ``dice`` (1 or 2), ``leader`` (your leader defends), ``lose``
                           (``last``: lose the leader only as the last piece; ``first``)
=============  ==========  ==============================================================

The two questions (``bonus``, ``escape``) are in :mod:`bot.rules.transformers.asks`.

Phase 5 (draw one card if a zone was captured) happens as the turn ends; the Matrix and the
calendar when the last seat of the round ends its turn (:meth:`_end_of_round`).
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

import bot.rules.transformers.days as days
import bot.rules.turns as turns
from bot.rules.base import Event, Option, Rng, RuleError, State
from bot.rules.risk_map.board import Board, reinforcements
from bot.rules.risk_map.cards import draw
from bot.rules.risk_map.defence import ORDERS
from bot.rules.risk_map.game import MAX_MEMBERS, MapGame
from bot.rules.risk_map.messages import rule_error
from bot.rules.schema import Field, choice, flag, name, whole
from bot.rules.transformers.asks import RALLY, Asks
from bot.rules.transformers.board import LAUNCH_PAD, PIVOT_IDS, SLIDE_IDS
from bot.rules.transformers.claims import Claims
from bot.rules.transformers.data import LEADER_IDS, SIDES, TransformersData, load_data
from bot.rules.transformers.fight import Fight
from bot.rules.transformers.hidden import redraw as _redraw
from bot.rules.transformers.messages import TF_MESSAGES, TfField, tf_choice, tf_error, tf_flag
from bot.rules.transformers.phases import DEFAULT_STANCE, Phases
from bot.rules.transformers.setup import random_setup, start_table
from bot.rules.transformers.sides import assign_leaders, teams
from bot.rules.transformers.view import build_view

__all__ = ["TF_MESSAGES", "Transformers"]

SPECIALS = PIVOT_IDS + SLIDE_IDS
PHASES = ("place", "transform", "attack", "manoeuvre")


class Transformers(Asks, Claims, Fight, Phases, MapGame):
    """The edition: setup, the turn's income, days and scores here; the attacks in
    :class:`~bot.rules.transformers.fight.Fight`; the other phases' actions and every legal
    form in :class:`~bot.rules.transformers.phases.Phases`."""

    id = "transformers"
    name = "Risk Transformers"
    map_id = "transformers"
    min_players = 2
    max_players = 4
    options = (
        Option("leaders", "choice", "choose", ("choose", "random"),
               description="Each player chooses a leader in the lobby (the others are given in seat order: "
                           "one Autobot against one or two Decepticons, or two teams of two); random: drawn."),
        Option("setup", "choice", "deal", ("deal", "place"),
               description="deal: the starting robots are placed for you, one by one as the rulebook says, "
                           "at random; place: each player places them, one robot a turn (about 100 turns)."),
    )

    def search_settings(self, level: str | None) -> dict[str, Any]:
        """Easy errs more here (two moves in five at random, not one in five): with the
        levels' own slack it beat the beginner in 8 of 12 games dealt from independent seeds."""
        return {"slack": 0.4} if level == "easy" else {}
    phases = PHASES
    phase_index = {p: i for i, p in enumerate(PHASES)}
    battle_actions = frozenset({"roll", "retreat", "bonus", "escape"})
    anytime_actions = frozenset({"defence", "stance", "rally"})
    setup_phases = frozenset({"claim"})

    def __init__(self, data: TransformersData | None = None) -> None:
        super().__init__(None)
        if data is not None:
            self.__dict__["data"] = data

    @cached_property
    def data(self) -> TransformersData:
        return load_data()

    @cached_property
    def board(self) -> Board:
        return self.data.board.board

    @cached_property
    def cyb(self) -> Any:
        return self.data.board

    @cached_property
    def _closed_sets(self) -> dict[tuple[bool, ...], frozenset[str]]:
        """The map engine's ``closed`` set of each of the 16 configurations."""
        cyb = self.cyb
        return {tuple(c[z] for z in SPECIALS): cyb.closed(c) for c in cyb.configurations()}

    @cached_property
    def _adjacency(self) -> dict[frozenset[str], dict[str, tuple[str, ...]]]:
        board = self.board
        return {closed: {t: board.neighbours(t, closed) for t in board.order}
                for closed in self._closed_sets.values()}

    def closed(self, state: State) -> frozenset[str]:
        o = state["open"]
        return self._closed_sets[(o["praxus"], o["pion_tower"], o["decagon"], o["moon_alpha"])]

    def nbrs(self, state: State) -> dict[str, tuple[str, ...]]:
        """Every zone's neighbours now (closed zones and gates left out)."""
        return self._adjacency[self.closed(state)]

    def _own(self, state: State, seat: str, tid: str) -> None:
        """The map engine's check, with a closed factory's own refusal: it is no zone now, so
        « Decagon is a closed factory », not « you do not control Decagon »."""
        owner = state["owner"][tid]
        if owner != seat:
            if owner is None and tid in self.closed(state):
                raise tf_error("tf.err.not_in_play", territory=self.tname(tid))
            raise rule_error("err.not_yours", territory=self.tname(tid))

    def tname(self, tid: str) -> str:
        return self.board.territories[tid].name

    def faction_name(self, state: State, faction: str) -> str:
        return self.data.leaders[state["players"][faction]["leader"]].name

    def component_names(self) -> dict[str, dict[str, str]]:
        data = self.data
        return {"territory": {t: x.name for t, x in self.board.territories.items()},
                "region": {r: x.name for r, x in self.board.regions.items()},
                "leader": {lid: x.name for lid, x in data.leaders.items()},
                "upgrade": {u: x.name for u, x in data.upgrades.items()},
                "upgrade_text": {u: str(x.raw.get("text", "")) for u, x in data.upgrades.items()}}

    def component_names_fr(self) -> dict[str, dict[str, str]]:
        data = self.data
        out: dict[str, dict[str, str]] = {"leader": {}, "upgrade": {}, "upgrade_text": {}}
        for lid, lead in data.leaders.items():
            if lead.raw.get("name_fr"):
                out["leader"][lid] = lead.raw["name_fr"]
        for uid, up in data.upgrades.items():
            if up.raw.get("name_fr"):
                out["upgrade"][uid] = up.raw["name_fr"]
            if up.raw.get("text_fr"):
                out["upgrade_text"][uid] = up.raw["text_fr"]
        return out

    # -- the lobby ------------------------------------------------------------------------
    def seat_picks(self, options: dict[str, Any] | None = None) -> dict[str, tuple[str, ...]]:
        opts = self.validate_options(options or {})
        return {"leader": LEADER_IDS} if opts["leaders"] == "choose" else {}

    def _check_picks(self, picks: dict[str, dict[str, str]], options: dict[str, Any] | None) -> None:
        taken: set[str] = set()
        for chosen in picks.values():
            lid = chosen.get("leader")
            if lid in taken:
                raise tf_error("tf.err.leader_taken", leader=self.data.leaders[lid].name)
            if lid:
                taken.add(lid)

    def _leaders(self, state: State, rng: Rng) -> dict[str, str]:
        seats = state["seats"]
        if state["options"]["leaders"] == "random":
            lids = list(LEADER_IDS)
            for _ in range(64):  # a drawn order that fits the table (2/3 of draws do)
                rng.shuffle(lids)
                try:
                    return assign_leaders(seats, dict(zip(seats, lids, strict=False)))
                except ValueError:
                    continue
            return assign_leaders(seats)
        picks = {s: p["leader"] for s, p in (state.get("picks") or {}).items() if "leader" in p}
        try:
            return assign_leaders(seats, picks)
        except ValueError as err:
            raise tf_error("tf.err.leaders", reason=str(err)) from None

    # -- setup ----------------------------------------------------------------------------
    def _setup(self, state: State, rng: Rng) -> None:
        seats: list[str] = state["seats"]
        leaders = self._leaders(state, rng)
        placing = state["options"]["setup"] == "place"
        table, left = start_table(self.data, leaders) if placing else (random_setup(self.data, seats, leaders, rng),
                                                                       None)
        order = self.board.order
        owner: dict[str, str | None] = dict.fromkeys(order)
        troops = dict.fromkeys(order, 0)
        for z, info in table["zones"].items():
            owner[z], troops[z] = info["owner"], info["robots"]
        deck = self.data.deck()
        rng.shuffle(deck)
        side = teams(leaders)
        state.update({
            "map": self.map_id,
            "owner": owner,
            "troops": troops,
            "leaders": {lid: dict(lead) for lid, lead in table["leaders"].items()},
            "open": dict(table["open"]),
            "players": {s: {"hand": [], "leader": leaders[s]} for s in seats},
            "teams": {s: [t for t in seats if t in side[s]] for s in seats},
            "day": 1,
            "matrix": None,
            "deck": deck,
            "discard": [],
            "reserve": 0,
            "income": {},
            "conquered": 0,
            "battle": None,
            "highlight": None,
            "fx": {},
            "claims": None,
            "ask": None,
        })
        turns.begin(state, list(seats), 0, "claim" if placing else "place")
        events: list[Event] = [{"type": "setup", "leaders": dict(leaders), "placing": placing,
                                "teams": len(seats) == 4, "day": 1, "days": days.DAYS}]
        if placing:
            state["claims"] = dict(left or {})
        else:
            self._start_turn(state, rng, events)
        state["opening"] = events

    # -- who is whose ---------------------------------------------------------------------
    def team(self, state: State, seat: str) -> list[str]:
        return state["teams"][seat]

    def hostile(self, state: State, seat: str, tid: str) -> bool:
        o = state["owner"][tid]
        return o is not None and o not in state["teams"][seat]

    def passable(self, state: State, seat: str) -> Any:
        owner, mates = state["owner"], state["teams"][seat]
        return lambda tid: owner[tid] in mates

    def leader_of(self, state: State, seat: str) -> str:
        return state["players"][seat]["leader"]

    @staticmethod
    def leader_at(state: State, tid: str) -> str | None:
        for lid, lead in state["leaders"].items():
            if lead["zone"] == tid:
                return lid
        return None

    def pieces(self, state: State, tid: str) -> int:
        return state["troops"][tid] + (1 if self.leader_at(state, tid) else 0)

    def _move_leader(self, state: State, lid: str, **change: Any) -> None:
        leaders = self._private(state, "leaders")
        leaders[lid] = {**leaders[lid], **change}

    def _fx(self, state: State) -> dict[str, Any]:
        fx = state["fx"] = dict(state["fx"])
        return fx

    # -- the schema -----------------------------------------------------------------------
    def action_schema(self) -> dict[str, dict[str, Field]]:
        tids = self.board.order
        zone = name(tids, "err.malformed.territory")
        count = whole(1, MAX_MEMBERS, "err.malformed.count", slack=MAX_MEMBERS + 1)
        card = name(tids, "err.malformed.card")
        return {
            "claim": {"territory": zone},
            "place": {"territory": zone, "count": count},
            "play": {"card": card},
            "revive": {"territory": zone, "mode": tf_choice(("robot", "vehicle"), "tf.malformed.mode")},
            "end_placement": {},
            "flip": {},
            "transform": {"zone": name(tids, "err.malformed.territory"), "card": card},
            "backup": {"card": card, "from": zone, "to": zone, "count": count},
            "attack": {"from": zone, "to": zone,
                       "count": TfField(lambda v: type(v) is int and 0 <= v <= 3, "tf.malformed.robots"),
                       "leader": tf_flag("tf.malformed.leader"), "until": flag("err.malformed.until")},
            "advance": {"count": count},
            "roll": {"until": flag("err.malformed.until")},
            "bonus": {"die": TfField(lambda v: type(v) is int and 0 <= v <= 2, "tf.malformed.die", True)},
            "escape": {"territory": zone},
            "retreat": {},
            "end_attack": {},
            "manoeuvre": {"from": zone, "to": zone, "count": count},
            "jump": {"territory": zone},
            "give": {"territory": zone},
            "end_turn": {},
            "defence": {"order": choice(ORDERS, "err.malformed.order")},
            "rally": {"order": tf_choice(RALLY, "tf.malformed.rally")},
            "stance": {"dice": tf_choice((1, 2), "tf.malformed.dice"), "leader": tf_flag("tf.malformed.leader"),
                       "lose": tf_choice(("last", "first"), "tf.malformed.lose")},
        }

    def _make_handlers(self) -> dict[str, Any]:
        out = super()._make_handlers()
        out.update({
            "end_placement": self._act_end_placement,
            "play": self._act_play,
            "advance": self._act_advance,
            "claim": self._act_claim,
            "revive": self._act_revive,
            "flip": self._act_flip,
            "transform": self._act_transform,
            "backup": self._act_backup,
            "manoeuvre": self._act_manoeuvre,
            "jump": self._act_jump,
            "give": self._act_give,
            "stance": self._act_stance,
            "bonus": self._act_bonus,
            "escape": self._act_escape,
            "rally": self._act_rally,
        })
        return out

    def _apply(self, state: State, rng: Rng, seat: str, action: dict[str, Any], events: list[Event]) -> None:
        if state["phase"] == "claim" and action["type"] != "claim" and action["type"] not in self.anytime_actions:
            raise tf_error("tf.err.claiming")  # the starting placement has none of a turn's phases
        ask = state.get("ask")
        if ask is not None and action["type"] != ask["kind"] and action["type"] not in self.anytime_actions:
            raise tf_error(f"tf.err.ask_{ask['kind']}", leader=self.data.leaders[ask.get("leader") or
                                                                                 self.leader_of(state, ask["seat"])].name)
        super()._apply(state, rng, seat, action, events)

    def _system(self, state: State, rng: Rng, action: dict[str, Any], events: list[Event]) -> None:
        """A skip, or the kick of the player asked, first answers the open question by its
        default (rolling no further)."""
        ask = state.get("ask")
        if ask is not None and (action["type"] == "skip" or (action["type"] == "kick"
                                                             and action.get("seat") == ask["seat"])):
            self._settle(state, rng, events)
            if state.get("result") is not None:
                return
        super()._system(state, rng, action, events)

    # -- a turn ---------------------------------------------------------------------------
    def income(self, state: State, seat: str) -> dict[str, int]:
        """Phase 1, steps A, C and D (B's cards are played after: :meth:`_act_play`)."""
        owner, open_ = state["owner"], state["open"]
        zones = sum(1 for o in owner.values() if o == seat)
        bonus = 0
        for region in self.board.regions.values():
            if all(owner[t] == seat for t in region.territories if t not in SLIDE_IDS or open_[t]):
                bonus += region.bonus
        factories = 0
        for z in SLIDE_IDS:
            if open_[z] and owner[z] == seat:
                factories += min(self.cyb.slides[z].cap, self.pieces(state, z))
        return {"zones": reinforcements(zones), "sectors": bonus, "factories": factories}

    def _before_income(self, state: State, rng: Rng, seat: str, events: list[Event]) -> None:
        state["fx"] = {}

    def _start_turn(self, state: State, rng: Rng, events: list[Event]) -> None:
        super()._start_turn(state, rng, events)
        events[-1]["day"] = state["day"]

    def cards_to_draw(self, state: State, seat: str) -> int:
        """Phase 5: one card if a zone was captured this turn (page 17)."""
        return 1 if state["conquered"] else 0

    def _end_of_round(self, state: State, rng: Rng, events: list[Event]) -> None:
        """The day ends (page 18): the Matrix on the zone of the deck's top card, then the
        calendar; after day 6 the game ends."""
        deck, discard = self._private(state, "deck"), self._private(state, "discard")
        drawn, reshuffled = draw(deck, discard, 1, rng, True)
        if reshuffled:
            events.append({"type": "reshuffle", "deck": len(deck)})
        if drawn:
            zone = drawn[0]
            discard.append(zone)
            holder = state["owner"][zone]
            if holder is not None:
                state["troops"][zone] += days.MATRIX_ROBOTS
            state["matrix"] = zone
            events.append({"type": "matrix", "day": state["day"], "territory": zone, "seat": holder,
                           "robots": days.MATRIX_ROBOTS if holder is not None else 0})
        if state["day"] >= days.DAYS:
            self._finish_days(state, events)
            return
        state["day"] += 1
        events.append({"type": "day", "day": state["day"], "days": days.DAYS})

    def side_scores(self, state: State) -> list[tuple[list[str], int]]:
        """Each side (a seat, or a team) and its zones, in seat order."""
        owner, out, seen = state["owner"], [], set()
        for seat in state["seats"]:
            team = state["teams"][seat]
            if team[0] in seen:
                continue
            seen.add(team[0])
            out.append((team, sum(1 for o in owner.values() if o in team)))
        return out

    def _finish_days(self, state: State, events: list[Event]) -> None:
        """Page 18: the most zones wins (a team's together); on a tie, the Launch Pad's holder."""
        out = state["out"]
        sides = [(team, n) for team, n in self.side_scores(state) if any(s not in out for s in team)]
        best = max(n for _, n in sides)
        top = [team for team, n in sides if n == best]
        reason = "days"
        winners = top[0] if len(top) == 1 else [s for team in top for s in team]
        if len(top) > 1:
            holder = state["owner"][LAUNCH_PAD]
            team = state["teams"][holder] if holder is not None else None
            if team is not None and any(s not in out for s in team):
                winners, reason = team, "launch_pad"
        self._finish(state, [s for s in state["seats"] if s in winners], reason, events)

    def _finish(self, state: State, winners: list[str], reason: str, events: list[Event]) -> None:
        scores = {s: self.count_of(state, s) for s in state["seats"]}
        sides = {"+".join(team): n for team, n in self.side_scores(state)}
        turns.finish(state, winners, scores=scores, sides=sides, reason=reason, day=state["day"])
        state["battle"] = None
        state["ask"] = None
        events.append({"type": "game_over", "winners": winners, "reason": reason, "scores": scores,
                       "sides": sides, "day": state["day"]})

    # -- the end of a side ----------------------------------------------------------------
    def _eliminate(self, state: State, rng: Rng, loser: str, winner: str, events: list[Event]) -> None:
        """No piece left on the board: out, and the cards go back into the deck, shuffled
        (page 13)."""
        if loser not in state["players"] or turns.is_out(state, loser):
            return
        self._private(state, "out")
        turns.remove(state, loser)
        cards = state["players"][loser]["hand"]
        self._player(state, loser)["hand"] = []
        if cards:
            deck = self._private(state, "deck")
            deck.extend(cards)
            rng.shuffle(deck)
        events.append({"type": "eliminated", "seat": loser, "by": winner, "cards": len(cards)})

    def ai_side(self, state: State) -> dict[str, tuple[str, ...]]:
        """The AI's evaluation: a seat plays with its team."""
        return {s: tuple(mates) for s, mates in state["teams"].items()}

    def _check_victory(self, state: State, seat: str, events: list[Event]) -> None:
        """The last side standing wins at once (page 13)."""
        if state.get("result") is not None:
            return
        held = {o for o in state["owner"].values() if o is not None}
        mates = state["teams"][seat]
        if held <= set(mates):
            self._finish(state, list(mates), "conquest", events)

    def _last_one_standing(self, state: State, winners: list[str], events: list[Event]) -> None:
        self._finish(state, winners, "elimination", events)

    def default_action(self, state: State, seat: str) -> dict[str, Any]:
        ask = state.get("ask")
        if ask is not None and ask["seat"] == seat:
            return self._answer(ask)
        if state["phase"] == "claim":
            return self._claim_default(state, seat)
        return super().default_action(state, seat)

    def _pass_turn(self, state: State, rng: Rng, events: list[Event]) -> None:
        if state["phase"] == "claim":
            self._pass_claim(state, rng, events)
        else:
            super()._pass_turn(state, rng, events)

    # -- views ----------------------------------------------------------------------------
    def _redraw_hidden(self, state: State, seat: str | None, rng: Rng) -> None:
        _redraw(self, state, seat, rng)  # what the seat may not see (:mod:`.hidden`)

    def view(self, state: State, seat: str | None = None) -> dict[str, Any]:
        return build_view(self, state, seat)

    def stance(self, state: State, seat: str) -> dict[str, Any]:
        return state["players"][seat].get("stance") or DEFAULT_STANCE

    def side_of(self, state: State, seat: str) -> str:
        return SIDES[self.leader_of(state, seat)]


def check_state(game: Transformers, state: State) -> list[str]:
    """The invariants the random games check after every step: no empty zone, nothing in a
    closed factory, each leader in one place (a zone of his seat) or the scrapyard, counts
    never negative, the calendar within its six days."""
    errors = []
    owner, troops = state["owner"], state["troops"]
    closed = game.closed(state)
    battle = state.get("battle")
    for t in game.board.order:
        n = troops[t]
        if n < 0:
            errors.append(f"{t} has {n} robots")
        if t in closed and t in SLIDE_IDS:
            if owner[t] is not None or n or game.leader_at(state, t):
                errors.append(f"closed {t} holds pieces")
            continue
        if owner[t] is None:
            if state["claims"] is None:  # the starting placement is over (a game may end before)
                errors.append(f"{t} is in play but has no owner")
        elif n + (1 if game.leader_at(state, t) else 0) == 0:
            errors.append(f"{t} is empty")
    seen: dict[str, str] = {}
    for lid, lead in state["leaders"].items():
        z = lead["zone"]
        if z is None:
            continue
        if z in seen:
            errors.append(f"{lid} and {seen[z]} both on {z}")
        seen[z] = lid
        if owner.get(z) != lead["seat"]:
            errors.append(f"{lid} stands on {z}, held by {owner.get(z)}")
    if not 1 <= state["day"] <= days.DAYS:
        errors.append(f"day {state['day']}")
    if battle is not None and battle["committed"] < 0:
        errors.append("negative committed")
    return errors


__all__ += ["RuleError", "check_state"]
