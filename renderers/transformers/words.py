"""Words of the Cybertron board (armies, days, the transforming zones, the Matrix), in English
and French, over the territory map's own (:mod:`renderers.risk_map.words`)."""

from __future__ import annotations

from renderers.risk_map.words import WORDS as MAP_WORDS
from renderers.words import Words

WORDS = Words({
    "en": {
        "phase.place": "Place robots",
        "phase.transform": "Transformation",
        "phase.attack": "Attack",
        "phase.manoeuvre": "Back-up",
        "legend": "ARMIES",
        "legend.cols": "zones · robots",
        "members": "{n} robots",
        "members.one": "{n} robot",
        "regions": "SECTORS",
        "key.sea": "hyperlink",
        "key.wrap": "hyperlink round the planet: same number at the other edge",
        "key.gate": "pivoting zone's arrow: a bridge while it is open",
        "cyb.title": "CYBERTRON",
        "cyb.day": "Day {day} of {days}",
        "cyb.over": "The six days are over",
        "cyb.open": "open",
        "cyb.closed": "closed",
        "cyb.scrapyard": "scrapyard",
        "cyb.robot": "robot",
        "cyb.vehicle": "vehicle",
        "cyb.matrix": "Matrix: {zone}",
        "cyb.matrix.none": "Matrix: no card yet",
        "cyb.autobots": "Autobots",
        "cyb.decepticons": "Decepticons",
        "zoom.held": "{region}: +{bonus} a turn to whoever holds all {n} zones",
    },
    "fr": {
        "phase.place": "Place des robots",
        "phase.transform": "Transformation",
        "phase.attack": "Attaque",
        "phase.manoeuvre": "Renforts",
        "legend": "ARMÉES",
        "legend.cols": "zones · robots",
        "members": "{n} robots",
        "members.one": "{n} robot",
        "regions": "SECTEURS",
        "key.sea": "hyperlien",
        "key.wrap": "hyperlien autour de la planète : même numéro à l'autre bord",
        "key.gate": "flèche de zone pivotante : un pont si elle est ouverte",
        "cyb.title": "CYBERTRON",
        "cyb.day": "Jour {day} sur {days}",
        "cyb.over": "Les six jours sont finis",
        "cyb.open": "ouverte",
        "cyb.closed": "fermée",
        "cyb.scrapyard": "casse",
        "cyb.robot": "robot",
        "cyb.vehicle": "véhicule",
        "cyb.matrix": "Matrice : {zone}",
        "cyb.matrix.none": "Matrice : pas encore de carte",
        "cyb.autobots": "Autobots",
        "cyb.decepticons": "Decepticons",
        "zoom.held": "{region} : +{bonus} par tour à qui tient ses {n} zones",
    },
}, parent=MAP_WORDS)
