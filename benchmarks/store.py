"""Store benchmarks: recording an event, replaying a session, a history of 10,000 sessions."""

from __future__ import annotations

import json
import statistics
import tempfile
import time
from pathlib import Path

from sqlmodel import select

from companion.exports import export, import_text
from companion.sessions import Sessions
from companion.store import EntryRow, SeatRow, SessionRow, Store, now
from scoring.records import split_record

ROOT = Path(__file__).resolve().parent.parent
TRICKSTER = ROOT / "examples/trickster/game-5p-strategy.json"
SHERIFF = ROOT / "examples/sheriff/scoresheet-3-deals.json"


def main(history: int = 10_000) -> None:
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.db'}"
        sessions = Sessions(Store(url))
        game, header, entries = split_record(json.loads(TRICKSTER.read_text()))
        sid = sessions.create(game, header)
        times = []
        for entry in entries:
            start = time.perf_counter()
            sessions.record(sid, entry)
            times.append(time.perf_counter() - start)
        print(
            f"store: record one event (validate + commit, SQLite): median {statistics.median(times) * 1000:.2f} ms, "
            f"last {times[-1] * 1000:.2f} ms ({len(entries)}-event Trickster game)"
        )
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
                )
                s.add(row)
                s.flush()
                for seat in seats:
                    s.add(SeatRow(session_id=row.id, seat=seat.seat, player_id=seat.player_id))
                for seq, e in enumerate(sheriff_entries, start=1):
                    s.add(EntryRow(session_id=row.id, seq=seq, payload=json.dumps(e), active=True, created_at=now()))
            s.commit()
        load = time.perf_counter() - start
        start = time.perf_counter()
        listed = sessions.list()
        listing = time.perf_counter() - start
        start = time.perf_counter()
        for info in listed:
            if info.game == "sheriff":
                export(sessions, info.id, "csv")
        exporting = time.perf_counter() - start
        print(f"store: list {len(listed)} sessions: {listing * 1000:.0f} ms (history loaded in {load:.1f} s)")
        print(
            f"store: export {sum(1 for i in listed if i.game == 'sheriff')} sessions to CSV: {exporting:.1f} s "
            f"({exporting / len(listed) * 1000:.2f} ms each)"
        )


if __name__ == "__main__":
    main()
