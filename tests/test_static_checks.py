"""ruff and mypy --strict on the source, as part of the one test command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_is_clean():
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "src", "tests", "bench"],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_is_clean():
    result = subprocess.run([sys.executable, "-m", "mypy", "--strict", "src/parlour"],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_core_and_games_never_import_a_face():
    """Dependencies point up only: core and games import no UI, server, database or network."""
    forbidden = ("parlour.cli", "parlour.tui", "parlour.server", "parlour.web", "parlour.envs",
                 "parlour.agents", "sqlalchemy", "fastapi", "starlette", "socket", "http",
                 "urllib", "asyncio", "textual")
    offenders = []
    for folder in ("core", "games"):
        for path in (ROOT / "src" / "parlour" / folder).rglob("*.py"):
            for n, line in enumerate(path.read_text().splitlines(), start=1):
                words = line.split()
                if len(words) >= 2 and words[0] in ("import", "from"):
                    module = words[1]
                    if any(module == f or module.startswith(f + ".") for f in forbidden):
                        offenders.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    # the driver's doctest imports parlour.agents inside a docstring, which is not code
    assert offenders == []
