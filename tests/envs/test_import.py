"""Importing :mod:`parlour.envs` imports nothing of PettingZoo or Gymnasium (they are an optional
extra, imported when an environment is made)."""

from __future__ import annotations

import subprocess
import sys

CHECK = """
import sys
import parlour.envs
import parlour.envs.core
{more}
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("pettingzoo", "gymnasium"))
print(",".join(loaded))
"""


def loaded(more: str = "") -> list[str]:
    result = subprocess.run([sys.executable, "-c", CHECK.format(more=more)], capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().split(",") if result.stdout.strip() else []


def test_importing_parlour_envs_imports_neither_pettingzoo_nor_gymnasium() -> None:
    assert loaded() == []


def test_the_check_sees_them_once_an_environment_module_is_imported() -> None:
    found = loaded("import parlour.envs.aec_env")
    assert "pettingzoo" in found and "gymnasium" in found
