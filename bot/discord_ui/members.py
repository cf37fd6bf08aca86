"""Who is who in a channel: display names for narration, mentions that ping exactly the
players a decision falls to, and who may moderate.

Narration names players by their display names. A player is mentioned, once, in the
message where a decision becomes theirs (their turn starts, a choice is asked of them),
and ``allowed_mentions`` lets exactly those players through.
"""

from __future__ import annotations

from collections.abc import Iterable

import discord

from bot.service import GameRow


def names_for(row: GameRow) -> dict[str, str]:
    """Display names (kicked players keep theirs), for narration and pictures."""
    return dict(row.names)


def mentions_for(row: GameRow) -> dict[str, str]:
    """``<@id>`` for the lobby list: shown as names, pinging nobody (``AllowedMentions.none``)."""
    return {seat: f"<@{seat}>" if seat.isdigit() else row.names.get(seat, seat)  # an AI seat: its name
            for seat in {*row.players, *row.names}}


def ping(seats: Iterable[str]) -> discord.AllowedMentions:
    """Let exactly these members be notified (nobody else, no roles, no @everyone)."""
    users = [discord.Object(int(s)) for s in seats if str(s).isdigit()]
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False, users=users)


def is_moderator(interaction: discord.Interaction, mod_role: int | None) -> bool:
    perms = interaction.permissions
    if perms.manage_channels or perms.administrator:
        return True
    roles = getattr(interaction.user, "roles", [])
    return mod_role is not None and any(r.id == mod_role for r in roles)
