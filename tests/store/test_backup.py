"""A whole history backed up to one file and restored: on real SQLite files and a real PostgreSQL
server (COMPANION_TEST_PG), everything lists and exports the same after it; a damaged, newer or
unknown file, or a database that already holds something, is refused and nothing is written."""

import contextlib
import io
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import create_engine, select, text

from companion.cli import main
from companion.exports.formats import NAMES
from companion.store.backup import digest
from companion.store.database import SCHEMA_VERSION, EntryRow, PlayerRow, SeatRow, SessionRow, Store
from companion.store.settings import AppSettings
from scoring.records import split_record
from scoring.registry import ids
from tests.pg import emptied

ROOT = Path(__file__).resolve().parents[2]
PG = os.environ.get("COMPANION_TEST_PG")
needs_pg = pytest.mark.skipif(not PG, reason="COMPANION_TEST_PG is not set (CI sets it to a real server)")
TABLES = [t.__table__ for t in (PlayerRow, SessionRow, SeatRow, EntryRow)]
# the one PostgreSQL database of COMPANION_TEST_PG is emptied by each test that uses it: these run on
# the same pytest-xdist worker as tests/store/test_postgres.py (make test: --dist loadgroup), never beside
pytestmark = pytest.mark.xdist_group("postgres")


@pytest.fixture(autouse=True)
def settings_file(tmp_path, monkeypatch):
    path = tmp_path / "config" / "settings.json"
    monkeypatch.setenv("COMPANION_CONFIG", str(path))
    return path


@pytest.fixture
def cli(capsys):
    """``companion --db URL ARGS…`` in this process: (exit code, stdout, stderr)."""

    def run(url, *args):
        code = main(["--db", url, *args])
        out = capsys.readouterr()
        return code, out.out, out.err

    return run


@pytest.fixture
def pg():
    """An empty PostgreSQL database (the tables dropped, as tests/store/test_postgres.py does)."""
    if not PG:
        pytest.skip("COMPANION_TEST_PG is not set")
    wipe_pg()
    return PG


def wipe_pg():
    emptied(PG)


def make_history(cli, url):
    """Several games: a finished Trickster game and a Sheriff scoresheet from examples/, a KINGs
    scoresheet, an unfinished Phantom session with an undone entry kept for redo, a renamed player,
    two players merged, and settings with a keymap."""
    for example in (
        "trickster/game-4p-introductory.json",
        "sheriff/scoresheet-3-deals.json",
        "kings/scoresheet-5p.json",
    ):
        code, out, err = cli(url, "import", str(ROOT / "examples" / example))
        assert code == 0, err
    game, header, entries = split_record(json.loads((ROOT / "examples/phantom/base-4p.json").read_text()))
    code, out, _ = cli(url, "new", game, *header["players"])
    phantom = out.strip()
    for entry in entries:
        assert cli(url, "record", phantom, json.dumps(entry))[0] == 0
    assert cli(url, "undo", phantom)[0] == 0  # kept for redo
    assert cli(url, "pause", phantom)[0] == 0  # its clock stopped: the pause comes along
    said = ("--location", "Aki's <kitchen>", "--notes", "No Joker rule.\nBen brought tea & 煎餅.")
    assert cli(url, "note", "2", *said)[0] == 0  # the Sheriff game: its place and notes come along
    code, out, _ = cli(url, "new", "sheriff", "Benji", "Chie", "Aki")
    assert code == 0
    assert cli(url, "players", "merge", "Benji", "Ben")[0] == 0
    assert cli(url, "players", "rename", "Dan", "Daniel")[0] == 0
    AppSettings(language="ja", keymap={"session.undo": "ctrl+u", "app.history": "H"}).save()


def outputs(cli, url):
    """Everything the commands show of a history: the lists, every stats table, every session in
    every export format."""
    shown = {}
    for args in (["sessions"], ["players"], ["sessions", "--player", "Ben"]):
        shown[" ".join(args)] = cli(url, *args)
    for game in ids():
        shown[f"stats {game}"] = cli(url, "stats", game)
    sids = [line.split()[0] for line in shown["sessions"][1].splitlines()]
    assert sids
    for sid in sids:
        shown[f"show {sid}"] = cli(url, "show", sid)
        for fmt in NAMES:
            shown[f"export {sid} {fmt}"] = cli(url, "export", sid, "--format", fmt)
    return shown


def rows(url):
    """Every row of every table, in key order, read through the store's column types (the times
    as instants in UTC, whatever the database keeps)."""
    engine = create_engine(url)
    with engine.connect() as conn:
        found = {t.name: [tuple(r) for r in conn.execute(select(t).order_by(*t.primary_key))] for t in TABLES}
    engine.dispose()
    return found


def round_trip(cli, source, target, backup_file, settings_file):
    make_history(cli, source)
    before = outputs(cli, source)
    saved = settings_file.read_text()
    code, out, err = cli(source, "backup", str(backup_file))
    assert code == 0, err
    assert out == f"Wrote 5 sessions, 6 players and the settings to {backup_file}.\n"
    settings_file.unlink()
    code, out, err = cli(target, "restore", str(backup_file))
    assert code == 0, err
    assert out == f"Restored 5 sessions, 6 players and the settings from {backup_file}.\n"
    assert settings_file.read_text() == saved
    assert AppSettings.load().keymap == {"session.undo": "ctrl+u", "app.history": "H"}
    after = outputs(cli, target)
    assert after == before
    return before


def a_session_after_the_restore_works(cli, url):
    code, out, err = cli(url, "new", "sheriff", "Aki", "Ben", "Fumi")
    assert code == 0, err
    assert out.strip() == "6"  # after the restored ids
    deals = json.loads((ROOT / "examples/sheriff/scoresheet-3-deals.json").read_text())["deals"]
    for deal in deals:
        deal = json.loads(json.dumps(deal).replace("Chie", "Fumi"))
        code, _, err = cli(url, "record", "6", json.dumps(deal))
        assert code == 0, err
    assert cli(url, "undo", "6")[0] == 0 and cli(url, "redo", "6")[0] == 0
    assert "Fumi" in cli(url, "players")[1]
    engine = create_engine(url)
    with engine.connect() as conn:  # the new rows took fresh ids after the restored ones
        assert conn.execute(text("SELECT MAX(id) FROM players")).scalar() == 7
        assert conn.execute(text("SELECT COUNT(*) FROM entries WHERE session_id = 6")).scalar() == 3
    engine.dispose()


# --- round trips -----------------------------------------------------------------------------------


def test_a_history_round_trips_between_sqlite_files(cli, tmp_path, settings_file):
    a, b = f"sqlite:///{tmp_path / 'a.db'}", f"sqlite:///{tmp_path / 'b.db'}"
    shown = round_trip(cli, a, b, tmp_path / "history.backup.json", settings_file)
    assert rows(a) == rows(b)
    assert "unfinished" in shown["sessions"][1] and "Benji" not in shown["players"][1]
    assert "Daniel" in shown["players"][1]
    assert cli(b, "redo", "4")[1].startswith("redo: ")  # the undone Phantom half came along
    a_session_after_the_restore_works(cli, b)


def test_the_backup_file_holds_every_row_with_its_times_and_checksum(cli, tmp_path):
    url = f"sqlite:///{tmp_path / 'a.db'}"
    make_history(cli, url)
    target = tmp_path / "f.json"
    target.write_text("an older backup")  # replaced whole
    assert cli(url, "backup", str(target))[0] == 0
    data = json.loads(target.read_text(encoding="utf-8"))
    assert (data["format"], data["version"], data["schema"]) == ("companion-backup", 1, SCHEMA_VERSION)
    assert data["sha256"] == digest(data)
    assert data["settings"] == {"language": "ja", "keymap": {"session.undo": "ctrl+u", "app.history": "H"}}
    assert {p["name"]: p["merged_into"] for p in data["players"]}["Benji"] is not None
    phantom = next(s for s in data["sessions"] if s["game"] == "phantom")
    assert [e["active"] for e in phantom["log"]] == [True, False] and phantom["finished_at"] is None
    assert json.loads(phantom["pauses"])[0][1] is None  # stopped when it was backed up
    sheriff = next(s for s in data["sessions"] if s["game"] == "sheriff" and s["entries"])
    assert (sheriff["location"], sheriff["notes"]) == ("Aki's <kitchen>", "No Joker rule.\nBen brought tea & 煎餅.")
    assert phantom["created_at"].endswith("+00:00")
    assert sum(len(s["log"]) for s in data["sessions"]) == len(rows(url)["entries"])
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_backup_and_restore_as_real_commands(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COMPANION_CONFIG": str(tmp_path / "settings.json")}

    def companion(*args):
        return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True, env=env)

    a, b, f = tmp_path / "a.db", tmp_path / "b.db", tmp_path / "f.json"
    assert companion("--db", str(a), "import", str(ROOT / "examples/sheriff/game-6-deals.json")).returncode == 0
    done = companion("--db", str(a), "backup", str(f))
    assert done.returncode == 0 and done.stdout == f"Wrote 1 session and 3 players to {f}.\n"  # no settings saved
    done = companion("--db", str(b), "restore", str(f))
    assert done.returncode == 0 and done.stdout == f"Restored 1 session and 3 players from {f}.\n"
    assert not (tmp_path / "settings.json").exists()  # the backup held none: the file is left alone
    again = companion("--db", str(b), "restore", str(f))
    assert again.returncode == 1 and "Traceback" not in again.stderr and "already holds 1 session" in again.stderr
    assert companion("--db", str(a), "sessions").stdout == companion("--db", str(b), "sessions").stdout


def test_an_empty_history_round_trips(cli, tmp_path, settings_file):
    a, b, f = f"sqlite:///{tmp_path / 'a.db'}", f"sqlite:///{tmp_path / 'b.db'}", tmp_path / "f.json"
    assert cli(a, "backup", str(f))[1] == f"Wrote 0 sessions and 0 players to {f}.\n"
    settings_file.parent.mkdir()
    settings_file.write_text('{"language": "en"}')
    assert cli(b, "restore", str(f))[1] == f"Restored 0 sessions and 0 players from {f}.\n"
    assert settings_file.read_text() == '{"language": "en"}'


def test_the_last_game_started_goes_with_the_settings(cli, tmp_path, settings_file):
    # the new-game form opens on it (issue 33): a restored laptop opens on the same game
    a, b, f = f"sqlite:///{tmp_path / 'a.db'}", f"sqlite:///{tmp_path / 'b.db'}", tmp_path / "f.json"
    AppSettings(language="ja", last_game="kings").save()
    assert cli(a, "backup", str(f))[0] == 0
    assert json.loads(f.read_text(encoding="utf-8"))["settings"]["last_game"] == "kings"
    settings_file.unlink()
    assert cli(b, "restore", str(f))[0] == 0
    assert AppSettings.load() == AppSettings(language="ja", last_game="kings")


@needs_pg
def test_a_history_round_trips_from_sqlite_to_postgres(cli, tmp_path, pg, settings_file):
    a = f"sqlite:///{tmp_path / 'a.db'}"
    round_trip(cli, a, pg, tmp_path / "f.json", settings_file)
    assert rows(a) == rows(pg)
    a_session_after_the_restore_works(cli, pg)  # the sequences were moved past the restored ids


@needs_pg
def test_a_history_round_trips_through_postgres(cli, tmp_path, pg, settings_file):
    """Backed up from PostgreSQL, the database emptied, restored into it; then into SQLite."""
    make_history(cli, pg)
    before, kept = outputs(cli, pg), rows(pg)
    f = tmp_path / "f.json"
    assert cli(pg, "backup", str(f))[0] == 0
    wipe_pg()
    code, out, err = cli(pg, "restore", str(f))
    assert code == 0 and out.startswith("Restored 5 sessions, 6 players and the settings"), err
    assert outputs(cli, pg) == before and rows(pg) == kept
    local = f"sqlite:///{tmp_path / 'local.db'}"
    assert cli(local, "restore", str(f))[0] == 0
    assert outputs(cli, local) == before
    a_session_after_the_restore_works(cli, pg)


# --- refusals --------------------------------------------------------------------------------------


def _changed(change):
    def apply(raw: bytes) -> bytes:
        data = json.loads(raw)
        change(data)
        data["sha256"] = digest(data)
        return json.dumps(data).encode()

    return apply


def _flip(raw: bytes) -> bytes:
    at = raw.index(b"Daniel")
    return raw[:at] + b"Danial" + raw[at + 6 :]


def _unseat(data):
    data["sessions"][0]["seats"][0]["player"] = 999


REFUSALS = {
    "newer version": (
        _changed(lambda d: d.update(version=2)),
        "newer Companion (backup version 2; this one reads version 1)",
    ),
    "newer schema": (
        _changed(lambda d: d.update(schema=SCHEMA_VERSION + 1)),
        f"newer Companion (database schema {SCHEMA_VERSION + 1}; this one reads up to {SCHEMA_VERSION})",
    ),
    "truncated": (lambda raw: raw[: len(raw) // 2], "damaged: it is not JSON (it ends too early: truncated?)"),
    "flipped byte": (_flip, "damaged: its checksum does not match its contents"),
    "not JSON": (lambda raw: b"PK\x03\x04 a zip file", "damaged: it is not"),
    "not a backup": (lambda raw: b'{"format": "companion-session", "version": 1}', "not a Companion backup"),
    "no checksum": (lambda raw: json.dumps({**json.loads(raw), "sha256": None}).encode(), "has no checksum"),
    "unknown game": (
        _changed(lambda d: d["sessions"][1].update(game="zeppelin")),
        "a game of 'zeppelin', which this Companion does not know",
    ),
    "missing field": (_changed(lambda d: d["sessions"][2].pop("uid")), "damaged: session 3 has no 'uid'"),
    "seat without its player": (_changed(_unseat), "points at player 999, who is not in the file"),
    "merge without its player": (
        _changed(lambda d: d["players"][0].update(merged_into=999)),
        "is merged into player 999, who is not in the file",
    ),
}


@pytest.fixture(scope="module")
def backup_bytes(tmp_path_factory):
    """A backup of the history ``make_history`` makes, written once for the refusal tests."""
    folder = tmp_path_factory.mktemp("source")

    def quiet(url, *args):
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            code = main(["--db", url, *args])
        return code, out.getvalue(), ""

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("COMPANION_CONFIG", str(folder / "settings.json"))
        url = f"sqlite:///{folder / 'a.db'}"
        make_history(quiet, url)
        assert quiet(url, "backup", str(folder / "f.json"))[0] == 0
    return (folder / "f.json").read_bytes()


def dump(path: Path) -> list[str]:
    with sqlite3.connect(path) as conn:
        return list(conn.iterdump())


@pytest.mark.parametrize("case", REFUSALS)
def test_a_bad_file_is_refused_and_nothing_is_written(case, cli, tmp_path, backup_bytes, settings_file, capsys):
    change, reason = REFUSALS[case]
    bad = tmp_path / "bad.json"
    bad.write_bytes(change(backup_bytes))
    db = tmp_path / "target.db"
    Store(f"sqlite:///{db}")  # an empty Companion database
    settings_file.parent.mkdir()
    settings_file.write_text('{"language": "en", "keymap": {}}')
    before = dump(db)
    code, out, err = cli(f"sqlite:///{db}", "restore", str(bad))
    assert code == 1 and out == "" and "Traceback" not in err
    assert err.startswith(f"{bad}: ") and reason in err and "Nothing was restored" in err.replace("nothing", "Nothing")
    assert dump(db) == before
    assert settings_file.read_text() == '{"language": "en", "keymap": {}}'


def test_a_database_that_holds_anything_is_refused_and_left_as_it_was(cli, tmp_path, backup_bytes, settings_file):
    f = tmp_path / "f.json"
    f.write_bytes(backup_bytes)
    url = f"sqlite:///{tmp_path / 'b.db'}"
    cli(url, "new", "sheriff", "Yui", "Zen", "Ami")
    before = dump(tmp_path / "b.db")
    code, out, err = cli(url, "restore", str(f))
    assert code == 1 and out == ""
    assert "already holds 1 session and 3 players" in err and "restore into a new database with --db" in err
    assert dump(tmp_path / "b.db") == before
    assert not settings_file.exists()


@needs_pg
def test_a_postgres_database_that_holds_anything_is_refused(cli, tmp_path, pg, backup_bytes):
    f = tmp_path / "f.json"
    f.write_bytes(backup_bytes)
    cli(pg, "new", "sheriff", "Yui", "Zen", "Ami")
    before = rows(pg)
    code, _, err = cli(pg, "restore", str(f))
    assert code == 1 and "already holds 1 session and 3 players" in err
    assert rows(pg) == before


@needs_pg
def test_a_bad_file_leaves_postgres_untouched(cli, tmp_path, pg, backup_bytes):
    f = tmp_path / "f.json"
    f.write_bytes(_changed(_unseat)(backup_bytes))
    Store(pg)
    code, _, err = cli(pg, "restore", str(f))
    assert code == 1 and "who is not in the file" in err
    assert rows(pg) == {t.name: [] for t in TABLES}


def test_a_backup_to_a_path_that_cannot_be_written_is_refused(cli, tmp_path):
    url = f"sqlite:///{tmp_path / 'a.db'}"
    cli(url, "new", "sheriff", "Aki", "Ben", "Chie")
    code, out, err = cli(url, "backup", str(tmp_path / "no such folder" / "f.json"))
    assert code == 1 and out == "" and "does not exist" in err
    code, out, err = cli(url, "backup", str(tmp_path))
    assert code == 1 and "is a folder" in err
    code, _, err = cli(url, "restore", str(tmp_path / "missing.json"))
    assert code == 2 and "cannot read the file" in err


def test_a_bad_file_is_refused_before_a_new_database_is_created(cli, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    code, _, err = cli(f"sqlite:///{tmp_path / 'new.db'}", "restore", str(bad))
    assert code == 1 and "truncated" in err and not (tmp_path / "new.db").exists()


def test_settings_that_cannot_be_written_refuse_the_restore_before_anything(cli, tmp_path, backup_bytes, monkeypatch):
    f = tmp_path / "f.json"
    f.write_bytes(backup_bytes)
    (tmp_path / "a file").write_text("")
    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "a file" / "settings.json"))
    url = f"sqlite:///{tmp_path / 'b.db'}"
    Store(url)
    code, _, err = cli(url, "restore", str(f))
    assert code == 1 and "settings cannot be written" in err and "nothing was restored" in err
    assert rows(url) == {t.name: [] for t in TABLES}
