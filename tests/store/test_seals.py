"""A damaged byte is noticed, not scored (issue 34): every entry is sealed when it is written
(``companion.store.database.entry_seal``), and a session whose entry no longer matches its seal, or
that holds fewer or more entries than it counts, opens read-only with the reason; every other
session reads as before. The damage is made in a real SQLite file's bytes, as a failing disk makes
it; a database from before the seals gets them when it is opened; backups carry them.
"""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest

from companion.exports.native import import_text
from companion.store.database import SCHEMA_VERSION, Store
from companion.store.sessions import Sessions
from scoring.errors import RuleViolation

ROOT = Path(__file__).resolve().parents[2]


def history(path: Path) -> tuple[Sessions, int, int]:
    """A KINGs scoresheet and a Sheriff game in a SQLite file, written through to the file itself."""
    sessions = Sessions(Store(f"sqlite:///{path}"))
    kings = import_text(sessions, (ROOT / "examples/kings/scoresheet-5p.json").read_bytes())
    sheriff = import_text(sessions, (ROOT / "examples/sheriff/game-6-deals.json").read_bytes())
    sessions.store.engine.dispose()
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return sessions, kings, sheriff


def standings(sessions: Sessions, sid: int) -> list[tuple[str, int]]:
    return [(p.player, p.total) for p in sessions.open(sid).position.scored.standings.places]


def test_a_byte_changed_in_a_stored_entry_makes_its_session_read_only_with_the_reason(tmp_path):
    path = tmp_path / "c.db"
    sessions, kings, sheriff = history(path)
    before = standings(sessions, sheriff)
    raw = path.read_bytes()
    at = raw.find(b'"tricks": 2')
    assert at > 0 and raw.count(b'"tricks": 2') >= 1
    path.write_bytes(raw[:at] + b'"tricks": 0' + raw[at + len(b'"tricks": 2') :])  # one digit, as a disk fails
    again = Sessions(Store(f"sqlite:///{path}"))
    info = again.open(kings).info
    assert info.problem is not None
    said = r"This session is read-only: entry \d+ \(it no longer matches the seal it was written with\)"
    assert re.search(said, str(info.problem))
    with pytest.raises(RuleViolation, match="read-only"):
        again.append(again.open(kings), {"tableau": {}})
    assert again.open(sheriff).info.problem is None and standings(again, sheriff) == before  # the rest reads


def test_an_entry_lost_or_come_back_makes_its_session_read_only(tmp_path):
    path = tmp_path / "c.db"
    _sessions, _kings, sheriff = history(path)
    with sqlite3.connect(path) as conn:  # the last row gone, as a damaged page of the file loses it
        conn.execute("DELETE FROM entries WHERE session_id = ? AND seq = 132", (sheriff,))
    info = Sessions(Store(f"sqlite:///{path}")).open(sheriff).info
    assert "the count of its entries (131 found, 132 recorded)" in str(info.problem)


def test_an_entry_moved_to_another_session_breaks_its_seal(tmp_path):
    path = tmp_path / "c.db"
    _sessions, kings, sheriff = history(path)
    with sqlite3.connect(path) as conn:  # a flipped bit in the session an entry belongs to
        conn.execute("UPDATE entries SET session_id = ? WHERE session_id = ? AND seq = 132", (kings, sheriff))
    again = Sessions(Store(f"sqlite:///{path}"))
    assert again.open(kings).info.problem is not None  # a Sheriff trick among KINGs rounds
    assert "the count of its entries (131 found, 132 recorded)" in str(again.open(sheriff).info.problem)
    with sqlite3.connect(path) as conn:  # and one that would replay there: its seal still tells
        payload, _seq = conn.execute(
            "SELECT payload, seq FROM entries WHERE session_id = ? AND seq = 1", (kings,)
        ).fetchone()
        conn.execute("DELETE FROM entries WHERE session_id = ? AND seq = 132", (kings,))
        conn.execute("UPDATE entries SET payload = ? WHERE session_id = ? AND seq = 1", (payload + " ", kings))
    assert "entry 1 (it no longer matches the seal" in str(
        Sessions(Store(f"sqlite:///{path}")).open(kings).info.problem
    )


def test_a_database_from_before_the_seals_gets_them_when_opened(tmp_path):
    path = tmp_path / "c.db"
    sessions, kings, sheriff = history(path)
    before = standings(sessions, sheriff)
    with sqlite3.connect(path) as conn:  # as schema 6 stored it
        conn.execute("ALTER TABLE entries DROP COLUMN seal")
        conn.execute("UPDATE meta SET value = '6' WHERE key = 'schema_version'")
    again = Sessions(Store(f"sqlite:///{path}"))
    assert again.store.schema_version() == SCHEMA_VERSION == 8
    assert again.open(kings).info.problem is None and again.open(sheriff).info.problem is None
    assert standings(again, sheriff) == before
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM entries WHERE seal IS NULL").fetchone() == (0,)


def test_a_backup_carries_the_seals_and_a_restore_checks_them(tmp_path):
    from companion.store.backup import BackupError, digest, restore, snapshot

    path = tmp_path / "c.db"
    _sessions, _kings, sheriff = history(path)
    data = snapshot(Sessions(Store(f"sqlite:///{path}")).store)
    data.pop("left_out")
    assert all(entry["seal"] for session in data["sessions"] for entry in session["log"])
    restored = Sessions(Store(f"sqlite:///{tmp_path / 'restored.db'}"))
    restore(restored.store, json.dumps(data).encode())
    assert restored.open(sheriff).info.problem is None
    # an entry changed in the file with the file's own checksum made again: its seal tells
    changed = json.loads(json.dumps(data))
    changed["sessions"][1]["log"][0]["payload"] += " "  # still the same JSON, but not the bytes sealed
    changed["sha256"] = digest(changed)
    with pytest.raises(BackupError, match="does not match the seal it was written with"):
        restore(Sessions(Store(f"sqlite:///{tmp_path / 'other.db'}")).store, json.dumps(changed).encode())
