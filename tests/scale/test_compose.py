"""compose.yaml (PostgreSQL and N bot processes) read as Docker Compose would, without Docker
(not on this machine): each bot service's environment, the ``.env`` made from
``.env.example`` under it, is what the bot's own settings reader gets, and the processes
together run every shard once, on the compose database, one of them registering commands."""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path

import pytest
import yaml

from bot import config

ROOT = Path(__file__).resolve().parents[2]


def _compose() -> dict:
    return yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))


def _expand(value: str, env: dict[str, str]) -> str:
    """Compose's ``${NAME}`` / ``${NAME:?message}`` interpolation."""
    return re.sub(r"\$\{(\w+)(?::\?[^}]*)?\}", lambda m: env[m.group(1)], value)


def _settings(service: dict, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> config.Settings:
    """The bot's settings in this service's container: ``environment`` over ``env_file``
    (the newcomer's .env: .env.example with a token), read by ``config.from_env``."""
    dotenv = tmp_path / ".env"
    dotenv.write_text((ROOT / ".env.example").read_text(encoding="utf-8").replace(
        "DISCORD_TOKEN=", "DISCORD_TOKEN=a-token", 1), encoding="utf-8")
    for key in list(os.environ):
        if key in ("DISCORD_TOKEN", "DATABASE_URL", "SHARD_COUNT", "SHARD_IDS", "SYNC_COMMANDS",
                   "SYNC_GUILD_ID", "LOG_LEVEL", "GAMEMASTER_AI_BUDGET"):
            monkeypatch.delenv(key)
    for key, value in (service.get("environment") or {}).items():
        monkeypatch.setenv(key, _expand(str(value), {"POSTGRES_PASSWORD": "pw"}))
    monkeypatch.chdir(tmp_path)  # env_file: the container's working directory holds .env
    return config.from_env()


def test_the_bot_processes_share_out_every_shard_once(tmp_path, monkeypatch):
    services = _compose()["services"]
    bots = {name: s for name, s in services.items() if "python -m bot" in str(s.get("command", ""))}
    assert len(bots) >= 2
    settings = {name: _settings(s, tmp_path, monkeypatch) for name, s in bots.items()}
    counts = {s.shard_count for s in settings.values()}
    assert len(counts) == 1 and counts.pop() >= len(bots)  # the same SHARD_COUNT everywhere
    shards = [i for s in settings.values() for i in s.shard_ids]
    assert sorted(shards) == list(range(settings[next(iter(settings))].shard_count))  # each once
    assert sum(s.sync_commands for s in settings.values()) == 1  # one process registers the commands
    for s in settings.values():
        assert s.database_url == "postgresql://gamemaster:pw@db:5432/gamemaster"
        assert s.token == "a-token"


def test_the_database_service_is_the_one_the_bots_wait_for():
    compose = _compose()
    db = compose["services"]["db"]
    env = db["environment"]
    assert (env["POSTGRES_USER"], env["POSTGRES_DB"]) == ("gamemaster", "gamemaster")
    assert "pg_isready" in " ".join(db["healthcheck"]["test"])
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    for name, service in compose["services"].items():
        if name == "db":
            continue
        assert service["depends_on"]["db"]["condition"] == "service_healthy"
        command = service["command"]
        assert "[postgres]" in command and "postgres" in extras  # asyncpg installed
        assert command.rstrip().rstrip("\"").endswith("exec python -m bot")  # SIGTERM reaches the bot
        assert service["stop_grace_period"] == "30s"
