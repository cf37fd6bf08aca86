"""Display names of game components in a language: territories, regions, gangs, cards,
continents, missions and powers (their names and texts), leaders and upgrades (Risk
Transformers).

English names live in each game's data files; French ones in ``data/<game>/names_fr.json``
(from the French rulebooks; our own translations are listed there as provisional), and for
missions and powers in their data's ``name_fr`` / ``text_fr`` fields. A French name that is
missing falls back to the English one, and an unknown key to the key itself, so a name is
always something printable. Pure: reads the data once, imports only the standard library
and ``bot.rules``.

Typed names go through :func:`resolve`: a key, a whole name in either language, or the
unique start of one (« birm » → Birmingham); a start that fits several raises
:class:`~bot.rules.errors.AmbiguousName` listing them (python-chess's third refusal).
"""

from __future__ import annotations

import json
import unicodedata
from functools import cache
from pathlib import Path
from typing import Any

from bot.rules.errors import AmbiguousName

__all__ = ["KINDS", "fold", "french_table", "lookup", "name", "provisional", "resolve"]

DATA = Path(__file__).resolve().parents[2] / "data"
KINDS = ("territory", "region", "gang", "card", "continent", "mission", "mission_text", "power", "power_text",
         "leader", "upgrade")


def _lang(lang: Any) -> str:
    value = str(getattr(lang, "value", lang) or "en").lower()
    return "fr" if value.startswith("fr") else "en"


@cache
def french_table(game_id: str) -> dict[str, Any]:
    path = DATA / game_id / "names_fr.json"
    if not path.exists():
        return {}
    return json.loads(path.read_text(encoding="utf-8"))


def _game(game_id: str) -> Any:
    from bot.rules import GAMES

    return GAMES.get(game_id)


@cache
def _english(game_id: str) -> dict[str, dict[str, str]]:
    """Every kind's English names (and mission/power texts), from the game's own data."""
    out: dict[str, dict[str, str]] = {k: {} for k in KINDS}
    game = _game(game_id)
    for kind, names in (game.component_names() if game else {}).items():
        out.setdefault(kind, {}).update(names)
    return out


@cache
def _french(game_id: str) -> dict[str, dict[str, str]]:
    """The French table first (``data/<id>/names_fr.json``), then what the game's data carries."""
    table = french_table(game_id)
    out: dict[str, dict[str, str]] = {k: dict(table.get(k) or {}) for k in KINDS}
    game = _game(game_id)
    for kind, names in (game.component_names_fr() if game else {}).items():
        for key, text in names.items():
            out.setdefault(kind, {}).setdefault(key, text)
    return out


def name(game_id: str, kind: str, key: str, lang: Any = "en") -> str:
    """The ``kind`` name of ``key`` in ``lang`` (``"en"``, ``"fr"`` or a locale)."""
    if _lang(lang) == "fr":
        found = _french(game_id).get(kind, {}).get(key)
        if found:
            return found
    return _english(game_id).get(kind, {}).get(key, key)


def provisional(game_id: str, kind: str, key: str) -> bool:
    """Whether the French name of ``key`` is our translation rather than the rulebook's."""
    return key in (french_table(game_id).get("provisional") or {}).get(kind, [])


def fold(text: str) -> str:
    """Lower case without accents or surrounding spaces: how typed names are compared."""
    decomposed = unicodedata.normalize("NFKD", text.strip().lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).replace("’", "'")


@cache
def _index(game_id: str, kind: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for table in (_english(game_id), _french(game_id)):
        for key, text in table.get(kind, {}).items():
            out.setdefault(fold(text), key)
            out.setdefault(fold(key), key)
            out.setdefault(fold(key.replace("_", " ")), key)
    return out


def lookup(game_id: str, kind: str, text: str) -> str | None:
    """The key a player meant by ``text``: a key, or a name in either language (case and
    accents ignored; a leading French article may be left out). ``None`` if nothing fits."""
    if not isinstance(text, str) or not text.strip() or len(text) > 200:
        return None
    index = _index(game_id, kind)
    wanted = fold(text)
    if wanted in index:
        return index[wanted]
    for article in ("le ", "la ", "les ", "l'", "the "):
        for key_text, key in index.items():
            if key_text.startswith(article) and key_text[len(article):] == wanted:
                return key
    return None


ARTICLES = ("le ", "la ", "les ", "l'", "the ")
TYPED_SHOWN = 40  # how much of what was typed an ambiguity quotes back


@cache
def _starts(game_id: str, kind: str) -> tuple[tuple[str, str, str], ...]:
    """Every name of ``kind`` as ``(folded, key, name)``: English and French names, and each
    again without its leading article (« la Petite Italie » is also « Petite Italie »)."""
    out: dict[tuple[str, str], str] = {}
    for table in (_english(game_id), _french(game_id)):
        for key, text in table.get(kind, {}).items():
            folded = fold(text)
            out.setdefault((folded, key), text)
            for article in ARTICLES:
                if folded.startswith(article):
                    out.setdefault((folded[len(article):].strip(), key), text)
    return tuple((folded, key, text) for (folded, key), text in out.items())


def resolve(game_id: str, kind: str, text: Any, among: Any = None) -> str | None:
    """The key a player meant by ``text``: what :func:`lookup` finds (a key, a whole name in
    either language), else the one key one of whose names starts with ``text`` (« birm »
    → ``birmingham``). ``None`` if nothing fits; :class:`AmbiguousName` (key
    ``err.ambiguous``, the names it fits) if several keys do. ``among``: the keys that may
    be meant (a hand, the legal targets); ``None`` for every key of ``kind``."""
    if not isinstance(text, str) or not text.strip() or len(text) > 200:
        return None
    allowed = None if among is None else set(among)
    found = lookup(game_id, kind, text)
    if found is not None:  # a whole name is that thing, never the start of another
        return found if allowed is None or found in allowed else None
    wanted = fold(text)
    for article in ARTICLES:  # « la pet » is « pet »
        if wanted.startswith(article) and len(wanted) > len(article):
            wanted = wanted[len(article):].strip()
            break
    fits: dict[str, str] = {}  # key → the name it was found by (in the language typed)
    for folded, key, shown in _starts(game_id, kind):
        if folded.startswith(wanted) and (allowed is None or key in allowed):
            fits.setdefault(key, shown)
    if len(fits) == 1:
        return next(iter(fits))
    if not fits:
        return None
    flat = " ".join(text.split())
    quoted = flat if len(flat) <= TYPED_SHOWN else flat[: TYPED_SHOWN - 1] + "…"
    raise AmbiguousName(quoted, sorted(fits.values(), key=fold))
