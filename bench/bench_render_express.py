"""Risk Express board picture benchmark: ``python bench/bench_render_express.py``.

Prints each figure beside its target. Not a timed test: nothing here fails CI.

The views are those a channel really sees: every public view of seeded random games
(4 players, the rules engine's own moves), each rendered once in order, as the bot does
after each throw. So the caches hold what they would hold in play: the cards that did not
change since the last picture are reused, the ones that did are drawn. If the engine is not
importable, a synthetic game of the same shape is used instead.

* median and p95 time of ``render(view)`` (view → PNG bytes) — target ≤ 15 ms median
* PNG size, median and largest, plus the busiest board we can build — target ≤ 200 KB
* the first render in a fresh process (fonts, icons, the palette) — information only
* ``warm()`` (the palette and pages built at start-up) and the first render after it,
  which must cost about what later ones cost; French boards
"""

from __future__ import annotations

import copy
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from renderers import risk_express as rx  # noqa: E402

TARGET_MS = 15.0
TARGET_KB = 200.0
GAMES = 6
LABELS = {"a": "Alice", "b": "Bob", "c": "Chloé", "d": "Dmitri the Unstoppable"}


def engine_views(seed: int) -> list[dict[str, Any]]:
    from bot.rules import GAMES as RULES
    from bot.simulate import random_game

    game = RULES["risk_express"]
    views = []
    for _, _, _, after, _ in random_game(game, list(LABELS), seed=seed):
        view = game.view(after, None)
        view["labels"] = dict(LABELS)
        views.append(view)
    return views


def synthetic_views(seed: int) -> list[dict[str, Any]]:
    """A plausible game without the engine: throws fill lines of a target, then it falls."""
    data = json.loads((ROOT / "data/risk_express/cards.json").read_text(encoding="utf-8"))
    rnd = random.Random(seed)
    seats = list(LABELS)
    conts = [{"id": c["id"], "name": c["name"], "color": c["color"], "value": c["value"],
              "cards": [k["id"] for k in data["cards"] if k["continent"] == c["id"]],
              "locked_by": None} for c in data["continents"]]
    cards = [{"id": k["id"], "name": k["name"], "continent": k["continent"],
              "points": k["points"], "provisional": bool(k.get("provisional")), "owner": None,
              "locked": False, "lines": [{"need": ln, "filled": None} for ln in k["lines"]],
              "general": None} for k in data["cards"]]
    view: dict[str, Any] = {"game": "risk_express", "seats": seats, "labels": dict(LABELS),
                            "current": seats[0], "turn": 1, "phase": "place",
                            "continents": conts, "cards": cards, "attempt": None,
                            "scores": dict.fromkeys(seats, 0), "winners": None}
    views = []
    for turn in range(1, 200):
        cur = seats[(turn - 1) % len(seats)]
        free = [c for c in cards if not c["locked"] and c["owner"] != cur]
        if not free:
            break
        target = rnd.choice(free)
        view.update(turn=turn, current=cur)
        dice = 7
        for line in target["lines"]:
            view["attempt"] = {"card": target["id"], "tray": rnd.choices(rx.FACES, k=dice),
                               "set_aside": 7 - dice, "failed": False}
            views.append(copy.deepcopy(view))
            line["filled"] = ["soldier3", "soldier2"] if "soldiers" in line["need"] else \
                [k for k, n in line["need"].items() for _ in range(n)]
            dice -= len(line["filled"])
        for line in target["lines"]:
            line["filled"] = None
        target["owner"] = cur
        for cont in conts:
            owners = {next(c for c in cards if c["id"] == i)["owner"] for i in cont["cards"]}
            if len(owners) == 1 and None not in owners:
                cont["locked_by"] = owners.pop()
                for c in cards:
                    if c["continent"] == cont["id"]:
                        c["locked"] = True
        view["scores"][cur] += target["points"]
    view.update(phase="over", current=None, attempt=None, winners=[seats[0]])
    views.append(copy.deepcopy(view))
    return views


def busiest() -> dict[str, Any]:
    """Six players with long names, every card owned, a target full of small dice."""
    views = synthetic_views(1)
    view = copy.deepcopy(views[len(views) // 2])
    seats = [f"s{i}" for i in range(6)]
    view["seats"] = seats
    view["labels"] = {s: f"Player {s} with a needlessly long name" for s in seats}
    for i, c in enumerate(view["cards"]):
        c["owner"], c["locked"] = seats[i % 6], False
    for cont in view["continents"]:
        cont["locked_by"] = None
    target = view["cards"][1]
    for line in target["lines"]:
        line["filled"] = ["soldier1"] * 6
    target["general"] = {"filled": None}
    view.update(phase="place", current=seats[2], winners=None,
                scores={s: 10 + i for i, s in enumerate(seats)},
                attempt={"card": target["id"], "tray": list(rx.FACES) + ["cannon"],
                         "set_aside": 3, "failed": False})
    return view


def main() -> None:
    source = "rules engine"
    try:
        games = [engine_views(seed) for seed in range(GAMES)]
    except Exception as exc:  # the engine may be mid-change: the picture is what we time
        source = f"synthetic ({type(exc).__name__}: {exc})"
        games = [synthetic_views(seed) for seed in range(GAMES)]

    rx.clear_caches()
    t0 = time.perf_counter()
    rx.render(games[0][0])
    cold_ms = (time.perf_counter() - t0) * 1000
    rx.clear_caches()
    t0 = time.perf_counter()
    rx.warm()
    warm_ms = (time.perf_counter() - t0) * 1000
    t0 = time.perf_counter()
    rx.render(games[0][1])
    after_warm_ms = (time.perf_counter() - t0) * 1000

    times, sizes = [], []
    for views in games:
        for view in views:
            t0 = time.perf_counter()
            png = rx.render(view)
            times.append((time.perf_counter() - t0) * 1000)
            sizes.append(len(png) / 1024)
    times.sort()
    fr = []
    for view in games[0]:
        view = dict(view, lang="fr")
        t0 = time.perf_counter()
        rx.render(view)
        fr.append((time.perf_counter() - t0) * 1000)
    busy_kb = len(rx.render(busiest())) / 1024
    median_ms = statistics.median(times)
    p95_ms = times[int(len(times) * 0.95)]

    def mark(ok: bool) -> str:
        return "ok" if ok else "MISSED"

    print(f"Risk Express board render — {len(times)} views from {GAMES} games ({source})")
    print(f"  render median     {median_ms:7.2f} ms   target ≤ {TARGET_MS:.0f} ms   "
          f"{mark(median_ms <= TARGET_MS)}")
    print(f"  render p95        {p95_ms:7.2f} ms")
    print(f"  first render      {cold_ms:7.1f} ms   (fresh process: fonts, icons, palette)")
    print(f"  warm()            {warm_ms:7.1f} ms   (at start-up), then first render "
          f"{after_warm_ms:.1f} ms")
    print(f"  French median     {statistics.median(fr):7.2f} ms")
    print(f"  PNG median        {statistics.median(sizes):7.1f} KB   target ≤ {TARGET_KB:.0f} KB   "
          f"{mark(statistics.median(sizes) <= TARGET_KB)}")
    print(f"  PNG largest       {max(sizes):7.1f} KB   target ≤ {TARGET_KB:.0f} KB   "
          f"{mark(max(sizes) <= TARGET_KB)}")
    print(f"  PNG busiest board {busy_kb:7.1f} KB   target ≤ {TARGET_KB:.0f} KB   "
          f"{mark(busy_kb <= TARGET_KB)}")


if __name__ == "__main__":
    main()
