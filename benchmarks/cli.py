"""`companion --help` as a whole process against a bare ``python -c 'import argparse'``, in one run
(the ratio is what to compare: the machine's speed cancels out). Each is started 7 times, the two
taking turns, and the median of each is printed, in milliseconds."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = 7
GOAL = 6


def _started(command: list[str], env: dict[str, str]) -> float:
    """Seconds from starting ``command`` until it has ended (it must succeed)."""
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def main() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}  # the checkout's code, not an installed copy
    help_cmd = [sys.executable, "-m", "companion", "--help"]
    bare_cmd = [sys.executable, "-c", "import argparse"]
    for command in (help_cmd, bare_cmd):  # once each first, so no counted run writes the bytecode caches
        _started(command, env)
    helps: list[float] = []
    bares: list[float] = []
    for _ in range(RUNS):
        helps.append(_started(help_cmd, env))
        bares.append(_started(bare_cmd, env))
    helped, bare = statistics.median(helps), statistics.median(bares)
    print(
        f"cli: companion --help process {helped * 1000:.0f} ms; python -c 'import argparse' {bare * 1000:.0f} ms; "
        f"ratio {helped / bare:.1f} (goal <= {GOAL})"
    )


if __name__ == "__main__":
    main()
