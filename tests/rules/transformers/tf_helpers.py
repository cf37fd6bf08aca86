"""Helpers for the Transformers rules' tests: scripted dice, small tables."""

from __future__ import annotations

from collections import deque


class Dice:
    """Dice that come up as listed, in the order they are asked for; each face checked
    against the die asked (a d6 never shows 7)."""

    def __init__(self, *faces: int) -> None:
        self.faces = deque(faces)
        self.asked: list[int] = []

    def die(self, sides: int = 6) -> int:
        face = self.faces.popleft()
        assert 1 <= face <= sides, f"a d{sides} cannot show {face}"
        self.asked.append(sides)
        return face

    def below(self, n: int) -> int:
        return self.die(n) - 1


def table_of(cyb, zones, leaders=None, open_=None):
    """A table: ``zones`` {zone: (owner, robots)}, ``leaders`` {id: (seat, zone, mode)}."""
    start = cyb.start_open()
    return {
        "zones": {z: {"owner": o, "robots": r} for z, (o, r) in zones.items()},
        "leaders": {lid: {"seat": s, "zone": z, "mode": m} for lid, (s, z, m) in (leaders or {}).items()},
        "open": {**start, **(open_ or {})},
    }


def fill(cyb, zones, owner="filler", open_=None):
    """Every zone in play not in ``zones`` held by ``owner`` with one robot, so the table has
    no empty zone."""
    start = {**cyb.start_open(), **(open_ or {})}
    out = dict(zones)
    for z in cyb.in_play(start):
        out.setdefault(z, (owner, 1))
    return out
