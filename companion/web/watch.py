"""Which sessions changed, wherever they were changed: by the app on this laptop, by ``companion
record`` in another process, or by another laptop on the same PostgreSQL database.

No session's entries are read to find out. On PostgreSQL every change is announced with ``NOTIFY``
in the transaction that stores it (``Store.announce``), and a connection of the watcher's own
``LISTEN``\\s. On SQLite the watcher asks the file's ``data_version`` every few milliseconds (a
number SQLite keeps in memory, changed when another connection commits), and only when it moved
reads each session's revision, one small row each.

A process watches a database once, however many listen: the app's table screen and the phones'
server it runs (F8) share one watcher (``watch``), whose thread ends with the last listener.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable

from companion.store.database import CHANGES, Store

log = logging.getLogger(__name__)

#: what a watcher hands on: each changed session's id and its revision now (None: deleted)
Changed = Callable[[dict[int, int | None]], None]

EVERY = 0.01  #: seconds between two looks at a SQLite file's data_version (a few microseconds each)
HEARD = 0.25  #: the longest a PostgreSQL watcher waits for a notification before it looks whether to stop
AGAIN = 1.0  #: seconds before a watcher that lost its database connection tries again


class Watcher:
    """Watches one database in a thread of its own and calls each listener from that thread."""

    def __init__(self, store: Store, changed: Changed | None = None) -> None:
        self.store = store
        self._listeners: list[Changed] = [changed] if changed is not None else []
        self._listening = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="companion-watch", daemon=True)
        self._revisions: dict[int, int] = {}
        self._told = False  # whether the watcher said it lost the database (said again after it is back)

    def start(self) -> None:
        self._thread.start()

    def changed(self, changed: dict[int, int | None]) -> None:
        """Hand ``changed`` on to every listener (from the watcher's thread)."""
        with self._listening:
            listeners = list(self._listeners)
        for listener in listeners:
            listener(changed)

    def listen(self, changed: Changed) -> None:
        with self._listening:
            self._listeners.append(changed)

    def leave(self, changed: Changed) -> int:
        """Stop handing changes to ``changed``; the listeners left."""
        with self._listening:
            self._listeners.remove(changed)
            return len(self._listeners)

    def stop(self) -> None:
        """Stop watching; returns once the thread has ended (within ``HEARD`` seconds)."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=HEARD + AGAIN + 1)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                if self.store.sqlite:
                    self._watch_file()
                else:
                    self._listen()
            except Exception as err:  # the database went away for a moment: look again after a pause
                if not self._told:  # an outage is told once (one line, no traceback), however long it lasts
                    log.warning("watching %s failed (%s); trying again every %s s", self.store.where, err, AGAIN)
                self._told = True
                self.lost()
                self._stop.wait(AGAIN)

    def lost(self) -> None:
        """The database could not be reached: every session seen is handed on as it was last seen,
        so whoever shows one reads it again (and says so if it cannot), and the watcher says again
        whatever changed once it is back (``_catch_up``)."""
        if self._revisions:
            self.changed(dict(self._revisions))
        self._revisions = {}

    def _connection(self):
        """A database connection of the watcher's own, outside the store's pool (never to a SQLite
        file that went away: connecting would make an empty one in its place)."""
        self.store.check_file()
        pooled = self.store.engine.raw_connection()
        connection = pooled.driver_connection
        pooled.detach()
        return connection

    def _catch_up(self, rows: list[tuple[int, int]]) -> None:
        """Hand on every session whose revision is not the one seen last (all of them the first time)."""
        now = {sid: revision for sid, revision in rows}
        changed: dict[int, int | None] = {sid: r for sid, r in now.items() if self._revisions.get(sid) != r}
        changed.update({sid: None for sid in self._revisions.keys() - now.keys()})
        self._revisions = now
        if changed:
            self.changed(changed)

    def _watch_file(self) -> None:
        conn = self._connection()
        self._told = False
        try:
            seen = None
            while not self._stop.wait(EVERY):
                self.store.check_file()  # a stick pulled out: its file is gone
                version = conn.execute("PRAGMA data_version").fetchone()[0]
                if version != seen:
                    seen = version
                    self._catch_up(conn.execute("SELECT id, revision FROM sessions").fetchall())
        finally:
            conn.close()

    def _listen(self) -> None:
        conn = self._connection()
        self._told = False
        try:
            conn.autocommit = True
            conn.execute(f"LISTEN {CHANGES}")
            # whatever changed while nobody listened (the first start, a lost connection)
            self._catch_up(conn.execute("SELECT id, revision FROM sessions").fetchall())
            while not self._stop.is_set():
                for note in conn.notifies(timeout=HEARD):  # each handed on as it is heard
                    sid, _, revision = note.payload.partition(":")
                    with contextlib.suppress(ValueError):
                        self._revisions[int(sid)] = int(revision)
                        self.changed({int(sid): int(revision)})
                    if self._stop.is_set():
                        break
        finally:
            conn.close()


class Watching:
    """One listener's share of its database's watcher (``watch``)."""

    def __init__(self, watcher: Watcher, changed: Changed) -> None:
        self.watcher = watcher
        self._changed = changed
        self._stopped = False

    def stop(self) -> None:
        """Hear no more; the last listener of a database stops its watcher (its thread ends)."""
        with _SHARED:
            if self._stopped:
                return
            self._stopped = True
            last = self.watcher.leave(self._changed) == 0
            if last:
                _WATCHERS.pop(id(self.watcher.store), None)
        if last:
            self.watcher.stop()


_SHARED = threading.Lock()
_WATCHERS: dict[int, Watcher] = {}  #: each watched store's one watcher, by the store's identity


def watch(store: Store, changed: Changed) -> Watching:
    """Hear every change to ``store``'s sessions, from the one watcher this process has for it
    (started by its first listener): the table screen and the phones' server it runs share it."""
    with _SHARED:
        watcher = _WATCHERS.get(id(store))
        if watcher is None or watcher.store is not store:
            watcher = _WATCHERS[id(store)] = Watcher(store, changed)
            watcher.start()
        else:
            watcher.listen(changed)
    return Watching(watcher, changed)


def watchers() -> int:
    """How many databases this process watches now (one thread each)."""
    with _SHARED:
        return len(_WATCHERS)
