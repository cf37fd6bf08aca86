"""Every refusal The Walking Dead's pure rules add to the shared engine's
(``bot.rules.risk_map.messages``), by catalog key: English catalog text, placeholders filled by
the params. The Discord catalogs (``bot/games/walking_dead/locales``) come with the engine."""

from __future__ import annotations

from typing import Any

from bot.rules.errors import IllegalAction
from bot.rules.risk_map.messages import rule_error

__all__ = ["WD_MESSAGES", "wd_error"]

WD_MESSAGES: dict[str, str] = {
    "wd.err.claim_taken": "{territory} is already occupied: claim an unoccupied territory.",
    "wd.err.claim_over": "Every territory is occupied: place your survivors on your own territories.",
    "wd.err.claim_first": "Claim an unoccupied territory first ({n} left).",
    "wd.err.no_pawns": "You have no starting survivors left to place.",
    "wd.err.crate_not_held": "You do not hold that ammunition crate.",
    "wd.err.duplicate_crate": "Each crate can only be traded once.",
    "wd.err.bad_trade": "A trade must be worth 2 to 10 ammunition; these crates are worth {ammo}.",
    "wd.err.already_traded": "You have already traded ammunition this turn.",
    "wd.err.no_grenade": "You have no grenade left.",
    "wd.err.no_tower": "There is no watchtower left to build.",
    "wd.err.tower_there": "{territory} already has a watchtower.",
    "wd.err.bad_die": "Choose one of your own dice of this roll.",
    "wd.err.defence_dice": "Defend with 1 or 2 dice (at most one per survivor in the territory).",
    "wd.err.order_parts": "Set your defence's dice (most, one) or grenade (always, save, never).",
    "wd.err.order_value": "Your defence's {part} is one of: {choices}.",
    "wd.err.order_same": "Your defence order is already that one.",
}


def wd_error(key: str, **params: Any) -> IllegalAction:
    return rule_error(key, WD_MESSAGES, **params)
