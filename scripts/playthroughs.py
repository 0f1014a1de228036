"""Write the golden playthroughs (tests/data/playthroughs/) again.

Run it only when a rule change is meant, then read the diff: it shows exactly what changed.

    python scripts/playthroughs.py                 # every game
    python scripts/playthroughs.py --game draughts # one game
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "conformance"))

import playthroughkit


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="only this game (by its name)")
    args = parser.parse_args()
    written = 0
    rule_sets = list(playthroughkit.rule_sets())
    games = {r.game for r in rule_sets}
    if args.game is not None and args.game not in games:
        parser.error(f"no game named {args.game!r}; the games are {', '.join(sorted(games))}")
    for game in sorted(games):
        if args.game in (None, game):
            shutil.rmtree(playthroughkit.FOLDER / game, ignore_errors=True)
    for rule_set in rule_sets:
        if args.game not in (None, rule_set.game):
            continue
        for case, text in playthroughkit.choose(rule_set):
            case.path.parent.mkdir(parents=True, exist_ok=True)
            case.path.write_text(text, encoding="utf-8")
            written += 1
    print(f"wrote {written} playthroughs under {playthroughkit.FOLDER}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
