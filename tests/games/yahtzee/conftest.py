"""Shared fixtures of the Yahtzee tests: a temporary strategy cache for the whole session.

``test_yahtzee_solver.py`` still defines its own ``cache_folder`` (the same fixture, which takes
precedence there); every other module here uses this one, so no test writes to the user's cache.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from parlour.core import cache as parlour_cache
from parlour.games.yahtzee.solver import strategy


@pytest.fixture(scope="session", autouse=True)
def cache_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A temporary cache folder for the session, also for code that uses the default (the bot)."""
    folder = tmp_path_factory.mktemp("parlour-cache")
    old = os.environ.get(parlour_cache.CACHE_ENV)
    os.environ[parlour_cache.CACHE_ENV] = str(folder)
    strategy.forget_tables()
    yield folder
    strategy.forget_tables()
    if old is None:
        del os.environ[parlour_cache.CACHE_ENV]
    else:
        os.environ[parlour_cache.CACHE_ENV] = old
