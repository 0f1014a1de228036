"""Gin Rummy on the command line: ``parlour gin-rummy deadwood``, whole games through ``parlour
play`` on pipes (against the simple bot, and two people passing one device), and the renderer."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import clikit
from clikit import run

from parlour.core.record import Record
from parlour.games.gin_rummy import GAME, Phase
from parlour.tui.render import render


def converse(args: list[str], answer: Callable[[str], str], limit: int = 5000) -> tuple[int, str]:
    return clikit.converse(args, answer, limit)


# ---- parlour gin-rummy deadwood ---------------------------------------------------------------
def test_deadwood_shows_the_melds_the_deadwood_cards_and_the_count():
    result = run("gin-rummy", "deadwood", "3H", "4H", "5H", "6H", "7c", "7D", "7S", "2C", "9S", "KD")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "Cards (10): 2C 7C 7D KD 3H 4H 5H 6H 7S 9S",
        "Melds: [7C 7D 7S] [3H 4H 5H 6H]",
        "Deadwood: 2C KD 9S = 21",
    ]


def test_deadwood_of_eleven_cards_ranks_every_discard():
    result = run("gin-rummy", "deadwood", "3H,4H,5H,6H,7C,7D,7S,2C,9S,KD,8S", "--json")
    data = json.loads(result.stdout)
    assert data["deadwood"] == 26 and data["melds"] == [["3H", "4H", "5H", "6H"], ["7S", "8S", "9S"]]
    assert data["discards"][0] == {"card": "KD", "deadwood": 16} and len(data["discards"]) == 11
    text = run("gin-rummy", "deadwood", "3H 4H 5H 6H 7C 7D 7S 2C 9S KD 8S").stdout
    assert "Best discard: KD (leaves 16)" in text


def test_deadwood_onto_a_knockers_melds_finds_the_chained_layoffs():
    result = run("gin-rummy", "deadwood", "9H TH KS KD KC 4S 5S 6S 8D 9D",
                 "--onto", "6H 7H 8H 2C 2D 2S 5C 6C 7C 3D")
    assert result.returncode == 0, result.stderr
    assert "Best lay-offs: 9H TH" in result.stdout
    assert "Then: melds [KC KD KS] [4S 5S 6S], deadwood 8D 9D = 17" in result.stdout
    gin = run("gin-rummy", "deadwood", "9H TH KS", "--onto", "6H 7H 8H 2C 2D 2S 5C 6C 7C 8C", "--json")
    assert json.loads(gin.stdout)["layoff"]["gin"] is True


def test_deadwood_errors_are_one_line():
    for args in (["9H", "9h"], ["9X"], ["9H", "--onto", "9H 2C"]):
        result = run("gin-rummy", "deadwood", *args)
        assert result.returncode == 2 and result.stderr.count("\n") == 1
        assert result.stderr.startswith("parlour: error: ") and "Traceback" not in result.stderr


# ---- parlour play gin-rummy -----------------------------------------------------------------
def last_moves(transcript: str) -> list[str]:
    line = [x for x in transcript.splitlines() if ", your move: " in x][-1]
    return line.split(", your move: ", 1)[1].split(" (or")[0].split(", ")


def sensible(transcript: str) -> str:
    """Knock or go gin when offered, lay off the best, else draw, else the least deadwood discard."""
    if transcript.endswith("press Enter when you have the device> "):
        return ""
    moves = last_moves(transcript)
    for prefix in ("gin ", "knock ", "lay off best", "draw", "pass"):
        found = [m for m in moves if m.startswith(prefix)]
        if found:
            return found[0]
    best = re.findall(r"Least deadwood after discarding: \d+ \(discard (\w\w)", transcript)[-1]
    return f"discard {best}"


def test_a_whole_game_against_the_simple_bot_through_a_pipe(tmp_path) -> None:
    path = tmp_path / "game.jsonl"
    status, out = converse(["play", "gin-rummy", "--seat", "Ann", "--seat", "bot:simple", "--seed", "4",
                            "--rule", "target=40", "--record", str(path)], sensible)
    assert status == 0, out[-2000:]
    assert "Game over." in out and "wins the game" in out and "pays" in out
    assert "Score sheet" in out and "Boxes (hands won)" in out and "Final total" in out
    assert "Your hand (10 cards)" in out and "You are dealt" in out
    # what the bot drew from the stock is never told to Ann
    assert re.search(r"Simple bot draws \w\w from the stock", out) is None
    assert "Simple bot draws from the stock." in out
    state = Record.from_jsonl(path.read_text()).final_state()
    assert state.phase is Phase.OVER and max(state.scores) >= 40


def test_two_people_pass_the_device_and_never_see_each_others_cards(tmp_path) -> None:
    path = tmp_path / "game.jsonl"
    status, out = converse(["play", "gin-rummy", "--seat", "Ann", "--seat", "Bob", "--seed", "7",
                            "--rule", "target=15", "--rule", "knock_limit=30", "--record", str(path)],
                           sensible)
    assert status == 0, out[-2000:]
    assert "Pass the device to Ann" in out and "Pass the device to Bob" in out
    dealt: dict[int, tuple[str, str]] = {}  # each hand's deal: Ann's and Bob's cards
    for state in Record.from_jsonl(path.read_text()).states():
        if state.phase is Phase.OFFER and state.hand_number not in dealt:
            hands = [" ".join(str(c) for c in GAME.view(state, s).hand or ()) for s in (0, 1)]
            dealt[state.hand_number] = (hands[0], hands[1])
    first, *rest = re.split(r"Pass the device to (\w+)", out)
    assert "You are dealt" not in first  # nobody has the device yet: the deal is told to nobody
    for who, screen in zip(rest[0::2], rest[1::2], strict=True):
        other = "Bob" if who == "Ann" else "Ann"
        assert f"{who}, your move" in screen and f"{other}, your move" not in screen
        for number, cards in re.findall(r"Hand (\d+): \w+ deals\. You are dealt ([^;]+);", screen):
            assert cards == dealt[int(number)][0 if who == "Ann" else 1]
        # draws from the stock are told to the drawer only
        for name, card in re.findall(r"(\w+) draws (\w\w) from the stock", screen):
            assert name == who, card


def test_gin_rummy_in_the_list_of_games_and_its_rules():
    assert "gin-rummy" in run("games").stdout
    text = run("rules", "gin-rummy").stdout
    assert "knock_limit=10" in text and "wall_take=false" in text and "# Gin Rummy" in text


# ---- the renderer -----------------------------------------------------------------------------
def test_the_renderer_groups_melds_counts_deadwood_and_offers_a_knock_only_when_legal():
    import sys as _sys

    _sys.path.insert(0, "tests/games/gin_rummy")
    from gin_helpers import play, start

    state = start("AC 2C 3C 4D 5D 6D 7H 8H 9H KS", "2D 2H 2S JC QC KC TH JH 3D 9S", "5S")
    text = render("gin-rummy", GAME.view(state, 1), ["Ann", "Bob"])
    assert "Your hand (10 cards): [AC 2C 3C] [4D 5D 6D] [7H 8H 9H]  deadwood KS  = 10" in text
    assert "The up-card 5S is offered to Bob." in text and "Ann: 10 cards." in text
    assert "2D" not in text  # Ann's cards
    took = play(state, "take")
    text = render("gin-rummy", GAME.view(took, 1), ["Ann", "Bob"])
    assert "You can knock (deadwood 5, limit 10): knock KS" in text
    assert "knock" not in render("gin-rummy", GAME.view(state, 1), ["Ann", "Bob"]).lower()
    knocked = play(took, "knock KS")
    text = render("gin-rummy", GAME.view(knocked, 0), ["Ann", "Bob"])
    assert "Bob knocked: [AC 2C 3C] [4D 5D 6D] [7H 8H 9H]  deadwood 5S  = 5" in text
    assert "Cards of yours that fit on those melds now: 3D TH" in text and "KS" not in text
    done = play(knocked, "lay off best")
    text = render("gin-rummy", GAME.view(done, None), ["Ann", "Bob"])
    assert "Hand 1: Bob knocks; Bob scores 4." in text
    assert re.search(r"Hand 1  Bob knocks\s+\.\s+4", text)
    assert re.search(r"Boxes \(hands won\)\s+0\s+1", text)
