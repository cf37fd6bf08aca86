"""Every refusal The Walking Dead's pure rules add to the shared engine's
(``bot.rules.risk_map.messages``), by catalog key: English catalog text, placeholders filled by
the params. The Discord catalogs (``bot/games/walking_dead/locales``) come with the engine."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.rules.errors import IllegalAction, MalformedAction
from bot.rules.risk_map.messages import rule_error
from bot.rules.schema import Field

__all__ = ["DETAILS", "WD_MESSAGES", "WField", "wd_error"]

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
    "wd.err.setup_phase": "The game has not started yet: claim a territory or place your starting survivors.",
    "wd.err.claim_phase": "Territories are claimed only while some are unoccupied, at the start.",
    "wd.err.place_start_phase": "Starting survivors are placed once every territory is claimed.",
    "wd.err.trade_phase": "Trade ammunition during your deployment.",
    "wd.err.no_crates": "Say which ammunition crates to trade.",
    "wd.err.no_grenades_mode": "There are no grenades in Conquest mode.",
    "wd.err.not_asked": "Nobody is waiting for your defence now.",
    "wd.err.asked": "{defender} is choosing how to defend {territory}: wait for their answer.",
    "wd.err.walkers_seat": "A seat may not be called 'walkers': that name is the walkers'.",
    "wd.err.group_taken": "{group} is already taken by another player.",
    "wd.err.walkers_five": "The walkers are a group to play only in Conquest with five players.",
    "wd.err.no_advance": "More survivors may follow only right after a conquest, from the territory that attacked.",
    "wd.err.walkers_group": "With five players in Conquest, one player must lead the walkers.",
}

# The detail sentence of each malformed part of this game's own actions.
DETAILS: dict[str, str] = {
    "wd.malformed.crates": "the crates to trade are this game's ammunition crates, 1 to {hi} of them.",
    "wd.malformed.dice": "the number of dice is a whole number from {lo} to {hi}.",
    "wd.malformed.grenade": "throwing a grenade is a yes or a no.",
    "wd.malformed.order": "the defence's dice are most or one; its grenade always, save or never.",
}


@dataclass(frozen=True)
class WField(Field):
    """A part of an action whose detail sentence is this game's (:data:`DETAILS`)."""

    def error(self) -> MalformedAction:
        return MalformedAction(self.key, DETAILS[self.key], **self.params)


def wd_error(key: str, **params: Any) -> IllegalAction:
    return rule_error(key, WD_MESSAGES, **params)
