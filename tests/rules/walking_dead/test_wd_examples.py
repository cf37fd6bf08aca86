"""The rulebook's three worked examples (p. 13), played through the engine with fixed dice."""

from __future__ import annotations

from wd_states import GAME, arranged

from bot.rules.base import canonical


def faces(*dice: int) -> tuple[int, ...]:
    """Die faces as the scripted generator's draws (a face f is the draw f - 1)."""
    return tuple(d - 1 for d in dice)


def test_the_governors_mall_attack_throws_two_dice_against_two(scripted_dice):
    # « Le Gouverneur a 3 Survivants dans le Centre Commercial qui veulent envahir le Dépôt
    # d'armes. Seulement 2 Survivants peuvent attaquer [...] Rick a 3 Survivants dans le Dépôt
    # d'armes, mais seulement 2 maximum peuvent être utilisés pour la défense. »
    state = arranged(board={"mall": ("p1", 3), "weapons_depot": ("p2", 3)})
    scripted_dice(*faces(6, 5, 1, 1))
    _, events = GAME.apply(state, "p1", {"type": "attack", "from": "mall", "to": "weapons_depot"})
    roll = next(e for e in events if e["type"] == "roll")
    assert len(roll["att"]) == 2 and len(roll["def"]) == 2
    assert (roll["att_losses"], roll["def_losses"]) == (0, 2)


def test_ricks_south_forest_attack_on_the_school(scripted_dice):
    # Rick sends 3 of his 9 survivors; 6, 4, 1 against the Governor's 5, 4: one each, the third
    # die unused; Rick may go on or stop.
    state = arranged(board={"south_forest": ("p1", 9), "school": ("p2", 5)})
    scripted_dice(*faces(6, 4, 1, 5, 4))
    after, events = GAME.apply(state, "p1", {"type": "attack", "from": "south_forest", "to": "school",
                                            "count": 3})
    roll = next(e for e in events if e["type"] == "roll")
    assert (roll["att"], roll["def"]) == ([6, 4, 1], [5, 4])
    assert (roll["att_losses"], roll["def_losses"]) == (1, 1)
    assert "att_mod" not in roll and "turning" not in roll  # group against group: no +1, no turning
    assert after["troops"]["school"] == 4 and after["battle"]["committed"] == 2
    assert after["troops"]["south_forest"] == 6
    assert {"type": "retreat"} in GAME.legal_actions(after, "p1")


def test_the_walkers_invasion_of_east_forest(scripted_dice):
    # 3 walkers attack Rick's 2 survivors in East Forest: 6, 3, 2 against 4+1, 2+1 — a survivor
    # dies (6 > 5) and a walker (3 = 3, the defence wins). Rick rolls 1: his survivor turns and
    # the invasion goes on with 3 walkers against 1 survivor, to the end: 5, 5, 4 against 3+1,
    # the last survivor dies and rolls 5 (stays dead). East Forest is the walkers'.
    state = arranged(board={"east_forest": ("p2", 2), "quarry": ("p2", 4), "mall": ("p1", 3)},
                     marker=4, deck=["the_tombs", "railroad", "airfield", "east_forest"],
                     actions=["quiet_roads"])
    scripted_dice(*faces(6, 3, 2, 4, 2, 1, 5, 5, 4, 3, 5))
    after, events = GAME.apply(state, "p1", {"type": "end_turn"})
    invasion = next(e for e in events if e["type"] == "invasion")
    assert invasion["territories"] == ["east_forest", "airfield", "railroad", "the_tombs"]
    spawn = invasion["spawns"][0]
    first, second = spawn["rolls"]
    assert (first["att"], first["def"]) == ([6, 3, 2], [4, 2])
    assert (first["att_losses"], first["def_losses"]) == (1, 1)
    assert first["turning"] == [1] and first["turned"] == 1
    assert (second["att"], second["def"], second["turning"]) == ([5, 5, 4], [3], [5])
    assert spawn["overrun"] and spawn["walkers_left"] == 3
    assert after["owner"]["east_forest"] == "walkers" and after["troops"]["east_forest"] == 3
    assert after["troops"]["airfield"] == 1 + 3  # walkers on walkers: added
    assert canonical(state) != canonical(after)
