"""Road Rage's secret agendas: two each, kept apart from the hand.

A card has two objectives of different values. As soon as one is met the card goes face up
in front of its owner for good, the objective met on top (the higher one if both are); the
owner may then draw a new one. An action discards one, with an optional redraw. Never more
than two in hand; no two identical at the deal (shown, one discarded, redrawn). A card (or an
identical one) already completed by a player can never be completed by them again. At the
end: completed values added, the lower value of each one still in hand subtracted.
"""

from __future__ import annotations

from bot.rules.base import Event, Rng, State
from bot.rules.zombie_town.core import card_info, data, geo, kind, living

__all__ = ["agenda_score", "check_agendas", "deal_agendas", "draw_agenda", "stat"]


def stat(state: State, seat: str, name: str) -> int:
    """The number an objective reads (settings ``road_rage.agendas``; texts in cards.json)."""
    p = state["players"][seat]
    owned = [h for h, x in state["houses"].items() if x["owner"] == seat]
    if name == "zombies":
        return p["zombies"]
    if name == "houses":
        return len(owned)
    if name == "supplies":
        return sum(1 for c in p["hand"] if card_info(c)["kind"] == "supply")
    if name == "followers":
        return len(p["followers"])
    if name == "keys":
        return len(p["keys"])
    if name == "parked":
        facades = {geo().facade[h] for h in owned}
        return sum(1 for c, car in state["cars"].items() if c in p["keys"] and car["pos"] in facades)
    if name == "weapons":
        return len(p["weapons"])
    if name == "ammo":
        return sum(w["ammo"] for w in p["weapons"])
    if name == "barricades_one_house":
        return max((state["houses"][h]["barricades"] for h in owned), default=0)
    if name == "guards":
        return sum(len(state["houses"][h]["guards"]) for h in owned)
    if name == "houses_visited":
        return len(p["visited"])
    return p["stats"][name]  # run_over, player_wins, searches, drives, gun_kills


def draw_agenda(state: State, seat: str, events: list[Event]) -> str | None:
    if not state["agenda_deck"]:
        return None
    state["agenda_deck"] = list(state["agenda_deck"])  # shared with the state before (core.DECKS)
    card = state["agenda_deck"].pop()
    state["players"][seat]["agendas"].append(card)
    events.append({"type": "agenda_drawn", "seat": seat, "private": {seat: {"card": card}}})
    return card


def deal_agendas(state: State, rng: Rng, events: list[Event]) -> None:
    """Two each; a player dealt two identical cards shows them, discards one and draws again
    until the two differ."""
    n = data().settings.agendas_in_hand
    for seat in state["order"]:
        for _ in range(n):
            draw_agenda(state, seat, events)
        hand = state["players"][seat]["agendas"]
        while len({kind(c) for c in hand}) < len(hand) and state["agenda_deck"]:
            kinds = [kind(c) for c in hand]
            dup = next(c for i, c in enumerate(hand) if kinds[i] in kinds[:i])
            hand.remove(dup)
            state["agenda_discard"] = [*state["agenda_discard"], dup]
            events.append({"type": "agenda_duplicate", "seat": seat, "card": dup})
            draw_agenda(state, seat, events)


def _completed_kinds(state: State, seat: str) -> set[str]:
    return {kind(d["card"]) for d in state["players"][seat]["done"]}


def check_agendas(state: State, seat: str, events: list[Event]) -> int:
    """Complete every agenda of ``seat`` with an objective met; returns how many."""
    if not state["options"]["road_rage"] or not living(state, seat):
        return 0
    p = state["players"][seat]
    table = data().settings.agendas
    done = 0
    for card in list(p["agendas"]):
        k = kind(card)
        if k in _completed_kinds(state, seat):
            continue  # never the same card twice
        met = [i for i, o in enumerate(table[k]["objectives"]) if stat(state, seat, o["stat"]) >= o["at_least"]]
        if not met:
            continue
        best = max(met, key=lambda i: table[k]["objectives"][i]["value"])
        p["agendas"].remove(card)
        p["done"].append({"card": card, "objective": best})
        done += 1
        events.append({"type": "agenda_completed", "seat": seat, "card": card, "objective": best,
                       "value": table[k]["objectives"][best]["value"]})
    return done


def agenda_score(state: State, seat: str) -> tuple[int, int]:
    """(completed values, lower values of the agendas still in hand)."""
    table = data().settings.agendas
    p = state["players"][seat]
    plus = sum(table[kind(d["card"])]["objectives"][d["objective"]]["value"] for d in p["done"])
    minus = sum(min(o["value"] for o in table[kind(c)]["objectives"]) for c in p["agendas"])
    return plus, minus
