"""The tests' PostgreSQL database (``COMPANION_TEST_PG``), emptied of every Companion table: each
test that uses it starts from nothing, as a club's first laptop does."""

from __future__ import annotations

from sqlalchemy import create_engine, text
from sqlmodel import SQLModel

from companion.store import database  # noqa: F401 - its tables join SQLModel's metadata


def emptied(url: str) -> str:
    """``url`` once its database holds none of Companion's tables (a test before may have left a
    newer schema, so this does not go through ``Store``)."""
    raw = create_engine(url)
    with raw.begin() as conn:
        conn.execute(text(f"DROP TABLE IF EXISTS {', '.join(SQLModel.metadata.tables)} CASCADE"))
    raw.dispose()
    return url
