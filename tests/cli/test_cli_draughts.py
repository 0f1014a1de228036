"""Draughts from the command line, through real processes: perft, PDN, and play in the terminal."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import clikit
from clikit import listed_moves, run

from parlour.agents import bot_names
from parlour.core.record import Record
from parlour.games.draughts import GAME, Colour, Rules
from parlour.games.draughts.board import legal_moves
from parlour.games.draughts.notation import parse_fen
from parlour.games.draughts.pdn import read_game
from parlour.games.draughts.text import board_lines
from parlour.tui.render import render


def converse(args: list[str], answer: Callable[[str], str], limit: int = 3000) -> tuple[int, str]:
    return clikit.converse(args, answer, limit)


# ---- perft ----------------------------------------------------------------------------------------


def test_perft_prints_the_count():
    result = run("draughts", "perft", "7")
    assert result.returncode == 0, result.stderr
    assert "perft(7) = 179740" in result.stdout


def test_perft_json_and_divide_from_a_fen():
    fen = "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29"
    result = run("draughts", "perft", "4", "--fen", fen, "--divide", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["nodes"] == 1378 and data["fen"] == fen and data["depth"] == 4
    assert sum(data["divide"].values()) == 1378
    assert set(data["divide"]) == {m.text for m in legal_moves(parse_fen(fen))}


def test_perft_mistakes_are_one_line_errors():
    for args, message in ((["--fen", "B:W33:B1"], "no square 33"), ([], None)):
        if message is None:
            result = run("draughts", "perft", "99")
            message = "DEPTH must be between 0 and 15"
        else:
            result = run("draughts", "perft", "3", *args)
        assert result.returncode == 2
        assert result.stderr.startswith("parlour: error: ") and message in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr
    assert run("draughts", "perft", "seven").returncode == 2
    assert run("draughts").returncode == 2


# ---- play --------------------------------------------------------------------------------------


def test_a_game_through_a_pipe_with_moves_from_the_list(tmp_path):
    path = tmp_path / "game.jsonl"
    asked: list[str] = []

    def answer(transcript: str) -> str:
        asked.append(transcript)
        if len(asked) > 6:
            return "quit"
        plays = [m for m in listed_moves(transcript) if m[0].isdigit()]
        return plays[-1]

    code, out = converse(["play", "checkers", "--seat", "Ann", "--seat", "bot:random", "--seed", "3",
                          "--rule", "colours=first-black", "--record", str(path)], answer)
    assert code == 0, out[-2000:]
    assert "Draughts: Ann, Random bot." in out and "Move 1: Black (Ann) to move." in out
    assert "Black Ann (b, kings B): 12 men" in out and "  |" in out
    assert "Ann (Black): 12-16" in out and "Random bot (White): " in out
    assert "You left the game." in out
    record = Record.from_jsonl(path.read_text())
    typed = [e.action for e in record.entries if e.seat == 0]
    assert typed[0] == "12-16" and len(typed) == 6


def test_play_refuses_an_illegal_move_with_the_reason_and_asks_again():
    answers = iter(["9-18", "22-18", "11x18", "offer a draw", "10-15", "quit"])
    code, out = converse(["play", "draughts", "--seat", "Ann", "--seat", "bot:random", "--seed", "1",
                          "--rule", "colours=first-black"], lambda _: next(answers))
    assert code == 0, out[-2000:]
    assert "Not allowed: 18 is not a diagonal step from 9" in out
    assert "Not allowed: 22 is not your piece (White's)" in out
    assert "Not allowed: there is nothing on 15 to jump" in out
    assert "Not a move: 'offer a draw' is not a move" in out
    assert "Ann (Black): 10-15" in out


def test_the_coin_toss_and_a_whole_game_between_bots_to_the_end(tmp_path):
    path = tmp_path / "bots.jsonl"
    result = run("play", "draughts", "--seat", "bot:random", "--seat", "bot:random", "--seed", "5",
                 "--record", str(path))
    assert result.returncode == 0, result.stderr
    assert "Coin toss: Random bot " in result.stdout and "Game over. " in result.stdout
    final = Record.from_jsonl(path.read_text()).final_state()
    assert final.over
    assert GAME.result_text(final, ["Random bot A", "Random bot B"]) in result.stdout
    pdn = run("draughts", "pdn", str(path), "--date", "2024.08.03")
    assert pdn.returncode == 0, pdn.stderr
    game = read_game(pdn.stdout)
    assert game.final == final.position and game.tag("Date") == "2024.08.03"
    pdn_file = tmp_path / "game.pdn"
    pdn_file.write_text(pdn.stdout + "\n" + pdn.stdout)
    check = run("draughts", "check", str(pdn_file), "--json")
    assert check.returncode == 0 and len(json.loads(check.stdout)["games"]) == 2
    pdn_file.write_text("1. 11-15 22-18 2. 9-13 *")
    bad = run("draughts", "check", str(pdn_file))
    assert bad.returncode == 2 and "line 1, column 19: 9-13 is not a legal move" in bad.stderr


def test_play_without_seats_faces_the_strongest_draughts_bot():
    strongest = bot_names(GAME)[-1]
    result = run("play", "draughts", "--rule", "colours=first-black", stdin="quit\n")
    assert result.returncode == 0, result.stderr
    assert f"Draughts: Player, {strongest.capitalize()} bot." in result.stdout


def test_the_rules_command_shows_the_rules_and_options():
    result = run("rules", "checkers")
    assert result.returncode == 0
    assert result.stdout.startswith("# Draughts") and "huffing=false" in result.stdout
    assert "decline_moves=40" in result.stdout and "repetition_draw=false" in result.stdout


def test_a_bot_offers_a_person_a_draw_in_a_dead_position():
    result = run("play", "draughts", "--seat", "Ann", "--seat", "bot:club", "--rule", "start=W:WK32:BK1",
                 "--rule", "colours=first-black", stdin="accept\n")
    assert result.returncode == 0, result.stderr
    assert "Club bot (White) offers a draw" in result.stdout
    assert "Ann, your move: accept, decline" in result.stdout
    assert "Game over. A draw by agreement." in result.stdout


def test_simulate_plays_bot_games_to_the_end_and_the_move_cap_leaves_them_unfinished():
    seats = ["--seat", "bot:random", "--seat", "bot:beginner"]
    whole = run("simulate", "draughts", "--games", "4", "--seed", "3", *seats, "--json")
    assert whole.returncode == 0, whole.stderr
    data = json.loads(whole.stdout)
    assert data["games"] == 4 and data["unfinished"] == 0
    capped = run("simulate", "draughts", "--games", "2", "--seed", "3", "--max-moves", "5", *seats)
    assert capped.returncode == 0, capped.stderr
    assert "Draughts: 2 games (2 unfinished: stopped at the move cap)" in capped.stdout
    assert "wins   0.00%" in capped.stdout
    refused = run("simulate", "draughts", "--games", "2", "--max-moves", "0", *seats)
    assert refused.returncode != 0 and "--max-moves must be at least 1" in refused.stderr


# ---- the renderer -----------------------------------------------------------------------------


def test_the_board_shows_every_square_number_and_the_pieces():
    lines = board_lines(parse_fen("B:W21,K30:B1,K14"))
    assert lines[1].split() == ["|", "b1", "2", "3", "4", "|"]
    assert lines[4].split() == ["|", "13", "B14", "15", "16", "|"]
    assert lines[8].split() == ["|", "29", "W30", "31", "32", "|"]
    flipped = board_lines(parse_fen("B:W21,K30:B1,K14"), black_at_bottom=True)
    assert flipped[1].split() == ["|", "32", "31", "W30", "29", "|"]
    assert flipped[8].split() == ["|", "4", "3", "2", "b1", "|"]
    assert len({len(line) for line in lines}) == 1


def test_the_view_in_words_marks_the_last_move_and_what_must_happen():
    state = GAME.from_position(parse_fen("B:W14,23:B9,18"), Rules(huffing=True))
    state = GAME.apply(state, 0, GAME.parse_move(state, 0, "9-13"))
    text = render("draughts", GAME.view(state, 1), ["Ann", "Bob"])
    assert "b13*" in text and "Last move: Black 9-13." in text
    assert "Move 1: White (Bob) to move." in text
    assert "Black failed to capture: White may huff 18." in text
    declined = GAME.from_position(parse_fen("B:WK32:BK1"), Rules())
    declined = GAME.apply(declined, 0, GAME.parse_move(declined, 0, "offer draw"))
    offer_text = render("draughts", GAME.view(declined, 1), ["Ann", "Bob"])
    assert "Black offers a draw: White may accept or decline." in offer_text
    declined = GAME.apply(declined, 1, GAME.parse_move(declined, 1, "decline"))
    assert "White declined a draw: 40 moves left to win or get a man ahead." in render(
        "draughts", GAME.view(declined, 0), ["Ann", "Bob"])
    must = GAME.from_position(parse_fen("B:W23,30:B18"), Rules())
    assert "Black must capture." in render("draughts", GAME.view(must, 0), ["Ann", "Bob"])
    assert GAME.view(must, 0).colour is Colour.BLACK


# ---- the endgame database ahead of play --------------------------------------------------------


def test_endgame_builds_the_database_ahead_and_later_runs_load_it(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_CACHE", str(tmp_path))
    first = run("draughts", "endgame", "--pieces", "2", "--json")
    assert first.returncode == 0, first.stderr
    built = json.loads(first.stdout)
    assert built["pieces"] == 2 and built["source"] == "computed" and built["positions"] > 0
    assert built["file"] and (tmp_path / built["file"].rsplit("/", 1)[1]).exists()
    again = run("draughts", "endgame", "--pieces", "2")
    assert again.returncode == 0
    said = f"The 2-piece endgame database: {built['positions']:,} positions, loaded in "
    assert again.stdout.startswith(said)
    refused = run("draughts", "endgame", "--pieces", "9")
    assert refused.returncode != 0 and "--pieces must be between 2 and 5, not 9" in refused.stderr


# ---- reviewing a game ------------------------------------------------------------------------------


def test_review_marks_the_move_that_lost_a_man_with_the_better_one(tmp_path):
    pdn = tmp_path / "game.pdn"
    # Black's 14-18 puts the man where White's 23 takes it; 14-17 was safe
    pdn.write_text('[Black "Ann"]\n[White "Bob"]\n[SetUp "1"]\n[FEN "B:W23,32:B14,1"]\n'
                   "1. 14-18 23x14 2. 1-6 *\n")
    done = run("draughts", "review", str(pdn), "--nodes", "20000", "--json")
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert found["moves"] == 3
    assert [(m["move"], m["colour"], m["played"], m["better"]) for m in found["mistakes"]] == [
        ("1.", "black", "14-18", "14-17")]
    assert found["mistakes"][0]["loss"] >= 100 and "23x14" in found["mistakes"][0]["why"]
    said = run("draughts", "review", str(pdn), "--nodes", "20000")
    assert said.returncode == 0
    assert said.stdout.splitlines()[0] == ("Ann v Bob: 3 moves reviewed, 1 marked (a mistake loses half "
                                           "a man or more, or a win or a draw).")
    assert said.stdout.splitlines()[1].startswith("1. 14-18? (Black) -- 14-18 ")


def test_review_numbers_the_moves_of_a_game_white_began(tmp_path):
    pdn = tmp_path / "white.pdn"
    pdn.write_text('[SetUp "1"]\n[FEN "W:W23,32:B14,1"]\n1... 23-18 2. 14x23 *\n')  # 23-19 was safe
    done = run("draughts", "review", str(pdn), "--nodes", "20000", "--json")
    assert done.returncode == 0, done.stderr
    marked = json.loads(done.stdout)["mistakes"]
    assert [(m["move"], m["colour"], m["played"]) for m in marked] == [("1...", "white", "23-18")]


def test_review_reads_a_record_of_play_and_refuses_what_it_cannot_review(tmp_path):
    record = tmp_path / "game.jsonl"
    done = run("play", "draughts", "--seat", "bot:beginner", "--seat", "bot:beginner", "--seed", "3",
               "--record", str(record))
    assert done.returncode == 0, done.stderr
    review = run("draughts", "review", str(record), "--nodes", "2000", "--json")
    assert review.returncode == 0, review.stderr
    entries = Record.from_jsonl(record.read_text()).entries
    board_moves = [e for e in entries if e.seat >= 0 and re.fullmatch(r"\d+([-x]\d+)+", e.action)]
    assert json.loads(review.stdout)["moves"] == len(board_moves) > 10
    bad = tmp_path / "bad.pdn"
    bad.write_text("1. 11-15 11-15 *\n")
    refused = run("draughts", "review", str(bad))
    assert refused.returncode != 0 and "bad.pdn: PDN" in refused.stderr
    refused = run("draughts", "review", str(tmp_path / "none.pdn"))
    assert refused.returncode != 0 and "cannot read" in refused.stderr
    refused = run("draughts", "review", str(record), "--game", "2")
    assert refused.returncode != 0 and "holds 1 game, not a game 2" in refused.stderr
