"""Fingerprints of seeded random games, to prove a speed change changed nothing.

For every registered game and every rule set of its conformance cases, plays ``--games`` seeded
games with random bots through ``parlour.core.driver.play`` and hashes, step by step, the
action's text, the state after it, every seat's view of it (and the spectator's, every fifth
step), the legal moves of the seat to act, and at the end the record and the returns.  States and
views are encoded by their compared fields only (``dataclasses.field(compare=False)`` caches are
left out), so a cache added or removed does not count as a change.

    python bench/fingerprint.py save  /tmp/fp.json --games 300   # before the change
    python bench/fingerprint.py check /tmp/fp.json --games 300   # after: prints ALL MATCH or what differs

The hash seed is fixed (the script runs itself again with ``PYTHONHASHSEED=0``) so that sets of
strings encode the same way in both runs.
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import hashlib
import json
import os
import sys
from typing import Any

if os.environ.get("PYTHONHASHSEED") != "0":  # pragma: no cover - re-run with a fixed hash seed
    os.environ["PYTHONHASHSEED"] = "0"
    os.execv(sys.executable, [sys.executable, *sys.argv])

from parlour.agents import RandomBot
from parlour.agents.simulate import MAX_MOVES
from parlour.core import registry
from parlour.core.driver import Step, play
from parlour.core.options import rules_to_json
from parlour.core.rng import make_rng


def encode(obj: Any) -> str:
    """A canonical text for a value: dataclasses by their compared fields, sets sorted."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        inner = ",".join(
            f"{f.name}={encode(getattr(obj, f.name))}" for f in dataclasses.fields(obj) if f.compare
        )
        return f"{type(obj).__name__}({inner})"
    if isinstance(obj, enum.Enum):
        return f"{type(obj).__name__}.{obj.name}"
    if isinstance(obj, (tuple, list)):
        return "[" + ",".join(encode(x) for x in obj) + "]"
    if isinstance(obj, (set, frozenset)):
        return "{" + ",".join(sorted(encode(x) for x in obj)) + "}"
    if isinstance(obj, dict):
        return "{" + ",".join(sorted(f"{encode(k)}:{encode(v)}" for k, v in obj.items())) + "}"
    return repr(obj)


def fingerprint(game: Any, rules: Any, players: int, seed: int) -> str:
    digest = hashlib.sha256()
    count = [0]

    def on_step(step: Step) -> None:
        after = step.after
        digest.update(f"{step.seat}|{encode(step.action)}|{encode(after)}".encode())
        for seat in range(players):
            digest.update(encode(game.view(after, seat)).encode())
        if count[0] % 5 == 0:
            digest.update(encode(game.view(after, None)).encode())
        for seat in game.to_act(after):
            if seat >= 0:
                digest.update(encode(game.legal_moves(after, seat)).encode())
        count[0] += 1

    bots = [RandomBot() for _ in range(players)]
    result = play(game, rules, bots, make_rng(seed), on_step=on_step, max_moves=MAX_MOVES)
    if not result.finished:  # (a finished game's digest is as it was before the cap)
        digest.update(b"unfinished")
    digest.update(encode(result.record.entries).encode())
    digest.update(repr(game.returns(result.state)).encode())
    return digest.hexdigest()


def fingerprints(games: int, only: str | None = None) -> dict[str, str]:
    out: dict[str, str] = {}
    for game in registry.games():
        if only is not None and game.spec.name != only:
            continue
        for i, (rules, players) in enumerate(game.conformance_cases()):
            key = f"{game.spec.name}-{i}-{players}p {json.dumps(rules_to_json(rules), sort_keys=True)}"
            digest = hashlib.sha256()
            for seed in range(games):
                digest.update(fingerprint(game, rules, players, seed).encode())
            out[key] = digest.hexdigest()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("save", "check"))
    parser.add_argument("file")
    parser.add_argument("--games", type=int, default=300, help="seeded games per rule set")
    parser.add_argument("--game", help="only this game (by its name)")
    args = parser.parse_args()
    names = sorted(game.spec.name for game in registry.games())
    if args.game is not None and args.game not in names:
        parser.error(f"no game named {args.game!r}; the games are {', '.join(names)}")
    found = fingerprints(args.games, args.game)
    if args.mode == "save":
        with open(args.file, "w") as f:
            json.dump(found, f, indent=1, sort_keys=True)
        print(f"saved {len(found)} rule sets to {args.file}")
        return 0
    with open(args.file) as f:
        saved = json.load(f)
    if args.game:
        saved = {k: v for k, v in saved.items() if k in found}
    differ = sorted(k for k in set(found) | set(saved) if saved.get(k) != found.get(k))
    print("ALL MATCH" if not differ else "DIFFER", differ)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
