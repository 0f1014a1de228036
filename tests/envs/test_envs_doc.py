"""``docs/envs.md``'s games part is what ``scripts/envs_doc.py`` writes from the encodings."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def test_the_committed_games_part_is_up_to_date() -> None:
    result = subprocess.run([sys.executable, "scripts/envs_doc.py", "--check"], cwd=ROOT,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr


def test_the_examples_run() -> None:
    """Every Python block of docs/envs.md, each in a fresh interpreter, as a reader would run it."""
    text = (ROOT / "docs" / "envs.md").read_text(encoding="utf-8")
    blocks = [block.split("```", 1)[0] for block in text.split("```python\n")[1:]]
    assert len(blocks) >= 4
    printed = ""
    for block in blocks:
        result = subprocess.run([sys.executable, "-c", block], capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, f"{block}\n{result.stderr}"
        printed += result.stdout
    assert "final score" in printed  # the Gymnasium example played its game to the end
