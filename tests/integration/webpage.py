"""Reading the pages the app serves, as a person (or a browser) would.

A small tree of the HTML (standard library only), with the few look-ups the
tests need: text, fields and their values, and the error shown next to a
field or inside a player's panel.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
        "source", "track", "wbr"}
# Elements a new sibling of the same kind closes (the HTML parsing rules, in short).
SELF_CLOSING_SIBLINGS = {"option", "li", "p", "dt", "dd", "tr", "td", "th"}


class Node:
    def __init__(self, tag: str, attrs: dict[str, str], parent: Node | None = None) -> None:
        self.tag = tag
        self.attrs = attrs
        self.parent = parent
        self.children: list[Node | str] = []

    def __repr__(self) -> str:
        shown = " ".join(f'{key}="{value}"' for key, value in self.attrs.items())
        return f"<{self.tag} {shown}>"

    def get(self, name: str, default: str | None = None) -> str | None:
        return self.attrs.get(name, default)

    @property
    def classes(self) -> set[str]:
        return set((self.attrs.get("class") or "").split())

    def walk(self) -> Iterator[Node]:
        for child in self.children:
            if isinstance(child, Node):
                yield child
                yield from child.walk()

    def find_all(self, tag: str | None = None, *, cls: str | None = None, **attrs: str) -> list[Node]:
        """Descendants by tag, a class they carry and exact attribute values (``data_seat="1"``)."""
        wanted = {key.replace("_", "-"): value for key, value in attrs.items()}
        return [
            node for node in self.walk()
            if (tag is None or node.tag == tag)
            and (cls is None or cls in node.classes)
            and all(node.attrs.get(key) == value for key, value in wanted.items())
        ]

    def find(self, tag: str | None = None, *, cls: str | None = None, **attrs: str) -> Node | None:
        found = self.find_all(tag, cls=cls, **attrs)
        return found[0] if found else None

    def one(self, tag: str | None = None, *, cls: str | None = None, **attrs: str) -> Node:
        found = self.find_all(tag, cls=cls, **attrs)
        assert len(found) == 1, f"expected one <{tag} {cls=} {attrs}>, found {len(found)}"
        return found[0]

    def raw_text(self) -> str:
        return "".join(child if isinstance(child, str) else child.raw_text() for child in self.children)

    def text_without(self, left_out: Node) -> str:
        """The text, leaving out one descendant's."""
        parts = [
            child if isinstance(child, str) else ("" if child is left_out else child.text_without(left_out))
            for child in self.children
        ]
        return " ".join("".join(parts).split())

    @property
    def text(self) -> str:
        """The text a person reads, spaces collapsed."""
        return " ".join(self.raw_text().split())

    # -- forms ----------------------------------------------------------------

    def field(self, name: str) -> Node:
        """The input, select or textarea named ``name`` (the first of a radio group)."""
        for node in self.walk():
            if node.tag in ("input", "select", "textarea") and node.attrs.get("name") == name:
                return node
        raise AssertionError(f"no field named {name!r}")

    def value(self, name: str) -> str | None:
        """What the form would send for ``name`` (None when nothing: an unticked box)."""
        sent = self.form_data()
        return sent.get(name)

    def form_data(self) -> dict[str, str]:
        """Every field's value as a browser would submit it (one value per name)."""
        data: dict[str, str] = {}
        for node in self.walk():
            name = node.attrs.get("name")
            if not name or "disabled" in node.attrs:
                continue
            if node.tag == "input":
                kind = node.attrs.get("type", "text")
                if kind in ("radio", "checkbox"):
                    if "checked" in node.attrs:
                        data[name] = node.attrs.get("value", "on")
                elif kind not in ("submit", "button", "reset", "image", "file"):
                    data[name] = node.attrs.get("value", "")
            elif node.tag == "textarea":
                data[name] = node.raw_text()
            elif node.tag == "select":
                options = node.find_all("option")
                chosen = [o for o in options if "selected" in o.attrs] or options[:1]
                if chosen:
                    data[name] = chosen[0].attrs.get("value", chosen[0].text)
        return data

    def errors(self) -> list[str]:
        return [node.text for node in self.find_all(cls="error")]

    def error_near(self, name: str) -> str:
        """The error message shown in the field wrapper around ``name``."""
        node: Node | None = self.field(name)
        while node is not None and not ({"field", "invalid"} & node.classes and node.tag in ("div", "fieldset")):
            node = node.parent
        assert node is not None, f"{name!r} has no field wrapper"
        return " ".join(error.text for error in node.find_all(cls="error"))

    def player_panel(self, seat: int) -> Node:
        return self.one("fieldset", data_seat=str(seat))

    def player_error(self, seat: int) -> str:
        return " ".join(error.text for error in self.player_panel(seat).find_all(cls="error"))


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {})
        self.current = self.root

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in SELF_CLOSING_SIBLINGS and self.current.tag == tag:
            self.current = self.current.parent or self.root
        node = Node(tag, {key: value if value is not None else "" for key, value in attrs}, self.current)
        self.current.children.append(node)
        if tag not in VOID:
            self.current = node

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {key: value if value is not None else "" for key, value in attrs}, self.current)
        self.current.children.append(node)

    def handle_endtag(self, tag: str) -> None:
        node: Node | None = self.current
        while node is not None and node.tag != tag:
            node = node.parent
        if node is not None and node.parent is not None:
            self.current = node.parent

    def handle_data(self, data: str) -> None:
        self.current.children.append(data)


def parse(html: str) -> Node:
    builder = _Builder()
    builder.feed(html)
    builder.close()
    return builder.root


def page(response: Any) -> Node:
    """The response's HTML as a tree."""
    return parse(response.get_data(as_text=True))


def flashes(response: Any) -> list[str]:
    return [node.text for node in page(response).find_all(cls="flash")]


def game_id_from(location: str) -> int:
    match = re.search(r"/games/(\d+)(?:#.*)?$", location)
    assert match, location
    return int(match.group(1))


def without_language_switch(html: Node) -> Node:
    """The page without the language switch every page carries at its foot (a form of its own,
    which changes only what the phone reads)."""
    switch = html.find("form", cls="language-switch")
    if switch is not None and switch.parent is not None:
        switch.parent.children.remove(switch)
    return html


def import_refused_in(client: Any, body: bytes, language: str) -> str:
    """The import page's refusal of the file ``body``, read in ``language`` (chosen with the switch)."""
    client.post("/language", data={"language": language, "next": "/"})
    response = client.post("/backup/import", data={"file": (io.BytesIO(body), "backup.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 422
    return " ".join(page(response).errors())
