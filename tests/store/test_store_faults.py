"""What another program, a bad path or a damaged byte does to Companion: a sentence and a non-zero
exit from the command line, never a traceback; a session that no longer replays opens read-only."""

import json
import sqlite3
from pathlib import Path

import pytest

from companion.cli import main
from companion.store.database import Store, StoreError
from companion.store.sessions import Sessions

ROOT = Path(__file__).resolve().parents[2]
DEALS = json.loads((ROOT / "examples/sheriff/scoresheet-3-deals.json").read_text())["deals"]


@pytest.fixture
def cli(capsys):
    def run(*args):
        code = main(list(args))
        out = capsys.readouterr()
        return code, out.out, out.err

    return run


def test_another_programs_sqlite_file_keeps_every_byte(tmp_path, cli):
    path = tmp_path / "theirs.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE recipes (name TEXT)")
        conn.execute("INSERT INTO recipes VALUES ('miso soup')")
    before = path.read_bytes()
    code, _, err = cli("--db", f"sqlite:///{path}", "sessions")
    assert code == 1 and "left untouched" in err
    assert path.read_bytes() == before  # bytes 18-19 too: it was not switched to WAL
    assert not Path(f"{path}-wal").exists()


@pytest.mark.parametrize(
    ("where", "words"),
    [
        (lambda tmp: tmp, "is a folder, not a database file"),
        (lambda tmp: (tmp / "plain.txt").joinpath("c.db"), "is a file, not a folder"),
    ],
)
def test_a_db_path_that_cannot_hold_a_database_is_a_sentence(tmp_path, cli, where, words):
    (tmp_path / "plain.txt").write_text("notes")
    code, _, err = cli("--db", f"sqlite:///{where(tmp_path)}", "sessions")
    assert code == 1 and words in err and "Traceback" not in err


def test_a_plain_path_is_taken_as_a_sqlite_file(tmp_path, cli):
    assert cli("--db", str(tmp_path / "plain.db"), "new", "sheriff", "Aki", "Ben", "Chie")[0] == 0
    assert (tmp_path / "plain.db").exists()


def test_a_damaged_schema_version_is_a_sentence(tmp_path, cli):
    url = f"sqlite:///{tmp_path / 'c.db'}"
    Store(url)
    with sqlite3.connect(tmp_path / "c.db") as conn:
        conn.execute("UPDATE meta SET value = '2x' WHERE key = 'schema_version'")
    code, _, err = cli("--db", url, "sessions")
    assert code == 1 and "damaged schema version ('2x')" in err


def test_db_may_also_come_after_the_command(tmp_path, cli):
    url = f"sqlite:///{tmp_path / 'c.db'}"
    assert cli("new", "sheriff", "Aki", "Ben", "Chie", "--db", url)[0] == 0
    code, out, _ = cli("sessions", "--db", url)
    assert code == 0 and "Aki, Ben, Chie" in out


def _damage_entry(path: Path, seq: int, payload: str) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE entries SET payload = ? WHERE seq = ?", (payload, seq))


def test_a_damaged_entry_opens_read_only_with_the_reason(tmp_path, cli):
    path = tmp_path / "c.db"
    url = f"sqlite:///{path}"
    sessions = Sessions(Store(url))
    sid = sessions.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    live = sessions.open(sid)
    for deal in DEALS[:2]:
        live = sessions.append(live, deal)
    _damage_entry(path, 2, json.dumps(DEALS[1])[:-7] + "x" + json.dumps(DEALS[1])[-6:])  # one byte
    info, position = sessions.snapshot(sid)
    entries, scored = position.entries, position.scored
    assert len(entries) == 1 and info.problem is not None
    assert info.problem.reason.startswith("This session is read-only")
    assert "Entry 2: It is damaged in the database" in info.problem.reason
    assert [s.total for s in scored.standings.places]  # what replays is shown
    with pytest.raises(Exception) as err:
        sessions.append(sessions.open(sid), DEALS[2])
    assert "read-only" in str(err.value)
    code, out, err_text = cli("--db", url, "show", str(sid))
    assert code == 1 and "Session 1" in out and "Entry 2: It is damaged" in err_text
    code, out, _ = cli("--db", url, "export", str(sid))  # the session can still be kept
    assert code == 0 and '"damaged"' in out
    assert sessions.undo(sessions.open(sid))[1] is not None  # undoing the damaged entry mends the session
    assert sessions.snapshot(sid)[0].problem is None


def test_an_entry_that_no_longer_replays_opens_read_only(tmp_path):
    path = tmp_path / "c.db"
    sessions = Sessions(Store(f"sqlite:///{path}"))
    sid = sessions.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    sessions.append(sessions.open(sid), DEALS[0])
    sessions.append(sessions.open(sid), DEALS[1])
    _damage_entry(path, 1, json.dumps({"roles": {"Aki": "mayor"}}))  # an older bug's entry
    info, position = sessions.snapshot(sid)
    assert position.entries == () and "Entry 1: Each of mayor, sheriff and robber" in info.problem.reason


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"game": ["trickster"], "players": ["A", "B"]}', "game is written as a word"),
        ('{"game": "trickster", "players": ["Aki", "Ben"], "rounds": [1]}', "is written as {…}"),
        (
            '{"format": "companion-session", "version": 1, "uid": "u", "game": "sheriff", "created_at": "yesterday", '
            '"header": {"players": ["A", "B", "C"]}, "entries": []}',
            "created_at must be a date",
        ),
        (
            '{"game": "phantom", "players": ["A", "B", "C", "D"], '
            '"rounds": [{"halves": [{"played": {"A": {"card": "²", "hint": "red"}}}]}]}',
            "is not a card",
        ),
        ("[" * 1000 + "]" * 1000, "nested more than 64"),
    ],
)
def test_import_and_score_of_malformed_files_say_why(tmp_path, cli, text, words):
    path = tmp_path / "bad.json"
    path.write_text(text)
    url = f"sqlite:///{tmp_path / 'c.db'}"
    for command in (["import", str(path)], ["score", str(path)]):
        code, _, err = cli("--db", url, *command)
        assert code in (1, 2) and "Traceback" not in err
    assert words in cli("--db", url, "import", str(path))[2]


def test_a_two_player_kings_scoresheet_imports_and_records_as_it_scores(tmp_path, cli):
    url = f"sqlite:///{tmp_path / 'c.db'}"
    example = ROOT / "examples/kings/scoresheet-2p-round1.json"
    code, _, err = cli("--db", url, "import", str(example))
    assert code == 0, err
    assert cli("--db", url, "show", "1")[0] == 0


@pytest.mark.parametrize("entry", ['{"pick": {"character": 7}}', '{"pick": {"king": ["red"]}}'])
def test_a_kings_pick_that_is_not_a_name_is_refused(tmp_path, cli, entry):
    url = f"sqlite:///{tmp_path / 'c.db'}"
    cli("--db", url, "new", "kings", "Aki", "Ben", "Chie", "Dan")
    code, _, err = cli("--db", url, "record", "1", entry)
    assert code == 1 and "written as" in err and "Traceback" not in err


@pytest.mark.parametrize("header", ['{"first": "Zed"}', '{"deck": 5}', '{"deck": "nope"}'])
def test_a_header_is_checked_when_the_game_is_created(tmp_path, cli, header):
    url = f"sqlite:///{tmp_path / 'c.db'}"
    code, _, err = cli("--db", url, "new", "trickster", "Aki", "Ben", "Chie", "Dan", "--header", header)
    assert code == 1 and "rule:" in err
    assert cli("--db", url, "sessions")[1].strip() == "No sessions yet."


def test_an_unknown_header_field_is_refused_naming_it_and_the_fields_the_game_takes(tmp_path, cli):
    url = f"sqlite:///{tmp_path / 'c.db'}"
    typo = '{"frist": "Chie", "dekc": "strategy"}'
    code, _, err = cli("--db", url, "new", "trickster", "Aki", "Ben", "Chie", "Dan", "--header", typo)
    assert code == 1 and "rule: record-format" in err
    assert (
        "The header has unknown fields 'frist' (did you mean 'first'?) and 'dekc' (did you mean 'deck'?); "
        "a Trickster: Champions of Time header takes deck, first, players and settings." in err
    )
    code, _, err = cli("--db", url, "--lang", "ja", "new", "phantom", "Aki", "Ben", "--header", '{"varaint": "poker"}')
    assert code == 1 and "ヘッダーに不明な項目があります：'varaint'" in err and "players、settings、variant" in err
    native = {
        "format": "companion-session",
        "version": 1,
        "uid": "u1",
        "game": "sheriff",
        "created_at": "2026-11-22T19:26:03+00:00",
        "header": {"players": ["Aki", "Ben", "Chie"], "deck": "strategy"},
        "entries": [],
    }
    (tmp_path / "s.json").write_text(json.dumps(native))
    code, _, err = cli("--db", url, "import", str(tmp_path / "s.json"))
    assert code == 1 and "unknown field 'deck'; a Sheriff header takes players and settings" in err
    assert cli("--db", url, "sessions")[1].strip() == "No sessions yet."
    code, out, _ = cli("--db", url, "new", "trickster", "Aki", "Ben", "Chie", "Dan", "--header", '{"first": "Chie"}')
    assert code == 0 and out.strip() == "1"


def test_louder_turns_say_what_they_hold(tmp_path, cli):
    url = f"sqlite:///{tmp_path / 'c.db'}"
    cli("--db", url, "new", "louder", "Aki", "Ben", "Chie")
    for entry, words in [
        ('{"draw": NaN}', "NaN is not a number"),
        ('{"draw": 1}', '"draw": true'),
        ('{"place": "score:3", "at": [0, 0], "says": true}', "what a player says is text"),
        ('{"draw": true, "use": "seeker"}', "exactly one action"),
    ]:
        code, _, err = cli("--db", url, "record", "1", entry)
        assert code == 1 and words in err, (entry, err)


def test_an_export_into_a_missing_folder_or_onto_a_folder_is_a_sentence(tmp_path, cli):
    url = f"sqlite:///{tmp_path / 'c.db'}"
    cli("--db", url, "new", "sheriff", "Aki", "Ben", "Chie")
    code, _, err = cli("--db", url, "export", "1", "-o", str(tmp_path / "missing" / "x.json"))
    assert code == 1 and "that folder does not exist" in err
    code, _, err = cli("--db", url, "export", "1", "-o", str(tmp_path))
    assert code == 1 and "cannot write the export" in err


def test_show_into_a_closed_pipe_ends_quietly(tmp_path):
    import subprocess
    import sys

    url = f"sqlite:///{tmp_path / 'c.db'}"
    sessions = Sessions(Store(url))
    sid = sessions.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    live = sessions.open(sid)
    for deal in DEALS:
        live = sessions.append(live, deal)
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        ["sh", "-c", f"{sys.executable} -m companion --db {url} show {sid} | head -1"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=60,
    )
    assert done.stdout.startswith("Session 1") and "Traceback" not in done.stderr
    assert "BrokenPipe" not in done.stderr


def test_a_store_error_names_the_database_not_a_traceback(tmp_path):
    with pytest.raises(StoreError):
        Store(f"sqlite:///{tmp_path}")


@pytest.mark.parametrize("name", ["X\x1b]0;PWNED\x07Y", "B\x1b[41mRED", "C\x1b[2J\x1b[HZ", "tab\there"])
def test_a_name_with_terminal_codes_is_refused_when_the_game_is_created(tmp_path, cli, name):
    url = f"sqlite:///{tmp_path / 'c.db'}"
    code, _, err = cli("--db", url, "new", "sheriff", name, "Ben", "Chie")
    assert code == 1 and "control character" in err and "\x1b" not in err
    assert cli("--db", url, "sessions")[1].strip() == "No sessions yet."
