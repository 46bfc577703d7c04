"""The links that open the pages: a session's page and the index are each reached only through a
token no one can guess (128 bits), so a phone that was shown one table's code sees that table alone.

A token is derived, not stored: it is the HMAC-SHA256 of the session's uid under one secret kept
in the database (the ``meta`` table, made with ``secrets`` the first time a server starts). So
every session, an old one too, has its link without a new column or a migration; a link stays the
same across restarts and on every laptop that shares a PostgreSQL database (they share the secret);
and a new secret would end every link at once. A database opened read-only, which has no secret
yet, gets one for as long as this server runs.

>>> links = Links(b"a secret")
>>> token = links.session_token("3f2a")
>>> len(token), token == Links(b"a secret").session_token("3f2a"), token == links.session_token("3f2b")
(22, True, False)
>>> links.index_token() != token
True
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from dataclasses import dataclass

from sqlmodel import col, select

from companion.club.events import Events
from companion.store.database import Meta, SessionRow, Store
from companion.store.errors import StoreError
from companion.store.sessions import Sessions

SECRET_KEY = "serve_secret"  #: the meta row that holds the secret, as hex
TOKEN_BYTES = 16  #: 128 bits: as many as a random UUID, far past guessing


class Links:
    """The tokens made from one secret."""

    def __init__(self, secret: bytes) -> None:
        self._secret = secret

    def _token(self, what: str) -> str:
        digest = hmac.new(self._secret, what.encode(), hashlib.sha256).digest()[:TOKEN_BYTES]
        return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()

    def session_token(self, uid: str) -> str:
        """The token of a session's page, from its uid (which never changes)."""
        return self._token(f"session:{uid}")

    def event_token(self, uid: str) -> str:
        """The token of a club night's page (and its wall), from the event's uid."""
        return self._token(f"event:{uid}")

    def index_token(self) -> str:
        """The token of the index, which lists every session."""
        return self._token("index")

    def is_index(self, token: str) -> bool:
        return hmac.compare_digest(token.encode(), self.index_token().encode())

    def join_token(self, uid: str, generation: int) -> str:
        """The token of a session's "record from your phone" link (a phone picks its seat there):
        never a read link's, and another for each ``generation`` (a revoke makes a new one)."""
        return self._token(f"join:{uid}:{generation}")

    def seat_token(self, uid: str, generation: int, seat: int | None) -> str:
        """The token of one seat's recorder link (``seat`` None: one phone for the whole table)."""
        return self._token(f"record:{uid}:{generation}:{'table' if seat is None else seat}")


def stored_secret(store: Store) -> bytes:
    """The database's secret, made and stored the first time (two servers starting at once agree
    on the first one stored)."""
    with store.errors(), store.session() as s:
        row = s.get(Meta, SECRET_KEY)
    if row is not None:
        return bytes.fromhex(row.value)
    if store.read_only:
        return secrets.token_bytes(32)
    try:
        with store.errors(), store.writing() as s:
            if s.get(Meta, SECRET_KEY) is None:
                s.add(Meta(key=SECRET_KEY, value=secrets.token_hex(32)))
                s.commit()
    except StoreError:
        pass  # another server stored one first: read it below
    with store.errors(), store.session() as s:
        row = s.get(Meta, SECRET_KEY)
    return bytes.fromhex(row.value) if row is not None else secrets.token_bytes(32)


@dataclass(frozen=True)
class Recorder:
    """What a recorder link opens: a session, and the seat whose phone it is (None: the table's)."""

    sid: int
    uid: str
    seat: int | None


def generation_key(uid: str) -> str:
    """The meta row that counts how often a session's recorder links were revoked."""
    return f"recorders:{uid}"


class SessionLinks(Links):
    """The tokens of one database's sessions, and the session a token opens."""

    def __init__(self, sessions: Sessions) -> None:
        super().__init__(stored_secret(sessions.store))
        self.sessions = sessions
        self._found: dict[str, int] = {}
        self._events: dict[str, int] = {}
        self._joins: dict[str, tuple[int, str, int]] = {}
        self._seats: dict[str, tuple[Recorder, int]] = {}

    def generation(self, uid: str) -> int:
        """How often the session's recorder links were revoked: each time ends them all (one row)."""
        with self.sessions.store.errors(), self.sessions.store.session() as s:
            row = s.get(Meta, generation_key(uid))
        return int(row.value) if row is not None and row.value.isdigit() else 0

    def join_link(self, uid: str) -> str:
        """The path of the session's "record from your phone" page, as it stands now."""
        return f"/j/{self.join_token(uid, self.generation(uid))}"

    def _look_again(self) -> None:
        """Every session's join and seat tokens as they stand, in one pass: the sessions' own rows
        and every generation in one read."""
        with self.sessions.store.errors(), self.sessions.store.session() as s:
            rows = s.exec(select(Meta).where(col(Meta.key).startswith(generation_key("")))).all()
        revoked = {row.key: int(row.value) for row in rows if row.value.isdigit()}
        self._joins, self._seats = {}, {}
        for info in self.sessions.list():
            generation = revoked.get(generation_key(info.uid), 0)
            self._joins[self.join_token(info.uid, generation)] = (info.id, info.uid, generation)
            for seat in [None, *range(len(info.players))]:
                key = self.seat_token(info.uid, generation, seat)
                self._seats[key] = (Recorder(info.id, info.uid, seat), generation)

    def find_join(self, token: str) -> tuple[int, str] | None:
        """The session (id, uid) whose join page ``token`` opens, while it is not revoked."""
        if token not in self._joins:
            self._look_again()
        found = self._joins.get(token)
        if found is None or self.generation(found[1]) != found[2]:
            return None
        return found[0], found[1]

    def seat_link(self, uid: str, seat: int | None) -> str:
        return f"/r/{self.seat_token(uid, self.generation(uid), seat)}"

    def find_recorder(self, token: str) -> Recorder | None:
        """The recorder link ``token`` opens, while it is not revoked (its generation read again
        each time: a revoke from the laptop ends it at once)."""
        if token not in self._seats:
            self._look_again()
        found = self._seats.get(token)
        if found is None or self.generation(found[0].uid) != found[1]:
            return None
        return found[0]

    def revoke(self, sid: int) -> None:
        """End every recorder link of session ``sid`` at once: a new generation of them, and the
        session's revision counted up, so every server showing it hears of it and ends their
        streams (``Store.announce``)."""
        store = self.sessions.store
        uid = self.sessions.info(sid).uid
        with store.errors(), store.writing() as s:
            row = s.get(SessionRow, sid, with_for_update=not store.sqlite)
            meta = s.get(Meta, generation_key(uid))
            generation = (int(meta.value) if meta is not None and meta.value.isdigit() else 0) + 1
            s.merge(Meta(key=generation_key(uid), value=str(generation)))
            row.revision = (row.revision or 0) + 1
            s.add(row)
            store.announce(s, sid, row.revision)
            s.commit()

    def find_event(self, token: str) -> int | None:
        """The id of the event whose page ``token`` opens, or None (events made since the last
        look are found by looking again: one row each)."""
        if token not in self._events:
            self._events = {self.event_token(uid): eid for eid, uid, _, _ in Events(self.sessions).listed()}
        return self._events.get(token)

    def find(self, token: str) -> int | None:
        """The id of the session whose page ``token`` opens, or None. Sessions created since the
        last look are found by looking again (only the sessions' own rows are read)."""
        if token not in self._found:
            self._found = {self.session_token(info.uid): info.id for info in self.sessions.list()}
        return self._found.get(token)
