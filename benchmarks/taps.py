"""Recording from phones: taps per card over every worked example, and a tap's way to the others.

* **Taps per card**: each card of every worked example recorded through its player's recorder
  buttons (``companion.web.recorder``: the table screen's own choices, a card in one tap when it is
  the only thing to say, an effect's target one more), counted by the fewest taps that record it,
  by the same model the table screen's keys are counted by (``benchmarks.keys``: each entry of the
  kind ``card``).
* **A tap to the table**: a phone's tap posted to a real ``companion serve`` over HTTP, stored, and
  the page of another phone updated (its event received), over 100 taps of a Trickster game; and
  the laptop's table screen (the app, in this process) showing it.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

from benchmarks.keys import examples, opened
from benchmarks.live import Viewer
from companion.store.database import Store
from companion.store.sessions import Sessions
from companion.web.links import SessionLinks
from companion.web.recorder import taps
from scoring.records import split_record
from scoring.registry import get, ids

ROOT = Path(__file__).resolve().parent.parent
TRICKSTER = ROOT / "examples/trickster/game-5p-strategy.json"
TAPS = 100
GOALS = {"trickster": 1.6, "kings": 1.3, "sheriff": 1.1}


def taps_per_card() -> dict[str, tuple[float, int, int]]:
    """Per game: the mean taps per card, the cards counted, and the cards not among the buttons."""
    found: dict[str, tuple[float, int, int]] = {}
    for game_id in ids():
        counts: list[int] = []
        missing = 0
        for path in examples(game_id):
            game = get(game_id)
            header, entries = game.split(json.loads(path.read_text()))
            position = game.new(header)
            for entry in entries:
                if game.kind(entry) == "card":
                    n = taps(position, entry)
                    if n is None:
                        missing += 1
                    else:
                        counts.append(n)
                position = game.apply(position, entry)
        if counts:
            found[game_id] = (sum(counts) / len(counts), len(counts), missing)
    return found


def post(base: str, path: str, line: str, revision: int) -> None:
    host, port = base.removeprefix("http://").rsplit(":", 1)
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    body = urllib.parse.urlencode({"line": line, "revision": revision, "tap": secrets.token_urlsafe(9)})
    connection.request(
        "POST",
        path + "/record",
        body=body,
        headers={"Content-Type": "application/x-www-form-urlencoded", "Origin": base},
    )
    answer = connection.getresponse()
    answer.read()
    connection.close()
    if answer.status != 303:
        raise AssertionError(f"tap {line!r} answered {answer.status}")


def tap_to_table(folder: str) -> tuple[list[float], list[float]]:
    """Milliseconds from each tap's start to (another phone's event, the laptop's screen)."""
    url = f"sqlite:///{Path(folder) / 'taps.db'}"
    sessions = Sessions(Store(url))
    game_id, header, entries = split_record(json.loads(TRICKSTER.read_text()))
    game = get(game_id)
    sid = sessions.create(game_id, header)
    recorders = SessionLinks(sessions)
    uid = sessions.info(sid).uid
    server = subprocess.Popen(
        [sys.executable, "-m", "companion", "--db", url, "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        base = server.stdout.readline().strip().split("/?", 1)[0]
        viewer = Viewer(base, f"/t/{recorders.session_token(uid)}/events")
        table = recorders.seat_link(uid, None)
        laptop = Laptop(url, sid)
        phone_ms, laptop_ms = [], []
        position = game.new(header)
        revision = sessions.info(sid).revision
        for entry in entries[:TAPS]:
            time.sleep(0.05)
            start = time.perf_counter()
            post(base, table, game.format(entry), revision)
            revision += 1
            position = game.apply(position, entry)
            deadline = time.monotonic() + 5
            while revision not in viewer.arrived and time.monotonic() < deadline:
                time.sleep(0.0005)
            phone_ms.append((viewer.arrived.get(revision, float("inf")) - start) * 1000)
            laptop_ms.append((laptop.seen(len(position.entries), deadline) - start) * 1000)
        laptop.stop()
        return phone_ms, laptop_ms
    finally:
        server.terminate()
        server.wait(timeout=15)


class Laptop:
    """The app's table screen on the session, in a thread of this process (Textual's headless
    pilot): when it shows a given number of entries."""

    def __init__(self, url: str, sid: int) -> None:
        self.url, self.sid = url, sid
        self.shown: dict[int, float] = {}
        self._stop = threading.Event()
        self._ready = threading.Event()
        threading.Thread(target=lambda: asyncio.run(self._run()), daemon=True).start()
        self._ready.wait(30)

    async def _run(self) -> None:
        from screens.app import CompanionApp
        from screens.session import SessionScreen

        app = CompanionApp(db=self.url)
        async with app.run_test(size=(80, 24)) as pilot:
            await opened(pilot)
            await app.push_screen(SessionScreen(self.sid))
            await pilot.pause()
            self._ready.set()
            while not self._stop.is_set():
                count = len(app.screen.position.entries)
                self.shown.setdefault(count, time.perf_counter())
                await asyncio.sleep(0.002)

    def seen(self, count: int, deadline: float) -> float:
        while count not in self.shown and time.monotonic() < deadline:
            time.sleep(0.0005)
        return self.shown.get(count, float("inf"))

    def stop(self) -> None:
        self._stop.set()


def spread(ms: list[float]) -> str:
    return f"median {statistics.median(ms):.0f} ms, p90 {statistics.quantiles(ms, n=10)[8]:.0f} ms"


def main() -> None:
    for game_id, (per_card, cards, missing) in taps_per_card().items():
        goal = f"goal <= {GOALS[game_id]}; " if game_id in GOALS else ""
        shown = f", {missing} typed whole" if missing else ""
        print(f"taps per card: {game_id} {per_card:.1f} ({goal}{cards} cards of the worked examples{shown})")
    with tempfile.TemporaryDirectory() as folder:
        phone, laptop = tap_to_table(folder)
    worst = [max(a, b) for a, b in zip(phone, laptop, strict=True)]
    print(
        f"tap: stored and shown on the laptop's screen and another phone: {spread(worst)} (goal p90 <= 250 ms; "
        f"another phone alone {spread(phone)}, the laptop alone {spread(laptop)}; {len(worst)} taps)"
    )


if __name__ == "__main__":
    main()
