"""A drawing's cache whose entries can be read out and put back: :func:`kept` decorates a
pure drawing function as ``functools.lru_cache`` does (a result per arguments, the least
recently used let go past ``maxsize``, ``cache_clear()``), and a renderer can store its
entries on disk when the bot stops and take them back in the next process
(:func:`renderers.keep`): a restart's first board then finds the icons it shows drawn
(each a supersampled drawing reduced, ~1–2 ms)."""

from __future__ import annotations

import functools
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Generic, TypeVar

T = TypeVar("T")

# every kept drawing by its function's full name: what a renderer took from them can be put
# back by name in the next process (a map's panels keep the icons their sprites are of)
_ALL: weakref.WeakValueDictionary[str, Kept[Any]] = weakref.WeakValueDictionary()


class Kept(Generic[T]):
    def __init__(self, fn: Callable[..., T], maxsize: int) -> None:
        self.fn, self.maxsize = fn, maxsize
        self._cache: OrderedDict[Any, T] = OrderedDict()
        self._lock = threading.Lock()
        functools.update_wrapper(self, fn)
        _ALL[f"{fn.__module__}.{fn.__qualname__}"] = self

    def __call__(self, *args: Any, **kwargs: Any) -> T:
        key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
        with self._lock:
            hit = self._cache.get(key)
            if hit is not None:
                self._cache.move_to_end(key)
                return hit
        hit = self.fn(*args, **kwargs)
        with self._lock:
            self._cache[key] = hit
            while len(self._cache) > self.maxsize:
                self._cache.popitem(last=False)
        return hit

    def cache_clear(self) -> None:
        with self._lock:
            self._cache.clear()

    def entries(self) -> list[tuple[Any, T]]:
        """The results kept, least recently used first."""
        with self._lock:
            return list(self._cache.items())

    def take_back(self, entries: Any, kind: type) -> None:
        """Put back :meth:`entries` of another process (those of type ``kind`` whose
        arguments are not here already), behind the ones drawn here."""
        with self._lock:
            for key, value in reversed(list(entries)):  # their order kept, older than ours
                if isinstance(value, kind) and key not in self._cache:
                    self._cache[key] = value
                    self._cache.move_to_end(key, last=False)
            while len(self._cache) > self.maxsize:  # the least recent of theirs let go
                self._cache.popitem(last=False)


def named(name: str) -> Kept[Any] | None:
    """The kept drawing of that full name (``module.function``), if any."""
    return _ALL.get(name)


def every() -> dict[str, Kept[Any]]:
    """Every kept drawing, by full name."""
    return dict(_ALL)


def kept(maxsize: int) -> Callable[[Callable[..., T]], Kept[T]]:
    """``functools.lru_cache(maxsize)`` whose entries can be read out and put back."""
    return lambda fn: Kept(fn, maxsize)
