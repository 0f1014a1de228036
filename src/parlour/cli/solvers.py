"""``parlour solve GAME …``: each solvable game's command."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from parlour.cli.solve_blackjack import main as blackjack
from parlour.cli.solve_shut_the_box import main as shut_the_box
from parlour.cli.solve_yahtzee import main as yahtzee

SOLVERS: dict[str, Callable[[Sequence[str]], int]] = {
    "blackjack": blackjack, "shut-the-box": shut_the_box, "yahtzee": yahtzee}
