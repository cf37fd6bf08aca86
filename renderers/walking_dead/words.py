"""Words of The Walking Dead's board (groups, walkers, the invasion track, action cards and
crates), in English and French, over the territory map's own (:mod:`renderers.risk_map.words`).
The French follows the rulebook's words: Rôdeurs, Invasion, Caisses de munitions, Tour de garde."""

from __future__ import annotations

from renderers.risk_map.words import WORDS as MAP_WORDS
from renderers.words import Words

WORDS = Words({
    "en": {
        "legend": "GROUPS",
        "legend.cols": "terr. · pawns",
        "members": "{n} pawns",
        "members.one": "{n} pawn",
        "neutral": "played by the game",
        "regions": "ZONES",
        "phase.claim": "Claiming",
        "phase.setup": "Setting up",
        "phase.invasion": "Walkers' invasion",
        "key.strategic": "strategic location: 1 point at the end",
        "key.tower": "watchtower: +1 on the defender's best die",
        "wd.invasion": "INVASION",
        "wd.round": "Round {n}",
        "wd.next": "{k} × {w} walkers",
        "wd.horde": "The Horde: last round",
        "wd.action": "ACTION",
        "wd.no_action": "No action card yet",
        "wd.crates": "CRATES·GRENADES",
        "wd.crates_only": "CRATES",
        "wd.conquest": "CONQUEST: the last group standing wins",
        "zoom.held": "{region}: +{bonus} to whoever holds all {n} territories",
    },
    "fr": {
        "legend": "GROUPES",
        "legend.cols": "terr. · pions",
        "members": "{n} pions",
        "members.one": "{n} pion",
        "neutral": "joués par le jeu",
        "regions": "ZONES",
        "phase.claim": "Revendication",
        "phase.setup": "Mise en place",
        "phase.invasion": "Invasion de rôdeurs",
        "key.strategic": "lieu stratégique : 1 point à la fin",
        "key.tower": "tour de garde : +1 au meilleur dé du défenseur",
        "wd.invasion": "INVASION",
        "wd.round": "Round {n}",
        "wd.next": "{k} × {w} rôdeurs",
        "wd.horde": "La Horde : dernier round",
        "wd.action": "ACTION",
        "wd.no_action": "Pas encore de carte Action",
        "wd.crates": "CAISSES·GRENADES",
        "wd.crates_only": "CAISSES",
        "wd.conquest": "CONQUÊTE : le dernier groupe en vie gagne",
        "zoom.held": "{region} : +{bonus} à qui tient ses {n} territoires",
    },
}, parent=MAP_WORDS)
