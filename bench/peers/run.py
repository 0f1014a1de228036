"""Parlour side by side with its peers: one run, one machine, one table.

    python bench/peers/run.py --setup     # once: a throwaway virtual environment for each peer
    python bench/peers/run.py [--budget SECONDS] [--json FILE] [--load FILE]
    python bench/peers/run.py --envs [...]  # the learning environments (ours_envs.py, peer_pettingzoo.py)

The peers never become dependencies of Parlour (``pip install .[peers]`` names them, but
pydraughts and py-draughts both import as ``draughts``): ``--setup`` makes one virtual
environment a peer under ``--venvs`` (``/tmp/parlour-peers``), with the versions measured, and
each peer's script (``peer_*.py`` here) runs in its own, printing JSON.  Parlour is measured in
this process (``ours.py``).  Every rate is the best of three runs of at least ``--budget``
seconds each (perft and the meld hands: a fixed workload, best of three, pydraughts once).
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]  # peerkit and ours; bench/ for bench_gin_melds

import ours  # noqa: E402
import ours_envs  # noqa: E402
from bench_gin_melds import played_hands, random_hands, texts  # noqa: E402

PEERS = {
    "openspiel": ("open-spiel==2.0.2", "peer_openspiel.py"),
    "rlcard": ("rlcard==1.2.0", "peer_rlcard.py"),
    "pydraughts": ("pydraughts==0.6.7", "peer_pydraughts.py"),
    "py-draughts": ("py-draughts==1.10.1", "peer_py_draughts.py"),
    # gin_rummy_v4 was removed in PettingZoo 1.27.0: 1.26.1 is its last release
    "pettingzoo": ("pettingzoo[classic]==1.26.1 shimmy[openspiel]==2.0.1 open-spiel==2.0.2 rlcard==1.2.0 "
                   "gymnasium==1.4.0", "peer_pettingzoo.py"),
}
PERFT_DEPTH = 6
"""The plain walkers' depth (36,768 leaves); pydraughts is far slower and walks to 4."""
PERFT_FAST_DEPTH = 10
MELD_HANDS = 2000


def python_of(venvs: Path, peer: str) -> Path:
    return venvs / peer / "bin" / "python"


def setup(venvs: Path) -> None:
    for peer, (requirement, _) in PEERS.items():
        python = python_of(venvs, peer)
        if not python.exists():
            subprocess.run([sys.executable, "-m", "venv", str(venvs / peer)], check=True)
        print(f"{peer}: pip install {requirement}", file=sys.stderr)
        subprocess.run([str(python), "-m", "pip", "install", "-q", *requirement.split()], check=True)


def run_peer(venvs: Path, peer: str, args: list[str]) -> dict[str, Any]:
    python = python_of(venvs, peer)
    if not python.exists():
        raise SystemExit(f"no virtual environment for {peer} at {python.parent.parent}: run with --setup")
    script = HERE / PEERS[peer][1]
    print(f"measuring {peer} ...", file=sys.stderr)
    done = subprocess.run([str(python), str(script), *args], capture_output=True, text=True, check=True)
    answer: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return answer


def measure(venvs: Path, budget: float) -> dict[str, Any]:
    hands = {"random": random_hands(MELD_HANDS, 10, 1), "played": played_hands(MELD_HANDS, 3)}
    with tempfile.TemporaryDirectory() as tmp:
        files = {}
        for name, sample in hands.items():
            files[name] = Path(tmp) / f"{name}.json"
            files[name].write_text(json.dumps(texts(sample)))
        common = ["--budget", str(budget)]
        peers = {
            "openspiel": run_peer(venvs, "openspiel", [*common, "--perft", str(PERFT_DEPTH),
                                                       "--hands", str(files["played"])]),
            "rlcard": run_peer(venvs, "rlcard", [*common, "--hands", str(files["played"])]),
            "py-draughts": run_peer(venvs, "py-draughts", [*common, "--perft", str(PERFT_DEPTH)]),
            "pydraughts": run_peer(venvs, "pydraughts", [*common, "--perft", "4"]),
        }
    print("measuring Parlour ...", file=sys.stderr)
    parlour = {"games": ours.random_games(budget), "perft": ours.perfts(PERFT_DEPTH, PERFT_FAST_DEPTH),
               "melds": ours.melds(hands["played"])}
    theirs = [peers["openspiel"]["melds"]["deadwood"], peers["rlcard"]["melds"]["deadwood"]]
    parlour["melds"]["disagreements"] = [sum(a != b for a, b in zip(parlour["melds"]["deadwood"], counts,
                                                                     strict=True)) for counts in theirs]
    import numpy

    machine = (f"{platform.machine()}, {_cpu()}, {_cores()} cores; CPython {platform.python_version()}, "
               f"NumPy {numpy.__version__}")
    return {"machine": machine, "budget": budget, "meld_hands": MELD_HANDS, "parlour": parlour,
            "peers": peers}


def measure_envs(venvs: Path, budget: float) -> dict[str, Any]:
    """The learning environments: the peers' (``peer_pettingzoo.py``), then Parlour's (``ours_envs.py``)."""
    peers = run_peer(venvs, "pettingzoo", ["--budget", str(budget)])
    print("measuring Parlour's environments ...", file=sys.stderr)
    import numpy

    machine = (f"{platform.machine()}, {_cpu()}, {_cores()} cores; CPython {platform.python_version()}, "
               f"NumPy {numpy.__version__}")
    return {"kind": "envs", "machine": machine, "budget": budget,
            "parlour": ours_envs.random_env_games(budget), "peers": peers}


def _cpu() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "?"


def _cores() -> int:
    import os

    return os.cpu_count() or 0


# ---- the table -------------------------------------------------------------------------------

def _fmt(x: float) -> str:
    return f"{x:,.0f}" if x >= 100 else f"{x:,.1f}"


def _ratio(ours_: float, theirs: float) -> str:
    r = ours_ / theirs
    return f"{r:.2f}x" if r < 10 else f"{r:,.0f}x"


def rows(m: dict[str, Any]) -> list[tuple[str, str, str, str, str]]:
    """(what, Parlour, peer, peer's rate, ratio); the ratio is Parlour's bare loop over the peer,
    and in brackets Parlour through ``play``."""
    games, peers = m["parlour"]["games"], m["peers"]
    os_, rl = peers["openspiel"], peers["rlcard"]
    out: list[tuple[str, str, str, str, str]] = []

    def game_row(what: str, key: str, peer: str, theirs: dict[str, float], unit: str = "per_second") -> None:
        loop, play = games[key]["loop"][unit], games[key]["play"][unit]
        out.append((what, f"{_fmt(loop)} loop / {_fmt(play)} play", peer, _fmt(theirs[unit]),
                    f"{_ratio(loop, theirs[unit])} ({_ratio(play, theirs[unit])})"))

    moves = "plies_per_second"
    game_row("Draughts, random game: moves/s", "draughts", "OpenSpiel `checkers`", os_["draughts"], moves)
    game_row("Draughts, random game: moves/s", "draughts", "py-draughts (captures compulsory)",
             peers["py-draughts"]["draughts"], moves)
    game_row("Draughts, random game: moves/s", "draughts", "pydraughts `english`",
             peers["pydraughts"]["draughts"], moves)
    perft = m["parlour"]["perft"]
    plain = perft["plain"]["nodes"] / perft["plain"]["seconds"]
    fast = perft["fast"]["nodes"] / perft["fast"]["seconds"]
    for name, label in (("openspiel", "OpenSpiel `checkers` (whole moves)"), ("py-draughts", "py-draughts"),
                        ("pydraughts", "pydraughts")):
        p = peers[name]["perft"]
        theirs = p["nodes"] / p["seconds"]
        out.append((f"Draughts perft({p['depth']}), plain walk: leaves/s",
                    f"{_fmt(plain)} (perft({perft['plain']['depth']}))", label, _fmt(theirs),
                    _ratio(plain, theirs)))
    best = max(peers[n]["perft"]["nodes"] / peers[n]["perft"]["seconds"]
               for n in ("openspiel", "py-draughts"))
    out.append((f"Draughts perft({perft['fast']['depth']}), `perft_fast`: leaves/s", _fmt(fast),
                "best plain walk above", _fmt(best), _ratio(fast, best)))
    game_row("Gin Rummy, one random hand: hands/s", "gin hand", "OpenSpiel `gin_rummy`", os_["gin hand"])
    game_row("Gin Rummy, one random hand: hands/s", "gin hand", "RLCard game object",
             rl["gin hand"]["game_loop"])
    game_row("Gin Rummy, one random hand: hands/s", "gin hand", "RLCard `env.run`", rl["gin hand"]["env"])
    n = m["meld_hands"]
    ours_melds = n / m["parlour"]["melds"]["seconds"]
    for label, theirs_m, disagree in (("OpenSpiel `min_deadwood` (C++)", os_["melds"], 0),
                                      ("RLCard `get_best_meld_clusters`", rl["melds"], 1)):
        d = m["parlour"]["melds"]["disagreements"][disagree]
        out.append((f"Gin deadwood, cold, {n:,} played hands: hands/s", _fmt(ours_melds),
                    f"{label}; {d} disagreements", _fmt(n / theirs_m["seconds"]),
                    _ratio(ours_melds, n / theirs_m["seconds"])))
    game_row("Blackjack, one random round: rounds/s", "blackjack", "OpenSpiel `blackjack`", os_["blackjack"])
    game_row("Blackjack, one random round: rounds/s", "blackjack", "RLCard game object",
             rl["blackjack"]["game_loop"])
    game_row("Blackjack, one random round: rounds/s", "blackjack", "RLCard `env.run`", rl["blackjack"]["env"])
    game_row("Go Fish, 2 players, random game: games/s", "go fish", "OpenSpiel `go_fish`", os_["go fish"])
    game_row("Dominoes, 2 players, one random hand: hands/s", "dominoes 2p",
             "OpenSpiel `python_block_dominoes` (Python)", os_["dominoes 2p"])
    game_row("Dominoes, 4 partners, one random hand: hands/s", "dominoes 4p",
             "OpenSpiel `python_team_dominoes` (Python)", os_["dominoes 4p"])
    game_row("Yahtzee, 2 players, random game: games/s", "yahtzee", "OpenSpiel `yacht` (another game)",
             os_["yahtzee"])
    for key, what in (("yahtzee 1p", "Yahtzee, 1 player, random game: games/s"),
                      ("shut the box", "Shut the Box, 1 player, random game: games/s")):
        g = games[key]
        out.append((what, f"{_fmt(g['loop']['per_second'])} loop / {_fmt(g['play']['per_second'])} play",
                    "(no peer)", "", ""))
    return out


def lengths(m: dict[str, Any]) -> list[str]:
    """Mean decisions (player actions; draughts: whole moves) a game, each side: rules differ."""
    games, peers = m["parlour"]["games"], m["peers"]
    lines = []
    pairs = [("draughts", [("OpenSpiel", peers["openspiel"]["draughts"]),
                           ("py-draughts", peers["py-draughts"]["draughts"]),
                           ("pydraughts", peers["pydraughts"]["draughts"])]),
             ("gin hand", [("OpenSpiel", peers["openspiel"]["gin hand"]),
                           ("RLCard", peers["rlcard"]["gin hand"]["game_loop"])]),
             ("blackjack", [("OpenSpiel", peers["openspiel"]["blackjack"]),
                            ("RLCard", peers["rlcard"]["blackjack"]["game_loop"])]),
             ("go fish", [("OpenSpiel", peers["openspiel"]["go fish"])]),
             ("dominoes 2p", [("OpenSpiel", peers["openspiel"]["dominoes 2p"])]),
             ("dominoes 4p", [("OpenSpiel", peers["openspiel"]["dominoes 4p"])]),
             ("yahtzee", [("OpenSpiel", peers["openspiel"]["yahtzee"])])]
    for key, theirs in pairs:
        mine = games[key]["loop"]["plies_per_unit"]
        text = ", ".join(f"{name} {r['plies_per_unit']:.1f}" for name, r in theirs)
        lines.append(f"- {key}: Parlour {mine:.1f}; {text}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--setup", action="store_true",
                        help="make or update the peers' environments, then stop")
    parser.add_argument("--venvs", type=Path, default=Path("/tmp/parlour-peers"))
    parser.add_argument("--budget", type=float, default=1.0, help="seconds a timed run lasts at least")
    parser.add_argument("--envs", action="store_true",
                        help="the learning environments' steps a second instead (parlour.envs.aec)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also save the measurements here")
    parser.add_argument("--load", type=Path, metavar="FILE", help="print the table of a saved run")
    args = parser.parse_args()
    if args.setup:
        setup(args.venvs)
        return 0
    if args.load:
        m = json.loads(args.load.read_text())
    else:
        m = (measure_envs if args.envs else measure)(args.venvs, args.budget)
    if args.json:
        args.json.write_text(json.dumps(m, indent=2))
    if m.get("kind") == "envs":
        print(ours_envs.table(m))
        return 0
    versions = ", ".join(f"{name} {peer['version']}" for name, peer in m["peers"].items())
    print(f"Machine: {m['machine']}. Peers: {versions}.\n")
    print("| What | Parlour | Peer | Peer's rate | Ratio |")
    print("|---|---:|---|---:|---:|")
    for row in rows(m):
        print("| " + " | ".join(row) + " |")
    print("\nMean decisions a game (draughts: moves):")
    print("\n".join(lengths(m)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
