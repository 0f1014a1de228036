"""What the lobby reads from the API: the house rules' labels, the bot levels with a line on each
and the level offered first, each game's rules as HTML, and the tables by status."""

from __future__ import annotations

import dataclasses

import pytest
from fastapi.testclient import TestClient
from hidden_toy import DrawRules
from serverkit import create_table, hello, play_watched

from parlour.agents import bot_descriptions, bot_names
from parlour.core import registry
from parlour.core.options import options

GAMES = [g.spec.name for g in registry.games() if g.__module__.startswith("parlour.games.")]


@pytest.mark.parametrize("name", GAMES)
def test_every_house_rule_has_a_plain_label_of_its_own(name: str) -> None:
    game = registry.get(name)
    for f in dataclasses.fields(game.rules_type):
        label = f.metadata.get("label")
        assert label and "_" not in label and label != f.metadata.get("help"), (name, f.name)
        assert len(label) <= 40, (name, f.name, label)


def test_a_game_without_labels_or_bot_lines_still_gets_words(toy_games: object) -> None:
    """Another distribution's game may give no labels or bot lines: the option's name, spaced, and
    the random bot's own line stand in."""
    assert options(DrawRules)[0].to_json()["label"] == "Turns"
    game = registry.get("toy-secret-draw")
    lines = bot_descriptions(game)
    assert lines["random"].startswith("Plays any legal move at random")
    assert lines["spy"] == "" and game.default_bot == "random"


def test_the_games_api_serves_labels_bot_lines_and_a_middle_default(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    yahtzee = games["yahtzee"]
    bonus = next(o for o in yahtzee["options"] if o["name"] == "bonus_needs_fifty")
    assert bonus["label"] == "100 bonus only after a 50"
    assert bonus["help"].startswith("The 100 bonus for an extra Yahtzee")
    assert games["draughts"]["default_bot"] == "casual"
    for name in GAMES:
        game = games[name]
        levels = [b["name"] for b in game["bot_levels"]]
        assert levels == game["bots"] == list(bot_names(registry.get(name))), name
        assert all(b["description"].strip() for b in game["bot_levels"]), name
        # the level offered first is neither the strongest nor the random one
        assert game["default_bot"] in levels[1:-1], (name, game["default_bot"], levels)


def test_a_games_rules_come_as_escaped_html_with_its_options(client: TestClient) -> None:
    body = client.get("/api/games/yahtzee/rules").json()
    assert body["name"] == "yahtzee" and body["title"] == "Yahtzee"
    assert [o["name"] for o in body["options"]][:2] == ["joker", "bonus_needs_fifty"]
    html = body["html"]
    assert not html.startswith("<h2>Yahtzee")  # the title is given apart
    assert "<h3>The score card</h3>" in html and "<table class=\"data\">" in html
    assert "<code>bonus_needs_fifty=true</code>" in html and "<li>" in html
    assert "<strong>Upper bonus:</strong>" in html and "**" not in html and "`" not in html
    for name in GAMES:
        assert client.get(f"/api/games/{name}/rules").status_code == 200
    missing = client.get("/api/games/chess/rules")
    assert missing.status_code == 404 and "unknown game" in missing.json()["detail"]


def test_tables_are_listed_waiting_playing_or_finished(client: TestClient) -> None:
    waiting, _ = create_table(client, [{"bot": None}, {"bot": None}], [{"seat": 0, "name": "Ann"}])
    playing, tokens = create_table(client, [{"bot": None}, {"bot": "greedy"}], [{"seat": 0, "name": "Bob"}])
    finished, _ = play_watched(client, "shut-the-box", [None], {}, seed=3)
    listed = {t["code"]: t["status"] for t in client.get("/api/tables").json()}
    assert listed == {waiting: "waiting", playing: "playing", finished.code: "finished"}
    assert client.get(f"/api/tables/{finished.code}").json()["status"] == "finished"
    # the finished table comes after the ones still in play
    order = [t["code"] for t in client.get("/api/tables").json()]
    assert order.index(finished.code) == 2
    # a free seat taken: the table is no longer waiting
    client.post(f"/api/tables/{waiting}/seats/1", json={"name": "Cat"})
    assert client.get(f"/api/tables/{waiting}").json()["status"] == "playing"
    with client.websocket_connect(f"/ws/{playing}") as ws:
        assert hello(ws, [tokens["0"]]).settled()["over"] is False
