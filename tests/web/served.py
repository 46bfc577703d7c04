"""A real ``companion serve`` in another process, on a free port of 127.0.0.1, read over real HTTP."""

from __future__ import annotations

import contextlib
import json
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from html import unescape
from pathlib import Path

import pytest

from companion.store.database import Store
from companion.store.sessions import Sessions

ROOT = Path(__file__).resolve().parents[2]


def companion(db: str, *args: str) -> subprocess.Popen:
    """``companion --db DB ARGS…`` from this checkout, its output read as text."""
    return subprocess.Popen(
        [sys.executable, "-m", "companion", "--db", db, *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


@dataclass
class Reply:
    status: int
    headers: dict[str, str]  #: by their names in lower case
    text: str


@dataclass
class Server:
    process: subprocess.Popen
    index: str  #: the printed link, ``http://127.0.0.1:PORT/?key=…``

    @property
    def base(self) -> str:
        return self.index.split("/?", 1)[0]

    def get(self, path_or_url: str, lang: str | None = None) -> Reply:
        url = path_or_url if path_or_url.startswith("http") else self.base + path_or_url
        request = urllib.request.Request(url, headers={"Accept-Language": lang} if lang else {})
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return Reply(answer.status, {k.lower(): v for k, v in answer.headers.items()}, answer.read().decode())
        except urllib.error.HTTPError as err:
            return Reply(err.code, {k.lower(): v for k, v in err.headers.items()}, err.read().decode())

    def post(self, path: str, fields: dict[str, str], headers: dict[str, str]) -> Reply:
        """A form's POST, then the page it is sent back to (urllib follows a 303, as a browser does)."""
        request = urllib.request.Request(
            self.base + path, data=urllib.parse.urlencode(fields).encode(), headers=headers
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return Reply(answer.status, {k.lower(): v for k, v in answer.headers.items()}, answer.read().decode())
        except urllib.error.HTTPError as err:
            return Reply(err.code, {k.lower(): v for k, v in err.headers.items()}, err.read().decode())

    def stop(self) -> tuple[int, str, str]:
        """ctrl+c, as a player stops it: (exit code, the rest of its output, its errors)."""
        self.process.send_signal(signal.SIGINT)
        out, err = self.process.communicate(timeout=15)
        return self.process.returncode, out, err


def serve(db: str, *args: str) -> Server:
    """``companion serve --port 0`` (any free port), once it has printed its link."""
    process = companion(db, "serve", "--port", "0", *args)
    first = process.stdout.readline()
    if not first.startswith("http://"):
        out, err = process.communicate(timeout=15)
        raise AssertionError(f"no link printed: {first!r} {out!r} {err!r}")
    return Server(process, first.strip())


@dataclass
class Event:
    id: str
    name: str
    data: str
    log: dict | None = None  #: in a push (``Stream.next``), its event ``log``, read


def next_push(events: queue.Queue[Event | None], timeout: float) -> Event | None:
    """The next push of a page's event stream: what the server sends for one change, its events
    up to the one that carries the revision as its id (the part, ``table``, after the log's new
    lines, ``log``), as one event whose data is what the page shows of them: the part, then the log's
    lines (``log``: the log event, read). None once the stream has ended."""
    log = None
    while True:
        event = events.get(timeout=timeout)
        if event is None:
            return None
        if event.name == "log" and not event.id:
            log = json.loads(event.data)
            continue
        if log is None:
            return event
        return Event(event.id, event.name, f"{event.data}\n{log['html']}", log)


class Events:
    """A page's event stream read as a browser's EventSource reads it: the events arrive in a queue
    filled by a thread of its own from the stream's lines (``_listen``), and are read a push at a
    time (``next``) or one by one (``next_event``). ``Stream`` (over a socket) and
    ``tests.web.client.Stream`` (in process) differ only in where the lines come from."""

    def _listen(self, lines: Callable[[], Iterable[str]]) -> None:
        import threading

        self.events: queue.Queue[Event | None] = queue.Queue()
        self.raw: list[str] = []  # every line received, comments too
        threading.Thread(target=self._read, args=(lines,), daemon=True).start()

    def _read(self, lines: Callable[[], Iterable[str]]) -> None:
        fields: dict[str, list[str]] = {}
        with contextlib.suppress(Exception):  # closed here, or by the server
            for line in lines():
                self.raw.append(line)
                if not line:
                    if "data" in fields:
                        self.events.put(
                            Event(
                                "".join(fields.get("id", [""])),
                                "".join(fields.get("event", [""])),
                                "\n".join(fields["data"]),
                            )
                        )
                    fields = {}
                elif not line.startswith(":"):
                    name, _, value = line.partition(":")
                    fields.setdefault(name, []).append(value.removeprefix(" "))
        self.events.put(None)  # the stream ended

    def following(self, timeout: float = 5) -> Events:
        """Once the server follows the session for this viewer (its first event, or the comment it
        sends when the page is as it stands): a change made after this reaches it as a change."""
        import time

        deadline = time.monotonic() + timeout
        while not self.raw and not self.events.qsize():
            assert time.monotonic() < deadline, "the stream never started"
            time.sleep(0.005)
        return self

    def next(self, timeout: float = 5) -> Event | None:
        """The next push (``next_push``; None once the stream has ended); fails after ``timeout`` seconds."""
        return next_push(self.events, timeout)

    def next_event(self, timeout: float = 5) -> Event | None:
        """The next event as it was sent (None once the stream has ended)."""
        return self.events.get(timeout=timeout)

    def until_event(self, shows: Callable[[str], bool], timeout: float = 5) -> Event:
        """The first push whose data ``shows`` what is awaited, whatever came before it."""
        while True:
            event = self.next(timeout)
            assert event is not None, "the stream ended"
            if shows(event.data):
                return event

    def until(self, revision: int, timeout: float = 5) -> Event:
        """The push of ``revision``, whatever came before it (a quick run of changes may come as
        one push: the page as it stands)."""
        while True:
            event = self.next(timeout)
            assert event is not None, "the stream ended"
            if int(event.id) >= revision:
                return event


class Stream(Events):
    """A viewer of a session's event stream over a real socket."""

    def __init__(self, server: Server, href: str, last_event_id: str | None = None, lang: str = "en") -> None:
        import http.client

        host, port = server.base.removeprefix("http://").rsplit(":", 1)
        self.connection = http.client.HTTPConnection(host, int(port), timeout=30)
        headers = {"Accept": "text/event-stream", "Accept-Language": lang}
        if last_event_id is not None:
            headers["Last-Event-ID"] = last_event_id
        self.connection.request("GET", href, headers=headers)
        self.sock = self.connection.sock
        self.response = self.connection.getresponse()
        self.status = self.response.status
        self.headers = {k.lower(): v for k, v in self.response.getheaders()}
        self._listen(lambda: (raw.decode().rstrip("\r\n") for raw in self.response))

    def close(self) -> None:
        """Hang up, as a phone that sleeps does (the socket first: the reading thread holds the
        response until its read returns)."""
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.connection.close()


def words(html: str) -> str:
    """What a phone shows of a page: its words, without tags, one space between them."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def one_server_for_the_module(name: str) -> tuple:
    """The ``db``, ``table`` and ``server`` fixtures of a module whose tests share one real
    ``companion serve`` (a Python start-up each): ``db, table, server = one_server_for_the_module(…)``
    at the module's top, its tests on one worker (an ``xdist_group``)."""

    @pytest.fixture(scope="module")
    def db(tmp_path_factory) -> str:
        return f"sqlite:///{tmp_path_factory.mktemp(name) / 'c.db'}"

    @pytest.fixture(scope="module")
    def table(db) -> Sessions:
        return Sessions(Store(db))

    @pytest.fixture(scope="module")
    def server(db, table):
        """One ``companion serve`` for the module: each test opens sessions of its own in its database."""
        running = serve(db)
        yield running
        running.stop()

    return db, table, server
