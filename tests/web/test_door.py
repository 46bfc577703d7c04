"""``companion record`` in another terminal while ``companion serve`` serves the database: the entry
goes through the server's door (``companion.web.door``), with the database open there, prints what
the command prints when it records itself, and reaches an open page at once. Real processes, a
real SQLite file, real HTTP on 127.0.0.1."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from companion.store.database import Store
from companion.store.sessions import Sessions
from companion.web.door import HEADER, PATH, _file
from companion.web.links import SessionLinks
from scoring.registry import get
from tests.web.served import ROOT, Stream, one_server_for_the_module, serve

pytestmark = pytest.mark.xdist_group("door")

db, table, server = one_server_for_the_module("door")

DEAL = "deal joker=Ben Aki=mayor Ben=robber Chie=sheriff trump=spades"


def dealt(sessions: Sessions) -> int:
    """A Sheriff session with its deal recorded: Aki leads."""
    sid = sessions.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    live = sessions.open(sid)
    sessions.append(live, get("sheriff").parse(DEAL, live.position))
    return sid


def record(url: str, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """``companion --db URL record ARGS…`` as a second terminal runs it."""
    return command(url, "record", *args, stdin=stdin)


def command(url: str, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """``companion --db URL ARGS…`` as a second terminal runs it, its imports listed on stderr
    (``-X importtime``) after what it says there."""
    return subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "companion", "--db", url, *args],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def said(done: subprocess.CompletedProcess) -> str:
    """What the command said on stderr, without the import times."""
    return "".join(line + "\n" for line in done.stderr.splitlines() if not line.startswith("import time:"))


def loaded_the_database(done: subprocess.CompletedProcess) -> bool:
    return any(line.rstrip().endswith("sqlalchemy") for line in done.stderr.splitlines())


def test_an_entry_goes_through_the_door_and_prints_what_recording_it_here_prints(db, table, server, tmp_path):
    sid = dealt(table)
    alone = f"sqlite:///{tmp_path / 'alone.db'}"  # the same table, no server: the command records itself
    other = Sessions(Store(alone))
    assert dealt(other) == 1
    served, itself = record(db, str(sid), "Ks"), record(alone, "1", "Ks")
    assert served.returncode == itself.returncode == 0, said(served) + said(itself)
    assert served.stdout == itself.stdout and "Aki" in served.stdout  # the standings, printed alike
    assert not loaded_the_database(served) and loaded_the_database(itself)  # SQLAlchemy: the server's
    assert table.entries(sid)[-1] == other.entries(1)[-1] == get("sheriff").parse("Ks", table.open(sid).position)
    # a refusal: the same reason and rule, the same exit code, nothing recorded
    wrong, wrong_here = record(db, str(sid), "Kx"), record(alone, "1", "Kx")
    assert wrong.returncode == wrong_here.returncode == 1
    assert said(wrong) == said(wrong_here) and "rule: sheriff.cards" in said(wrong)
    assert not loaded_the_database(wrong) and len(table.entries(sid)) == 2
    # a session that is not there, in Japanese: the store's own sentence
    missing, missing_here = record(db, "999", "Ks", "--lang", "ja"), record(alone, "999", "Ks", "--lang", "ja")
    assert missing.returncode == missing_here.returncode == 1 and said(missing) == said(missing_here) != ""
    # read from standard input, as a script pipes it
    piped = record(db, str(sid), "-", stdin="Kh\n")
    assert piped.returncode == 0 and not loaded_the_database(piped) and len(table.entries(sid)) == 3


def test_a_session_is_shown_through_the_door_as_reading_it_here_shows_it(db, table, server, capsys, monkeypatch):
    from companion.cli import main

    sid = dealt(table)
    table.note(sid, location="Aki's kitchen", notes="jokers wild")
    for lang in ("en", "ja"):
        served = command(db, "show", str(sid), "--lang", lang)
        assert served.returncode == 0 and not loaded_the_database(served) and "Aki's kitchen" in served.stdout
        with monkeypatch.context() as here:  # the same command reading the database itself, in this process
            here.setattr("companion.cli.sessions.knock", lambda *_: None)
            capsys.readouterr()
            assert main(["--db", db, "show", str(sid), "--lang", lang]) == 0
            assert capsys.readouterr().out == served.stdout
    missing = command(db, "show", "999", "--lang", "ja")
    with monkeypatch.context() as here:
        here.setattr("companion.cli.sessions.knock", lambda *_: None)
        capsys.readouterr()
        assert main(["--db", db, "show", "999", "--lang", "ja"]) == missing.returncode == 1
        assert capsys.readouterr().err == said(missing) != ""


def test_an_open_page_shows_the_entry_the_door_took(db, table, server):
    sid = dealt(table)
    href = f"/t/{SessionLinks(table).session_token(table.info(sid).uid)}"
    stream = Stream(server, href + "/events")
    try:
        stream.next()
        done = record(db, str(sid), "Ks")
        assert done.returncode == 0 and not loaded_the_database(done)
        pushed = stream.until(table.info(sid).revision)
        assert "Ks" in pushed.data or "King" in pushed.data
    finally:
        stream.close()


def test_the_door_is_the_users_alone_and_opens_for_its_key_only(db, table, server):
    sid = dealt(table)
    file = _file(Store(db).url)
    assert file is not None and file.is_file() and file.stat().st_mode & 0o777 == 0o600
    assert file.parent.stat().st_mode & 0o777 == 0o700
    door = json.loads(file.read_text())
    assert set(door) == {"host", "port", "key", "pid"} and door["host"] == "127.0.0.1"
    import http.client

    for key in ("", "not-the-key", door["key"][:-1]):
        link = http.client.HTTPConnection(door["host"], door["port"], timeout=10)
        body = json.dumps({"session": sid, "entry": "Ks", "lang": "en"})
        link.request("POST", PATH, body, {HEADER: key} if key else {})
        assert link.getresponse().status == 404
        link.close()
    assert len(table.entries(sid)) == 1  # nothing recorded without the key


def test_a_door_left_by_a_server_that_died_is_passed_by_and_one_that_stops_is_closed(tmp_path):
    url = f"sqlite:///{tmp_path / 'c.db'}"
    sessions = Sessions(Store(url))
    sid = dealt(sessions)
    running = serve(url)
    try:
        file = _file(Store(url).url)
        assert file is not None and file.is_file()
    finally:
        running.process.send_signal(signal.SIGKILL)  # a crash: the door file stays behind
        running.process.communicate(timeout=15)
    assert file.is_file()
    done = record(url, str(sid), "Ks")
    assert done.returncode == 0 and loaded_the_database(done)  # recorded here, as without a server
    assert len(sessions.entries(sid)) == 2
    again = serve(url)  # a new server opens its own door; stopped, it closes it
    try:
        assert json.loads(file.read_text())["pid"] == again.process.pid
    finally:
        code, _, _ = again.stop()
    assert code == 0 and not file.exists()


def test_a_door_names_its_database_by_the_file_whatever_the_spelling(tmp_path):
    from companion.web.door import identity

    (tmp_path / "sub").mkdir()
    path = tmp_path / "c.db"
    path.write_bytes(b"")
    spelled = [
        f"sqlite:///{path}",
        f"sqlite:///{tmp_path / 'sub' / '..' / 'c.db'}",
        f"sqlite:///file:{path}?mode=ro&uri=true",
    ]
    assert len({identity(url) for url in spelled}) == 1
    assert identity(f"sqlite:///{tmp_path / 'none.db'}") is None  # no file: nothing serves it
    assert identity("postgresql+psycopg://u:secret@host/db") == "host/db"  # never the password
    assert Path(_file(spelled[0])).suffix == ".json"
