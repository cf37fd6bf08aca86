"""The turn and the days: the deal, a turn's start (a dead player comes back), its actions,
the zombies it moves at its end, the day that passes when everyone has played, the zombies
that rise, and the score at the end of the last day.
"""

from __future__ import annotations

from typing import Any

import bot.rules.turns as turns
from bot.rules.base import Event, Rng, State
from bot.rules.zombie_town.actions import encounter_check
from bot.rules.zombie_town.agendas import agenda_score, check_agendas
from bot.rules.zombie_town.core import card_info, data, geo
from bot.rules.zombie_town.zombies import auto_move, moves, per_turn, spawn

__all__ = ["after_action", "begin_turn", "end_actions", "finish_turn", "last_day", "scores", "zombie_moved"]


def last_day(state: State) -> int:
    """The day after which the game ends: with Road Rage, the expansion's « Survivez les 10
    jours » (``road_rage.days``) whatever the count; the base game alone, ``days`` by count."""
    s = data().settings
    return s.rr_days if state["options"]["road_rage"] else s.days[len(state["seats"])]


def begin_turn(state: State, rng: Rng, events: list[Event]) -> None:
    seat = turns.current_seat(state)
    s = data().settings
    p = state["players"][seat]
    events.append({"type": "turn", "seat": seat, "turn": state["turn"], "day": state["day"]})
    if p["pos"] is None:
        respawn(state, rng, seat, events)
    state["actions"] = s.actions
    state["free"] = True
    state["phase"] = "act"
    state["encounter"] = None
    state["redraw"] = 0
    state["zmoves"] = 0
    state["agenda_discard_used"] = False  # one agenda discarded a turn, at most
    if not encounter_check(state, seat, events):
        after_action(state, seat, events)


def respawn(state: State, rng: Rng, seat: str, events: list[Event]) -> None:
    """A player who died comes back at the start of their turn: in their base if it is still
    theirs, else in another house of theirs, else at their base's door; with a new character
    drawn from those nobody has (none left: none) and full health."""
    s = data().settings
    p = state["players"][seat]
    owned = [h for h, x in state["houses"].items() if x["owner"] == seat]
    if p["base"] in owned:
        node = p["base"]
    elif owned:
        node = owned[0]
    else:
        h = state["houses"][p["base"]]
        node = p["base"] if h["barricades"] == 0 else geo().facade[p["base"]]
    pool = state["characters"] = list(state["characters"])  # shared with the state before
    char = pool.pop(rng.below(len(pool))) if pool else None
    p["character"] = char
    bonus = 0
    if char is not None and s.characters[char]["effect"] == "health":
        bonus = s.characters[char]["value"]
    p["max_health"] = p["health"] = s.health + bonus
    p["pos"] = node
    events.append({"type": "respawn", "seat": seat, "node": node, "character": char, "health": p["health"]})


def after_action(state: State, seat: str, events: list[Event]) -> None:
    """Between actions: agendas met are completed, and a redraw offered."""
    if state["phase"] != "act":
        return
    state["redraw"] += check_agendas(state, seat, events)
    if state["redraw"] and can_redraw(state, seat):
        state["phase"] = "redraw"
    else:
        state["redraw"] = 0


def can_redraw(state: State, seat: str) -> bool:
    return bool(state["agenda_deck"]) and len(state["players"][seat]["agendas"]) < data().settings.agendas_in_hand


def end_actions(state: State, rng: Rng, events: list[Event]) -> None:
    """The player ends their actions: now they move the zombies."""
    seat = turns.current_seat(state)
    state["phase"] = "zombies"
    state["encounter"] = None
    state["zmoves"] = per_turn(state)
    events.append({"type": "zombie_phase", "seat": seat, "moves": state["zmoves"]})
    if not state["zmoves"] or not moves(state, seat):
        finish_turn(state, rng, events)


def zombie_moved(state: State, rng: Rng, events: list[Event]) -> None:
    state["zmoves"] -= 1
    if state["zmoves"] <= 0 or not moves(state, turns.current_seat(state)):
        finish_turn(state, rng, events)


def auto_rest(state: State, rng: Rng, events: list[Event]) -> None:
    """The rest of the zombie moves as the bot makes them, then the turn ends."""
    auto_move(state, rng, turns.current_seat(state), state["zmoves"], events)
    finish_turn(state, rng, events)


def finish_turn(state: State, rng: Rng, events: list[Event]) -> None:
    state["zmoves"] = 0
    state["day_turns"] += 1
    if state["day_turns"] >= len(turns.still_in(state)):
        state["day_turns"] = 0
        events.append({"type": "day_end", "day": state["day"]})
        if state["day"] >= last_day(state):
            end_game(state, events)
            return
        state["day"] += 1
        events.append({"type": "day", "day": state["day"]})
        spawn(state, rng, data().settings.spawned[state["day"] - 1], events)
    turns.advance(state)
    begin_turn(state, rng, events)


def scores(state: State, final: bool = True) -> dict[str, dict[str, Any]]:
    """Each seat's points by source. ``final``: everything (the end); else only what everyone
    sees (supplies in hand, keys and agendas in hand are secret)."""
    s = data().settings
    rr = state["options"]["road_rage"]
    out: dict[str, dict[str, Any]] = {}
    for seat in turns.still_in(state):
        p = state["players"][seat]
        owned = [h for h, x in state["houses"].items() if x["owner"] == seat]
        survivors = len(p["followers"]) + sum(len(state["houses"][h]["guards"]) for h in owned)
        row: dict[str, Any] = {
            "houses": len(owned) * s.points["house"],
            "survivors": survivors * s.points["survivor"],
            "zombies": p["zombies"] * s.points["zombie"],
        }
        if final:
            row["supplies"] = sum(card_info(c).get("points", 0) for c in p["hand"] if card_info(c)["kind"] == "supply")
        if rr:
            plus, minus = agenda_score(state, seat)
            row["agendas"] = plus - (minus if final else 0)
            if final:
                working = [c for c in p["keys"] if state["cars"][c]["damage"] < s.car_max_damage]
                row["cars"] = len(working) * s.working_car_points
        row["total"] = sum(v for k, v in row.items())
        out[seat] = row
    return out


def end_game(state: State, events: list[Event]) -> None:
    """After the last day: most points wins; a tie goes to the most zombies collected; a
    tie there too is shared."""
    table = scores(state)
    best = max((r["total"], state["players"][s]["zombies"]) for s, r in table.items())
    winners = [s for s, r in table.items() if (r["total"], state["players"][s]["zombies"]) == best]
    totals = {s: r["total"] for s, r in table.items()}
    turns.finish(state, winners, scores=totals, detail=table, reason="days")
    state["encounter"] = None
    events.append({"type": "game_over", "winners": winners, "scores": totals, "detail": table,
                   "keys": {s: sorted(state["players"][s]["keys"]) for s in table},
                   "agendas": {s: list(state["players"][s]["agendas"]) for s in table}})
