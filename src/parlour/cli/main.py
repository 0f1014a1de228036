"""The ``parlour`` command: serve, play, solve, simulate, rules, games."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any, NoReturn

from parlour.core.commands import SIMULATE, SOLVE, Command, Console, ProgressFn
from parlour.core.errors import ParlourError, RulesError
from parlour.core.protocol import AnyBot, AnyGame
from parlour.core.stats import SimulationResult


class CliError(ParlourError):
    """A command-line mistake: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise CliError(f"{message} (see '{self.prog} --help')")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="parlour", description="Parlour: the games of the holiday-cottage manual.",
                     epilog="A game's own tools: parlour GAME TOOL ... (such as 'parlour draughts "
                            "perft 8'); 'parlour games' lists them.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    sub.add_parser("games", help="list the games")

    play = sub.add_parser("play", help="play a game in the terminal")
    play.add_argument("game")
    play.add_argument("--seat", action="append", default=[], metavar="NAME|bot:BOT",
                      help="a person's name or bot:NAME; once per seat, in order")
    play.add_argument("--preset", help="start from a named set of house rules (see 'parlour rules GAME')")
    play.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                      help="a house rule (see 'parlour rules GAME')")
    play.add_argument("--seed", type=int, help="seed the dice and cards for a repeatable game")
    play.add_argument("--record", metavar="FILE", help="save the game record (JSON lines)")
    play.add_argument("--no-hints", action="store_true", help="switch the advisor off")
    play.add_argument("--delay", type=float, default=None,
                      help="seconds between bot moves (default 0.6 in a terminal, 0 in a pipe)")

    solve = sub.add_parser("solve", help="exact solutions and strategy (where the game is solvable)",
                           add_help=False)
    solve.add_argument("game")
    solve.add_argument("args", nargs=argparse.REMAINDER)

    sim = sub.add_parser("simulate", help="play many games between bots", add_help=False)
    sim.add_argument("game")
    sim.add_argument("args", nargs=argparse.REMAINDER)

    from parlour.cli.serve import add_parser as add_serve

    add_serve(sub)

    rules = sub.add_parser("rules", help="the rules as implemented, and every house-rule option")
    rules.add_argument("game")
    rules.add_argument("--json", action="store_true", help="the options as JSON")
    return parser


def simulate_parser(game: AnyGame) -> argparse.ArgumentParser:
    """``parlour simulate GAME``'s options: the generic ones and the game's own (if any)."""
    from parlour.agents.simulate import MAX_MOVES

    sim = _Parser(prog=f"parlour simulate {game.spec.name}", description="Play many games between bots.")
    sim.add_argument("--games", type=int, default=1000)
    sim.add_argument("--seat", action="append", default=[], metavar="bot:BOT")
    sim.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE")
    sim.add_argument("--preset", help="start from a named set of house rules")
    sim.add_argument("--seed", type=int)
    sim.add_argument("--max-moves", type=int, default=MAX_MOVES, metavar="N",
                     help=f"stop a game after N moves, unfinished (default {MAX_MOVES})")
    sim.add_argument("--json", action="store_true", help="print JSON for programs")
    own = _command(game, SIMULATE)
    if own is not None:
        own.add_arguments(sim)
    return sim


def _command(game: AnyGame, name: str) -> Command | None:
    return next((c for c in game.commands() if c.name == name), None)


def _game(name: str) -> AnyGame:
    from parlour.core import registry

    return registry.get(name)


def _rules(game: AnyGame, assignments: Sequence[str], preset: str | None = None) -> Any:
    """The rules from ``--preset`` (if given) changed by each ``--rule key=value``."""
    import dataclasses

    from parlour.core.options import parse_assignments

    changes = parse_assignments(game.rules_type, assignments)
    if preset is None:
        return changes
    presets = game.presets()
    if preset not in presets:
        names = ", ".join(presets) or "none"
        raise CliError(f"{game.spec.title} has no preset {preset!r} (its presets: {names})")
    given = {k.partition("=")[0].strip().replace("-", "_") for k in assignments}
    return dataclasses.replace(presets[preset], **{k: getattr(changes, k) for k in given})


def cmd_games(args: argparse.Namespace) -> int:
    from parlour.core import registry

    for game in registry.games():
        players = (f"{game.spec.min_players}" if game.spec.min_players == game.spec.max_players
                   else f"{game.spec.min_players}-{game.spec.max_players}")
        print(f"{game.spec.name:<14} {game.spec.title} ({players} players): {game.spec.summary}")
        tools = [f"parlour solve {game.spec.name}"] if _command(game, SOLVE) is not None else []
        tools += [f"parlour {game.spec.name} {c.name}" for c in game.commands()
                  if c.name not in (SOLVE, SIMULATE)]
        if tools:
            print(f"{'':<15}tools: {', '.join(tools)}")
    return 0


def parse_seats(game: AnyGame, rules: Any, seats: Sequence[str]) -> list[Any]:
    """``NAME`` for a person, ``bot:BOT`` (or ``NAME=bot:BOT``) for a computer player."""
    from parlour.agents import make_bot
    from parlour.tui.line import Seat

    out = []
    for n, text in enumerate(seats, start=1):
        name, _, kind = text.partition("=") if "=" in text else ("", "", text)
        if kind.lower().startswith("bot:"):
            bot_name = kind[4:]
            bot = make_bot(game, bot_name, rules)
            label = name or f"{bot_name.strip().capitalize()} bot"
            if not name and sum(s.lower().startswith("bot:") for s in seats) > 1:
                # by seat, as a letter: "Random bot B" (a number would read as a score)
                label += f" {chr(ord('A') + n - 1)}"
            out.append(Seat(label, bot))
        elif kind.strip():
            out.append(Seat(kind.strip()))
        else:
            raise CliError(f"seat {n} has no name")
    names = [s.name for s in out]
    if len(set(names)) != len(names):
        raise CliError("two seats have the same name")
    return out


def _default_bot(game: AnyGame) -> str:
    """The bot a lone person plays: ``optimal`` where there is one, else the game's strongest."""
    from parlour.agents import bot_names

    names = bot_names(game)
    return "optimal" if "optimal" in names else names[-1]


def cmd_play(args: argparse.Namespace) -> int:
    from parlour.core.rng import make_rng
    from parlour.tui.line import LinePlayer

    game = _game(args.game)
    rules = _rules(game, args.rule, args.preset)
    seats = parse_seats(game, rules, args.seat or ["Player", f"bot:{_default_bot(game)}"])
    game.initial_state(rules, len(seats))  # refuses a bad player count before anything starts
    delay = args.delay if args.delay is not None else (0.6 if sys.stdout.isatty() else 0.0)
    player = LinePlayer(game, rules, seats, make_rng(args.seed), sys.stdin, sys.stdout,
                        delay=delay, hints=not args.no_hints)
    status = player.run()
    if args.record:
        with open(args.record, "w", encoding="utf-8") as fh:
            fh.write(player.record.to_jsonl())
    return status


def cmd_simulate(args: argparse.Namespace) -> int:
    from parlour.agents import make_bot
    from parlour.agents.simulate import simulate
    from parlour.cli.progress import Progress

    game = _game(args.game)
    args = simulate_parser(game).parse_args(args.args, namespace=args)
    rules = _rules(game, args.rule, args.preset)
    if args.games < 1:
        raise CliError("--games must be at least 1")
    if args.max_moves < 1:
        raise CliError("--max-moves must be at least 1")
    bots = []
    for text in args.seat or ["bot:random"]:
        if not text.lower().startswith("bot:"):
            raise CliError(f"simulate takes bots only (bot:NAME), not {text!r}")
        bots.append(text[4:])
    args.bots = bots
    args.rules = rules
    game.initial_state(rules, len(bots))
    for name in bots:
        make_bot(game, name, rules)
    own = _command(game, SIMULATE)
    if own is not None and (own.applies is None or own.applies(args)):
        return own.run(args, TerminalConsole())
    result = simulate(game, rules, bots, args.games, args.seed,
                      progress=Progress(f"{game.spec.title}"), max_moves=args.max_moves)
    report(game, result, args.json)
    return 0


def report(game: AnyGame, result: SimulationResult, as_json: bool,
           expected: Mapping[str, float] | None = None) -> None:
    """Print a simulation's result (``expected``: the solver's figures, shown alongside)."""
    data = result.to_json()
    if expected is not None:
        data["seats"][0].update(expected)
    if as_json:
        print(json.dumps(data, indent=2))
        return
    unfinished = data.get("unfinished", 0)
    cut = f" ({unfinished} unfinished: stopped at the move cap)" if unfinished else ""
    print(f"{game.spec.title}: {data['games']} games{cut}")
    for seat in data["seats"]:
        lo, hi = seat["win_rate_95"]
        line = (f"  seat {seat['seat']:<14} wins {seat['win_rate'] * 100:6.2f}% "
                f"(95% {lo * 100:.2f}-{hi * 100:.2f})")
        if "mean_score" in seat:
            line += f"  mean score {seat['mean_score']:.2f}"
            key = f"{result.highlight}_rate"
            if key in seat:
                line += (f"  {result.highlight} {seat[key] * 100:.3f}% "
                         f"(± {seat[key + '_se'] * 100:.3f})")
        print(line)
        if "expected_score" in seat:
            print(f"    mean {seat['mean_score']:.2f} ± {seat['mean_score_se']:.2f} (standard error); "
                  f"the solver's expected score {seat['expected_score']:.2f} "
                  f"({seat['z']:+.2f} standard errors away)")
        if "score_distribution" in seat:
            dist = seat["score_distribution"]
            total = sum(dist.values())
            print("    scores: " + " ".join(f"{k}:{v / total * 100:.1f}%" for k, v in dist.items()))


class TerminalConsole(Console):
    """A game command's console: standard output, a progress bar where a person watches."""

    def __init__(self, quiet: bool = False) -> None:
        self.quiet = quiet

    def print(self, text: str = "") -> None:
        print(text)

    def progress(self, label: str) -> ProgressFn:
        from parlour.cli.progress import Progress

        return Progress(label, enabled=False if self.quiet else None)

    def bot(self, game: AnyGame, name: str, rules: Any) -> AnyBot:
        from parlour.agents import make_bot

        return make_bot(game, name, rules)

    def report(self, result: SimulationResult, as_json: bool,
               expected: Mapping[str, float] | None = None) -> None:
        report(_game(result.game), result, as_json, expected)


def cmd_rules(args: argparse.Namespace) -> int:
    from parlour.cli.docs import rules_text
    from parlour.core.options import options

    game = _game(args.game)
    if args.json:
        print(json.dumps([o.to_json() for o in options(game.rules_type)], indent=2))
        return 0
    print(rules_text(game))
    return 0


def cmd_solve(args: argparse.Namespace) -> int:
    game = _game(args.game)
    command = _command(game, SOLVE)
    if command is None:
        raise CliError(f"{game.spec.title} has no solver")
    return _run(game, command, f"parlour solve {game.spec.name}", args.args)


def _run(game: AnyGame, command: Command, prog: str, argv: Sequence[str]) -> int:
    parser = _Parser(prog=prog, description=command.description or command.help)
    command.add_arguments(parser)
    return command.run(parser.parse_args(argv), TerminalConsole())


def cmd_game_tool(argv: Sequence[str]) -> int:
    """``parlour GAME TOOL …``: one of the game's own commands."""
    from parlour.core.errors import UnknownGameError

    try:
        game = _game(argv[0])
    except UnknownGameError:
        from parlour.core import registry

        games = ", ".join(g.spec.name for g in registry.games())
        raise CliError(f"{argv[0]!r} is neither a command ({', '.join(COMMANDS)}) nor a game "
                       f"({games}); see 'parlour --help'") from None
    tools = {c.name: c for c in game.commands() if c.name not in (SOLVE, SIMULATE)}
    prog = f"parlour {game.spec.name}"
    parser = _Parser(prog=prog, description=f"{game.spec.title}: the game's own tools.")
    sub = parser.add_subparsers(dest="tool", metavar="TOOL", parser_class=_Parser)
    sub.required = True
    for command in tools.values():
        sub.add_parser(command.name, help=command.help, add_help=False)
    if not tools:
        raise CliError(f"{game.spec.title} has no tools of its own")
    known, _ = parser.parse_known_args(argv[1:2])
    return _run(game, tools[known.tool], f"{prog} {known.tool}", argv[2:])


def cmd_serve(args: argparse.Namespace) -> int:
    from parlour.cli.serve import cmd_serve as serve

    return serve(args)


COMMANDS = {"serve": cmd_serve, "games": cmd_games, "play": cmd_play, "simulate": cmd_simulate,
            "rules": cmd_rules, "solve": cmd_solve}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; errors are one line on standard error and a non-zero status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv and not argv[0].startswith("-") and argv[0] not in COMMANDS:
            return cmd_game_tool(argv)
        args = build_parser().parse_args(argv)
        return COMMANDS[args.command](args)
    except (ParlourError, RulesError) as exc:
        print(f"parlour: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("parlour: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 1
    except OSError as exc:
        print(f"parlour: error: {exc.strerror or exc}: {getattr(exc, 'filename', '')}",
              file=sys.stderr)
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
