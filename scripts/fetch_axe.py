"""Fetch axe-core, the accessibility checker the browser tests inject into pages, into Parlour's cache.

A pinned version's tarball comes from the npm registry through ``npm pack`` (the ordinary client),
is checked against the sha512 integrity the registry publishes for that version, and its
``axe.min.js`` is unpacked into ``<cache folder>/axe-core/<version>/``.  Nothing of axe-core is
committed to the repository.  Prints the path of ``axe.min.js``; exits 1 with the reason on failure.

    python3 scripts/fetch_axe.py
"""

from __future__ import annotations

import base64
import hashlib
import io
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import BinaryIO

from parlour.core.cache import cache_folder, write_atomically

VERSION = "4.14.1"
INTEGRITY = "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ=="
"""``dist.integrity`` of axe-core at VERSION, as ``npm view axe-core@VERSION dist.integrity`` shows it."""
MEMBER = "package/axe.min.js"


def axe_path() -> Path:
    """Where the unpacked ``axe.min.js`` of the pinned version lives."""
    return cache_folder() / "axe-core" / VERSION / "axe.min.js"


def integrity(data: bytes) -> str:
    """The Subresource-Integrity form npm uses: ``sha512-`` and the base64 digest."""
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode("ascii")


def _npm_pack() -> bytes:
    """The pinned version's tarball, through ``npm pack`` (which uses npm's configured registry)."""
    with tempfile.TemporaryDirectory() as tmp:
        try:
            subprocess.run(["npm", "pack", f"axe-core@{VERSION}", "--pack-destination", tmp, "--silent"],
                           check=True, capture_output=True, text=True, timeout=300)
        except FileNotFoundError as exc:
            raise RuntimeError("npm is not installed (Node.js brings it; Debian's package is npm)") from exc
        except subprocess.CalledProcessError as exc:
            raise RuntimeError(f"npm pack axe-core@{VERSION} failed: {exc.stderr.strip()}") from exc
        except subprocess.TimeoutExpired as exc:
            raise RuntimeError(f"npm pack axe-core@{VERSION} took over {exc.timeout} s") from exc
        return (Path(tmp) / f"axe-core-{VERSION}.tgz").read_bytes()


def _write(path: Path, data: bytes) -> None:
    def fill(fh: BinaryIO) -> None:
        fh.write(data)

    if not write_atomically(path, fill):
        raise RuntimeError(f"cannot write to the cache folder {path.parent}")


def fetch() -> Path:
    """The path of ``axe.min.js``: the cached tarball (fetched first if missing or not the published
    one) is checked against INTEGRITY, and ``axe.min.js`` is unpacked from it unless already there."""
    target = axe_path()
    tarball = target.with_name(f"axe-core-{VERSION}.tgz")
    data = tarball.read_bytes() if tarball.is_file() else b""
    if integrity(data) != INTEGRITY:
        data = _npm_pack()
        got = integrity(data)
        if got != INTEGRITY:
            raise RuntimeError(f"axe-core {VERSION}'s tarball has integrity {got}, "
                               f"not the published {INTEGRITY}")
        _write(tarball, data)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        member = tar.extractfile(MEMBER)
        if member is None:
            raise RuntimeError(f"axe-core {VERSION}'s tarball has no {MEMBER}")
        script = member.read()
    if not target.is_file() or target.read_bytes() != script:
        _write(target, script)
    return target


def main() -> int:
    try:
        print(fetch())
    except RuntimeError as exc:
        print(f"fetch_axe: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
