"""The one source of randomness of every engine: :class:`Rng` (SplitMix64), whose whole state is
one integer kept in the game state, so a game replays bit for bit. ``bot.rules.base`` exposes
it (engines build theirs as ``base.Rng``, which a test's scripted dice replace).

:func:`roller` binds a die's faces once: ``roll(rng, count)`` is ``rng.roll(count, faces)``
(the same single draw, the same dice) without the per-call look-ups, for engines that throw the
same dice thousands of times a game.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Callable
from typing import Any

__all__ = ["Rng", "roller"]

_MASK64 = (1 << 64) - 1
_LIMITS: dict[int, int] = {}  # n → the largest multiple of n below 2**64, for ``below``


class Rng:
    """SplitMix64: tiny, fast, and its whole state is one integer kept in the game state.

    Engines build one from ``state["rng"]`` at the start of ``apply`` and write
    ``rng.state`` back at the end, so the randomness is part of the saved game.
    """

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK64

    @classmethod
    def from_seed(cls, seed: int | str) -> Rng:
        if isinstance(seed, str):
            seed = int.from_bytes(seed.encode()[:8].ljust(8, b"\0"), "little") ^ len(seed)
        rng = cls(seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019)
        rng.next64()
        return rng

    def next64(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)``, unbiased (rejection sampling). ``next64`` inlined:
        the hottest call of random play."""
        limit = _LIMITS.get(n)
        if limit is None:
            if n <= 0:
                raise ValueError("n must be positive")
            limit = _LIMITS[n] = (1 << 64) - ((1 << 64) % n)
        s = self.state
        while True:
            s = (s + 0x9E3779B97F4A7C15) & _MASK64
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            z ^= z >> 31
            if z < limit:
                self.state = s
                return z % n

    def die(self, sides: int = 6) -> int:
        return self.below(sides) + 1

    def dice(self, count: int, sides: int = 6) -> list[int]:
        return [self.below(sides) + 1 for _ in range(count)]

    def throw(self, count: int, sides: int = 6) -> list[int]:
        """``count`` dice from a single draw: one uniform number below ``sides**count``,
        read digit by digit (exactly uniform, and far cheaper than a draw per die)."""
        if count <= 0:
            return []
        if sides < 2:  # no digits to read: as ever, one draw
            x, out = self.below(sides**count), []
            for _ in range(count):
                x, d = divmod(x, sides)
                out.append(d + 1)
            return out
        found = _TABLES.get(sides) or _tables(sides, tuple(range(1, sides + 1)))
        return _read(self.below(sides**count), count, found)

    def roll(self, count: int, faces: tuple[Any, ...]) -> list[Any]:
        """``count`` dice showing ``faces``: exactly ``[faces[d - 1] for d in
        self.throw(count, len(faces))]`` (the same single draw), read from tables. A subclass
        (a test's scripted dice) is asked through its own ``throw``."""
        if type(self) is not _SPLITMIX:
            return [faces[d - 1] for d in self.throw(count, len(faces))]
        if count <= 0:
            return []
        if len(faces) < 2:
            return [faces[d - 1] for d in self.throw(count, len(faces))]
        found = _TABLES.get(faces) or _tables(faces, faces)
        chunk, tables = found
        if count <= chunk:
            return list(tables[count][self.below(len(faces) ** count)])
        return _read(self.below(len(faces) ** count), count, found)

    def shuffle(self, items: list[Any]) -> None:
        """Fisher–Yates: ``items[i]`` swapped with ``items[below(i + 1)]``, ``i`` from the last
        down. A long list's draws are worked out at once (:func:`_steps`, the same numbers)."""
        n = len(items)
        if _BATCHED <= n <= 256 and type(self) is _SPLITMIX:
            s = self.state
            outs = _steps(s, n - 1)
            # no draw is rejected when every output is below the smallest limit of ``below(k)``
            # for k <= n (each is at least 2**64 - k + 1): then each draw is one step, as here
            if max(outs) <= _MASK64 - n + 1:
                for i, z in zip(range(n - 1, 0, -1), outs, strict=True):
                    j = z % (i + 1)
                    items[i], items[j] = items[j], items[i]
                self.state = (s + (n - 1) * _GAMMA) & _MASK64
                return
        for i in range(n - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


_SPLITMIX = Rng  # the class itself, even where a test puts a scripted one in its place

# faces (or a number of sides) → (chunk, [table of the k-dice readings for k = 0 … chunk]):
# a draw read digit by digit in base ``len(faces)``, lowest first, ``chunk`` digits a look-up.
_TABLES: dict[Any, tuple[int, list[list[tuple[Any, ...]]]]] = {}


def _tables(key: Any, faces: tuple[Any, ...]) -> tuple[int, list[list[tuple[Any, ...]]]]:
    found = _TABLES.get(key)
    if found is None:
        sides = len(faces)
        chunk = 1
        while sides ** (chunk + 1) <= 2048:
            chunk += 1
        tables: list[list[tuple[Any, ...]]] = [[()]]
        for k in range(1, chunk + 1):  # k digits, lowest first: x % sides is the first die
            tables.append([(faces[x % sides], *tables[k - 1][x // sides]) for x in range(sides**k)])
        found = _TABLES[key] = (chunk, tables)
    return found


def _read(x: int, count: int, found: tuple[int, list[list[tuple[Any, ...]]]]) -> list[Any]:
    """The ``count`` dice of the draw ``x`` (below ``sides**count``), first die lowest digit."""
    chunk, tables = found
    if count <= chunk:
        return list(tables[count][x])
    full = tables[chunk]
    size = len(full)
    out: list[Any] = []
    while count > chunk:
        x, low = divmod(x, size)
        out.extend(full[low])
        count -= chunk
    out.extend(tables[count][x])
    return out



_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB


_BATCHED = 8  # lists this long or longer are shuffled on draws worked out at once
_LANES: dict[int, tuple[int, int, int]] = {}  # k → (1 in each of k 128-bit lanes, the steps, the masks)


def _steps(s: int, k: int) -> list[int]:
    """The outputs of the ``k`` SplitMix64 steps after state ``s``, worked out at once: lane
    ``i`` of one big integer holds the state ``s + (i + 1)·gamma`` (a 64-bit product fits its
    128-bit lane; each lane is cut back to 64 bits before the next multiply), so each of the
    dozen operations steps every lane; then the lanes are read out as 64-bit words."""
    found = _LANES.get(k)
    if found is None:
        ones = sum(1 << (128 * i) for i in range(k))
        steps = sum((((i + 1) * _GAMMA) & _MASK64) << (128 * i) for i in range(k))
        found = _LANES[k] = (ones, steps, _MASK64 * ones)
    ones, steps, lanes = found
    x = (s * ones + steps) & lanes
    x = ((x ^ (x >> 30)) & lanes) * _MIX1 & lanes
    x = ((x ^ (x >> 27)) & lanes) * _MIX2 & lanes
    x ^= x >> 31  # the lanes' high halves get bits of the next lane: never read
    words = array("Q", x.to_bytes(16 * k, "little"))
    if sys.byteorder != "little":  # pragma: no cover - the words were written little-endian
        words.byteswap()
    return words[::2].tolist()


def roller(faces: tuple[Any, ...], most: int = 16) -> Callable[[Rng, int], list[Any]]:
    """``roll(rng, count)``: exactly ``rng.roll(count, faces)`` (one draw below
    ``len(faces) ** count``, read from the same tables), with the tables, the powers and the
    rejection limits bound once and SplitMix64 inlined for counts up to ``most``. Another
    generator (a test's scripted dice), other counts and fewer than two faces are handed to
    ``rng.roll``."""
    faces = tuple(faces)
    sides = len(faces)
    if sides < 2:
        return lambda rng, count: rng.roll(count, faces)
    found = _TABLES.get(faces) or _tables(faces, faces)
    chunk, tables = found
    full = tables[chunk]
    size = len(full)
    powers = [sides**k for k in range(most + 1)]
    limits = [(1 << 64) - ((1 << 64) % n) for n in powers]
    splitmix = _SPLITMIX

    def roll(rng: Rng, count: int) -> list[Any]:
        if type(rng) is not splitmix or not 0 < count <= most:
            return rng.roll(count, faces)
        limit = limits[count]
        s = rng.state
        while True:
            s = (s + _GAMMA) & _MASK64
            z = ((s ^ (s >> 30)) * _MIX1) & _MASK64
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
            z ^= z >> 31
            if z < limit:
                break
        rng.state = s
        x = z % powers[count]
        if count <= chunk:
            return list(tables[count][x])
        if count <= 2 * chunk:
            return [*full[x % size], *tables[count - chunk][x // size]]
        return _read(x, count, found)

    return roll


def counted_roller(faces: tuple[Any, ...], most: int = 16) -> Callable[[Rng, int], tuple[list[Any], int]]:
    """Like :func:`roller`, and each throw also comes with a number that names its dice as a
    multiset (which faces, how many of each, not their order): ``sum((most + 1) ** i`` over
    the dice, ``i`` a die's face index``)``, read from tables beside the dice. An engine keys on
    it what a throw can do, without sorting the dice."""
    faces = tuple(faces)
    sides = len(faces)
    base = most + 1
    weight = {face: base**i for i, face in enumerate(faces)}
    if sides < 2 or len(weight) != sides:
        raise ValueError("a counted roller needs two or more different faces")
    found = _TABLES.get(faces) or _tables(faces, faces)
    chunk, tables = found
    keys = [[sum(weight[f] for f in dice) for dice in table] for table in tables]
    full, full_keys = tables[chunk], keys[chunk]
    size = len(full)
    powers = [sides**k for k in range(most + 1)]
    limits = [(1 << 64) - ((1 << 64) % n) for n in powers]
    splitmix = _SPLITMIX
    top = min(most, 2 * chunk)  # the counts read from the tables here

    def roll(rng: Rng, count: int) -> tuple[list[Any], int]:
        if type(rng) is not splitmix or not 0 < count <= top:
            dice = rng.roll(count, faces)
            return dice, sum(weight[f] for f in dice)
        limit = limits[count]
        s = rng.state
        while True:
            s = (s + _GAMMA) & _MASK64
            z = ((s ^ (s >> 30)) * _MIX1) & _MASK64
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
            z ^= z >> 31
            if z < limit:
                break
        rng.state = s
        x = z % powers[count]
        if count <= chunk:
            return list(tables[count][x]), keys[count][x]
        low, high = x % size, x // size
        return [*full[low], *tables[count - chunk][high]], full_keys[low] + keys[count - chunk][high]

    return roll
