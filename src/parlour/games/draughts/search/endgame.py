"""The endgame database: the exact result of every position with few pieces, and how far it is.

:func:`database` returns an :class:`EndgameDatabase` covering every position with at most
``max_pieces`` pieces on the board (both sides having at least one).  It is built once by
retrograde analysis (:mod:`.endgame_build`) and cached on disk; later calls, in this process or
another, load it.  (Build and load times: ``docs/benchmarks.md``.)

Each position's value is for the side to move: won in ``n`` plies, lost in ``n`` plies (the
winner taking the shortest way, the loser the longest), or drawn.  :meth:`EndgameDatabase.best_moves`
gives the moves that keep the best result and, in a win, bring it closest; the search scores
every covered position from the database, so the engine never misplays one.

The cache folder is, in order: the ``cache_dir`` argument, the environment variable
``PARLOUR_CACHE``, or the user's cache folder (``platformdirs.user_cache_dir("parlour")``) --
the same conventions as the Yahtzee strategy table.  The file's name carries the format version
and the piece count (``draughts-endgame-v1-4.npz``); its contents carry a SHA-256 digest, so a
damaged file is noticed and built again.  If the folder cannot be written the database is kept
in memory only.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

import numpy as np
import numpy.typing as npt

from parlour.core.cache import cache_folder, write_atomically
from parlour.games.draughts.board import Move, Position, legal_moves, play
from parlour.games.draughts.search.endgame_index import (
    ClassKey,
    class_size,
    classes,
    index_of,
)

FORMAT_VERSION = 1
DEFAULT_PIECES = 4
"""The database the engine's strongest levels use."""
MAX_PIECES = 5
"""The most pieces :func:`database` agrees to build (5 takes far longer and much memory)."""

I16 = npt.NDArray[np.int16]
Progress = Callable[[int, int], None]



def cache_file(max_pieces: int, directory: Path) -> Path:
    return directory / f"draughts-endgame-v{FORMAT_VERSION}-{max_pieces}.npz"


@dataclass(frozen=True)
class Result:
    """A position's exact value for the side to move."""

    outcome: str
    """``win``, ``loss`` or ``draw``."""
    plies: int | None
    """Plies to the end of the game with best play (``None`` for a draw)."""

    @classmethod
    def of(cls, value: int) -> Result:
        if value > 0:
            return cls("win", value)
        if value < 0:
            return cls("loss", -value - 1)
        return cls("draw", None)

    def __str__(self) -> str:
        if self.plies is None:
            return "a draw"
        return f"{'won' if self.outcome == 'win' else 'lost'} in {self.plies} plies"


class EndgameDatabase:
    """Exact values of every position with at most ``max_pieces`` pieces."""

    def __init__(self, max_pieces: int, tables: dict[ClassKey, I16], source: str = "computed",
                 seconds: float = 0.0, path: Path | None = None) -> None:
        self.max_pieces = max_pieces
        self.tables = tables
        self.source = source
        """``computed`` or ``loaded``."""
        self.seconds = seconds
        """How long building or loading took."""
        self.path = path

    @property
    def positions(self) -> int:
        """Index slots in all the tables (Black to move; a few percent are never used)."""
        return sum(t.size for t in self.tables.values())

    def probe(self, black: int, white: int, kings: int, black_to_move: bool) -> int | None:
        """The raw value (padded bitboards): ``n > 0`` won in ``n`` plies, ``n < 0`` lost in
        ``-n - 1``, 0 drawn; ``None`` if the position is not covered."""
        if not black or not white:  # the game is over
            return -1 if not (black if black_to_move else white) else None
        if (black | white).bit_count() > self.max_pieces:
            return None
        key, index = index_of(black, white, kings, black_to_move)
        table = self.tables.get(key)
        return None if table is None else int(table[index])

    def result(self, position: Position) -> Result | None:
        """The exact value of ``position``, or ``None`` if it has too many pieces."""
        v = self.probe(position.black, position.white, position.kings, position.black_to_move)
        return None if v is None else Result.of(v)

    def covers(self, position: Position) -> bool:
        return position.black != 0 and position.white != 0 and (
            position.occupied.bit_count() <= self.max_pieces)

    def move_values(self, position: Position) -> list[tuple[Move, int]]:
        """Every legal move with the value it keeps for the mover (higher is better: a win in
        ``n`` plies is ``10000 - n``, a draw 0, a loss in ``n`` plies ``-10000 + n``)."""
        out = []
        for m in legal_moves(position):
            after = play(position, m)
            v = self.probe(after.black, after.white, after.kings, after.black_to_move)
            if v is None:
                raise ValueError("the position is not covered by the database")
            # the opponent's value v: lost in n -> we win in n + 1, and so on
            if v < 0:
                mine = 10000 - (-v - 1 + 1)
            elif v > 0:
                mine = -10000 + v + 1
            else:
                mine = 0
            out.append((m, mine))
        return out

    def best_moves(self, position: Position) -> list[Move]:
        """The moves that keep the best result: in a win, those that win soonest; in a loss,
        those that hold out longest; in a draw, every drawing move (in ``legal_moves`` order)."""
        values = self.move_values(position)
        if not values:
            return []
        top = max(v for _, v in values)
        return [m for m, v in values if v == top]


# ---- building, saving and loading ------------------------------------------------------------

_DATABASES: dict[tuple[int, Path], EndgameDatabase] = {}
_LOCK = threading.Lock()
"""Guards ``_DATABASES`` and ``_BUILDS``; never held while a database is read or built."""
_BUILDS: dict[tuple[int, Path], threading.Lock] = {}
"""One lock per database being loaded or built, so that it is built once, while ``loaded``
(which the bots and hints call on every move) never waits for a build."""


def _key(max_pieces: int, cache_dir: str | os.PathLike[str] | None) -> tuple[int, Path]:
    directory = cache_folder(cache_dir)
    with contextlib.suppress(OSError):
        directory = directory.resolve()
    return max_pieces, directory


def database(max_pieces: int = DEFAULT_PIECES, cache_dir: str | os.PathLike[str] | None = None,
             progress: Progress | None = None) -> EndgameDatabase:
    """The database for up to ``max_pieces`` pieces: from memory, the cache, or built (and cached).

    ``progress(done, total)`` is called while building (positions solved so far, of all).
    Threads asking for the same database at once share one build.
    """
    if not 2 <= max_pieces <= MAX_PIECES:
        raise ValueError(f"the endgame database covers 2 to {MAX_PIECES} pieces, not {max_pieces}")
    key = _key(max_pieces, cache_dir)
    found, build = _held(key)
    if found is not None:
        return found
    with build:
        found, _ = _held(key)
        if found is None:
            found = _load_or_build(max_pieces, key[1], progress)
            with _LOCK:
                _DATABASES[key] = found
    return found


def loaded(max_pieces: int = DEFAULT_PIECES,
           cache_dir: str | os.PathLike[str] | None = None) -> EndgameDatabase | None:
    """The database if it is in memory or in the cache already (never builds it, and never
    waits for another thread's build: ``None`` until that is done)."""
    key = _key(max_pieces, cache_dir)
    found, build = _held(key)
    if found is not None:
        return found
    if not build.acquire(blocking=False):
        return None  # being built (or loaded) by another thread
    try:
        found, _ = _held(key)
        if found is None:
            found = _from_file(max_pieces, key[1])
            if found is not None:
                with _LOCK:
                    _DATABASES[key] = found
        return found
    finally:
        build.release()


def _held(key: tuple[int, Path]) -> tuple[EndgameDatabase | None, threading.Lock]:
    """The database in memory for ``key``, if any, and the lock of its build."""
    with _LOCK:
        return _DATABASES.get(key), _BUILDS.setdefault(key, threading.Lock())


def forget_databases() -> None:
    """Drop the databases held in memory (the files stay)."""
    with _LOCK:
        _DATABASES.clear()


def _name(c: ClassKey) -> str:
    return "c" + "".join(str(x) for x in c)


def _digest(tables: dict[ClassKey, I16]) -> str:
    h = hashlib.sha256()
    for c in sorted(tables):
        h.update(_name(c).encode())
        h.update(np.ascontiguousarray(tables[c], dtype=np.int16).tobytes())
    return h.hexdigest()


def _meta(max_pieces: int) -> dict[str, Any]:
    return {"format": FORMAT_VERSION, "game": "draughts", "max_pieces": max_pieces}


def _save(path: Path, max_pieces: int, tables: dict[ClassKey, I16]) -> bool:
    def write(fh: BinaryIO) -> None:
        meta = json.dumps({**_meta(max_pieces), "sha256": _digest(tables)})
        arrays = {_name(c): t for c, t in tables.items()}
        # (ignore: NumPy's stub lets a ** of arrays stand for its allow_pickle: bool)
        np.savez_compressed(fh, meta=np.array(meta), **arrays)  # type: ignore[arg-type]

    return write_atomically(path, write)


def _load(path: Path, max_pieces: int) -> dict[ClassKey, I16] | None:
    try:
        with np.load(path, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            tables = {c: np.array(data[_name(c)], dtype=np.int16) for c in classes(max_pieces)}
    except FileNotFoundError:
        return None
    except Exception:  # a damaged file: any of zipfile's, NumPy's or JSON's errors
        return None
    if not isinstance(meta, dict) or {k: meta.get(k) for k in _meta(max_pieces)} != _meta(max_pieces):
        return None
    if any(t.shape != (class_size(c),) for c, t in tables.items()):
        return None
    if meta.get("sha256") != _digest(tables):
        return None
    return tables


def _from_file(max_pieces: int, directory: Path) -> EndgameDatabase | None:
    """The database read from its file in ``directory``, or ``None`` if it is not there whole."""
    path = cache_file(max_pieces, directory)
    start = time.perf_counter()
    tables = _load(path, max_pieces)
    if tables is None:
        return None
    return EndgameDatabase(max_pieces, tables, "loaded", time.perf_counter() - start, path)


def _load_or_build(max_pieces: int, directory: Path, progress: Progress | None) -> EndgameDatabase:
    found = _from_file(max_pieces, directory)
    if found is not None:
        return found
    from parlour.games.draughts.search.endgame_build import solve

    path = cache_file(max_pieces, directory)
    start = time.perf_counter()
    tables = solve(max_pieces, progress)
    seconds = time.perf_counter() - start
    saved = _save(path, max_pieces, tables)
    return EndgameDatabase(max_pieces, tables, "computed", seconds, path if saved else None)
