"""The golden playthroughs (``tests/data/playthroughs``) replay to the same text.

Each file is a seeded game of one rule set written out step by step (see ``playthroughkit``).
Replaying its actions through the protocol must write exactly the same text: the same notation,
the same legal moves, the same views for every seat and the spectator, the same returns.  A
difference is a change of behaviour; if it is meant (a rule change), write the files again with
``python scripts/playthroughs.py`` and explain the diff in the commit.
"""

from __future__ import annotations

from pathlib import Path

import playthroughkit
import pytest

FILES = sorted(playthroughkit.FOLDER.glob("*/*.txt"))


def test_every_rule_set_has_a_playthrough() -> None:
    written = {(path.parent.name, path.name.split("-")[0]) for path in FILES}
    missing = [f"{r.game} rule set {r.index}" for r in playthroughkit.rule_sets()
               if (r.game, f"case{r.index:02d}") not in written]
    assert not missing, f"no playthrough for {missing}: run scripts/playthroughs.py"


def test_the_playthroughs_are_small() -> None:
    total = sum(path.stat().st_size for path in FILES)
    assert total < 8_000_000, f"the playthroughs take {total:,} bytes"


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_playthrough_replays_the_same(path: Path) -> None:
    expected = path.read_text(encoding="utf-8").splitlines()
    case, _ = playthroughkit.read(path)
    assert case.path == path, "the file's name does not match its header"
    found = playthroughkit.replay(path).splitlines()
    for number, (want, got) in enumerate(zip(expected, found, strict=False), start=1):
        if want != got:
            step = next((line for line in reversed(expected[:number]) if line.startswith("## ")), "")
            pytest.fail(f"{path.name} line {number} ({step}):\n  expected: {want}\n  found:    {got}")
    assert len(found) == len(expected), f"{len(expected)} lines expected, {len(found)} found"
