"""Every word drawn on a board, in the game's language (``view["lang"]``: "en" or "fr").

Why here and not in ``bot/locales``: renderers import nothing from the bot at import time
(they must stay usable by the CLI, the simulator and the benchmarks, and a test checks it),
and a board's words are few and short, fitted to the picture's boxes.

Names of the game's things (territories, regions, gangs, cards, continents) come from
``bot.rules.names.name(game_id, kind, key, lang)`` (French names from
``data/<game>/names_fr.json``), imported on first use of a French board only; while that
module is not there, or has no name for a key, the English name given in the view or the
data is used, so a board always draws.
"""

from __future__ import annotations

import importlib
import threading
from typing import Any

LANGS = ("en", "fr")

WORDS: dict[str, dict[str, str]] = {
    "en": {
        # both games
        "turn": "Turn {n}",
        "winner": "WINNER",
        "winners": "WINNERS",
        "nobody_wins": "NOBODY WINS",
        "neutral": "neutral",
        "out": "out",
        # Risk map (Peaky Blinders)
        "phase.setup": "Setup",
        "phase.place": "Placement",
        "phase.attack": "Attack",
        "phase.battle": "Battle",
        "phase.manoeuvre": "Manoeuvre",
        "phase.over": "Game over",
        "to_play": "to play",
        "gangs": "GANGS",
        "gangs.cols": "terr. · members",
        "members": "{n} members",
        "members.one": "{n} member",
        "regions": "REGIONS",
        "regions.cols": "bonus",
        "key.stronghold": "stronghold: the defender adds 1 to the best die",
        "key.sea": "sea link",
        "key.route": "the Crown's route; on a die it must roll more than 6",
        "crown.title": "THE BRITISH CROWN",
        "crown.step": "Step {step}/{steps} · {name}",
        "crown.dice": "Roll 2 dice, more than 6 to move on",
        "crown.ends": "From Parliament (London) to the Garrison Tavern (Small Heath)",
        "crown.off": "Variant without the Crown",
        "crown.won": "The Crown took the Garrison Tavern.",
        "zoom.held": "{region}: +{bonus} a turn to whoever holds all {n} territories",
        # Risk Express
        "re.face.general": "General",
        "re.face.cavalry": "Cavalry",
        "re.face.cannon": "Cannon",
        "re.face.soldier1": "1 soldier",
        "re.face.soldier2": "2 soldiers",
        "re.face.soldier3": "3 soldiers",
        "re.tray": "Dice tray",
        "re.legend.soldiers": "≥5  soldier dice adding up to 5 or more",
        "re.legend.general": "to take an owned card, also roll a General",
        "re.legend.house": "* house card",
        "re.all": "all",
        "re.game_over": "Game over — ",
        "re.no_winner": "no winner",
        "re.wins": " wins!",
        "re.win": " win!",
        "re.and": " & ",
        "re.turn": "Turn {n} — ",
        "re.to_play": " to play",
        "re.continue_by": "may continue {who}'s attack on {card}",
        "re.continue": "may continue the failed attack on {card}",
        "re.attacking": "attacking {card}",
        "re.rolls": "rolls the dice",
        "re.attack": "ATTACK",
        "re.failed": "FAILED",
        "re.attack_failed": "Attack failed",
        "re.by": "by {who}",
        "re.choose": "choose a card",
        "re.empty": "(empty)",
        "re.no_dice": "no dice\nthrown yet",
        "re.over": "game over",
        "re.aside": "{n} set aside",
        "re.cards": "{n} cards",
        "re.cards.one": "{n} card",
        "re.other": "Other",
    },
    "fr": {
        "turn": "Tour {n}",
        "winner": "VAINQUEUR",
        "winners": "VAINQUEURS",
        "nobody_wins": "PERSONNE NE GAGNE",
        "neutral": "neutre",
        "out": "éliminé",
        "phase.setup": "Mise en place",
        "phase.place": "Renforts",
        "phase.attack": "Attaque",
        "phase.battle": "Combat",
        "phase.manoeuvre": "Manœuvre",
        "phase.over": "Partie finie",
        "to_play": "joue",
        "gangs": "GANGS",
        "gangs.cols": "terr. · membres",
        "members": "{n} membres",
        "members.one": "{n} membre",
        "regions": "RÉGIONS",
        "regions.cols": "bonus",
        "key.stronghold": "place forte : le défenseur ajoute 1 à son meilleur dé",
        "key.sea": "liaison maritime",
        "key.route": "parcours de la Couronne ; sur un dé, elle doit faire plus de 6",
        "crown.title": "LA COURONNE BRITANNIQUE",
        "crown.step": "Étape {step}/{steps} · {name}",
        "crown.dice": "Lancer 2 dés, plus de 6 pour avancer",
        "crown.ends": "Du Parlement (Londres) au Garrison Tavern (Small Heath)",
        "crown.off": "Variante sans la Couronne",
        "crown.won": "La Couronne a pris le Garrison Tavern.",
        "zoom.held": "{region} : +{bonus} par tour à qui tient ses {n} territoires",
        "re.face.general": "Général",
        "re.face.cavalry": "Cavalerie",
        "re.face.cannon": "Canon",
        "re.face.soldier1": "1 soldat",
        "re.face.soldier2": "2 soldats",
        "re.face.soldier3": "3 soldats",
        "re.tray": "Piste de dés",
        "re.legend.soldiers": "≥5  dés de soldats totalisant 5 ou plus",
        "re.legend.general": "pour prendre une carte possédée, faire aussi un Général",
        "re.legend.house": "* carte maison",
        "re.all": "tous",
        "re.game_over": "Partie finie — ",
        "re.no_winner": "aucun vainqueur",
        "re.wins": " gagne !",
        "re.win": " gagnent !",
        "re.and": " & ",
        "re.turn": "Tour {n} — ",
        "re.to_play": " joue",
        "re.continue_by": "peut reprendre l'attaque de {who} sur {card}",
        "re.continue": "peut reprendre l'attaque ratée sur {card}",
        "re.attacking": "attaque {card}",
        "re.rolls": "lance les dés",
        "re.attack": "ATTAQUE",
        "re.failed": "RATÉE",
        "re.attack_failed": "Attaque ratée",
        "re.by": "par {who}",
        "re.choose": "choisit une carte",
        "re.empty": "(vide)",
        "re.no_dice": "aucun dé\nlancé",
        "re.over": "partie finie",
        "re.aside": "{n} mis de côté",
        "re.cards": "{n} cartes",
        "re.cards.one": "{n} carte",
        "re.other": "Autres",
    },
}


def lang_of(view: dict[str, Any] | str | None) -> str:
    """The board's language: ``view["lang"]`` (or a language code), "en" unless "fr…"."""
    value = view.get("lang") if isinstance(view, dict) else view
    return "fr" if str(value or "en").lower().startswith("fr") else "en"


def word(key: str, lang: str, **params: Any) -> str:
    """A board word, its ``{fields}`` filled once (a value is never read as a template).

    ``n`` picks the singular form ``<key>.one`` where the language reads it as singular
    (English 1, French 0 and 1) and is written as the language writes numbers."""
    n = params.get("n")
    if isinstance(n, int) and (abs(n) < 2 if lang == "fr" else abs(n) == 1):
        text = WORDS[lang].get(key + ".one") or WORDS[lang].get(key)
    else:
        text = WORDS[lang].get(key)
    if text is None:
        text = WORDS["en"].get(key, key)
    if isinstance(n, int | float):
        params = dict(params, n=fmt_num(n, lang))
    out, i = [], 0
    while i < len(text):  # fill {field} once; anything else is copied as it is
        j = text.find("{", i)
        k = text.find("}", j + 1) if j >= 0 else -1
        if j < 0 or k < 0:
            out.append(text[i:])
            break
        field = text[j + 1:k]
        out.append(text[i:j])
        out.append(str(params[field]) if field in params else text[j:k + 1])
        i = k + 1
    return "".join(out)


def fmt_num(n: float, lang: str, digits: int = 0) -> str:
    """``1,234.5`` / ``1 234,5`` (a narrow no-break space between thousands in French)."""
    text = f"{n:,.{digits}f}"
    if lang == "fr":
        text = text.replace(",", "\u202f").replace(".", ",")
    return text


def fmt_pct(p: float, lang: str, digits: int = 1) -> str:
    """``78.7%`` / ``78,7 %`` (a no-break space before % in French)."""
    value = fmt_num(100 * p, lang, digits)
    return f"{value}\u00a0%" if lang == "fr" else f"{value}%"


# --------------------------------------------------------------------------- names

_NAMES: Any = None  # bot.rules.names.name once imported, False if it cannot be
_NAMES_LOCK = threading.Lock()


def _names_fn() -> Any:
    global _NAMES
    if _NAMES is None:
        with _NAMES_LOCK:
            if _NAMES is None:
                try:
                    _NAMES = importlib.import_module("bot.rules.names").name
                except Exception:  # not written yet, or broken: English names
                    _NAMES = False
    return _NAMES


def name(game_id: str, kind: str, key: str, lang: str, default: str) -> str:
    """The name of a game's thing in ``lang``; ``default`` (the English name) otherwise."""
    if lang == "en" or key is None:
        return default
    fn = _names_fn()
    if not fn:
        return default
    try:
        out = fn(game_id, kind, key, lang)
    except Exception:  # an unknown key or kind: the English name
        return default
    return out if isinstance(out, str) and out.strip() else default


def reset_names() -> None:
    """Forget the names module (tests swap it in and out)."""
    global _NAMES
    with _NAMES_LOCK:
        _NAMES = None
