"""Every page is served whole by the app: phone viewport, its own assets, the home-screen manifest, a light sheet."""

from __future__ import annotations

import json

import pytest
from webpage import page

SHEET_BUDGET = 60 * 1024  # bytes for the sheet page and everything it loads, as a phone is sent them
#: what a phone's browser accepts: the styles and scripts are sent compressed (flask-compress), the
#: page itself never (it carries a CSRF token); tests/browser/test_phone_layout.py measures the same
#: budget on Chromium's own transfer sizes
PHONE = {"Accept-Encoding": "gzip, deflate, br"}


@pytest.fixture
def pages(user, start_game, record):  # type: ignore[no-untyped-def]
    """Every page a signed-in person can open, in a game with a hand played."""
    game = start_game(user, "basic", ["Ann", "Bob", "Cara"])
    record(user, game, {"out": "0", "p1-count": "12", "p2-count": "3"})
    return ["/games", "/games/new", "/games/new?variant=basic", "/players/", "/players/1/rename", "/variants",
            f"/games/{game}", f"/games/{game}/hands/new", f"/games/{game}/hands/1/edit", f"/games/{game}/delete",
            "/settings/account/"]


def assets_of(html_page):
    found = []
    for node in html_page.walk():
        if node.tag == "link" and node.get("href"):
            found.append(node.get("href"))
        if node.tag == "script" and node.get("src"):
            found.append(node.get("src"))
    return found


def test_every_page_fits_a_phone_and_loads_only_the_apps_own_assets(user, pages):
    for path in pages:
        response = user.get(path)
        assert response.status_code == 200, path
        html_page = page(response)
        viewport = html_page.one("meta", name="viewport")
        assert "width=device-width" in viewport.get("content"), path
        for asset in assets_of(html_page):
            assert asset.startswith("/static/"), (path, asset)
            assert user.get(asset).status_code == 200, (path, asset)


@pytest.mark.parametrize("path", ["/login", "/register", "/variants"])
def test_pages_before_sign_in_are_served_too(client, path):
    response = client.get(path)

    assert response.status_code == 200
    for asset in assets_of(page(response)):
        assert client.get(asset).status_code == 200, asset


def test_the_manifest_names_the_app_and_its_icons_are_served(client):
    manifest_url = page(client.get("/login")).one("link", rel="manifest").get("href")

    manifest = json.loads(client.get(manifest_url).get_data(as_text=True))

    assert manifest["start_url"] == "/games"  # a page the service worker keeps: it opens offline too
    assert manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert client.get(icon["src"]).status_code == 200, icon["src"]


def test_a_long_six_player_sheet_stays_within_its_weight(user, start_game, record):
    game = start_game(user, "contract", ["Ann", "Bob", "Cara", "Dan", "Eve", "Fay"])
    for deal in range(7):
        out = deal % 6
        fields = {f"p{seat}-cards": "KH QD JS 10C 9H 8D 7S 6C 5H 4D" for seat in range(6) if seat != out}
        fields.update({f"p{seat}-count": "85" for seat in range(6) if seat not in (out, (out + 1) % 6, (out + 2) % 6)})
        fields.update({f"p{seat}-cards": "" for seat in range(6) if seat not in (out, (out + 1) % 6, (out + 2) % 6)})
        assert record(user, game, {"out": str(out), **fields}).status_code == 303

    response = user.get(f"/games/{game}")
    weight = len(response.data) + sum(len(user.get(asset, headers=PHONE).data) for asset in assets_of(page(response)))

    print(f"sheet page sent: {weight} bytes")
    assert weight <= SHEET_BUDGET, weight


def test_an_unknown_address_is_a_friendly_not_found(user):
    response = user.get("/no/such/page")

    assert response.status_code == 404
    assert "There is nothing here" in page(response).text
    assert page(response).one("main").one("a", href="/").text == "Back to your games"
