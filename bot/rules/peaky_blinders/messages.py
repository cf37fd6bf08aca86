"""Every refusal this edition adds to the shared engine's (``bot.rules.risk_map.messages``),
by catalog key: English catalog text, placeholders filled by the params."""

from __future__ import annotations

from typing import Any

from bot.rules.errors import IllegalAction
from bot.rules.risk_map.messages import rule_error

__all__ = ["PB_MESSAGES", "pb_error"]

# Every message a player can get from this edition (the shared engine's are in
# ``bot.rules.risk_map.game.MESSAGES``): English catalog text, placeholders filled by the params.
PB_MESSAGES: dict[str, str] = {
    "pb.err.bad_seat": "That seat name is kept for the neutral gangs.",
    "pb.err.trade_phase": "You can only trade cards during the placement phase.",
    "pb.err.flip_phase": "You can only flip a power card during the placement phase.",
    "pb.err.neutral_phase": "You can only reinforce a neutral gang during the placement phase.",
    "pb.err.already_traded": "You have already traded cards this turn.",
    "pb.err.no_cards": "Say which territory cards to trade.",
    "pb.err.duplicate_card": "Each card can only be traded once.",
    "pb.err.card_not_held": "You do not hold the card {card}.",
    "pb.err.bad_trade": "A trade must be worth 2 to 10 razors; these cards are worth {razors}.",
    "pb.err.already_flipped": "You have already flipped a power card this turn.",
    "pb.err.no_power": "You have no face-down power card left.",
    "pb.err.no_neutral": "There is no neutral gang to reinforce.",
    "pb.err.neutral_done": "You have already reinforced a neutral gang this turn.",
    "pb.err.neutral_spread": "Put the 3 neutral members on 1 to 3 territories of one neutral gang.",
    "pb.err.not_neutral": "{territory} is not held by a neutral gang.",
    "pb.err.neutral_mixed": "All the neutral members must go to the same neutral gang.",
    "pb.err.neutral_count": "Place exactly 3 neutral members, not {n}.",
    "pb.err.neutral_first": "Add 3 members to a neutral gang first.",
    "pb.err.power_timing": "Play an attack power during an attack, before a roll.",
    "pb.err.power_not_attack": "That power helps in defence, not in attack.",
    "pb.err.power_not_held": "You have no face-up attack power card of that name.",
    "pb.err.bad_powers": "Name each power card once.",
    "pb.err.gang_taken": "Another player has already chosen {gang}.",
}


def pb_error(key: str, **params: Any) -> IllegalAction:
    return rule_error(key, PB_MESSAGES, **params)
