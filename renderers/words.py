"""Words drawn on a board, in the game's language (``view["lang"]``: "en" or "fr").

Why here and not in ``bot/locales``: renderers import nothing from the bot at import time
(they must stay usable by the CLI, the simulator and the benchmarks, and a test checks it),
and a board's words are few and short, fitted to the picture's boxes.

Each renderer keeps its own words in a :class:`Words` catalog chained to the one it builds
on (a Risk edition's → the territory map's → these shared ones), so a game adds words
without touching another's and a key missing from a catalog is looked up in its parent.

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


class Words:
    """A catalog of board words per language, falling back on ``parent`` for a key it
    lacks (and on English for a language it lacks)."""

    def __init__(self, table: dict[str, dict[str, str]], parent: Words | None = None) -> None:
        self.table = table
        self.parent = parent

    def text(self, key: str, lang: str, strict: bool = False) -> str | None:
        """The raw template of ``key`` in ``lang`` (English if the language lacks it,
        unless ``strict``)."""
        for catalog in self._chain():
            text = catalog.table.get(lang, {}).get(key)
            if text is not None:
                return text
        if strict:
            return None
        for catalog in self._chain():
            text = catalog.table.get("en", {}).get(key)
            if text is not None:
                return text
        return None

    def has(self, key: str) -> bool:
        return self.text(key, "en") is not None

    def _chain(self) -> list[Words]:
        out: list[Words] = []
        node: Words | None = self
        while node is not None:
            out.append(node)
            node = node.parent
        return out

    def __call__(self, key: str, lang: str, **params: Any) -> str:
        """A board word, its ``{fields}`` filled once (a value is never read as a template).

        ``n`` picks the singular form ``<key>.one`` where the language reads it as singular
        (English 1, French 0 and 1) and is written as the language writes numbers."""
        n = params.get("n")
        text = None
        if isinstance(n, int) and (abs(n) < 2 if lang == "fr" else abs(n) == 1):
            text = self.text(key + ".one", lang, strict=True)
        if text is None:
            text = self.text(key, lang)
        if text is None:
            text = key
        if isinstance(n, int | float):
            params = dict(params, n=fmt_num(n, lang))
        return fill(text, params)


def fill(text: str, params: dict[str, Any]) -> str:
    """``text`` with each ``{field}`` of ``params`` put in once; anything else as it is."""
    out, i = [], 0
    while i < len(text):
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


WORDS = Words({
    "en": {
        "turn": "Turn {n}",
        "winner": "WINNER",
        "winners": "WINNERS",
        "nobody_wins": "NOBODY WINS",
        "neutral": "neutral",
        "out": "out",
    },
    "fr": {
        "turn": "Tour {n}",
        "winner": "VAINQUEUR",
        "winners": "VAINQUEURS",
        "nobody_wins": "PERSONNE NE GAGNE",
        "neutral": "neutre",
        "out": "éliminé",
    },
})
word = WORDS  # the words every game shares


def lang_of(view: dict[str, Any] | str | None) -> str:
    """The board's language: ``view["lang"]`` (or a language code), "en" unless "fr…"."""
    value = view.get("lang") if isinstance(view, dict) else view
    return "fr" if str(value or "en").lower().startswith("fr") else "en"


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
