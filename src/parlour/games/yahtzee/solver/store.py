"""Where solved tables are kept on disk, and how they are written and read back whole.

The cache folder is, in order: the ``cache_dir`` argument, the environment variable
``PARLOUR_CACHE``, or the user's cache folder (``platformdirs.user_cache_dir("parlour")``).  A
file's name carries the format version and the rules that change optimal play
(``yahtzee-v1-free-fifty.npz``).  Its metadata carry a SHA-256 digest of the values and
:data:`SOLVER_DIGEST`, a digest of the source of the solver and of the scoring rules: a
damaged or foreign file, or one written by a solver that has changed since, is never read (it
is solved again and replaced).
"""

from __future__ import annotations

import hashlib
import json
from importlib.resources import files
from pathlib import Path
from typing import Any, BinaryIO

import numpy as np

from parlour.core.cache import write_atomically
from parlour.games.yahtzee.rules import BOXES
from parlour.games.yahtzee.solver.widgets import UPPER_CAP, Floats, Variant

FORMAT_VERSION = 1
"""Bumped whenever the meaning or layout of the cached arrays changes."""
"""The environment variable naming the cache folder (tests point it at a temporary one)."""

SOLVED_BY = (
    ("parlour.games.yahtzee", "rules.py"),
    *(("parlour.games.yahtzee.solver", f"{name}.py")
      for name in ("widgets", "keeps", "scoring", "turn", "retrograde")),
)
"""The modules whose code decides the values in a table."""


def solver_digest() -> str:
    """A SHA-256 digest of the source of :data:`SOLVED_BY`."""
    h = hashlib.sha256()
    for package, name in SOLVED_BY:
        h.update(files(package).joinpath(name).read_bytes())
    return h.hexdigest()


SOLVER_DIGEST = solver_digest()
"""The digest of the solver that runs here (computed at import)."""



def cache_file(variant: Variant, directory: Path, moments: bool = False) -> Path:
    """Where the table of ``variant`` (or its second moments) is cached."""
    kind = "-moments" if moments else ""
    return directory / f"yahtzee-v{FORMAT_VERSION}-{variant.key}{kind}.npz"



def digest(*arrays: Floats) -> str:
    """A SHA-256 digest of the arrays' values."""
    h = hashlib.sha256()
    for a in arrays:
        h.update(np.ascontiguousarray(a, dtype=np.float64).tobytes())
    return h.hexdigest()


def _meta(variant: Variant, kind: str) -> dict[str, Any]:
    return {"format": FORMAT_VERSION, "variant": variant.key, "kind": kind, "solver": SOLVER_DIGEST}


def save_array(path: Path, variant: Variant, kind: str, array: Floats) -> bool:
    """Write ``array`` with its digest, atomically; ``False`` if the folder cannot be written."""
    def write(fh: BinaryIO) -> None:
        meta = json.dumps({**_meta(variant, kind), "sha256": digest(array)})
        np.savez(fh, values=array, meta=np.array(meta))

    return write_atomically(path, write)


def load_array(path: Path, variant: Variant, kind: str) -> Floats | None:
    """The array cached at ``path`` if it is whole, for these rules and from this solver, else ``None``."""
    shape = (1 << len(BOXES), UPPER_CAP + 1, 2)
    try:
        with np.load(path, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            values = np.array(data["values"], dtype=np.float64)
    except FileNotFoundError:
        return None
    except Exception:  # a damaged file: any of zipfile's, NumPy's or JSON's errors
        return None
    expected = _meta(variant, kind)
    if not isinstance(meta, dict) or {k: meta.get(k) for k in expected} != expected:
        return None
    if values.shape != shape or meta.get("sha256") != digest(values):
        return None
    return values

