"""A history on a read-only medium (a stick or a share mounted read-only, a folder without write
permission): SQLite cannot make the WAL's ``-shm`` beside it, so the database is opened read-only
(``mode=ro``, or ``immutable=1`` where the last writer left no ``-shm``). It can be listed, shown,
exported and backed up; everything that would write says that nothing can be recorded there, and
not a byte beside it or in it changes.

The folder is made really read-only: by its mode when the tests run as a user, and with the
immutable attribute (``chattr +i``, which binds root too) when they run as root; where the file
system has no such attribute and the tests run as root, the operating system cannot make a folder
read-only for them, and these tests are skipped with that reason."""

import contextlib
import io
import json
import os
import shutil
import stat
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.cli import main
from companion.exports.native import import_text
from companion.store.database import Store
from companion.store.sessions import Sessions

ROOT = Path(__file__).resolve().parents[2]
NOTHING_RECORDED = "nothing can be recorded there"


def _immutable(paths: list[Path], on: bool) -> bool:
    chattr = shutil.which("chattr")
    if chattr is None:
        return False
    done = subprocess.run([chattr, "+i" if on else "-i", *map(str, paths)], capture_output=True)
    return done.returncode == 0


@contextlib.contextmanager
def read_only(folder: Path) -> Iterator[None]:
    """``folder`` and everything in it read-only for this process, as a read-only mount is."""
    paths = [*folder.iterdir(), folder]
    modes = {p: p.stat().st_mode for p in paths}
    if os.geteuid() == 0:
        if not _immutable(paths, True):
            pytest.skip(
                "running as root on a file system without the immutable attribute (chattr +i): "
                "the operating system cannot make a folder read-only for root here"
            )
        undo = lambda: _immutable(paths, False)  # noqa: E731
    else:
        for p in paths:
            os.chmod(p, stat.S_IMODE(modes[p]) & ~0o222)
        undo = lambda: [os.chmod(p, stat.S_IMODE(modes[p])) for p in paths]  # noqa: E731
    try:
        with pytest.raises(OSError):  # really read-only: not even a new file can be made there
            (folder / "probe").write_text("x")
        yield
    finally:
        undo()


def command(url: str, *args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["--db", url, *args])
    assert "Traceback" not in err.getvalue()
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def stick(tmp_path) -> Path:
    """A folder (the stick) holding a history: a finished Sheriff game and an unfinished Phantom one."""
    folder = tmp_path / "stick"
    folder.mkdir()
    sessions = Sessions(Store(f"sqlite:///{folder / 'companion.db'}"))
    import_text(sessions, (ROOT / "examples/sheriff/scoresheet-3-deals.json").read_bytes())
    sessions.create("phantom", {"players": ["Aki", "Ben", "Chie", "Dan"]})
    sessions.store.engine.dispose()  # closed cleanly: no -wal, no -shm left beside it
    return folder


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def test_a_history_on_a_read_only_stick_is_read_exported_and_backed_up(stick, tmp_path):
    url = f"sqlite:///{stick / 'companion.db'}"
    shown = {args: command(url, *args) for args in (("sessions",), ("show", "1"))}
    with read_only(stick):
        before = files(stick)
        assert command(url, "sessions") == shown[("sessions",)]
        assert command(url, "show", "1") == shown[("show", "1")]
        for args, words in (
            (["show", "2"], "Session 2 — Tricks and the Phantom"),
            (["export", "1"], '"companion-session"'),
            (["export", "1", "--format", "bgg"], "<plays"),
            (["export", "1", "--format", "bgstats"], "createPlay"),
            (["stats", "sheriff"], "Sheriff: 1 game"),
            (["players"], "Chie"),
            (["history"], "session,date"),
            (["backup", str(tmp_path / "history.json")], "Wrote 2 sessions and 4 players"),
        ):
            code, out, err = command(url, *args)
            assert code == 0 and words in out, (args, err)
        for args in (
            ["new", "sheriff", "Aki", "Ben", "Chie"],
            ["record", "2", "Aki=10 Ben=P:red Chie=3 Dan=5"],
            ["undo", "1"],
            ["players", "rename", "Aki", "Akiko"],
            ["players", "merge", "Dan", "Aki"],
            ["import", str(ROOT / "examples/sheriff/game-6-deals.json")],
        ):
            code, _, err = command(url, *args)
            assert code == 1 and NOTHING_RECORDED in err, (args, err)
        assert files(stick) == before  # not a byte written, no -wal or -shm made
    restored = f"sqlite:///{tmp_path / 'copy.db'}"
    assert command(restored, "restore", str(tmp_path / "history.json"))[0] == 0
    assert command(restored, "show", "1") == shown[("show", "1")]


def test_a_stick_left_with_its_wal_shows_every_committed_entry(stick):
    url = f"sqlite:///{stick / 'companion.db'}"
    writer = (
        "import os, sys\n"
        "from companion.store.sessions import Sessions\n"
        "from companion.store.database import Store\n"
        f"Sessions(Store({url!r})).create('sheriff', {{'players': ['Emi', 'Fumi', 'Gen']}})\n"
        "os._exit(0)  # pulled out: no checkpoint, the new session is in the -wal only\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    subprocess.run([os.sys.executable, "-c", writer], check=True, env=env, cwd=ROOT)
    assert (stick / "companion.db-wal").exists() and (stick / "companion.db-shm").exists()
    with read_only(stick):
        code, out, err = command(url, "sessions")
        assert code == 0 and "Emi, Fumi, Gen" in out, err
        code, _, err = command(url, "record", "3", "bust")
        assert code == 1 and NOTHING_RECORDED in err


def test_a_read_only_file_that_is_no_database_is_still_refused_untouched(tmp_path):
    folder = tmp_path / "stick"
    folder.mkdir()
    (folder / "notes.db").write_text(json.dumps({"not": "a database"}) * 20)
    with read_only(folder):
        code, _, err = command(f"sqlite:///{folder / 'notes.db'}", "sessions")
        assert code == 1 and "not a Companion database" in err


@pytest.mark.asyncio
async def test_the_table_shows_a_read_only_session_and_says_nothing_can_be_recorded(stick):
    from screens.app import CompanionApp
    from screens.session import SessionScreen
    from tests.app.pilot import quiet

    with read_only(stick):
        app = CompanionApp(f"sqlite:///{stick / 'companion.db'}", "en")
        async with app.run_test(size=(80, 24)) as pilot:
            assert await app.store_open()
            await app.push_screen(SessionScreen(2))
            await quiet(pilot)
            heading = str(app.screen.query_one("#heading").render())
            assert heading.startswith("Session 2") and "(read-only)" in heading
            assert NOTHING_RECORDED in str(app.screen.query_one("#status").render())  # said at once
            await pilot.press(*"Aki=10 Ben=P:red Chie=3 Dan=5", "enter")  # and again if it is tried
            await quiet(pilot)
            assert NOTHING_RECORDED in str(app.screen.query_one("#status").render())
