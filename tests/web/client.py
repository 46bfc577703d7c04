"""``companion serve``'s app called in this process through Starlette's TestClient (httpx), over a
real SQLite file: the same answers as over a socket, without a Python start-up for each server.

``App`` reads as ``tests.web.served.Server`` does (``index``, ``base``, ``get``, ``post``), so a
test reads the same whichever it is given; ``Stream`` reads a page's event stream as a browser's
EventSource does, a push at a time or one event at a time, as ``served.Stream`` reads one over a
socket.
"""

from __future__ import annotations

import contextlib

from starlette.testclient import TestClient

from companion.store.sessions import Sessions
from companion.web.links import SessionLinks
from companion.web.server import build_app
from tests.web.served import Events, Reply

#: the address the app is called at, as the printed link names one (a phone's form posts from it)
BASE = "http://127.0.0.1:8765"


def _reply(answer) -> Reply:
    return Reply(answer.status_code, {k.lower(): v for k, v in answer.headers.items()}, answer.text)


class App:
    """The app of ``companion serve`` on ``sessions``' database, with its lifespan (the watcher that
    hears every change) running until ``close``. It has a ``Sessions`` of its own over the same
    ``Store``, as F8's server has the app's (never a second ``Store`` on one SQLite file in one
    process: ``companion.web.background``)."""

    def __init__(self, sessions: Sessions) -> None:
        own = Sessions(sessions.store)
        self.links = SessionLinks(own)
        self.client = TestClient(build_app(own, self.links), base_url=BASE)
        self.client.__enter__()
        self.index = f"{BASE}/?key={self.links.index_token()}"
        self.base = BASE

    def get(self, path_or_url: str, lang: str | None = None, headers: dict[str, str] | None = None) -> Reply:
        asked = {**({"Accept-Language": lang} if lang else {}), **(headers or {})}
        return _reply(self.client.get(path_or_url, headers=asked))

    def post(self, path: str, fields: dict[str, str], headers: dict[str, str]) -> Reply:
        """A form's POST, then the page it is sent back to (a 303 is followed, as a browser does)."""
        return _reply(self.client.post(path, data=fields, headers=headers))

    def sent(self, path: str, fields: dict[str, str], headers: dict[str, str]) -> int:
        """A form's POST alone, its status (a tap's 303), without the page it is sent back to: what
        a test that checks the stored entries instead needs, a third of a tap's time."""
        return self.client.post(path, data=fields, headers=headers, follow_redirects=False).status_code

    def close(self) -> None:
        self.client.__exit__(None, None, None)


class Stream(Events):
    """A viewer of a session's event stream, called in process."""

    def __init__(self, app: App, href: str, last_event_id: str | None = None, lang: str = "en") -> None:
        headers = {"Accept": "text/event-stream", "Accept-Language": lang}
        if last_event_id is not None:
            headers["Last-Event-ID"] = last_event_id
        self._opened = app.client.stream("GET", href, headers=headers)
        self.response = self._opened.__enter__()
        self.status = self.response.status_code
        self.headers = {k.lower(): v for k, v in self.response.headers.items()}
        self._listen(self.response.iter_lines)

    def close(self) -> None:
        """Hang up, as a phone that sleeps does."""
        with contextlib.suppress(Exception):
            self._opened.__exit__(None, None, None)
