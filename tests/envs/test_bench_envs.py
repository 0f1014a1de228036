"""``bench/peers/envs.py``, Parlour's side of the environments benchmark, runs a tiny budget for
every game and prints sane JSON (the peers' side needs their virtual environments and is not
tested here)."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "bench" / "peers" / "envs.py"
sys.path.insert(0, str(SCRIPT.parent))

from ours import CASES  # noqa: E402


def test_envs_bench_prints_sane_json_for_every_game() -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, str(SCRIPT), "--budget", "0.01"], capture_output=True, text=True,
                          env=env, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1, done.stdout  # one JSON object, nothing else on standard output
    results = json.loads(lines[0])["parlour"]
    assert set(results) == set(CASES)
    for name, r in results.items():
        assert r["game"] == CASES[name].game
        assert r["units"] >= 1, name
        assert r["truncated"] == 0, name  # Parlour's environments play every game out
        assert r["plies_per_unit"] >= 1, name
        assert math.isfinite(r["plies_per_second"]) and r["plies_per_second"] > 0, name
        assert r["plies_per_second"] == pytest.approx(r["per_second"] * r["plies_per_unit"]), name
        assert r["actions"] >= 2 and all(n >= 1 for n in r["observation"]), name
