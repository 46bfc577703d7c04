"""Where a game was played, the table's notes and the pauses of its clock: kept with the session,
checked at every door, counted in its revision, carried through a migration of an older database,
a backup and a restore, and the command line's ``new``, ``note``, ``pause`` and ``resume``."""

import json
import re
import sqlite3
from pathlib import Path

import pytest

from companion.cli import main
from companion.exports.bgstats import bgstats_url
from companion.exports.native import import_text
from companion.exports.qr import qr_modules
from companion.store.backup import digest
from companion.store.database import MIGRATIONS, SCHEMA_V1, SCHEMA_VERSION, Store
from companion.store.place import MAX_LOCATION, MAX_NOTES
from companion.store.sessions import Sessions
from scoring.errors import RuleViolation

ROOT = Path(__file__).resolve().parents[2]
SHERIFF = json.loads((ROOT / "examples/sheriff/scoresheet-3-deals.json").read_text())
PLAYERS = {"players": ["Aki", "Ben", "Chie"]}


def test_a_session_keeps_where_it_was_played_and_the_tables_notes(sessions):
    sid = sessions.create("sheriff", PLAYERS, location=" Aki's kitchen ", notes="No Joker rule.\r\nBen brought tea.")
    info = sessions.info(sid)
    assert (info.location, info.notes, info.paused) == ("Aki's kitchen", "No Joker rule.\nBen brought tea.", False)
    changed = sessions.note(sid, location="Ben's flat")  # the notes stay as they were
    assert (changed.location, changed.notes) == ("Ben's flat", "No Joker rule.\nBen brought tea.")
    assert changed.revision == info.revision + 1  # a page showing the session hears of it
    assert sessions.note(sid, location="Ben's flat").revision == changed.revision  # no change, no news
    assert sessions.note(sid, location="", notes="").location == ""  # "" says nowhere, no notes
    assert sessions.list()[0].notes == "" and sessions.last_location() == ""


def test_the_new_game_form_starts_from_the_last_place_said(sessions):
    assert sessions.last_location() == ""
    sessions.create("sheriff", PLAYERS, location="Aki's kitchen")
    sessions.create("sheriff", PLAYERS)  # said nothing: the place before still counts
    assert sessions.last_location() == "Aki's kitchen"
    sessions.create("sheriff", PLAYERS, location="The club")
    assert sessions.last_location() == "The club"


@pytest.mark.parametrize(
    ("said", "en", "ja"),
    [
        ({"location": "x" * (MAX_LOCATION + 1)}, "The place is 41 characters long; 40 at most", "41文字"),
        ({"notes": "あ" * (MAX_NOTES + 1)}, "The notes are 201 characters long; 200 at most", "201文字"),
        ({"location": "Aki's\nkitchen"}, "The place holds a line break (␊); write it on one line", "改行"),
        ({"notes": "red \x1b[41mBen"}, "The notes hold a control character (␛)", "制御文字"),
    ],
    ids=["long place", "long notes", "two-line place", "terminal code"],
)
def test_a_place_or_notes_the_table_cannot_keep_are_refused_with_a_sentence(sessions, said, en, ja):
    with pytest.raises(RuleViolation, match=re.escape(en)) as refused:
        sessions.create("sheriff", PLAYERS, **said)
    assert ja in refused.value.message("ja") and sessions.count() == 0  # nothing stored
    sid = sessions.create("sheriff", PLAYERS, location="Aki's kitchen")
    with pytest.raises(RuleViolation, match=r"at most|write"):
        sessions.note(sid, **said)
    assert sessions.info(sid).location == "Aki's kitchen"


def test_the_longest_japanese_place_and_notes_still_fit_the_bg_stats_qr_code(sessions):
    # five players (Trickster's Strategy game), the longest place and notes, every character Japanese
    sid = import_text(sessions, (ROOT / "examples/trickster/game-5p-strategy.json").read_bytes())
    sessions.note(sid, location="台" * MAX_LOCATION, notes="あ" * MAX_NOTES)
    link = bgstats_url(sessions, sid)
    assert len(link) > 3000 and len(qr_modules(link)) <= 177 + 8  # QR version 40 at most, with its quiet zone


def test_the_clock_is_paused_and_resumed_and_a_finished_game_has_none_to_stop(sessions):
    sid = sessions.create("sheriff", PLAYERS)
    revision = sessions.info(sid).revision
    assert sessions.pause(sid).paused and sessions.info(sid).revision == revision + 1
    assert sessions.pause(sid).revision == revision + 1  # already stopped: as it was
    ((start, end),) = sessions.pauses_of(sid)
    assert end is None
    assert not sessions.resume(sid).paused and sessions.pauses_of(sid)[0][1] >= start
    sessions.pause(sid)
    live = sessions.open(sid)
    for deal in SHERIFF["deals"]:
        live = sessions.append(live, deal)  # the first entry starts the clock again
    assert not live.info.paused and not sessions.info(sid).paused and len(sessions.pauses_of(sid)) == 2
    with pytest.raises(RuleViolation, match="This game is over") as refused:
        sessions.pause(sid)
    assert "終わっています" in refused.value.message("ja")


def schema_4(path: Path) -> None:
    """A database as Companion wrote it before places, notes and pauses (schema 4): a finished
    Sheriff game of Aki, Ben and Chie."""
    with sqlite3.connect(path) as conn:
        for statement in SCHEMA_V1:
            conn.execute(statement)
        for version in (1, 2, 3):
            for statement in MIGRATIONS[version]:
                if callable(statement):
                    continue  # (no players yet to give ids to)
                conn.execute(statement)
        conn.execute("UPDATE meta SET value = '4' WHERE key = 'schema_version'")
        for pid, name in enumerate(PLAYERS["players"], start=1):
            conn.execute("INSERT INTO players (id, name, uid) VALUES (?, ?, ?)", (pid, name, f"{pid:016x}"))
        conn.execute(
            "INSERT INTO sessions (id, uid, game, header, created_at, updated_at) VALUES (1, 'u1', 'sheriff', ?, ?, ?)",
            (json.dumps(PLAYERS), "2026-01-01 20:00:00", "2026-01-01 22:00:00"),
        )
        for seat in range(3):
            conn.execute("INSERT INTO seats (session_id, seat, player_id) VALUES (1, ?, ?)", (seat, seat + 1))
        for seq, deal in enumerate(SHERIFF["deals"], start=1):
            conn.execute(
                "INSERT INTO entries (session_id, seq, payload, active, created_at) VALUES (1, ?, ?, 1, ?)",
                (seq, json.dumps(deal), f"2026-01-01 2{seq}:00:00"),
            )


def test_a_database_of_schema_4_is_migrated_and_its_sessions_have_no_place_notes_or_pauses(tmp_path):
    path = tmp_path / "old.db"
    schema_4(path)
    sessions = Sessions(Store(f"sqlite:///{path}"))
    assert sessions.store.schema_version() == SCHEMA_VERSION == 8
    info = sessions.info(1)
    assert (info.location, info.notes, info.paused, info.finished) == ("", "", False, True)
    assert sessions.pauses_of(1) == ()
    with sqlite3.connect(path) as conn:
        columns = {row[1] for row in conn.execute("PRAGMA table_info(sessions)")}
    assert {"location", "notes", "pauses"} <= columns
    assert sessions.note(1, location="Aki's kitchen").location == "Aki's kitchen"
    assert Sessions(Store(f"sqlite:///{path}")).info(1).location == "Aki's kitchen"  # opened again: kept


def test_a_backup_written_before_places_and_pauses_restores_without_them(tmp_path, capsys):
    source = f"sqlite:///{tmp_path / 'a.db'}"
    sessions = Sessions(Store(source))
    sid = import_text(sessions, (ROOT / "examples/sheriff/scoresheet-3-deals.json").read_bytes())
    backup = tmp_path / "old-backup.json"
    assert main(["--db", source, "backup", str(backup)]) == 0
    data = json.loads(backup.read_text())
    for session in data["sessions"]:  # as a Companion of schema 4 wrote it
        for key in ("location", "notes", "pauses"):
            del session[key]
    data["schema"] = 4
    data["sha256"] = digest(data)
    backup.write_text(json.dumps(data))
    target = f"sqlite:///{tmp_path / 'b.db'}"
    assert main(["--db", target, "restore", str(backup)]) == 0
    info = Sessions(Store(target)).info(sid)
    assert (info.location, info.notes, info.paused, info.finished) == ("", "", False, True)
    capsys.readouterr()


def test_a_restore_refuses_a_place_no_other_door_admits(tmp_path, capsys):
    source = f"sqlite:///{tmp_path / 'a.db'}"
    import_text(Sessions(Store(source)), (ROOT / "examples/sheriff/scoresheet-3-deals.json").read_bytes())
    backup = tmp_path / "backup.json"
    assert main(["--db", source, "backup", str(backup)]) == 0
    data = json.loads(backup.read_text())
    data["sessions"][0]["location"] = "Aki's\x1b[2Jkitchen"
    data["sha256"] = digest(data)
    backup.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["--db", f"sqlite:///{tmp_path / 'b.db'}", "restore", str(backup)]) == 1
    err = capsys.readouterr().err
    assert "session 1: The place holds a control character (␛)" in err and "Nothing was restored." in err


def test_the_command_line_sets_the_place_and_notes_and_pauses_the_clock(run):
    code, out, err = run("new", "sheriff", "Aki", "Ben", "Chie", "--location", "Aki's kitchen", "--notes", "No Joker")
    assert (code, out) == (0, "1\n"), err
    assert run("pause", "1")[1] == "Paused: the clock is stopped (companion resume 1 starts it again).\n"
    shown = run("show", "1")[1].splitlines()
    assert shown[1:4] == [
        "Place: Aki's kitchen",
        "Notes: No Joker",
        "Paused: the clock is stopped (companion resume 1 starts it again).",
    ]
    assert run("--lang", "ja", "resume", "1")[1] == "時計は動いています。\n"
    assert run("note", "1", "--notes", "Ben brought tea")[1] == "Place: Aki's kitchen\nNotes: Ben brought tea\n"
    assert run("note", "1", "--location", "")[1] == "Notes: Ben brought tea\n"  # '' says nowhere
    code, _, err = run("note", "1", "--location", "x" * 41)
    assert code == 1 and err.startswith("The place is 41 characters long; 40 at most")
    assert run("note", "2")[2] == "There is no session 2.\n"
    code, _, err = run("record", "1", json.dumps(SHERIFF["deals"][0]))
    assert code == 0, err
    for deal in SHERIFF["deals"][1:]:
        assert run("record", "1", json.dumps(deal))[0] == 0
    code, _, err = run("pause", "1")
    assert code == 1 and err.startswith("This game is over: its time ended with its last entry")


def test_a_kings_session_of_schema_5_keeps_the_reading_it_was_scored_by(tmp_path):
    """A KINGs session stored before ``bond_is_a_bid`` was a setting was scored counting a missed
    Bond as a missed bid: opened by this Companion (schema 6) it keeps that reading, and its
    score; a new session takes the new default; a backup of schema 5 restores the same way."""
    from companion.store.backup import restore, snapshot

    path = tmp_path / "old.db"
    sessions = Sessions(Store(f"sqlite:///{path}"))
    record = json.loads((ROOT / "examples/kings/game-5p.json").read_text())
    sid = import_text(sessions, json.dumps(record).encode())
    old = snapshot(sessions.store)  # as schema 5 wrote a backup of it: the same header, schema 5
    old.pop("left_out")
    old["schema"] = 5
    for session in old["sessions"]:  # schema 5 sealed no entry
        for entry in session["log"]:
            del entry["seal"]
    old["sha256"] = digest(old)
    sessions.store.engine.dispose()
    with sqlite3.connect(path) as conn:  # as schema 5 stored it: no bond_is_a_bid in its header
        conn.execute("UPDATE meta SET value = '5' WHERE key = 'schema_version'")
        conn.execute("ALTER TABLE entries DROP COLUMN seal")
    again = Sessions(Store(f"sqlite:///{path}"))
    assert again.store.schema_version() == SCHEMA_VERSION
    assert again.open(sid).position.header["settings"] == {"bond_is_a_bid": True}
    chie = again.open(sid).position.scored.standings.places[0]
    assert (chie.player, chie.total) == ("Chie", 340)
    new = import_text(again, json.dumps(record).encode())  # stored now: the rule as the seeds read it
    assert again.open(new).position.scored.standings.places[0].total == 250
    # a backup written at schema 5 (its header without the setting) restores with the reading kept
    restored = Sessions(Store(f"sqlite:///{tmp_path / 'restored.db'}"))
    restore(restored.store, json.dumps(old).encode())
    assert restored.open(sid).position.scored.standings.places[0].total == 340
