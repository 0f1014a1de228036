"""``parlour draughts …``: the draughts tools.

* ``parlour draughts perft DEPTH [--fen FEN] [--divide] [--json]`` -- count the move sequences
  of DEPTH plies (the standard check of a move generator);
* ``parlour draughts pdn RECORD`` -- a Parlour game record (``--record`` of ``parlour play``) as PDN;
* ``parlour draughts check FILE`` -- read a PDN file strictly and summarise its games.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

MAX_DEPTH = 15
"""Deeper frontiers need more memory than a small machine has (depth 15 takes about two minutes)."""


def add_parser(sub: Any) -> None:
    """Add ``draughts`` and its commands to the ``parlour`` command's subparsers."""
    parser = sub.add_parser("draughts", help="draughts tools: perft, PDN")
    commands = parser.add_subparsers(dest="draughts_command", metavar="TOOL",
                                     parser_class=type(parser))
    commands.required = True
    perft = commands.add_parser("perft", help="count the move sequences of DEPTH plies")
    perft.add_argument("depth", type=int, metavar="DEPTH")
    perft.add_argument("--fen", help="start from this position (PDN FEN, like B:W21-32:B1-12)")
    perft.add_argument("--divide", action="store_true", help="also the count below each first move")
    perft.add_argument("--json", action="store_true", help="print JSON for programs")
    pdn = commands.add_parser("pdn", help="write a game record (from 'parlour play --record') as PDN")
    pdn.add_argument("record", metavar="RECORD")
    pdn.add_argument("--event", default="Parlour game")
    pdn.add_argument("--date", default="????.??.??", help="the Date tag, YYYY.MM.DD")
    check = commands.add_parser("check", help="read a PDN file strictly and list its games")
    check.add_argument("file", metavar="FILE")
    check.add_argument("--json", action="store_true", help="print JSON for programs")


def main(args: argparse.Namespace) -> int:
    command = args.draughts_command
    if command == "perft":
        return _perft(args)
    if command == "pdn":
        return _pdn(args)
    return _check(args)


def _perft(args: argparse.Namespace) -> int:
    from parlour.cli.main import CliError
    from parlour.cli.progress import Progress
    from parlour.games.draughts.board import START, legal_moves, play_unchecked
    from parlour.games.draughts.notation import parse_fen
    from parlour.games.draughts.perft import perft_fast

    if not 0 <= args.depth <= MAX_DEPTH:
        raise CliError(f"DEPTH must be between 0 and {MAX_DEPTH}, not {args.depth}")
    position = START if args.fen is None else parse_fen(args.fen)
    progress = None if args.json else Progress("perft plies")
    started = time.perf_counter()
    nodes = perft_fast(position, args.depth, progress)
    divide = []
    if args.divide and args.depth >= 1:
        divide = [(m.text, perft_fast(play_unchecked(position, m), args.depth - 1))
                  for m in legal_moves(position)]
    seconds = time.perf_counter() - started
    if args.json:
        print(json.dumps({"fen": position.fen(), "depth": args.depth, "nodes": nodes,
                          "seconds": round(seconds, 3),
                          "divide": dict(divide) if args.divide else None}))
        return 0
    for text, count in divide:
        print(f"{text:>10}  {count}")
    print(f"perft({args.depth}) = {nodes}  ({seconds:.2f} s, {position.fen()})")
    return 0


def _pdn(args: argparse.Namespace) -> int:
    from parlour.cli.main import CliError
    from parlour.core.record import Record
    from parlour.games.draughts.pdn import record_to_pdn, write_game

    with open(args.record, encoding="utf-8") as fh:
        record = Record.from_jsonl(fh.read())
    if record.game != "draughts":
        raise CliError(f"{args.record} is a record of {record.game}, not draughts")
    print(write_game(record_to_pdn(record, event=args.event, date=args.date)), end="")
    return 0


def _check(args: argparse.Namespace) -> int:
    from parlour.games.draughts.pdn import read_games

    with open(args.file, encoding="utf-8") as fh:
        games = read_games(fh.read())
    summary = [{"black": g.tag("Black"), "white": g.tag("White"), "moves": len(g.moves),
                "result": g.result, "final": g.final.fen()} for g in games]
    if args.json:
        print(json.dumps({"games": summary}))
        return 0
    print(f"{len(games)} game{'s' if len(games) != 1 else ''}, all valid")
    for n, g in enumerate(summary, start=1):
        print(f"  {n}. {g['black'] or '?'} - {g['white'] or '?'}: {g['moves']} moves, {g['result']}, "
              f"final {g['final']}")
    return 0
