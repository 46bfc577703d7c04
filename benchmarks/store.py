"""Store benchmarks: recording an event, replaying a session, a history of 10,000 sessions."""

from __future__ import annotations

import json
import os
import statistics
import tempfile
import time
from pathlib import Path

from sqlmodel import select

from companion.exports.formats import export
from companion.exports.native import import_text
from companion.exports.spreadsheet import history_csv
from companion.store.database import EntryRow, SeatRow, SessionRow, Store, now
from companion.store.sessions import Sessions
from scoring.records import split_record

ROOT = Path(__file__).resolve().parent.parent
TRICKSTER = ROOT / "examples/trickster/game-5p-strategy.json"
SHERIFF = ROOT / "examples/sheriff/scoresheet-3-deals.json"
PAGE = 100  # the history screen's page


def entry_costs(url: str, header: dict, entries: list, runs: int = 5) -> list[float]:
    """The time to record each entry at the table (``Sessions.append``: validate against the open
    position, commit with the new standings), the best of ``runs`` sessions for each entry. A game
    is recorded first, untimed, so the database is one in use (SQLite's write-ahead log at its
    working size), not a new file growing."""
    sessions = Sessions(Store(url))
    live = sessions.open(sessions.create("trickster", header))
    for entry in entries:
        live = sessions.append(live, entry)
    best = [float("inf")] * len(entries)
    for _ in range(runs):
        live = sessions.open(sessions.create("trickster", header))
        for k, entry in enumerate(entries):
            start = time.perf_counter()
            live = sessions.append(live, entry)
            best[k] = min(best[k], time.perf_counter() - start)
    return best


def main(history: int = 10_000) -> None:
    from benchmarks.app import long_game

    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.db'}"
        header, entries = long_game()
        costs = entry_costs(url, header, entries[:200])
        first, last = statistics.median(costs[:10]), statistics.median(costs[190:200])
        print(
            f"store: record one event at the table (validate + commit, SQLite): median "
            f"{statistics.median(costs) * 1000:.2f} ms; entries 191-200 {last * 1000:.2f} ms against 1-10 "
            f"{first * 1000:.2f} ms: ratio {last / first:.2f} (goal <= 1.2; 200-entry Trickster game, best of 5)"
        )
        sessions = Sessions(Store(url))
        game, header, entries = split_record(json.loads(TRICKSTER.read_text()))
        sid = sessions.create(game, header)
        live = sessions.open(sid)
        for entry in entries:
            live = sessions.append(live, entry)
        start = time.perf_counter()
        for _ in range(20):
            sessions.scored(sid)
        print(
            f"store: replay a finished 3-round 5-player Trickster session: "
            f"{(time.perf_counter() - start) / 20 * 1000:.1f} ms"
        )

        raw = SHERIFF.read_bytes()
        template = import_text(sessions, raw)
        _, sheriff_header, sheriff_entries = split_record(json.loads(raw))
        store = sessions.store
        with store.session() as s:  # what the history keeps of it, copied with it
            kept = s.get(SessionRow, template)
            summary = (kept.standings, kept.winners, kept.entries)
        start = time.perf_counter()
        with store.session() as s:  # bulk-load the history (one checked session, copied)
            seats = s.exec(select(SeatRow).where(SeatRow.session_id == template)).all()
            for i in range(history - 1):
                row = SessionRow(
                    uid=f"bench-{i}",
                    game="sheriff",
                    header=json.dumps(sheriff_header),
                    created_at=now(),
                    updated_at=now(),
                    finished_at=now(),
                    revision=1,
                    standings=summary[0],
                    winners=summary[1],
                    entries=summary[2],
                )
                s.add(row)
                s.flush()
                for seat in seats:
                    s.add(SeatRow(session_id=row.id, seat=seat.seat, player_id=seat.player_id))
                for seq, e in enumerate(sheriff_entries, start=1):
                    s.add(EntryRow(session_id=row.id, seq=seq, payload=json.dumps(e), active=True, created_at=now()))
            s.commit()
        load = time.perf_counter() - start
        total = sessions.count()
        pages = []
        for _ in range(5):
            start = time.perf_counter()
            sessions.list(limit=PAGE)
            pages.append(time.perf_counter() - start)
        print(
            f"store: list {total} sessions (first page of {PAGE}): {min(pages) * 1000:.0f} ms (goal <= 100 ms; "
            f"history loaded in {load:.1f} s)"
        )
        start = time.perf_counter()
        listed = sessions.list()
        print(f"store: list all {len(listed)} sessions: {(time.perf_counter() - start) * 1000:.0f} ms")
        start = time.perf_counter()
        text = history_csv(sessions, "sheriff")
        exporting = time.perf_counter() - start
        print(
            f"store: export {text.count(chr(10)) // len(sheriff_header['players'])} sessions to CSV: "
            f"{exporting:.1f} s (one file; goal <= 3 s)"
        )
        start = time.perf_counter()
        some = [info.id for info in listed if info.game == "sheriff"][:500]
        for sid in some:
            export(sessions, sid, "csv")
        each = (time.perf_counter() - start) / len(some)
        print(f"store: export one session to CSV: {each * 1000:.2f} ms")
        backup_and_restore(store, Path(folder))


def backup_and_restore(store: Store, folder: Path) -> None:
    """The whole history written to one backup file, then restored into a new database."""
    from companion.store.backup import backup, restore

    target = folder / "history.backup.json"
    kept = os.environ.get("COMPANION_CONFIG")
    os.environ["COMPANION_CONFIG"] = str(folder / "settings.json")  # never the user's own settings
    try:
        start = time.perf_counter()
        counts = backup(store, target)
        writing = time.perf_counter() - start
        raw = target.read_bytes()
        start = time.perf_counter()
        restore(Store(f"sqlite:///{folder / 'restored.db'}"), raw)
        reading = time.perf_counter() - start
    finally:
        if kept is None:
            del os.environ["COMPANION_CONFIG"]
        else:
            os.environ["COMPANION_CONFIG"] = kept
    print(
        f"store: backup {counts.sessions} sessions: {writing:.1f} s; restore: {reading:.1f} s "
        f"({len(raw) / 1e6:.0f} MB file, SQLite)"
    )


if __name__ == "__main__":
    main()
