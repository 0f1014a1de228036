"""``parlour serve`` as a person starts it: the address, the data folder, the house network, mistakes."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest


def start(*args: str, env: dict[str, str] | None = None) -> tuple[subprocess.Popen[str], list[str]]:
    """Start ``parlour serve`` and read its banner (up to "Press Ctrl+C")."""
    proc = subprocess.Popen([sys.executable, "-m", "parlour.cli.main", "serve", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, **(env or {})})
    assert proc.stdout is not None
    lines = []
    for line in proc.stdout:
        lines.append(line.rstrip("\n"))
        if line.startswith("Press Ctrl+C"):
            break
    return proc, lines


def stop(proc: subprocess.Popen[str]) -> str:
    proc.send_signal(signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()  # never leave a server behind; the test fails all the same
        proc.communicate()
        raise
    return err


def test_serve_starts_on_loopback_in_the_user_data_folder(tmp_path: Path) -> None:
    proc, lines = start("--port", "0", env={"XDG_DATA_HOME": str(tmp_path / "data"), "HOME": str(tmp_path)})
    try:
        match = re.fullmatch(r"Parlour is running at http://127\.0\.0\.1:(\d+)/", lines[0])
        assert match, lines
        assert not any("Other devices" in line for line in lines)
        db = tmp_path / "data" / "parlour" / "parlour.sqlite3"
        assert lines[1] == f"Database: sqlite:///{db}" and db.exists()
        with urllib.request.urlopen(f"http://127.0.0.1:{match.group(1)}/api/games", timeout=10) as r:
            assert "shut-the-box" in [g["name"] for g in json.load(r)]
    finally:
        err = stop(proc)
    assert proc.returncode == 0 and err == "Parlour has stopped.\n"


def test_serve_on_the_house_network_prints_the_address_for_other_devices(tmp_path: Path) -> None:
    proc, lines = start("--host", "0.0.0.0", "--port", "0", "--db", f"sqlite:///{tmp_path / 'db.sqlite3'}")
    try:
        assert lines[0].startswith("Parlour is running at http://127.0.0.1:")
        port = lines[0].rsplit(":", 1)[1].rstrip("/")
        assert re.fullmatch(rf"Other devices in the house can join at http://[0-9.]+:{port}/", lines[1]) or \
            lines[1].startswith("Other devices can join at this machine's network address")
    finally:
        stop(proc)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "parlour.cli.main", "serve", *args],
                          capture_output=True, text=True, timeout=60)


def test_a_port_in_use_is_one_clear_line(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = run("--port", str(port), "--db", f"sqlite:///{tmp_path / 'db.sqlite3'}")
    assert result.returncode == 2
    assert result.stderr == f"parlour: error: cannot listen on 127.0.0.1:{port}: Address already in use\n"


@pytest.mark.parametrize(("args", "words"), [
    (["--db", "not a url"], "is not a database URL"),
    (["--db", "nosuchdb://x"], "is not a database URL"),
    (["--db", "sqlite:////no/such/folder/db.sqlite3"], "cannot open the database"),
    (["--bot-delay", "-1"], "--bot-delay cannot be negative"),
    (["--db-timeout", "0"], "--db-timeout must be more than 0 and at most 600 seconds"),
    (["--open-tables", "-5"], "--open-tables cannot be negative"),
    (["--table-rate", "-1"], "--table-rate cannot be negative"),
    (["--idle-minutes", "0"], "--idle-minutes and --archive-days must be more than 0"),
    (["--bot-workers", "0"], "--bot-workers must be 1 to 64"),
    (["--bot-workers", "1000"], "--bot-workers must be 1 to 64"),
    (["--port", "x"], "invalid int value"),
])
def test_mistakes_are_one_clear_line(args: list[str], words: str) -> None:
    result = run(*args)
    assert result.returncode == 2 and words in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


def test_serve_stopped_by_sigterm_says_so_like_ctrl_c(tmp_path: Path) -> None:
    proc, lines = start("--port", "0", "--db", f"sqlite:///{tmp_path / 'db.sqlite3'}")
    assert lines[0].startswith("Parlour is running at")
    proc.send_signal(signal.SIGTERM)  # how a service manager stops it
    try:
        _, err = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        raise
    assert proc.returncode == 0 and err == "Parlour has stopped.\n"
