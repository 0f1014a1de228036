"""A small progress bar on standard error (only where a person is watching)."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    """Call with ``(done, total)``; draws at most ten times a second."""

    def __init__(self, label: str, stream: TextIO | None = None, enabled: bool | None = None):
        self.label = label
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.start = time.monotonic()
        self.last = 0.0

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if done < total and now - self.last < 0.1:
            return
        self.last = now
        width = 30
        filled = int(width * done / total) if total else width
        rate = done / max(now - self.start, 1e-9)
        eta = (total - done) / rate if rate else 0.0
        self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] "
                          f"{done}/{total} {rate:,.0f}/s eta {eta:4.0f}s")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()
