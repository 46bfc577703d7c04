"""Club benchmarks: a history of 10,000 finished Trickster sessions of a club of twelve, on SQLite
(and on PostgreSQL where COMPANION_TEST_PG names a server, whose database is emptied first, as the
tests empty it): the league table, a player's page and head-to-head as a server gives them (the
function call, in a process that has looked at them once), the ratings from scratch (nothing kept:
the record read whole and every game rated), and one new finished game rated on top.

The history is written with direct inserts, as ``benchmarks/store.py`` writes its own: two checked
4-player scoresheets (one with a tie) are the templates, each session four of the twelve in a
random seat order, with its three rounds recorded 10, 40 and 95 minutes after its start.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import create_engine, insert, select, text
from sqlmodel import SQLModel

from companion.club.head_to_head import head_to_head
from companion.club.player_page import page
from companion.club.ratings import league, pools, rate
from companion.club.results import people, read
from companion.store import players
from companion.store.database import EntryRow, SeatRow, SessionRow, Store
from companion.store.sessions import Sessions
from companion.store.summary import standings_json, winners_json
from scoring.registry import get

HISTORY = 10_000
CLUB = ("Aki", "Ben", "Chie", "Dan", "Emi", "Fumi", "Gen", "Hana", "Isamu", "Jun", "Kei", "Rin")
SUITS = ("red", "orange", "yellow", "green")
FIRST = datetime(2016, 1, 8, 11, 0, tzinfo=UTC)  # the club's first Friday night …
YEARS = 10  # … and ten years of them
ROUNDS_AT = (10, 40, 95)  # minutes after the start


def template(places: list[tuple[str, ...]]) -> tuple[dict, list, str, str]:
    """A checked 4-player Trickster scoresheet finishing as ``places`` say (best first, a tuple
    shares its place; the seats are named ``Seat1`` …): its header, rounds, standings and winners
    as stored."""
    tableau, before = {}, 0
    for group in places:
        for name in group:
            tableau[name] = {SUITS[s]: 1 for s in range(before)}
        before += len(group)
    tableau[places[0][0]] = {SUITS[s]: 2 for s in range(before - 1)}
    seats = [n for g in places for n in g]
    game = get("trickster")
    header, rounds = game.split(
        {"game": "trickster", "players": seats, "rounds": [{"tableau": tableau}, {"tableau": {}}, {"tableau": {}}]}
    )
    scored = game.replay(header, rounds).scored
    assert scored.finished
    return header, rounds, standings_json(scored.standings), winners_json(scored.standings, True)


TEMPLATES = [
    template([("Seat1",), ("Seat2",), ("Seat3",), ("Seat4",)]),
    template([("Seat1",), ("Seat2", "Seat3"), ("Seat4",)]),
]


def named(text_: str, names: list[str]) -> str:
    for k, name in enumerate(names, start=1):
        text_ = text_.replace(f'"Seat{k}"', json.dumps(name))
    return text_


def build(store: Store, history: int = HISTORY) -> float:
    """Write the club's history; the seconds it took."""
    start = time.perf_counter()
    draw = random.Random(27)
    with store.writing() as s:
        ids = {name: players.person(s, name) for name in CLUB}
        s.commit()
    rows, plays = [], []
    for k in range(history):
        names = draw.sample(CLUB, 4)
        header, rounds, standings, winners = TEMPLATES[k % 7 == 0]
        at = FIRST + timedelta(days=k * 365 * YEARS // history, minutes=90 * (k % 3))
        rows.append(
            {
                "uid": f"club-{k}",
                "game": "trickster",
                "header": named(json.dumps(header), names),
                "created_at": at,
                "updated_at": at + timedelta(minutes=ROUNDS_AT[-1]),
                "finished_at": at + timedelta(minutes=ROUNDS_AT[-1]),
                "revision": 4,
                "entries": len(rounds),
                "standings": named(standings, names),
                "winners": named(winners, names),
            }
        )
        plays.append((names, [named(json.dumps(r), names) for r in rounds], at))
    with store.engine.begin() as conn:
        for chunk in range(0, history, 2000):
            conn.execute(insert(SessionRow.__table__), rows[chunk : chunk + 2000])
        sids = dict(conn.execute(select(SessionRow.uid, SessionRow.id)).all())
        seats, entries = [], []
        for k, (names, rounds, at) in enumerate(plays):
            sid = sids[f"club-{k}"]
            seats += [{"session_id": sid, "seat": n, "player_id": ids[name]} for n, name in enumerate(names)]
            entries += [
                {"session_id": sid, "seq": n, "payload": r, "active": True, "created_at": at + timedelta(minutes=m)}
                for n, (r, m) in enumerate(zip(rounds, ROUNDS_AT, strict=True), start=1)
            ]
        for chunk in range(0, len(seats), 5000):
            conn.execute(insert(SeatRow.__table__), seats[chunk : chunk + 5000])
        for chunk in range(0, len(entries), 5000):
            conn.execute(insert(EntryRow.__table__), entries[chunk : chunk + 5000])
    return time.perf_counter() - start


def timed(work, runs: int = 5) -> float:
    """The median seconds of ``runs`` calls of ``work``, after one untimed call (a warm process)."""
    work()
    costs = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        costs.append(time.perf_counter() - start)
    return statistics.median(costs)


def measure(url: str, where: str) -> None:
    store = Store(url)
    loaded = build(store)
    sessions = Sessions(store)
    total = sessions.count()
    _, person = people(store)
    table = timed(lambda: league(sessions, "trickster"))
    print(f"club: league table of {total} sessions ({where}): {table * 1000:.0f} ms (goal <= 100 ms)")
    shown = timed(lambda: page(sessions, "Aki"))
    print(f"club: a player's page of {total} sessions ({where}): {shown * 1000:.0f} ms (goal <= 100 ms)")
    rivals = timed(lambda: head_to_head(sessions, "trickster", person["Aki"]))
    print(f"club: head-to-head of {total} sessions ({where}): {rivals * 1000:.0f} ms (goal <= 100 ms)")
    scratch = []
    for _ in range(3):  # nothing kept: the record read whole from the database, every game rated
        start = time.perf_counter()
        rate(read(sessions, "trickster").results)
        scratch.append(time.perf_counter() - start)
    cold = []
    for _ in range(3):  # a process that has not looked yet: the same, through what it keeps
        fresh = Sessions(Store(url))
        start = time.perf_counter()
        pools(fresh, "trickster")
        cold.append(time.perf_counter() - start)
    print(f"club: ratings from scratch of {total} sessions ({where}): {min(scratch):.2f} s (goal <= 5 s)")
    header, rounds, _, _ = TEMPLATES[0]
    updates = []
    for k in range(9):
        pools(sessions, "trickster")
        names = ["Aki", "Ben", "Chie", "Dan"][k % 4 :] + ["Aki", "Ben", "Chie", "Dan"][: k % 4]
        new_header, new_rounds = (
            json.loads(named(json.dumps(header), names)),
            json.loads(named(json.dumps(rounds), names)),
        )
        after = FIRST + timedelta(days=365 * YEARS + k)  # a night after every game in the history
        sessions.import_whole("trickster", new_header, new_rounds, created_at=after)
        start = time.perf_counter()
        pools(sessions, "trickster")
        updates.append(time.perf_counter() - start)
    assert pools(sessions, "trickster") == rate(read(sessions, "trickster").results)  # exactly as from scratch
    print(
        f"club: one new finished game updates the ratings ({where}): {statistics.median(updates) * 1000:.0f} ms "
        "(goal <= 50 ms)"
    )
    print(
        f"  the history written in {loaded:.1f} s; the table, page and head-to-head the median of 5 calls after one, "
        f"ratings from scratch the best of 3 ({min(cold):.2f} s as a process's first look); the update the median "
        f"of {len(updates)} new games (slowest {max(updates) * 1000:.0f} ms)"
    )


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        measure(f"sqlite:///{Path(folder) / 'club.db'}", "SQLite")
    pg = os.environ.get("COMPANION_TEST_PG")
    if not pg:
        print("club: PostgreSQL: no server here (COMPANION_TEST_PG names one; the same five figures, same goals)")
        return
    raw = create_engine(pg)
    with raw.begin() as conn:  # the tests' database, emptied as each test empties it (tests/pg.py)
        conn.execute(text(f"DROP TABLE IF EXISTS {', '.join(SQLModel.metadata.tables)} CASCADE"))
    raw.dispose()
    measure(pg, "PostgreSQL")


if __name__ == "__main__":
    main()
