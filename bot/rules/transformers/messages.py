"""Every refusal Risk Transformers adds to the shared engine's (``bot.rules.risk_map.messages``),
by catalog key: English catalog text, placeholders filled by the params."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from bot.rules.errors import IllegalAction, MalformedAction
from bot.rules.risk_map.messages import rule_error
from bot.rules.schema import Field

__all__ = ["TF_DETAILS", "TF_MESSAGES", "TfField", "tf_choice", "tf_error", "tf_flag"]

# The detail sentences of this edition's malformed parts (beside ``bot.rules.schema.DETAILS``).
TF_DETAILS: dict[str, str] = {
    "tf.malformed.leader": "whether your leader takes part is a yes or a no.",
    "tf.malformed.mode": "a leader's mode is robot or vehicle.",
    "tf.malformed.dice": "a defender throws 1 or 2 dice.",
    "tf.malformed.lose": "the leader is lost last (as the last piece) or first.",
    "tf.malformed.die": "the +1 goes on one of your dice: 0 is the highest, then 1 and 2.",
    "tf.malformed.rally": "Bumblebee escapes to the first zone, the strongest or the weakest.",
    "tf.malformed.robots": "an attack sends 0 to 3 robots (with the leader, 1 to 3 pieces).",
}


@dataclass(frozen=True)
class TfField(Field):
    """A part whose detail sentence is this edition's (:data:`TF_DETAILS`)."""

    def error(self) -> MalformedAction:
        return MalformedAction(self.key, TF_DETAILS[self.key], **self.params)


def tf_flag(key: str) -> TfField:
    return TfField(lambda v: type(v) is bool, key, False)


def tf_choice(values: Iterable[object], key: str) -> TfField:
    known = {v: type(v) for v in values}
    return TfField(lambda v: type(v) in (str, int, bool) and known.get(v) is type(v), key, True)

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
    "tf.err.advance": "More robots follow a capture right after it, from the zone that attacked, "
                      "leaving one piece there.",
    "tf.err.claim_phase": "The starting placement is over.",
    "tf.err.claiming": "The starting placement comes first: put one robot on a zone with `/tf claim`.",
    "tf.err.claim_empty": "Put your robot on an empty zone while there is one; {territory} is taken.",
    "tf.err.no_question": "Nothing is asked of you now.",
    "tf.err.ask_bonus": "First choose the die your leader's +1 goes on.",
    "tf.err.ask_escape": "First choose where {leader} escapes.",
    "tf.err.bonus_die": "Your leader's +1 goes on one of your {n} dice.",
    "tf.err.escape_zone": "{leader} escapes to a zone of yours next to {territory}.",
    "tf.err.rally_same": "That is already your rally order.",
    "tf.err.no_rally": "Only Bumblebee escapes when beaten: {leader} has no rally order.",
    "tf.err.too_few": "{territory} has no robot to spare: one piece must stay behind.",
}


def tf_error(key: str, **params: Any) -> IllegalAction:
    return rule_error(key, TF_MESSAGES, **params)
