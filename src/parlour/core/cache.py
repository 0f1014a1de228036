"""Where Parlour keeps what it computes once and reuses (solved tables, endgame databases)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

CACHE_ENV = "PARLOUR_CACHE"
"""The environment variable that chooses the cache folder."""


def cache_folder(directory: str | os.PathLike[str] | None = None) -> Path:
    """``directory``, else ``$PARLOUR_CACHE``, else the user's cache folder."""
    if directory is not None:
        return Path(directory)
    env = os.environ.get(CACHE_ENV)
    if env:
        return Path(env)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("parlour"))


def write_atomically(path: Path, write: Callable[[BinaryIO], None]) -> bool:
    """Make ``path`` whole or not at all: ``write`` fills a temporary file beside it, which then
    takes its place; ``False`` (and nothing left behind) if the folder cannot be written."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as fh:
                write(fh)
            os.replace(tmp, path)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    except OSError:
        return False
    return True
