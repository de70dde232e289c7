"""gunicorn's access log (gunicorn.conf.py) says what was asked, never a secret in the path."""

from __future__ import annotations

import os

from bench.load import Server, fresh_database, raw_request

KIND = "postgresql" if os.environ.get("DATABASE_URL") else "sqlite"


def test_the_access_log_masks_a_live_views_token_and_keeps_the_rest_of_the_line(tmp_path):
    token = "LiveViewSecret0123456789abcdefXYZ"
    with fresh_database(KIND, tmp_path, os.environ.get("DATABASE_URL")) as url:
        server = Server(url, tmp_path, workers=1)
        server.migrate()
        server.start()
        try:
            status, _, _ = raw_request(server.port, "GET", f"/s/{token}")
            sheet_status, _, _ = raw_request(server.port, "GET", f"/s/{token}/sheet?all=1")
            keeper_status, _, _ = raw_request(server.port, "GET", f"/k/{token}")
            login_status, _, _ = raw_request(server.port, "GET", "/login?next=/games/1")
        finally:
            server.stop()
    log = server.log_path.read_text(errors="replace")

    assert (status, sheet_status, login_status) == (404, 404, 200)
    assert token not in log
    assert '"GET /s/… HTTP/1.1" 404' in log
    assert '"GET /s/…/sheet HTTP/1.1" 404' in log
    assert keeper_status == 404 and '"GET /k/… HTTP/1.1" 404' in log  # a keeper link's token is masked too
    assert '"GET /login HTTP/1.1" 200' in log  # other paths as asked, and never the query string
    assert "next=" not in log
