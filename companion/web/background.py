"""The server inside the app: what F8 on the table screen starts, so the phones at the table read
the session while the laptop keeps recording it.

It is the server of ``companion serve`` (``companion.web.server``), run by uvicorn in a thread of its
own beside the app, with a ``Sessions`` of its own over the app's own ``Store``: a page read by a
phone shares no object with the table screen but the store's engine, which hands each thread its
own connections. Never a second ``Store`` on the same SQLite file in one process: opening one
reads the file's header with a file handle of its own, and closing that handle ends every lock the
process holds on the file (POSIX locks are per process), so another program's Companion would then
take the app's write-ahead log for nobody's and delete it, and the app would see its entries no
more. It serves on port 8765
(``COMPANION_SERVE_PORT`` names another), on any free port when that one is taken, and keeps
serving until the app ends (``stop``). Asked to serve again on the same address it keeps the server
that runs; on another address it stops it and starts again there.

uvicorn takes ctrl+c and the other signals only in the process's main thread: run here, it leaves
the app's own handlers alone, and it is stopped as ctrl+c stops ``companion serve``: every phone's
stream ended first, then the server (``companion.web.server.Serving.stop``).
"""

from __future__ import annotations

import os
import socket
import threading
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.store.database import Store

if TYPE_CHECKING:
    from companion.store.sessions import Live
from companion.web.links import SessionLinks

DEFAULT_PORT = 8765
PORT_ENV = "COMPANION_SERVE_PORT"  #: the port to serve on, when set
STARTS_WITHIN = 10.0  # seconds the server may take to answer (the database's first read included)


class NotServing(Exception):
    """Why the server does not serve: ``why`` is ``"address"`` (not an address of this laptop, or
    no more), ``"port"`` (``COMPANION_SERVE_PORT`` is no port number) or ``"start"`` (it did not
    start: ``detail`` says what went wrong)."""

    def __init__(self, why: str, host: str, detail: str = "") -> None:
        super().__init__(f"{why}: {host} {detail}".strip())
        self.why, self.host, self.detail = why, host, detail


def wanted_port(env: dict[str, str] | None = None) -> int:
    """The port to serve on: ``COMPANION_SERVE_PORT``, else 8765.

    >>> wanted_port({}), wanted_port({"COMPANION_SERVE_PORT": "28765"})
    (8765, 28765)
    """
    env = os.environ if env is None else env
    text = env.get(PORT_ENV, "").strip()
    if not text:
        return DEFAULT_PORT
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise NotServing("port", "", text)
    return int(text)


def listening(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``, on ``port`` or on any free port when that one is taken (or
    may not be opened by this user); ``NotServing`` when ``host`` is not this laptop's."""
    from companion.web.server import ServeRefused, bind

    try:
        return bind(host, port)
    except ServeRefused:
        pass  # the port, or the address? a free port on the same address tells
    try:
        return bind(host, 0)
    except ServeRefused:
        raise NotServing("address", host) from None


@dataclass
class Serving:
    """A server running in its thread."""

    host: str
    port: int
    asked: int  #: the port asked for (``port`` is another when that one was taken)
    running: Any  # companion.web.server.Serving
    thread: threading.Thread
    sock: socket.socket
    failed: list[BaseException] = field(default_factory=list)

    @property
    def base(self) -> str:
        """Where it serves, as a link starts: ``http://ADDRESS:PORT``."""
        shown = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{shown}:{self.port}"

    def link(self, token: str) -> str:
        return f"{self.base}/t/{token}"


class Background:
    """The one server of an app, started on demand and stopped when the app ends."""

    def __init__(self, store: Store) -> None:
        self.store = store  # the app's database, as the app opened it
        self._links: SessionLinks | None = None
        self._serving: Serving | None = None
        self._lock = threading.Lock()  # the table may ask twice at once (F8, then F8 again)

    @property
    def serving(self) -> Serving | None:
        """The server that runs now, if one does."""
        running = self._serving
        return running if running is not None and running.thread.is_alive() else None

    def start(self, host: str) -> Serving:
        """Serve on ``host`` (the server that already runs there, if any), once it answers; this
        waits for it, so call it off the app's event loop. ``NotServing`` says why not."""
        with self._lock:
            running = self.serving
            if running is not None and running.host == host and not running.running.server.should_exit:
                return running
            self._stop()
            self._serving = self._start(host)
            return self._serving

    def link(self, uid: str) -> str:
        """The link of the session ``uid``'s page on the server that runs."""
        running = self.serving
        if running is None or self._links is None:
            raise NotServing("start", "", "not started")
        return running.link(self._links.session_token(uid))

    def join_link(self, uid: str) -> str:
        """The link of session ``uid``'s "record from your phone" page on the server that runs, as
        it stands now (``revoke`` makes another). It reads the database: call it off the app's loop."""
        running = self.serving
        if running is None or self._links is None:
            raise NotServing("start", "", "not started")
        return running.base + self._links.join_link(uid)

    def revoke(self, sid: int) -> None:
        """End every recorder link of session ``sid`` at once, the join link's and every seat's
        (``SessionLinks.revoke``): a phone that had one records no more. It writes the database:
        call it off the app's loop."""
        if self._links is None:
            raise NotServing("start", "", "not started")
        self._links.revoke(sid)

    def offer(self, sid: int, live: Live) -> None:
        """The table screen has session ``sid`` at ``live`` now: the server's pages take that
        position as it is (``Tables.offer``) instead of stepping the entries again."""
        running = self.serving
        if running is not None:
            running.running.app.state.tables.offer(sid, live)

    def stop(self) -> None:
        """End the server, if one runs, and free its port: the app calls this as it ends."""
        with self._lock:
            self._stop()

    def _start(self, host: str) -> Serving:
        from companion.store.sessions import Sessions
        from companion.web.server import Serving as Server

        port = wanted_port()
        if self._links is None:
            self._links = SessionLinks(Sessions(self.store))
        sock = listening(host, port)
        running = Server(self._links.sessions, sock, self._links)
        failed: list[BaseException] = []

        def run() -> None:
            try:
                running.run()
            except BaseException as err:  # said on the screen that asked, never as a traceback
                failed.append(err)

        thread = threading.Thread(target=run, name=f"companion-serve-{host}", daemon=True)
        serving = Serving(host, sock.getsockname()[1], port, running, thread, sock, failed)
        thread.start()
        deadline = time.monotonic() + STARTS_WITHIN
        while not running.server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                self._end(serving)
                detail = f"{type(failed[0]).__name__}: {failed[0]}" if failed else "it did not answer"
                raise NotServing("start", host, detail)
            time.sleep(0.01)
        return serving

    def _stop(self) -> None:
        if self._serving is not None:
            self._end(self._serving)
            self._serving = None

    @staticmethod
    def _end(serving: Serving) -> None:
        from companion.web.server import STOPS_WITHIN

        serving.running.stop()
        serving.thread.join(STOPS_WITHIN + 2)
        if serving.thread.is_alive():
            serving.running.server.force_exit = True
            serving.thread.join(2)
        serving.sock.close()  # uvicorn closes it as it ends; never started, it is closed here
