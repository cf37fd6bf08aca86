"""Zombie Town board picture benchmark: ``python bench/bench_zombie_town_render.py``.

Prints each figure beside its target. Not a timed test: nothing here fails CI.

The views are those a channel really sees: every public view of seeded random games (6 and
3 players, Road Rage, the engine's own moves), each rendered once in order, as the bot does
after each action, so the caches hold what they would hold in play.

* ``render(view)`` (view → PNG bytes), median CPU time — target ≤ 20 ms; and the floor measured
  in the same run: the time to encode the very same output image (the PNG decoded back to its
  palette image) as PNG with the same settings; the ratio of the medians — target ≤ 1.5
* PNG size, median and largest, plus a crowded board — target ≤ 400 KB
* a fresh process: ``warm()`` at start-up, then the first board of a new game against the next
  ones — target first ≤ 2× next; and without ``warm()`` (information)
* memory of the images held after ``warm()`` and the boards (information: all games' renderers
  together ≤ 50 MB)

CPU time (``time.process_time``): the machine is shared, wall clock is noisy.
"""

from __future__ import annotations

import copy
import io
import json
import math
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
from renderers import zombie_town as zt  # noqa: E402

TARGET_MS = 20.0
TARGET_RATIO = 1.5
TARGET_KB = 400.0
LABELS = {"a": "Alice", "b": "Bob", "c": "Chloé", "d": "Dmitri the Unstoppable", "e": "Ěva", "f": "Frank"}
GAMES = ((6, 1), (3, 2))  # (players, seed)


def game_views(players: int, seed: int, lang: str = "en") -> list[dict[str, Any]]:
    from bot.rules.zombie_town import GAME
    from bot.simulate import random_game

    seats = list(LABELS)[:players]
    views = []
    for _, _, _, after, _ in random_game(GAME, seats, seed=seed, options={"road_rage": True}):
        view = GAME.view(after, None)
        view["labels"] = {s: LABELS[s] for s in seats}
        view["lang"] = lang
        views.append(view)
    return views


def crowded(views: list[dict[str, Any]]) -> dict[str, Any]:
    """A late board with zombies on every other street square, every car driven and damaged."""
    view = copy.deepcopy(views[-1])
    rows = view["board"]["rows"]
    squares = [f"{chr(65 + x)}{y + 1}" for y, row in enumerate(rows) for x, ch in enumerate(row) if ch in ".X"]
    view["zombies"] = {sq: 1 + i % 12 for i, sq in enumerate(squares[::2])}
    for i, car in enumerate(view["cars"].values()):
        car["damage"] = i % 5
        car["working"] = car["damage"] < 4
    for h in view["houses"].values():
        h["barricades"], h["guards"] = 3, [{"card": "survivor_1", "weapon": None}] * 2
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
import json, os, sys, time
sys.path.insert(0, {root!r}); sys.path.insert(0, {bench!r})
import bench_zombie_town_render as b
first_game = b.game_views(6, 7)
later = b.game_views(6, 8)
from renderers import zombie_town as zt
def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
r0 = rss()
t0 = time.process_time()
if {warm}:
    zt.warm()
warm_s = time.process_time() - t0
t0 = time.process_time(); zt.render(first_game[0]); first = time.process_time() - t0
nxt = []
for v in first_game[1:60]:
    t0 = time.process_time(); zt.render(v); nxt.append(time.process_time() - t0)
for v in later:
    zt.render(v)
nxt.sort()
import gc
from PIL import Image
del first_game, later
gc.collect()
live = sum(im.im.size[0] * im.im.size[1] * (1 if im.im.mode in ("P", "L", "1") else 4)
           for im in gc.get_objects() if isinstance(im, Image.Image) and im.im is not None)
print(json.dumps({{"warm": warm_s, "first": first, "next": nxt[len(nxt) // 2], "rss": rss() - r0, "images": live}}))
"""


def fresh_process(warm: bool) -> dict[str, float]:
    code = FRESH.format(root=str(ROOT), bench=str(ROOT / "bench"), warm=warm)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    games = [game_views(n, seed) for n, seed in GAMES]
    level = getattr(kit, "PNG_COMPRESS_LEVEL", 3)
    zt.warm()
    times, floors, sizes = [], [], []
    for views in games:
        for view in views:
            t0 = time.process_time()
            png = zt.render(view)
            times.append((time.process_time() - t0) * 1000)
            floors.append(encode_floor(png, level) * 1000)
            sizes.append(len(png) / 1024)
    fr = []
    for view in game_views(6, 1, "fr"):
        t0 = time.process_time()
        zt.render(view)
        fr.append((time.process_time() - t0) * 1000)
    busy_kb = len(zt.render(crowded(games[0]))) / 1024
    median_ms, floor_ms = statistics.median(times), statistics.median(floors)
    ratio = median_ms / floor_ms
    per_view = statistics.median(t / f for t, f in zip(times, floors, strict=True) if f > 0)
    p95_ms = sorted(times)[int(len(times) * 0.95)]
    runs = [fresh_process(True) for _ in range(3)]
    warm = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
    cold = fresh_process(False)

    def mark(ok: bool) -> str:
        return "ok" if ok else "MISSED"

    print(f"Zombie Town board render — {len(times)} views from {len(GAMES)} games (6 and 3 players), CPU time")
    print(f"  render median     {median_ms:7.2f} ms   (p95 {p95_ms:.2f} ms)   target ≤ {TARGET_MS:.0f} ms   "
          f"{mark(median_ms <= TARGET_MS)}")
    print(f"  PNG floor median  {floor_ms:7.2f} ms   (encode the same image, level {level})")
    print(f"  render / floor    {ratio:7.2f} ×    target ≤ {TARGET_RATIO} ×   {mark(ratio <= TARGET_RATIO)}   "
          f"(median of per-view ratios {per_view:.2f} ×)")
    print(f"  French median     {statistics.median(fr):7.2f} ms")
    print(f"  PNG median        {statistics.median(sizes):7.1f} KB   target ≤ {TARGET_KB:.0f} KB   "
          f"{mark(statistics.median(sizes) <= TARGET_KB)}")
    print(f"  PNG largest       {max(sizes):7.1f} KB   target ≤ {TARGET_KB:.0f} KB   {mark(max(sizes) <= TARGET_KB)}")
    print(f"  PNG crowded board {busy_kb:7.1f} KB   target ≤ {TARGET_KB:.0f} KB   {mark(busy_kb <= TARGET_KB)}")
    fw = warm["first"] / warm["next"]
    print(f"  fresh process: warm() {warm['warm'] * 1000:.0f} ms at start-up, then first board (median of 3 "
          f"processes) {warm['first'] * 1000:.1f} ms vs next {warm['next'] * 1000:.1f} ms = {fw:.2f} ×   "
          f"target ≤ 2 ×   {mark(fw <= 2)}")
    print(f"  fresh process without warm(): first board {cold['first'] * 1000:.0f} ms vs next "
          f"{cold['next'] * 1000:.1f} ms (information)")
    print(f"  memory after warm() and the boards: images held {warm['images'] / 2**20:.1f} MB "
          f"(RSS +{warm['rss'] / 2**20:.1f} MB; all games' renderers together ≤ 50 MB)")


if __name__ == "__main__":
    main()
