"""Processes that start at one moment (the race tests): each says "ready" once Python has started,
and all are told the moment, a little ahead, once every one is. Standard library only, so a process
imports nothing more than it would before its moment."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def python(code: str) -> subprocess.Popen:
    """``code`` run by a Python of its own with this checkout on its path, its pipes ours."""
    return subprocess.Popen(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def ready_then_wait() -> None:
    """In a racing process: say it is ready, then wait for the moment it is told (the next line)."""
    print("ready", flush=True)
    at_the_same_moment(float(sys.stdin.readline()))


def at_the_same_moment(start_at: float) -> None:
    """Asleep till just before ``start_at`` (not a core spinning), then spinning till it comes."""
    time.sleep(max(0.0, start_at - time.time() - 0.05))
    while time.time() < start_at:
        pass


def together(procs: list[subprocess.Popen], ahead: float = 0.05) -> None:
    """Once every process has said "ready", tell them all the moment to start: ``ahead`` seconds on."""
    for p in procs:
        said = p.stdout.readline().strip()
        if said != "ready":
            raise AssertionError(f"a racer never got ready: {said!r} {p.communicate(timeout=60)}")
    start_at = time.time() + ahead
    for p in procs:
        p.stdin.write(f"{start_at!r}\n")
        p.stdin.flush()
