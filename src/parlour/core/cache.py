"""Where Parlour keeps what it computes once and reuses (solved tables, endgame databases)."""

from __future__ import annotations

import os
from pathlib import Path

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
