"""The HTTP API fuzzed from its own OpenAPI document (``/openapi.json``), in-process.

Schemathesis turns every operation of the document into Hypothesis strategies: requests that fit
the document (positive) and requests that break it (negative: wrong types, missing fields, bad
path and query values).  Each operation is fuzzed both ways, on made-up table codes and on the
codes of real tables (one being played, one over, one with hidden cards, a draughts game), so the
requests reach the handlers' own logic, not only FastAPI's validation.  For every response:

* no 5xx, and no exception out of the app (Starlette's test client re-raises any) or error logged;
* the status, content type, headers and body are as the document declares (schemathesis' checks);
* a request that breaks the document is refused (4xx);
* every 4xx is JSON with a ``detail`` that says what is wrong (a sentence, or FastAPI's list of
  fields for a 422).

Afterwards the app still answers a normal request and a real table plays on.  Every ``/api`` route
is in the document (so a new endpoint is fuzzed as soon as it exists), and every operation's fuzzing
reached its handler with a real table at least once.

CI runs a bounded, derandomized number of requests per operation; ``PARLOUR_LONG=1`` runs many
more, and a different search on every run.
"""

from __future__ import annotations

import logging
import os
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    invariant,
    multiple,
    rule,
    run_state_machine_as_test,
)
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from serverkit import create_table

from parlour.server.admission import UNLIMITED
from parlour.server.app import create_app
from parlour.server.catalogue import game_catalogue
from parlour.server.limits import Limits

LONG = os.environ.get("PARLOUR_LONG", "") not in ("", "0")
EXAMPLES = 400 if LONG else 30
"""Requests per operation and mode (positive, negative)."""

SETTINGS = settings(max_examples=EXAMPLES, deadline=None, derandomize=not LONG, database=None,
                    print_blob=True, suppress_health_check=list(HealthCheck))

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_headers_conformance, response_schema_conformance]

PATH_PARAMETERS = {"code", "seat", "name"}
"""The path parameters this file knows how to fill with real values (a new one must be added)."""


def _document() -> dict[str, Any]:
    app = create_app("sqlite://")
    try:
        return app.openapi()
    finally:
        app.state.hub.storage.close()


DOCUMENT = _document()
OPERATIONS = [(method.upper(), path) for path, item in DOCUMENT["paths"].items() for method in item]


def _breakable(method: str, path: str) -> bool:
    """Whether a request can break the document: a body, or a parameter that is not any text
    (a path or query value is always text, so an operation with only those has no wrong request)."""
    spec = DOCUMENT["paths"][path][method.lower()]
    return "requestBody" in spec or any(p["schema"] != {"type": "string", "title": p["schema"].get("title")}
                                        for p in spec.get("parameters", []))


CASES = [pytest.param(method, path, mode, id=f"{method} {path} {mode.value}")
         for method, path in OPERATIONS for mode in GenerationMode
         if mode is GenerationMode.POSITIVE or _breakable(method, path)]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, dict[str, str]]]:
    """One app for the whole file, with real tables to aim at, by what they are."""
    folder: Path = tmp_path_factory.mktemp("fuzz-http")
    app = create_app(f"sqlite:///{folder / 'parlour.sqlite3'}", bot_delay=0, limits=Limits(tables=UNLIMITED))
    with TestClient(app) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        # A game's one-off preparation (solving Yahtzee, warming Blackjack's strategy, loading the
        # draughts endgames) runs in the background for every new table: not what is fuzzed here,
        # and minutes of CPU for the hundreds of tables fuzzing makes.
        hub._prepare = lambda table: None
        tables = {
            "playing": create_table(client, [{"bot": None}, {"bot": None}, {"bot": "greedy"}],
                                    join=[{"seat": 0, "name": "Ann"}])[0],
            "over": create_table(client, [{"bot": "greedy"}])[0],
            "hidden": create_table(client, [{"bot": None}, {"bot": "random"}], game="gin-rummy",
                                   join=[{"seat": 0, "name": "Ann"}])[0],
            "draughts": create_table(client, [{"bot": None}, {"bot": None}], game="draughts",
                                     join=[{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bob"}])[0],
        }
        for _ in range(500):  # the lone bot's game ends by itself
            if client.get(f"/api/tables/{tables['over']}").json()["over"]:
                break
        assert client.get(f"/api/tables/{tables['over']}").json()["over"]
        hub.bot_delay = 3600.0  # from now on the fuzzed tables' bots wait (their play is not fuzzed here)
        yield client, tables


def _operation(method: str, path: str) -> Any:
    schema = schemathesis.openapi.from_dict(DOCUMENT)
    return schema[path][method]


def _strategy(method: str, path: str, mode: GenerationMode, codes: list[str]) -> Any:
    """Requests for one operation: on made-up codes, and on real ones (as given, or in lower case
    with spaces around, which the API also reads)."""
    operation = _operation(method, path)
    names = {p["name"] for p in DOCUMENT["paths"][path][method.lower()].get("parameters", [])
             if p["in"] == "path"}
    assert names <= PATH_PARAMETERS, f"teach this file about the path parameters {names - PATH_PARAMETERS}"
    choices = [operation.as_strategy(mode)]
    if "name" in names:  # a game's name
        for game in game_catalogue():
            choices.append(operation.as_strategy(mode, path_parameters={"name": game["name"]}))
    if "code" in names:
        for code in codes:
            for spelled in (code, f" {code.lower()} "):
                fixed: dict[str, Any] = {"code": spelled}
                choices.append(operation.as_strategy(mode, path_parameters=fixed))
                if "seat" in names:
                    for seat in range(4):
                        choices.append(operation.as_strategy(mode, path_parameters={**fixed, "seat": seat}))
    return st.one_of(choices)


def send(client: TestClient, case: Any) -> Any:
    """The case as a request through the test client (which runs the app's lifespan and re-raises
    any exception from the app)."""
    kwargs = case.as_transport_kwargs(base_url="http://testserver")
    body: dict[str, Any] = {}
    if "json" in kwargs:
        body["json"] = kwargs["json"]
    elif kwargs.get("data") is not None:
        data = kwargs["data"]
        body["content" if isinstance(data, bytes | str) else "data"] = data
    return client.request(kwargs["method"], kwargs["url"], params=kwargs.get("params"),
                          headers=kwargs.get("headers"), **body)


def check_error_body(response: Any) -> None:
    """A 4xx says what is wrong, as JSON."""
    assert response.headers["content-type"].startswith("application/json"), response.headers
    detail = response.json()["detail"]
    if isinstance(detail, str):
        assert detail.strip(), "an empty detail"
    else:  # FastAPI's 422: where and what
        assert isinstance(detail, list) and detail, detail
        assert all(isinstance(d, dict) and str(d.get("msg", "")).strip() for d in detail), detail


def test_every_api_route_is_in_the_openapi_document() -> None:
    app = create_app("sqlite://")
    try:
        routes = {(method, route.path) for route in app.routes if isinstance(route, APIRoute)
                  and route.path.startswith("/api") for method in route.methods}
    finally:
        app.state.hub.storage.close()
    assert routes and routes <= set(OPERATIONS), f"hidden from the document: {routes - set(OPERATIONS)}"
    assert len(OPERATIONS) >= 7


@pytest.mark.parametrize(("method", "path", "mode"), CASES)
def test_fuzzed_requests_get_no_server_error_and_what_the_document_says(
        served: tuple[TestClient, dict[str, str]], method: str, path: str, mode: GenerationMode,
        caplog: pytest.LogCaptureFixture) -> None:
    client, tables = served
    statuses: Counter[int] = Counter()
    reached: Counter[int] = Counter()  # statuses with a real table's code
    real = {code.lower() for code in tables.values()}

    @SETTINGS
    @given(case=_strategy(method, path, mode, list(tables.values())))
    def fuzz(case: Any) -> None:
        response = send(client, case)
        statuses[response.status_code] += 1
        if str((case.path_parameters or {}).get("code", "")).strip().lower() in real:
            reached[response.status_code] += 1
        checks = [*CHECKS, negative_data_rejection] if mode is GenerationMode.NEGATIVE else CHECKS
        case.validate_response(response, checks=checks)
        assert response.status_code < 500, response.text
        if response.status_code >= 400:
            check_error_body(response)

    with caplog.at_level(logging.WARNING):
        fuzz()
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors]
    spec = DOCUMENT["paths"][path][method.lower()]
    varied = spec.get("parameters") or spec.get("requestBody")
    assert sum(statuses.values()) >= (10 if varied else 1), statuses
    if mode is GenerationMode.POSITIVE:  # the handler itself answered, not only the validation
        assert any(s != 422 for s in statuses), statuses
        if "{code}" in path:
            assert any(s != 422 for s in reached), reached
        if "{name}" in path:  # a real game's name was answered
            assert statuses[200], statuses
    # and the app still serves a normal request, and a real table plays on
    assert client.get("/api/games").status_code == 200
    info = client.get(f"/api/tables/{tables['playing']}")
    assert info.status_code == 200 and info.json()["game"] == "shut-the-box"


# ---- real games, rules and bots in bodies the document allows, and sequences of requests ----------
CATALOGUE = {g["name"]: g for g in game_catalogue()}
TEXT = st.text(max_size=40) | st.sampled_from(["", " ", "Ann", "a" * 25, "\x00", "é" * 24, "\u202e", "🂡"])
NUMBERS = st.integers(-3, 20) | st.integers() | st.sampled_from([2**63, -(2**63), 10**40])
JSON_LEAF = st.none() | st.booleans() | NUMBERS | st.floats(allow_nan=False) | TEXT


def _either(tame: bool, usual: st.SearchStrategy[Any],
            wild: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """``usual`` for a tame body; else ``usual`` three times in four, ``wild`` the fourth."""
    return usual if tame else st.sampled_from([usual, usual, usual, wild]).flatmap(lambda s: s)


@st.composite
def table_bodies(draw: st.DrawFn) -> dict[str, Any]:
    """``POST /api/tables`` bodies as the document allows them, with real games, house rules and
    bot levels: half of them tame (a table the game may well accept), the others with near misses
    and junk here and there, so that the games' own checks are reached."""
    tame = draw(st.booleans())
    name = draw(_either(tame, st.sampled_from(sorted(CATALOGUE)), TEXT))
    game = CATALOGUE.get(name, {"options": [], "bots": [], "title": name, "max_players": 2,
                                "min_players": 1})
    spelled = draw(_either(tame, st.just(name), st.sampled_from([name.upper(), game["title"], f" {name} "])))
    rules = {o["name"]: draw(_either(tame, st.sampled_from([o["default"], *o["choices"]]),
                                     JSON_LEAF | st.lists(JSON_LEAF, max_size=3)))
             for o in draw(st.lists(st.sampled_from(game["options"]), unique_by=lambda o: o["name"]))
             } if game["options"] else {}
    if not tame and draw(st.integers(0, 3)) == 0:
        rules[draw(TEXT)] = draw(JSON_LEAF)
    bots = _either(tame, st.sampled_from([None, None, *game["bots"]]), TEXT)
    count = draw(_either(tame, st.integers(game["min_players"], game["max_players"]),
                         st.integers(1, game["max_players"] + 1)))
    seats = [draw(st.fixed_dictionaries({"bot": bots}, optional={"name": st.none() | TEXT}))
             for _ in range(count)]
    people = [n for n, seat in enumerate(seats) if seat["bot"] is None] or [0]
    join = draw(st.lists(st.fixed_dictionaries(
        {"seat": _either(tame, st.sampled_from(people), st.integers(-1, count) | NUMBERS)},
        optional={"name": _either(tame, st.sampled_from(["Ann", "Bob"]), st.none() | TEXT)}),
        max_size=3, unique_by=(lambda j: j["seat"] if tame else object())))
    return {"game": spelled, "rules": rules, "seats": seats, "join": join, "hints": draw(st.booleans())}


def test_table_bodies_with_real_games_reach_the_games_own_checks(
        served: tuple[TestClient, dict[str, str]], caplog: pytest.LogCaptureFixture) -> None:
    client, _ = served
    operation = _operation("POST", "/api/tables")
    statuses: Counter[int] = Counter()

    @SETTINGS
    @given(body=table_bodies(), case=operation.as_strategy(GenerationMode.POSITIVE))
    def fuzz(body: dict[str, Any], case: Any) -> None:
        case.body = body
        response = send(client, case)
        statuses[response.status_code] += 1
        case.validate_response(response, checks=CHECKS)
        if response.status_code >= 400:
            check_error_body(response)
        else:  # the table is what was asked for
            created = response.json()
            info = client.get(f"/api/tables/{created['code']}").json()
            assert len(info["seats"]) == len(body["seats"])
            assert [s["bot"] for s in info["seats"]] == [s["bot"] for s in body["seats"]]
            assert set(created["tokens"]) == {str(j["seat"]) for j in body["join"]}

    with caplog.at_level(logging.WARNING):
        fuzz()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert statuses[201] and statuses[400], statuses  # both made and refused, for the games' reasons


class Tables(RuleBasedStateMachine):
    """Sequences of requests on tables made along the way: create, claim seats (each once), read,
    export and review them; every answer agrees with what came before."""

    client: TestClient

    def __init__(self) -> None:
        super().__init__()
        self.seats: dict[str, list[bool]] = {}  # code -> which seats are taken (or a bot's)

    codes = Bundle("codes")

    @rule(target=codes, body=table_bodies())
    def create(self, body: dict[str, Any]) -> Any:
        response = self.client.post("/api/tables", json=body)
        assert response.status_code in (201, 400, 404, 409), response.text
        if response.status_code != 201:
            check_error_body(response)
            return multiple()
        code = response.json()["code"]
        self.seats[code] = [s["taken"] for s in self.client.get(f"/api/tables/{code}").json()["seats"]]
        return code

    @rule(code=codes, seat=st.integers(-2, 9), name=TEXT)
    def claim(self, code: str, seat: int, name: str) -> None:
        response = self.client.post(f"/api/tables/{code.lower()}/seats/{seat}", json={"name": name})
        taken = self.seats[code]
        if not 0 <= seat < len(taken):
            assert response.status_code == 404, response.text
        elif taken[seat]:
            assert response.status_code == 409, response.text
        if response.status_code == 200:
            assert response.json()["seat"] == seat
            taken[seat] = True
            info = self.client.get(f"/api/tables/{code}").json()
            assert info["seats"][seat]["taken"] and info["seats"][seat]["name"] == " ".join(name.split())
        else:
            assert response.status_code in (400, 404, 409), response.text
            check_error_body(response)

    @rule(code=codes, path=st.sampled_from(["", "/export", "/review"]),
          game_no=st.none() | st.integers(-1, 3))
    def read(self, code: str, path: str, game_no: int | None) -> None:
        params = {} if game_no is None else {"game_no": game_no}
        response = self.client.get(f"/api/tables/{code}{path}", params=params)
        assert response.status_code < 500, response.text
        if response.status_code >= 400:
            check_error_body(response)
        elif not path:
            assert [s["taken"] for s in response.json()["seats"]] == self.seats[code]

    @invariant()
    def listed(self) -> None:
        response = self.client.get("/api/tables")
        assert response.status_code == 200 and isinstance(response.json(), list)


def test_sequences_of_requests_on_tables_made_along_the_way(
        served: tuple[TestClient, dict[str, str]], caplog: pytest.LogCaptureFixture) -> None:
    Tables.client = served[0]
    with caplog.at_level(logging.WARNING):
        run_state_machine_as_test(Tables, settings=settings(
            SETTINGS, max_examples=60 if LONG else 8, stateful_step_count=40 if LONG else 15))
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert served[0].get("/api/games").status_code == 200


def test_the_document_says_errors_are_json_on_every_operation() -> None:
    """Found by the fuzzing: the export's errors were documented as text (its answer is), while
    they are sent as JSON like every other error."""
    for path, item in DOCUMENT["paths"].items():
        for method, spec in item.items():
            for status, response in spec["responses"].items():
                if status.startswith("4"):
                    assert set(response["content"]) == {"application/json"}, (method, path, status)
