"""Fixtures for the app's integration tests: signed-in clients and a look at every row."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from webpage import Node, page

from scorekeeper.extensions import db


@pytest.fixture
def user(client: FlaskClient, sign_up: Any) -> FlaskClient:
    """A client signed in to a new account."""
    sign_up(client)
    return client


@pytest.fixture
def other(app: Flask, sign_up: Any) -> FlaskClient:
    """A second phone, signed in to a different account."""
    second = app.test_client()
    sign_up(second)
    return second


@pytest.fixture
def rows(app: Flask):  # type: ignore[no-untyped-def]
    """``rows()``: every row of every table, to show that a request changed nothing."""

    def everything() -> dict[str, list[tuple[Any, ...]]]:
        with app.app_context():
            found = {}
            for table in db.metadata.sorted_tables:
                order = list(table.primary_key.columns)
                found[table.name] = [tuple(row) for row in db.session.execute(select(table).order_by(*order))]
            db.session.remove()
            return found

    return everything


@pytest.fixture
def entry_page():  # type: ignore[no-untyped-def]
    """``entry_page(client, game_id)``: the hand entry form, parsed."""

    def open_form(client: FlaskClient, game_id: int) -> Node:
        response = client.get(f"/games/{game_id}/hands/new")
        assert response.status_code == 200, response.status_code
        return page(response)

    return open_form
