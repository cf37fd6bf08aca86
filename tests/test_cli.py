"""``python -m bot``: the token check, the settings, and the offline simulator."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PIL import Image

from bot.config import Settings, load_dotenv

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, env: dict[str, str] | None = None, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN",)}
    base["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, "-m", "bot", *args], capture_output=True, text=True,
                          env={**base, **(env or {})}, cwd=cwd, timeout=120)


def test_without_a_token_it_exits_at_once_saying_how_to_get_one(tmp_path):
    result = run(cwd=tmp_path)  # no .env there
    assert result.returncode == 1
    assert "DISCORD_TOKEN" in result.stderr and "discord.com/developers" in result.stderr


def test_settings_never_show_the_token(monkeypatch, tmp_path):
    settings = Settings(token="super-secret-token-123")
    assert "super-secret" not in repr(settings) and "super-secret" not in str(settings)
    env = tmp_path / ".env"
    env.write_text("# comment\nexport DISCORD_TOKEN='abc.def'\nDATABASE_URL=sqlite:///x.db\n")
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    load_dotenv(env)
    assert os.environ["DISCORD_TOKEN"] == "abc.def" and os.environ["DATABASE_URL"] == "sqlite:///x.db"


def test_env_example_lists_every_setting():
    text = (ROOT / ".env.example").read_text()
    for key in ("DISCORD_TOKEN", "DATABASE_URL", "SYNC_GUILD_ID", "SYNC_COMMANDS", "LOG_LEVEL"):
        assert f"\n{key}=" in text


def test_simulate_plays_a_whole_game_and_draws_every_turn(tmp_path):
    result = run("simulate", "risk_express", "--players", "4", "--seed", "3", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert "Game over" in result.stdout and "Result after" in result.stdout
    pictures = sorted(tmp_path.glob("*.png"))
    turns = result.stdout.count("**Turn ")
    assert len(pictures) >= turns  # one per turn, plus the opening board
    with Image.open(pictures[-1]) as img:
        assert img.format == "PNG"


def test_simulate_is_deterministic_and_refuses_unknown_games():
    a = run("simulate", "risk_express", "--players", "2", "--seed", "11", "--option", "continue_attempt=true")
    b = run("simulate", "risk_express", "--players", "2", "--seed", "11", "--option", "continue_attempt=true")
    assert a.returncode == 0 and a.stdout == b.stdout
    bad = run("simulate", "chess")
    assert bad.returncode == 2 and "Unknown game" in bad.stderr
    bad = run("simulate", "risk_express", "--players", "9")
    assert bad.returncode == 2 and "2–6 players" in bad.stderr
