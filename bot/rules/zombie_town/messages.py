"""Every refusal Zombie Town gives, by catalog key: the English text, placeholders filled by
the params (ids the engine knows and numbers, never what the player typed)."""

from __future__ import annotations

from typing import Any

from bot.rules.errors import IllegalAction

__all__ = ["MESSAGES", "err"]

MESSAGES: dict[str, str] = {
    "zt.err.phase": "You cannot do that now: {phase}.",
    "zt.err.no_actions": "You have no actions left this turn: end your turn.",
    "zt.err.no_free_move": "You have already used your free move this turn.",
    "zt.err.dead": "You have no pawn on the board until your next turn.",
    "zt.err.in_car": "Leave the car first.",
    "zt.err.not_in_car": "You are not in a car.",
    "zt.err.unreachable": "You cannot reach {node} from where you are.",
    "zt.err.not_in_house": "You must be in a house to do that.",
    "zt.err.house_empty": "That house has nothing left to find.",
    "zt.err.hand_full": "Your hand is full ({n} cards).",
    "zt.err.not_in_hand": "You do not hold that card.",
    "zt.err.wrong_card": "That card cannot be used that way.",
    "zt.err.too_many_weapons": "You already carry {n} weapons.",
    "zt.err.too_many_followers": "{n} survivors already follow you.",
    "zt.err.no_weapon": "You do not carry that weapon.",
    "zt.err.not_gun": "That weapon is not a gun.",
    "zt.err.gun_loaded": "Only an empty gun can be dropped.",
    "zt.err.no_ammo": "That gun is empty.",
    "zt.err.full_health": "You are not hurt.",
    "zt.err.no_follower": "No such survivor follows you.",
    "zt.err.follower_armed": "That survivor already has a weapon.",
    "zt.err.barricades_full": "No more barricades fit here.",
    "zt.err.no_barricade": "There is no barricade here to break.",
    "zt.err.own_barricade": "These barricades are yours.",
    "zt.err.no_zombie": "There is no zombie here to fight.",
    "zt.err.bad_target": "You cannot attack that target from here.",
    "zt.err.bad_fighter": "That fighter or weapon cannot fight now.",
    "zt.err.no_flee": "You cannot flee there.",
    "zt.err.zombie_move": "That zombie cannot move there: zombies go towards other players.",
    "zt.err.no_key_here": "There is no key in this house.",
    "zt.err.no_car": "There is no car you can start here.",
    "zt.err.no_key": "You do not hold the key of that car.",
    "zt.err.car_broken": "That car no longer works.",
    "zt.err.car_taken": "Someone is already in that car.",
    "zt.err.bad_path": "The car cannot go that way: forward, backward or diagonally, never sideways.",
    "zt.err.no_agenda": "You hold no such secret agenda.",
    "zt.err.no_road_rage": "This game is played without Road Rage.",
    "zt.err.deal_keep": "Keep {n} cards: discard one at a time.",
}


def err(key: str, **params: Any) -> IllegalAction:
    return IllegalAction(MESSAGES[key].format(**params), key, **params)
