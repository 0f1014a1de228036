"""The result in words names every player's score (the end banner of the web table shows it)."""

from __future__ import annotations

from parlour.agents import RandomBot
from parlour.core.driver import play
from parlour.core.rng import make_rng
from parlour.games.shut_the_box import GAME, Rules
from parlour.games.shut_the_box.rules import Mode
from parlour.games.shut_the_box.state import State

NAMES = ["Bot 2", "Ann"]


def result_of(rules: Rules, seed: int) -> tuple[str, State]:
    result = play(GAME, rules, [RandomBot(), RandomBot()], make_rng(seed), names=NAMES)
    return GAME.result_text(result.state, NAMES), result.state


def test_one_round_gives_each_players_score() -> None:
    for seed in range(6):
        text, state = result_of(Rules(), seed)
        scores = state.history[-1].scores
        words = ["did not throw" if s is None else str(s) for s in scores]
        assert text.endswith(f" Scores: Bot 2: {words[0]}, Ann: {words[1]}."), text


def test_several_rounds_give_the_rounds_won_and_the_last_rounds_scores() -> None:
    text, state = result_of(Rules(rounds=3), 1)
    wins = [f"{float(w):g}" for w in state.wins]
    assert f" Rounds won: Bot 2: {wins[0]}, Ann: {wins[1]}. Last round's scores: Bot 2: " in text


def test_the_cumulative_game_gives_the_totals() -> None:
    text, state = result_of(Rules(mode=Mode.CUMULATIVE), 2)
    totals = state.totals
    assert text.endswith(f" Totals: Bot 2: {totals[0]}, Ann: {totals[1]}.")


def test_the_long_game_is_a_race_without_scores() -> None:
    text, _ = result_of(Rules(mode=Mode.LONG), 3)
    assert text in ("Bot 2 wins.", "Ann wins.")
