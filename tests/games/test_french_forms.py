"""Every French text of a seeded game of each of the five games (The Walking Dead in both
modes) reads as French is written: à/de + le/les contracted, de/le/que elided before a
vowel, a singular after 1, a space before a colon, no field left unfilled, no doubled
space (issue 30, point 10). The texts are rendered by :mod:`tests.games.french_sweep`."""

from __future__ import annotations

import re

import pytest

from bot.i18n import catalog, fill, fr_seam, t, tn
from tests.games.french_sweep import GAME_RUNS, every_text

INFINITIVE = r"(?!\w+(?:er|ir|re|oir)\b)"  # « de le prendre »: a pronoun, not an article
INVARIABLE = {"fois", "pas", "plus", "dos", "bras", "corps", "tours"}  # a noun in -s after « 1 »: not these

WRONG = {
    "à les (aux)": r"\bà les\b",
    "à le (au)": rf"\bà le {INFINITIVE}",
    "de les (des)": r"\b[dD]e les\b",
    "de le (du)": rf"\b[dD]e le {INFINITIVE}",
    "no elision": r"\b(?:[dD]e|[qQ]ue|[lL][ea]) [aeiouàâéèêîôAEIOUÀÂÉÈÊÎÔ][^\W\d_]",
    "plural after 1": r"(?<![\d,.\u202f\u00a0])\b1 (?:\*\*)?(?!(?:" + "|".join(INVARIABLE) + r")\b)[a-zà-ÿ]+s\b",
    "colon without a space": r"(?:[^\s\d<:*_|]|\*\*):(?=\s|$)",
    "field left unfilled": r"[{}]",
    "doubled space": r"\S {2,}\S",
    "space before a comma or full stop": r"\S [,.](?!\.)",
}


@pytest.fixture(scope="module")
def french():
    return every_text("fr")


def test_the_sweep_reads_every_game_in_french(french):
    games = {g for g, _where, _text in french}
    assert {g for g, _o, _p in GAME_RUNS} <= {re.sub(r"(survival|conquest)$", "", g) for g in games}
    assert {"walking_deadsurvival", "walking_deadconquest"} <= games
    assert len(french) > 10_000
    wheres = {w.split()[0] for _g, w, _t in french}
    assert {"opening", "narrate", "private", "status", "prompt", "hand", "label"} <= wheres


@pytest.mark.parametrize("rule", sorted(WRONG))
def test_no_french_text_breaks(french, rule):
    pattern = re.compile(WRONG[rule])
    bad = sorted({(g, w.split()[0], line) for g, w, text in french for line in text.splitlines()
                  if pattern.search(line)})
    assert not bad, f"{len(bad)} texts with {rule}, e.g.:\n" + "\n".join(map(str, bad[:8]))


def test_the_walking_dead_says_what_it_counts_and_contracts(french):
    wd = [text for g, _w, text in french if g.startswith("walking_dead")]
    assert any("aux rôdeurs" in x for x in wd)  # « prend … aux rôdeurs », never « à les rôdeurs »
    assert any(re.search(r"place \d+ survivants? sur", x) for x in wd)  # « place 3 survivants sur »
    assert any(re.search(r"déplace \d+ survivants? d['e]", x) for x in wd)
    assert any(re.search(r"\(\d+ rôdeurs? sur chacun\)", x) for x in wd)  # « (2 rôdeurs sur chacun) »
    groups = next(x for g, w, x in french if g.startswith("walking_dead") and x.startswith("Groupes"))
    assert re.search(r"Ann : ", groups), groups  # « Ann : le groupe de Rick »


def test_the_catalog_does_french_at_the_seams():
    assert fill("prend {dst} à {loser}", {"dst": "X", "loser": "les rôdeurs"}, "fr") == "prend X aux rôdeurs"
    assert fill("à {x}", {"x": "le Havre"}, "fr") == "au Havre"
    assert fill("de **{x}**", {"x": "Les Tombeaux"}, "fr") == "des **Tombeaux**"
    assert fill("de {x} à {y}", {"x": "Aérodrome", "y": "Église"}, "fr") == "d'Aérodrome à Église"
    assert fill("victoire de {w}", {"w": "Ann"}, "fr") == "victoire d'Ann"
    assert fill("le zombi de {sq}", {"sq": "E11"}, "fr") == "le zombi de E11"  # a code, not a word
    assert fill("de {x}", {"x": "Highlands"}, "fr") == "de Highlands"  # no elision before h
    assert fill("de {x}", {"x": "les rôdeurs"}) == "de les rôdeurs"  # English is left alone
    assert fr_seam("Chance de le prendre ", "x") == ("Chance de le prendre ", "x")
    assert t("wd.ev.conquest", "fr", who="Ben", dst="Prison", loser=t("wd.walkers", "fr"),
             survivors="2 survivants") == "🏴 Ben prend Prison aux rôdeurs avec 2 survivants."
    assert tn("wd.prompt.claim", 1, "fr").count("1 libres") == 0


def test_the_walking_dead_says_survivors_in_english_too():
    english = [text for g, _w, text in every_text("en") if g.startswith("walking_dead")]
    assert any(re.search(r"places \d+ survivors? on", x) for x in english)
    assert not [x for x in english if re.search(r"(?:places|moves) \d+ (?:on|from)\b", x)]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_plural_noun_of_the_catalog_after_1(lang):
    """The nouns the catalogs count (``n.<noun>``: territories, survivors, crates…) never
    follow a lone 1 in their plural (« 1 crates » in The Walking Dead's status line)."""
    plurals = {t(key, lang, n="").strip() for key in catalog(lang) if re.fullmatch(r"n\.\w+", key)}
    plurals = {p for p in plurals if p and p != t(f"{p}.one", lang)}
    pattern = re.compile(r"(?<![\d,.\u202f])\b1 (?:" + "|".join(map(re.escape, sorted(plurals))) + r")\b")
    bad = sorted({line for _g, _w, text in every_text(lang) for line in text.splitlines() if pattern.search(line)})
    assert not bad, f"{len(bad)} texts, e.g.:\n" + "\n".join(bad[:8])
