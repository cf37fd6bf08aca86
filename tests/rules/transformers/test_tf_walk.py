"""Seeded random walks over the rules' parts (not yet a game: the engine is next session's):
every step a random legal move of some part, the table's invariants checked after each —
no empty zone, nothing on a closed factory, each leader in one place or the scrapyard."""

from __future__ import annotations

import pytest

from bot.rules.base import Rng
from bot.rules.transformers import days, leaders, setup, sides, zones
from bot.rules.transformers.attack import AttackOrder, DefenceOrder, advance, attack_roll, refusal
from bot.rules.transformers.income import income
from bot.rules.transformers.table import add_robots, check, leader_on, pieces, zones_of


def _attacks(tf, table, seat_leaders, seat):
    cyb = tf.board
    lid = seat_leaders[seat]
    lead = table["leaders"][lid]
    striker = tf.leaders[lid].power == "strike" and lead["mode"] == "vehicle"
    everywhere = cyb.in_play(table["open"])
    out = []
    for src in zones_of(table, seat):
        room = pieces(table, src) - 1
        if room < 1:
            continue
        here = leader_on(table, src) == lid
        near = cyb.neighbours(src, table["open"])
        for dst in (everywhere if here and striker else near):
            if table["zones"][dst]["owner"] == seat:
                continue
            for with_leader in ((False, True) if here else (False,)):
                robots = min(3 - with_leader, table["zones"][src]["robots"], room - with_leader)
                if robots + with_leader < 1:
                    continue
                for order in {AttackOrder(src, dst, robots, with_leader), AttackOrder(src, dst, 0, with_leader)}:
                    if order.robots + order.leader and refusal(tf, table, seat_leaders, seat, order) is None:
                        out.append(order)
    return sorted(out, key=lambda o: (o.src, o.dst, o.robots, o.leader))


def walk(tf, n, seed, steps, seen=None):
    """One walk; ``seen`` counts what happened (so a test knows the walk did something)."""
    seen = {} if seen is None else seen
    cyb = tf.board
    rng = Rng.from_seed(seed)
    seats = [f"s{i}" for i in range(n)]
    seat_leaders = sides.assign_leaders(seats)
    table = setup.random_setup(tf, seats, seat_leaders, rng)
    for step in range(steps):
        alive = [s for s in seats if zones_of(table, s)]
        if days.last_side_standing(table, sides.teams(seat_leaders)):
            break
        seat = alive[step % len(alive)]
        lid = seat_leaders[seat]
        kind = rng.below(10)
        if kind < 6:
            orders = _attacks(tf, table, seat_leaders, seat)
            if orders:
                order = orders[rng.below(len(orders))]
                out = attack_roll(tf, table, seat_leaders, seat, order, DefenceOrder(dice=1 + rng.below(2)), rng)
                table = out.table
                seen["attacks"] = seen.get("attacks", 0) + 1
                seen["captures"] = seen.get("captures", 0) + out.captured
                seen["leaders_lost"] = seen.get("leaders_lost", 0) + out.def_lost.leader + out.att_lost.leader
                if out.captured and table["zones"][order.src]["robots"] > 1 and rng.below(2):
                    table = advance(table, seat, order.src, order.dst, 1)
        elif kind == 6:
            special = zones.transformable(cyb, table, seat)
            if special:
                z = special[rng.below(len(special))]
                seen["transforms"] = seen.get("transforms", 0) + 1
                if z in cyb.pivots:
                    table = zones.turn_pivot(cyb, table, z)
                elif table["open"][z]:
                    table, _ = zones.close_slide(cyb, table, z)
                else:
                    table = zones.open_slide(cyb, table, seat, z)
        elif kind == 7:
            got = income(cyb, table, seat).total
            mine = zones_of(table, seat)
            if table["leaders"][lid]["zone"] is None and got >= leaders.REVIVE_COST:
                table, got = leaders.revive(table, lid, mine[rng.below(len(mine))], "robot", got)
            for _ in range(got):
                table = add_robots(table, mine[rng.below(len(mine))], seat, 1)
        elif kind == 8:
            if table["leaders"][lid]["zone"] is not None:
                table = leaders.flip(table, lid)
            targets = leaders.jump_targets(table, lid)
            if targets:
                table = leaders.jump(table, lid, targets[rng.below(len(targets))])
        else:
            table, _ = days.matrix(cyb, table, cyb.board.order[rng.below(42)])
        errors = check(table, cyb.in_play(table["open"]))
        assert errors == [], (seed, step, errors)
        assert all(lead["seat"] in seats for lead in table["leaders"].values())
    return table


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_walks_keep_the_invariants(tf, n):
    seen: dict[str, int] = {}
    for seed in range(8):
        walk(tf, n, f"walk{n}-{seed}", 120, seen)
    assert seen["attacks"] > 100 and seen["captures"] > 20 and seen["transforms"] > 10 and seen["leaders_lost"]


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4])
def test_many_random_walks_keep_the_invariants(tf, n):
    for seed in range(400):
        walk(tf, n, f"long{n}-{seed}", 300)
