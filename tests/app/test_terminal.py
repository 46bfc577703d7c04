"""A closed terminal ends the app, whatever started it: the installed ``companion`` command, and
``make run`` as the README says, which stays in between and does not pass the hangup on.

The command is the one installed beside the Python running the tests, whichever virtual environment
that is (``make test``'s ``.venv``, or any other after ``pip install -e .[test]``). ``make run`` is
tried only where it would start the app at once: in a fresh clone it would first build ``.venv``,
which is ``make test``'s work, not a test's. Every wait has a deadline, and whatever the test
started is killed at the end, so it can never hang."""

from __future__ import annotations

import os
import pty
import select
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HOME_SCREEN_WITHIN = 60  # seconds for the home screen to come up (a loaded machine starts slowly)
ENDED_WITHIN = 15  # seconds for the app to end once its terminal is closed


def installed_command() -> list[str]:
    """The ``companion`` command installed with the Python running the tests, or that Python running
    the package where no script was installed beside it."""
    script = Path(sys.executable).parent / "companion"
    return [str(script)] if script.is_file() else [sys.executable, "-m", "screens"]


def make_run_is_ready() -> bool:
    """``make run`` would start the app without installing anything first (``make -q`` asks make
    whether the app's install is up to date, and changes nothing)."""
    if shutil.which("make") is None:
        return False
    asked = subprocess.run(
        ["make", "-q", "-C", str(ROOT), ".venv/.app-installed"], capture_output=True, timeout=30, check=False
    )
    return asked.returncode == 0


def _app_pids(marker: str) -> list[int]:
    pids = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if marker in cmdline and "companion" in cmdline and not cmdline.startswith("make"):
            pids.append(int(proc.name))
    return pids


def _ended(pid: int, within: float) -> bool:
    """Waits up to ``within`` seconds for the child ``pid`` to end, and reaps it."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            return True
        time.sleep(0.1)
    return False


def closing_the_terminal_ends_the_app(argv: list[str], db: Path, tmp_path: Path) -> None:
    env = {
        **os.environ,
        "TERM": "xterm-256color",
        "COLUMNS": "80",
        "LINES": "24",
        "COMPANION_CONFIG": str(tmp_path / "settings.json"),  # never the tester's own settings
    }
    pid, fd = pty.fork()
    if pid == 0:  # the child: the session leader of the new terminal, starting the app
        try:
            os.execvpe(argv[0], argv, env)
        finally:
            os._exit(127)
    try:
        seen = b""
        deadline = time.monotonic() + HOME_SCREEN_WITHIN
        while time.monotonic() < deadline and b"Companion" not in seen:  # the home screen is up
            ready, _, _ = select.select([fd], [], [], 0.5)
            if ready:
                try:
                    seen += os.read(fd, 65536)
                except OSError:
                    break
        assert b"Companion" in seen, seen[-500:]
        assert _app_pids(str(db)), "the app is not running"
        os.close(fd)  # the terminal window is closed
        fd = -1
        deadline = time.monotonic() + ENDED_WITHIN
        while time.monotonic() < deadline and _app_pids(str(db)):
            time.sleep(0.2)
        assert not _app_pids(str(db)), "the app outlived its terminal"
    finally:
        if fd >= 0:
            os.close(fd)
        for leftover in _app_pids(str(db)):
            os.kill(leftover, signal.SIGKILL)
        if not _ended(pid, 5):
            os.killpg(pid, signal.SIGKILL)  # the session leader's group: make and whatever it started
            _ended(pid, 5)


@pytest.mark.skipif(not hasattr(pty, "fork"), reason="needs a pseudo-terminal")
def test_the_app_ends_when_its_terminal_is_closed(tmp_path):
    db = tmp_path / "hangup.db"
    closing_the_terminal_ends_the_app([*installed_command(), "--db", f"sqlite:///{db}"], db, tmp_path)


@pytest.mark.skipif(not hasattr(pty, "fork"), reason="needs a pseudo-terminal")
def test_the_app_started_by_make_run_ends_when_its_terminal_is_closed(tmp_path):
    if not make_run_is_ready():
        pytest.skip("make run would first build .venv (make test builds it): the installed command is tested alone")
    db = tmp_path / "hangup.db"
    closing_the_terminal_ends_the_app(["make", "-s", "-C", str(ROOT), "run", f"ARGS=--db sqlite:///{db}"], db, tmp_path)
