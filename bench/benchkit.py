"""What the benchmark scripts share: overriding a bot module's constants, and running jobs in
processes.  (The scripts run with ``bench/`` on the path: ``python bench/NAME.py``.)"""

from __future__ import annotations

import ast
from collections.abc import Callable
from types import ModuleType
from typing import Any, TypeVar

T = TypeVar("T")


def apply_settings(module: ModuleType, settings: list[str]) -> None:
    """Set ``module``'s constants from ``NAME=VALUE`` strings (values as Python literals)."""
    for setting in settings:
        name, _, value = setting.partition("=")
        if not name.isupper() or not hasattr(module, name):
            raise SystemExit(f"{module.__name__} has no constant {name}")
        setattr(module, name, ast.literal_eval(value))


def run_jobs(work: Callable[[Any], T], jobs: list[Any], processes: int) -> list[T]:
    """``work`` on each job, in ``processes`` processes at once (forked) when more than one."""
    if processes > 1:
        from multiprocessing import get_context

        with get_context("fork").Pool(processes) as pool:
            return pool.map(work, jobs)
    return [work(job) for job in jobs]
