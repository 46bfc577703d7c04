"""A real ``companion serve`` in another process, on a free port of 127.0.0.1, read over real HTTP."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from html import unescape
from pathlib import Path

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


class Stream:
    """A viewer of a session's event stream over a real socket, read as a browser's EventSource
    reads it; the events arrive in a queue filled by a thread of its own."""

    def __init__(self, server: Server, href: str, last_event_id: str | None = None, lang: str = "en") -> None:
        import http.client
        import queue
        import threading

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
        self.events: queue.Queue[Event | None] = queue.Queue()
        self.raw: list[str] = []  # every line received, comments too
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        fields: dict[str, list[str]] = {}
        try:
            for raw in self.response:
                line = raw.decode().rstrip("\r\n")
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
        except (OSError, ValueError, AttributeError):  # closed here, or by the server
            pass
        self.events.put(None)  # the stream ended

    def next(self, timeout: float = 5) -> Event | None:
        """The next event (None once the stream has ended); fails after ``timeout`` seconds."""
        return self.events.get(timeout=timeout)

    def until(self, revision: int, timeout: float = 5) -> Event:
        """The event of ``revision``, whatever came before it (a quick run of changes may come as
        one event: the page as it stands)."""
        while True:
            event = self.next(timeout)
            assert event is not None, "the stream ended"
            if int(event.id) >= revision:
                return event

    def close(self) -> None:
        """Hang up, as a phone that sleeps does (the socket first: the reading thread holds the
        response until its read returns)."""
        import contextlib

        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.connection.close()


def words(html: str) -> str:
    """What a phone shows of a page: its words, without tags, one space between them."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())
