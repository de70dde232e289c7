"""Headers on every response, cookies, the secret key, proxies, and logs that leak nothing."""

from __future__ import annotations

import logging

import pytest
from webpage import page

from scorekeeper import create_app
from scorekeeper.web.security import CONTENT_SECURITY_POLICY

PAGES = ["/login", "/register", "/catalogue", "/games", "/games/new?variant=basic", "/players/", "/history",
         "/backup", "/static/scorekeeper.css", "/no-such-page"]


def test_the_content_security_policy_allows_no_inline_script_or_style_and_only_webassembly_beyond_files():
    parts = [part.split(" ", 1) for part in CONTENT_SECURITY_POLICY.split("; ")]
    assert len(parts) == len({name for name, _ in parts}), "a directive given twice"
    directives = dict(parts)

    assert directives == {
        "default-src": "'self'",
        "script-src": "'self' 'wasm-unsafe-eval'",  # Pyodide's WebAssembly, never eval() of script
        "worker-src": "'self'",  # the service worker (/sw.js) and the engine's worker
        "style-src": "'self'",
        "img-src": "'self' data:",
        "object-src": "'none'",
        "base-uri": "'self'",
        "frame-ancestors": "'none'",
        "form-action": "'self'",
    }


@pytest.mark.parametrize("path", PAGES)
def test_every_response_carries_the_security_headers(user, path):
    response = user.get(path)

    assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["Referrer-Policy"] == "same-origin"
    assert "camera=()" in response.headers["Permissions-Policy"]
    assert len(response.headers["X-Request-ID"]) >= 8


def test_hsts_is_sent_over_https_only(client):
    assert "Strict-Transport-Security" not in client.get("/login").headers

    response = client.get("/login", base_url="https://scores.example")

    assert response.headers["Strict-Transport-Security"] == "max-age=31536000"


def test_behind_a_trusted_proxy_its_https_counts_and_without_one_it_does_not(app):
    forwarded = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"}
    assert "Strict-Transport-Security" not in app.test_client().get("/login", headers=forwarded).headers

    behind = create_app({**app.config, "TRUSTED_PROXIES": 1})
    response = behind.test_client().get("/login", headers=forwarded)

    assert response.headers["Strict-Transport-Security"] == "max-age=31536000"


def test_cookies_are_http_only_same_site_and_secure_by_default(app, client):
    client.post("/register", data={"email": "ann@example.com", "password": "correct horse"})
    cookies = [client.get_cookie("session"), client.get_cookie("remember_token")]

    for cookie in cookies:
        assert cookie is not None
        assert cookie.http_only, cookie.key
        assert cookie.same_site == "Lax", cookie.key
        assert cookie.secure, cookie.key


def test_session_cookie_secure_off_turns_both_cookies_plain_for_a_lan_over_http(app, monkeypatch):
    monkeypatch.setenv("SESSION_COOKIE_SECURE", "0")
    config = {key: value for key, value in app.config.items()
              if key not in {"SESSION_COOKIE_SECURE", "REMEMBER_COOKIE_SECURE"}}
    lan = create_app(config)

    assert lan.config["SESSION_COOKIE_SECURE"] is False
    assert lan.config["REMEMBER_COOKIE_SECURE"] is False
    assert lan.config["SESSION_COOKIE_HTTPONLY"] is True


def test_the_app_refuses_to_start_without_a_secret_key_saying_how_to_set_one(tmp_path, monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    monkeypatch.delenv("FLASK_DEBUG", raising=False)

    with pytest.raises(RuntimeError, match="SECRET_KEY is not set") as refused:
        create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'x.sqlite3'}", "SECRET_KEY": None})

    assert "export SECRET_KEY=" in str(refused.value)
    assert "instance/config.py" in str(refused.value)


def test_a_secret_key_from_the_environment_is_used(tmp_path, monkeypatch):
    monkeypatch.setenv("SECRET_KEY", "from-the-environment")

    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'x.sqlite3'}"})

    assert app.config["SECRET_KEY"] == "from-the-environment"


def test_tests_and_debugging_run_without_a_secret_key(tmp_path, monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)

    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'x.sqlite3'}", "SECRET_KEY": None,
                      "TESTING": True})

    assert app.config["SECRET_KEY"]


@pytest.fixture
def failing(app):
    """The app as served (errors become pages), with one route that fails, quoting what it was sent."""
    app.config["PROPAGATE_EXCEPTIONS"] = False

    @app.post("/fails/<token>")
    def fails(token):  # type: ignore[no-untyped-def]
        from flask import request
        raise ValueError(f"cannot score {request.form['name']} with {request.form['password']} for {token}")

    return app


def test_a_server_error_logs_what_failed_and_where_without_what_was_sent(failing, caplog):
    client = failing.test_client()
    with caplog.at_level(logging.ERROR):
        response = client.post("/fails/SHARETOKEN123", data={"name": "Zelda Quartermain",
                                                             "password": "hunter2 horse"},
                               headers={"Authorization": "Bearer APITOKEN456"})

    assert response.status_code == 500
    request_id = response.headers["X-Request-ID"]
    assert request_id in page(response).text
    [record] = [record for record in caplog.records if record.levelno >= logging.ERROR]
    logged = record.getMessage()
    assert f"500 on POST /fails/<token> (request {request_id})" in logged
    assert "builtins.ValueError" in logged
    assert "in fails" in logged  # the function it failed in
    assert record.exc_info is None  # the message, not the standard traceback, which quotes the error
    for secret in ("Zelda", "hunter2", "SHARETOKEN123", "APITOKEN456"):
        assert secret not in logged
        assert secret not in caplog.text


def test_a_request_id_from_a_proxy_is_kept_only_when_it_is_plain(client):
    assert client.get("/login", headers={"X-Request-ID": "lb-42.abc"}).headers["X-Request-ID"] == "lb-42.abc"
    forged = client.get("/login", headers={"X-Request-ID": "x ERROR admin signed in"})

    assert "admin" not in forged.headers["X-Request-ID"]
    assert len(forged.headers["X-Request-ID"]) == 12


@pytest.mark.parametrize(("method", "path", "data"), [
    ("POST", "/login", {"email": "ann@example.com\x00", "password": "correct horse"}),
    ("POST", "/register", {"email": "ann@example.com", "password": "correct\x00horse"}),
    ("GET", "/history?player=Ann%00", None),
])
def test_a_nul_character_anywhere_is_refused_with_400_and_saves_nothing(client, rows, method, path, data):
    before = rows()

    response = client.open(path, method=method, data=data)

    assert response.status_code == 400
    assert "NUL character" in page(response).text
    assert rows() == before


@pytest.fixture
def api_headers(app, user):  # type: ignore[no-untyped-def]
    from sqlalchemy import select

    from scorekeeper.services import api_tokens
    from scorekeeper.extensions import db
    from scorekeeper.models import Account

    with app.app_context():
        _, secret = api_tokens.create_token(db.session.scalar(select(Account)), "script")
        db.session.remove()
    return {"Authorization": f"Bearer {secret}"}


@pytest.mark.parametrize(("body", "why"), [
    ("[" * 100_000, "nests too deeply"),
    ('{"variant": "basic", "players": ["Ann\\ud800", "Bob"]}', "lone surrogate"),
])
def test_a_json_body_no_column_could_store_is_a_400_in_the_apis_shape(client, api_headers, rows, body, why):
    before = rows()

    response = client.post("/api/v1/games", data=body, content_type="application/json", headers=api_headers)

    assert response.status_code == 400
    assert response.json["code"] == "bad_request"
    assert why in response.json["error"]
    assert rows() == before


def test_a_server_error_under_the_api_answers_json_with_the_request_id(failing):
    @failing.get("/api/v1/fails-too")
    def fails_too():  # type: ignore[no-untyped-def]
        raise RuntimeError("boom")

    response = failing.test_client().get("/api/v1/fails-too")

    assert response.status_code == 500
    assert response.json == {"error": f"The server failed on this request (reference "
                                      f"{response.headers['X-Request-ID']}).",
                             "code": "server_error", "request_id": response.headers["X-Request-ID"]}


def test_the_development_servers_request_log_masks_a_live_views_token(app, caplog):
    import threading
    import urllib.error
    import urllib.request

    from werkzeug.serving import make_server

    token = "LiveViewSecret0123456789abcdefXYZ"
    server = make_server("127.0.0.1", 0, app)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with caplog.at_level(logging.INFO, logger="werkzeug"):
            for path in (f"/s/{token}", f"/s/{token}/sheet?all=1", f"/k/{token}"):
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{server.port}{path}", timeout=10)
                except urllib.error.HTTPError as error:
                    assert error.code == 404
    finally:
        server.shutdown()
        thread.join(timeout=10)

    lines = [record.getMessage() for record in caplog.records if record.name == "werkzeug"]
    assert any("GET /s/… HTTP/1.1" in line for line in lines), lines
    assert any("GET /s/…/sheet?all=1 HTTP/1.1" in line for line in lines), lines
    assert any("GET /k/… HTTP/1.1" in line for line in lines), lines  # a keeper link's token too
    assert not any(token in line for line in lines), lines
