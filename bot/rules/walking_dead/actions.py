"""The action cards (« Actions », p. 9): their data, checked, and what each effect does.

One card is drawn after the invasions of every turn, read, resolved, then discarded for good.
« Des cartes Actions seront résolues immédiatement et d'autres, au cours de votre tour. Ces
cartes permettent d'obtenir des bonus si les objectifs sont atteints. » So a card's ``timing``:

- ``now``: resolved at once (crates, a grenade, a watchtower, more survivors to deploy, more
  walkers, survivors lost);
- ``turn``: changes a rule for the rest of this turn (:class:`TurnMods`);
- ``objective``: a goal; met at the end of this turn, its reward is given then;
- ``horde``: the Horde (the end comes; draw another card, :func:`deck.draw_action`).

The 27 cards besides the Horde are ours (``data/walking_dead/actions.json``, provisional); each
uses one effect of the closed set below, so an owner of the box can rewrite the cards' words
and numbers without touching code. Pure helpers only: which territory a card strikes, whether
an objective is met, what a turn's crates are; the engine applies them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from bot.rules.risk_map.board import DATA_DIR, Board
from bot.rules.walking_dead.deck import HORDE
from bot.rules.walking_dead.walkers import WALKERS

__all__ = [
    "ACTION_COUNT",
    "GRENADES",
    "NOW_KINDS",
    "OBJECTIVE_GOALS",
    "OBJECTIVE_REWARDS",
    "TOWERS",
    "TURN_KINDS",
    "ActionCard",
    "ActionError",
    "Conquest",
    "TurnMods",
    "actions_from_dict",
    "crates_earned",
    "load_actions",
    "lose_survivors",
    "objective_met",
    "strongest",
    "tower_site",
    "turn_mods",
]

ACTION_COUNT = 28  # « 28 cartes Action », the Horde included (p. 1)
TOWERS, GRENADES = 3, 4  # « 3 jetons Tour de garde, 4 jetons Grenade » (p. 1); one tower starts in the Prison
NOW_KINDS = frozenset({"crates", "grenade", "tower", "survivors", "outbreak", "walkers_zone",
                       "walkers_strongest", "lose"})
TURN_KINDS = frozenset({"crates_on_conquest", "crate_per_conquest", "extra_manoeuvre", "no_turning",
                        "attack_bonus", "walker_edge"})
OBJECTIVE_GOALS = frozenset({"hold", "take", "conquer", "conquer_walkers", "conquer_survivors", "hold_zone",
                             "hold_strategic"})
OBJECTIVE_REWARDS = frozenset({"crates", "grenade", "tower"})
TIMINGS = ("now", "turn", "objective", "horde")


class ActionError(ValueError):
    """An actions file that does not fit the rulebook, the board or the closed set of effects."""


@dataclass(frozen=True)
class ActionCard:
    id: str
    name: str
    name_fr: str
    timing: str
    effect: dict[str, Any]
    text: str
    text_fr: str
    provisional: bool

    def public(self) -> dict[str, Any]:
        """What a drawn card shows, in both languages."""
        return {"id": self.id, "name": self.name, "name_fr": self.name_fr, "timing": self.timing,
                "text": self.text, "text_fr": self.text_fr}


def _count(spec: Mapping[str, Any], key: str, lo: int, hi: int, where: str, errors: list[str]) -> None:
    v = spec.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        errors.append(f"{where}: '{key}' must be a whole number from {lo} to {hi}, not {v!r}")


def _check_effect(card: Mapping[str, Any], board: Board, errors: list[str]) -> None:
    cid, timing, eff = card["id"], card["timing"], card.get("effect") or {}
    kind = eff.get("kind")
    if timing == "now":
        if kind not in NOW_KINDS:
            errors.append(f"card '{cid}': unknown immediate effect {kind!r}")
        elif kind in ("crates", "grenade", "survivors", "lose"):
            _count(eff, "n", 1, 5, f"card '{cid}'", errors)
        elif kind == "outbreak":
            _count(eff, "territories", 1, 4, f"card '{cid}'", errors)
            _count(eff, "walkers", 1, 3, f"card '{cid}'", errors)
        elif kind in ("walkers_zone", "walkers_strongest"):
            _count(eff, "walkers", 1, 5, f"card '{cid}'", errors)
            if kind == "walkers_zone" and eff.get("zone") not in board.regions:
                errors.append(f"card '{cid}': unknown zone {eff.get('zone')!r}")
    elif timing == "turn":
        if kind not in TURN_KINDS:
            errors.append(f"card '{cid}': unknown turn effect {kind!r}")
        elif kind != "no_turning" and kind != "crate_per_conquest":
            _count(eff, "n", 1, 3, f"card '{cid}'", errors)
    elif timing == "objective":
        goal, reward = eff.get("goal") or {}, eff.get("reward") or {}
        if goal.get("kind") not in OBJECTIVE_GOALS:
            errors.append(f"card '{cid}': unknown goal {goal.get('kind')!r}")
        elif goal["kind"] in ("hold", "take") and goal.get("territory") not in board.territories:
            errors.append(f"card '{cid}': unknown territory {goal.get('territory')!r}")
        elif goal["kind"] in ("conquer", "conquer_walkers", "conquer_survivors", "hold_strategic"):
            _count(goal, "n", 1, 6, f"card '{cid}'", errors)
        if reward.get("kind") not in OBJECTIVE_REWARDS:
            errors.append(f"card '{cid}': unknown reward {reward.get('kind')!r}")
        elif reward["kind"] != "tower":
            _count(reward, "n", 1, 5, f"card '{cid}'", errors)
    elif timing == "horde" and (cid != HORDE or kind != "horde"):
        errors.append(f"card '{cid}': only the Horde ('{HORDE}') has the timing 'horde'")


def actions_from_dict(raw: Mapping[str, Any], board: Board) -> dict[str, ActionCard]:
    """The action cards, checked against the rulebook (28, one Horde), the board and the
    closed set of effects; every problem found is listed at once."""
    items = raw.get("cards") if isinstance(raw, Mapping) else None
    if not isinstance(items, list):
        raise ActionError("actions.json must hold a list 'cards'")
    errors: list[str] = []
    seen: set[str] = set()
    names: set[str] = set()
    out: dict[str, ActionCard] = {}
    for card in items:
        cid = card.get("id")
        if not isinstance(cid, str) or not cid or cid in seen:
            errors.append(f"a card has a missing or repeated id {cid!r}")
            continue
        seen.add(cid)
        lacking = [k for k in ("name", "name_fr", "text", "text_fr") if not card.get(k)]
        if lacking:
            errors.append(f"card '{cid}' lacks {lacking}")
            continue
        if card["name"] in names:
            errors.append(f"the card name '{card['name']}' is used twice")
        names.add(card["name"])
        if card.get("timing") not in TIMINGS:
            errors.append(f"card '{cid}' has an unknown timing {card.get('timing')!r}")
            continue
        _check_effect(card, board, errors)
        out[cid] = ActionCard(cid, card["name"], card["name_fr"], card["timing"], dict(card["effect"]),
                              card["text"], card["text_fr"], bool(card.get("provisional", False)))
    if len(items) != ACTION_COUNT:
        errors.append(f"the rulebook has {ACTION_COUNT} action cards, the file {len(items)}")
    if HORDE not in out or out[HORDE].timing != "horde":
        errors.append(f"the Horde ('{HORDE}') must be among the action cards")
    if errors:
        raise ActionError("actions.json: " + "; ".join(errors))
    return out


@lru_cache(maxsize=1)
def load_actions() -> dict[str, ActionCard]:
    from bot.rules.walking_dead.board import load_board

    with open(DATA_DIR / "walking_dead" / "actions.json", encoding="utf-8") as fh:
        return actions_from_dict(json.load(fh), load_board().board)


# -- during the turn ------------------------------------------------------------------------
@dataclass(frozen=True)
class TurnMods:
    """The rules a ``turn`` card changes until the end of this turn (the defaults: none)."""

    crates_on_conquest: int = 1  # crates drawn at the end of a turn with a conquest
    crate_per_conquest: bool = False
    extra_manoeuvres: int = 0
    no_turning: bool = False  # the player's survivors killed by walkers never turn
    attack_bonus: int = 0  # on the player's highest die in every attack
    walker_edge: int = 0  # added to the +1 against walkers


def turn_mods(card: ActionCard | None) -> TurnMods:
    if card is None or card.timing != "turn":
        return TurnMods()
    eff = card.effect
    kind, n = eff["kind"], eff.get("n", 0)
    return {
        "crates_on_conquest": lambda: TurnMods(crates_on_conquest=n),
        "crate_per_conquest": lambda: TurnMods(crate_per_conquest=True),
        "extra_manoeuvre": lambda: TurnMods(extra_manoeuvres=n),
        "no_turning": lambda: TurnMods(no_turning=True),
        "attack_bonus": lambda: TurnMods(attack_bonus=n),
        "walker_edge": lambda: TurnMods(walker_edge=n),
    }[kind]()


@dataclass(frozen=True)
class Conquest:
    """A territory taken this turn, and from whom (``WALKERS`` or a seat)."""

    territory: str
    loser: str


def crates_earned(mods: TurnMods, conquests: Sequence[Conquest]) -> int:
    """Crates drawn at the end of the turn (p. 15): one if anything was conquered, unless a
    card says otherwise."""
    if not conquests:
        return 0
    if mods.crate_per_conquest:
        return len(conquests)
    return mods.crates_on_conquest


# -- objectives -------------------------------------------------------------------------------
def objective_met(card: ActionCard, conquests: Sequence[Conquest], owner: Mapping[str, str], seat: str,
                  board: Board, strategic: Sequence[str]) -> bool:
    """Whether ``seat`` met the card's goal this turn, judged at its end on the final owners."""
    if card.timing != "objective":
        return False
    goal = card.effect["goal"]
    kind = goal["kind"]
    if kind == "hold":
        return owner[goal["territory"]] == seat
    if kind == "take":
        return any(c.territory == goal["territory"] for c in conquests) and owner[goal["territory"]] == seat
    if kind == "conquer":
        return len(conquests) >= goal["n"]
    if kind == "conquer_walkers":
        return sum(1 for c in conquests if c.loser == WALKERS) >= goal["n"]
    if kind == "conquer_survivors":
        return sum(1 for c in conquests if c.loser not in (WALKERS, seat)) >= goal["n"]
    if kind == "hold_zone":
        return bool(board.regions_held(owner, seat))
    if kind == "hold_strategic":
        return sum(1 for t in strategic if owner[t] == seat) >= goal["n"]
    raise AssertionError(kind)  # the loader let only known goals through


# -- where a card strikes -----------------------------------------------------------------------
def strongest(board: Board, owner: Mapping[str, str], troops: Mapping[str, int], seat: str) -> str | None:
    """``seat``'s territory with the most survivors (ties: map order), or ``None``."""
    best = None
    for t in board.order:
        if owner[t] == seat and (best is None or troops[t] > troops[best]):
            best = t
    return best


def lose_survivors(troops: Mapping[str, int], tid: str, n: int) -> int:
    """Survivors a territory keeps after losing ``n``: one always stays (« chaque territoire
    doit toujours comprendre au moins un Survivant »)."""
    return max(1, troops[tid] - n)


def tower_site(board: Board, owner: Mapping[str, str], troops: Mapping[str, int], towers: frozenset[str],
               seat: str, zone: str | None = None) -> str | None:
    """Where a watchtower goes when the player does not choose (a timeout, the "for me" choice):
    their territory without a tower holding the most survivors (in ``zone`` if given; ties: map
    order); ``None`` if none can take one."""
    best = None
    for t in board.order:
        if owner[t] != seat or t in towers or (zone is not None and board.territories[t].region != zone):
            continue
        if best is None or troops[t] > troops[best]:
            best = t
    return best
