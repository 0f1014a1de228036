"""``bench/peers/ours_envs.py``, Parlour's side of the environments benchmark, runs a tiny
budget of every game in this process and prints sane JSON (the peers' side needs their virtual
environments and is not tested here)."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

PEERS = Path(__file__).resolve().parents[2] / "bench" / "peers"
sys.path.insert(0, str(PEERS))

import ours_envs  # noqa: E402
from ours import CASES  # noqa: E402


def test_envs_bench_prints_sane_json_for_every_game(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "argv", ["ours_envs.py", "--budget", "0.01"])
    ours_envs.main()
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 1, lines  # one JSON object, nothing else on standard output
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
    # draughts' random player plays board moves only: whole games, not a resignation at once
    assert results["draughts"]["plies_per_unit"] > 20
