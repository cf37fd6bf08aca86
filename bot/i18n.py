"""Message catalogs (English, French), chosen by a language or an interaction's locale.

Catalogs are flat JSON files: the platform's in ``bot/locales`` (errors, lobby, status,
help…) and each game's own in ``bot/games/<id>/locales``, found on disk, so a new game adds
its catalogs without editing a list. They merge into one table per language; a key defined
in two catalogs is an error (:class:`DuplicateKey`), never a silent override. A missing
French string falls back to English, a missing English string to the key itself (a test
checks every catalog is complete in both languages).

``t(key, lang, **params)`` fills the catalog text's ``{name}`` fields ONCE: a parameter's
value is inserted as it is and never read as a template, so text a player typed (``{x}``,
``{0}``, a lone ``{``) reaches the message unchanged. A key may have a singular variant
``<key>.one``, chosen by :func:`tn` for a count that reads as singular (English: 1;
French: 0 and 1).
"""

from __future__ import annotations

import json
import re
import string
from functools import cache
from pathlib import Path
from typing import Any

LOCALES = Path(__file__).resolve().parent / "locales"
GAME_LOCALES = Path(__file__).resolve().parent / "games"  # bot/games/<id>/locales/
LANGUAGES = ("en", "fr")


class DuplicateKey(ValueError):
    """A key defined in two catalogs: which one a player would read is not for chance to decide."""


def catalog_files(name: str) -> list[Path]:
    """The platform's catalog ``name`` (``en.json``, ``fr_commands.json``…) and every game's
    (``bot/games/*/locales/<name>``) that exists, platform first."""
    found = [LOCALES / name] if (LOCALES / name).exists() else []
    return found + sorted(GAME_LOCALES.glob(f"*/locales/{name}"))


def merge(files: list[Path]) -> dict[str, str]:
    """The catalogs ``files`` as one table; :class:`DuplicateKey` if two define a key."""
    out: dict[str, str] = {}
    source: dict[str, Path] = {}
    for path in files:
        for key, text in json.loads(path.read_text(encoding="utf-8")).items():
            if key in out:
                raise DuplicateKey(f"catalog key {key!r} is defined in {source[key]} and in {path}")
            out[key], source[key] = text, path
    return out


@cache
def merged(name: str) -> dict[str, str]:
    """Every catalog called ``name``, merged (see :func:`catalog_files`)."""
    return merge(catalog_files(name))


@cache
def catalog(lang: str) -> dict[str, str]:
    """The messages in ``lang``: the platform's and every game's."""
    return merged(f"{lang}.json")


def lang_of(locale: Any) -> str:
    """``discord.Locale.french`` / ``"fr"`` / ``"fr-FR"`` → ``"fr"``; anything else → ``"en"``."""
    value = str(getattr(locale, "value", locale) or "en").lower()
    return "fr" if value.startswith("fr") else "en"


class _Once(string.Formatter):
    """``str.format`` for catalog text: fields name a parameter (no attribute or index
    lookups, no conversions); an unknown field stays as it is written."""

    def get_field(self, field_name: str, args: Any, kwargs: Any) -> Any:
        if field_name in kwargs:
            return kwargs[field_name], field_name
        return "{" + field_name + "}", field_name

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        return value

    def format_field(self, value: Any, format_spec: str) -> str:
        try:
            return format(value, format_spec)
        except (TypeError, ValueError):
            return str(value)


_ONCE = _Once()


def fill(text: str, params: dict[str, Any], lang: str = "en") -> str:
    """``text`` (a catalog template) with its fields filled once from ``params``; in French,
    the seam of the text and a value follows French spelling (:func:`fr_seam`)."""
    if not params or "{" not in text:
        return text
    try:
        out = ""
        for literal, field, spec, _conversion in _ONCE.parse(text):
            out += literal
            if field is None:
                continue
            value = _ONCE.format_field(_ONCE.get_field(field, (), params)[0], spec or "")
            if lang == "fr":
                out, value = fr_seam(out, value)
            out += value
        return out
    except (ValueError, IndexError, KeyError):  # a broken template: show it unfilled
        return text


# French: à/de before le/les contract (« aux rôdeurs », « du Havre »); de/le/la/que elide
# before a word that starts with a vowel (« d'Aérodrome », « d'Ann »); not before h or y,
# nor before a code (« la case E7 »). Only where a value meets the template's text.
_FR_BEFORE = re.compile(r"(?:^|(?<=[\s(«'’]))(à|de|le|la|que|jusque|lorsque|puisque) (\*\*|__|\*|_)?$")
_FR_ARTICLE = re.compile(r"(les|le) (?=\S)", re.IGNORECASE)
_FR_VOWEL = re.compile(r"[aeiouàâäéèêëîïôöûü][^\W\d_]", re.IGNORECASE)
_CONTRACTED = {("à", "les"): "aux", ("à", "le"): "au", ("de", "les"): "des", ("de", "le"): "du"}


def fr_seam(before: str, value: str) -> tuple[str, str]:
    """``before`` (the text so far) and ``value`` (what comes next) as French writes them where
    they meet: « à » + « les rôdeurs » → « aux rôdeurs », « de » + « Aérodrome » → « d'Aérodrome »."""
    cut = max(0, len(before) - 24)  # the last words are enough (texts grow field by field)
    m = _FR_BEFORE.search(before, cut) if value else None
    if m is None:
        return before, value
    word, marks = m.group(1), m.group(2) or ""
    head = before[: m.start(1)]
    article = _FR_ARTICLE.match(value)
    if article and (word, article.group(1).lower()) in _CONTRACTED:
        return head + _CONTRACTED[word, article.group(1).lower()] + " " + marks, value[article.end():]
    if word != "à" and _FR_VOWEL.match(value):
        return head + word[:-1] + "'" + marks, value
    return before, value


def text_of(key: str, lang: str) -> str | None:
    return catalog(lang).get(key) or catalog("en").get(key)


def t(key: str, locale: Any = "en", /, **params: Any) -> str:
    lang = lang_of(locale)
    return fill(text_of(key, lang) or key, params, lang)


def singular(n: int, lang: str) -> bool:
    """Whether ``n`` takes the singular (French: « 0 membre », « 1 membre »)."""
    return abs(n) < 2 if lang == "fr" else abs(n) == 1


def tn(key: str, n: int, locale: Any = "en", /, **params: Any) -> str:
    """``t`` for a sentence about ``n`` things: ``<key>.one`` when ``n`` reads as singular
    and the catalog has it, else ``<key>``; ``n`` is passed as the parameter ``n`` unless
    given otherwise."""
    lang = lang_of(locale)
    params.setdefault("n", n)
    if singular(n, lang):
        text = text_of(f"{key}.one", lang)
        if text is not None:
            return fill(text, params, lang)
    return t(key, lang, **params)


def count(noun: str, n: int, locale: Any = "en", /) -> str:
    """« 3 members » / « 1 member » / « 1 membre »: catalog ``n.<noun>`` (and ``n.<noun>.one``)."""
    return tn(f"n.{noun}", n, locale, n=fmt_num(n, locale))


def fmt_num(n: float, locale: Any = "en", /, digits: int = 0) -> str:
    """A number as the language writes it: ``1,234.5`` / ``1 234,5`` (no-break spaces)."""
    text = f"{n:,.{digits}f}"
    if lang_of(locale) == "fr":
        text = text.replace(",", "\u202f").replace(".", ",")
    return text


def fmt_pct(p: float | None, locale: Any = "en", /, digits: int = 1) -> str:
    """A probability as a percentage: ``78.7%`` / ``78,7 %`` (a no-break space before %)."""
    if p is None:
        return "?"
    value = fmt_num(100 * p, locale, digits)
    return f"{value}\u00a0%" if lang_of(locale) == "fr" else f"{value}%"


def join(items: list[str], locale: Any = "en", /) -> str:
    """« a, b and c » / « a, b et c »."""
    items = [i for i in items if i]
    if len(items) < 2:
        return "".join(items)
    word = " et " if lang_of(locale) == "fr" else " and "
    return ", ".join(items[:-1]) + word + items[-1]


# -- text that must fit (Discord's limits): cut where a reader expects it --------------------

# where a text may be cut, the best first: between paragraphs, lines, sentences, words
_BREAKS = ("\n\n", "\n", ". ", "; ", ", ", " ")


def _cut_at(text: str, limit: int, breaks: tuple[str, ...] = _BREAKS) -> int:
    """Where to cut ``text`` (longer than ``limit``) so its head fits in ``limit``: at the
    last boundary of the best kind found in the second half of it, else at ``limit``."""
    for mark in breaks:
        at = text.rfind(mark, 0, limit - len(mark) + 1 + (1 if mark.endswith(" ") else 0))
        if at >= limit // 2:
            return at + len(mark.rstrip(" ")) if mark.strip() else at
    return limit


def split_text(text: str, limit: int) -> list[str]:
    """``text`` in parts of at most ``limit`` characters, cut between paragraphs (else
    lines, sentences, words): nothing lost, no word cut in two."""
    text = str(text).strip()
    parts: list[str] = []
    while len(text) > limit:
        at = _cut_at(text, limit)
        parts.append(text[:at].rstrip())
        text = text[at:].lstrip()
    return [*parts, text] if text or not parts else parts


def shorten(text: str, limit: int) -> str:
    """``text`` if it fits in ``limit`` characters, else its head cut at a word, with an
    ellipsis: say the essential first, and the end is what goes."""
    text = str(text)
    if len(text) <= limit:
        return text
    at = _cut_at(text, limit - 1, (" ", "\n"))
    return text[:at].rstrip(" ,;:-–—(\n") + "…"


def join_fit(items: list[str], limit: int, locale: Any = "en", /) -> str:
    """:func:`join` of ``items`` if it fits in ``limit`` characters; else as many as fit
    and how many more (« a, b and 3 more » / « a, b et 3 autres »), never a name cut."""
    full = join(items, locale)
    if len(full) <= limit:
        return full
    for keep in range(len(items) - 1, 0, -1):
        text = t("list.more", locale, items=", ".join(items[:keep]), n=len(items) - keep)
        if len(text) <= limit:
            return text
    return shorten(t("list.more", locale, items=items[0], n=len(items) - 1), limit) if items else ""
