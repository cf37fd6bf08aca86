"""The Risk Express pictures of a fixed set of views do not change unless we mean them to.

``data/pictures.json`` holds, per view, the SHA-256 of the PNG bytes and of the decoded
pixels (RGB). A speed change must keep both (or, if only the PNG settings changed, the
pixels). A deliberate improvement regenerates the fixture after review:

    PICTURES_UPDATE=1 .venv/bin/python -m pytest tests/renderers/risk_express/test_pictures.py

(the PNGs are written to ``$PICTURES_DIR`` or /tmp/risk_express_pictures for the review).
Views are built from ``data/risk_express/cards.json`` and a seeded ``random.Random`` only,
so they do not depend on the rules engine.
"""

from __future__ import annotations

import copy
import hashlib
import io
import json
import os
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:  # tests run without the project installed
    sys.path.insert(0, str(ROOT))

from renderers import risk_express as rx  # noqa: E402

FIXTURE = Path(__file__).resolve().parent / "data" / "pictures.json"
DATA = json.loads((ROOT / "data" / "risk_express" / "cards.json").read_text(encoding="utf-8"))
FACES = ("general", "cavalry", "cannon", "soldier1", "soldier2", "soldier3")
LABELS = {"a": "Alice", "b": "Bob", "c": "Chloé", "d": "Dmitri the Unstoppable",
          "e": "Émilie 🎲", "f": "F"}


def fresh(n: int = 4, lang: str | None = None) -> dict[str, Any]:
    seats = list(LABELS)[:n]
    conts = [{"id": c["id"], "name": c["name"], "color": c["color"], "value": c["value"],
              "cards": [k["id"] for k in DATA["cards"] if k["continent"] == c["id"]],
              "locked_by": None} for c in DATA["continents"]]
    cards = [{"id": k["id"], "name": k["name"], "continent": k["continent"],
              "points": k["points"], "provisional": bool(k.get("provisional")), "owner": None,
              "locked": False, "lines": [{"need": dict(ln), "filled": None} for ln in k["lines"]],
              "general": None} for k in DATA["cards"]]
    view: dict[str, Any] = {"game": "risk_express", "seats": seats,
                            "labels": {s: LABELS[s] for s in seats}, "current": seats[0],
                            "turn": 1, "phase": "place", "continents": conts, "cards": cards,
                            "attempt": None, "scores": dict.fromkeys(seats, 0), "winners": None}
    if lang:
        view["lang"] = lang
    return view


def played(seed: int, n: int, lang: str | None = None) -> list[dict[str, Any]]:
    """A plausible game: throws fill lines of a target, then it falls (the bench's game)."""
    rnd = random.Random(seed)
    view = fresh(n, lang)
    seats, cards, conts = view["seats"], view["cards"], view["continents"]
    views = []
    for turn in range(1, 200):
        cur = seats[(turn - 1) % len(seats)]
        free = [c for c in cards if not c["locked"] and c["owner"] != cur]
        if not free:
            break
        target = rnd.choice(free)
        view.update(turn=turn, current=cur)
        if target["owner"] is not None:
            target["general"] = {"filled": None}
        dice = 7
        for line in target["lines"]:
            view["attempt"] = {"card": target["id"], "tray": rnd.choices(FACES, k=dice),
                               "set_aside": 7 - dice, "failed": rnd.random() < 0.1}
            views.append(copy.deepcopy(view))
            line["filled"] = ["soldier3", "soldier2"] if "soldiers" in line["need"] else \
                [k for k, m in line["need"].items() for _ in range(m)]
            dice -= len(line["filled"])
        for line in target["lines"]:
            line["filled"] = None
        target["owner"], target["general"] = cur, None
        for cont in conts:
            owners = {next(c for c in cards if c["id"] == i)["owner"] for i in cont["cards"]}
            if len(owners) == 1 and None not in owners:
                cont["locked_by"] = owners.pop()
                for c in cards:
                    if c["continent"] == cont["id"]:
                        c["locked"] = True
        view["scores"][cur] += target["points"]
    view.update(phase="over", current=None, attempt=None,
                winners=sorted(seats, key=lambda s: -view["scores"][s])[:1])
    views.append(copy.deepcopy(view))
    return views


def views() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {"start_2": fresh(2), "start_4": fresh(4),
                                      "start_6_fr": fresh(6, "fr")}
    for seed, n, lang in ((1, 4, None), (2, 3, None), (3, 6, "fr"), (4, 5, None)):
        game = played(seed, n, lang)
        for k in (1, len(game) // 3, len(game) // 2, (2 * len(game)) // 3, len(game) - 1):
            out[f"game{seed}_{n}{'_' + lang if lang else ''}_{k}"] = game[k]
    cont = copy.deepcopy(played(5, 4)[20])
    cont.update(phase="continue", attempt=None,
                failed={"card": cont["attempt"]["card"], "seat": cont["seats"][1]})
    out["continue"] = cont
    tie = copy.deepcopy(played(6, 3)[-1])
    tie["winners"] = list(tie["seats"])
    out["shared_win"] = tie
    odd = fresh(3)
    odd["continents"][0]["color"] = "not a colour"
    odd["labels"] = {"a": "", "b": "\u200b\u200b", "c": "x" * 80}
    odd["attempt"] = {"card": "usa", "tray": [], "set_aside": 7, "failed": False}
    out["odd"] = odd
    return out


def digests(png: bytes) -> dict[str, str]:
    im = Image.open(io.BytesIO(png))
    return {"png": hashlib.sha256(png).hexdigest(),
            "pixels": hashlib.sha256(im.convert("RGB").tobytes()).hexdigest(),
            "size": f"{im.width}x{im.height}"}


def test_fixed_views_give_the_recorded_pictures() -> None:
    got = {}
    out_dir = Path(os.environ.get("PICTURES_DIR", "/tmp/risk_express_pictures"))
    rx.clear_caches()
    for key, view in views().items():
        png = rx.render(view)
        got[key] = digests(png)
        if os.environ.get("PICTURES_UPDATE"):
            out_dir.mkdir(parents=True, exist_ok=True)
            (out_dir / f"{key}.png").write_bytes(png)
    if os.environ.get("PICTURES_UPDATE"):
        FIXTURE.write_text(json.dumps(got, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        pytest.skip(f"fixture rewritten; review the pictures in {out_dir}")
    want = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert sorted(got) == sorted(want)
    moved = [k for k in want if got[k]["pixels"] != want[k]["pixels"]]
    assert not moved, f"pictures changed: {moved}"
    recoded = [k for k in want if got[k]["png"] != want[k]["png"]]
    assert not recoded, f"same pixels, other PNG bytes: {recoded}"
