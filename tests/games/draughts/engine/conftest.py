"""Shared fixtures of the draughts engine tests: a temporary cache folder for the whole session
(no test writes to the user's cache), and the 3-piece endgame database built once in it."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from parlour.games.draughts.engine import endgame


@pytest.fixture(scope="session", autouse=True)
def engine_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    folder = tmp_path_factory.mktemp("parlour-draughts-cache")
    old = os.environ.get(endgame.CACHE_ENV)
    os.environ[endgame.CACHE_ENV] = str(folder)
    endgame.forget_databases()
    yield folder
    endgame.forget_databases()
    if old is None:
        del os.environ[endgame.CACHE_ENV]
    else:
        os.environ[endgame.CACHE_ENV] = old


@pytest.fixture(scope="session")
def db3(engine_cache: Path) -> endgame.EndgameDatabase:
    """Every position with up to 3 pieces (built in a second or two)."""
    return endgame.database(3)
