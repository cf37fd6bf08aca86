"""Fights: with zombies and with other players, drawn from the combat deck.

A fighter draws a combat card (a gun that "draws 2" draws two and keeps the better, FAQ) and
adds its weapon's bonus (a gun only with a bullet left, which it spends) and its character's.
Against a zombie the total must reach the zombie's strength: the zombie is killed and
collected, else the fighter is wounded (a survivor fighting for a player dies). Between
players the higher total wins and the loser is wounded; a tie hurts nobody. A survivor
following a player may fight for them, even in a fight they started, unless another player
targets them specifically (FAQ). A defender's part is a reaction: it costs no action (FAQ).
"""

from __future__ import annotations

from typing import Any

from bot.rules.base import Event, Rng, State
from bot.rules.zombie_town.core import (
    card_info,
    collect,
    data,
    defence_falls,
    discard_card,
    draw_combat,
    is_gun,
    wound,
)

__all__ = ["ORDERS", "SELF", "best_fighter", "fight_zombie", "fighters", "player_fight", "strike"]

SELF = "self"


def _usable(weapon: dict[str, Any] | None, shooting: bool) -> bool:
    if weapon is None:
        return False
    gun = is_gun(weapon["card"])
    if gun and weapon["ammo"] <= 0:
        return False
    return gun or not shooting


def fighters(state: State, seat: str, shooting: bool = False) -> list[tuple[str, str | None]]:
    """Every (fighter, weapon) ``seat`` may fight with: ``"self"`` with each usable weapon or
    none (``None``; shooting needs a loaded gun), and each following survivor with its own
    weapon (or bare-handed, except to shoot)."""
    p = state["players"][seat]
    out: list[tuple[str, str | None]] = []
    if not shooting:
        out.append((SELF, None))
    out += [(SELF, w["card"]) for w in p["weapons"] if _usable(w, shooting)]
    for f in p["followers"]:
        if _usable(f["weapon"], shooting):
            out.append((f["card"], f["weapon"]["card"]))
        elif not shooting:
            out.append((f["card"], None))
    return out


def _bonus(state: State, seat: str | None, fighter: str, weapon: str | None) -> int:
    bonus = card_info(weapon)["bonus"] if weapon else 0
    if fighter == SELF and seat is not None:
        char = state["players"][seat]["character"]
        if char is not None:
            c = data().settings.characters[char]
            if (c["effect"] == "shooting" and weapon and is_gun(weapon)) or \
                    (c["effect"] == "melee" and not (weapon and is_gun(weapon))):
                bonus += c["value"]
    return bonus


ORDERS = ("best", "self", "survivors", "flee")  # flee: zombies.flee_reaction


def best_fighter(state: State, seat: str, shooting: bool = False) -> tuple[str, str | None] | None:
    """Who fights a zombie that attacks ``seat`` outside their own decision, by their standing
    order (``"best"`` by default): ``best`` the fighter and weapon with the highest bonus, the
    player first among equals; ``self`` the player, with their best weapon; ``survivors`` a
    following survivor (the best armed) whenever one can (FAQ: a survivor may fight for the
    player). A reaction spends what it uses, bullets included."""
    options = fighters(state, seat, shooting)
    if not options:
        return None
    order = state["players"][seat].get("order", "best")
    if order == "self":
        options = [o for o in options if o[0] == SELF] or options
    elif order == "survivors":
        options = [o for o in options if o[0] != SELF] or options
    return max(options, key=lambda o: (_bonus(state, seat, *o), o[0] == "self"))


def _weapon_slot(state: State, seat: str, fighter: str, weapon: str | None) -> dict[str, Any] | None:
    p = state["players"][seat]
    if weapon is None:
        return None
    if fighter == SELF:
        return next(w for w in p["weapons"] if w["card"] == weapon)
    return next(f for f in p["followers"] if f["card"] == fighter)["weapon"]


def strike(state: State, rng: Rng, seat: str | None, fighter: str, weapon: dict[str, Any] | None) -> dict[str, Any]:
    """One fighter's draw: the combat card(s), the card kept, the bonus and the total. A gun
    spends a bullet. ``seat`` None: a guard of a house (no character)."""
    card = weapon["card"] if weapon else None
    draws = card_info(card)["draws"] if card else 1
    cards = draw_combat(state, rng, draws)
    bonus = _bonus(state, seat, fighter, card)
    if card and is_gun(card):
        weapon["ammo"] -= 1  # type: ignore[index]
    return {"fighter": fighter, "weapon": card, "cards": cards, "kept": max(cards), "bonus": bonus,
            "total": max(cards) + bonus}


def lose_follower(state: State, seat: str, card: str, events: list[Event]) -> None:
    p = state["players"][seat]
    f = next(f for f in p["followers"] if f["card"] == card)
    p["followers"] = [x for x in p["followers"] if x["card"] != card]
    discard_card(state, card)
    if f["weapon"]:
        discard_card(state, f["weapon"]["card"])
    events.append({"type": "survivor_lost", "seat": seat, "card": card})


def fight_zombie(state: State, rng: Rng, seat: str, fighter: str, weapon: str | None, events: list[Event],
                 reaction: bool) -> bool:
    """``seat`` (or a survivor following them) fights one zombie on their square. True if won."""
    node = state["players"][seat]["pos"]
    hit = strike(state, rng, seat, fighter, _weapon_slot(state, seat, fighter, weapon))
    strength = data().settings.zombie_strength
    won = hit["total"] >= strength
    events.append({"type": "zombie_fight", "seat": seat, "node": node, **hit, "strength": strength, "won": won,
                   "reaction": reaction})
    if won:
        collect(state, seat, node, 1, events, "fight")
        if weapon and is_gun(weapon):
            state["players"][seat]["stats"]["gun_kills"] += 1
    elif fighter == SELF:
        wound(state, seat, 1, events)
    else:
        lose_follower(state, seat, fighter, events)
    return won


def guard_fights_zombie(state: State, rng: Rng, house: str, events: list[Event]) -> bool:
    """The first survivor guarding ``house`` fights a zombie stepping in. True if won."""
    h = state["houses"][house]
    guard = h["guards"][0]
    slot = guard["weapon"] if _usable(guard["weapon"], False) else None
    hit = strike(state, rng, None, guard["card"], slot)
    strength = data().settings.zombie_strength
    won = hit["total"] >= strength
    events.append({"type": "guard_fight", "house": house, "owner": h["owner"], **hit, "strength": strength,
                   "won": won})
    if won:
        collect(state, h["owner"], house, 1, events, "guard")
    else:
        kill_guard(state, house, guard["card"], events)
    return won


def kill_guard(state: State, house: str, card: str, events: list[Event]) -> None:
    h = state["houses"][house]
    guard = next(g for g in h["guards"] if g["card"] == card)
    h["guards"] = [g for g in h["guards"] if g["card"] != card]
    discard_card(state, card)
    if guard["weapon"]:
        discard_card(state, guard["weapon"]["card"])
    events.append({"type": "guard_killed", "house": house, "card": card})
    defence_falls(state, house, events)


def player_fight(state: State, rng: Rng, seat: str, target: str, fighter: str, weapon: str | None,
                 shooting: bool, events: list[Event]) -> None:
    """``seat`` attacks ``target``: another seat (who fights back themselves, as targeted
    specifically, with their best weapon for the range) or a survivor guarding the house
    ``seat`` is in."""
    mine = strike(state, rng, seat, fighter, _weapon_slot(state, seat, fighter, weapon))
    node = state["players"][seat]["pos"]
    if target in state["players"]:
        options = [o for o in fighters(state, target, shooting) if o[0] == SELF]
        best = max(options, key=lambda o: _bonus(state, target, *o)) if options else None
        theirs = (strike(state, rng, target, SELF, _weapon_slot(state, target, SELF, best[1])) if best
                  else strike(state, rng, target, SELF, None))
    else:
        guard = next(g for g in state["houses"][node]["guards"] if g["card"] == target)
        slot = guard["weapon"] if _usable(guard["weapon"], shooting) else None
        theirs = strike(state, rng, None, target, slot)
    if mine["total"] > theirs["total"]:
        winner = seat
    elif theirs["total"] > mine["total"]:
        winner = target
    else:
        winner = None
    events.append({"type": "player_fight", "seat": seat, "target": target, "shooting": shooting, "attacker": mine,
                   "defender": theirs, "winner": winner})
    if winner == seat:
        state["players"][seat]["stats"]["player_wins"] += 1
        if target in state["players"]:
            wound(state, target, 1, events)
        else:
            kill_guard(state, node, target, events)
    elif winner == target:
        if fighter == SELF:
            wound(state, seat, 1, events)
        else:
            lose_follower(state, seat, fighter, events)
