"""What the app stored and shows, read back for the tests' assertions."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from webpage import Node, page

from scorekeeper.extensions import db


def token_of(form_page: Node) -> tuple[str, str]:
    """The one-time token and hand number an opened entry form carries."""
    return form_page.field("token").attrs["value"], form_page.field("expected").attrs["value"]


def hands_in(app: Flask, game_id: int) -> list[dict[str, Any]]:
    """The stored entries of a game, in order."""
    from scorekeeper.models import HandEntry

    with app.app_context():
        found = [
            {"number": hand.number, "entry": hand.entry, "token": hand.token}
            for hand in db.session.scalars(
                select(HandEntry).where(HandEntry.game_id == game_id).order_by(HandEntry.number)
            )
        ]
        db.session.remove()
        return found


def sheet_totals(client: FlaskClient, game_id: int) -> list[str]:
    """The running totals in the sheet's foot, as shown."""
    sheet = page(client.get(f"/games/{game_id}"))
    foot = sheet.find("tfoot")
    return [cell.text for cell in foot.find_all("td")] if foot else []


def sheet_rows(sheet: Node) -> list[list[tuple[str, str]]]:
    """Each hand's row of the sheet: (running total, what the hand added) per player."""
    rows = []
    for row in sheet.one("table", cls="sheet").one("tbody").find_all("tr"):
        cells = []
        for cell in row.find_all("td"):
            marks = [node for node in cell.walk() if node.tag in ("small", "span") and node.text]
            gain = marks[-1] if marks else None
            cells.append((cell.text_without(gain) if gain else cell.text, gain.text if gain else ""))
        rows.append(cells)
    return rows


def column_names(client: FlaskClient, game_id: int) -> list[str]:
    sheet = page(client.get(f"/games/{game_id}"))
    return [node.text for node in sheet.one("table", cls="sheet").find_all("span", cls="name")]


def location_game(response: Any) -> int:
    match = re.search(r"/games/(\d+)", response.headers["Location"])
    assert match, response.headers["Location"]
    return int(match.group(1))
