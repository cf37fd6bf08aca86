"""Risk Express (Reiner Knizia): seven dice, fourteen country cards, one card a turn.

A turn is a chain of throws. After each throw the player fills one battle line of the
card they invade (the first line filled fixes the target) with the dice that meet it;
a throw that meets no line costs one die. The turn ends when the card is conquered
(every line filled, plus a General if another player owns it) or the dice run out.

The throws themselves are automatic: the engine rolls, and stops only when the player
has something to decide (which card and which line). Actions:

- ``{"type": "fill", "card": id, "line": i}`` — fill line ``i`` (0-based) of ``card``;
  ``"line": "general"`` fills the extra General line of a card another player owns.
- ``{"type": "continue"}`` / ``{"type": "fresh"}`` — with the optional rule, take over the
  previous player's failed attempt, or start a turn of one's own.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import Any

import bot.rules.base as base
import bot.rules.turns as turns
from bot.rules.base import Action, Event, Game, IllegalAction, Option, Rng, State, end_timeouts
from bot.rules.risk_express import scoring, solved, views
from bot.rules.risk_express.cards import (
    DATA,
    DICE,
    FACES,
    GENERAL,
    SOLDIER_VALUE,
    SYMBOLS,
    board,
    check_target,
    load_cards,
    match_line,
    min_dice,
)
from bot.rules.risk_express.throws import (
    LINES,
    THROWS,
    card_options,
    compile_all,
    filled_bits,
    first_options,
    key_of,
    options,
    roll,
    targets,
    throw_of,
)
from bot.rules.schema import Field, choice, name

__all__ = ["DATA", "DICE", "FACES", "GENERAL", "SOLDIER_VALUE", "SYMBOLS", "RiskExpress", "load_cards",
           "match_line", "min_dice"]

_KEYS = ("0", "1", "2")  # a line's key in an attempt's "filled": its index as text
_CHOICE = ("continue", "fresh")  # the two kinds of the "continue" phase, in sorted order
_NONE = (None, None, None)


class RiskExpress(Game):
    id = "risk_express"
    name = "Risk Express"
    min_players = 2
    max_players = 6
    options = (
        Option(
            "continue_attempt",
            "bool",
            False,
            description="Optional rule: you may continue the previous player's failed attempt.",
        ),
    )

    @cached_property
    def _cards(self) -> dict[str, Any]:
        """Card id → its data (then a plain attribute: ``_fill`` reads it every move)."""
        return load_cards()["cards"]

    # The hot path of a game played by the engine's own pick (``random_action`` then
    # ``apply_legal``), as single slots of tuples (each replaced whole, so a reader never sees
    # half of one), each checked by identity against the object it was worked out for:
    # ``_hot``: (a state this engine returned, the options of its throw, the seat to play);
    # ``_chosen``: (a state, the seat, the option ``random_action`` picked in it);
    # ``_pending``: (an attempt, its throw's options, the seat), left by ``_throw`` for the
    # ``apply_legal`` under way to publish as ``_hot`` with the state that holds that attempt.
    _hot: tuple[Any, Any, Any] = _NONE
    _chosen: tuple[Any, Any, Any] = _NONE
    _pending: tuple[Any, Any, Any] = _NONE

    def _copy(self, state: State) -> State:
        # An action replaces "failed", a tray and a filled line wholesale (never edits them
        # in place), sets the attempt's card and adds a filled line: so the attempt and its
        # "filled" are copied, the rest shared. A conquest copies "owners" and "locked"
        # before it edits them (``_conquer``); the moderator's actions work on a full clone.
        new = dict(state)
        att = state["attempt"]
        if att is not None:
            new["attempt"] = att = att.copy()
            att["filled"] = att["filled"].copy()
        return new

    warm = staticmethod(compile_all)  # every throw's table compiled once (~80 ms): no move meets a new one

    # -- setup ------------------------------------------------------------------------
    def _setup(self, state: State, rng: Rng) -> None:
        data = load_cards()
        seats = state["seats"]
        state["owners"] = {cid: None for cid in data["order"]}
        state["locked"] = []
        # First player: everyone rolls the seven dice; most Generals starts, ties reroll.
        rolls: list[dict[str, Any]] = []
        contenders = list(seats)
        rounds = 0
        while True:
            counts = {}
            rounds += 1
            for seat in contenders:
                dice = [FACES[d - 1] for d in rng.throw(DICE)]
                counts[seat] = dice.count(GENERAL)
                rolls.append({"seat": seat, "dice": dice, "generals": counts[seat], "round": rounds})
            best = max(counts.values())
            contenders = [s for s in contenders if counts[s] == best]
            if len(contenders) == 1:
                break
        first = contenders[0]
        state["start_rolls"] = rolls
        state["first"] = first
        turns.begin(state, seats, seats.index(first))
        state["failed"] = None  # the last failed attempt, for the optional rule
        # What setup did in public, for the bot to narrate (``opening_events``): every throw
        # for who starts, round by round (a round is a tie rolled again), who starts, then
        # the first turn's start and its first throw.
        events: list[Event] = [{"type": "start_roll", **r, "dice": list(r["dice"])} for r in rolls]
        events.append({"type": "first_player", "seat": first, "rounds": rolls[-1]["round"]})
        self._begin_turn(state, rng, events)
        state["opening"] = events

    # -- contract ---------------------------------------------------------------------
    def to_act(self, state: State) -> list[str]:
        if state["result"] is not None:
            return []
        return [state["order"][state["current"]]]

    def to_move(self, state: State) -> str | None:
        return None if state["result"] is not None else state["order"][state["current"]]

    def component_names(self) -> dict[str, dict[str, str]]:
        data = load_cards()
        return {"card": {cid: c["name"] for cid, c in data["cards"].items()},
                "continent": {cid: c["name"] for cid, c in data["continents"].items()}}

    def outcome(self, state: State) -> dict[str, Any] | None:
        result = state["result"]
        if result is None:
            return None
        return {"winners": list(result["winners"]), "scores": self.scores(state)}

    def action_schema(self) -> dict[str, dict[str, Field]]:
        return {
            "fill": {
                "card": name(load_cards()["order"], "err.malformed.card"),
                "line": choice([0, 1, 2, GENERAL], "err.malformed.line"),
            },
            "continue": {},
            "fresh": {},
        }

    def legal_actions(self, state: State, seat: str) -> list[Action]:
        """The base class's, its checks read straight from the state (no anytime actions in
        this game: nothing for a seat not to play)."""
        if state["result"] is not None or state["order"][state["current"]] != seat:
            return []
        return self._legal(state, seat)

    def _legal(self, state: State, seat: str) -> list[Action]:
        if state["phase"] == "continue":
            return [{"type": "continue"}, {"type": "fresh"}]
        hot = self._hot
        if hot[0] is state:
            opts = hot[1]
        else:  # a state fresh from JSON (a click, the autocomplete): its options kept for the
            # move that follows (``apply_legal``'s fast fill, the same state as ``_fill`` makes)
            tray = state["attempt"]["tray"]
            opts = options(state, throw_of(key_of(tray), tray))
            self._hot = (state, opts, seat)
        return [{"type": "fill", "card": o[0], "line": o[1]} for o in opts]

    def _drawn(self, state: State, seat: str, pick: Callable[[int], int]) -> Any:
        """The base class's pick (``pick_action`` on the legal forms: the same draws) without
        building the forms: the action of the "continue" phase (a dict), or the option of the
        throw (a tuple; no draw when there is one), or ``None``: nothing legal for ``seat``."""
        hot = self._hot
        if hot[0] is state:  # a state left mid-turn by a throw of this engine, its options known
            if hot[2] != seat:
                return None
            opts = hot[1]
        else:
            if state["result"] is not None or state["order"][state["current"]] != seat:
                return None  # nothing legal (no anytime actions in this game)
            if state["phase"] == "continue":
                return {"type": _CHOICE[pick(2)]}
            opts = self._options(state)
        if len(opts) > 1:
            return opts[pick(len(opts))]
        return opts[0] if opts else None

    def random_action(self, state: State, seat: str, pick: Callable[[int], int]) -> Action | None:
        """The base class's pick, the same draws and the same action (:meth:`_drawn`)."""
        o = self._drawn(state, seat, pick)
        if o is None or type(o) is dict:
            return o
        self._chosen = (state, seat, o)
        return {"type": "fill", "card": o[0], "line": o[1]}

    def random_move(self, state: State, seat: str, pick: Callable[[int], int]) -> tuple[Action, State] | None:
        """The contract's ``random_move`` fused: the option of the throw drawn as
        ``random_action`` draws it (:meth:`_drawn`), filled at once (``_fill_option``), with no
        action to read back."""
        o = self._drawn(state, seat, pick)
        if o is None:
            return None
        if type(o) is dict:  # the "continue" phase's choice
            return o, self.apply_legal(state, seat, o)[0]
        rng = base.Rng(state["rng"])
        new = self._fill_option(state, rng, seat, o, None)  # nobody reads the events here
        self._settle(new, rng, seat)
        return {"type": "fill", "card": o[0], "line": o[1]}, new

    def apply(self, state: State, seat: str, action: Action) -> tuple[State, list[Event]]:
        """The contract's ``apply``. An action that is exactly one of the options this engine
        listed for ``seat`` in this very state (``legal_actions`` before it: a click, the
        autocomplete) passes every check of the door by construction (the game runs, the
        seat is to play, the shape is right): it goes straight to ``apply_legal``. Anything
        else meets the door in full."""
        if self._hot[0] is state and type(action) is dict and len(action) == 3 and action.get("type") == "fill" \
                and type(action.get("card")) is str:  # (a state fresh from JSON: at once to the door)
            o = self._listed(state, seat, action["card"], action.get("line"))
            if o is not None:
                return self._play(state, seat, o)
        return super().apply(state, seat, action)

    def apply_legal(self, state: State, seat: str, action: Action) -> tuple[State, list[Event]]:
        """The contract's ``apply_legal``, with a fast fill for an option this engine worked out
        in this very state: the one ``random_action`` picked, or one of the options of the
        throw that ended the move before (no rule to check again). Anything else is ruled on
        in full. Either way the new state's throw options are kept for the next move."""
        o = None
        kind = action.get("type")
        if kind == "fill":
            card, line = action.get("card"), action.get("line")
            chosen = self._chosen
            if chosen[0] is state and chosen[1] == seat:
                o = chosen[2]
                if o[1] is not line or o[0] != card:  # the pick's own line object, or else looked for below
                    o = None
            if o is None:
                o = self._listed(state, seat, card, line)
        return self._play(state, seat, o, action)

    def _listed(self, state: State, seat: str, card: Any, line: Any) -> Any:
        """The option of the throw kept for this very ``state`` and ``seat`` (``_hot``) that
        ``card`` and ``line`` name, or None."""
        hot = self._hot
        if hot[0] is state and hot[2] == seat:
            for x in hot[1]:
                if x[0] == card and x[1] == line and type(x[1]) is type(line):
                    return x
        return None

    def _play(self, state: State, seat: str, o: Any, action: Action | None = None) -> tuple[State, list[Event]]:
        """``apply_legal`` of option ``o`` of the throw in ``state``, found by this engine (no
        rule to check again), or with ``o`` None of ``action``, ruled on in full."""
        rng = base.Rng(state["rng"])
        events: list[Event] = []
        if o is not None:
            new = self._fill_option(state, rng, seat, o, events)
        else:
            new = self._copy(state)
            self._apply(new, rng, seat, action, events)
        self._settle(new, rng, seat)
        return new, events

    def _settle(self, new: State, rng: Rng, seat: str) -> None:
        """What ends every move played here: the generator written back into ``new``, the
        seat's run of timeouts ended, and the options of the throw that ended the move kept
        for the next one (``_hot``, with the very state that holds its attempt)."""
        new["rng"] = rng.state
        end_timeouts(new, seat)
        pending = self._pending
        if pending[0] is new["attempt"] and pending[0] is not None:
            self._hot = (new, pending[1], pending[2])

    def _fill_option(self, state: State, rng: Rng, seat: str, o: Any, events: list[Event] | None) -> State:
        """A new state: ``state`` with option ``o`` of its throw filled (a legal option, found
        by ``_options``: the checks of ``_fill`` hold), then the dice thrown again or the card
        taken. The tray left is never kept: the next throw (or the turn's end) replaces it.
        ``events`` ``None``: nobody reads them (``random_move``), the hot ones are not built."""
        new = dict(state)
        att = state["attempt"].copy()
        new["attempt"] = att
        filled = att["filled"] = att["filled"].copy()
        card_id, line, used, key = o
        owner = state["owners"][card_id]
        other = owner is not None
        if att["card"] is None:
            att["card"] = card_id
            att["general_needed"] = other
        filled[key] = used = list(used)
        if events is not None:
            events.append({"type": "fill", "seat": seat, "card": card_id, "line": line, "dice": used})
        general = GENERAL in filled
        if len(filled) - general == LINES[card_id] and (general or not other):
            self._conquer(new, rng, seat, card_id, [] if events is None else events)
        else:
            self._roll(new, att, rng, events, seat, card_id, other and not general, len(att["tray"]) - len(used))
        return new

    def _fill(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        card_id = action.get("card")
        line = action.get("line")
        card = self._cards.get(card_id)
        if card is None:
            raise IllegalAction(f"There is no card '{card_id}'.", "re.err.unknown_card", card=str(card_id))
        att = state["attempt"]
        target = att["card"]
        owner = state["owners"][card_id]
        if (target is not None and target != card_id) or owner == seat or card["continent"] in state["locked"]:
            check_target(state, seat, card_id, card["name"])  # raises the refusal that applies
        other = owner is not None  # and not the seat's (refused just above)
        lines = card["lines"]
        if line == GENERAL:
            if not att["general_needed"] and not (target is None and other):
                name = card["name"]
                raise IllegalAction(f"{name} needs no General: nobody else owns it.", "re.err.no_general", card=name)
            key = GENERAL
        elif type(line) is int and 0 <= line < len(lines):
            key = _KEYS[line]
        else:
            name = card["name"]
            raise IllegalAction(
                f"{name} has lines 1 to {len(lines)}" + (" and the General line." if other else "."),
                "re.err.bad_line",
                card=name,
                n=len(lines),
            )
        filled = att["filled"]
        if target == card_id and key in filled:
            raise IllegalAction("That line is already filled.", "re.err.line_filled")
        tray = att["tray"]
        used: list[str] | None = None
        if key == GENERAL:
            if GENERAL in tray:
                used = [GENERAL]
        else:
            for o in throw_of(key_of(tray), tray).met.get(card_id, ()):
                if o[1] == line:
                    used = list(o[2])
                    break
        if used is None:
            raise IllegalAction("Your dice do not meet that line.", "re.err.no_match")
        if target is None:
            att["card"] = card_id
            att["general_needed"] = other
        filled[key] = used
        rest = tray[:]
        for face in used:
            rest.remove(face)
        att["tray"] = rest
        events.append({"type": "fill", "seat": seat, "card": card_id, "line": line, "dice": used})
        # conquered when every line is filled, and the General if another player owns it
        if len(filled) - (GENERAL in filled) == len(lines) and (GENERAL in filled or not other):
            self._conquer(state, rng, seat, card_id, events)
        else:
            self._throw(state, rng, events)

    def _apply(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        kind = action["type"]
        phase = state["phase"]
        if kind == "fill" and phase != "continue":  # most moves
            self._fill(state, rng, seat, action, events)
            return
        if phase == "continue":
            if kind == "continue":
                self._continue_attempt(state, rng, events)
                return
            if kind == "fresh":
                state["failed"] = None
                events.append({"type": "fresh", "seat": seat})
                self._start_throws(state, rng, events)
                return
            raise IllegalAction(
                "First choose: continue the previous attempt, or start your own turn.",
                "re.err.choose_continue",
            )
        if kind in ("continue", "fresh"):
            raise IllegalAction("There is no failed attempt to continue now.", "re.err.no_continue")
        if kind != "fill":
            raise IllegalAction(f"Unknown action '{kind}'.", "err.unknown_action", action=kind)
        self._fill(state, rng, seat, action, events)

    # -- moderators (the base class runs skip, kick and timeout; these are the hooks) ----
    def _abandon_turn(self, state: State, seat: str, kicked: bool) -> None:
        # The turn is lost like a failed attempt, but nothing is left to continue.
        state["failed"] = None

    def _pass_turn(self, state: State, rng: Rng, events: list[Event]) -> None:
        self._next_turn(state, rng, events)

    def _on_kick(self, state: State, rng: Rng, gone: str, events: list[Event]) -> None:
        """The kicked player's cards go back to nobody (their continents unlock); an attempt
        of theirs left to continue is forgotten."""
        data = load_cards()
        for cid, owner in state["owners"].items():
            if owner == gone:
                state["owners"][cid] = None
                cont = data["cards"][cid]["continent"]
                if cont in state["locked"]:
                    state["locked"].remove(cont)
        if state.get("failed") and state["failed"]["seat"] == gone:
            state["failed"] = None

    def _last_one_standing(self, state: State, winners: list[str], events: list[Event]) -> None:
        turns.finish(state, winners)
        state["attempt"] = None
        events.append({"type": "game_over", "winners": list(winners), "scores": self.scores(state)})

    # -- views ------------------------------------------------------------------------
    def view(self, state: State, seat: str | None = None) -> dict[str, Any]:
        return views.view(state, self.current(state))  # nothing hidden: every seat sees the same

    scores = staticmethod(scoring.scores)  # card points, a locked continent at its back value
    evaluate = scoring.evaluate  # the AI's guess of a position
    search_evaluation = scoring.evaluation  # ... seeing more turns ahead at a higher level

    def search_horizon(self, state: State) -> int | None:
        return 0  # the evaluation plays the rest of the turn out, exactly (.odds)
    search_choice = solved.search_choice  # two seats at hard: the solved game's fill

    # -- the turn ---------------------------------------------------------------------
    def default_action(self, state: State, seat: str) -> Action:
        """When the time runs out: start one's own turn rather than take over a failed
        attempt (the rule without the option), and fill the line that uses the fewest dice
        (the most left for the next throws; the first card and line in order among equals)."""
        if state["phase"] == "continue":
            return {"type": "fresh"}
        card, line = min(self._options(state), key=lambda o: len(o[2]))[:2]
        return {"type": "fill", "card": card, "line": line}

    def _owned_by_other(self, state: State, card_id: str, seat: str) -> bool:
        owner = state["owners"][card_id]
        return owner is not None and owner != seat

    def _invadable(self, state: State, seat: str, card_id: str) -> bool:
        """Whether ``seat`` may invade ``card_id``: not theirs, not in a locked continent."""
        return state["owners"][card_id] != seat and self._cards[card_id]["continent"] not in state["locked"]

    def _options(self, state: State) -> list[Any] | tuple[Any, ...]:
        """Every (card, line, dice used, key) the current throw can fill, in the cards' order
        and each card's lines then its General line."""
        hot = self._hot
        if hot[0] is state:
            return list(hot[1])
        tray = state["attempt"]["tray"]
        return options(state, throw_of(key_of(tray), tray))

    def _begin_turn(self, state: State, rng: Rng, events: list[Event]) -> None:
        seat = state["order"][state["current"]]
        events.append({"type": "turn", "seat": seat, "turn": state["turn"]})
        failed = state.get("failed")
        if (
            failed is not None
            and state["options"].get("continue_attempt")
            and self._invadable(state, seat, failed["card"])
        ):
            state["phase"] = "continue"
            state["attempt"] = None
            events.append({"type": "may_continue", "seat": seat, "card": failed["card"], "from": failed["seat"]})
            return
        state["failed"] = None
        self._start_throws(state, rng, events)

    def _start_throws(self, state: State, rng: Rng, events: list[Event]) -> None:
        state["phase"] = "place"
        state["attempt"] = {"card": None, "filled": {}, "tray": [], "set_aside": 0, "general_needed": False}
        self._throw(state, rng, events, DICE)

    def _continue_attempt(self, state: State, rng: Rng, events: list[Event]) -> None:
        failed = state["failed"]
        seat = turns.current_seat(state)
        state["failed"] = None
        state["phase"] = "place"
        state["attempt"] = {
            "card": failed["card"],
            "filled": {k: list(v) for k, v in failed["filled"].items()},
            "tray": [],
            "set_aside": 0,
            # the General is owed to whoever owns the card now, unless already filled
            "general_needed": self._owned_by_other(state, failed["card"], seat),
        }
        if not state["attempt"]["general_needed"]:
            state["attempt"]["filled"].pop(GENERAL, None)
        placed = sum(len(d) for d in state["attempt"]["filled"].values())
        events.append({"type": "continue", "seat": seat, "card": failed["card"], "from": failed["seat"]})
        self._throw(state, rng, events, count=DICE - placed)

    def _throw(self, state: State, rng: Rng, events: list[Event], count: int | None = None) -> None:
        """Throw the dice left (or ``count`` of them); a throw that fills nothing costs a die
        and the rest are thrown again, until a throw fills something (the player decides) or
        the dice run out (the attempt fails). Whether a throw fills something is a test of
        bits (:mod:`.throws`); the options of the one that does are listed, and left in
        ``_pending`` for the next move's ``random_action``/``apply_legal``."""
        att = state["attempt"]
        seat = state["order"][state["current"]]
        card = att["card"]
        owner = None if card is None else state["owners"][card]
        general_owed = owner is not None and owner != seat and GENERAL not in att["filled"]
        self._roll(state, att, rng, events, seat, card, general_owed, len(att["tray"]) if count is None else count)

    def _roll(self, state: State, att: dict[str, Any], rng: Rng, events: list[Event] | None, seat: str,
              card: str | None, general_owed: bool, n: int) -> None:
        """The throws of :meth:`_throw`: ``n`` dice for ``seat``'s attempt ``att`` on ``card``
        (``None``: not chosen yet), the General owed or not (``_fill_option`` knows it all);
        ``events`` ``None``: the throws' events are not built (nobody reads them)."""
        if card is None:
            open_, others = targets(state["owners"], seat, state["locked"])
        else:
            filled = att["filled"]
            unfilled = ~filled_bits(filled)
        set_aside = att["set_aside"]
        known = THROWS
        while n:
            dice, key = roll(rng, n)
            if events is not None:
                events.append({"type": "roll", "seat": seat, "dice": dice})
            try:
                t = known[key]
            except KeyError:
                t = throw_of(key, dice)
            if card is None:
                if ((t.cards | others) if t.general else t.cards) & open_:
                    opts = first_options(t, open_, others)
                    break
            elif (general_owed and t.general) or t.lines.get(card, 0) & unfilled:
                opts = card_options(t, card, filled, general_owed, unfilled)
                break
            set_aside += 1
            n -= 1
            if events is not None:
                events.append({"type": "miss", "seat": seat, "left": n})
        else:
            att["tray"] = []
            att["set_aside"] = set_aside
            self._fail(state, rng, [] if events is None else events)
            return
        att["tray"] = dice if events is None else dice[:]  # not the list the roll's event holds
        att["set_aside"] = set_aside
        self._pending = (att, opts, seat)

    def _fail(self, state: State, rng: Rng, events: list[Event]) -> None:
        att = state["attempt"]
        seat = turns.current_seat(state)
        events.append({"type": "failed", "seat": seat, "card": att["card"]})
        if att["card"] is not None and att["filled"]:
            state["failed"] = {"seat": seat, "card": att["card"], "filled": att["filled"]}
        else:
            state["failed"] = None
        self._next_turn(state, rng, events)

    def _conquer(self, state: State, rng: Rng, seat: str, card_id: str, events: list[Event]) -> None:
        data = load_cards()
        owners = state["owners"] = dict(state["owners"])  # shared with the caller's state until now
        previous = owners[card_id]
        owners[card_id] = seat
        card = data["cards"][card_id]
        events.append({"type": "conquer", "seat": seat, "card": card_id, "from": previous, "points": card["points"]})
        cont = card["continent"]
        for c in board()[3][cont]:
            if owners[c] != seat:
                break
        else:  # the whole continent is the seat's
            state["locked"] = [*state["locked"], cont]
            events.append({"type": "continent", "seat": seat, "continent": cont, "value": data["continents"][cont]["value"]})
        state["failed"] = None
        if None not in owners.values():  # every card taken
            scores = self.scores(state)
            best = max(scores.values())
            winners = [s for s in turns.still_in(state) if scores[s] == best]
            turns.finish(state, winners)
            state["attempt"] = None
            events.append({"type": "game_over", "winners": winners, "scores": scores})
            return
        self._next_turn(state, rng, events)

    def _next_turn(self, state: State, rng: Rng, events: list[Event]) -> None:
        turns.advance(state)
        self._begin_turn(state, rng, events)
