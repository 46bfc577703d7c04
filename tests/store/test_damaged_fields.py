"""One flipped bit outside an entry's payload, in a real SQLite file: a stored time (month 13, a
byte no longer UTF-8), a header no longer JSON, an entry's time, the stored standings.
``PRAGMA integrity_check`` still says ok; that session opens read-only with the reason (or, without
its header, says why it cannot be opened), every other session works as before, and ``backup``
saves what can be read and says what it left out — never a traceback."""

import json
import sqlite3
from pathlib import Path

import pytest

from companion.cli import main
from companion.exports.native import import_text
from companion.store.database import Store
from companion.store.sessions import Sessions

ROOT = Path(__file__).resolve().parents[2]
SHERIFF = json.loads((ROOT / "examples/sheriff/scoresheet-3-deals.json").read_text())
TABLES = (["Aki", "Ben", "Chie"], ["Dan", "Emi", "Fumi"], ["Gen", "Hana", "Ichi"])


@pytest.fixture
def history(tmp_path):
    """Three finished Sheriff games of three different tables, closed: every byte in the file."""
    path = tmp_path / "c.db"
    sessions = Sessions(Store(f"sqlite:///{path}"))
    for names in TABLES:
        text = json.dumps(SHERIFF)
        for old, new in zip(TABLES[0], names, strict=True):
            text = text.replace(f'"{old}"', f'"{new}"')
        import_text(sessions, text.encode())
    sessions.store.engine.dispose()
    return path


def stored(path: Path, query: str) -> str:
    with sqlite3.connect(path) as conn:
        return conn.execute(query).fetchone()[0]


def flip(path: Path, text: str, at: int, bit: int, after: str = "") -> None:
    """Flip one bit of the byte ``at`` of ``text``, found once in the file's bytes (right after
    ``after``, the column before it in the row, where the same text is stored more than once)."""
    raw = bytearray(path.read_bytes())
    place = (after + text).encode()
    assert raw.count(place) == 1, text
    raw[raw.index(place) + len(after.encode()) + at] ^= 1 << bit
    path.write_bytes(bytes(raw))
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"  # SQLite sees nothing wrong


@pytest.fixture
def cli(capsys):
    def run(path: Path, *args: str) -> tuple[int, str, str]:
        code = main(["--db", f"sqlite:///{path}", *args])
        out = capsys.readouterr()
        assert "Traceback" not in out.err
        return code, out.out, out.err

    return run


def the_others_work(cli, path: Path, before: dict[str, str], damaged: int) -> None:
    """Every other session shows and exports exactly as before the flip."""
    for sid in ("1", "2", "3"):
        if sid == str(damaged):
            continue
        code, out, err = cli(path, "show", sid)
        assert (code, out) == (0, before[sid]), err
        for fmt in ("json", "csv", "md", "bgstats", "bgg"):
            assert cli(path, "export", sid, "--format", fmt)[0] == 0


def shown(cli, path: Path) -> dict[str, str]:
    return {sid: cli(path, "show", sid)[1] for sid in ("1", "2", "3")}


@pytest.mark.parametrize(
    ("column", "at", "bit", "what"),
    [
        ("created_at", 6, 1, "its start time ('2026-13-"),  # November's 1 flipped to a 3: month 13
        ("updated_at", 0, 7, "the time of its last change ('\ufffd026-"),  # no longer UTF-8
    ],
)
def test_a_flipped_bit_in_a_stored_time_makes_that_session_read_only_and_nothing_else(
    history, cli, tmp_path, column, at, bit, what
):
    before = shown(cli, history)
    # a row's columns lie one after the other in the file: the time is found after the one before it
    previous = {"created_at": "header", "updated_at": "created_at"}[column]
    row = "FROM sessions WHERE id = 2"
    flip(history, stored(history, f"SELECT {column} {row}"), at, bit, after=stored(history, f"SELECT {previous} {row}"))
    code, out, _ = cli(history, "sessions")
    assert code == 0 and len(out.splitlines()) == 3 and "Dan, Emi, Fumi" in out
    code, out, err = cli(history, "show", "2")
    assert code == 1 and out == before["2"]  # everything of it shows …
    assert f"This session is read-only: {what}" in err and "is damaged in the database" in err  # … and why
    code, _, err = cli(history, "record", "2", "bust")
    assert code == 1 and "read-only" in err
    code, _, err = cli(history, "undo", "2")
    assert code == 1 and "read-only" in err
    assert cli(history, "export", "2")[0] == 0  # it can be kept
    the_others_work(cli, history, before, damaged=2)
    code, out, _ = cli(history, "stats", "sheriff")
    assert code == 0 and out.startswith("Sheriff: 3 games,")
    code, out, err = cli(history, "backup", str(tmp_path / "b.json"))
    assert code == 1 and out.startswith("Wrote 3 sessions and 9 players")
    assert f"Session 2: {what.split(' (')[0]} was damaged" in err and "instead" in err
    assert cli(tmp_path / "restored.db", "restore", str(tmp_path / "b.json"))[0] == 0
    assert shown(cli, tmp_path / "restored.db") == before  # what was read is all there


def test_a_header_that_is_no_longer_json_is_said_and_backed_up_without(history, cli, tmp_path):
    before = shown(cli, history)
    flip(history, stored(history, "SELECT header FROM sessions WHERE id = 2"), 0, 0)  # "{" is "z" now
    code, out, _ = cli(history, "sessions")
    assert code == 0 and "(damaged: companion show 2 says why)" in out
    code, _, err = cli(history, "show", "2")
    assert code == 1 and "Session 2 cannot be opened: its header" in err and "damaged in the database" in err
    for command in (["export", "2"], ["export", "2", "--format", "bgg"], ["qr", "2"], ["record", "2", "bust"]):
        code, _, err = cli(history, *command)
        assert code == 1 and "its header" in err, command
    the_others_work(cli, history, before, damaged=2)
    code, out, err = cli(history, "backup", str(tmp_path / "b.json"))
    assert code == 1 and out.startswith("Wrote 2 sessions and 9 players")
    assert "Left out session 2: its header (the players and options) is damaged in the database." in err
    assert cli(tmp_path / "restored.db", "restore", str(tmp_path / "b.json"))[0] == 0
    restored = shown(cli, tmp_path / "restored.db")
    assert restored["1"] == before["1"] and restored["3"] == before["3"]


def test_a_flipped_bit_in_an_entrys_time_makes_its_session_read_only(history, cli, tmp_path):
    before = shown(cli, history)
    entry = "FROM entries WHERE session_id = 3 AND seq = 2"  # its payload, then its time
    flip(history, stored(history, f"SELECT created_at {entry}"), 5, 4, after=stored(history, f"SELECT payload {entry}"))
    code, _, err = cli(history, "show", "3")
    assert code == 1 and "read-only: the time of entry 2" in err
    the_others_work(cli, history, before, damaged=3)
    code, _, err = cli(history, "backup", str(tmp_path / "b.json"))
    assert code == 1 and "Session 3: the time of entry 2 was damaged" in err


def test_damaged_standings_are_worked_out_again_from_the_entries(history, cli, tmp_path):
    before = shown(cli, history)
    flip(history, stored(history, "SELECT standings FROM sessions WHERE id = 1"), 0, 0)
    assert shown(cli, history) == before  # the entries say them again
    code, out, _ = cli(history, "sessions")
    assert code == 0 and len(out.splitlines()) == 3
    assert ",Aki,1,9,1,yes," in cli(history, "history")[1]
    code, _, err = cli(history, "backup", str(tmp_path / "b.json"))
    assert code == 1 and "Session 1: its stored standings were damaged" in err
    assert cli(tmp_path / "restored.db", "restore", str(tmp_path / "b.json"))[0] == 0
    assert shown(cli, tmp_path / "restored.db") == before
    code, out, _ = cli(tmp_path / "restored.db", "stats", "sheriff")  # rebuilt when it was opened
    assert out.startswith("Sheriff: 3 games,")


def test_a_flipped_bit_in_a_place_or_the_pauses_is_said_by_the_backup_and_the_game_reads_on(history, cli, tmp_path):
    # played in the kitchen, over tea, its clock stopped once for half an hour
    stopped = '[["2026-11-22T10:25:00+00:00", "2026-11-22T10:55:00+00:00"]]'
    conn = sqlite3.connect(history)
    with conn:
        conn.execute("UPDATE sessions SET location = 'Kitchen', notes = 'Tea', pauses = ? WHERE id = 1", (stopped,))
    conn.close()  # every byte in the file again
    flip(history, "Kitchen", 0, 7)  # K (0x4b) is now 0xcb: no longer UTF-8
    flip(history, stopped, 0, 0)  # [ is now Z: no longer JSON
    code, out, _ = cli(history, "show", "1")
    assert code == 0 and "Place: \ufffditchen" in out and "Notes: Tea" in out and "Paused" not in out
    assert cli(history, "export", "1", "--format", "bgg")[0] == 0
    code, _, err = cli(history, "backup", str(tmp_path / "b.json"))
    assert code == 1 and "Session 1: its place was damaged; saved empty." in err
    assert "Session 1: its pauses were damaged; saved without them" in err
    assert cli(tmp_path / "restored.db", "restore", str(tmp_path / "b.json"))[0] == 0
    code, out, _ = cli(tmp_path / "restored.db", "show", "1")
    assert "Place:" not in out and "Notes: Tea" in out
