"""The ``parlour`` command, run as a person or a script would: a real process, a pipe."""

from __future__ import annotations

import json
from fractions import Fraction

import clikit
import pytest
from clikit import run

from parlour.core.record import Record

PUBLISHED = Fraction(956177159, 9795520512)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess"], "unknown game 'chess'"),
        (["play", "shut-the-box", "--rule", "tiles=11"], "tiles must be one of 9, 10, 12, not 11"),
        (["play", "shut-the-box", "--rule", "colour=red"], "unknown rule 'colour'"),
        (["play", "shut-the-box", "--rule", "mode"], "key=value"),
        (["play", "shut-the-box", "--rule", "mode=sideways"], "mode must be one of"),
        (["play", "shut-the-box", "--seat", "bot:genius"], "no bot 'genius'"),
        (["play", "shut-the-box", "--rule", "mode=long", "--seat", "Ann"], "takes 2 players"),
        (["simulate", "shut-the-box", "--seat", "Ann"], "bots only"),
        (["simulate", "shut-the-box", "--games", "0"], "at least 1"),
        (["solve", "shut-the-box", "--objective", "below:x"], "whole number"),
        (["solve", "shut-the-box", "--open", "1,99"], "--open takes tiles"),
        (["solve", "shut-the-box", "--one-die", "sometimes"], "one_die must be one of"),
        (["rules", "snap"], "unknown game"),
        (["frobnicate"], "neither a command (serve, games, play, simulate, rules, solve) nor a game"),
    ],
)
def test_mistakes_get_one_clear_line_and_a_nonzero_exit(args, message):
    result = run(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def converse(args: list[str], answer, limit: int = 500) -> tuple[int, str]:
    return clikit.converse(args, answer, limit)


def first_listed_move(transcript: str) -> str:
    """The first move of the last "your move:" line."""
    line = [x for x in transcript.splitlines() if ", your move: " in x][-1]
    return line.split(", your move: ", 1)[1].split(" (or")[0].split(", ")[0]


def test_a_scripted_solo_game_through_a_pipe_plays_to_the_end_and_saves_its_record(tmp_path):
    path = tmp_path / "game.jsonl"
    asked = []

    def answer(transcript: str) -> str:
        asked.append(transcript)
        if len(asked) == 2:
            return "hint"
        return first_listed_move(transcript)

    code, out = converse(["play", "shut-the-box", "--seat", "Ann", "--seed", "11",
                          "--record", str(path)], answer)
    assert code == 0, out
    assert "Game over." in out
    assert "Ann throws two dice" in out
    assert "Aim: shut the box." in out
    record = Record.from_jsonl(path.read_text())
    final = record.final_state()
    assert final.over and record.players == ("Ann",)
    score = final.history[-1].scores[0]
    assert f"Score: {score}." in out
    # every move the script typed is in the record, in order
    typed = [e.action for e in record.entries if e.seat == 0]
    assert typed[0] == "roll 2" and len(typed) == len(asked) - 1


def test_refused_moves_explain_themselves_and_the_game_goes_on():
    result = run("play", "shut-the-box", "--seat", "Ann", "--seat", "Bob", "--seed", "2",
                 stdin="roll 1\nroll 2\n13\n3+3\nquit\n")
    assert result.returncode == 0
    out = result.stdout
    assert "Not allowed: you must throw both dice" in out
    assert "Ann throws two dice" in out
    assert "Not a move: there is no tile 13 in a box of 9" in out
    assert "Not a move: tile 3 is named twice" in out
    assert "You left the game." in out


def test_input_ending_early_is_reported():
    result = run("play", "shut-the-box", "--seat", "Ann", stdin="")
    assert result.returncode == 1
    assert "Input ended before the game was over." in result.stdout


def test_people_and_bots_share_a_table():
    result = run("play", "shut-the-box", "--seat", "Ann", "--seat", "bot:optimal",
                 "--seat", "bot:greedy", "--seed", "5")
    assert "Optimal bot B throws" not in result.stdout  # Ann plays first; input ends at once
    code, out = converse(["play", "shut-the-box", "--seat", "Ann", "--seat", "bot:optimal",
                          "--seat", "bot:greedy", "--seed", "5"], first_listed_move)
    assert code == 0
    assert "Optimal bot B throws" in out and "Greedy bot C throws" in out
    assert "Game over." in out


def test_solve_reproduces_the_published_optimum_exactly():
    result = run("solve", "shut-the-box", "--exact", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert Fraction(data["exact"]) == PUBLISHED
    assert data["open"] == list(range(1, 10))
    assert data["throws"]["8"][0]["flip"] == [8]
    human = run("solve", "shut-the-box", "--exact")
    assert "956177159/9795520512" in human.stdout and "9.76137%" in human.stdout


def test_solve_as_an_advisor_for_a_board_and_a_throw():
    data = json.loads(run("solve", "shut-the-box", "--open", "1,2,3,4", "--throw", "5",
                          "--objective", "score", "--json").stdout)
    flips = [tuple(x["flip"]) for x in data["throws"]["5"]]
    assert sorted(flips) == sorted([(4, 1), (3, 2)])
    assert data["dice"].keys() == {"1", "2"}  # 7, 8, 9 are covered: one die is allowed
    values = [x["value"] for x in data["throws"]["5"]]
    assert values == sorted(values, reverse=True)


def test_rules_prints_the_document_and_every_option():
    result = run("rules", "shut-the-box")
    assert result.returncode == 0
    assert "# Shut the Box" in result.stdout
    for option in ("tiles=9", "one_die=high-tiles", "scoring=sum", "mode=round", "stake=0",
                   "drop_out_at=45", "doubles_extra_turn=true"):
        assert option in result.stdout
    options = json.loads(run("rules", "shut-the-box", "--json").stdout)
    assert {o["name"] for o in options} >= {"tiles", "one_die", "mode"}


def test_games_lists_shut_the_box():
    assert "shut-the-box" in run("games").stdout


def test_simulate_reports_win_rates_and_score_distribution():
    result = run("simulate", "shut-the-box", "--games", "300", "--seat", "bot:optimal",
                 "--seat", "bot:random", "--seed", "1", "--json")
    data = json.loads(result.stdout)
    assert data["games"] == 300
    first, second = data["seats"]
    assert first["seat"] == "1:optimal"
    assert abs(first["win_rate"] + second["win_rate"] - 1) < 1e-9
    assert sum(first["score_distribution"].values()) == first["rounds"]
    assert first["win_rate"] > second["win_rate"]


@pytest.mark.slow
def test_a_100000_game_simulation_of_the_optimal_bot_agrees_with_the_solver():
    result = run("simulate", "shut-the-box", "--games", "100000", "--seat", "bot:optimal",
                 "--seed", "2026", "--json", timeout=900)
    assert result.returncode == 0, result.stderr
    seat = json.loads(result.stdout)["seats"][0]
    p = float(PUBLISHED)
    se = (p * (1 - p) / 100_000) ** 0.5
    assert abs(seat["shut_rate"] - p) < 3 * se, (seat["shut_rate"], p, se)
    assert seat["rounds"] == 100_000


def test_the_progress_bar_draws_to_a_terminal_and_stays_quiet_in_a_pipe():
    import io

    from parlour.cli.progress import Progress

    shown = io.StringIO()
    bar = Progress("Shut the Box", stream=shown, enabled=True)
    bar(5, 10)
    bar(10, 10)
    text = shown.getvalue()
    assert "[###############...............] 5/10" in text
    assert "10/10" in text and text.endswith("\n")
    quiet = io.StringIO()
    Progress("x", stream=quiet)(10, 10)  # a StringIO is not a terminal
    assert quiet.getvalue() == ""
