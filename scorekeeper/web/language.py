"""Each phone its own language.

A page is written in the language this phone chose, or else the one its
browser asks for:

1. a signed-in phone: the language its account chose (``Account.language``);
2. any other phone (a live view's, a keeper's): the ``language`` cookie it
   chose with the switch;
3. otherwise the browser's ``Accept-Language``, best match among
   the languages offered (the ``LANGUAGES`` setting); English where none matches.

The switch at the foot of every page posts here; the choice is kept in the
account for a signed-in phone and in the cookie for every phone, so two phones
reading one game each read it in their own language.  What is stored (logs,
exports) holds no words at all: the pages are written from it in the reader's
language.  Flask-Babel calls :func:`chosen` for each request that translates.
"""

from __future__ import annotations

from flask import Blueprint, current_app, g, has_request_context, redirect, request, url_for
from flask_babel import get_locale
from flask_login import current_user
from flask_wtf import FlaskForm
from werkzeug.local import LocalProxy
from werkzeug.wrappers import Response
from wtforms import HiddenField, SelectField
from wtforms.fields.choices import SelectChoice  # type: ignore[attr-defined]  # WTForms 3.3; the stubs predate it

from ..extensions import csrf
from ..languages import COOKIE, DEFAULT, ENVIRON_KEY, RIGHT_TO_LEFT, asked
from ..services import accounts

bp = Blueprint("language", __name__)

COOKIE_DAYS = 400  # the longest a browser keeps a cookie (RFC 6265bis)


class LanguageForm(FlaskForm):
    """The switch.  No CSRF token: the switch is on every page, a live view's and a keeper's
    included, which must not start a session for it; another site cannot post it for a signed-in
    phone anyway (the sign-in cookies are ``SameSite=Lax``, not sent on another site's post), and
    at worst a language is chosen."""

    class Meta:
        csrf = False

    language = SelectField()
    next = HiddenField()

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.language.choices = [SelectChoice(code, name) for code, name in offered().items()]


def offered() -> dict[str, str]:
    """The languages the pages are offered in: the app's ``LANGUAGES`` setting."""
    return dict(current_app.config["LANGUAGES"])


def chosen() -> str:
    """The language this request's page is written in (see the module's docstring).  A live
    view's sheet, kept and sent to every phone asking in the same language, is drawn in the
    language decided in front of Flask (:mod:`scorekeeper.live.asks`), never an account's.
    Outside a request (a command, a use case called by a test) there is no reader: English."""
    if not has_request_context():
        return DEFAULT
    fixed = request.environ.get(ENVIRON_KEY)
    languages = offered()
    if fixed in languages:
        return str(fixed)
    if current_user and current_user.is_authenticated and current_user.language in languages:
        return str(current_user.language)
    return asked(request.cookies.get(COOKIE), request.headers.get("Accept-Language"), languages)


def page_language() -> dict[str, object]:
    """The page's ``lang`` and ``dir``, and the switch's form, for every template."""
    code = str(get_locale() or DEFAULT)
    # Made when a template shows the switch (base.html), not for a fragment such as a live
    # view's sheet, drawn for every change: a form costs a tenth of that drawing.
    return {"page_language": code, "page_direction": "rtl" if code in RIGHT_TO_LEFT else "ltr",
            "language_form": LocalProxy(_language_form), "languages": offered()}


def _language_form() -> LanguageForm:
    """The switch's form of this request (made once)."""
    form = g.get("language_form")
    if form is None:
        form = g.language_form = LanguageForm(formdata=None, language=str(get_locale() or DEFAULT), next=_here())
    return form  # type: ignore[no-any-return]


def _here() -> str:
    """This page's path and query, to come back to after the switch (a page posted to is not come back to)."""
    if request.method != "GET":
        return url_for("games.home")
    return request.full_path.rstrip("?")


def _local(path: str) -> str:
    """``path`` if it is a path of this site (never another site's address), else the home page."""
    if path.startswith("/") and not path.startswith(("//", "/\\")):
        return path
    return url_for("games.home")


@csrf.exempt  # (see LanguageForm)
@bp.post("/language")
def choose() -> Response:
    """Read the pages in the chosen language from now on: kept in this phone's cookie, and in
    the account for a signed-in phone (its other phones follow).  Back to the page it came from."""
    form = LanguageForm(request.form)
    response = redirect(_local(form.next.data or ""), 303)
    if not form.validate_on_submit():
        return response  # a language nobody offers: the page stays as it was
    code = form.language.data or DEFAULT
    if current_user.is_authenticated:
        accounts.set_language(current_user, code)
    response.set_cookie(COOKIE, code, max_age=COOKIE_DAYS * 24 * 3600, httponly=True, samesite="Lax",
                        secure=bool(current_app.config.get("SESSION_COOKIE_SECURE")))
    return response


bp.app_context_processor(page_language)
