"""The store: sessions, their entries and the players, over SQLModel.

SQLite in the user's data directory by default (WAL, foreign keys, a busy timeout); any
SQLAlchemy URL through ``--db`` or ``COMPANION_DB``. The schema carries a version: an older
database is migrated, a newer one is refused and left untouched. Every database failure becomes a
:class:`StoreError` with a sentence a player can act on, never a traceback.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote

from sqlalchemy import DateTime, TypeDecorator, UniqueConstraint, event, inspect, text
from sqlalchemy.dialects import sqlite
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DatabaseError, IntegrityError, OperationalError, ProgrammingError, SQLAlchemyError
from sqlalchemy.pool import StaticPool
from sqlmodel import Field, Session, SQLModel, create_engine, select

from companion.clock import from_stored, utc
from companion.store.address import database_url, sqlite_path
from companion.store.errors import StoreConflict, StoreError, StoreUnavailable
from scoring.errors import RuleViolation
from scoring.registry import get

__all__ = ["Store", "StoreConflict", "StoreError", "StoreUnavailable"]

SCHEMA_VERSION = 8

# The first schema, kept to test migrations: sessions had no finished_at column.
SCHEMA_V1 = [
    "CREATE TABLE meta (key VARCHAR NOT NULL PRIMARY KEY, value VARCHAR NOT NULL)",
    "CREATE TABLE players (id INTEGER PRIMARY KEY, name VARCHAR NOT NULL UNIQUE, merged_into INTEGER "
    "REFERENCES players(id))",
    "CREATE TABLE sessions (id INTEGER PRIMARY KEY, uid VARCHAR NOT NULL UNIQUE, game VARCHAR NOT NULL, "
    "header VARCHAR NOT NULL, created_at TIMESTAMP NOT NULL, updated_at TIMESTAMP NOT NULL)",
    "CREATE TABLE seats (session_id INTEGER NOT NULL REFERENCES sessions(id), seat INTEGER NOT NULL, "
    "player_id INTEGER NOT NULL REFERENCES players(id), PRIMARY KEY (session_id, seat))",
    "CREATE TABLE entries (id INTEGER PRIMARY KEY, session_id INTEGER NOT NULL REFERENCES sessions(id), "
    "seq INTEGER NOT NULL, payload VARCHAR NOT NULL, active BOOLEAN NOT NULL, created_at TIMESTAMP NOT NULL, "
    "UNIQUE (session_id, seq))",
    "INSERT INTO meta (key, value) VALUES ('schema_version', '1')",
]


def new_uid() -> str:
    """A player's random id, the same in every database the history is copied to: 64 random bits
    as 16 hex digits (BG Stats matches players by it across plays; two of a group's players never
    draw the same, and the BG Stats link, and so its QR code, stays 16 characters a player shorter
    than a uuid would make it)."""
    return secrets.token_hex(8)


def kept_readings(game: str, header: str) -> str:
    """A stored session's header (JSON) with the house rules its game added since, at the value it
    was scored by (``HouseRuleSet.KEPT``: a KINGs session stored before ``bond_is_a_bid`` keeps it
    on); the header as it is for a game that keeps none, an unknown game or a damaged header."""
    try:
        rules = get(game).house_rules
        data = json.loads(header)
    except (RuleViolation, ValueError):
        return header
    if rules is None or not rules.KEPT or not isinstance(data, dict) or not isinstance(data.get("settings", {}), dict):
        return header
    kept = rules.kept(data.get("settings"))
    return header if kept == data.get("settings") else json.dumps({**data, "settings": kept}, ensure_ascii=False)


def _kept_readings(conn: Connection) -> None:
    """Every session keeps the reading it was scored by (schema 6)."""
    for sid, game, header in conn.execute(text("SELECT id, game, header FROM sessions")).all():
        kept = kept_readings(game, header)
        if kept != header:
            conn.execute(text("UPDATE sessions SET header = :h WHERE id = :id"), {"h": kept, "id": sid})


def _seal_entries(conn: Connection) -> None:
    """Every entry already stored is sealed as it stands (schema 7): from now on a damaged byte in it
    is noticed (``entry_seal``)."""
    rows = conn.execute(text("SELECT id, session_id, seq, payload FROM entries")).all()
    for eid, sid, seq, payload in rows:
        conn.execute(
            text("UPDATE entries SET seal = :seal WHERE id = :id"), {"seal": entry_seal(sid, seq, payload), "id": eid}
        )


def _player_uids(conn: Connection) -> None:
    """Every player of an older database gets a random id of its own (schema 4)."""
    for (pid,) in conn.execute(text("SELECT id FROM players WHERE uid IS NULL")).all():
        conn.execute(text("UPDATE players SET uid = :uid WHERE id = :id"), {"uid": new_uid(), "id": pid})


# Each step takes a database from the version before to the next: SQL, or a function given the
# connection. Version 3 keeps with each session what the history lists of it (entries, standings,
# winners) and a revision counted up by every change; they are rebuilt from the entries after the
# step (``Sessions.rebuild_summaries``). Version 4 gives every player a random id (``uid``), the one
# BG Stats knows the person by, whatever database the history is copied to. Version 5 gives every
# session its place and notes (empty for the sessions already there) and the pauses of its clock.
# Version 6 writes into every session the house rules its game added since, at the reading the
# session was scored by (``kept_readings``: KINGs' ``bond_is_a_bid``, on). Version 7 seals every
# entry (``entry_seal``), so that a damaged byte is noticed when its session is opened. Version 8
# adds a club night's events: their players, rounds and tables (each table an ordinary session).
MIGRATIONS: dict[int, list[str | Callable[[Connection], None]]] = {
    1: ["ALTER TABLE sessions ADD COLUMN finished_at TIMESTAMP"],
    2: [
        "ALTER TABLE sessions ADD COLUMN revision INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE sessions ADD COLUMN entries INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE sessions ADD COLUMN standings VARCHAR",
        "ALTER TABLE sessions ADD COLUMN winners VARCHAR",
    ],
    3: [
        "ALTER TABLE players ADD COLUMN uid VARCHAR",
        _player_uids,
        "CREATE UNIQUE INDEX ix_players_uid ON players (uid)",
    ],
    4: [
        "ALTER TABLE sessions ADD COLUMN location VARCHAR NOT NULL DEFAULT ''",
        "ALTER TABLE sessions ADD COLUMN notes VARCHAR NOT NULL DEFAULT ''",
        "ALTER TABLE sessions ADD COLUMN pauses VARCHAR",
    ],
    5: [_kept_readings],
    6: ["ALTER TABLE entries ADD COLUMN seal VARCHAR", _seal_entries],
    7: [lambda conn: _create_event_tables(conn)],
}


def now() -> datetime:
    return datetime.now(UTC)


class DamagedText(str):
    """Stored text whose bytes are no longer UTF-8 (a flipped bit), read with � where they were:
    a list of sessions never fails on it, and what reads it can tell it is damaged."""


def _text(raw: bytes) -> str:
    """SQLite's text as Python reads it: UTF-8, or :class:`DamagedText`."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return DamagedText(raw.decode("utf-8", "replace"))


class _StoredText(sqlite.DATETIME):
    """SQLite's DATETIME column (the same column as before), read back as the text it holds, which
    :func:`companion.clock.from_stored` reads: SQLite's own reader raises on a damaged time
    (``month must be in 1..12``) and so would end a whole list."""

    def result_processor(self, dialect: Any, coltype: Any) -> None:
        return None


class UTCTime(TypeDecorator):
    """A time stored in UTC and read back aware, in UTC, on every database; a damaged one reads as
    :class:`companion.clock.DamagedTime`."""

    impl = DateTime
    cache_ok = True

    def load_dialect_impl(self, dialect: Any) -> Any:
        return dialect.type_descriptor(_StoredText() if dialect.name == "sqlite" else DateTime())

    def process_bind_param(self, value: datetime | None, dialect: Any) -> datetime | None:
        return None if value is None else utc(value).replace(tzinfo=None)

    def process_result_value(self, value: Any, dialect: Any) -> datetime | None:
        return from_stored(value)


class Meta(SQLModel, table=True):
    __tablename__ = "meta"
    key: str = Field(primary_key=True)
    value: str


class PlayerRow(SQLModel, table=True):
    __tablename__ = "players"
    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(unique=True)
    merged_into: int | None = Field(default=None, foreign_key="players.id")
    uid: str = Field(default_factory=new_uid, unique=True)  # the person's random id, kept through everything


class SessionRow(SQLModel, table=True):
    __tablename__ = "sessions"
    id: int | None = Field(default=None, primary_key=True)
    uid: str = Field(unique=True)
    game: str
    header: str  # JSON: players in seat order, deck, house rules …
    created_at: datetime = Field(sa_type=UTCTime)
    updated_at: datetime = Field(sa_type=UTCTime)
    finished_at: datetime | None = Field(default=None, sa_type=UTCTime)
    revision: int = 0  # counted up by every change: a table that knows it knows every entry
    entries: int = 0  # the active entries
    standings: str | None = None  # JSON (companion.store.summary): the standings after the entries
    winners: str | None = None  # JSON: who won, once the game is over
    location: str = ""  # where it was played (companion.store.place), "" where nobody said
    notes: str = ""  # what the table noted about it: house rules, who brought the snacks …
    pauses: str | None = None  # JSON (companion.store.pauses): [[start, end or null], …] in UTC; None: never paused


class SeatRow(SQLModel, table=True):
    __tablename__ = "seats"
    session_id: int = Field(foreign_key="sessions.id", primary_key=True)
    seat: int = Field(primary_key=True)
    player_id: int = Field(foreign_key="players.id")


class EntryRow(SQLModel, table=True):
    __tablename__ = "entries"
    __table_args__ = (UniqueConstraint("session_id", "seq"),)
    id: int | None = Field(default=None, primary_key=True)
    session_id: int = Field(foreign_key="sessions.id", index=True)
    seq: int
    payload: str  # JSON, one entry of the game's record format
    active: bool = True  # undone entries stay until a new entry replaces them (redo)
    created_at: datetime = Field(sa_type=UTCTime)
    seal: str | None = None  # entry_seal of its session, number and payload, written with them


class EventRow(SQLModel, table=True):
    """A club night: its name, day and place, how its seats are drawn and the seed they are drawn
    from (``companion.club.draw``)."""

    __tablename__ = "events"
    id: int | None = Field(default=None, primary_key=True)
    uid: str = Field(unique=True)  # the random id its page's link is made from
    name: str
    day: str = ""  # ISO date, "" where nobody said
    place: str = ""
    draw: str = "mix"  # mix or swiss
    seed: int = 0
    created_at: datetime = Field(sa_type=UTCTime)
    revision: int = 0  # counted up by every change to the event itself: a draw, who is here


class EventRoundRow(SQLModel, table=True):
    """One round of an event: its game (and the rest of its tables' header), who sat it out."""

    __tablename__ = "event_rounds"
    event_id: int = Field(foreign_key="events.id", primary_key=True)
    round: int = Field(primary_key=True)
    game: str
    header: str = "{}"  # JSON: what every table's header adds to its players (deck, settings …)
    out: str | None = None  # JSON: the players who sat it out; None until it is drawn
    attempt: int = 0  # how often it was drawn again before it started (each from the seed anew)
    closed: bool = False  # closed by the director: the next may be drawn (a table never finished scores nothing)


class EventPlayerRow(SQLModel, table=True):
    """A player of an event, and whether they are here now (a player who left keeps their rounds)."""

    __tablename__ = "event_players"
    event_id: int = Field(foreign_key="events.id", primary_key=True)
    player_id: int = Field(foreign_key="players.id", primary_key=True)
    seq: int  # the order they were added in
    present: bool = True


class EventTableRow(SQLModel, table=True):
    """A table of an event's round: an ordinary session."""

    __tablename__ = "event_tables"
    event_id: int = Field(foreign_key="events.id", primary_key=True)
    round: int = Field(primary_key=True)
    table: int = Field(primary_key=True)
    session_id: int = Field(foreign_key="sessions.id", unique=True)


EVENT_TABLES = ("events", "event_rounds", "event_players", "event_tables")


def _create_event_tables(conn: Connection) -> None:
    SQLModel.metadata.create_all(conn, tables=[SQLModel.metadata.tables[name] for name in EVENT_TABLES])


def entry_seal(session_id: int, seq: int, payload: str) -> str:
    """What an entry is sealed with when it is written: a checksum of its session, its number and
    its payload, checked whenever the session is opened. A byte damaged in any of them (a flipped
    bit in the file, a stick that failed) breaks the seal, and the session opens read-only with the
    reason instead of scoring a game nobody played.

    >>> entry_seal(1, 2, '{"play": "Ks"}') == entry_seal(1, 2, '{"play": "Ks"}') != entry_seal(1, 2, '{"play": "Qs"}')
    True
    """
    return hashlib.sha256(f"{session_id}\x1f{seq}\x1f{payload}".encode("utf-8", "surrogateescape")).hexdigest()[:32]


@event.listens_for(EntryRow, "before_insert")
@event.listens_for(EntryRow, "before_update")
def _sealed(_mapper: Any, _connection: Any, row: EntryRow) -> None:
    """Every entry the store writes is sealed as it is written (``entry_seal``)."""
    row.seal = entry_seal(row.session_id, row.seq, row.payload)


def describe_url(url: str) -> str:
    return url.split("@")[-1] if "@" in url else url


CHANGES = "companion_sessions"  # the PostgreSQL channel a change to a session is announced on ("id:revision")
BUSY_MS = 3000  # how long a writer waits for another one before it is told the database is busy


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    dbapi_connection.text_factory = _text  # a damaged byte in a stored text is read, not raised
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={BUSY_MS}")
    cursor.close()


#: what a driver says when the database cannot be reached (PostgreSQL's server stopped or the network
#: gone; SQLite's file or its medium gone): asking again later may work
UNREACHABLE = (
    "connection refused",
    "could not connect",
    "connection to server",
    "server closed the connection",
    "terminating connection",
    "connection is closed",
    "connection is lost",
    "consuming input failed",
    "no connection to the server",
    "timeout expired",
    "unable to open database file",
    "disk i/o error",
)


def _unreachable(where: str) -> StoreUnavailable:
    return StoreUnavailable(
        "The database {where} cannot be reached just now; nothing recorded was lost. Try again in a moment.",
        where=where,
    )


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        found = path.stat()
    except OSError:
        return None
    return found.st_dev, found.st_ino


def _asks_read_only(url: str) -> bool:
    """A URL that opens SQLite read-only by itself (``file:…?mode=ro&uri=true``)."""
    query = url.partition("?")[2].split("&")
    return "uri=true" in query and ("mode=ro" in query or "immutable=1" in query)


def _on_read_only_medium(path: Path) -> bool:
    """A database file that can be read but not written where it lies: a read-only file, or a
    read-only folder (a stick or share mounted read-only), where SQLite cannot make the files a
    writer needs beside it (the WAL's ``-wal`` and ``-shm``, a journal). The operating system
    answers, so a read-only mount is read-only for root too."""
    if not path.is_file() or not path.stat().st_size:
        return False
    return not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK | os.X_OK))


def _read_only_url(path: Path) -> str:
    """SQLite's URI that reads ``path`` without writing a byte beside it. In WAL mode a reader
    needs the ``-shm`` file: where the last writer left it (with its ``-wal``) it is read as it is
    (``mode=ro``, every committed entry included); where it is gone and cannot be made, the file is
    read as it stands (``immutable=1``: nobody writes a read-only medium meanwhile)."""
    uri = f"file:{quote(str(path))}?mode=ro"
    if not (Path(f"{path}-wal").is_file() and Path(f"{path}-shm").is_file()):
        uri += "&immutable=1"
    return f"sqlite:///{uri}&uri=true"


def _check_sqlite_file(path: Path) -> None:
    """Refuse, before anything touches it, a path that cannot hold a Companion database. (Another
    program's SQLite file is refused by the schema check, which only reads; WAL is switched on
    after that check, so such a file keeps every byte.)"""
    if path.is_dir():
        raise StoreError(
            "{path} is a folder, not a database file. Point --db at a file, e.g. {example}.",
            path=path,
            example=f"sqlite:///{path / 'companion.db'}",
        )
    folder = path.parent
    if folder.exists() and not folder.is_dir():
        raise StoreError(
            "{folder} is a file, not a folder, so {name} cannot be created in it.", folder=folder, name=path.name
        )
    if not folder.exists():
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise StoreError(
                "The folder {folder} cannot be created ({why}).", folder=folder, why=err.strerror
            ) from None
    if not path.exists():
        if not os.access(folder, os.W_OK | os.X_OK):
            raise StoreError("The folder {folder} is not writable, so no database can be created there.", folder=folder)
        return
    if not os.access(path, os.R_OK):
        raise StoreError("{path} cannot be read (permission denied); it was left untouched.", path=path)
    if not path.stat().st_size:
        return
    if not _looks_like_sqlite(path):
        raise StoreError(
            "{path} is not a Companion database (not even SQLite, perhaps damaged); it was left untouched. "
            "Point --db at another file.",
            path=path,
        )


class Store:
    """Open a database (creating or migrating it) and hand out short transactions.

    A SQLite file that can be read but not written where it lies (a read-only stick, share or
    folder) opens read-only: everything can be viewed, exported and backed up, and anything that
    would write is refused with a sentence (``read_only``)."""

    def __init__(self, url: str | None = None) -> None:
        self.url = database_url(url)
        where = describe_url(self.url)
        self.sqlite = self.url.startswith("sqlite")
        # the largest id a row can have: SQLite's 64-bit integers, PostgreSQL's INTEGER columns
        self.max_id = 2**63 - 1 if self.sqlite else 2**31 - 1
        self.read_only = _asks_read_only(self.url)
        path = sqlite_path(self.url)
        if path is not None:
            _check_sqlite_file(path)
            if not self.read_only and _on_read_only_medium(path):
                self.url, self.read_only = _read_only_url(path), True
        self.where = where
        try:
            kwargs: dict = {"connect_args": {"timeout": BUSY_MS / 1000}} if self.sqlite else {}
            if self.url in ("sqlite://", "sqlite:///:memory:"):  # one shared in-memory database
                kwargs = {"connect_args": {"check_same_thread": False}, "poolclass": StaticPool}
            self.engine: Engine = create_engine(self.url, **kwargs)
        except (SQLAlchemyError, ImportError, ValueError) as err:
            raise StoreError("Cannot use the database {where}: {why}", where=where, why=err) from None
        if self.sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self.file: Path | None = None  #: a SQLite file's path, checked to be there before each transaction
        self._identity: tuple[int, int] | None = None
        with self.errors():
            for attempt in range(5):
                try:
                    self._check_schema()
                    break
                except (OperationalError, ProgrammingError, IntegrityError) as err:
                    # two first starts at once: the other created a table first; look again
                    raced = "exists" in str(err).lower() or "unique" in str(err).lower()
                    if not raced or attempt == 4:
                        raise
                    time.sleep(0.05 * (attempt + 1))
            if path is not None and not self.read_only:
                with suppress(OperationalError), self.engine.connect() as conn:  # a read-only file keeps its mode
                    conn.exec_driver_sql("PRAGMA journal_mode=WAL")
        if path is not None:
            self.file, self._identity = path, _identity(path)

    def refuse_writing(self) -> StoreError:
        """Why nothing can be written to a database opened read-only."""
        return StoreError(
            "The database {where} is read-only here (a read-only folder, stick or share): its sessions can be "
            "viewed, exported and backed up, but nothing can be recorded there. Copy it to a writable folder to go "
            "on playing.",
            where=self.where,
        )

    @contextmanager
    def errors(self) -> Iterator[None]:
        """Turn database failures into explanations."""
        where = self.where
        try:
            yield
        except StoreError:
            raise
        except OperationalError as err:
            msg = str(err.orig).lower() if err.orig else str(err).lower()
            if "locked" in msg or "busy" in msg:
                raise StoreError(
                    "The database {where} is locked by another program; nothing was lost. Close the other "
                    "Companion or try again in a moment.",
                    where=where,
                ) from None
            if "readonly" in msg or "read-only" in msg or "permission" in msg:
                raise StoreError(
                    "The database {where} is read-only: nothing can be recorded, and nothing already recorded was "
                    "changed.",
                    where=where,
                ) from None
            if any(said in msg for said in UNREACHABLE):
                raise _unreachable(where) from None
            if "not a database" in msg or "malformed" in msg:
                raise StoreError("The database {where} is damaged and was left untouched.", where=where) from None
            raise StoreError("The database {where} cannot be used: {why}", where=where, why=msg) from None
        except UnicodeDecodeError:  # SQLite's own words about a damaged file hold the damaged bytes
            raise StoreError("The database {where} is damaged and was left untouched.", where=where) from None
        except IntegrityError:
            raise StoreConflict(
                "Another Companion changed the database {where} at the same moment; nothing was stored. Try again.",
                where=where,
            ) from None
        except DatabaseError as err:
            raise StoreError(
                "The database {where} is damaged or not a Companion database; it was left untouched ({why}).",
                where=where,
                why=err.orig or err,
            ) from None

    def session(self) -> Session:
        self.check_file()
        return Session(self.engine, expire_on_commit=False)

    def check_file(self) -> None:
        """A SQLite file still where it was opened: one that went away (a stick pulled out, its
        folder unmounted or moved) cannot be reached, although connections opened before may still
        read what it held; one put back in its place is opened afresh. Nothing to check for a
        database that is no file."""
        if self.file is None:
            return
        identity = _identity(self.file)
        if identity is None:
            raise _unreachable(self.where)
        if identity != self._identity:
            self.engine.dispose()  # the connections to the file that went away
            self._identity = identity

    @contextmanager
    def writing(self, wait: bool = True) -> Iterator[Session]:
        """A transaction that holds the write lock from its first statement: on SQLite ``BEGIN
        IMMEDIATE``, so two writers never read the same state and both write after it (the second
        waits, or is told the database is busy; with ``wait=False`` it is told at once, for work
        that may as well be done later); on PostgreSQL the caller also locks the session row
        (``lock_session``)."""
        if self.read_only:
            raise self.refuse_writing()
        with self.session() as s:
            if self.sqlite:
                connection = s.connection()
                if not wait:
                    connection.exec_driver_sql("PRAGMA busy_timeout=0")
                try:
                    connection.exec_driver_sql("BEGIN IMMEDIATE")
                finally:
                    if not wait:
                        connection.exec_driver_sql(f"PRAGMA busy_timeout={BUSY_MS}")
            yield s

    def announce(self, s: Session, sid: int, revision: int) -> None:
        """Tell every server watching this database that session ``sid`` is now at ``revision``.
        On PostgreSQL a ``NOTIFY`` in the transaction that stores the change, so it is heard when
        (and only if) the change is committed; SQLite has no such thing, and a server watches the
        file's ``data_version`` instead (``companion.web.watch``)."""
        if not self.sqlite:
            s.connection().execute(
                text("SELECT pg_notify(:channel, :said)"), {"channel": CHANGES, "said": f"{sid}:{revision}"}
            )

    def _check_schema(self) -> None:
        names = set(inspect(self.engine).get_table_names())
        found = None
        if "meta" in names:
            with self.session() as s:
                row = s.get(Meta, "schema_version")
                found = int(row.value) if row and row.value.isdecimal() else None
                if row and found is None:
                    raise StoreError(
                        "{where} has a damaged schema version ({value!r}); it was left untouched.",
                        where=describe_url(self.url),
                        value=row.value,
                    )
        if found is None and names <= set(SQLModel.metadata.tables):
            # a new database, or a first start that was stopped while creating it (only our own
            # tables, no version yet): create whatever is missing, then write the version
            if self.read_only:
                raise StoreError(
                    "{where} is read-only here and holds no Companion history yet, so none can be started there.",
                    where=self.where,
                )
            SQLModel.metadata.create_all(self.engine)
            with self.session() as s:
                s.merge(Meta(key="schema_version", value=str(SCHEMA_VERSION)))
                s.commit()
            return
        if found is None:
            raise StoreError(
                "{where} holds other data, not a Companion database; it was left untouched.",
                where=describe_url(self.url),
            )
        version = found
        if version > SCHEMA_VERSION:
            raise StoreError(
                "This database was written by a newer Companion (schema {version}; this one reads up to {reads}). "
                "Update Companion; the database was left untouched.",
                version=version,
                reads=SCHEMA_VERSION,
            )
        if version < SCHEMA_VERSION and self.read_only:
            raise StoreError(
                "{where} was written by an older Companion (schema {version}) and is read-only here, so it cannot be "
                "brought up to date: copy it to a writable folder and open it there.",
                where=self.where,
                version=version,
            )
        while version < SCHEMA_VERSION:
            with self.engine.begin() as conn:
                for statement in MIGRATIONS[version]:
                    if callable(statement):
                        statement(conn)
                    else:
                        conn.execute(text(statement))
                version += 1
                conn.execute(text("UPDATE meta SET value = :v WHERE key = 'schema_version'"), {"v": str(version)})

    def schema_version(self) -> int:
        with self.session() as s:
            return int(s.exec(select(Meta.value).where(Meta.key == "schema_version")).one())


def _looks_like_sqlite(path: Path) -> bool:
    with path.open("rb") as f:
        return f.read(16) == b"SQLite format 3\x00"
