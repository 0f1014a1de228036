"""``parlour solve blackjack``: the chart and the expected return, as text and as JSON."""

from __future__ import annotations

import json

import pytest
from clikit import run


def test_the_casino_game_on_an_infinite_deck_prints_the_published_figure_and_chart() -> None:
    result = run("solve", "blackjack", "--casino", "--rule", "decks=0")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "an infinite deck, deal: peek, blackjack pays: 3:2" in out
    assert "Expected return per unit bet with the best play: -0.5117%" in out
    lines = out.splitlines()
    assert "Hard     2   3   4   5   6   7   8   9  10   A" in lines
    assert "16       S   S   S   S   S   H   H   H   H   H" in lines
    assert "A,7      S  Ds  Ds  Ds  Ds   S   S   H   H   H" in lines
    assert "9,9      P   P   P   P   P   S   P   P   S   S" in lines
    assert any(line.startswith("H hit, S stand, P split") for line in lines)


def test_the_manual_game_has_one_column_for_no_card_showing() -> None:
    result = run("solve", "blackjack", "--rule", "decks=0")
    assert result.returncode == 0, result.stderr
    assert "deal: manual, blackjack pays: none, double: none, no splitting" in result.stdout
    assert "Expected return per unit bet with the best play: -6.4047%" in result.stdout
    assert "Hard   none showing" in result.stdout
    assert "Pair" not in result.stdout


def test_json_and_rules_given_one_by_one() -> None:
    result = run("solve", "blackjack", "--json", "--rule", "decks=0", "--rule", "deal=peek",
                 "--rule", "blackjack=3:2", "--rule", "double=any", "--rule", "split_hands=4",
                 "--rule", "double_after_split=true", "--rule", "surrender=late")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["rules"]["surrender"] == "late" and data["rules"]["decks"] == 0
    assert data["dealer_cards"] == ["2", "3", "4", "5", "6", "7", "8", "9", "10", "A"]
    cell = data["chart"]["hard"]["16"]["10"]
    assert cell["code"] == "Rh" and cell["best"] == "surrender"
    assert cell["values"]["surrender"] == -0.5
    assert cell["values"]["hit"] < -0.5 and cell["values"]["stand"] < -0.5
    assert data["chart"]["pair"]["8,8"]["A"]["best"] == "split"
    assert -0.0045 < data["expectation"] < -0.004
    assert data["exceptions"] == []


@pytest.mark.parametrize(("args", "message"), [
    (["--rule", "decks=3"], "decks must be one of"),
    (["--rule", "deal"], "key=value"),
    (["--casino", "--rule", "colour=red"], "unknown rule 'colour'"),
    (["--frobnicate"], "unrecognized arguments"),
])
def test_mistakes_get_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = run("solve", "blackjack", *args)
    assert result.returncode == 2
    assert message in result.stderr and "Traceback" not in result.stderr


def test_simulate_hands_agrees_with_the_solver():
    done = run("simulate", "blackjack", "--hands", "3000", "--seat", "bot:optimal", "--seed", "5",
               "--rule", "deal=peek", "--rule", "blackjack=3:2", "--rule", "double=any",
               "--rule", "split_hands=4", "--rule", "double_after_split=true", "--rule", "decks=0",
               "--json")
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert found["hands"] == 3000 and found["bot"] == "optimal"
    assert found["expected"] == pytest.approx(-0.005117, abs=5e-7)
    assert abs(found["z"]) < 3  # (seeded: the same hands every run)
    assert found["won"] + found["pushed"] + found["lost"] == pytest.approx(1.0)
    refused = run("simulate", "blackjack", "--hands", "10", "--seat", "bot:optimal", "--seat", "bot:optimal")
    assert refused.returncode != 0 and "--hands plays one seat" in refused.stderr
    refused = run("simulate", "yahtzee", "--hands", "10", "--seat", "bot:optimal")
    assert refused.returncode == 2 and "unrecognized arguments: --hands" in refused.stderr


def test_play_in_the_terminal_with_the_trainer_and_a_hint():
    done = run("play", "blackjack", "--seat", "Ann", "--seed", "4", "--rule", "rounds=1",
               "--rule", "trainer=true", "--rule", "deal=peek", "--rule", "blackjack=3:2",
               stdin="bet 5\nhint\nstand\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "The dealer takes a card face down" in out and "[??]" in out  # the hole card, face down
    assert "Best: stand on 20 against the dealer showing 6\u2660" in out
    assert "1. stand: expected return" in out and "2. hit: expected return" in out
    assert "Game over after 1 round\n" in out
    assert "Ann ends with 105 chips (+5)" in out


def test_a_preset_then_rules_for_play_and_simulate():
    from fastapi.testclient import TestClient

    from parlour.server.app import create_app

    done = run("simulate", "blackjack", "--hands", "200", "--seat", "bot:optimal", "--preset", "casino",
               "--rule", "decks=0", "--seed", "2", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["expected"] == pytest.approx(-0.005117, abs=5e-7)  # casino, decks=0
    refused = run("play", "blackjack", "--seat", "Ann", "--preset", "vegas")
    assert refused.returncode != 0 and "no preset 'vegas' (its presets: manual, casino)" in refused.stderr
    refused = run("play", "draughts", "--seat", "Ann", "--seat", "Bob", "--preset", "casino")
    assert refused.returncode != 0 and "its presets: none" in refused.stderr
    import tempfile

    with tempfile.TemporaryDirectory() as folder, \
            TestClient(create_app(f"sqlite:///{folder}/db.sqlite3", bot_delay=0)) as client:
        games = {g["name"]: g for g in client.get("/api/games").json()}
    assert set(games["blackjack"]["presets"]) == {"manual", "casino"}
    assert games["blackjack"]["presets"]["casino"]["deal"] == "peek" and games["draughts"]["presets"] == {}
