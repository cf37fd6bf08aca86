"""Words of the Peaky Blinders board (gangs, the British Crown), in English and French,
over the territory map's own (:mod:`renderers.risk_map.words`)."""

from __future__ import annotations

from renderers.risk_map.words import WORDS as MAP_WORDS
from renderers.words import Words

WORDS = Words({
    "en": {
        "legend": "GANGS",
        "legend.cols": "terr. · members",
        "members": "{n} members",
        "members.one": "{n} member",
        "key.route": "the Crown's route; on a die it must roll more than 6",
        "crown.title": "THE BRITISH CROWN",
        "crown.step": "Step {step}/{steps} · {name}",
        "crown.dice": "Roll 2 dice, more than 6 to move on",
        "crown.ends": "From Parliament (London) to the Garrison Tavern (Small Heath)",
        "crown.off": "Variant without the Crown",
        "nobody_wins.note": "The Crown took the Garrison Tavern.",
    },
    "fr": {
        "legend": "GANGS",
        "legend.cols": "terr. · membres",
        "members": "{n} membres",
        "members.one": "{n} membre",
        "key.route": "parcours de la Couronne ; sur un dé, elle doit faire plus de 6",
        "crown.title": "LA COURONNE BRITANNIQUE",
        "crown.step": "Étape {step}/{steps} · {name}",
        "crown.dice": "Lancer 2 dés, plus de 6 pour avancer",
        "crown.ends": "Du Parlement (Londres) au Garrison Tavern (Small Heath)",
        "crown.off": "Variante sans la Couronne",
        "nobody_wins.note": "La Couronne a pris le Garrison Tavern.",
    },
}, parent=MAP_WORDS)
word = WORDS
