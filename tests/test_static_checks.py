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
    """Dependencies point up only: core and games import no UI, server, database or network.
    (``parlour.envs.encoding``, the Encoding contract, imports NumPy only: the games' ``encoding``
    modules subclass it and the protocol names it for typing.)"""
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
                    if module == "parlour.envs.encoding":
                        continue  # the Encoding contract (NumPy only) each game's encoding.py keeps
                    if any(module == f or module.startswith(f + ".") for f in forbidden):
                        offenders.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    # the driver's doctest imports parlour.agents inside a docstring, which is not code
    assert offenders == []


GAMES = ROOT / "src" / "parlour" / "games"
TEMPLATE = ("__init__", "rules", "moves", "state", "engine", "game", "notation", "view", "text", "bots")
"""The modules every game package has (docs/architecture.md); a role may be a package of its name."""


def test_every_game_package_follows_the_template():
    packages = sorted(p for p in GAMES.iterdir() if (p / "__init__.py").exists())
    assert len(packages) == 7
    missing = [f"{p.name}/{name}" for p in packages for name in TEMPLATE
               if not (p / f"{name}.py").exists() and not (p / name / "__init__.py").exists()]
    assert missing == []
    for package in packages:  # bots/ is a package whose __init__ maps each bot's name to its factory
        assert "\nBOTS" in (package / "bots" / "__init__.py").read_text(), package.name


def test_no_module_is_over_600_lines():
    long = [f"{p.relative_to(ROOT)}: {n}" for p in (ROOT / "src" / "parlour").rglob("*.py")
            if (n := len(p.read_text().splitlines())) > 600]
    assert long == []


def test_no_web_file_is_over_600_lines():
    """The web client's modules and stylesheets too: a game's view that grows is split into modules
    in a folder beside it (src/parlour/web/games/draughts.js and games/draughts/)."""
    web = ROOT / "src" / "parlour" / "web"
    long = [f"{p.relative_to(ROOT)}: {n}" for p in web.rglob("*") if p.suffix in (".js", ".css", ".html")
            and (n := len(p.read_text().splitlines())) > 600]
    assert long == []


def test_no_identity_tricks():
    """No caches keyed by ``id()``, no objects made without their constructor, no ``__class__``
    or ``__dict__`` tricks, no interning by weak references (DESIGN.md section 6)."""
    import re

    trick = re.compile(r"object\.__new__|__class__ =|\.__dict__\b|\bid\(|weakref")
    found = [f"{p.relative_to(ROOT)}:{n}: {line.strip()}"
             for p in (ROOT / "src" / "parlour").rglob("*.py")
             for n, line in enumerate(p.read_text().splitlines(), start=1) if trick.search(line)]
    assert found == []
