"""The live page: from an entry recorded by another process to the event a connected phone receives.

A real ``companion serve`` in a process of its own serves a Trickster session; a viewer reads its
event stream over a real socket (a thread of this process stamps each event as it arrives); this
process records 100 entries one after another, as the laptop's app would, each from the moment
it starts recording it. On SQLite the server hears of it by watching the file's data_version; on
PostgreSQL by ``LISTEN``/``NOTIFY`` (the line is printed where COMPANION_TEST_PG names a server).
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from companion.store.database import Store
from companion.store.sessions import Sessions
from companion.web.links import SessionLinks
from scoring.records import split_record

ROOT = Path(__file__).resolve().parent.parent
TRICKSTER = ROOT / "examples/trickster/game-5p-strategy.json"
ENTRIES = 100
GAP = 0.05  #: seconds between two entries, so each arrives on its own


class Viewer:
    """A phone's event stream over a real socket: each revision in the order it came (``shown``),
    the time each arrived, and whether the stream ended."""

    def __init__(self, base: str, href: str, lang: str = "en") -> None:
        host, port = base.removeprefix("http://").rsplit(":", 1)
        self.connection = http.client.HTTPConnection(host, int(port), timeout=60)
        self.connection.request("GET", href, headers={"Accept": "text/event-stream", "Accept-Language": lang})
        self.response = self.connection.getresponse()
        self.arrived: dict[int, float] = {}
        self.shown: list[int] = []
        self.first = threading.Event()
        self.ended = False  #: its stream ended (by the server, or closed here)
        self.closed = False  #: closed here
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            for raw in self.response:
                line = raw.decode().rstrip("\r\n")
                if line.startswith("id:"):
                    revision = int(line[3:].strip())
                    self.arrived[revision] = time.perf_counter()
                    self.shown.append(revision)
                    self.first.set()
        except (OSError, ValueError, AttributeError):
            pass
        self.ended = True

    def close(self) -> None:
        self.closed = True
        with contextlib.suppress(OSError, AttributeError):
            self.connection.sock.shutdown(2)
        self.connection.close()


ENV = {**os.environ, "PYTHONPATH": str(ROOT)}  #: the checkout's code in the processes started here


@contextmanager
def served(url: str) -> Iterator[str]:
    """A real ``companion serve`` of ``url`` on a free port of 127.0.0.1, in a process of its own,
    for as long as the block runs: its address (``http://127.0.0.1:PORT``)."""
    server = subprocess.Popen(
        [sys.executable, "-m", "companion", "--db", url, "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=ENV,
    )
    try:
        yield server.stdout.readline().strip().split("/?", 1)[0]
    finally:
        server.terminate()
        server.wait(timeout=15)


def entry_to_viewer(url: str) -> list[float]:
    """Milliseconds from the start of recording each entry to its event at the viewer."""
    sessions = Sessions(Store(url))
    game, header, entries = split_record(json.loads(TRICKSTER.read_text()))
    sid = sessions.create(game, header)
    with served(url) as base:
        token = SessionLinks(sessions).session_token(sessions.info(sid).uid)
        viewer = Viewer(base, f"/t/{token}/events")
        viewer.first.wait(10)
        live = sessions.open(sid)
        costs = []
        for entry in entries[:ENTRIES]:
            time.sleep(GAP)
            start = time.perf_counter()
            live = sessions.append(live, entry)
            revision = live.info.revision
            deadline = time.monotonic() + 5
            while revision not in viewer.arrived and time.monotonic() < deadline:
                time.sleep(0.0005)
            costs.append((viewer.arrived.get(revision, float("inf")) - start) * 1000)
        return costs


def line(where: str, costs: list[float], goal: int) -> str:
    p90 = statistics.quantiles(costs, n=10)[8]
    return (
        f"live: entry to viewer ({where}): median {statistics.median(costs):.0f} ms, p90 {p90:.0f} ms "
        f"(goal p90 <= {goal} ms; {len(costs)} entries recorded by another process)"
    )


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        print(line("SQLite", entry_to_viewer(f"sqlite:///{Path(folder) / 'live.db'}"), 150))
    pg = os.environ.get("COMPANION_TEST_PG")
    if pg:
        print(line("PostgreSQL", entry_to_viewer(pg), 100))
    else:
        print("live: entry to viewer (PostgreSQL): no server here (COMPANION_TEST_PG names one; goal p90 <= 100 ms)")


if __name__ == "__main__":
    main()
