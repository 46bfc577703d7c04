"""A club night's benchmarks (issue 35), each on a line of its own with its goal:

* the mix draw of 100 players for 6 rounds at tables of five (Trickster's best size), timed whole,
  with its repeated meetings beside the fewest any draw of those rounds could have
  (``companion.club.draw.fewest_repeats``);
* the event's standings of 20 tables × 6 rounds, every table's game over: ``Events.event`` reading
  the event whole from the database (its rounds, tables and each session's stored standings) and
  working the points out, as every page, the laptop's screen and the command line do;
* an entry to the event's page on 500 viewers: a real ``companion serve`` in a process of its own,
  500 connections reading the event page's stream over real sockets (threads of this process
  stamping each event as it arrives), and this process recording an entry at a table of the
  round, from the moment it starts recording it to each viewer's next event. On SQLite, and on
  PostgreSQL where COMPANION_TEST_PG names a server (emptied first, as the tests empty it).
"""

from __future__ import annotations

import contextlib
import http.client
import os
import random
import statistics
import tempfile
import threading
import time
from pathlib import Path

from companion.club.draw import History, draw_round, fewest_repeats
from companion.club.events import Events
from companion.store.database import Store
from companion.store.sessions import Sessions
from companion.web.links import SessionLinks
from scoring.registry import get

PLAYERS = tuple(f"Player {i:03}" for i in range(1, 101))
ROUNDS = 6
VIEWERS = 500
ENTRIES = 20
GAP = 0.4  #: seconds between two entries, so each reaches every viewer on its own
SUITS = ("red", "orange", "yellow", "green", "blue", "purple", "black", "white")


def draw_night(seed: int) -> tuple[float, History]:
    game = get("trickster")
    history = History()
    start = time.perf_counter()
    for r in range(1, ROUNDS + 1):
        history.add(draw_round(PLAYERS, game.best_players, game.players, seed=seed, round=r, history=history))
    return (time.perf_counter() - start) * 1000, history


def sheet_round(players: tuple[str, ...], rng: random.Random) -> dict:
    """One Trickster scoresheet round of random tableau counts (no suit past its seven)."""
    tableau: dict[str, dict[str, int]] = {p: {} for p in players}
    for suit in SUITS:
        for _ in range(rng.randrange(8)):
            who = rng.choice(players)
            tableau[who][suit] = tableau[who].get(suit, 0) + 1
    return {"tableau": tableau}


def a_night(url: str, rounds: int, played: int) -> tuple[Sessions, Events, int]:
    """An event of 100 players at Trickster with ``rounds`` rounds, the first ``played`` drawn and
    every table's game over (three scoresheet rounds each)."""
    sessions = Sessions(Store(url))
    events = Events(sessions)
    eid = events.new("Club night", ["trickster"], rounds=rounds, seed=36, names=PLAYERS)
    rng = random.Random(36)
    for _ in range(played):
        for table in events.draw(eid).tables:
            live = sessions.open(table.session)
            for _ in range(3):
                live = sessions.append(live, sheet_round(table.players, rng))
    return sessions, events, eid


def standings_ms(url: str) -> float:
    """The best of 5 readings of a finished 20-table, 6-round event, in milliseconds."""
    _, events, eid = a_night(url, ROUNDS, ROUNDS)
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        event = events.event(eid)
        best = min(best, time.perf_counter() - start)
    assert len(event.rounds) == ROUNDS and all(r.finished for r in event.rounds)
    return best * 1000


class Viewer:
    """A phone reading the event page's stream over a real socket: when each event arrived."""

    def __init__(self, host: str, port: int, href: str) -> None:
        self.connection = http.client.HTTPConnection(host, port, timeout=120)
        self.connection.request("GET", href, headers={"Accept": "text/event-stream"})
        self.response = self.connection.getresponse()
        self.arrived: list[float] = []
        self.first = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        """Whole chunks as they come (a phone's browser does not read line by line in Python): an
        event is stamped when the chunk holding its id arrives."""
        tail = b"\n"  # the stream's first line starts a line too
        with contextlib.suppress(OSError, ValueError, AttributeError, http.client.HTTPException):  # closed
            while chunk := self.response.read1(1 << 16):
                seen = (tail + chunk).count(b"\nid:") - tail.count(b"\nid:")
                tail = chunk[-8:]
                if seen:
                    stamp = time.perf_counter()
                    self.arrived.extend([stamp] * seen)
                    self.first.set()

    def close(self) -> None:
        with contextlib.suppress(OSError, AttributeError):
            self.connection.sock.shutdown(2)
        self.connection.close()


def entry_to_viewers(url: str) -> list[float]:
    """Milliseconds from the start of recording each entry to its event at each of 500 viewers."""
    from benchmarks.live import served

    sessions, events, eid = a_night(url, ROUNDS, 1)
    now = events.draw(eid)  # round 2, its tables not begun: the entries are recorded there
    href = f"/e/{SessionLinks(sessions).event_token(events.event(eid).uid)}/events"
    rng = random.Random(1)
    costs: list[float] = []
    with served(url) as base:
        host, port = base.removeprefix("http://").rsplit(":", 1)
        viewers = [Viewer(host, int(port), href) for _ in range(VIEWERS)]
        for viewer in viewers:
            viewer.first.wait(30)
        tables = [(t, sessions.open(t.session)) for t in now.tables]
        for k in range(ENTRIES):
            time.sleep(GAP)
            table, live = tables[k % len(tables)]
            seen = [len(v.arrived) for v in viewers]
            start = time.perf_counter()
            tables[k % len(tables)] = (table, sessions.append(live, sheet_round(table.players, rng)))
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline and any(len(v.arrived) <= n for v, n in zip(viewers, seen, strict=True)):
                time.sleep(0.002)
            costs += [
                (v.arrived[n] - start) * 1000 if len(v.arrived) > n else float("inf")
                for v, n in zip(viewers, seen, strict=True)
            ]
        for viewer in viewers:
            viewer.close()
    return costs


def line(where: str, costs: list[float]) -> str:
    p90 = statistics.quantiles(costs, n=10)[8]
    return (
        f"event: entry to event standings on {VIEWERS} viewers ({where}): median {statistics.median(costs):.0f} ms, "
        f"p90 {p90:.0f} ms (goal p90 <= 250 ms; {ENTRIES} entries recorded by another process)"
    )


def main() -> None:
    ms, history = min((draw_night(seed) for seed in (1, 2, 3)), key=lambda found: found[0])
    table = max(get("trickster").best_players)
    fewest = fewest_repeats(len(PLAYERS), table, ROUNDS)
    print(
        f"event: draw of {len(PLAYERS)} players for {ROUNDS} rounds (mix): {ms:.0f} ms, repeated meetings "
        f"{history.repeats()} (fewest possible {fewest}) (goal <= 1000 ms, repeats <= {fewest + 5})"
    )
    with tempfile.TemporaryDirectory() as folder:
        ms = standings_ms(f"sqlite:///{Path(folder) / 'standings.db'}")
        print(f"event: standings of an event of 20 tables x {ROUNDS} rounds: {ms:.0f} ms (goal <= 50 ms; SQLite)")
        print(line("SQLite", entry_to_viewers(f"sqlite:///{Path(folder) / 'viewers.db'}")))
    pg = os.environ.get("COMPANION_TEST_PG")
    if pg:
        from tests.pg import emptied

        print(line("PostgreSQL", entry_to_viewers(emptied(pg))))
    else:
        print(f"event: entry to event standings on {VIEWERS} viewers (PostgreSQL): no server here (COMPANION_TEST_PG)")


if __name__ == "__main__":
    main()
