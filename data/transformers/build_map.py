"""Build the Risk Transformers board of Cybertron: ``map.json`` and ``names_fr.json``.

Run it from anywhere: ``.venv/bin/python data/transformers/build_map.py``. It is deterministic
(tables only), so the same tables give the same files. To correct the board from the real
box, edit the tables below and run it again; the rules' loader
(``bot/rules/transformers/board.py``) then checks the result.

What is real and what is ours (see ``docs/transformers.md``, "The board"):

- real (rulebook, ``../shared/GAMES.md``): 42 zones in 6 sectors (red 6, yellow 4, green 12,
  blue 9, purple 7, orange 4), the bonuses (purple 5 and green 7 printed; red 3, yellow 2,
  blue 5, orange 2 by the same scale), 21 zone names, Autobase and the Neutral Territories
  red, Kalis yellow, Protihex green, the two hyperlinks that wrap around the planet
  (Autobase–Kalis, Protihex–Neutral Territories), Uraya bordering Primus and Protihex,
  hyperlinked to Praetorus Dock and bordering Pion Tower through the arrows, the pivoting
  zones Praxus and Pion Tower, the sliding zones Decagon and Moon Alpha with their secret
  war factories, Hexima State bordering the Launch Pad;
- ours (``"provisional": true``): the 21 other names, the sector of every other real name,
  every other border, the pivots' second arrow, the layout. The skeleton is classic Risk's
  (the sector sizes are its continents' exactly: red = Africa, yellow = South America,
  green = Asia, blue = North America, purple = Europe, orange = Australia), rearranged so
  that the two wrapping hyperlinks really leave the board's edges: purple and red on the
  left, blue and orange in the middle, green and yellow on the right.
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent

# id, English name, French name, bonus, colour
SECTORS = [
    ("red", "Red sector", "Secteur rouge", 3, "#C0392B"),
    ("yellow", "Yellow sector", "Secteur jaune", 2, "#D4AC0D"),
    ("green", "Green sector", "Secteur vert", 7, "#229954"),
    ("blue", "Blue sector", "Secteur bleu", 5, "#2471A3"),
    ("purple", "Purple sector", "Secteur violet", 5, "#7D3C98"),
    ("orange", "Orange sector", "Secteur orange", 2, "#E67E22"),
]
# Bonuses the rulebook prints (page 7's example: purple 5, green 7); the others follow the scale.
PRINTED_BONUS = {"purple", "green"}

# id, English, French, sector, name provisional?, layout (x, y) on the 1200 x 860 plan (a grid
# of 142 x 104 cells: build_board.py draws a plate per zone there), classic
# Risk territory it stands for (the skeleton; a comment, not data the rules read)
ZONES = [
    # red (Africa), bottom left
    ("autobase", "Autobase", "Autobase", "red", False, (100, 472), "North Africa"),
    ("orbital_platform_beta", "Orbital Platform Beta", "Plateforme orbitale Beta", "red", False, (242, 472), "Egypt"),
    ("neutral_territories", "Neutral Territories", "Territoires neutres", "red", False, (100, 576), "East Africa"),
    ("rad_zone", "The Rad Zone", "La Zone radioactive", "red", False, (242, 576), "Congo"),
    ("helex", "Helex", "Helex", "red", True, (242, 680), "South Africa"),
    ("tyger_pax", "Tyger Pax", "Tyger Pax", "red", True, (100, 680), "Madagascar"),
    # yellow (South America), bottom right
    ("nyon", "Nyon", "Nyon", "yellow", True, (1094, 576), "Venezuela"),
    ("kalis", "Kalis", "Kalis", "yellow", False, (1094, 680), "Brazil"),
    ("altihex", "Altihex", "Altihex", "yellow", True, (952, 680), "Peru"),
    ("tarn", "Tarn", "Tarn", "yellow", True, (1094, 784), "Argentina"),
    # green (Asia), top right
    ("unicron", "Unicron", "Unicron", "green", False, (810, 56), "Kamchatka"),
    ("polyhex", "Polyhex", "Polyhex", "green", True, (952, 56), "Yakutsk"),
    ("kaon", "Kaon", "Kaon", "green", True, (1094, 160), "Siberia"),
    ("moon_alpha", "Moon Alpha", "Lune Alpha", "green", False, (810, 160), "Japan"),
    ("darkmount", "Darkmount", "Darkmount", "green", True, (952, 160), "Irkutsk"),
    ("primus", "Primus", "Primus", "green", False, (1094, 264), "Ural"),
    ("stanix", "Stanix", "Stanix", "green", True, (810, 264), "Mongolia"),
    ("simfur", "Simfur", "Simfur", "green", True, (952, 264), "China"),
    ("tagan_heights", "Tagan Heights", "Hauteurs de Tagan", "green", True, (1094, 472), "Siam"),
    ("uraya", "Uraya", "Uraya", "green", False, (952, 368), "Afghanistan"),
    ("protihex", "Protihex", "Protihex", "green", False, (1094, 368), "Middle East"),
    ("pion_tower", "Pion Tower", "Tour de Pion", "green", False, (810, 472), "India"),
    # blue (North America, drawn mirrored), top middle
    ("sea_of_rust", "Sea of Rust", "Mer de Rouille", "blue", True, (384, 56), "Greenland"),
    ("nova_cronum", "Nova Cronum", "Nova Cronum", "blue", True, (526, 56), "Northwest Territory"),
    ("tri_lorus_loop", "Tri-Lorus Loop", "Boucle de Tri-Lorus", "blue", False, (668, 56), "Alaska"),
    ("iacon", "Iacon", "Iacon", "blue", True, (384, 160), "Quebec"),
    ("crystal_city", "Crystal City", "Cité de Cristal", "blue", True, (526, 160), "Ontario"),
    ("ibex", "Ibex", "Ibex", "blue", True, (668, 160), "Alberta"),
    ("launch_pad", "Launch Pad", "Aire de lancement", "blue", False, (384, 264), "Eastern United States"),
    ("hexima_state", "Hexima State", "État d'Hexima", "blue", False, (526, 264), "Western United States"),
    ("praetorus_dock", "Praetorus Dock", "Quai de Praetorus", "blue", False, (526, 368), "Central America"),
    # purple (Europe), top left
    ("harmonex", "Harmonex", "Harmonex", "purple", True, (242, 56), "Iceland"),
    ("plasma_energy_chamber", "Plasma Energy Chamber", "Chambre énergétique au plasma", "purple", False,
     (242, 160), "Scandinavia"),
    ("the_arena", "The Arena", "L'Arène", "purple", False, (100, 56), "Great Britain"),
    ("decagon", "Decagon", "Decagon", "purple", False, (100, 160), "Northern Europe"),
    ("vos", "Vos", "Vos", "purple", False, (242, 264), "Ukraine"),
    ("perihex", "Perihex", "Perihex", "purple", False, (100, 264), "Western Europe"),
    ("yuss", "Yuss", "Yuss", "purple", True, (100, 368), "Southern Europe"),
    # orange (Australia), bottom middle
    ("praxus", "Praxus", "Praxus", "orange", False, (526, 472), "(a bridge of ours)"),
    ("torkulon", "Torkulon", "Torkulon", "orange", True, (526, 576), "Indonesia"),
    ("manganese_mountains", "Manganese Mountains", "Monts de Manganèse", "orange", True, (384, 680),
     "Western Australia"),
    ("sonic_canyons", "Sonic Canyons", "Canyons soniques", "orange", True, (668, 576), "New Guinea"),
]

# Zones whose French name is ours although the English one is real (the French rulebook does
# not print them).
FRENCH_PROVISIONAL = {"rad_zone", "tri_lorus_loop"}

# Sector of a real name that the rulebook or GAMES.md gives; every other sector is ours.
KNOWN_SECTOR = {"autobase", "neutral_territories", "kalis", "protihex"}

# Land borders (a, b). Within a sector: classic Risk's continent, less the borders a flat
# picture of separate plates cannot draw without crossing another plate (Great Britain–
# Western Europe, Northern–Southern Europe, North Africa–Congo, Kamchatka–Mongolia,
# Siberia–Mongolia, Siberia–China, China–Siam, New Guinea–Western Australia); between
# sectors: ours.
LAND = [
    # red
    ("autobase", "orbital_platform_beta"), ("autobase", "neutral_territories"),
    ("orbital_platform_beta", "neutral_territories"), ("neutral_territories", "rad_zone"),
    ("neutral_territories", "helex"), ("neutral_territories", "tyger_pax"), ("rad_zone", "helex"),
    ("helex", "tyger_pax"),
    # yellow
    ("nyon", "kalis"), ("nyon", "altihex"), ("kalis", "altihex"), ("kalis", "tarn"), ("altihex", "tarn"),
    # green (India's classic borders left to the pivot's arrows)
    ("primus", "kaon"), ("primus", "uraya"), ("primus", "simfur"), ("kaon", "polyhex"), ("kaon", "darkmount"),
     ("polyhex", "unicron"), ("polyhex", "darkmount"),
    ("unicron", "darkmount"), ("unicron", "moon_alpha"), ("darkmount", "stanix"),
    ("stanix", "moon_alpha"), ("stanix", "simfur"), ("uraya", "simfur"), ("uraya", "protihex"),
    ("uraya", "tagan_heights"),  # ours: India's place
    # blue
    ("tri_lorus_loop", "nova_cronum"), ("tri_lorus_loop", "ibex"), ("nova_cronum", "ibex"),
    ("nova_cronum", "crystal_city"), ("nova_cronum", "sea_of_rust"), ("sea_of_rust", "crystal_city"),
    ("sea_of_rust", "iacon"), ("ibex", "crystal_city"), ("ibex", "hexima_state"), ("crystal_city", "hexima_state"),
    ("crystal_city", "launch_pad"), ("crystal_city", "iacon"), ("iacon", "launch_pad"),
    ("hexima_state", "launch_pad"), ("hexima_state", "praetorus_dock"), ("launch_pad", "praetorus_dock"),
    # purple
    ("harmonex", "the_arena"), ("harmonex", "plasma_energy_chamber"), ("the_arena", "plasma_energy_chamber"),
    ("the_arena", "decagon"), ("plasma_energy_chamber", "decagon"),
    ("plasma_energy_chamber", "vos"), ("decagon", "perihex"), ("decagon", "vos"),
    ("perihex", "yuss"), ("yuss", "vos"),
    # orange
    ("torkulon", "sonic_canyons"), ("torkulon", "manganese_mountains"),
    # between sectors
    ("yuss", "autobase"), ("yuss", "orbital_platform_beta"),  # purple–red
    ("vos", "iacon"),  # purple–blue
    ("tri_lorus_loop", "unicron"),  # blue–green
    ("helex", "manganese_mountains"),  # red–orange
    ("sonic_canyons", "altihex"),  # orange–yellow
    ("tagan_heights", "nyon"),  # green–yellow
]

# Hyperlinks (a, b, wraps around the planet?). The wrapping two are the rulebook's (page 11).
HYPERLINKS = [
    ("autobase", "kalis", True),
    ("protihex", "neutral_territories", True),
    ("uraya", "praetorus_dock", False),  # real (page 11's example)
    ("harmonex", "sea_of_rust", False),  # ours (classic Iceland–Greenland)
]

# Pivoting zones: their two arrows (the neighbours they touch when open). Every border of a
# pivoting zone goes through its arrows ("voisines de leurs zones immédiates uniquement quand
# leurs flèches sont alignées", page 11). Uraya–Pion Tower is real; the other arrows are ours.
PIVOTS = {
    "praxus": {"arrows": ["praetorus_dock", "torkulon"], "start": "open"},
    "pion_tower": {"arrows": ["uraya", "sonic_canyons"], "start": "open"},
}

# Sliding zones: closed at the start (page 9), a secret war factory under each.
SLIDES = {
    "decagon": {"start": "closed", "factory_cap": 3},
    "moon_alpha": {"start": "closed", "factory_cap": 3},
}

LAUNCH_PAD = "launch_pad"

# Where the sector's name and bonus go (top-left corner of the tag), and each wrapping
# hyperlink's exits: the side of the board each end leaves by.
SECTOR_TAGS = {
    "purple": (178, 342), "red": (36, 758), "blue": (320, 342), "orange": (320, 758),
    "green": (1030, 30), "yellow": (746, 758),
}
WRAP_EXITS = {("autobase", "kalis"): ("left", "right"), ("protihex", "neutral_territories"): ("right", "left")}


def gate(pivot: str) -> str:
    return f"pivot:{pivot}"


def build() -> tuple[dict, dict]:
    regions = [
        {"id": sid, "name": name, "bonus": bonus, "color": colour, "provisional": sid not in PRINTED_BONUS,
         "territories": [z[0] for z in ZONES if z[3] == sid]}
        for sid, name, _fr, bonus, colour in SECTORS
    ]
    territories = []
    for zid, name, _fr, sector, prov, _xy, classic in ZONES:
        kind = "pivot" if zid in PIVOTS else "slide" if zid in SLIDES else "plain"
        territories.append({
            "id": zid, "name": name, "region": sector, "stronghold": False, "provisional": prov,
            "sector_known": zid in KNOWN_SECTOR, "kind": kind, "skeleton": classic,
        })
    borders = [{"a": a, "b": b, "kind": "land"} for a, b in LAND]
    for p, info in PIVOTS.items():
        borders += [{"a": p, "b": n, "kind": "land", "gate": gate(p)} for n in info["arrows"]]
    for a, b, wrap in HYPERLINKS:
        border = {"a": a, "b": b, "kind": "hyperlink"}
        if wrap:
            border["wrap"] = True
            border["exits"] = list(WRAP_EXITS[(a, b)])
        borders.append(border)
    data = {
        "id": "transformers",
        "name": "Risk Transformers: Cybertron",
        "about": (
            "Cybertron in 42 zones and 6 sectors. Real (the rulebook, seeds/003, and "
            "../shared/GAMES.md): the counts, the bonuses of purple and green, 21 zone names, the "
            "sectors of Autobase, the Neutral Territories, Kalis and Protihex, the two hyperlinks "
            "that wrap around the planet, Uraya's borders, the pivoting and sliding zones. Ours "
            "(provisional): every other name, sector, border and arrow, and the layout; classic "
            "Risk's continents are the skeleton. Made by build_map.py: edit its tables to correct "
            "the board from the real box."
        ),
        "regions": regions,
        "territories": territories,
        "borders": borders,
        "pivots": {p: {"gate": gate(p), **info} for p, info in PIVOTS.items()},
        "slides": SLIDES,
        "launch_pad": LAUNCH_PAD,
        "layout": {
            "size": [1200, 860],
            "index_image": "territories.png",
            "zones": {z[0]: list(z[5]) for z in ZONES},
            "sector_tags": {s: list(xy) for s, xy in SECTOR_TAGS.items()},
        },
    }
    names_fr = {
        "about": (
            "French names for Risk Transformers, from the French rulebook (seeds/003) where it "
            "prints them (Aire de lancement, État d'Hexima, Quai de Praetorus, Tour de Pion, Lune "
            "Alpha, Chambre énergétique au plasma, Plateforme orbitale Beta, L'Arène, Territoires "
            "neutres); the others are ours, listed under provisional."
        ),
        "region": {sid: fr for sid, _n, fr, _b, _c in SECTORS},
        "territory": {z[0]: z[2] for z in ZONES},
        "leader": {"optimus_prime": "Optimus Prime", "bumblebee": "Bumblebee", "megatron": "Megatron",
                   "barricade": "Barricade"},
        "provisional": {
            "territory": sorted(z[0] for z in ZONES if z[4] or z[0] in FRENCH_PROVISIONAL),
        },
    }
    return data, names_fr


def main() -> None:
    data, names_fr = build()
    for name, obj in (("map.json", data), ("names_fr.json", names_fr)):
        with open(HERE / name, "w", encoding="utf-8") as fh:
            json.dump(obj, fh, ensure_ascii=False, indent=1)
            fh.write("\n")


if __name__ == "__main__":
    main()
