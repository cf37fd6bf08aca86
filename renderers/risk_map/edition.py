"""What an edition's renderer module exposes, made once from its map and its decoration:
``render(view) -> bytes``, ``warm()``, ``zoom_regions()`` (the renderer protocol every game's
module keeps), ``map_art(lang)`` (tests read its geometry) and ``write_art()`` (the build)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from renderers.risk_map import canvas, static
from renderers.risk_map.decoration import Decoration
from renderers.risk_map.static import MapArt


@dataclass(frozen=True)
class Edition:
    map: str  # data/<map>/: the board's files
    decoration: Decoration

    def render(self, view: dict[str, Any]) -> bytes:
        """The board (or ``view["zoom"]``'s close-up) as PNG bytes; pure and deterministic."""
        return canvas.render_map(view, self.decoration)

    def warm(self) -> None:
        """Every language's static layer, the badges' parts and the icons, built now."""
        canvas.warm(self.map, self.decoration)

    def release(self, lang: str | None) -> None:
        """Let go of the static layer in ``lang`` (read back from disk when drawn again:
        :func:`renderers.release`); ``None``: nothing more (the badges' parts stay)."""
        if lang is not None:
            static.release(self.map, lang, self.decoration)

    def keep(self) -> None:
        """The panels' pieces of the boards drawn, kept on disk for the next process."""
        canvas.keep(self.map, self.decoration)

    def zoom_regions(self) -> list[str]:
        """The region ids ``view["zoom"]`` takes for a close-up."""
        return canvas.zoom_regions(self.map)

    def seat_styles(self, view: dict[str, Any]) -> dict[str, tuple[tuple[int, int, int], str]]:
        """Each seat's colour and symbol: its faction's, as the board's legend draws it."""
        from renderers.risk_map.panels import faction_of, styles

        factions = view.get("factions") or {}
        by_faction = styles(view, self.decoration)
        out: dict[str, tuple[tuple[int, int, int], str]] = {}
        for seat in view.get("players") or {}:
            key = faction_of(factions, seat)
            if key is not None and key in by_faction:
                out[seat] = by_faction[key]
        return out

    def map_art(self, lang: str = "en") -> MapArt:
        """The board's static layer in ``lang``."""
        return canvas.map_art(self.map, lang, self.decoration)

    def write_art(self) -> Path:
        """Draw the board's static art into ``data/<map>/board_art.png`` (the build)."""
        return static.write_art(self.map, self.decoration)
