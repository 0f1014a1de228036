"""Time the Gin Rummy meld optimizer: hands per second, and against RLCard's meld code.

Usage: ``python bench/bench_gin_melds.py [--hands N] [--repeat N] [--json] [--rlcard PYTHON]``

* ``deadwood, cold``: the least deadwood of N random 10-card hands, the memo cleared first;
  ``deadwood, warm``: the same hands again (what a bot or simulation sees: sub-hands repeat);
* ``arrange``: the full best arrangement (melds and deadwood cards) of each hand, warm;
* ``best discard``: the best discard of N random 11-card hands (one optimizer call per card
  that could matter), warm;
* ``played hands``: the 10-card hands held at every turn of games between simple bots (far more
  melds than random hands), cold;
* ``--rlcard PYTHON``: a Python that has RLCard installed (never a dependency of Parlour: use a
  throwaway virtual environment) times RLCard's ``get_best_meld_clusters`` plus its deadwood
  count on the same random and played hands, and its answers are checked against ours.

Each time is the best of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from parlour.core.driver import play
from parlour.core.rng import make_rng
from parlour.games.gin_rummy import GAME, Rules
from parlour.games.gin_rummy.bots import SimpleBot
from parlour.games.gin_rummy.deck import CARDS, bits
from parlour.games.gin_rummy.melds import arrange, best_discard, deadwood, optimum

RLCARD_RUNNER = r"""
import json, sys, time
from rlcard.games.gin_rummy.utils import melding, utils
data = json.load(open(sys.argv[1]))
repeat = int(sys.argv[2])
out = {}
for name, hands in data.items():
    cards = [[utils.card_from_text(t) for t in hand] for hand in hands]
    best = None
    for _ in range(repeat):
        start = time.perf_counter()
        counts = []
        for hand in cards:
            clusters = melding.get_best_meld_clusters(hand)
            counts.append(utils.get_deadwood_count(hand, clusters[0] if clusters else []))
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    out[name] = {"seconds": best, "deadwood": counts}
print(json.dumps(out))
"""


def random_hands(n: int, size: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    return [sum(1 << c for c in rng.sample(range(52), size)) for _ in range(n)]


def played_hands(n: int, seed: int) -> list[int]:
    """10-card hands held at the start of each turn in games between simple bots."""
    out: list[int] = []
    game = 0
    while len(out) < n:
        def keep(step: object) -> None:
            state = step.after  # type: ignore[attr-defined]
            if state.phase.value == "draw" and len(out) < n:
                out.append(state.hands[state.current])
        play(GAME, Rules(), [SimpleBot(), SimpleBot()], make_rng(seed + game), on_step=keep)
        game += 1
    return out


def best_of(repeat: int, fn: Callable[[], object], cold: bool = False) -> float:
    best = float("inf")
    for _ in range(repeat):
        if cold:
            optimum.cache_clear()
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def texts(hands: Sequence[int]) -> list[list[str]]:
    return [[str(CARDS[c]) for c in bits(h)] for h in hands]


def run_rlcard(python: str, sets: dict[str, list[int]], repeat: int) -> dict[str, dict[str, object]]:
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "hands.json"
        data.write_text(json.dumps({name: texts(hands) for name, hands in sets.items()}))
        script = Path(tmp) / "runner.py"
        script.write_text(RLCARD_RUNNER)
        result = subprocess.run([python, str(script), str(data), str(repeat)], capture_output=True,
                                text=True, check=True)
    answer: dict[str, dict[str, object]] = json.loads(result.stdout)
    return answer


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--rlcard", metavar="PYTHON", help="a Python with RLCard installed, to compare")
    args = parser.parse_args(argv)
    n = args.hands
    tens = random_hands(n, 10, 1)
    elevens = random_hands(n, 11, 2)
    played = played_hands(min(n, 5000), 3)
    rows: dict[str, float] = {}
    rows["deadwood, cold (random 10 cards)"] = n / best_of(args.repeat, lambda: [deadwood(h) for h in tens],
                                                          cold=True)
    rows["deadwood, warm (random 10 cards)"] = n / best_of(args.repeat, lambda: [deadwood(h) for h in tens])
    rows["arrange, warm (random 10 cards)"] = n / best_of(args.repeat, lambda: [arrange(h) for h in tens])
    rows["best discard, warm (random 11 cards)"] = n / best_of(
        args.repeat, lambda: [best_discard(h) for h in elevens])
    rows["deadwood, cold (played 10 cards)"] = len(played) / best_of(
        args.repeat, lambda: [deadwood(h) for h in played], cold=True)
    result: dict[str, object] = {
        "machine": f"{platform.machine()}, {platform.python_implementation()} {platform.python_version()}",
        "hands": n, "played_hands": len(played), "hands_per_second": rows,
    }
    if args.rlcard:
        sets = {"random": tens, "played": played}
        theirs = run_rlcard(args.rlcard, sets, args.repeat)
        compare: dict[str, object] = {}
        for name, hands in sets.items():
            counts = theirs[name]["deadwood"]
            assert isinstance(counts, list)
            mismatches = sum(1 for h, c in zip(hands, counts, strict=True) if deadwood(h) != c)
            seconds = theirs[name]["seconds"]
            assert isinstance(seconds, float)
            ours = rows[f"deadwood, cold ({name} 10 cards)"]
            compare[name] = {"rlcard_hands_per_second": len(hands) / seconds,
                             "parlour_cold_hands_per_second": ours,
                             "speed-up": ours / (len(hands) / seconds), "disagreements": mismatches}
        result["rlcard"] = compare
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"Gin Rummy meld optimizer ({result['machine']}; best of {args.repeat})")
    for name, rate in rows.items():
        print(f"  {name:<40} {rate:>12,.0f} hands/s")
    if "rlcard" in result:
        for name, item in result["rlcard"].items():  # type: ignore[attr-defined]
            rate = item["rlcard_hands_per_second"]
            print(f"  RLCard get_best_meld_clusters ({name}): {rate:,.0f} hands/s; Parlour cold is "
                  f"{item['speed-up']:.0f}x faster; {item['disagreements']} disagreements")
    return 0


if __name__ == "__main__":
    sys.exit(main())

