"""The OpenAPI document: valid OpenAPI 3.1, true to the routes, rendered as a page, and held to by the API.

schemathesis generates requests from the document (within it and outside
it) and sends them to the app through WSGI with a real token: no answer may
be a 5xx, and every answer must be one the document describes.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
import schemathesis
from apikit import Api, gin, make_token
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from openapi_spec_validator import validate
from schemathesis.checks import not_a_server_error
from schemathesis.core.parameters import ParameterLocation
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)
from webpage import page

from scorekeeper.web.openapi import document

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]


def test_the_document_is_valid_openapi_3_1():
    validate(document())  # raises on any fault

    assert document()["openapi"] == "3.1.0"


def test_the_served_document_is_the_document(client):
    response = client.get("/api/v1/openapi.json")

    assert response.status_code == 200
    assert response.get_json() == document()


def test_the_document_describes_every_api_route_and_no_other(app):
    routes = set()
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/api/v1/") and rule.endpoint not in ("api.openapi_json", "api.docs"):
            path = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule.removeprefix("/api/v1"))
            routes |= {(method.lower(), path) for method in rule.methods - {"HEAD", "OPTIONS"}}

    described = {(method, path) for path, item in document()["paths"].items() for method in item}

    assert routes == described


def test_the_docs_page_lists_every_operation_and_schema_with_no_inline_script_or_style(client):
    response = client.get("/api/v1/docs")

    assert response.status_code == 200
    docs = page(response)
    headings = [node.text for node in docs.find_all("h3")]
    for path, item in document()["paths"].items():
        for method, operation in item.items():
            assert f"{method.upper()} {path} — {operation['summary']}" in headings
    for name in document()["components"]["schemas"]:
        assert docs.find("section", id=f"schema-{name}") is not None
    html = response.get_data(as_text=True)
    assert "<script" not in html.split("</main>")[0].split('<main id="main">')[1]
    assert " style=" not in html
    assert "/api/v1/openapi.json" in html


def test_the_docs_page_links_the_token_page_for_a_signed_in_account(user):
    docs = page(user.get("/api/v1/docs"))

    assert "/settings/tokens/" in [link.get("href") for link in docs.one("main").find_all("a")]


# -- schemathesis ----------------------------------------------------------------


@pytest.fixture
def fuzzed(app, user):  # type: ignore[no-untyped-def]
    """The app, a token of a signed-in account, and that account's game with two hands."""
    api = Api(app, make_token(user))
    game = api.new_game("gin", ["Ann", "Bob"])
    api.record(game, gin("Ann", "Bob", 10))
    api.record(game, gin("Bob", "Ann", 20, knocker_count=3))
    return {"app": app, "api": api, "game": game}


def _send(fuzzed: dict[str, Any], case: Any, own_game: bool, checks: list[Any]) -> int:
    """Send one generated request, aimed at the account's own game when asked, and check its answer.

    What a negative case made invalid is sent as generated: a bad path stays
    bad, and a request generated without its Authorization header goes without.
    """
    api = fuzzed["api"]
    negative_path = case.meta is not None and case.meta.is_negative_at(ParameterLocation.PATH)
    negative_header = case.meta is not None and case.meta.is_negative_at(ParameterLocation.HEADER)
    if own_game and not negative_path and "game_id" in (case.path_parameters or {}):
        if api.get(f"/games/{fuzzed['game']}").status_code == 404:  # a generated DELETE took it
            fuzzed["game"] = api.new_game("gin", ["Ann", "Bob"])
            api.record(fuzzed["game"], gin("Ann", "Bob", 10))
        case.path_parameters["game_id"] = fuzzed["game"]
        if "number" in case.path_parameters:
            case.path_parameters["number"] = 1
    headers = {"Authorization": f"Bearer {api.token}"}
    if negative_header and "Authorization" not in (case.headers or {}):
        headers = {}
    response = case.call(headers=headers)
    case.validate_response(response, checks=checks, headers=headers)
    return int(response.status_code)


def test_generated_requests_within_the_document_never_get_a_5xx_or_an_undocumented_answer(fuzzed):
    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", fuzzed["app"])

    @settings(max_examples=200, derandomize=True, deadline=None, database=None,
              phases=[Phase.explicit, Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(case=schema.as_strategy(), own_game=st.booleans())
    def run(case: Any, own_game: bool) -> None:
        answered.add((case.method, case.path, _send(fuzzed, case, own_game, CHECKS)))

    answered: set[tuple[str, str, int]] = set()
    run()

    succeeded = {(method, path) for method, path, status in answered if status < 300}
    assert len(succeeded) >= 8, sorted(answered)  # not only refusals: the generated requests reach the game


def test_generated_requests_outside_the_document_are_refused_with_a_4xx(fuzzed):
    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", fuzzed["app"])
    negative = schemathesis.GenerationMode.NEGATIVE

    @settings(max_examples=80, derandomize=True, deadline=None, database=None,
              phases=[Phase.explicit, Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(case=schema.as_strategy(generation_mode=negative), own_game=st.booleans())
    def run(case: Any, own_game: bool) -> None:
        _send(fuzzed, case, own_game, [*CHECKS, negative_data_rejection])

    run()
