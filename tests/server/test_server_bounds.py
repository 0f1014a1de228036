"""House rules and table settings through the API: numbers within their bounds, booleans booleans;
anything else refused with a reason, and no table created."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient


def _post(client: TestClient, **changes: Any) -> Any:
    body = {"game": "gin-rummy", "seats": [{"bot": None}, {"bot": "random"}], "rules": {}, **changes}
    return client.post("/api/tables", json=body)


def _tables(client: TestClient) -> int:
    return len(client.get("/api/tables").json())


@pytest.mark.parametrize(("rules", "message"), [
    ({"target": 10**19}, "target must be at most 1000, not 10000000000000000000"),
    ({"gin_bonus": 1001}, "gin_bonus must be at most 1000, not 1001"),
    ({"wall_take": "yes"}, "wall_take must be true or false, not 'yes'"),
    ({"target": "100"}, "target must be a whole number, not '100'"),
])
def test_a_rule_out_of_bounds_is_refused_by_name(client: TestClient, rules: dict[str, Any], message: str):
    response = _post(client, rules=rules)
    assert response.status_code == 400, response.text
    assert response.json() == {"detail": message}
    assert _tables(client) == 0


@pytest.mark.parametrize("changes", [
    {"hints": "yes"}, {"hints": 1}, {"join": [{"seat": True, "name": "Ann"}]},
    {"join": [{"seat": "0", "name": "Ann"}]}, {"seats": [{"bot": None, "name": 7}, {"bot": "random"}]},
    {"game": "draughts", "clock": {"base": "300", "increment": 0}},
    {"game": "draughts", "clock": {"base": True, "increment": 0}},
])
def test_table_settings_must_have_their_types(client: TestClient, changes: dict[str, Any]):
    response = _post(client, **changes)
    assert response.status_code == 422, response.text
    assert response.json()["detail"], response.text
    assert _tables(client) == 0


def test_a_claim_needs_a_name_as_text(client: TestClient):
    code = _post(client).json()["code"]
    assert client.post(f"/api/tables/{code}/seats/0", json={"name": 12}).status_code == 422
    assert client.post(f"/api/tables/{code}/seats/0", json={"name": "Ann"}).status_code == 200


def test_the_lobby_is_told_each_numbers_bounds(client: TestClient):
    gin = next(g for g in client.get("/api/games").json() if g["name"] == "gin-rummy")
    target = next(o for o in gin["options"] if o["name"] == "target")
    assert (target["min"], target["max"]) == (1, 1000)
    wall = next(o for o in gin["options"] if o["name"] == "wall_take")
    assert (wall["min"], wall["max"]) == (None, None)


def test_a_table_kept_from_before_a_bound_still_opens(client: TestClient):
    """A game to 5,000 points, opened before Gin Rummy's target had its bound, plays on."""
    from parlour.core.options import rules_from_json, rules_to_json
    from parlour.games.gin_rummy import Rules
    from parlour.server.storage import SeatRow

    rules = rules_to_json(rules_from_json(Rules, {}))
    hub = client.app.state.hub  # type: ignore[attr-defined]
    hub.storage.create_table("OLD22", "gin-rummy", {**rules, "target": 5000}, True,
                             [SeatRow(0, "Ann", None, None), SeatRow(1, "Random bot", "random", None)])
    response = client.get("/api/tables/OLD22")
    assert response.status_code == 200, response.text
    assert response.json()["rules"]["target"] == 5000
