"""Cybertron as the rulebook and GAMES.md describe it, and the loader refusing broken boards."""

from __future__ import annotations

import copy
import json

import pytest

from bot.rules.risk_map.board import DATA_DIR
from bot.rules.transformers.board import (
    SECTOR_BONUS,
    SECTOR_SIZE,
    CybertronError,
    from_dicts,
    load_cybertron,
)

FOLDER = DATA_DIR / "transformers"


def raw() -> tuple[dict, dict]:
    with open(FOLDER / "map.json", encoding="utf-8") as fh:
        data = json.load(fh)
    with open(FOLDER / "names_fr.json", encoding="utf-8") as fh:
        fr = json.load(fh)
    return data, fr


@pytest.fixture(scope="module")
def cyb():
    return load_cybertron()


def test_counts_and_bonuses(cyb):
    assert len(cyb.board.order) == 42
    assert {s: len(r.territories) for s, r in cyb.board.regions.items()} == SECTOR_SIZE
    assert {s: r.bonus for s, r in cyb.board.regions.items()} == SECTOR_BONUS
    assert SECTOR_SIZE == {"red": 6, "yellow": 4, "green": 12, "blue": 9, "purple": 7, "orange": 4}
    assert SECTOR_BONUS == {"red": 3, "yellow": 2, "green": 7, "blue": 5, "purple": 5, "orange": 2}


def test_every_known_name_is_there_and_real(cyb):
    known = {"Autobase", "Neutral Territories", "Kalis", "Protihex", "Uraya", "Primus", "Praetorus Dock",
             "Praxus", "Pion Tower", "Decagon", "Moon Alpha", "Plasma Energy Chamber", "Launch Pad",
             "Hexima State", "Orbital Platform Beta", "The Arena", "Perihex", "Vos", "Tri-Lorus Loop",
             "The Rad Zone", "Unicron"}
    names = {t.name: t for t in cyb.board.territories.values()}
    assert known <= set(names)
    assert all(not names[n].provisional for n in known)
    # every name we invented says so
    assert sum(t.provisional for t in cyb.board.territories.values()) == 42 - len(known)


def test_known_sectors(cyb):
    assert cyb.sector_of("autobase") == "red"
    assert cyb.sector_of("neutral_territories") == "red"
    assert cyb.sector_of("kalis") == "yellow"
    assert cyb.sector_of("protihex") == "green"
    # page 10, example 3: holding the Plasma Energy Chamber lets blue transform Decagon
    assert cyb.sector_of("plasma_energy_chamber") == cyb.sector_of("decagon")


def test_uraya_as_page_11_describes_it(cyb):
    b = cyb.board
    assert b.border_kind("uraya", "primus") == "land"
    assert b.border_kind("uraya", "protihex") == "land"
    assert b.border_kind("uraya", "praetorus_dock") == "hyperlink"
    open_ = cyb.start_open()
    assert "pion_tower" in cyb.neighbours("uraya", {**open_, "pion_tower": True})
    assert "pion_tower" not in cyb.neighbours("uraya", {**open_, "pion_tower": False})


def test_the_wrapping_hyperlinks(cyb):
    b = cyb.board
    wraps = {frozenset((x["a"], x["b"])) for x in b.raw["borders"] if x.get("wrap")}
    assert wraps == {frozenset(("autobase", "kalis")), frozenset(("protihex", "neutral_territories"))}
    assert b.border_kind("autobase", "kalis") == "hyperlink"
    assert b.border_kind("protihex", "neutral_territories") == "hyperlink"


def test_launch_pad_and_hexima_state_border(cyb):
    assert cyb.launch_pad == "launch_pad"
    assert cyb.board.adjacent("hexima_state", "launch_pad")


def test_pivots_touch_only_their_arrows(cyb):
    for p in cyb.pivots.values():
        opened = {**cyb.start_open(), p.id: True}
        shut = {**cyb.start_open(), p.id: False}
        assert set(cyb.neighbours(p.id, opened)) == set(p.arrows)
        assert cyb.neighbours(p.id, shut) == ()
        for a in p.arrows:
            assert p.id in cyb.neighbours(a, opened)
            assert p.id not in cyb.neighbours(a, shut)
        # a closed pivoting zone is still a zone (its pieces stay), only walled off
        assert p.id in cyb.in_play(shut)


def test_slides_start_closed_and_open_into_their_sector(cyb):
    start = cyb.start_open()
    for s in ("decagon", "moon_alpha"):
        assert start[s] is False
        assert s not in cyb.in_play(start)
        assert cyb.neighbours(s, start) == ()
        sector = cyb.sector_of(s)
        assert s not in cyb.sector_zones(sector, start)
        opened = {**start, s: True}
        assert s in cyb.sector_zones(sector, opened)
        assert cyb.neighbours(s, opened)
        assert all(s not in cyb.neighbours(n, start) for n in cyb.board.order)


def test_sixteen_configurations_all_connected(cyb):
    configs = cyb.configurations()
    assert len(configs) == 16
    assert len({tuple(sorted(c.items())) for c in configs}) == 16


def test_french_names(cyb):
    assert cyb.names_fr["launch_pad"] == "Aire de lancement"
    assert cyb.names_fr["hexima_state"] == "État d'Hexima"
    assert cyb.names_fr["pion_tower"] == "Tour de Pion"
    assert cyb.names_fr["moon_alpha"] == "Lune Alpha"
    assert cyb.sector_names_fr["purple"] == "Secteur violet"
    assert len(set(cyb.names_fr.values())) == 42


def test_the_build_script_made_the_files():
    import importlib.util

    spec = importlib.util.spec_from_file_location("tf_build_map", FOLDER / "build_map.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    data, fr = mod.build()
    on_disk = raw()
    assert json.loads(json.dumps(data)) == on_disk[0]
    assert json.loads(json.dumps(fr)) == on_disk[1]


# --------------------------------------------------------------------- broken boards


def broken(edit) -> str:
    data, fr = raw()
    data, fr = copy.deepcopy(data), copy.deepcopy(fr)
    edit(data, fr)
    with pytest.raises(CybertronError) as err:
        from_dicts(data, fr)
    return str(err.value)


def test_the_real_board_loads():
    data, fr = raw()
    assert from_dicts(data, fr).board.order


def zone(data, zid):
    return next(t for t in data["territories"] if t["id"] == zid)


def test_a_zone_in_the_wrong_sector_fails():
    def edit(d, f):
        zone(d, "helex").update(region="blue")
        for r in d["regions"]:
            r["territories"] = [t for t in r["territories"] if t != "helex"] + ["helex"] * (r["id"] == "blue")
    msg = broken(edit)
    assert "sector 'red' has 5 zones" in msg and "sector 'blue' has 10 zones" in msg


def test_a_wrong_bonus_fails():
    def edit(d, f):
        d["regions"][0]["bonus"] = 4
    assert "is worth 4" in broken(edit)


def test_a_missing_zone_fails():
    def edit(d, f):
        d["territories"] = [t for t in d["territories"] if t["id"] != "helex"]
        d["borders"] = [b for b in d["borders"] if "helex" not in (b["a"], b["b"])]
        for r in d["regions"]:
            r["territories"] = [t for t in r["territories"] if t != "helex"]
    assert "says 42 territories" in broken(edit)


def test_an_asymmetric_border_fails():
    def edit(d, f):
        d["borders"].append({"a": "kalis", "b": "nyon", "kind": "hyperlink"})
    assert "asymmetric border" in broken(edit)


def test_a_duplicate_english_name_fails():
    assert "English zone names used twice" in broken(lambda d, f: zone(d, "helex").update(name="Kalis"))


def test_a_duplicate_french_name_fails():
    assert "French zone names used twice" in broken(lambda d, f: f["territory"].update(helex="kalis"))


def test_a_missing_french_name_fails():
    assert "without a French name" in broken(lambda d, f: f["territory"].pop("helex"))


def test_a_pivot_with_a_plain_border_fails():
    def edit(d, f):
        d["borders"].append({"a": "praxus", "b": "hexima_state", "kind": "land"})
    assert "without its arrows" in broken(edit)


def test_a_pivot_with_three_arrows_fails():
    assert "two arrows" in broken(lambda d, f: d["pivots"]["praxus"]["arrows"].append("launch_pad"))


def test_a_gate_on_the_wrong_border_fails():
    def edit(d, f):
        b = next(b for b in d["borders"] if {b["a"], b["b"]} == {"kalis", "nyon"})
        b["gate"] = "pivot:praxus"
    assert "does not touch it" in broken(edit)


def test_a_slide_open_at_the_start_fails():
    assert "must start closed" in broken(lambda d, f: d["slides"]["decagon"].update(start="open"))


def test_a_third_pivot_fails():
    def edit(d, f):
        d["pivots"]["kalis"] = {"gate": "pivot:kalis", "arrows": ["nyon", "tarn"], "start": "open"}
    assert "pivoting zones must be" in broken(edit)


def test_a_missing_wrap_fails():
    def edit(d, f):
        b = next(b for b in d["borders"] if {b["a"], b["b"]} == {"autobase", "kalis"})
        del b["wrap"]
    assert "around the planet" in broken(edit)


def test_a_board_cut_when_a_factory_closes_fails():
    # leave Moon Alpha as Unicron's only way to the rest: closing it strands Unicron
    def edit(d, f):
        d["borders"] = [b for b in d["borders"]
                        if not ("unicron" in (b["a"], b["b"]) and "moon_alpha" not in (b["a"], b["b"]))]
        d["borders"].append({"a": "moon_alpha", "b": "darkmount", "kind": "land"})
    msg = broken(edit)
    assert "cannot be reached" in msg and "unicron" in msg and "moon_alpha closed" in msg


def test_a_board_cut_when_a_pivot_closes_fails():
    # make Praxus the only way into the orange sector
    def edit(d, f):
        cut = {frozenset(p) for p in (("helex", "manganese_mountains"), ("sonic_canyons", "altihex"))}
        d["borders"] = [b for b in d["borders"] if frozenset((b["a"], b["b"])) not in cut]
        d["pivots"]["pion_tower"]["arrows"] = ["uraya", "tagan_heights"]
        for b in d["borders"]:
            if {b["a"], b["b"]} == {"pion_tower", "sonic_canyons"}:
                b["b"] = "tagan_heights" if b["a"] == "pion_tower" else b["b"]
                b["a"] = "tagan_heights" if b["a"] == "sonic_canyons" else b["a"]
    msg = broken(edit)
    assert "cannot be reached" in msg and "praxus closed" in msg


def test_a_zone_off_the_layout_fails():
    assert "no place on the" in broken(lambda d, f: d["layout"]["zones"].update(kalis=[5000, 10]))


def test_a_wrong_launch_pad_fails():
    assert "Launch Pad" in broken(lambda d, f: d.update(launch_pad="kalis"))
