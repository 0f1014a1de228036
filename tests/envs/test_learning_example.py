"""The learning example runs, on a tiny budget, and reports the exact regret as it learns."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).parents[2] / "examples" / "learn_shut_the_box.py"


def test_the_example_learns_and_reports_its_exact_regret(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("learn_shut_the_box", EXAMPLE)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    figure = tmp_path / "curve.png"
    example.main(["--episodes", "1500", "--checkpoints", "3", "--plot", str(figure)])
    out = capsys.readouterr().out
    regrets = [float(r) for r in re.findall(r"P\(shut\).* regret +([0-9.]+)%", out)]
    assert len(regrets) == 4  # at the start and at each checkpoint
    assert "best  9.7614%" in out
    assert regrets[0] == 8.6964  # before learning: the first legal action everywhere
    assert regrets[-1] < regrets[0] - 2
    assert f"final regret {regrets[-1]:.4f}% after 1500 episodes" in out
    assert figure.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
