"""Both games play the same, move for move, as they did when the golden record was written
(before the issue-7 reshape): same moves, same dice, same events, same outcome, from the same
seeds, moderator skips and kicks included; and each game ends in the same final state, to the
byte, as when issue 12 began (speed work must change no state)."""

from __future__ import annotations

import json

import pytest

from tests.rules.golden import FINAL_PATH, PATH, cases, digests

GOLDEN = json.loads(PATH.read_text())
FINALS = json.loads(FINAL_PATH.read_text())
CASES = cases()


def test_the_record_covers_every_case() -> None:
    assert sorted(GOLDEN) == sorted(key for key, *_ in CASES) == sorted(FINALS)


def quick(case: tuple) -> bool:
    """The README's run checks seed 1 of every random case and the greedy games at default
    options; the slow run checks the whole record."""
    _, _, opts, _, policy, seed = case
    return seed == 1 and (policy == "random" or not opts)


PARAMS = [pytest.param(*c, id=c[0], marks=() if quick(c) else pytest.mark.slow) for c in CASES]


@pytest.mark.parametrize(("key", "gid", "opts", "n", "policy", "seed"), PARAMS)
def test_plays_as_recorded(key: str, gid: str, opts: dict, n: int, policy: str, seed: int) -> None:
    moves, final = digests(gid, opts, n, policy, seed)
    assert moves == GOLDEN[key]
    assert final == FINALS[key]  # and the same final state, to the byte (issue 12's speed work)
