"""The one secret filter for events: what a seat (or the channel) may see of them.

An engine event may carry a ``private`` part, ``{seat: {...}}``: what only that seat may see
(cards drawn or handed over, a standing order). Everything outside ``private`` is public.
Whatever shows events to someone — the channel's narration, a player's own messages, the
simulator, ``/game log`` — reads them through :func:`events_for`, never raw.
"""

from __future__ import annotations

from typing import Any

__all__ = ["PRIVATE", "events_for"]

PRIVATE = "private"

Event = dict[str, Any]


def events_for(events: list[Event], seat: str | None = None) -> list[Event]:
    """``events`` as ``seat`` may see them (``None``: the channel, everyone). Every seat's
    private part is dropped; ``seat``'s own part, if any, is merged under ``"mine"``.
    Events without a private part are passed through as they are."""
    out: list[Event] = []
    for ev in events:
        if PRIVATE not in ev:
            out.append(ev)
            continue
        pub = {k: v for k, v in ev.items() if k != PRIVATE}
        private = ev[PRIVATE]
        if seat is not None and isinstance(private, dict) and seat in private:
            pub["mine"] = private[seat]
        out.append(pub)
    return out
