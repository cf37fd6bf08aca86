"""SHARD_COUNT and SHARD_IDS read at the door: a bad value is one sentence, never a start."""

from __future__ import annotations

import pytest

from bot.config import BadSetting, Settings, parse_budget, parse_shards, redact_url


@pytest.mark.parametrize(("count", "ids", "want"), [
    ("", "", (None, None)),
    ("auto", "", (0, None)),
    ("2", "", (2, None)),
    ("2", "1", (2, (1,))),
    ("4", "0,1", (4, (0, 1))),
    ("4", "2-3", (4, (2, 3))),
    (" 8 ", "0-1, 6", (8, (0, 1, 6))),
])
def test_shards_are_read(count, ids, want):
    assert parse_shards(count, ids) == want


@pytest.mark.parametrize(("count", "ids"), [
    ("", "0"), ("auto", "0"), ("0", ""), ("-1", ""), ("two", ""), ("2", "2"), ("2", "0,0"),
    ("2", "a"), ("4", "1-"), ("4", "3-1"),
])
def test_bad_shards_are_refused(count, ids):
    with pytest.raises(BadSetting):
        parse_shards(count, ids)


def test_the_settings_never_print_a_password():
    settings = Settings(token="t0ken", database_url="postgresql://gm:hunter2@db:5432/gm", shard_count=2,
                        shard_ids=(1,))
    assert "hunter2" not in repr(settings) and "t0ken" not in str(settings) and "shard_ids=(1,)" in repr(settings)
    assert redact_url("sqlite:///var/x.sqlite3") == "sqlite:///var/x.sqlite3"
    assert redact_url("postgresql://gm@db/gm") == "postgresql://gm@db/gm"


def test_a_bad_shard_setting_stops_the_start_with_one_sentence(monkeypatch, capsys, tmp_path):
    from bot.__main__ import main

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setenv("SHARD_IDS", "1")
    monkeypatch.delenv("SHARD_COUNT", raising=False)
    assert main(["run"]) == 1
    err = capsys.readouterr().err
    assert "SHARD_IDS needs SHARD_COUNT" in err and "Traceback" not in err


@pytest.mark.parametrize(("text", "want"), [("", 1.0), ("0.5", 0.5), (" 3 ", 3.0)])
def test_the_ai_budget_is_read_in_seconds(text, want):
    assert parse_budget(text) == want


@pytest.mark.parametrize("text", ["0", "-1", "31", "fast", "nan"])
def test_an_absurd_ai_budget_is_refused_in_one_sentence(text):
    with pytest.raises(BadSetting) as refused:
        parse_budget(text)
    assert "GAMEMASTER_AI_BUDGET" in str(refused.value)
