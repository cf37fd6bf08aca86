"""The Transformers data, loaded once for the rules' tests."""

from __future__ import annotations

import pytest

from bot.rules.transformers.data import load_data


@pytest.fixture(scope="session")
def tf():
    return load_data()
