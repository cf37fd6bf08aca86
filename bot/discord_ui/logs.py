"""What the logs may hold, at every level: never a game's state, its secrets or its seed.

At DEBUG, the libraries print what passes through them: aiosqlite every call it runs for
us, parameters included (a game's whole state: hands, agendas, the dealer's seed);
discord.py's http logger every request's body (an ephemeral hand sent to its owner); its
gateway every event in full (a clicked message, whatever it showed). An operator who turns
on DEBUG to chase a fault keeps every line, but without those bodies: aiosqlite and
asyncpg are held at INFO (their DEBUG lines are nothing but the calls and their
parameters), and discord.py's two lines keep the method, the route and the status (an answer's type), the
event's type and sequence number, not the body. Interaction tokens are hidden after this
(:class:`bot.discord_ui.app.RedactTokens`).
"""

from __future__ import annotations

import logging
from typing import Any

QUIET = ("aiosqlite", "asyncpg")  # held at INFO whatever LOG_LEVEL says
HTTP_LINE = "%s %s with %s has returned %s"  # discord.http: method, url, body, status
HTTP_ANSWER = "%s %s has received %s"  # discord.http: method, url, the answer's body
GATEWAY_LINE = "For Shard ID %s: WebSocket Event: %s"  # discord.gateway: shard, the whole event


def event_summary(event: Any) -> str:
    """A gateway event without its data: ``op=0 t=INTERACTION_CREATE s=12``."""
    if not isinstance(event, dict):
        return f"<{type(event).__name__}>"
    return f"op={event.get('op')} t={event.get('t')} s={event.get('s')}"


class HideBodies(logging.Filter):
    """discord.py's DEBUG lines without the bodies they carry."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if record.msg == HTTP_LINE and isinstance(args, tuple) and len(args) == 4:
            method, url, body, status = args
            record.args = (method, url, "<body>" if body is not None else "no body", status)
        elif record.msg == HTTP_ANSWER and isinstance(args, tuple) and len(args) == 3:
            record.args = (args[0], args[1], f"<{type(args[2]).__name__}>")
        elif record.msg == GATEWAY_LINE and isinstance(args, tuple) and len(args) == 2:
            record.args = (args[0], event_summary(args[1]))
        return True


def install() -> None:
    """Hold the chatty libraries at INFO, and strip the bodies from discord.py's lines
    (first, before any other filter reads the message)."""
    for name in QUIET:
        logger = logging.getLogger(name)
        if logger.getEffectiveLevel() < logging.INFO or logger.level == logging.NOTSET:
            logger.setLevel(logging.INFO)
    for name in ("discord.http", "discord.gateway"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, HideBodies) for f in logger.filters):
            logger.filters.insert(0, HideBodies())
