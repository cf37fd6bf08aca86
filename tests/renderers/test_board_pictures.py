"""The pictures of a fixed set of views stay what they were.

``data/pictures.json`` holds each case's view (taken once from seeded games, stored as it
was, so an engine change cannot move the fixture) and the SHA-256 of its decoded pixels
(size + RGBA bytes: the same picture whatever the palette order or zlib's output). A
renderer made faster must draw the very same pixels; where a picture deliberately
improves, look at the new picture, then write the fixture again and say so in the commit:

    .venv/bin/python -m tests.renderers.test_board_pictures --write [case ...]
    .venv/bin/python -m tests.renderers.test_board_pictures --show DIR   # the PNGs, to look at

Cases: Peaky Blinders with the Crown and without, a battle's arrow, a close-up of each
kind, French, game over; Risk Express at its start, mid-throw, French, game over.
"""

from __future__ import annotations

import copy
import hashlib
import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import renderers  # noqa: E402

DATA = Path(__file__).resolve().parent / "data" / "pictures.json"
LABELS = {"s1": "Alice", "s2": "Bob 🐉", "s3": "Chloé", "s4": "Dmitri", "s5": "Ěva"}


def digest(png: bytes) -> str:
    """The picture, not its encoding: size and RGBA pixels."""
    with Image.open(io.BytesIO(png)) as im:
        im.load()
        rgba = im.convert("RGBA")
    h = hashlib.sha256(f"{rgba.width}x{rgba.height}:".encode())
    h.update(rgba.tobytes())
    return h.hexdigest()


def _load() -> dict[str, Any]:
    return json.loads(DATA.read_text(encoding="utf-8"))


CASES = _load()["cases"] if DATA.exists() else {}


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_picture_is_unchanged(case, tmp_path):
    c = CASES[case]
    png = renderers.render(copy.deepcopy(c["view"]))
    got = digest(png)
    if got != c["digest"]:
        out = tmp_path / f"{case}.png"
        out.write_bytes(png)
        pytest.fail(f"{case}: the picture changed (new one: {out}); if it improved, look at "
                    "it and write the fixture again (see this module's docstring)")


def test_the_fixture_covers_both_games_and_each_kind_of_view():
    games = {c["view"]["game"] for c in CASES.values()}
    assert games == set(renderers.RENDERERS)
    peaky = [c["view"] for c in CASES.values() if c["view"]["game"] == "peaky_blinders"]
    assert any(v.get("crown") for v in peaky) and any(not v.get("crown") for v in peaky)
    assert any(v.get("highlight") and not v.get("zoom") for v in peaky)
    assert any(v.get("zoom") for v in peaky)
    assert any(v.get("lang") == "fr" for v in peaky)
    assert any(v.get("winners") is not None for v in peaky)


# --------------------------------------------------------------------------- the views


def _views() -> dict[str, dict[str, Any]]:
    """The cases' views, from seeded random games (run once, when the fixture is written)."""
    from bot.rules import GAMES
    from bot.rules.ai.policies import RandomPolicy
    from bot.rules.play import Playout

    def play(game_id: str, seats: int, seed: int, options: dict[str, Any], picks: list[Any]
             ) -> dict[Any, dict[str, Any]]:
        g = GAMES[game_id]
        names = [f"s{i + 1}" for i in range(seats)]
        p = Playout(g, names, seed, RandomPolicy(), options=options)
        out: dict[Any, dict[str, Any]] = {}
        for n, step in enumerate(p, start=1):
            v = g.view(step.after, None)
            for k in picks:
                if k in out:
                    continue
                if k == n or (isinstance(k, tuple) and k[0] == "arrow" and n >= k[1]
                              and v.get("highlight")):
                    out[k] = v
        out["over"] = g.view(p.state, None)
        for v in out.values():
            v["labels"] = {s: LABELS[s] for s in names}
        return out

    views: dict[str, dict[str, Any]] = {}
    crown = play("peaky_blinders", 4, 7, {"crown": True}, [30, ("arrow", 21), ("arrow", 60)])
    views["peaky_crown_place"] = crown[30]
    views["peaky_crown_battle_arrow"] = crown[("arrow", 21)]
    views["peaky_crown_arrow_later"] = crown[("arrow", 60)]
    views["peaky_crown_over"] = crown["over"]
    views["peaky_crown_zoom_england"] = dict(crown[("arrow", 21)], zoom="england")
    views["peaky_crown_zoom_scotland"] = dict(crown[("arrow", 60)], zoom="scotland")
    views["peaky_fr_battle_arrow"] = dict(crown[("arrow", 21)], lang="fr")
    views["peaky_fr_zoom_ireland"] = dict(crown[("arrow", 60)], lang="fr", zoom="ireland")
    views["peaky_fr_over"] = dict(crown["over"], lang="fr")
    plain = play("peaky_blinders", 4, 7, {"crown": False}, [("arrow", 2000)])
    views["peaky_nocrown_arrow"] = plain[("arrow", 2000)]
    views["peaky_nocrown_over"] = plain["over"]
    views["peaky_nocrown_zoom_wales"] = dict(plain[("arrow", 2000)], zoom="wales")
    two = play("peaky_blinders", 2, 3, {"crown": True}, [40])
    views["peaky_two_players_neutrals"] = two[40]
    five = play("peaky_blinders", 5, 11, {"crown": True}, [("arrow", 80)])
    views["peaky_five_players"] = five[("arrow", 80)]
    views["peaky_five_zoom_northern_ireland"] = dict(five[("arrow", 80)],
                                                     zoom="northern_ireland")
    rx = play("risk_express", 4, 7, {}, [1, 41, 200])
    views["express_start"] = rx[1]
    views["express_mid"] = rx[41]
    views["express_late"] = rx[200]
    views["express_over"] = rx["over"]
    views["express_fr_mid"] = dict(rx[41], lang="fr")
    rx2 = play("risk_express", 2, 5, {}, [30])
    views["express_two_players"] = rx2[30]
    return json.loads(json.dumps(views))  # what JSON keeps, as the test will read it


def write(only: list[str]) -> None:
    """Digest the named cases again (all without names), keeping their stored views; the
    views are taken from the seeded games only when there is no fixture yet."""
    old = CASES
    views = _views() if not old else {k: old[k]["view"] for k in (only or old)}
    cases = dict(old)
    for name, v in views.items():
        cases[name] = {"view": v, "digest": digest(renderers.render(copy.deepcopy(v)))}
        print(name, cases[name]["digest"][:16], "(changed)" if name in old and
              old[name]["digest"] != cases[name]["digest"] else "")
    DATA.parent.mkdir(exist_ok=True)
    # no sort_keys: a view's key order is meaningful (the legend lists factions in order)
    DATA.write_text(json.dumps({"cases": dict(sorted(cases.items()))}, ensure_ascii=False,
                               separators=(",", ":")) + "\n", encoding="utf-8")


def show(folder: str) -> None:
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    for name, c in sorted(CASES.items()):
        (out / f"{name}.png").write_bytes(renderers.render(copy.deepcopy(c["view"])))
    print(out)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--write"]:
        write(sys.argv[2:])
    elif sys.argv[1:2] == ["--show"]:
        show(sys.argv[2])
    else:
        print(__doc__)
