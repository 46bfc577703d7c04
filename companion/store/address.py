"""Which database a command means, without opening it (no SQLAlchemy here): ``--db``, else
``COMPANION_DB``, else a SQLite file in the user's data folder; a plain path is a SQLite file.
The store opens the database at this address, and ``companion.web.door`` finds a server already
serving it by the same address."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import unquote

from companion.store.errors import StoreError


def database_url(url: str | None = None) -> str:
    """The URL ``url`` (``--db``) means: itself, else ``COMPANION_DB``, else the default file; a
    plain path as the SQLite file there.

    >>> database_url("sqlite:///c.db"), database_url("/tmp/x/../c.db")
    ('sqlite:///c.db', 'sqlite:////tmp/c.db')
    """
    url = url or os.environ.get("COMPANION_DB") or default_url()
    if "://" not in url:  # a plain path: a SQLite file there
        url = f"sqlite:///{Path(url).expanduser().resolve()}"
    return url


def default_url() -> str:
    """The SQLite file in the user's data folder (the folder made if need be)."""
    from platformdirs import user_data_path  # here: only a command without --db asks for it

    folder = user_data_path("companion", appauthor=False)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise StoreError(
            "The data folder {folder} cannot be used ({why}); point --db or COMPANION_DB at a database elsewhere.",
            folder=folder,
            why=err.strerror,
        ) from None
    return f"sqlite:///{folder / 'companion.db'}"


def sqlite_path(url: str) -> Path | None:
    """The file of a SQLite URL (None for any other database, or SQLite in memory).

    >>> sqlite_path("sqlite:////tmp/c.db"), sqlite_path("sqlite:///file:/tmp/c.db?mode=ro&uri=true")
    (PosixPath('/tmp/c.db'), PosixPath('/tmp/c.db'))
    >>> sqlite_path("postgresql+psycopg://u@h/db") is None, sqlite_path("sqlite:///:memory:") is None
    (True, True)
    """
    if not url.startswith("sqlite:///") or url == "sqlite:///:memory:":
        return None
    where = url.removeprefix("sqlite:///")
    if "uri=true" in where and where.startswith("file:"):  # SQLite's own URI: file:/path?mode=ro
        return Path(unquote(where.removeprefix("file:").split("?", 1)[0]))
    return Path(where.split("?", 1)[0])
