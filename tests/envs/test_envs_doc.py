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
