"""Battles against the walkers and the rulebook's three worked examples (p. 13), with fixed dice."""

from __future__ import annotations

import pytest

from bot.rules.base import Rng
from bot.rules.risk_map.battle import attack_dice, defence_dice, resolve_roll
from bot.rules.walking_dead.walkers import (
    best_grenade,
    exchange,
    losses,
    survivor_defence_dice,
    walker_dice,
    walkers_attack,
)


class FixedDice:
    """Dice thrown in the order the test lists them; more throws than listed fail the test."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def die(self, sides: int = 6) -> int:
        assert self.faces, "the rules threw more dice than the test scripted"
        return self.faces.pop(0)


def test_the_governors_mall_attack_throws_two_against_two():
    # « Le Gouverneur a 3 Survivants dans le Centre Commercial [...] Seulement 2 Survivants peuvent
    # attaquer [...] Rick a 3 Survivants dans le Dépôt d'armes, mais seulement 2 maximum [...] »
    mall, depot = 3, 3
    assert attack_dice(mall - 1) == 2
    assert defence_dice(depot) == 2


def test_ricks_south_forest_attack_on_the_school():
    # 6, 4, 1 against 5, 4: 6 beats 5 (the Governor loses one), 4 ties 4 (the defence wins: Rick
    # loses one), Rick's third die is unused.
    assert attack_dice(9 - 1) == 3 and defence_dice(5) == 2
    assert resolve_roll([6, 4, 1], [5, 4]) == (1, 1)


def test_the_walkers_invasion_of_east_forest():
    # 3 walkers attack Rick's 2 survivors: 6,3,2 against 4+1, 2+1. 6 > 5 kills a survivor; 3 = 3:
    # the defence wins, a walker dies. Rick rolls 1 for his dead survivor: it turns, and the
    # invasion goes on with 3 walkers again against 1 survivor.
    dice = FixedDice(6, 3, 2, 4, 2, 1)
    ex = exchange(dice, walker_dice(3, True), survivor_defence_dice(2), walkers_attack=True)
    assert (ex.att, ex.dfn) == ([6, 3, 2], [4, 2])
    assert (ex.att_losses, ex.def_losses) == (1, 1)
    assert ex.turning == [1] and ex.turned == 1
    assert 3 - ex.att_losses + ex.turned == 3 and 2 - ex.def_losses == 1


def test_the_east_forest_invasion_fought_to_the_end():
    # the example's first roll, then the battle goes on (« jusqu'à ce que l'un ou l'autre soit
    # éliminé »): 5,5,4 against 3+1: the last survivor dies, rolls a 5 and stays dead.
    fight = walkers_attack(FixedDice(6, 3, 2, 4, 2, 1, 5, 5, 4, 3, 5), 3, 2)
    assert [len(r.att) for r in fight.rolls] == [3, 3]
    assert [len(r.dfn) for r in fight.rolls] == [2, 1]
    assert fight.overrun and fight.walkers == 3 and fight.survivors == 0


def test_survivors_add_one_against_walkers_both_ways():
    assert losses([4], [4], walkers_attack=False) == (0, 1)  # 4+1 beats the walkers' 4
    assert losses([4], [4], walkers_attack=True) == (1, 0)  # the walkers' 4 loses to 4+1
    assert losses([5], [4], walkers_attack=True) == (1, 0)  # a tie (5 = 4+1) goes to the defence
    assert losses([6], [4], walkers_attack=True) == (0, 1)
    assert resolve_roll([4], [4]) == (1, 0)  # between groups, no edge


def test_a_watchtower_adds_one_to_the_defenders_best_die_only():
    assert losses([6, 6], [4, 4], walkers_attack=True) == (0, 2)  # 6 beats 4+1 twice
    assert losses([6, 6], [4, 4], walkers_attack=True, tower=True) == (1, 1)  # 4+1+1 holds the 6
    # it never helps walkers: survivors attacking a walkers' tower territory
    assert losses([5], [6], walkers_attack=False, tower=True) == (1, 0)


@pytest.mark.parametrize(("face", "turns"), [(1, 1), (2, 1), (3, 1), (4, 0), (5, 0), (6, 0)])
def test_a_killed_survivor_turns_on_one_to_three(face, turns):
    ex = exchange(FixedDice(6, 1, face), 1, 1, walkers_attack=True)
    assert ex.def_losses == 1 and ex.turning == [face] and ex.turned == turns


def test_survivors_killed_attacking_walkers_turn_and_join_the_defenders():
    ex = exchange(FixedDice(1, 1, 6, 6, 2, 5), 2, 2, walkers_attack=False)
    assert (ex.att_losses, ex.def_losses) == (2, 0)  # 1+1 and 1+1 lose to 6 and 6
    assert ex.turning == [2, 5] and ex.turned == 1


def test_conquest_mode_has_no_edge_and_no_turning():
    ex = exchange(FixedDice(6, 5), 1, 1, walkers_attack=True, edge=0, turning=False)
    assert (ex.att_losses, ex.def_losses) == (0, 1) and ex.turning == []


def test_walkers_always_throw_the_most_dice():
    assert [walker_dice(n, True) for n in (1, 2, 3, 7)] == [1, 2, 3, 3]
    assert [walker_dice(n, False) for n in (1, 2, 7)] == [1, 2, 2]
    assert survivor_defence_dice(5, "one") == 1 and survivor_defence_dice(1) == 1
    with pytest.raises(ValueError):
        survivor_defence_dice(3, "three")


def test_a_grenade_saves_the_last_survivor_only_when_told():
    # 1 walker rolls 6 against the last survivor's 1: lost, unless the grenade makes it 6 (+1 = 7)
    saved = walkers_attack(FixedDice(6, 1, 2, 5), 1, 1, grenades=1, grenade_order="save")
    assert saved.grenades == 1 and saved.rolls[0].grenade == {"index": 0, "was": 1}
    assert not saved.overrun and saved.walkers == 0 and saved.survivors == 1
    lost = walkers_attack(FixedDice(6, 1, 5), 1, 1, grenades=1, grenade_order="never")
    assert lost.grenades == 0 and lost.overrun
    none_left = walkers_attack(FixedDice(6, 1, 5), 1, 1, grenades=0, grenade_order="always")
    assert none_left.overrun


def test_best_grenade_picks_the_die_that_helps_most():
    # attacker 3,2 against 5,4 (plain) loses both; a 6 for either die wins one pair: the lower
    # die (the 2, index 1) is changed
    assert best_grenade([3, 2], [5, 4], own_attacks=True, walkers_attack=None) == (1, (1, 1))
    # a defender's 1 against the walkers' 6: made a 6 (+1) it holds
    assert best_grenade([1], [6], own_attacks=False, walkers_attack=True) == (0, (1, 0))
    assert best_grenade([6, 6], [1, 1], own_attacks=True, walkers_attack=None) is None


def test_fights_always_end_with_one_side_gone():
    rng = Rng.from_seed(8)
    for i in range(1000):
        w, s = 1 + i % 7, 1 + (i // 7) % 9
        fight = walkers_attack(rng, w, s, tower=i % 3 == 0, choice=("most", "one")[i % 2])
        assert (fight.walkers == 0) != (fight.survivors == 0)
        assert fight.survivors <= s
        lost = sum(r.def_losses for r in fight.rolls)
        assert fight.survivors == s - lost
        assert fight.walkers == w - sum(r.att_losses for r in fight.rolls) + sum(r.turned for r in fight.rolls)
