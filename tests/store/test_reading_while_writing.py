"""Reading never waits for a writer: while another program holds a write transaction on the
database (a second laptop recording, a script, a long import), ``sessions``, ``show``, ``export``,
``stats``, ``players``, ``history`` and ``backup`` read the history as it stands (SQLite's WAL
gives every reader its snapshot); only another write waits, and is told the database is busy."""

import contextlib
import io
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.exports.native import import_text
from companion.store.database import Store
from companion.store.sessions import Sessions

ROOT = Path(__file__).resolve().parents[2]

# another program: takes the write lock, writes a row, and holds the transaction open until told
HOLDER = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN IMMEDIATE")
conn.execute("INSERT INTO meta (key, value) VALUES ('held by', 'another program')")
print("holding", flush=True)
sys.stdin.readline()
conn.execute("ROLLBACK")
"""


@pytest.fixture
def held(tmp_path):
    """A history of two finished games, one of them stored without its standings (as a migration
    leaves it), and another process holding a write transaction on it."""
    path = tmp_path / "c.db"
    sessions = Sessions(Store(f"sqlite:///{path}"))
    for example in ("sheriff/scoresheet-3-deals.json", "trickster/scoresheet-4p.json"):
        import_text(sessions, (ROOT / "examples" / example).read_bytes())
    sessions.store.engine.dispose()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE sessions SET standings = NULL, winners = NULL WHERE id = 2")
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout.readline().strip() == "holding"
        yield f"sqlite:///{path}"
    finally:
        holder.stdin.close()
        holder.wait(timeout=30)


def command(url: str, *args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["--db", url, *args])
    return code, out.getvalue(), err.getvalue()


def test_every_reading_command_reads_while_another_program_writes(held, tmp_path):
    code, out, err = command(held, "sessions")
    assert code == 0 and len(out.splitlines()) == 2, err
    for args, words in (
        (["show", "1"], "Session 1 — Sheriff"),
        (["show", "2"], "Session 2 — Trickster: Champions of Time"),
        (["export", "1"], '"format": "companion-session"'),
        (["export", "2", "--format", "md"], "# Trickster"),
        (["export", "1", "--format", "bgg"], "<plays"),
        (["stats", "sheriff"], "Sheriff: 1 game"),
        (["stats", "trickster"], "Trickster: 1 game"),  # the one without stored standings too
        (["players"], "Aki"),
        (["history"], "session,date,game"),
        (["backup", str(tmp_path / "b.json")], "Wrote 2 sessions"),
    ):
        code, out, err = command(held, *args)
        assert code == 0 and words in out, (args, err)
        assert "locked" not in err
    code, _, err = command(held, "new", "sheriff", "Aki", "Ben", "Chie")  # a write still waits its turn
    assert code == 1 and "locked by another program; nothing was lost" in err


def test_a_table_opens_a_session_while_another_program_writes(held):
    sessions = Sessions(Store(held))
    live = sessions.open(1)
    assert live.info.finished and live.position.scored.standings.places[0].player == "Aki"


@pytest.mark.skipif(os.name != "posix", reason="the holder is a POSIX process")
def test_the_holder_really_holds_the_write_lock(held):
    conn = sqlite3.connect(held.removeprefix("sqlite:///"), timeout=0.1)
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        conn.execute("BEGIN IMMEDIATE")
    conn.close()
