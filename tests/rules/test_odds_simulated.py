"""The small version of ``bench/bench_odds_express_zt.py`` (slow: ``pytest -m slow``): for 3 set
positions per game, the exact chance the labels show against 20,000 plays of the engine itself
(a fresh seed each; in Zombie Town the hidden order of the combat deck drawn again), within
four standard errors."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "bench_odds_express_zt.py"
THROWS = 20_000


def _bench():
    import sys

    sys.path.insert(0, str(BENCH.parent))  # its _path helper
    spec = importlib.util.spec_from_file_location("bench_odds_express_zt", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
@pytest.mark.parametrize("game", ["risk_express", "zombie_town"])
@pytest.mark.parametrize("i", [1, 2, 3])
def test_the_shown_chance_is_what_the_engine_plays_out(game, i):
    b = _bench()
    position, exact, trial = ((b.express_position, b.express_exact, b.express_trial) if game == "risk_express"
                              else (b.zt_position, b.zt_exact, b.zt_trial))
    state, seat, action = position(i)
    p = exact(state, seat, action)
    rate = sum(trial(state, seat, action, 7_919 * i + k) for k in range(THROWS)) / THROWS
    spread = max((p * (1 - p) / THROWS) ** 0.5, 1 / THROWS)
    assert abs(rate - p) <= 4 * spread, (game, i, p, rate)
