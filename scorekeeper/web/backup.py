"""Export a game (JSON log, CSV sheet) or the whole account; import a game or backup file."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, flash, redirect, render_template, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_login import current_user, login_required
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from werkzeug.wrappers import Response as WerkzeugResponse
from wtforms import SubmitField

from ..models import Game, utcnow
from ..services import backup
from .access import own_game

bp = Blueprint("backup", __name__)

MAX_IMPORT_BYTES = backup.MAX_IMPORT_BYTES


class ImportForm(FlaskForm):
    file = FileField(_l("Game or backup file"), validators=[FileRequired(_l("Choose a file to import."))],
                     description=_l("A .json file exported from Scorekeeper: one game or a whole backup."))
    submit = SubmitField(_l("Import"))


@bp.get("/games/<int:game_id>/export.json")
@login_required
def game_json(game_id: int) -> Response:
    game = own_game(game_id)
    return _download(_json(backup.export_game(game)), _filename(game, "json"), "application/json")


@bp.get("/games/<int:game_id>/export.csv")
@login_required
def game_csv(game_id: int) -> Response:
    game = own_game(game_id)
    # The mimetype alone: Werkzeug adds the one "charset=utf-8" itself.
    return _download(backup.export_csv(game), _filename(game, "csv"), "text/csv")


@bp.get("/backup")
@login_required
def index() -> str:
    return render_template("backup/index.html", form=ImportForm())


@bp.get("/backup/export.json")
@login_required
def account_json() -> Response:
    name = f"scorekeeper-backup-{utcnow():%Y-%m-%d}.json"
    return _download(_json(backup.export_account(current_user)), name, "application/json")


@bp.post("/backup/import")
@login_required
def upload() -> tuple[str, int] | WerkzeugResponse:
    form = ImportForm()
    if form.validate_on_submit():
        content = form.file.data.read(MAX_IMPORT_BYTES + 1)
        if len(content) > MAX_IMPORT_BYTES:
            form.file.errors.append(_("This file is larger than any Scorekeeper backup should be (20 MB)."))
        else:
            try:
                result = backup.import_file(current_user, content, name=form.file.data.filename or "")
            except backup.BadImport as error:
                form.file.errors.append(_("Nothing was imported: %(why)s", why=error.message))
            else:
                flash(result.said(), "success")
                return redirect(url_for("backup.index"), 303)
    return render_template("backup/index.html", form=form), 422


@bp.get("/schemas/export.json")
def export_schema() -> Response:
    """The export format as a JSON Schema, for anyone writing a file the import takes (no sign-in)."""
    return Response(backup.schema_text(), mimetype="application/schema+json")


def _json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1)


def _filename(game: Game, extension: str) -> str:
    return f"{game.variant}-{game.created_at:%Y-%m-%d}-{game.id}.{extension}"


def _download(body: str, filename: str, mimetype: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
