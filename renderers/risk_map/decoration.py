"""What an edition adds to the shared territory map: the Decoration protocol.

The map renderer (:mod:`.static`, :mod:`.canvas`, :mod:`.panels`) draws what every
Risk-family board has: territories and their owners, count badges with symbols, regions
and their bonuses, sea links, strongholds, the title, legend and key, the attack arrow, the
close-ups. An edition (its folder ``renderers/<game>/``) says only how its board differs,
the way python-chess's variants subclass ``Board`` and override only what differs:
subclass :class:`Decoration` and override

- ``words``: the edition's catalog (chained to :data:`renderers.risk_map.words.WORDS`), for
  its own words and any of the map's it renames (its factions' name in the legend);
- ``styles`` / ``style_of`` / ``faction_id`` / ``faction_kind``: its factions' colours and
  symbols, and how a view's faction is named;
- ``colours``: extra fixed palette entries its sprites need (a tab's ground);
- ``draw_art``: static art over the sea and land (a route and its stops), once, at build time;
- ``tabs`` / ``tab_choices``: a mark on some badges (a route's stops, where a piece stands);
- ``key_entries``: its lines in the key;
- ``panels``: panels of its own (static heading, changing part) in the layout's boxes;
- ``warm``: its icons, built at start-up.

The plain :class:`Decoration` adds nothing: a territory map with no edition of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from renderers.risk_map.kit import LINK, RGB, STYLES, Tab, castle_icon, dashed
from renderers.risk_map.words import WORDS
from renderers.words import Words

Style = tuple[str, str]  # (hex colour, symbol)


@dataclass(frozen=True)
class KeyEntry:
    """A line of the key: an icon drawn at (x, cy) (the row's left edge, its middle) and
    the words (a key of the decoration's catalog) beside it; ``tall`` rows take 2 lines."""

    icon: Callable[[Image.Image, ImageDraw.ImageDraw, int, float], None]
    text: str
    tall: bool = True


@dataclass(frozen=True)
class Panel:
    """An edition's panel, in ``layout.json``'s ``panels[name]`` box.

    ``draw_static(img, d, box, meta, lang, deco)`` draws its fixed words into the static
    layer; ``draw(view, meta, rgb, d, deco)`` its changing part each turn, in the panel's
    box inset by ``inset`` (left, top, right, bottom). ``rgb`` and ``d`` draw straight into
    the board's palette indices (:mod:`renderers.risk_map.paint`) with the API of an RGB
    image and its ``ImageDraw``: ``rgb.paste(icon, xy, icon)``, ``rgb.size``, ``d.text``,
    ``d.textlength`` and every shape taking ``fill=``/``outline=`` colours."""

    draw_static: Callable[..., None]
    draw: Callable[..., None]
    inset: tuple[int, int, int, int] = (4, 42, 4, 4)


def _castle(img: Image.Image, d: ImageDraw.ImageDraw, x: int, cy: float) -> None:
    icon = castle_icon(26)
    img.alpha_composite(icon, (x, int(cy) - 13))


def _sea(img: Image.Image, d: ImageDraw.ImageDraw, x: int, cy: float) -> None:
    dashed(d, [(x, cy), (x + 28, cy)], LINK, 3, 9, 6)


MAP_KEY = (KeyEntry(_castle, "key.stronghold"), KeyEntry(_sea, "key.sea", tall=False))


class Decoration:
    """A plain territory map; an edition subclasses it and overrides what it adds."""

    game: str = ""  # the game id its names are looked up under (``bot.rules.names``)
    words: Words = WORDS
    styles: tuple[Style, ...] = STYLES  # handed out in order to factions without their own
    own_styles: tuple[Style, ...] = ()  # the factions' own (``style_of``'s), for ``warm``
    # what a new game's board usually shows beyond the map (its factions in order, whose
    # colours make the palette the panels' sprites are quantised on; the edition's own
    # fields): ``warm`` draws a board of each, so the first game's finds them made
    warm_views: tuple[dict[str, Any], ...] = ()
    faction_kind: str = "faction"  # the names' kind of a faction, and its field in the view
    colours: tuple[RGB, ...] = ()  # extra fixed palette entries (tabs' grounds, their blends)
    panels: dict[str, Panel] = {}

    def style_of(self, key: str, faction: dict[str, Any]) -> Style | None:
        """A faction's own colour and symbol, if the edition gives it one."""
        return None

    def faction_id(self, key: str, faction: dict[str, Any]) -> str:
        """The id a faction's name is looked up by."""
        return str(faction.get(self.faction_kind) or key)

    def draw_art(self, d: ImageDraw.ImageDraw, lay: dict[str, Any], scale: int) -> None:
        """Extra static art, drawn at ``scale``× over land and sea (before leader lines)."""

    def tabs(self, view: dict[str, Any], meta: dict[str, Any], lay: dict[str, Any]
             ) -> dict[str, Tab]:
        """Territory id → the tab its badge wears in this view."""
        return {}

    def tab_choices(self, meta: dict[str, Any], lay: dict[str, Any], tid: str
                    ) -> list[Tab | None]:
        """Every tab a territory's badge may wear (``warm`` builds them all)."""
        return [None]

    def key_entries(self) -> tuple[KeyEntry, ...]:
        return MAP_KEY

    def warm(self) -> None:
        """Build the edition's icons now rather than on the first render."""


PLAIN = Decoration()

__all__ = ["Decoration", "KeyEntry", "Panel", "PLAIN", "Style", "Tab", "MAP_KEY"]
