"""Issue 31.3: every board's alt text (an attachment's description): the game and whose turn,
the standings, what changed hands since the last picture, in the game's language, within
Discord's 1,024 characters by dropping whole parts, and built from the public view only."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.games import presenter
from bot.games.base import ALT_MAX, fit_alt
from bot.rules import GAMES
from bot.rules import names as N

BIGGEST = {"risk_express": 6, "peaky_blinders": 5, "zombie_town": 6, "walking_dead": 5, "transformers": 4}
HEAD = {"en": ": the board.", "fr": " : le plateau."}


def table(game_id: str, n: int, seed: int = 3, long: bool = False):
    seats = [str(i + 1) for i in range(n)]
    opts = {"mode": "conquest"} if game_id == "walking_dead" else {}
    state = GAMES[game_id].setup(seats, opts, seed)
    # Discord display names are at most 32 characters
    names = {s: (f"{'Wolfeschlegelsteinhausen' * 2}"[:31] + s if long else f"Player{s}") for s in seats}
    return state, names


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game_id", sorted(BIGGEST))
def test_whose_turn_the_standings_and_what_changed(game_id, lang):
    engine, pres = GAMES[game_id], presenter(game_id)
    state, names = table(game_id, 3)
    public = engine.view(state, None)
    kind, owners = pres.owners(public)
    changed = sorted(owners)[:2]
    text = pres.alt_text({**public, "changed": changed}, names, lang)
    assert text.startswith(pres.name(lang) + HEAD[lang])
    assert 0 < len(text) <= ALT_MAX
    current = names[engine.current(state)]
    first = text.split("\n")[1]
    assert current in first  # whose turn, on the line after the head
    for who in names.values():  # everyone's standing
        assert who in text
    if kind:
        said = "Changed hands since the last picture" if lang == "en" else "A changé de mains depuis la dernière image"
        assert said in text
        for i in changed:
            assert N.name(game_id, kind, i, lang) in text
    # no Markdown for a screen reader to spell out
    assert "**" not in text and "`" not in text
    # the status' standings are in it: nothing of the game's status is lost at this size
    status = pres.status(public, names, lang)
    for number in re.findall(r"\d+", status.split("\n")[-1]):
        assert number in text


def test_without_changes_no_changes_line_and_a_close_up_names_its_region():
    pres, engine = presenter("walking_dead"), GAMES["walking_dead"]
    state, names = table("walking_dead", 3)
    public = engine.view(state, None)
    text = pres.alt_text(public, names, "en")
    assert "Changed hands" not in text
    region = next(iter(__import__("renderers").zoom_regions("walking_dead")))
    zoomed = pres.alt_text({**public, "zoom": region}, names, "fr")
    assert zoomed.startswith(pres.name("fr") + " : gros plan du plateau sur " + N.name("walking_dead", "region", region, "fr"))


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game_id", sorted(BIGGEST))
def test_the_biggest_table_fits_by_whole_parts(game_id, lang):
    """The largest table, 32-character names and every territory changed: within 1,024
    characters, each line a whole line of the full text (never cut mid-word), the changes
    dropped before any player's details, whose turn and everyone's standing always said."""
    engine, pres = GAMES[game_id], presenter(game_id)
    state, names = table(game_id, BIGGEST[game_id], long=True)
    public = engine.view(state, None)
    _kind, owners = pres.owners(public)
    view = {**public, "changed": sorted(owners)}
    text = pres.alt_text(view, names, lang)
    assert len(text) <= ALT_MAX and not text.endswith("…")
    details = pres.alt_lines(view, names, lang)
    allowed = {pres.name(lang) + HEAD[lang], *details, pres.alt_changed(view, lang), pres.alt_standings(view, names, lang)}
    lines = text.split("\n")
    assert all(line in allowed for line in lines), [x for x in lines if x not in allowed]
    assert lines[1] == details[0]  # whose turn
    if pres.alt_changed(view, lang) in lines:
        assert all(d in lines for d in details)  # the changes go first
    else:
        for who in names.values():  # a dropped detail leaves everyone's standing on one line
            assert who in text


def test_fit_drops_whole_parts_and_cuts_only_as_a_last_resort():
    assert fit_alt(["a" * 10, "b" * 10], ["a" * 10], limit=15) == "a" * 10
    cut = fit_alt(["word " * 300], limit=100)
    assert len(cut) <= 100 and cut.endswith("word…")


def test_no_secret_in_the_alt_text():
    """Peaky Blinders' missions and Zombie Town's agendas (and keys, hands) go to their owner
    only: the board's description, public, names none of them."""
    engine, pres = GAMES["peaky_blinders"], presenter("peaky_blinders")
    state, names = table("peaky_blinders", 5)
    secrets = set()
    for seat in names:
        you = engine.view(state, seat)["you"]
        secrets |= {N.name("peaky_blinders", "mission", m["id"], lang) for m in you["missions"] for lang in ("en", "fr")}
    assert secrets
    public = engine.view(state, None)
    for lang in ("en", "fr"):
        text = pres.alt_text({**public, "changed": list(pres.owners(public)[1])[:3]}, names, lang)
        assert not [s for s in secrets if s in text]

    import bot.games.zombie_town.words as W
    engine, pres = GAMES["zombie_town"], presenter("zombie_town")
    state, names = table("zombie_town", 6)
    public = engine.view(state, None)
    for lang in ("en", "fr"):
        hidden = set()
        for seat in names:
            you = engine.view(state, seat)["you"]
            hidden |= {W.agenda_name(a, lang) for a in you["agendas"]} | {W.card_name(c, lang) for c in you["hand"]}
        # a secret may share a word with what everyone sees (« The Scavenger », a gun in play)
        shown = [W.character_name(p["character"], lang) for p in public["players"].values()]
        shown += [W.weapon_text(w["card"], w["ammo"], lang) for p in public["players"].values() for w in p["weapons"]]
        hidden = {h for h in hidden if not any(h in c for c in shown)}
        assert len(hidden) > 8
        text = pres.alt_text(public, names, lang)
        assert not [s for s in hidden if s in text]


def test_every_file_the_bot_posts_is_made_with_its_description():
    """A new call site cannot forget the alt text: ``discord.File`` is built only by
    :func:`bot.discord_ui.pictures.attachment`, which requires it."""
    root = Path(__file__).resolve().parents[2] / "bot"
    found = [str(p.relative_to(root)) for p in root.rglob("*.py") if "discord.File(" in p.read_text(encoding="utf-8")]
    assert found == ["discord_ui/pictures.py"]
    text = (root / "discord_ui" / "pictures.py").read_text(encoding="utf-8")
    assert text.count("discord.File(") == 1 and "description=" in text


def test_the_changes_go_before_any_players_details(monkeypatch):
    """5-seat Conquest with 32-character names: a changes line too long to fit beside the
    table is dropped whole, and every player's line stays."""
    engine, pres = GAMES["walking_dead"], presenter("walking_dead")
    state, names = table("walking_dead", 5, long=True)
    public = engine.view(state, None)
    details = pres.alt_lines(public, names, "fr")
    room = ALT_MAX - len("\n".join([pres.name("fr") + HEAD["fr"], *details]))
    long_changes = "Changé : " + "Woodbury, " * (room // 10) + "Prison."
    monkeypatch.setattr(type(pres), "alt_changed", lambda self, view, locale: long_changes)
    text = pres.alt_text(public, names, "fr")
    assert long_changes not in text and "Changé" not in text
    assert text.split("\n")[1:] == details
