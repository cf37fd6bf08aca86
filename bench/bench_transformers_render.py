"""The Risk Transformers board's render time and size, on views of the engine's random games.

CPU time (``time.process_time``: the machine is shared), after ``warm()``; views taken at
every step of seeded random games of 2, 3 and 4 players (owners, counts, leaders, open zones,
days and the Matrix differ from board to board), rendered in English and French. Prints the
median, the 90th percentile and the largest PNG beside the issue's targets: render ≤ 20 ms
median, ≤ 400 KB. Not a test: it never fails.

    .venv/bin/python bench/bench_transformers_render.py [--boards 60] [--out /tmp/tf.png]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

TARGET_MS = 20.0
TARGET_KB = 400.0


def views(boards: int) -> list[dict]:
    from bot.rules.ai import RandomPolicy
    from bot.rules.play import Playout
    from bot.rules.transformers import GAME

    out: list[dict] = []
    seed = 0
    while len(out) < boards:
        n = 2 + seed % 3
        p = Playout(GAME, [f"p{i}" for i in range(n)], seed, RandomPolicy())
        steps = list(p)
        for step in steps[:: max(1, len(steps) // 8)]:
            v = GAME.view(step.after, None)
            v["lang"] = "fr" if len(out) % 2 else "en"
            out.append(v)
        seed += 1
    return out[:boards]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--boards", type=int, default=60)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    import renderers.transformers as tf

    boards = views(args.boards)
    t = time.process_time()
    tf.warm()
    warm = time.process_time() - t
    times, sizes = [], []
    png = b""
    for v in boards:
        t = time.process_time()
        png = tf.render(v)
        times.append((time.process_time() - t) * 1000)
        sizes.append(len(png) / 1024)
    med = statistics.median(times)
    p90 = sorted(times)[int(len(times) * 0.9)]
    print(f"warm(): {warm * 1000:.0f} ms CPU")
    print(f"render: median {med:.1f} ms CPU (target ≤ {TARGET_MS:.0f}: {'ok' if med <= TARGET_MS else 'MISSED'}), "
          f"p90 {p90:.1f} ms, {len(times)} boards")
    print(f"size: median {statistics.median(sizes):.0f} KB, largest {max(sizes):.0f} KB "
          f"(target ≤ {TARGET_KB:.0f}: {'ok' if max(sizes) <= TARGET_KB else 'MISSED'})")
    if args.out:
        args.out.write_bytes(png)


if __name__ == "__main__":
    main()
