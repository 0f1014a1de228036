"""Helpers of the CLI tests: run ``parlour`` as a subprocess, or converse with it over pipes."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable


def run(*args: str, stdin: str = "", timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """``parlour ARGS`` with ``stdin`` as its input; its exit code and both outputs."""
    return subprocess.run([sys.executable, "-m", "parlour.cli.main", *args], input=stdin,
                          capture_output=True, text=True, timeout=timeout)


def converse(args: list[str], answer: Callable[[str], str], limit: int = 2000) -> tuple[int, str]:
    """Run ``parlour`` on pipes, answering each prompt (output ending ``> ``) with
    ``answer(transcript_so_far)``; at most ``limit`` reads, then its input is closed."""
    proc = subprocess.Popen([sys.executable, "-m", "parlour.cli.main", *args],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=False)
    assert proc.stdin is not None and proc.stdout is not None
    out = b""
    for _ in range(limit):
        chunk = proc.stdout.read1(65536)
        if not chunk:
            break
        out += chunk
        if out.endswith(b"> "):
            proc.stdin.write((answer(out.decode()) + "\n").encode())
            proc.stdin.flush()
    proc.stdin.close()
    return proc.wait(timeout=60), out.decode()


def listed_moves(transcript: str) -> list[str]:
    """The moves of the last "your move:" line."""
    line = [x for x in transcript.splitlines() if ", your move: " in x][-1]
    return line.split(", your move: ", 1)[1].split(" (or")[0].split(", ")
