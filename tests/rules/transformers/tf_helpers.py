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


# --------------------------------------------------------------------------- the engine

LEADER_OF = {"red": "optimus_prime", "blue": "bumblebee", "black": "megatron", "yellow": "barricade"}


def staged(game, seats, zones, leaders=None, open_=None, hands=None, filler=None, current=0, phase="place",
           reserve=0, day=1, deck=None):
    """A game state set as a test says, through ``setup`` (seats named by colour pick their
    leader: red Optimus Prime, blue Bumblebee, black Megatron, yellow Barricade), then:
    ``zones`` {zone: (seat, robots)}, every other zone in play held by ``filler`` (default:
    the last seat) with one robot; ``leaders`` {seat: (zone, mode)}, a leader not listed in
    the scrapyard; the four special zones' ``open_``; ``hands`` {seat: [card, …]}; whose turn
    (``current``: index), the ``phase``, the ``reserve`` and the ``day``; ``deck`` (top last)."""
    seats = list(seats)
    picks = {s: {"leader": LEADER_OF[s]} for s in seats}
    import bot.rules.base as base
    import bot.rules.rng as rng

    scripted, base.Rng = base.Rng, rng.Rng  # the deal uses the real generator, not a test's dice
    try:
        state = game.setup(seats, {}, 1, picks)
    finally:
        base.Rng = scripted
    state["open"] = {**state["open"], **(open_ or {})}
    filler = filler or seats[-1]
    closed = game.closed(state)
    owner, troops = {}, {}
    for t in game.board.order:
        shut = t in closed and t in ("decagon", "moon_alpha")
        owner[t], troops[t] = (None, 0) if shut else (filler, 1)
    for z, (s, n) in zones.items():
        owner[z], troops[z] = s, n
    state["owner"], state["troops"] = owner, troops
    state["leaders"] = {LEADER_OF[s]: {"seat": s, "zone": None, "mode": "robot"} for s in seats}
    for s, (z, mode) in (leaders or {}).items():
        state["leaders"][LEADER_OF[s]] = {"seat": s, "zone": z, "mode": mode}
    for s in seats:
        state["players"][s]["hand"] = list((hands or {}).get(s, []))
    state["current"], state["phase"], state["reserve"], state["day"] = current, phase, reserve, day
    state["turn"] = current + 1
    state["income"] = {"zones": reserve} if reserve else {}
    state["fx"], state["battle"], state["conquered"] = {}, None, 0
    if deck is not None:
        state["deck"] = list(deck)
    return state


def faces(*values):
    """Die faces as the scripted generator's draws (``below(sides)`` = face - 1)."""
    return [v - 1 for v in values]
