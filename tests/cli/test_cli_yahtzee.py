"""Yahtzee in the terminal: the renderer, and whole games through ``parlour play`` on pipes."""

from __future__ import annotations

import dataclasses

from clikit import converse, listed_moves, run

from parlour.core.protocol import CHANCE
from parlour.core.record import Record
from parlour.games.yahtzee import GAME, Box, Card, Joker, Rules, State
from parlour.tui.render import render


def test_a_game_against_the_greedy_bot_through_a_pipe_plays_to_the_end(tmp_path) -> None:
    path = tmp_path / "game.jsonl"
    asked: list[str] = []

    def answer(transcript: str) -> str:
        asked.append(transcript)
        moves = listed_moves(transcript)
        if len(asked) == 2:
            return "keep 7"  # refused; asked again
        if len(asked) == 3:
            return "straight"
        scores = [m for m in moves if m.startswith("score ")]
        keeps = [m for m in moves if m.startswith("keep ")]
        if keeps and len(asked) % 3 == 0:
            return keeps[-1]  # keep the most dice offered, roll the rest
        return scores[0] if scores and len(asked) % 2 else moves[0]

    code, out = converse(["play", "yahtzee", "--seat", "Ann", "--seat", "bot:greedy",
                          "--seed", "7", "--record", str(path)], answer)
    assert code == 0, out[-3000:]
    assert "Game over." in out
    assert "Ann rolls 5 dice" in out and "Greedy bot rolls 5 dice" in out
    assert "Not a move: '7' is not a die face (1 to 6)" in out
    assert "Ambiguous: 'straight' could mean two boxes" in out
    assert "UPPER" in out and "LOWER" in out and "Dice: [" in out
    record = Record.from_jsonl(path.read_text())
    final: State = record.final_state()
    assert final.over and record.players == ("Ann", "Greedy bot")
    assert GAME.result_text(final, ["Ann", "Greedy bot"]) in out
    totals = [card.total for card in final.cards]
    assert f"(Ann: {totals[0]}, Greedy bot: {totals[1]})." in out
    typed = [e.action for e in record.entries if e.seat == 0]
    assert sum(a.startswith("score ") for a in typed) == 13
    assert any(a.startswith("keep ") for a in typed)


def test_a_solo_game_of_enter_presses_and_scores_ends() -> None:
    """Enter rolls when rolling is the only move; after three full rolls the first open box."""
    def answer(transcript: str) -> str:
        moves = listed_moves(transcript)
        return "" if moves == ["roll"] else ("roll" if "roll" in moves else moves[0])

    code, out = converse(["play", "yahtzee", "--seat", "Ann", "--seed", "1",
                          "--rule", "joker=forced"], answer)
    assert code == 0
    assert "Game over. Ann scores " in out


def test_refused_moves_explain_themselves() -> None:
    result = run("play", "yahtzee", "--seat", "Ann", "--seat", "Bob", "--seed", "2",
                 stdin="score chance\nkeep 5\nroll\nkeep 5 5 5 5 5 5\n5\nquit\n")
    assert result.returncode == 0
    out = result.stdout
    assert "Not allowed: roll first: there are no dice to score yet" in out
    assert "Not allowed: roll first: there are no dice to keep yet" in out
    assert "Not a move: there are only 5 dice, not 6" in out
    assert "Ambiguous: '5' could mean the Fives box or keeping a 5" in out
    assert "You left the game." in out


def test_bad_rules_and_player_counts_are_one_line() -> None:
    for args, message in [
        (["--rule", "joker=sometimes"], "joker must be one of"),
        (["--seat", "bot:genius"], "no bot 'genius'"),
        (*[[s for n in range(9) for s in ("--seat", f"P{n}")]], "1 to 8 players, not 9"),
    ]:
        result = run("play", "yahtzee", *args)
        assert result.returncode == 2, result.stderr
        assert message in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1


def test_rules_command_shows_the_document_and_the_options() -> None:
    result = run("rules", "yahtzee")
    assert result.returncode == 0
    assert result.stdout.startswith("# Yahtzee")
    assert "- joker=free [free, forced]" in result.stdout
    assert "bonus_needs_fifty=true" in result.stdout
    assert "five_kind_house=false" in result.stdout and "always scores 25 as a full house" in result.stdout


# ---- the renderer ------------------------------------------------------------------------


def state_with(rules: Rules, players: int, seat: int = 0, **boxes: int) -> State:
    state = GAME.initial_state(rules, players)
    values = [None] * 13
    for name, value in boxes.items():
        values[Box[name.upper()].index] = value  # type: ignore[call-overload]
    cards = list(state.cards)
    cards[seat] = Card(tuple(values))
    return dataclasses.replace(state, cards=tuple(cards))


def after_roll(state: State, dice: tuple[int, ...]) -> State:
    state = GAME.apply(state, state.current, GAME.legal_moves(state, state.current)[0])
    return GAME.apply(state, CHANCE, dice)


def test_the_card_in_two_columns_with_the_preview() -> None:
    state = after_roll(state_with(Rules(), 2, fives=15), (2, 3, 4, 5, 5))
    text = render("yahtzee", GAME.view(state, 0), ["Ann", "Bob"])
    assert text.isascii()
    lines = text.splitlines()
    assert lines[0] == "Ann: total 15, turn 2 of 13"
    assert lines[1].split() == ["UPPER", "LOWER"]
    row = {line.split()[0]: line for line in lines[2:9]}
    assert "Ones" in row and "Three" in row["Ones"]  # upper on the left, lower on the right
    assert "[10]" not in text  # Fives is filled: its score shows, not a preview
    assert "Fives            15" in text
    assert "Small straight    .  [30]" in text
    assert "Large straight    .  [0]" not in text  # zero previews are not shown (the manual)
    assert "Fours             .  [4]" in text and "Chance            .  [19]" in text
    assert "Dice: [2] [3] [4] [5] [5]   roll 1 of 3, 2 rolls left" in text
    assert "Scores" in text and "Bob" in text


def test_closed_boxes_and_pace_marks() -> None:
    rules = Rules(joker=Joker.FORCED, colour_code=True)
    state = state_with(rules, 1, threes=6, fours=12, sixes=24, yahtzee=50)
    state = after_roll(state, (5, 5, 5, 5, 5))
    text = render("yahtzee", GAME.view(state, 0), ["Ann"])
    assert "Fives             .  [25]" in text
    assert "Chance            .  (not now)" in text
    assert "Threes            6 -3" in text
    assert "Fours            12 par" in text
    assert "Sixes            24 +6" in text
    assert "Subtotal         42 pace +3 ahead" in text
    assert "An extra Yahtzee: +100 bonus wherever it is scored" in text
    assert "Scores" not in text  # one player: no scoreboard


def test_without_colour_coding_the_pace_is_still_told() -> None:
    state = state_with(Rules(), 1, threes=6)
    text = render("yahtzee", GAME.view(state, 0), ["Ann"])
    assert "Subtotal          6 pace -3" in text
    assert "behind" not in text
    threes = next(line for line in text.splitlines() if line.strip().startswith("Threes"))
    assert threes.split()[:2] == ["Threes", "6"] and "-3" not in threes  # no mark on the box
    assert "Dice: not rolled yet" in text
