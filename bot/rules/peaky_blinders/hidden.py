"""What a gang may not see in Risk Peaky Blinders, redrawn for an AI's sample
(:meth:`bot.rules.base.Game.sample_state`): the territory cards it does not hold (the deck's
order, the discard pile, the other gangs' hands, the reward cards under the neutral gangs:
one pool, the 42 cards less its hand), the other gangs' missions not yet completed (from the
missions nobody has shown), every face-down power (the owner does not look at them either)
and the other gangs' standing defence orders (their default)."""

from __future__ import annotations

from typing import Any

from bot.rules.base import Rng, State
from bot.rules.hidden import redeal, unseen
from bot.rules.risk_map.defence import DEFAULT_ORDER


def redraw(game: Any, state: State, seat: str | None, rng: Rng) -> None:
    players = state["players"]
    others = [s for s in sorted(players) if s != seat]
    mine = players.get(seat) if seat is not None else None
    # the territory cards
    slots: list[tuple[Any, Any]] = [(state, "deck"), (state, "discard")]
    slots += [(players[s], "hand") for s in others]
    rewards = state.get("neutral_rewards") or {}
    slots += [(rewards, g) for g in sorted(rewards)]
    redeal(rng, unseen(game.data.razors, mine["hand"] if mine else []), slots)
    # missions: the others' open ones, from those nobody has shown
    shown = [m["id"] for p in players.values() for m in p["missions"] if m["done"]]
    shown += [m["id"] for m in mine["missions"]] if mine else []
    pool = unseen(game.data.missions, shown)
    rng.shuffle(pool)
    for s in others:
        for m in players[s]["missions"]:
            if not m["done"]:
                m.update(id=pool.pop() if pool else m["id"], held=0)
    # powers face down, everyone's: from those not face up or discarded
    up = [x["id"] for p in players.values() for x in p["powers"] if x["up"]]
    pool = unseen(game.data.powers, up + list(state.get("power_discard") or []))
    rng.shuffle(pool)
    for s in sorted(players):
        for x in players[s]["powers"]:
            if not x["up"]:
                x["id"] = pool.pop() if pool else x["id"]
    for s in others:
        players[s]["defence"] = DEFAULT_ORDER
