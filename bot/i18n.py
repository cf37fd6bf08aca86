"""Message catalogs (English, French), chosen by the interaction's locale.

Catalogs are flat JSON files in ``bot/locales``; a missing French string falls back to
English, a missing English string to the key itself (a test checks both are complete).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

LOCALES = Path(__file__).resolve().parent / "locales"
LANGUAGES = ("en", "fr")


@cache
def catalog(lang: str) -> dict[str, str]:
    return json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))


def lang_of(locale: Any) -> str:
    """``discord.Locale.french`` / ``"fr"`` → ``"fr"``; anything else → ``"en"``."""
    value = str(getattr(locale, "value", locale) or "en").lower()
    return "fr" if value.startswith("fr") else "en"


def t(key: str, locale: Any = "en", /, **params: Any) -> str:
    lang = lang_of(locale)
    text = catalog(lang).get(key) or catalog("en").get(key) or key
    if params:
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            return text
    return text
