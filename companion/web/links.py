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

from companion.errors import StoreError
from companion.sessions import Sessions
from companion.store import Meta, Store

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

    def index_token(self) -> str:
        """The token of the index, which lists every session."""
        return self._token("index")

    def is_index(self, token: str) -> bool:
        return hmac.compare_digest(token.encode(), self.index_token().encode())


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


class SessionLinks(Links):
    """The tokens of one database's sessions, and the session a token opens."""

    def __init__(self, sessions: Sessions) -> None:
        super().__init__(stored_secret(sessions.store))
        self.sessions = sessions
        self._found: dict[str, int] = {}

    def find(self, token: str) -> int | None:
        """The id of the session whose page ``token`` opens, or None. Sessions created since the
        last look are found by looking again (only the sessions' own rows are read)."""
        if token not in self._found:
            self._found = {self.session_token(info.uid): info.id for info in self.sessions.list()}
        return self._found.get(token)
