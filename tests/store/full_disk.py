"""Real disks that refuse a write, for the tests of what Companion leaves behind when one does.

* ``small_disk(folder)``: a real filesystem of 64 KiB (tmpfs) mounted at ``folder`` for the test,
  and unmounted after it whatever happens. It needs root and a system that allows mounting; where
  either is missing the test is skipped, saying which.
* ``fill(folder)``: the rest of that filesystem taken by one file, so the next write meets a
  full disk (``ENOSPC``), as a laptop's disk does.
* ``size_limit(limit)``: for a child process, a file size limit (``RLIMIT_FSIZE``): every write
  past ``limit`` bytes fails (``EFBIG``; ``SIGXFSZ``, which would kill it, is ignored). It needs
  no privilege, so it runs everywhere the mount cannot.
"""

from __future__ import annotations

import errno
import os
import resource
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def small_disk(folder: Path, size: str = "64k") -> Iterator[Path]:
    """``folder`` as the mount point of a new tmpfs of ``size``; unmounted when the block ends."""
    if sys.platform != "linux" or os.geteuid() != 0:
        pytest.skip("a small real filesystem is mounted only as root on Linux (tmpfs)")
    if shutil.which("mount") is None or shutil.which("umount") is None:
        pytest.skip("no mount command on this system")
    folder.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size},mode=0755", "tmpfs", str(folder)], capture_output=True, text=True
    )
    if done.returncode != 0:
        pytest.skip(f"this system does not allow mounting a tmpfs: {done.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=True)


def fill(folder: Path) -> int:
    """Take every free byte of ``folder``'s filesystem with one file; returns how many it took."""
    taken = 0
    fd = os.open(folder / "filler", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        while True:
            taken += os.write(fd, b"\0" * 4096)
    except OSError as err:
        assert err.errno == errno.ENOSPC, err
    finally:
        os.close(fd)
    return taken


def size_limit(limit: int) -> Callable[[], None]:
    """What a child process runs before it starts: writes past ``limit`` bytes fail with EFBIG."""

    def limited() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # inherited through exec: a failed write, not a kill
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return limited


def companion(*args: str, config: Path, before: Callable[[], None] | None = None) -> subprocess.CompletedProcess:
    """``companion ARGS…`` as a real process from the checkout (exit code, stdout, stderr)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COMPANION_CONFIG": str(config)}
    return subprocess.run(
        [sys.executable, "-m", "companion", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        preexec_fn=before,
        timeout=120,
    )
