"""States of The Walking Dead arranged for a rule's test: a real setup (made at import, before
any test scripts the dice), then the board and the turn set by hand."""

from __future__ import annotations

from typing import Any

from bot.rules.base import State, clone
from bot.rules.walking_dead.game import WalkingDead

GAME = WalkingDead()
SEATS = {n: [f"p{i + 1}" for i in range(n)] for n in (2, 3, 4, 5)}
_BASE: dict[tuple[str, int], State] = {}
for _mode, _counts in (("survival", (2, 3, 4)), ("conquest", (3, 4, 5))):
    for _n in _counts:
        _BASE[_mode, _n] = GAME.setup(SEATS[_n], {"mode": _mode}, seed=11)


def arranged(mode: str = "survival", n: int = 2, board: dict[str, tuple[str, int]] | None = None,
             fill: tuple[str, int] | None = None, phase: str = "attack", current: str = "p1",
             **keys: Any) -> State:
    """A state of ``n`` players whose territories are ``board`` (tid → (owner, troops)), the
    others ``fill`` (by default the walkers' in Survival, 1 each; in Conquest the last seat's),
    in ``phase`` of ``current``'s turn; ``keys`` replace any other top-level key."""
    state = clone(_BASE[mode, n])
    if fill is None:
        fill = ("walkers", 1) if mode == "survival" else (SEATS[n][-1], 1)
    for t in GAME.board.order:
        owner, troops = (board or {}).get(t, fill)
        state["owner"][t] = owner
        state["troops"][t] = troops
    state.update({"phase": phase, "setup": None, "pawns": {s: 0 for s in SEATS[n]}, "reserve": 0,
                  "income": {"territories": 3, "regions": 0, "cards": 0, "power": 0, "trade": 0},
                  "battle": None, "conquests": [], "conquered": 0, "traded": False, "manoeuvres": 0,
                  "action": None, "turn": 5, "current": state["order"].index(current)})
    for key, value in keys.items():
        state[key] = value
    return state


def give(state: State, seat: str, **fields: Any) -> State:
    """``state`` with ``seat``'s player record fields replaced (crates ``hand``, ``grenades``…)."""
    state = clone(state)
    state["players"][seat].update(fields)
    return state
