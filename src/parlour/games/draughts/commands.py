"""``parlour draughts …``: the draughts tools.

* ``parlour draughts perft DEPTH [--fen FEN] [--divide] [--json]`` -- count the move sequences
  of DEPTH plies (the standard check of a move generator);
* ``parlour draughts pdn RECORD`` -- a Parlour game record (``--record`` of ``parlour play``) as PDN;
* ``parlour draughts check FILE`` -- read a PDN file strictly and summarise its games;
* ``parlour draughts review FILE [--game N] [--nodes N] [--json]`` -- the engine's review of a
  finished game (PDN, or a record from ``parlour play --record``): every move that lost half a man
  or more, or threw away a win or a draw, with the better move and both lines;
* ``parlour draughts endgame [--pieces N] [--json]`` -- build (or load) the endgame database
  ahead of play, so that the strong levels and the hints have it from their first move.
"""

from __future__ import annotations

import argparse
import json
import time

from parlour.core.commands import Command, CommandError, Console

MAX_DEPTH = 15
"""Deeper frontiers need more memory than a small machine has (depth 15 takes about two minutes)."""


def _perft_arguments(perft: argparse.ArgumentParser) -> None:
    perft.add_argument("depth", type=int, metavar="DEPTH")
    perft.add_argument("--fen", help="start from this position (PDN FEN, like B:W21-32:B1-12)")
    perft.add_argument("--divide", action="store_true", help="also the count below each first move")
    perft.add_argument("--json", action="store_true", help="print JSON for programs")


def _pdn_arguments(pdn: argparse.ArgumentParser) -> None:
    pdn.add_argument("record", metavar="RECORD")
    pdn.add_argument("--event", default="Parlour game")
    pdn.add_argument("--date", default="????.??.??", help="the Date tag, YYYY.MM.DD")


def _check_arguments(check: argparse.ArgumentParser) -> None:
    check.add_argument("file", metavar="FILE")
    check.add_argument("--json", action="store_true", help="print JSON for programs")


def _review_arguments(review: argparse.ArgumentParser) -> None:
    review.add_argument("file", metavar="FILE", help="a PDN file, or a record from 'parlour play --record'")
    review.add_argument("--game", type=int, default=1, help="which game of a PDN file (default: the first)")
    review.add_argument("--nodes", type=int, default=150_000,
                        help="search nodes for each position (more: slower and deeper; default 150000)")
    review.add_argument("--json", action="store_true", help="print JSON for programs")


def _endgame_arguments(ending: argparse.ArgumentParser) -> None:
    ending.add_argument("--pieces", type=int, default=4,
                        help="pieces on the board it covers (2 to 5; 5 takes far longer and much memory)")
    ending.add_argument("--json", action="store_true", help="print JSON for programs")


def _endgame(args: argparse.Namespace, console: Console) -> int:
    from parlour.games.draughts.search import endgame

    if not 2 <= args.pieces <= endgame.MAX_PIECES:
        raise CommandError(f"--pieces must be between 2 and {endgame.MAX_PIECES}, not {args.pieces}")
    progress = None if args.json else console.progress("endgame positions")
    db = endgame.database(args.pieces, progress=progress)
    if args.json:
        console.print(json.dumps({"pieces": db.max_pieces, "positions": db.positions, "source": db.source,
                          "seconds": round(db.seconds, 3),
                          "file": None if db.path is None else str(db.path)}))
        return 0
    how = "built" if db.source == "computed" else "loaded"
    where = f"; cached in {db.path}" if db.path else " (the cache folder could not be written)"
    console.print(f"The {db.max_pieces}-piece endgame database: {db.positions:,} positions, {how} in "
          f"{db.seconds:.1f} s{where}")
    return 0


def _perft(args: argparse.Namespace, console: Console) -> int:
    from parlour.games.draughts.board import START, successors
    from parlour.games.draughts.notation import parse_fen
    from parlour.games.draughts.perft import perft_fast

    if not 0 <= args.depth <= MAX_DEPTH:
        raise CommandError(f"DEPTH must be between 0 and {MAX_DEPTH}, not {args.depth}")
    position = START if args.fen is None else parse_fen(args.fen)
    progress = None if args.json else console.progress("perft plies")
    started = time.perf_counter()
    nodes = perft_fast(position, args.depth, progress)
    divide = []
    if args.divide and args.depth >= 1:
        divide = [(m.text, perft_fast(after, args.depth - 1)) for m, after in successors(position)]
    seconds = time.perf_counter() - started
    if args.json:
        console.print(json.dumps({"fen": position.fen(), "depth": args.depth, "nodes": nodes,
                          "seconds": round(seconds, 3),
                          "divide": dict(divide) if args.divide else None}))
        return 0
    for text, count in divide:
        console.print(f"{text:>10}  {count}")
    console.print(f"perft({args.depth}) = {nodes}  ({seconds:.2f} s, {position.fen()})")
    return 0


def _pdn(args: argparse.Namespace, console: Console) -> int:
    from parlour.core.record import Record
    from parlour.games.draughts.pdn import record_to_pdn, write_game

    with open(args.record, encoding="utf-8") as fh:
        record = Record.from_jsonl(fh.read())
    if record.game != "draughts":
        raise CommandError(f"{args.record} is a record of {record.game}, not draughts")
    console.print(write_game(record_to_pdn(record, event=args.event, date=args.date)).removesuffix("\n"))
    return 0


def _check(args: argparse.Namespace, console: Console) -> int:
    from parlour.games.draughts.pdn import read_games

    with open(args.file, encoding="utf-8") as fh:
        games = read_games(fh.read())
    summary = [{"black": g.tag("Black"), "white": g.tag("White"), "moves": len(g.moves),
                "result": g.result, "final": g.final.fen()} for g in games]
    if args.json:
        console.print(json.dumps({"games": summary}))
        return 0
    console.print(f"{len(games)} game{'s' if len(games) != 1 else ''}, all valid")
    for n, g in enumerate(summary, start=1):
        console.print(f"  {n}. {g['black'] or '?'} - {g['white'] or '?'}: {g['moves']} moves, {g['result']}, "
              f"final {g['final']}")
    return 0


def _review(args: argparse.Namespace, console: Console) -> int:
    from parlour.core.errors import ParlourError
    from parlour.core.record import Record
    from parlour.games.draughts.pdn import PdnGame, read_games, record_to_pdn
    from parlour.games.draughts.review import review

    if not 1_000 <= args.nodes <= 100_000_000:
        raise CommandError(f"--nodes must be between 1000 and 100000000, not {args.nodes}")
    try:
        with open(args.file, encoding="utf-8") as fh:
            text = fh.read()
    except OSError as exc:
        raise CommandError(f"cannot read {args.file}: {exc.strerror}") from None
    try:
        if text.lstrip().startswith("{"):  # a Parlour record
            record = Record.from_jsonl(text)
            if record.game != "draughts":
                raise CommandError(f"{args.file} is a record of {record.game}, not draughts")
            games: tuple[PdnGame, ...] = (record_to_pdn(record),)
        else:
            games = read_games(text)
    except ParlourError as exc:
        raise CommandError(f"{args.file}: {exc}") from None
    if not 1 <= args.game <= len(games):
        raise CommandError(f"{args.file} holds {len(games)} game{'s' if len(games) != 1 else ''}, "
                       f"not a game {args.game}")
    game = games[args.game - 1]
    found = review(game, args.nodes, None if args.json else console.progress("reviewing moves"))
    out = found["mistakes"]
    if args.json:
        console.print(json.dumps(found))
        return 0
    who = f"{game.tag('Black') or 'Black'} v {game.tag('White') or 'White'}"
    console.print(f"{who}: {found['moves']} moves reviewed, {len(out)} marked "
          f"(a mistake loses half a man or more, or a win or a draw).")
    for marked in out:
        console.print(f"{marked['move']} {marked['played']}? ({marked['colour'].title()}) -- {marked['why']}")
    return 0


COMMANDS = (
    Command("perft", "count the move sequences of DEPTH plies", _perft_arguments, _perft),
    Command("pdn", "write a game record (from 'parlour play --record') as PDN", _pdn_arguments, _pdn),
    Command("check", "read a PDN file strictly and list its games", _check_arguments, _check),
    Command("review", "the engine marks the mistakes of a game (PDN or record)", _review_arguments, _review),
    Command("endgame", "build the endgame database now (cached; about 45 s for 4 pieces, the first time)",
            _endgame_arguments, _endgame),
)
"""The draughts tools (``Game.commands``)."""
