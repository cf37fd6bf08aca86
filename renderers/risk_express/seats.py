"""The players' display names on the Risk Express board."""

from __future__ import annotations

from typing import Any

from renderers.kit import clean_text


class Names:
    """Display names: the label cleaned of undrawable characters, else the seat id."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.seats = [str(s) for s in view.get("seats") or []]
        self.index = {s: i for i, s in enumerate(self.seats)}
        labels = view.get("labels") or {}
        self.names: dict[str, str] = {}
        for s in self.seats:
            name = clean_text(labels.get(s, ""), "bold") if labels.get(s) else ""
            self.names[s] = name if any(ch.isalnum() for ch in name) else clean_text(s) or "?"

    def of(self, seat: Any) -> str:
        return self.names.get(str(seat), clean_text(seat) or "?")

    def idx(self, seat: Any) -> int | None:
        if seat is None:
            return None
        return self.index.get(str(seat))
