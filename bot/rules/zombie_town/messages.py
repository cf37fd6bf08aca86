"""Every refusal Zombie Town gives, by catalog key: the English text, placeholders filled by
the params (ids the engine knows and numbers, never what the player typed)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from bot.rules.errors import IllegalAction, MalformedAction
from bot.rules.schema import Field

__all__ = ["DETAILS", "MESSAGES", "ZField", "err", "zflag", "zlist", "zname"]

# The detail sentence of each malformed part (``err.malformed`` with these ``detail_key`` s),
# in this game's words.
DETAILS: dict[str, str] = {
    "zt.malformed.node": "the place must be a square (A1 to P16) or a house of the board.",
    "zt.malformed.square": "the place must be a street square of the board (A1 to P16).",
    "zt.malformed.card": "the card must be one of this game's cards.",
    "zt.malformed.fighter": "the fighter must be yourself or a survivor following you.",
    "zt.malformed.weapon": "the weapon must be one of this game's weapons, or none.",
    "zt.malformed.target": "the target must be a player or a survivor.",
    "zt.malformed.pay": "pay with a wound or a survivor following you.",
    "zt.malformed.flag": "that part is a yes or a no.",
    "zt.malformed.path": "the path is 1 to {hi} squares of the board.",
    "zt.malformed.agenda": "the agenda must be one of this game's secret agendas.",
    "zt.malformed.order": "the standing order must be best, self, survivors or flee.",
}


@dataclass(frozen=True)
class ZField(Field):
    """A part of an action whose detail sentence is this game's (:data:`DETAILS`)."""

    def error(self) -> MalformedAction:
        return MalformedAction(self.key, DETAILS[self.key], **self.params)


def zname(ids: Collection[str], key: str, required: bool = True) -> ZField:
    known = frozenset(ids)
    return ZField(lambda v: type(v) is str and v in known, key, required)


def zflag(key: str, required: bool = False) -> ZField:
    return ZField(lambda v: type(v) is bool, key, required)


def zlist(ids: Collection[str], lo: int, hi: int, key: str, required: bool = True) -> ZField:
    known = frozenset(ids)
    return ZField(lambda v: type(v) is list and lo <= len(v) <= hi and all(type(x) is str and x in known for x in v),
                  key, required, {"hi": hi})

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
    "zt.err.agenda_once": "You have already discarded a secret agenda this turn: once a turn.",
    "zt.err.no_road_rage": "This game is played without Road Rage.",
    "zt.err.same_order": "Your standing order is already that one.",
    "zt.err.deal_keep": "Keep {n} cards: discard one at a time.",
}


def err(key: str, **params: Any) -> IllegalAction:
    return IllegalAction(MESSAGES[key].format(**params), key, **params)
