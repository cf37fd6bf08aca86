"""Every refusal the shared Risk map engine can give, by catalog key.

The text is the English catalog entry; ``RuleError.params`` fill its placeholders, so the bot
can translate it by key. Editions keep their own table and pass it to :func:`rule_error`.
"""

from __future__ import annotations

from typing import Any

from bot.rules.errors import IllegalAction

__all__ = ["MESSAGES", "rule_error"]

# Every message a player can get from the shared engine. The text is the English catalog
# entry; ``RuleError.params`` fill its placeholders, so the bot can translate it by key.
MESSAGES: dict[str, str] = {
    "err.unknown_action": "Unknown action '{action}'.",
    "err.battle_pending": "Finish the attack on {territory} first: roll again or retreat.",
    "err.missing_territory": "Say which territory.",
    "err.unknown_territory": "There is no territory '{territory}' on this map.",
    "err.bad_number": "Numbers of members are whole numbers.",
    "err.out_of_range": "Choose between {lo} and {hi} members, not {n}.",
    "err.not_yours": "You do not control {territory}.",
    "err.members_to_place": "Place your {n} remaining members first.",
    "err.place_phase_only": "You can only place members during the placement phase.",
    "err.placement_over": "The placement phase is over for this turn.",
    "err.attack_over": "The attack phase is over for this turn.",
    "err.none_to_place": "You have no members left to place.",
    "err.attack_own": "{territory} is yours: you cannot attack it.",
    "err.not_adjacent": "{src} does not border {dst}.",
    "err.too_few_to_attack": "You need at least 2 members in {territory} to attack: one must stay behind.",
    "err.no_battle_roll": "There is no attack to roll for: attack a territory first.",
    "err.no_battle_retreat": "There is no attack to retreat from.",
    "err.same_territory": "Choose two different territories to manoeuvre between.",
    "err.too_few_to_move": "{territory} has only one member, and one must stay behind.",
    "err.not_connected": "{src} and {dst} are not joined by territories you control.",
    "err.already_out": "That player is already out of the game.",
    "err.defence_same": "Your defence order is already that one.",
}


def rule_error(key: str, messages: dict[str, str] | None = None, **params: Any) -> IllegalAction:
    """An ``IllegalAction`` whose text is its catalog template filled with ``params``."""
    return IllegalAction((messages or MESSAGES)[key].format(**params), key, **params)
