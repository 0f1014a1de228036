"""Settings for the whole test suite: no test reads or writes the user's cache folder (each run
gets an empty one of its own, and so starts as a fresh machine does), and servers opened by the
tests prepare the 3-piece draughts endgame database rather than the 4-piece one (which takes
about 45 seconds and a few hundred megabytes to build: ``bench/`` and ``docs/benchmarks.md``
cover it)."""

from __future__ import annotations

import os
import shutil
import tempfile
from typing import Any

SETTINGS = {"PARLOUR_DRAUGHTS_ENDGAME": "3"}
_saved: dict[str, str | None] = {}
_folder: list[str] = []


def pytest_configure(config: Any) -> None:
    folder = tempfile.mkdtemp(prefix="parlour-test-cache-")
    _folder.append(folder)
    for name, value in {**SETTINGS, "PARLOUR_CACHE": folder}.items():
        _saved[name] = os.environ.get(name)
        os.environ[name] = value


def pytest_unconfigure(config: Any) -> None:
    for name, value in _saved.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    for folder in _folder:
        shutil.rmtree(folder, ignore_errors=True)
