"""The learning examples run, on a tiny budget, and report the exact regret as they learn."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from typing import Any

import pytest

EXAMPLES = Path(__file__).parents[2] / "examples"


def load(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    return example


def test_shut_the_box_learns_and_reports_its_exact_regret(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    example = load("learn_shut_the_box")
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


def test_blackjack_learns_and_reports_its_exact_regret(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    example = load("learn_blackjack")
    figure = tmp_path / "curve.png"
    example.main(["--episodes", "3000", "--checkpoints", "2", "--plot", str(figure)])
    out = capsys.readouterr().out
    regrets = [float(r) for r in re.findall(r"expectation.* regret +([0-9.]+)%", out)]
    assert len(regrets) == 3 and "best -6.4047%" in out
    assert regrets[0] == 12.2320  # before learning: every value 1, so stand on everything
    assert regrets[-1] < 3
    assert f"final regret {regrets[-1]:.4f}% after 3000 episodes" in out
    assert figure.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
