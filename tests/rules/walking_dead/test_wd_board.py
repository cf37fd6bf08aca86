"""The Walking Dead's board: the file passes every check, and a board broken in each way fails."""

from __future__ import annotations

import copy
import importlib.util
import json

import pytest

from bot.rules.risk_map.board import DATA_DIR, BoardError
from bot.rules.walking_dead.board import (
    CAMP,
    KNOWN_NAMES,
    PRISON,
    STRATEGIC_NAMES,
    board_from_dict,
    load_board,
)

FOLDER = DATA_DIR / "walking_dead"


def _data() -> tuple[dict, dict]:
    with open(FOLDER / "map.json", encoding="utf-8") as fh:
        data = json.load(fh)
    with open(FOLDER / "names_fr.json", encoding="utf-8") as fh:
        names = json.load(fh)
    return data, names


def test_the_board_is_the_rulebooks():
    wd = load_board()
    b = wd.board
    assert len(b.order) == 32 and len(b.regions) == 6
    assert all(4 <= len(z.territories) <= 7 for z in b.regions.values())
    assert sorted(len(z.territories) for z in b.regions.values()) == [4, 5, 5, 5, 6, 7]
    camp = b.regions[CAMP]
    assert (len(camp.territories), camp.bonus) == (4, 2)
    # bonuses on the classic scale by size (GAMES.md)
    assert all(z.bonus == {4: 2, 5: 3, 6: 4, 7: 5}[len(z.territories)] for z in b.regions.values())
    assert len(wd.strategic) == 6
    assert {b.territories[t].region for t in wd.strategic} == set(b.regions)
    assert {b.territories[t].name for t in wd.strategic} == STRATEGIC_NAMES
    assert wd.strategic_in(CAMP) == "atlanta_survivor_camp"
    assert wd.strategic_in(PRISON) == "prison"
    names = {t.name for t in b.territories.values()}
    assert set(KNOWN_NAMES) <= names


def test_the_rulebooks_examples_are_neighbours():
    b = load_board().board
    assert b.adjacent("mall", "weapons_depot")
    assert b.adjacent("south_forest", "school")
    assert b.territories["east_forest"].region == CAMP


def test_real_names_are_not_provisional_and_invented_ones_are():
    b = load_board().board
    real = {t.name for t in b.territories.values() if not t.provisional}
    assert real == set(KNOWN_NAMES)
    assert not b.regions[CAMP].provisional
    assert all(z.provisional for zid, z in b.regions.items() if zid != CAMP)


def test_french_names_cover_everything_and_are_unique():
    wd = load_board()
    assert set(wd.names_fr["territory"]) == set(wd.board.order)
    assert set(wd.names_fr["region"]) == set(wd.board.regions)
    assert len(set(wd.names_fr["territory"].values())) == 32
    assert wd.names_fr["territory"]["mall"] == "Centre commercial"
    assert wd.names_fr["territory"]["weapons_depot"] == "Dépôt d'armes"
    assert wd.names_fr["region"][CAMP] == "Camp de survie"


def test_the_prison_zone_is_the_centre():
    data, _ = _data()
    cells = {t: v["cell"] for t, v in data["layout"]["territories"].items()}
    assert cells["prison"]["band"][0] == 0
    b = load_board().board
    ring = max(cells[t]["band"][1] for t in b.regions[PRISON].territories)
    assert all(cells[t]["band"][0] >= ring for t in b.order if b.territories[t].region != PRISON)
    # every box the renderer draws lies on the picture
    with open(FOLDER / "layout.json", encoding="utf-8") as fh:
        lay = json.load(fh)
    w, h = lay["size"]
    assert lay["size"] == data["layout"]["size"] and lay["centre"] == data["layout"]["centre"]
    for t in b.order:
        for key in ("badge_box", "label_box"):
            x0, y0, x1, y1 = lay["territories"][t][key]
            assert 0 <= x0 < x1 < w and 0 <= y0 < y1 < h
        assert lay["territories"][t]["strategic"] == (t in load_board().strategic)


def test_the_build_script_writes_the_same_files(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("wd_build", FOLDER / "build_map.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    board, names_fr, _cells = mod.build()
    data, names = _data()
    assert json.loads(json.dumps(board, ensure_ascii=False)) == data
    assert names_fr == names
    with open(FOLDER / "layout.json", encoding="utf-8") as fh:
        assert json.loads(json.dumps(mod.layout(board))) == json.load(fh)


def _breaks(mutate, needle: str) -> None:
    data, names = _data()
    data, names = copy.deepcopy(data), copy.deepcopy(names)
    mutate(data, names)
    with pytest.raises(BoardError, match=needle):
        board_from_dict(data, names)


def test_a_missing_border_fails_both_ways():
    def drop(data, names):
        data["borders"] = [x for x in data["borders"] if {x["a"], x["b"]} != {"mall", "weapons_depot"}]
    _breaks(drop, "touch on the board but do not border")


def test_an_extra_border_fails():
    def add(data, names):
        data["borders"].append({"a": "mall", "b": "prison", "kind": "land"})
    _breaks(add, "border but do not touch")


def test_an_asymmetric_border_fails():
    def add(data, names):
        data["borders"].append({"a": "weapons_depot", "b": "mall", "kind": "sea"})
    _breaks(add, "asymmetric")


def test_a_cut_off_territory_fails():
    def cut(data, names):
        data["borders"] = [x for x in data["borders"] if "airfield" not in (x["a"], x["b"])]
    _breaks(cut, "not one connected graph")


def test_a_wrong_count_fails():
    def drop(data, names):
        data["territories"] = [t for t in data["territories"] if t["id"] != "creek"]
        data["borders"] = [x for x in data["borders"] if "creek" not in (x["a"], x["b"])]
        for r in data["regions"]:
            r["territories"] = [t for t in r["territories"] if t != "creek"]
    _breaks(drop, "the rulebook says 32 territories")


def test_a_zone_too_big_fails():
    def move(data, names):
        for t in data["territories"]:
            if t["id"] in ("prison_yard", "prison_garden"):
                t["region"] = "wiltshire"
        for r in data["regions"]:
            if r["id"] == "prison":
                r.pop("territories")
            if r["id"] == "wiltshire":
                r.pop("territories")
    _breaks(move, "zone 'wiltshire' has 9 territories")


def test_the_camp_must_keep_four_and_two():
    def bonus(data, names):
        for r in data["regions"]:
            if r["id"] == CAMP:
                r["bonus"] = 3
    _breaks(bonus, "the Survivor Camp has 4 territories and a bonus of 3")


def test_two_strategic_locations_in_a_zone_fail():
    def two(data, names):
        for t in data["territories"]:
            if t["id"] == "quarry":
                t["strategic"] = True
    _breaks(two, "zone 'survivor_camp' has 2 strategic locations")


def test_a_duplicate_name_fails():
    def dup(data, names):
        for t in data["territories"]:
            if t["id"] == "creek":
                t["name"] = "Farmland"
    _breaks(dup, "the name 'Farmland' is used twice")


def test_a_lost_real_name_fails():
    def rename(data, names):
        for t in data["territories"]:
            if t["id"] == "golf_course":
                t["name"] = "Country Club"
    _breaks(rename, "the real name 'Golf Course' is not on the board")


def test_a_missing_or_duplicate_french_name_fails():
    _breaks(lambda d, n: n["territory"].pop("creek"), "no French name for territory creek")
    _breaks(lambda d, n: n["territory"].__setitem__("creek", "Forêt Sud"), "the French name 'Forêt Sud' is used twice")


def test_the_prison_out_of_the_middle_fails():
    def swap(data, names):
        cells = data["layout"]["territories"]
        cells["prison"]["cell"], cells["mall"]["cell"] = cells["mall"]["cell"], cells["prison"]["cell"]
    _breaks(swap, "the Prison must be the disc in the middle")
