"""A closed terminal ends the app, whatever started it: here ``make run`` itself, as the README
says, which stays in between and does not pass the hangup on."""

import os
import pty
import select
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


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


@pytest.mark.skipif(not hasattr(pty, "fork"), reason="needs a pseudo-terminal")
def test_the_app_ends_when_its_terminal_is_closed(tmp_path):
    db = tmp_path / "hangup.db"
    pid, fd = pty.fork()
    if pid == 0:  # the child: make, the session leader, starting the app (already installed by make test)
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
        os.execvpe("make", ["make", "-s", "-C", str(ROOT), "run", f"ARGS=--db sqlite:///{db}"], env)
    try:
        seen = b""
        deadline = time.time() + 30
        while time.time() < deadline and b"Companion" not in seen:  # the home screen is up
            ready, _, _ = select.select([fd], [], [], 0.5)
            if ready:
                try:
                    seen += os.read(fd, 65536)
                except OSError:
                    break
        assert b"Companion" in seen, seen[-500:]
        apps = _app_pids(str(db))
        assert apps, "the app is not running"
        os.close(fd)  # the terminal window is closed
        deadline = time.time() + 15
        while time.time() < deadline and _app_pids(str(db)):
            time.sleep(0.2)
        assert not _app_pids(str(db)), "the app outlived its terminal"
    finally:
        for leftover in _app_pids(str(db)):
            os.kill(leftover, 9)
        os.kill(pid, 9)
        os.waitpid(pid, 0)
