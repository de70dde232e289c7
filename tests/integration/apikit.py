"""A script's view of the API: tokens made on the settings page, requests with a bearer token."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from webpage import page


def make_token(client: FlaskClient, name: str = "score bot") -> str:
    """A new API token, made on the settings page as a person does; the secret it shows once."""
    response = client.post("/settings/tokens/", data=token_form(client, name))
    assert response.status_code == 200, page(response).errors()
    return page(response).one("code", id="new-token").text


def token_form(client: FlaskClient, name: str) -> dict[str, str]:
    """The settings page's token form, opened (for its one-time mark) and named."""
    return {**page(client.get("/settings/tokens/")).form_data(), "name": name}


class Api:
    """Requests to /api/v1 with a token, from a client that holds no cookie."""

    def __init__(self, app: Flask, token: str | None) -> None:
        self.client = app.test_client(use_cookies=False)
        self.token = token

    def headers(self, key: str | None = None, **extra: str) -> dict[str, str]:
        headers = dict(extra)
        if self.token is not None:
            headers["Authorization"] = f"Bearer {self.token}"
        if key is not None:
            headers["Idempotency-Key"] = key
        return headers

    def get(self, path: str, **kwargs: Any) -> Any:
        return self.client.get("/api/v1" + path, headers=self.headers(), **kwargs)

    def delete(self, path: str) -> Any:
        return self.client.delete("/api/v1" + path, headers=self.headers())

    def post(self, path: str, body: Any = None, *, key: str | None = None) -> Any:
        return self.client.post("/api/v1" + path, json=body, headers=self.headers(key))

    def put(self, path: str, body: Any = None, *, key: str | None = None) -> Any:
        return self.client.put("/api/v1" + path, json=body, headers=self.headers(key))

    def new_game(self, variant: str = "gin", players: list[str] | None = None, **options: Any) -> int:
        response = self.post("/games", {"variant": variant, "players": players or ["Ann", "Bob"],
                                        "options": options})
        assert response.status_code == 201, response.get_json()
        return int(response.get_json()["id"])

    def record(self, game: int, entry: dict[str, Any], number: int | None = None, *, key: str | None = None) -> Any:
        body: dict[str, Any] = {"entry": entry}
        if number is not None:
            body["number"] = number
        return self.post(f"/games/{game}/hands", body, key=key)


def gin(winner: str, loser: str, count: int, *, knocker_count: int = 0) -> dict[str, Any]:
    """A Gin hand by counts: ``winner`` knocks (gin at 0) against ``loser``'s count."""
    return {"out": winner, "hands": {winner: {"count": knocker_count}, loser: {"count": count}}}
