"""The address phones at the table open: what the links they scan carry.

A page opened on the serving machine through a loopback name or address
(``localhost``, ``127.0.0.1``, ``[::1]``) would give live and keeper links
that send every phone scanning them to its own loopback.  Such a page's
links, and their QR codes, carry the machine's address on the table's
network instead, on the port the page was opened on: the first of
:func:`table_addresses`, found by listing the machine's network interfaces
(``ifaddr``: nothing is sent anywhere).  ``PUBLIC_URL``, where the operator
sets one, wins everywhere.  A page opened by any other name keeps it: the
phone reached the app that way, so the others at the table can too.

Where no such address is found the links stay as the page was opened and
the pages say why (:attr:`TableAddress.root` is None).  The machine's own
games page, opened through loopback, shows the address with a QR code of
it, and ``make run`` prints it (``flask table-address``).

``MACHINE_ADDRESSES`` (config) replaces the interfaces' addresses with a
list of its own: the tests give the machine the addresses they need.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any
from ipaddress import IPv4Address, IPv6Address, ip_address, ip_network
from urllib.parse import urlsplit, urlunsplit

import click
import ifaddr
from flask import Flask, current_app, g, request, url_for
from flask_babel import gettext as _
from flask.cli import with_appcontext
from markupsafe import Markup

#: the private IPv4 ranges a table's Wi-Fi hands out (RFC 1918): the likeliest to be the table's
PRIVATE_V4 = (ip_network("192.168.0.0/16"), ip_network("10.0.0.0/8"), ip_network("172.16.0.0/12"))

#: adapters that are the machine's own plumbing (containers, virtual machines, VPNs), not a
#: network phones are on, by the names Linux, macOS and Windows give them
VIRTUAL = re.compile(
    r"(?:^|\s)(?:docker|br-|veth|virbr|vmnet|vboxnet|lxcbr|lxdbr|cni|flannel|podman|tailscale|zt|"
    r"tun|tap|wg|utun|awdl|llw)|virtual|hyper-v|vmware|wsl",
    re.IGNORECASE,
)

#: the names of loopback besides its addresses (RFC 6761 keeps every ``*.localhost`` for it too)
LOOPBACK_NAMES = frozenset({"localhost", "ip6-localhost", "ip6-loopback"})

#: one of the machine's addresses: the names of its adapter (blank where not known), the address
Interface = tuple[str, str]


def is_loopback(host: str | None) -> bool:
    """Whether a host, as a URL or a request names it, is the machine's own loopback.

    >>> [is_loopback(host) for host in ("localhost", "127.0.1.1", "[::1]", "::ffff:127.0.0.1", "0.0.0.0")]
    [True, True, True, True, True]
    >>> [is_loopback(host) for host in ("192.168.1.20", "fd00::2", "scores.example.org", "", None)]
    [False, False, False, False, False]
    """
    name = (host or "").strip("[]").rstrip(".").lower()
    if name in LOOPBACK_NAMES or name.endswith(".localhost"):
        return True
    address = _address(name)
    # (0.0.0.0 and :: are opened as this machine by browsers: "make run" says it serves on 0.0.0.0.)
    return address is not None and (address.is_loopback or address.is_unspecified)


def _address(text: str) -> IPv4Address | IPv6Address | None:
    try:
        address = ip_address(text.split("%", 1)[0])
    except ValueError:
        return None
    if isinstance(address, IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def table_addresses(interfaces: Iterable[Interface]) -> list[str]:
    """The machine's addresses that phones at the table may reach it by, the likeliest first.

    Private IPv4 (a Wi-Fi's 192.168/16, 10/8, 172.16/12) first, then any other
    IPv4, then IPv6; never loopback, link-local (it needs the adapter's name to
    be opened) or an adapter of the machine's own plumbing (Docker, virtual
    machines, VPNs).

    >>> table_addresses([("lo", "127.0.0.1"), ("docker0", "172.17.0.1"), ("eth0", "fe80::1"),
    ...                  ("eth0", "2001:db8::5"), ("eth0", "100.64.0.7"), ("wlan0", "192.168.1.20")])
    ['192.168.1.20', '100.64.0.7', '2001:db8::5']
    """
    ranked: list[tuple[int, int, str]] = []
    for order, (adapter, text) in enumerate(interfaces):
        address = _address(text)
        if address is None or address.is_loopback or address.is_link_local or address.is_unspecified:
            continue
        if address.is_multicast or VIRTUAL.search(adapter):
            continue
        if isinstance(address, IPv4Address):
            rank = 0 if any(address in network for network in PRIVATE_V4) else 1
        else:
            rank = 2
        ranked.append((rank, order, str(address)))
    found = [text for _, _, text in sorted(ranked)]
    return list(dict.fromkeys(found))  # (an address on two adapters is said once)


def machine_interfaces() -> list[Interface]:
    """Each address of the machine's network interfaces, with its adapter's names, as the
    system lists them (``getifaddrs``; nothing is sent)."""
    found: list[Interface] = []
    for adapter in ifaddr.get_adapters():
        names = f"{adapter.name} {adapter.nice_name}"
        for ip in adapter.ips:
            found.append((names, ip.ip if isinstance(ip.ip, str) else ip.ip[0]))
    return found


def table_root(opened: str, *, public_url: str = "",
               interfaces: Callable[[], Iterable[Interface]] = machine_interfaces) -> str | None:
    """The app's root URL as phones at the table open it, told by a page opened at ``opened``
    (that page's root URL); None where the page was opened through loopback and the machine
    has no address to give instead.

    ``interfaces`` is asked only then (and not at all while ``public_url`` is set).

    >>> table_root("http://localhost:5000/", interfaces=lambda: [("wlan0", "192.168.1.20")])
    'http://192.168.1.20:5000/'
    >>> table_root("http://[::1]:5000/", interfaces=lambda: [("wlan0", "fd00::2")])
    'http://[fd00::2]:5000/'
    >>> table_root("http://192.168.1.20:5000/", interfaces=lambda: [("wlan0", "10.0.0.9")])
    'http://192.168.1.20:5000/'
    >>> table_root("http://127.0.0.1:5000/", public_url="https://scores.example.org") is None
    False
    >>> print(table_root("http://localhost/", interfaces=lambda: [("lo", "127.0.0.1")]))
    None
    """
    if public_url:
        return public_url.rstrip("/") + "/"
    parts = urlsplit(opened)
    if not is_loopback(parts.hostname):
        return opened
    found = table_addresses(interfaces())
    if not found:
        return None
    host = f"[{found[0]}]" if ":" in found[0] else found[0]
    try:
        port = parts.port
    except ValueError:  # a Host header with no number after its colon
        port = None
    return urlunsplit((parts.scheme, host if port is None else f"{host}:{port}", parts.path, "", ""))


# -- the pages: where a request was opened, and its links ------------------------------


@dataclass(frozen=True)
class TableAddress:
    """What a page tells of the address phones at the table open the app by."""

    #: the app's root URL for the table; None: opened through loopback, and no address found
    root: str | None
    #: the page was opened on the serving machine itself (a loopback name, from a loopback address)
    on_this_machine: bool


def _interfaces() -> Iterable[Interface]:
    given = current_app.config.get("MACHINE_ADDRESSES")
    if given is None:
        return machine_interfaces()
    return [("", address) for address in given]


def table_address() -> TableAddress:
    """The address this request's page gives the table (worked out once a request)."""
    if "table_address" not in g:
        opened = request.url_root
        g.table_address = TableAddress(
            root=table_root(opened, public_url=current_app.config.get("PUBLIC_URL") or "", interfaces=_interfaces),
            on_this_machine=is_loopback(urlsplit(opened).hostname) and is_loopback(request.remote_addr),
        )
    address: TableAddress = g.table_address
    return address


def table_url(endpoint: str, **values: Any) -> str:
    """``url_for(endpoint, **values)`` in full, as a phone at the table opens it: this page's
    own address where it is not loopback, else the machine's address on the table's network
    (``PUBLIC_URL`` where set); this page's own where no address is found."""
    root = table_address().root or request.url_root
    path = url_for(endpoint, **values)
    return root + path[len(request.script_root):].lstrip("/")


# -- make run: the line it prints -----------------------------------------------------------


def serving_line(root: str | None, *, host: str = "0.0.0.0") -> str:
    """The line ``make run`` prints: the address phones at the table open, or why there is none.

    >>> serving_line("http://192.168.1.20:5000/")
    'Phones at this table open http://192.168.1.20:5000/'
    >>> serving_line("http://192.168.1.20:5000/", host="127.0.0.1").startswith("Served to this machine only")
    True
    """
    if _only_this_machine(host):
        return (f"Served to this machine only ({host}): phones at the table cannot open it. "
                "Serve on every address, with HOST=0.0.0.0, for them to.")
    if root is None:
        return ("This machine has no address on a network that phones at the table could open: "
                "connect it to the table's Wi-Fi, and its games page will show the address.")
    return f"Phones at this table open {root}"


def _only_this_machine(host: str) -> bool:
    """Whether serving on ``host`` serves loopback alone (0.0.0.0 and :: serve every address)."""
    bound = _address(host.strip("[]"))
    return is_loopback(host) and not (bound is not None and bound.is_unspecified)


@click.command("table-address")
@with_appcontext
@click.option("--port", type=click.IntRange(1, 65535), default=5000, show_default=True,
              help="The port the app is served on.")
@click.option("--host", default="0.0.0.0", show_default=True, help="The address the app is served on.")
def table_address_command(port: int, host: str) -> None:
    """Print the address phones at the table open the app by (``make run`` does, as it starts)."""
    config = current_app.config
    root = table_root(f"http://localhost:{port}/", public_url=config.get("PUBLIC_URL") or "",
                      interfaces=_interfaces)
    click.echo(serving_line(root, host=host))


def init_app(app: Flask) -> None:
    """The template globals for the pages, and ``flask table-address`` for ``make run``."""
    from .share import qr_svg  # (share.py makes its links here: imported once both are)

    def table_qr(url: str) -> Markup:
        return qr_svg(url, _("QR code of the address phones at this table open"))

    app.add_template_global(table_address, "table_address")
    app.add_template_global(table_qr, "table_qr")
    app.cli.add_command(table_address_command)
