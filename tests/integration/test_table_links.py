"""Links that reach the table: a page opened on the serving machine as ``localhost``
gives live and keeper links, and their QR codes, that other phones can open.

The machine's addresses are given to the app (``MACHINE_ADDRESSES``), never
read from this machine's interfaces, except where the test says so; the
links are read back from the pages and their QR codes, never opened.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest
from test_share import decode_qr
from webpage import Node, page

from scorekeeper.web.addresses import (
    is_loopback, machine_interfaces, serving_line, table_addresses, table_root,
)

NAMES = ["Ann", "Bob", "Cara"]
SERVING_MACHINE = "192.168.1.20"  # its address on the table's Wi-Fi (tests/conftest.py gives it)


@pytest.fixture
def game(user, start_game):  # type: ignore[no-untyped-def]
    game = start_game(user, "basic", NAMES)
    assert user.post(f"/games/{game}/share").status_code == 303
    assert user.post(f"/games/{game}/keeper").status_code == 303
    return game


def opened_as(client: Any, base_url: str, path: str, remote: str = "127.0.0.1") -> Node:
    """The page at ``path`` as the signed-in phone sees it, opening the app at ``base_url``."""
    client.set_cookie("session", client.get_cookie("session").value, domain=urlsplit(base_url).hostname)
    response = client.get(path, base_url=base_url, environ_base={"REMOTE_ADDR": remote})
    assert response.status_code == 200, response.status_code
    return page(response)


def links_shown(client: Any, game: int, base_url: str) -> dict[str, tuple[str, str]]:
    """Each panel's link, as written and as its QR code reads."""
    shown = opened_as(client, base_url, f"/games/{game}")
    found = {}
    for panel in ("share", "keeper"):
        section = shown.one("section", id=panel)
        found[panel] = (section.one("p", cls="share-url").one("a").get("href") or "", decode_qr(section.one("svg")))
    return found


# -- the links on the game page -------------------------------------------------------


@pytest.mark.parametrize(("opened", "given", "reached"), [
    ("http://localhost:5000", [SERVING_MACHINE], f"http://{SERVING_MACHINE}:5000"),
    ("http://127.0.0.1:5000", [SERVING_MACHINE], f"http://{SERVING_MACHINE}:5000"),
    ("http://127.0.1.1:8000", [SERVING_MACHINE], f"http://{SERVING_MACHINE}:8000"),
    ("http://[::1]:5000", [SERVING_MACHINE], f"http://{SERVING_MACHINE}:5000"),
    ("http://localhost", [SERVING_MACHINE], f"http://{SERVING_MACHINE}"),
    ("http://localhost:5000", ["127.0.0.1", "::1", "fe80::1", "fd00::2"], "http://[fd00::2]:5000"),
    ("http://localhost:5000", ["2001:db8::7", "10.0.0.9", "172.16.4.2"], "http://10.0.0.9:5000"),
])
def test_a_page_opened_through_loopback_gives_links_and_qr_codes_with_the_machines_table_address(
        app, user, game, opened, given, reached):
    app.config["MACHINE_ADDRESSES"] = given

    links = links_shown(user, game, opened)

    assert links["share"][0].startswith(f"{reached}/s/"), links
    assert links["keeper"][0].startswith(f"{reached}/k/"), links
    assert all(written == read for written, read in links.values()), links


def test_a_page_opened_by_the_tables_address_keeps_it_whatever_other_address_the_machine_has(app, user, game):
    app.config["MACHINE_ADDRESSES"] = ["10.0.0.9"]

    links = links_shown(user, game, f"http://{SERVING_MACHINE}:5000")

    assert links["share"][0].startswith(f"http://{SERVING_MACHINE}:5000/s/"), links
    assert links["keeper"][0].startswith(f"http://{SERVING_MACHINE}:5000/k/"), links
    assert all(written == read for written, read in links.values()), links


@pytest.mark.parametrize("opened", ["http://localhost:5000", f"http://{SERVING_MACHINE}:5000"])
def test_public_url_wins_for_the_links_however_the_page_was_opened(app, user, game, opened):
    app.config["PUBLIC_URL"] = "https://scores.example.org/rummy/"

    links = links_shown(user, game, opened)

    assert links["share"][0].startswith("https://scores.example.org/rummy/s/"), links
    assert links["keeper"][0].startswith("https://scores.example.org/rummy/k/"), links
    assert all(written == read for written, read in links.values()), links


def test_a_machine_with_no_address_for_the_table_says_so_beside_each_link(app, user, game):
    app.config["MACHINE_ADDRESSES"] = ["127.0.0.1", "::1", "fe80::1"]

    shown = opened_as(user, "http://localhost:5000", f"/games/{game}")

    for panel in ("share", "keeper"):
        section = shown.one("section", id=panel)
        assert section.one("p", cls="share-url").one("a").get("href").startswith("http://localhost:5000/")
        assert "no address on a network they could reach" in section.one("p", cls="table-unreachable").text


def test_a_page_with_a_table_address_says_nothing_of_a_missing_one(app, user, game):
    shown = opened_as(user, "http://localhost:5000", f"/games/{game}")

    assert shown.find("p", cls="table-unreachable") is None


# -- the serving machine's games page --------------------------------------------------


def test_the_serving_machines_games_page_shows_the_address_phones_open_and_its_qr_code(app, user):
    shown = opened_as(user, "http://localhost:5000", "/games").one("section", id="table-address")

    address = shown.one("a", cls="table-url").get("href")
    assert address == f"http://{SERVING_MACHINE}:5000/"
    assert f"Phones at this table open {address}" in shown.text
    assert decode_qr(shown.one("svg")) == address


def test_the_serving_machines_games_page_shows_public_url_where_it_is_set(app, user):
    app.config["PUBLIC_URL"] = "https://scores.example.org"

    shown = opened_as(user, "http://[::1]:5000", "/games").one("section", id="table-address")

    assert shown.one("a", cls="table-url").get("href") == "https://scores.example.org/"
    assert decode_qr(shown.one("svg")) == "https://scores.example.org/"


@pytest.mark.parametrize(("opened", "remote"), [
    (f"http://{SERVING_MACHINE}:5000", "192.168.1.31"),  # a phone at the table
    (f"http://{SERVING_MACHINE}:5000", SERVING_MACHINE),  # the serving machine, by its table address
    ("http://localhost:5000", "192.168.1.31"),  # a request from elsewhere that names localhost
])
def test_the_games_page_shows_no_address_line_unless_opened_through_loopback_from_loopback(
        app, user, opened, remote):
    shown = opened_as(user, opened, "/games", remote=remote)

    assert shown.find("section", id="table-address") is None
    assert shown.find("h1").text == "Your games"


def test_the_serving_machines_games_page_says_plainly_when_it_has_no_address_for_the_table(app, user):
    app.config["MACHINE_ADDRESSES"] = []

    shown = opened_as(user, "http://localhost:5000", "/games").one("section", id="table-address")

    assert shown.find("svg") is None
    assert shown.find("a", cls="table-url") is None
    assert "Phones at this table cannot open this app yet" in shown.one("p", cls="table-unreachable").text


# -- make run's line -------------------------------------------------------------------


def test_flask_table_address_prints_the_address_phones_open_on_the_port_served(runner):
    result = runner.invoke(args=["table-address", "--port", "8000"])

    assert result.exit_code == 0, result.output
    assert result.output == f"Phones at this table open http://{SERVING_MACHINE}:8000/\n"


def test_flask_table_address_prints_public_url_where_it_is_set(app, runner):
    app.config["PUBLIC_URL"] = "https://scores.example.org"

    result = runner.invoke(args=["table-address"])

    assert result.output == "Phones at this table open https://scores.example.org/\n"


def test_flask_table_address_says_plainly_when_the_machine_has_no_address_for_the_table(app, runner):
    app.config["MACHINE_ADDRESSES"] = ["127.0.0.1"]

    result = runner.invoke(args=["table-address"])

    assert result.exit_code == 0
    assert result.output.startswith("This machine has no address on a network that phones at the table could open")


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "::1"])
def test_flask_table_address_warns_when_served_to_this_machine_only(runner, host):
    result = runner.invoke(args=["table-address", "--host", host])

    assert result.output.startswith(f"Served to this machine only ({host}): phones at the table cannot open it.")


def test_make_run_prints_the_address_before_it_serves():
    from pathlib import Path

    recipe = (Path(__file__).parents[2] / "Makefile").read_text().split("\nrun:", 1)[1].split("\n\n", 1)[0]
    lines = [line.strip() for line in recipe.splitlines()[1:]]

    assert lines[0] == "$(FLASK) --app scorekeeper table-address --host $(HOST) --port $(PORT)"
    assert "run --host $(HOST) --port $(PORT)" in lines[1]


# -- the parts: loopback, the machine's addresses, the root, the line -----------------------


@pytest.mark.parametrize("host", [
    "localhost", "LOCALHOST.", "app.localhost", "ip6-localhost", "127.0.0.1", "127.8.9.10", "::1", "[::1]",
    "::ffff:127.0.0.1", "0.0.0.0", "::",
])
def test_loopback_names_and_addresses_are_known_as_this_machine(host):
    assert is_loopback(host)


@pytest.mark.parametrize("host", [
    SERVING_MACHINE, "10.0.0.9", "fd00::2", "[2001:db8::7]", "scores.example.org", "localhost.example.org", "", None,
])
def test_other_hosts_are_not_loopback(host):
    assert not is_loopback(host)


def test_private_ipv4_comes_first_then_other_ipv4_then_ipv6_each_in_the_systems_order():
    found = table_addresses([
        ("eth0", "2001:db8::7"), ("eth0", "100.64.0.7"), ("eth0", "fd00::2"),
        ("wlan0", "10.0.0.9"), ("eth1", "192.168.1.20"), ("eth1", "192.168.1.20"),
    ])

    assert found == ["10.0.0.9", "192.168.1.20", "100.64.0.7", "2001:db8::7", "fd00::2"]


@pytest.mark.parametrize(("adapter", "address"), [
    ("lo lo", "127.0.0.1"),
    ("lo lo", "::1"),
    ("eth0 eth0", "169.254.10.20"),  # link-local IPv4: no DHCP answered
    ("eth0 eth0", "fe80::fc:ff:fe00:1"),
    ("docker0 docker0", "172.17.0.1"),
    ("br-3f2a9c br-3f2a9c", "172.18.0.1"),
    ("veth12ab veth12ab", "10.200.0.1"),
    ("virbr0 virbr0", "192.168.122.1"),
    ("vboxnet0 vboxnet0", "192.168.56.1"),
    ("tailscale0 tailscale0", "100.100.1.2"),
    ("utun3 utun3", "10.8.0.2"),
    ("{6C4B...} vEthernet (WSL)", "172.29.16.1"),
    ("{1A2B...} Hyper-V Virtual Ethernet Adapter", "172.30.0.1"),
    ("en0 en0", "not an address"),
])
def test_loopback_link_local_and_the_machines_own_virtual_networks_are_never_given(adapter, address):
    assert table_addresses([(adapter, address), ("wlan0 wlan0", "192.168.1.20")]) == ["192.168.1.20"]


def test_the_table_root_keeps_the_scheme_port_and_path_the_page_was_opened_at():
    root = table_root("https://localhost:8443/rummy/", interfaces=lambda: [("wlan0", "10.0.0.9")])

    assert root == "https://10.0.0.9:8443/rummy/"


def test_the_table_root_asks_for_no_interfaces_where_public_url_is_set_or_the_host_is_not_loopback():
    asked: list[str] = []

    def interfaces() -> list[tuple[str, str]]:
        asked.append("asked")
        return [("wlan0", "10.0.0.9")]

    assert table_root("http://localhost:5000/", public_url="http://scores.lan", interfaces=interfaces) == "http://scores.lan/"
    assert table_root("http://scores.lan:5000/", interfaces=interfaces) == "http://scores.lan:5000/"
    assert asked == []


@pytest.mark.parametrize(("root", "host", "said"), [
    ("http://192.168.1.20:5000/", "0.0.0.0", "Phones at this table open http://192.168.1.20:5000/"),
    ("http://[fd00::2]:5000/", "::", "Phones at this table open http://[fd00::2]:5000/"),
    (None, "0.0.0.0", "This machine has no address on a network that phones at the table could open: "
                      "connect it to the table's Wi-Fi, and its games page will show the address."),
    ("http://192.168.1.20:5000/", "127.0.0.1", "Served to this machine only (127.0.0.1): phones at the "
                                               "table cannot open it. Serve on every address, with HOST=0.0.0.0, "
                                               "for them to."),
])
def test_the_line_make_run_prints_names_the_address_or_says_why_there_is_none(root, host, said):
    assert serving_line(root, host=host) == said


def test_this_machines_interfaces_are_listed_with_its_loopback_among_them():
    # The one test that reads this machine's own interfaces: every machine has loopback.
    found = machine_interfaces()

    assert any(address in ("127.0.0.1", "::1") for _, address in found), found
    assert all(is_loopback(address) for adapter, address in found if adapter.startswith("lo "))
