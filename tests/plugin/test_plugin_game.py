"""An eighth game plugs in without editing Parlour: Nim (``parlour_nim``, in this folder), found
through the ``parlour.games`` entry point of a distribution this test writes, is played through
the command line, the terminal player and the server, in processes of their own."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """An environment in which a distribution ``parlour-nim-toy`` is installed: its metadata
    (with the entry point) in a folder on the path, its package in this test's folder."""
    site = tmp_path_factory.mktemp("site")
    info = site / "parlour_nim_toy-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: parlour-nim-toy\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[parlour.games]\nnim = parlour_nim:GAME\n")
    paths = [str(site), str(HERE), *filter(None, [os.environ.get("PYTHONPATH")])]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths), "PARLOUR_CACHE": str(site / "cache")}


def parlour(env: dict[str, str], *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "parlour.cli.main", *args], input=stdin, env=env,
                          capture_output=True, text=True, timeout=120)


def test_the_command_line_lists_explains_solves_and_simulates_it(env: dict[str, str]) -> None:
    games = parlour(env, "games").stdout
    assert re.search(r"^nim +Nim \(2 players\): take one to three counters", games, re.M)
    assert "tools: parlour solve nim, parlour nim count" in games
    rules = parlour(env, "rules", "nim").stdout
    assert rules.startswith("# Nim\n") and "- misere=false" in rules
    solved = json.loads(parlour(env, "solve", "nim", "--json").stdout)
    assert solved["4"] is None and solved["21"] == 1 and solved["7"] == 3
    assert parlour(env, "nim", "count", "10").stdout == "8 left\n"
    refused = parlour(env, "solve", "nim", "--most", "0")
    assert refused.returncode == 2 and refused.stderr == "parlour: error: --most must be at least 1\n"
    run = parlour(env, "simulate", "nim", "--seat", "bot:perfect", "--seat", "bot:random",
                  "--games", "100", "--seed", "1", "--json")
    seats = json.loads(run.stdout)["seats"]
    assert seats[0]["win_rate"] > 0.9 and seats[0]["win_rate"] + seats[1]["win_rate"] == 1
    without = {k: v for k, v in env.items() if k != "PYTHONPATH"}
    assert parlour(without, "rules", "nim").returncode == 2  # found only where it is installed


def test_the_terminal_player_plays_it(env: dict[str, str]) -> None:
    played = parlour(env, "play", "nim", "--seat", "Ann", "--seat", "bot:perfect", "--seed", "3",
                     "--rule", "pile=9", stdin="take 5\n" + "take 1\n" * 10)
    assert played.returncode == 0, played.stderr
    out = played.stdout
    assert "Chance: seat 1 starts" in out and "Perfect bot: take 1" in out  # (seed 3: the bot starts)
    assert "NIM PILE: | | | | | | | |  (8 left; Ann to take)" in out
    assert "take 5" in out and "you may take 1 to 3 counters, not 5" in out  # refused, nothing lost
    assert "NIM PILE: (empty)  (0 left)" in out and "Game over. Perfect bot wins." in out


@pytest.fixture
def server(env: dict[str, str], tmp_path: Path) -> Iterator[str]:
    proc = subprocess.Popen([sys.executable, "-m", "parlour.cli.main", "serve", "--port", "0",
                             "--db", f"sqlite:///{tmp_path / 'parlour.sqlite3'}", "--bot-delay", "0"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert match, line
        yield match.group(1)
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        for stream in (proc.stdout, proc.stderr):
            if stream:
                stream.close()


def _api(port: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def test_the_server_plays_it(server: str) -> None:
    listed = {g["name"]: g for g in _api(server, "/api/games")}
    assert listed["nim"]["bots"] == ["random", "perfect"]
    assert [o["name"] for o in listed["nim"]["options"]] == ["pile", "most", "misere"]
    created = _api(server, "/api/tables", {"game": "nim", "rules": {"pile": 10},
                                           "seats": [{"bot": None}, {"bot": "perfect"}],
                                           "join": [{"seat": 0, "name": "Ann"}]})
    with connect(f"ws://127.0.0.1:{server}/ws/{created['code']}", open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "tokens": [created["tokens"]["0"]]}))
        deadline = time.monotonic() + 60
        state: dict[str, Any] = {}
        while time.monotonic() < deadline:
            message = json.loads(ws.recv(timeout=20))
            if message["type"] == "error":
                pytest.fail(f"refused: {message}")
            if message["type"] != "state":
                continue
            state = message
            if state["over"]:
                break
            if state["to_act"] == [0]:
                assert state["legal"]["0"][0] == "take 1" and state["views"]["0"]["mover"] == 0
                ws.send(json.dumps({"type": "move", "move": "take 1", "seq": state["seq"]}))
        assert state["over"] and state["result"] == "Perfect bot wins." and state["winners"] == [1]
        assert state["views"]["0"]["left"] == 0 and sum(state["views"]["0"]["taken"]) == 10
