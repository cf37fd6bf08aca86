"""Risk Express board picture benchmark: ``python bench/bench_render_express.py``.

Prints each figure beside its target. Not a timed test: nothing here fails CI.

The views are those a channel really sees: every public view of seeded random games
(4 players, the rules engine's own moves), each rendered once in order, as the bot does
after each throw. So the caches hold what they would hold in play: the cards that did not
change since the last picture are reused, the ones that did are drawn. If the engine is not
importable, a synthetic game of the same shape is used instead.

* ``render(view)`` (view → PNG bytes), median CPU time, and the floor measured in the same
  run: the time to encode the very same output image (the PNG decoded back to its palette
  image) as PNG with the same settings; the ratio of the medians — target ≤ 1.5
* PNG size, median and largest, plus the busiest board we can build — target ≤ 400 KB
* a fresh process (subprocess): ``warm()`` at start-up, then the first board against the
  next ones — target first ≤ 2× next; and without ``warm()`` (information)
* memory of the static layers and caches after ``warm()`` and every board of the games
  in a fresh process: the pixel buffers of every live Pillow image (Pillow allocates them
  outside tracemalloc's view; RSS growth and tracemalloc printed beside) — all games'
  renderers together ≤ 50 MB, of which Risk Express's share is ≤ 20 MB

CPU time (``time.process_time``): the machine is shared, wall clock is noisy.
"""

from __future__ import annotations

import copy
import io
import json
import math
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402

from renderers import kit  # noqa: E402
from renderers import risk_express as rx  # noqa: E402

TARGET_RATIO = 1.5
TARGET_KB = 400.0
TARGET_MB = 20.0  # Risk Express's share of the 50 MB all games' renderers may keep
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


def encode_floor(png: bytes, level: int) -> float:
    """CPU seconds to encode the image ``png`` holds again, with the same settings."""
    im = Image.open(io.BytesIO(png))
    im.load()
    best = math.inf
    for _ in range(2):
        buf = io.BytesIO()
        t0 = time.process_time()
        im.save(buf, "PNG", compress_level=level)
        best = min(best, time.process_time() - t0)
    return best


FRESH = r"""
import json, os, sys, time, tracemalloc
sys.path.insert(0, {root!r}); sys.path.insert(0, {bench!r})
import bench_render_express as b
views = [v for seed in range({games}) for v in b.load_views(seed)]
from renderers import risk_express as rx
def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
warm = {warm}
tracemalloc.start()
r0 = rss()
t0 = time.process_time()
if warm:
    rx.warm()
warm_s = time.process_time() - t0
t0 = time.process_time(); rx.render(views[0]); first = time.process_time() - t0
nxt = []
for v in views[1:40]:
    t0 = time.process_time(); rx.render(v); nxt.append(time.process_time() - t0)
for v in views[40:]:
    rx.render(v)
nxt.sort()
import gc
from PIL import Image
del views
gc.collect()
live = sum(im.im.size[0] * im.im.size[1] * (1 if im.im.mode in ("P", "L", "1") else 4)
           for im in gc.get_objects() if isinstance(im, Image.Image) and im.im is not None)
print(json.dumps({{"warm": warm_s, "first": first, "next": nxt[len(nxt) // 2],
                  "rss": rss() - r0, "traced": tracemalloc.get_traced_memory()[0],
                  "images": live}}))
"""


def fresh_process(warm: bool) -> dict[str, float]:
    code = FRESH.format(root=str(ROOT), bench=str(ROOT / "bench"), games=GAMES, warm=warm)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT)
    return json.loads(out.stdout.strip().splitlines()[-1])


def load_views(seed: int) -> list[dict[str, Any]]:
    try:
        return engine_views(seed)
    except Exception:  # the engine may be mid-change: the picture is what we time
        return synthetic_views(seed)


def main() -> None:
    source = "rules engine"
    try:
        games = [engine_views(seed) for seed in range(GAMES)]
    except Exception as exc:  # the engine may be mid-change: the picture is what we time
        source = f"synthetic ({type(exc).__name__}: {exc})"
        games = [synthetic_views(seed) for seed in range(GAMES)]
    level = getattr(kit, "PNG_COMPRESS_LEVEL", 3)

    rx.warm()
    times, floors, sizes = [], [], []
    for views in games:
        for view in views:
            t0 = time.process_time()
            png = rx.render(view)
            times.append((time.process_time() - t0) * 1000)
            floors.append(encode_floor(png, level) * 1000)
            sizes.append(len(png) / 1024)
    fr = []
    for view in games[0]:
        view = dict(view, lang="fr")
        t0 = time.process_time()
        rx.render(view)
        fr.append((time.process_time() - t0) * 1000)
    busy_kb = len(rx.render(busiest())) / 1024
    median_ms = statistics.median(times)
    floor_ms = statistics.median(floors)
    ratio = median_ms / floor_ms
    per_view = statistics.median(t / f for t, f in zip(times, floors, strict=True) if f > 0)
    p95_ms = sorted(times)[int(len(times) * 0.95)]
    runs = [fresh_process(True) for _ in range(3)]  # one sample each: take the median run
    warm = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
    cold = fresh_process(False)

    def mark(ok: bool) -> str:
        return "ok" if ok else "MISSED"

    print(f"Risk Express board render — {len(times)} views from {GAMES} games ({source}), "
          "CPU time")
    print(f"  render median     {median_ms:7.2f} ms   (p95 {p95_ms:.2f} ms)")
    print(f"  PNG floor median  {floor_ms:7.2f} ms   (encode the same image, level {level})")
    print(f"  render / floor    {ratio:7.2f} ×    target ≤ {TARGET_RATIO} ×   "
          f"{mark(ratio <= TARGET_RATIO)}   (median of per-view ratios {per_view:.2f} ×)")
    print(f"  French median     {statistics.median(fr):7.2f} ms")
    print(f"  PNG median        {statistics.median(sizes):7.1f} KB   target ≤ {TARGET_KB:.0f} KB   "
          f"{mark(statistics.median(sizes) <= TARGET_KB)}")
    print(f"  PNG largest       {max(sizes):7.1f} KB   target ≤ {TARGET_KB:.0f} KB   "
          f"{mark(max(sizes) <= TARGET_KB)}")
    print(f"  PNG busiest board {busy_kb:7.1f} KB   target ≤ {TARGET_KB:.0f} KB   "
          f"{mark(busy_kb <= TARGET_KB)}")
    fw = warm["first"] / warm["next"]
    print(f"  fresh process: warm() {warm['warm'] * 1000:.0f} ms at start-up, then first board "
          f"(median of 3 processes) {warm['first'] * 1000:.1f} ms vs next {warm['next'] * 1000:.1f} ms = {fw:.2f} ×   "
          f"target ≤ 2 ×   {mark(fw <= 2)}")
    print(f"  fresh process without warm(): first board {cold['first'] * 1000:.0f} ms "
          f"vs next {cold['next'] * 1000:.1f} ms (information)")
    mb = warm["images"] / 2**20
    print(f"  memory after warm() and {len(times)} boards: images held {mb:.1f} MB   "
          f"target ≤ {TARGET_MB:.0f} MB (Express's share of 50 MB for all games)   "
          f"{mark(mb <= TARGET_MB)}   (RSS +{warm['rss'] / 2**20:.1f} MB, "
          f"tracemalloc {warm['traced'] / 2**20:.1f} MB)")


if __name__ == "__main__":
    main()
