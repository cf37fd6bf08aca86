"""Words of every Risk-family territory map (phases, the key, the panels' headings), in
English and French. An edition's own words (its ``Decoration.words``) chain to these and
may replace any of them (its factions' name in the legend's heading)."""

from __future__ import annotations

from renderers.words import WORDS as SHARED
from renderers.words import Words

WORDS = Words({
    "en": {
        "phase.setup": "Setup",
        "phase.place": "Placement",
        "phase.attack": "Attack",
        "phase.battle": "Battle",
        "phase.manoeuvre": "Manoeuvre",
        "phase.over": "Game over",
        "to_play": "to play",
        "legend": "PLAYERS",
        "legend.cols": "terr. · troops",
        "members": "{n} troops",
        "members.one": "{n} troop",
        "regions": "REGIONS",
        "regions.cols": "bonus",
        "key.stronghold": "stronghold: the defender adds 1 to the best die",
        "key.sea": "sea link",
        "nobody_wins.note": "",
        "zoom.held": "{region}: +{bonus} a turn to whoever holds all {n} territories",
    },
    "fr": {
        "phase.setup": "Mise en place",
        "phase.place": "Renforts",
        "phase.attack": "Attaque",
        "phase.battle": "Combat",
        "phase.manoeuvre": "Manœuvre",
        "phase.over": "Partie finie",
        "to_play": "joue",
        "legend": "JOUEURS",
        "legend.cols": "terr. · troupes",
        "members": "{n} troupes",
        "members.one": "{n} troupe",
        "regions": "RÉGIONS",
        "regions.cols": "bonus",
        "key.stronghold": "place forte : le défenseur ajoute 1 à son meilleur dé",
        "key.sea": "liaison maritime",
        "nobody_wins.note": "",
        "zoom.held": "{region} : +{bonus} par tour à qui tient ses {n} territoires",
    },
}, parent=SHARED)
