"""Line-mode terminal play: works in a terminal, through a pipe and with a screen reader.

People type moves in the game's notation, or ``help``, ``hint``, ``moves``, ``quit``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from parlour.core.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError
from parlour.core.protocol import CHANCE, AnyBot, AnyGame
from parlour.core.record import Record
from parlour.core.rng import derive
from parlour.tui.render import render

COMMANDS = """\
Commands:
  help     this help and how to write moves
  moves    list the legal moves
  hint     ask the advisor (every choice ranked, with why)
  quit     leave the game
"""


@dataclass(frozen=True)
class Seat:
    """A seat at the table: a person's name, or a bot."""

    name: str
    bot: AnyBot | None = None


class Quit(Exception):
    """The player asked to leave."""


class LinePlayer:
    """Plays one game in line mode between people at this terminal and bots."""

    def __init__(self, game: AnyGame, rules: Any, seats: Sequence[Seat],
                 rng: random.Random, stdin: TextIO, stdout: TextIO, delay: float = 0.0,
                 hints: bool = True) -> None:
        self.game = game
        self.rules = rules
        self.seats = list(seats)
        self.names = [s.name for s in seats]
        self.chance_rng, self.bot_rng = derive(rng), derive(rng)
        self.stdin, self.stdout = stdin, stdout
        self.delay = delay
        self.hints = hints
        self.state = game.initial_state(rules, len(seats))
        self.record = Record.start(game.spec.name, rules, tuple(self.names))
        self.humans = [n for n, s in enumerate(self.seats) if s.bot is None]
        self.holder: int | None = self.humans[0] if len(self.humans) == 1 else None
        """In a game with hidden hands, the person who has the device (the log is told for their
        eyes; ``None``: nobody's, only what everyone may know)."""

    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def run(self) -> int:
        """Play to the end; 0 when the game finished or the player quit, 1 if input ran out."""
        game = self.game
        self.say(f"{game.spec.title}: {', '.join(self.names)}. Type 'help' for help.")
        try:
            while not game.is_terminal(self.state):
                actors = game.to_act(self.state)
                if actors == (CHANCE,):
                    self.step(CHANCE, game.sample_chance(self.state, self.chance_rng))
                    continue
                bots = [s for s in actors if self.seats[s].bot is not None]
                seat = bots[0] if bots else actors[0]
                bot = self.seats[seat].bot
                if bot is not None:
                    if self.delay:
                        time.sleep(self.delay)
                    legal = game.legal_moves(self.state, seat)
                    self.step(seat, bot.choose(game, game.view(self.state, seat), legal,
                                               self.bot_rng))
                else:
                    self.step(seat, self.ask(seat))
        except Quit:
            self.say("You left the game.")
            return 0
        except EOFError:
            self.say()
            self.say("Input ended before the game was over.")
            return 1
        self.say()
        self.say(render(game.spec.name, game.view(self.state, None), self.names))
        self.say("Game over. " + game.result_text(self.state, self.names))
        return 0

    def step(self, seat: int, action: Any) -> None:
        game = self.game
        if game.spec.hidden_information:
            self.say("  " + game.describe_for(self.state, seat, action, self.holder, self.names))
        else:
            self.say("  " + game.describe(self.state, seat, action, self.names))
        self.record = self.record.add(seat, game.format_action(self.state, seat, action))
        self.state = game.apply(self.state, seat, action)

    def ask(self, seat: int) -> Any:
        """Prompt the person in ``seat`` until they give a legal move."""
        game = self.game
        if game.spec.pass_device and self.holder != seat:
            self.pass_device(seat)
        self.say()
        self.say(render(game.spec.name, game.view(self.state, seat), self.names))
        legal = game.legal_moves(self.state, seat)
        only = legal[0] if len(legal) == 1 else None
        options = ", ".join(game.format_move(self.state, seat, m) for m in legal)
        self.say(f"{self.names[seat]}, your move: {options}"
                 + (" (or just press Enter)" if only is not None else ""))
        while True:
            self.stdout.write(f"{self.names[seat]}> ")
            self.stdout.flush()
            line = self.stdin.readline()
            if not line:
                raise EOFError
            text = line.strip()
            if not self.stdin.isatty():
                self.say(text)
            command = text.lower()
            if command in ("quit", "exit", "q"):
                raise Quit
            if command in ("help", "?"):
                self.say(COMMANDS + game.move_help())
                continue
            if command == "moves":
                self.say("Legal moves: " + options)
                continue
            if command == "hint":
                self.show_hint(seat)
                continue
            if not text and only is not None:
                return only
            try:
                move = game.parse_move(self.state, seat, text)
                game.apply(self.state, seat, move)  # verify only; the state is untouched
                return move
            except (InvalidMoveError, IllegalMoveError) as exc:
                kind = "Ambiguous" if isinstance(exc, AmbiguousMoveError) else (
                    "Not a move" if isinstance(exc, InvalidMoveError) else "Not allowed")
                self.say(f"{kind}: {exc}")

    def pass_device(self, seat: int) -> None:
        """Hidden hands on a shared device: clear the screen (in a terminal) and wait until the
        next player says they have the device, so nobody sees another's cards."""
        if self.stdout.isatty():
            self.stdout.write("\033[2J\033[H")
        self.say()
        self.say(f"Pass the device to {self.names[seat]}; everyone else, look away.")
        self.stdout.write(f"{self.names[seat]}, press Enter when you have the device> ")
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            raise EOFError
        if not self.stdin.isatty():
            self.say(line.strip())
        if line.strip().lower() in ("quit", "exit", "q"):
            raise Quit
        if self.stdout.isatty():
            self.stdout.write("\033[2J\033[H")
        self.holder = seat

    def show_hint(self, seat: int) -> None:
        if not self.hints:
            self.say("Hints are switched off at this table.")
            return
        hint = self.game.advise(self.state, seat)
        if hint is None:
            self.say("This game has no advisor yet.")
            return
        self.say(hint.summary)
        for n, option in enumerate(hint.options, start=1):
            self.say(f"  {n}. {option.explanation}")
