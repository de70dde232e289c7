"""The styles and scripts go out compressed to a browser that takes it; pages never do.

A page holds the form's CSRF token next to text a visitor may have typed, so
it is sent as is (no BREACH oracle); the static files hold no secret.
"""

from __future__ import annotations

import zlib

import brotli


def test_the_stylesheet_goes_out_brotli_compressed_and_is_the_same_file(client):
    plain = client.get("/static/scorekeeper.css").get_data()
    sent = client.get("/static/scorekeeper.css", headers={"Accept-Encoding": "br, gzip"})
    assert sent.headers["Content-Encoding"] == "br"
    assert len(sent.get_data()) < len(plain) / 2
    assert brotli.decompress(sent.get_data()) == plain
    assert "Accept-Encoding" in sent.headers.get("Vary", "")


def test_a_script_goes_out_deflated_to_a_browser_on_plain_http(client):
    # Chromium on a table's Wi-Fi (http, not a secure context) offers gzip and deflate, not Brotli.
    plain = client.get("/static/entry.js").get_data()
    sent = client.get("/static/entry.js", headers={"Accept-Encoding": "gzip, deflate"})
    assert sent.headers["Content-Encoding"] == "deflate"
    assert zlib.decompress(sent.get_data()) == plain


def test_a_compressed_static_file_still_answers_304_to_its_etag(client):
    first = client.get("/static/scorekeeper.css", headers={"Accept-Encoding": "br"})
    again = client.get("/static/scorekeeper.css", headers={"Accept-Encoding": "br", "If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304


def test_pages_with_a_csrf_token_are_never_compressed(csrf_app):
    page = csrf_app.test_client().get("/register", headers={"Accept-Encoding": "br, gzip, deflate"})
    assert "csrf_token" in page.get_data(as_text=True)
    assert "Content-Encoding" not in page.headers
