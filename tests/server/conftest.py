"""Fixtures for the server tests: an in-process app on a fresh database, and a socket reader."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hidden_toy import register

from parlour.server.admission import UNLIMITED
from parlour.server.app import create_app
from parlour.server.limits import Limits


@pytest.fixture(scope="session")
def toy_games() -> Any:
    return register()


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'parlour.sqlite3'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, bot_delay=0, limits=Limits(tables=UNLIMITED))) as c:
        yield c
