"""Redrawing what a seat may not see, for :meth:`bot.rules.base.Game.sample_state`.

A game names its hidden *slots* (the deck, another player's hand, the cards under a gang…:
lists whose lengths everyone knows) and the *pool* their contents come from; :func:`redeal`
deals the pool, shuffled, back into the slots, each keeping its length. The pool is sorted
before it is shuffled, so its order, the one thing that would tell where each card really
was, never reaches the sample: two states that look the same to the seat give the same sample.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from bot.rules.rng import Rng

__all__ = ["redeal", "unseen"]


def unseen(universe: Iterable[Any], seen: Iterable[Any]) -> list[Any]:
    """The ``universe`` (ids, a mapping's keys) less what was ``seen``, sorted."""
    left = Counter(list(universe))  # a mapping counts its keys once each
    left.subtract(Counter(seen))
    return sorted(left.elements())


def redeal(rng: Rng, pool: list[Any], slots: list[tuple[Any, Any]]) -> None:
    """Deal ``pool`` (any order: it is sorted first), shuffled, into ``slots``: each
    ``(container, key)`` gets back as many items as its list holds now. A pool too short (a
    state no game reaches) leaves the last slots short; what is left over is left out."""
    items = sorted(pool)
    rng.shuffle(items)
    i = 0
    for container, key in slots:
        size = len(container[key])
        container[key] = items[i:i + size]
        i += size
