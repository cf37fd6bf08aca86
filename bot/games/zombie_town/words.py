"""Zombie Town's names and small readings of a view, for the presenter and its autocomplete.

Names come from the game's data (``data/zombie_town``: cards, houses, characters, agendas in
English and French). Squares are named as on the board (``E5``); a house by its name. Paths
(where a walk or a drive goes through) are worked out from a *view* with the engine's own
board functions, so the autocomplete shows the way the engine will take.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import lang_of, singular, t, text_of, tn
from bot.rules.names import fold
from bot.rules.zombie_town.board import car_moves, reachable
from bot.rules.zombie_town.core import STARTING_GUN, card_info, data, geo, kind

__all__ = [
    "agenda_name", "card_name", "car_name", "character_name", "drive_paths", "fighter_name", "house_name",
    "node_name", "objective_text", "resolve_node", "survivor_name", "walk_paths", "weapon_text",
]

GAME = "zombie_town"


def _fr(lang: Any) -> bool:
    return lang_of(lang) == "fr"


def house_name(house: str, lang: Any = "en") -> str:
    h = data().houses.get(house)
    if h is None:
        return str(house)
    return h["name_fr"] if _fr(lang) else h["name"]


def node_name(node: str | None, lang: Any = "en") -> str:
    """A square as on the board (``E5``), a house by its name."""
    if node is None:
        return "?"
    return house_name(node, lang) if node in data().houses else node


def car_name(car: str, lang: Any = "en") -> str:
    """A car is its house's colour: « the Maple Lodge car »."""
    return t("zt.car", lang, house=house_name(car, lang))


def card_name(card: str | None, lang: Any = "en") -> str:
    if not card:
        return "?"
    names = data().names
    k = kind(card)
    entry = names["starting_gun"] if k == STARTING_GUN else names["cards"].get(k)
    if entry is None:
        return str(card)
    return entry["name_fr"] if _fr(lang) else entry["name"]


def survivor_name(card: str, lang: Any = "en") -> str:
    """A rescued survivor, told apart from the others by its card's number."""
    return t("zt.survivor", lang, n=card.rsplit("_", 1)[-1])


def character_name(char: str | None, lang: Any = "en") -> str:
    if not char:
        return t("zt.no_character", lang)
    entry = data().names["characters"].get(char)
    if entry is None:
        return str(char)
    return entry["name_fr"] if _fr(lang) else entry["name"]


def character_text(char: str | None, lang: Any = "en") -> str:
    entry = data().names["characters"].get(char or "")
    if entry is None:
        return ""
    return entry.get("text_fr" if _fr(lang) else "text") or entry.get("text", "")


def agenda_name(card: str, lang: Any = "en") -> str:
    entry = data().names["agendas"].get(kind(card))
    if entry is None:
        return str(card)
    return entry["name_fr"] if _fr(lang) else entry["name"]


def objective_text(agenda: str, index: int, lang: Any = "en") -> str:
    """« 12 zombies collected → 5 points »."""
    obj = data().settings.agendas[kind(agenda)]["objectives"][index]
    stat = data().names["stats"][obj["stat"]]
    what = stat["text_fr"] if _fr(lang) else stat["text"]
    if singular(obj["at_least"], lang_of(lang)):  # « 1 fight won »: the catalog's singular (zt.stat.<stat>.one)
        what = text_of(f"zt.stat.{obj['stat']}.one", lang_of(lang)) or what
    return t("zt.objective", lang, n=obj["at_least"], what=what, points=tn("zt.points", obj["value"], lang))


def weapon_text(card: str, ammo: int | None, lang: Any = "en") -> str:
    """« Pistol (+1, 2 bullets) »; a hand weapon « Bat (+1) »."""
    info = card_info(card)
    if info.get("gun"):
        return t("zt.gun", lang, name=card_name(card, lang), bonus=info["bonus"],
                 bullets=tn("zt.bullets", ammo if ammo is not None else info["ammo"], lang))
    return t("zt.melee", lang, name=card_name(card, lang), bonus=info["bonus"])


def fighter_name(fighter: str, weapon: str | None, who: str, lang: Any = "en") -> str:
    """Who fights: « Alice with Pistol », « Alice's survivor 3 with Bat », « Alice bare-handed »."""
    name = who if fighter == "self" else t("zt.their_survivor", lang, who=who, survivor=survivor_name(fighter, lang))
    if weapon and weapon != "none":
        return t("zt.with_weapon", lang, who=name, weapon=card_name(weapon, lang))
    return t("zt.bare_handed", lang, who=name)


def resolve_node(text: Any) -> str | None:
    """A square (``e5`` → ``E5``) or a house (its letter, or a name in either language, or the
    unique start of one); ``None`` when nothing fits."""
    raw = str(text or "").strip()
    if not raw:
        return None
    nodes = set(geo().nodes)
    if raw.upper() in nodes:
        return raw.upper()
    if raw in data().houses:
        return raw
    needle = fold(raw)
    found = [h for h, x in data().houses.items() if needle in (fold(x["name"]), fold(x["name_fr"]))]
    if not found:
        found = [h for h, x in data().houses.items() if fold(x["name"]).startswith(needle)
                 or fold(x["name_fr"]).startswith(needle)]
    return found[0] if len(found) == 1 else None


# -- paths, from a view ---------------------------------------------------------------------
def walk_paths(view: dict[str, Any], seat: str, steps: int) -> dict[str, list[str]]:
    """Where ``seat`` walks in 1 to ``steps`` steps → the path (as the engine walks it)."""
    me = view["players"][seat]
    if me["pos"] is None:
        return {}
    houses, zombies = view["houses"], view["zombies"]

    def can_enter(node: str) -> bool:
        h = houses.get(node)
        return h is None or h["barricades"] == 0 or h["owner"] == seat

    return reachable(geo(), me["pos"], steps, can_enter, lambda n: zombies.get(n, 0) > 0)


def free_steps(view: dict[str, Any], seat: str) -> int:
    s = data().settings
    char = view["players"][seat]["character"]
    c = s.characters.get(char or "")
    return s.free_move + (c["value"] if c and c["effect"] == "free_move" else 0)


def drive_paths(view: dict[str, Any], car: str) -> dict[str, tuple[int, list[str], str]]:
    """Where the car goes in one drive → (zombies run over, the path, the heading)."""
    c = view["cars"][car]
    zombies = view["zombies"]
    others = {x["pos"] for cid, x in view["cars"].items() if cid != car}
    capacity = data().settings.car_max_damage - c["damage"]
    return car_moves(geo(), c["pos"], c["heading"], data().settings.car_squares, lambda sq: zombies.get(sq, 0),
                     lambda sq: sq in others, capacity)


def parked_on(square: str) -> str | None:
    """The house whose door ``square`` is (a car parked there is a barricade)."""
    return next((h for h, sq in geo().facade.items() if sq == square), None)


def driveway_of(square: str) -> str | None:
    """The house whose driveway ``square`` is (a car there bars that way in, as at the start)."""
    return next((h for h, sq in geo().driveway.items() if sq == square), None)
