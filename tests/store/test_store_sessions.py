"""Sessions on a real SQLite file: recording, undo and redo, edits, resume, players; bad databases.
Each change opens the session first, as ``companion record``/``undo``/``redo``/``edit`` do."""

import json
import os
import sqlite3
import stat
from pathlib import Path

import pytest

from companion.club.stats import by_player
from companion.store import players
from companion.store.database import SCHEMA_V1, SCHEMA_VERSION, Store, StoreError
from companion.store.sessions import Sessions
from scoring.errors import RuleViolation
from scoring.records import split_record

ROOT = Path(__file__).resolve().parents[2]
SHERIFF = json.loads((ROOT / "examples/sheriff/scoresheet-3-deals.json").read_text())
TRICKSTER = json.loads((ROOT / "examples/trickster/game-4p-introductory.json").read_text())


@pytest.fixture
def db(tmp_path):
    return f"sqlite:///{tmp_path / 'companion.db'}"


def sheriff_session(sessions):
    return sessions.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})


def test_a_new_database_uses_wal_and_foreign_keys_and_records_its_schema(db, tmp_path):
    store = Store(db)
    assert store.schema_version() == SCHEMA_VERSION
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1


def test_every_entry_is_checked_committed_and_survives_a_restart(db):
    sessions = Sessions(Store(db))
    sid = sheriff_session(sessions)
    live = sessions.open(sid)
    for deal in SHERIFF["deals"][:2]:
        live = sessions.append(live, deal)
    again = Sessions(Store(db))  # a new process, the same file
    assert again.entries(sid) == SHERIFF["deals"][:2]
    assert [s.total for s in again.scored(sid).standings.places] == [5, 5, 2]


def test_an_illegal_entry_is_refused_and_nothing_is_stored(db):
    sessions = Sessions(Store(db))
    sid = sheriff_session(sessions)
    bad = {"roles": {"Aki": "mayor", "Ben": "mayor", "Chie": "robber"}}
    with pytest.raises(RuleViolation, match="exactly one player"):
        sessions.append(sessions.open(sid), bad)
    assert sessions.entries(sid) == []


def test_undo_and_redo_and_a_new_entry_clears_the_redo(db):
    sessions = Sessions(Store(db))
    sid = sheriff_session(sessions)
    sessions.append(sessions.open(sid), SHERIFF["deals"][0])
    sessions.append(sessions.open(sid), SHERIFF["deals"][1])
    assert sessions.undo(sessions.open(sid))[1] == SHERIFF["deals"][1]
    assert sessions.entries(sid) == SHERIFF["deals"][:1]
    assert sessions.redo(sessions.open(sid))[1] == SHERIFF["deals"][1]
    assert sessions.entries(sid) == SHERIFF["deals"][:2]
    assert not sessions.info(sid).finished  # redo checks the game once, not the redone entry twice
    sessions.undo(sessions.open(sid))
    sessions.append(sessions.open(sid), SHERIFF["deals"][2])
    assert sessions.redo(sessions.open(sid))[1] is None
    assert sessions.entries(sid) == [SHERIFF["deals"][0], SHERIFF["deals"][2]]


def test_editing_a_past_entry_revalidates_the_tail_and_refuses_what_breaks_it(db):
    sessions = Sessions(Store(db))
    game, header, entries = split_record(TRICKSTER)
    sid = sessions.create(game, header)
    live = sessions.open(sid)
    for entry in entries[:12]:
        live = sessions.append(live, entry)
    # round 1 trash: put a card there that Chie later plays — the later play becomes illegal
    setup = json.loads(json.dumps(entries[0]))
    played_later = entries[1]["play"]
    setup["round"]["trash"][0] = played_later
    with pytest.raises(RuleViolation, match="in the trash") as err:
        sessions.replace(sessions.open(sid), 0, setup)
    assert err.value.reason.startswith("Entry 2: ")  # numbered as the log numbers it
    assert sessions.entries(sid) == entries[:12]  # nothing changed
    fixed = json.loads(json.dumps(entries[1]))
    sessions.replace(sessions.open(sid), 1, fixed)
    assert sessions.entries(sid)[1] == fixed


def test_a_finished_game_takes_no_more_entries_until_its_end_is_undone(db):
    sessions = Sessions(Store(db))
    sid = sheriff_session(sessions)
    live = sessions.open(sid)
    for deal in SHERIFF["deals"]:
        live = sessions.append(live, deal)
    assert sessions.info(sid).finished
    with pytest.raises(RuleViolation, match="game is over"):
        sessions.append(sessions.open(sid), SHERIFF["deals"][0])
    sessions.undo(sessions.open(sid))
    assert not sessions.info(sid).finished


def test_sessions_list_unfinished_first_and_filter_by_game_and_player(db):
    sessions = Sessions(Store(db))
    done = sheriff_session(sessions)
    live = sessions.open(done)
    for deal in SHERIFF["deals"]:
        live = sessions.append(live, deal)
    running = sessions.create("kings", {"players": ["Aki", "Dan"]})
    assert [s.id for s in sessions.list()] == [running, done]
    assert [s.id for s in sessions.list(game="sheriff")] == [done]
    assert [s.id for s in sessions.list(player="Dan")] == [running]


def test_players_are_kept_across_sessions_renamed_merged_and_counted(db):
    sessions = Sessions(Store(db))
    for _ in range(2):
        sid = sheriff_session(sessions)
        live = sessions.open(sid)
        for deal in SHERIFF["deals"]:
            live = sessions.append(live, deal)
    other = sessions.create("sheriff", {"players": ["Akiko", "Ben", "Chie"]})
    live = sessions.open(other)
    for deal in SHERIFF["deals"]:
        live = sessions.append(live, json.loads(json.dumps(deal).replace('"Aki"', '"Akiko"')))
    players.merge(sessions.store, "Akiko", "Aki")
    players.rename(sessions.store, "Ben", "Benjamin")
    assert players.names(sessions.store) == ["Aki", "Benjamin", "Chie"]
    stats = {s.player: s for s in by_player(sessions, "sheriff")}
    assert (stats["Aki"].played, stats["Aki"].wins, stats["Aki"].best, stats["Aki"].worst) == (3, 3, 9, 9)
    assert stats["Benjamin"].average == 6.0
    with pytest.raises(RuleViolation, match="already a player"):
        players.rename(sessions.store, "Chie", "Aki")


def test_an_older_database_is_migrated(tmp_path):
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as conn:
        for statement in SCHEMA_V1:
            conn.execute(statement)
    store = Store(f"sqlite:///{path}")
    assert store.schema_version() == SCHEMA_VERSION
    sessions = Sessions(store)
    sid = sheriff_session(sessions)
    sessions.append(sessions.open(sid), SHERIFF["deals"][0])


@pytest.mark.parametrize("tables_made", [1, 3, None])
def test_a_first_start_stopped_while_creating_the_database_is_finished_next_time(tmp_path, tables_made):
    """A laptop shut (or the app quit) while the first start creates the file: some of the tables,
    or all of them without the schema version. The next start completes it."""
    from sqlalchemy.schema import CreateTable
    from sqlmodel import SQLModel

    path = tmp_path / "half.db"
    with sqlite3.connect(path) as conn:
        for table in list(SQLModel.metadata.sorted_tables)[:tables_made]:
            conn.execute(str(CreateTable(table)))
    store = Store(f"sqlite:///{path}")
    assert store.schema_version() == SCHEMA_VERSION
    sessions = Sessions(store)
    sid = sheriff_session(sessions)
    sessions.append(sessions.open(sid), SHERIFF["deals"][0])
    assert len(Sessions(Store(f"sqlite:///{path}")).entries(sid)) == 1


def test_a_newer_database_is_refused_and_left_untouched(tmp_path):
    path = tmp_path / "new.db"
    Store(f"sqlite:///{path}")
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    before = path.read_bytes()
    with pytest.raises(StoreError, match="newer Companion \\(schema 99"):
        Store(f"sqlite:///{path}")
    assert path.read_bytes() == before


def test_a_corrupt_file_is_refused_and_left_untouched(tmp_path):
    path = tmp_path / "broken.db"
    path.write_bytes(b"this is not a database" * 100)
    before = path.read_bytes()
    with pytest.raises(StoreError, match="not a Companion database"):
        Store(f"sqlite:///{path}")
    assert path.read_bytes() == before


def test_another_programs_database_is_refused(tmp_path):
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE recipes (name TEXT)")
    with pytest.raises(StoreError, match="not a Companion database"):
        Store(f"sqlite:///{path}")


@pytest.mark.skipif(os.geteuid() == 0, reason="root ignores file permissions")
def test_a_read_only_database_says_so_and_loses_nothing(tmp_path):
    path = tmp_path / "ro.db"
    sessions = Sessions(Store(f"sqlite:///{path}"))
    sid = sheriff_session(sessions)
    sessions.append(sessions.open(sid), SHERIFF["deals"][0])
    os.chmod(path, stat.S_IRUSR)
    with pytest.raises(StoreError, match="read-only"):
        again = Sessions(Store(f"sqlite:///{path}"))
        again.append(again.open(sid), SHERIFF["deals"][1])


def test_a_read_only_database_file_system_says_so(tmp_path):
    path = tmp_path / "ro.db"
    sessions = Sessions(Store(f"sqlite:///{path}"))
    sid = sheriff_session(sessions)
    sessions.append(sessions.open(sid), SHERIFF["deals"][0])
    ro = Sessions(Store(f"sqlite:///file:{path}?mode=ro&uri=true"))
    with pytest.raises(StoreError, match="read-only"):
        ro.append(ro.open(sid), SHERIFF["deals"][1])
    assert Sessions(Store(f"sqlite:///{path}")).entries(sid) == SHERIFF["deals"][:1]


def test_a_locked_database_says_so_and_loses_nothing(tmp_path):
    path = tmp_path / "locked.db"
    sessions = Sessions(Store(f"sqlite:///{path}"))
    sid = sheriff_session(sessions)
    sessions.append(sessions.open(sid), SHERIFF["deals"][0])
    holder = sqlite3.connect(path)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreError, match="locked by another program"):
            sessions.append(sessions.open(sid), SHERIFF["deals"][1])
    finally:
        holder.rollback()
        holder.close()
    assert sessions.entries(sid) == SHERIFF["deals"][:1]
    sessions.append(sessions.open(sid), SHERIFF["deals"][1])
