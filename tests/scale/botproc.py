"""A real bot process against a fake Discord: ``python -m tests.scale.botproc API_URL GATEWAY_URL``.

Only discord.py's two URLs are pointed at the fake (``Route.BASE`` and the gateway); the rest is
``python -m bot`` as deployed: settings from the environment (``DATABASE_URL``, ``SHARD_COUNT``,
``SHARD_IDS``, ``DISCORD_TOKEN``), signals, logging, the clean stop.
"""

from __future__ import annotations

import sys

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route


def main() -> int:
    api, gateway = sys.argv[1], sys.argv[2]
    Route.BASE = api
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
    from bot.__main__ import main as bot_main

    return bot_main(["run"])


if __name__ == "__main__":
    sys.exit(main())
