"""``make coverage``'s figures: the suite's line and branch coverage per package, from the data the
run left (``.coverage``, the processes the tests started combined in: ``[tool.coverage.run]``).

One line per package, ``coverage: companion/web lines 91%, branches 84% (goal >= 85% lines)``,
then the files under the goal in each, the least covered first. Run by ``make coverage``; on its own,
``.venv/bin/python -m tests.coverage_report`` reads the last run's data.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import coverage

ROOT = Path(__file__).resolve().parent.parent
GOAL = 85  #: lines covered per package, in percent (issue 37)


def package(path: str) -> str:
    """``companion/web`` for ``companion/web/server.py``; a module at a package's top is its package's."""
    parts = Path(path).relative_to(ROOT).parts
    return "/".join(parts[:2]) if len(parts) > 2 else parts[0]


def main() -> None:
    data = coverage.Coverage(data_file=str(ROOT / ".coverage"))
    data.load()
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])  # lines, run, branches, taken
    files: dict[str, list[tuple[float, str]]] = defaultdict(list)
    for path in sorted(data.get_data().measured_files()):
        if not path.startswith(str(ROOT)) or not path.endswith(".py") or "/tests/" in path or "/benchmarks/" in path:
            continue
        analysis = data._analyze(path)
        numbers = analysis.numbers
        lines, missed = numbers.n_statements, numbers.n_missing
        branches, partial = numbers.n_branches, numbers.n_missing_branches
        total = totals[package(path)]
        total[0] += lines
        total[1] += lines - missed
        total[2] += branches
        total[3] += branches - partial
        if lines:
            files[package(path)].append((100 * (lines - missed) / lines, Path(path).relative_to(ROOT).as_posix()))
    for name, (lines, run, branches, taken) in sorted(totals.items()):
        line_pct = 100 * run / lines if lines else 100.0
        branch_pct = 100 * taken / branches if branches else 100.0
        print(f"coverage: {name} lines {line_pct:.0f}%, branches {branch_pct:.0f}% (goal >= {GOAL}% lines)")
        for pct, path in sorted(files[name])[:5]:
            if pct < GOAL:
                print(f"  {path} {pct:.0f}%")


if __name__ == "__main__":
    main()
