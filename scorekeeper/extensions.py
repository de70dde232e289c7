"""The Flask extensions, created unbound and wired up in ``create_app``."""

from __future__ import annotations

from flask_babel import Babel
from flask_compress import Compress
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_login import LoginManager
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf import CSRFProtect
from sqlalchemy import MetaData, event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase

# Named constraints, so Alembic migrations are the same on SQLite and PostgreSQL.
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",  # every column: two constraints on one table differ
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


db = SQLAlchemy(model_class=Base)
migrate = Migrate(render_as_batch=True)
login_manager = LoginManager()
csrf = CSRFProtect()
compress = Compress()
# Each request's language is web/language.py's chosen(), given in create_app.
babel = Babel()
# Only the routes that say so are limited (scorekeeper/web/link_guesses.py): no default limits.
# The client's address is ProxyFix's, so TRUSTED_PROXIES decides it as for everything else.
limiter = Limiter(key_func=get_remote_address)


# How long a write waits for another one holding the lock before the user is
# told to try again (503): a moment's contention waits, a stuck lock does not
# hang the request until the worker is killed.
LOCK_WAIT_MS = 5000


@event.listens_for(Engine, "connect")
def _connection_settings(dbapi_connection, connection_record) -> None:  # type: ignore[no-untyped-def]
    """SQLite: WAL (readers never wait for the writer), enforced foreign keys and
    the lock wait.  PostgreSQL: the same lock wait."""
    module = type(dbapi_connection).__module__
    if module == "sqlite3":
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={LOCK_WAIT_MS}")
        cursor.close()
    elif module.startswith("psycopg"):
        with dbapi_connection.cursor() as cursor:
            cursor.execute(f"SET lock_timeout = {LOCK_WAIT_MS}")
        dbapi_connection.commit()  # a SET inside a rolled-back transaction would be undone
