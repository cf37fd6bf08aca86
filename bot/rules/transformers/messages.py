"""Every refusal Risk Transformers adds to the shared engine's (``bot.rules.risk_map.messages``),
by catalog key: English catalog text, placeholders filled by the params."""

from __future__ import annotations

from typing import Any

from bot.rules.errors import IllegalAction
from bot.rules.risk_map.messages import rule_error

__all__ = ["TF_MESSAGES", "tf_error"]

TF_MESSAGES: dict[str, str] = {
    "tf.err.players": "Risk Transformers is for 2 to 4 players.",
    "tf.err.leaders": "Those leaders do not fit this table: {reason}",
    "tf.err.leader_taken": "Another player has already chosen {leader}.",
    "tf.err.not_in_play": "{territory} is a closed factory: it is not a zone now.",
    "tf.err.card_not_held": "You do not hold the card of {card}.",
    "tf.err.card_phase": "{upgrade} is not played now: {when}.",
    "tf.err.card_no_symbol": "The card of {card} has no transformation symbol.",
    "tf.err.card_is_transform": "Play that card's upgrade with its own action.",
    "tf.err.not_special": "{territory} does not transform: only Praxus, Pion Tower, Decagon and Moon Alpha do.",
    "tf.err.transform_sector": "To transform {territory} you must control it or another zone of its sector.",
    "tf.err.transform_phase": "Transformations happen in phase 2, before you attack.",
    "tf.err.flip_phase": "Your leader transforms in phase 2, before you attack.",
    "tf.err.flipped": "Your leader has already transformed this turn.",
    "tf.err.leader_scrapyard": "{leader} is in the scrapyard.",
    "tf.err.leader_on_board": "{leader} is on the board, not in the scrapyard.",
    "tf.err.revive_phase": "A leader comes back from the scrapyard in phase 1.",
    "tf.err.revive_cost": "Reviving {leader} costs 3 robots to place; you have {n}.",
    "tf.err.leader_absent": "{leader} is not on {territory}.",
    "tf.err.attack_pieces": "An attack commits 1 to 3 pieces, leaving one on {territory}.",
    "tf.err.strike_alone": "Megatron attacks a zone that is not a neighbour alone.",
    "tf.err.backup_phase": "Call for back-up with a card in phase 2, before attacking.",
    "tf.err.jump": "Optimus Prime in vehicle mode jumps once, in phase 4, to another zone you control, "
                   "leaving a piece behind.",
    "tf.err.give": "Give a zone to your teammate in phase 4 instead of calling for back-up: a zone of yours "
                   "without your leader, keeping another.",
    "tf.err.no_teammate": "Only the team game has a teammate.",
    "tf.err.teammate": "{territory} is your teammate's: you cannot attack it.",
    "tf.err.too_few": "{territory} has no robot to spare: one piece must stay behind.",
}


def tf_error(key: str, **params: Any) -> IllegalAction:
    return rule_error(key, TF_MESSAGES, **params)
