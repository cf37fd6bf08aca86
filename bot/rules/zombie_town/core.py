"""What every part of the engine shares: the data, the decks, zombies on the board, wounds,
death, and who owns a house.

State shape (plain JSON; docs/zombie_town.md has the full table): ``players`` seat → pawn,
``houses`` id → owner, barricades, guards, house card, key; ``zombies`` node → count (only
nodes with zombies), ``box`` the zombies not yet on the board; ``deck``/``discard`` the action
cards (top = last), ``combat``/``combat_discard`` the combat deck; ``cars`` (Road Rage).
"""

from __future__ import annotations

from typing import Any

from bot.rules.base import Event, Rng, State
from bot.rules.zombie_town.board import Geometry, check_board, geometry
from bot.rules.zombie_town.data import ZTData, load

__all__ = [
    "DECKS", "STARTING_GUN", "add_zombies", "card_info", "claim", "collect", "data", "defence_falls", "discard_card",
    "draw_action", "draw_combat", "geo", "is_gun", "kind", "living", "remove_zombies", "wound",
]

STARTING_GUN = "starting_gun"


_CHECKED: set[int] = set()


def data() -> ZTData:
    """The game's data, its board's geometry checked once (every square reachable, every car
    able to leave its driveway)."""
    d = load()
    if id(d) not in _CHECKED:
        check_board(d)
        _CHECKED.add(id(d))
    return d


def geo() -> Geometry:
    return geometry(load())


def kind(card: str) -> str:
    """The card's entry in settings ``cards`` (``"pistol_3"`` → ``"pistol"``)."""
    return card.rsplit("_", 1)[0]


def card_info(card: str) -> dict[str, Any]:
    """The numbers of a card (settings), the starting gun included."""
    k = kind(card)
    s = load().settings
    if k == STARTING_GUN:
        return {"kind": "weapon", "gun": True, **s.starting_gun}
    return s.cards[k]


def is_gun(card: str) -> bool:
    info = card_info(card)
    return info["kind"] == "weapon" and bool(info["gun"])


def living(state: State, seat: str) -> bool:
    """On the board (not dead awaiting the next turn, not out of the game)."""
    return state["players"][seat]["pos"] is not None and seat not in state["out"]


# -- decks ------------------------------------------------------------------------------
# The decks are shared between a state and the next one (``ZombieTown._copy`` copies only what
# an action changes in place): whatever changes a deck puts a new list in its place first.
DECKS = ("deck", "discard", "combat", "combat_discard", "agenda_deck", "agenda_discard", "characters")


def draw_combat(state: State, rng: Rng, n: int) -> list[int]:
    """``n`` combat cards from the top, discarded at once (the discard reshuffled when the
    deck runs out)."""
    state["combat"] = list(state["combat"])
    state["combat_discard"] = list(state["combat_discard"])
    out = []
    for _ in range(n):
        if not state["combat"]:
            state["combat"] = state["combat_discard"]
            state["combat_discard"] = []
            rng.shuffle(state["combat"])
        value = state["combat"].pop()
        state["combat_discard"].append(value)
        out.append(value)
    return out


def draw_action(state: State, rng: Rng) -> str | None:
    """The top action card (the discard reshuffled when the deck runs out), or None."""
    if not state["deck"] and state["discard"]:
        state["deck"] = list(state["discard"])
        state["discard"] = []
        rng.shuffle(state["deck"])
    if not state["deck"]:
        return None
    state["deck"] = list(state["deck"])
    return state["deck"].pop()


def discard_card(state: State, card: str) -> None:
    """An action card to the discard pile; the starting guns go back to the box."""
    if kind(card) != STARTING_GUN:
        state["discard"] = [*state["discard"], card]


# -- zombies ----------------------------------------------------------------------------
def add_zombies(state: State, node: str, n: int) -> int:
    """Up to ``n`` zombies from the box onto ``node``; how many came."""
    n = min(n, state["box"])
    if n > 0:
        state["box"] -= n
        state["zombies"][node] = state["zombies"].get(node, 0) + n
    return max(n, 0)


def remove_zombies(state: State, node: str, n: int) -> None:
    left = state["zombies"][node] - n
    if left:
        state["zombies"][node] = left
    else:
        del state["zombies"][node]


def collect(state: State, seat: str | None, node: str, n: int, events: list[Event], how: str) -> None:
    """``n`` zombies killed on ``node`` go to ``seat``'s collection (to the box if nobody)."""
    remove_zombies(state, node, n)
    if seat is None:
        state["box"] += n
    else:
        state["players"][seat]["zombies"] += n
    events.append({"type": "zombies_collected", "seat": seat, "node": node, "count": n, "how": how})


# -- houses -----------------------------------------------------------------------------
def claim(state: State, seat: str, house: str, events: list[Event]) -> None:
    """Placing a survivor or a barricade in a house makes it one's own (FAQ)."""
    h = state["houses"][house]
    if h["owner"] != seat:
        events.append({"type": "house_claimed", "seat": seat, "house": house, "from": h["owner"]})
        h["owner"] = seat


def defence_falls(state: State, house: str, events: list[Event]) -> None:
    """After a barricade breaks or a guard dies: the owner keeps the house until the last
    barricade (or guard) falls (FAQ); then nobody owns it until someone places a survivor or
    a barricade there."""
    h = state["houses"][house]
    if h["owner"] is not None and h["barricades"] == 0 and not h["guards"]:
        events.append({"type": "house_lost", "seat": h["owner"], "house": house})
        h["owner"] = None


# -- wounds and death -------------------------------------------------------------------
def wound(state: State, seat: str, n: int, events: list[Event]) -> None:
    """``seat`` takes ``n`` damage; at no health left the pawn dies. Discarded (FAQ): the
    character card, every weapon carried, every survivor following. Everything else stays:
    the hand, keys, agendas, the zombies collected, houses and what is placed in them."""
    if n <= 0:
        return
    p = state["players"][seat]
    p["health"] = max(0, p["health"] - n)
    events.append({"type": "wounded", "seat": seat, "damage": n, "health": p["health"]})
    if p["health"] > 0:
        return
    discarded = [w["card"] for w in p["weapons"]]
    for f in p["followers"]:
        discarded.append(f["card"])
        if f["weapon"]:
            discarded.append(f["weapon"]["card"])
    for card in discarded:
        discard_card(state, card)
    events.append({"type": "died", "seat": seat, "node": p["pos"], "character": p["character"],
                   "discarded": discarded})
    if p["car"] is not None:
        state["cars"][p["car"]]["driver"] = None
    p.update(pos=None, car=None, weapons=[], followers=[], character=None)
    if state.get("encounter") and state["encounter"]["seat"] == seat:
        state["encounter"] = None
