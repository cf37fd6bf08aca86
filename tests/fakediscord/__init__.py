"""A fake Discord (HTTP + gateway) on 127.0.0.1 that the real discord.py client connects to.

See ``server.py`` for how tests use it.
"""

from .interactions import InteractionResult
from .payloads import Attachment, Channel, Guild, Member, Message, Record, Role, User, World
from .server import FakeDiscord

__all__ = [
    "Attachment",
    "Channel",
    "FakeDiscord",
    "Guild",
    "InteractionResult",
    "Member",
    "Message",
    "Record",
    "Role",
    "User",
    "World",
]
