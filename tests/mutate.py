"""``make mutate``: how many small changes to the scoring and tie-break code the tests notice.

A mutant is the module with one change an honest slip could make: a comparison turned (``<`` and
``<=``, ``>`` and ``>=``, ``==`` and ``!=``), a whole number one more, ``and`` for ``or`` (and
back), ``max`` for ``min`` (and back), or a value returned as None. Each is written into a copy of
the checkout, and the tests that cover its module run against it (``COVERING``); a mutant they
fail on is killed, one they pass on survives. Each module prints one line:

    mutation: scoring/standings.py killed 61 of 64, score 95.3%

then each survivor (line, what changed), for a test to kill or a reason it changes nothing. The
copies run side by side, one per core. Lines marked ``# pragma: no mutate`` are left alone.
"""

from __future__ import annotations

import ast
import os
import queue
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: every worked example against its hand-checked standings: a test of every game's scoring
EXAMPLES = "tests/store/test_cli_score.py::test_every_example_has_its_expected_standings"

#: each module mutated, and the tests that cover it: its game's scoring, engine and table tests,
#: and the worked examples' standings
COVERING: dict[str, list[str]] = {
    "scoring/standings.py": [
        "tests/engines/test_standings.py",
        "tests/engines/test_tiebreak_so_far.py",
        "tests/engines/test_kings_white_king.py",
        "tests/engines/test_trickster_scoresheet.py",
        "tests/engines/test_names_change_nothing.py",
        EXAMPLES,
    ],
    "scoring/kings/scoring.py": [
        "tests/engines/test_kings_scoring.py",
        "tests/engines/test_kings_cheerleader.py",
        "tests/engines/test_kings_white_king.py",
        "tests/engines/test_kings_scoresheet.py",
        "tests/engines/test_kings_table.py",
        "tests/engines/test_kings_reference.py",
        EXAMPLES,
    ],
    "scoring/trickster/scoring.py": [
        "tests/engines/test_trickster_rounds.py",
        "tests/engines/test_trickster_scoresheet.py",
        "tests/engines/test_trickster_table.py",
        "tests/engines/test_trickster_reference.py",
        EXAMPLES,
    ],
    "scoring/phantom/culprit.py": [
        "tests/engines/test_phantom.py",
        "tests/engines/test_phantom_game.py",
        "tests/engines/test_phantom_table.py",
        "tests/engines/test_phantom_reference.py",
        EXAMPLES,
    ],
    "scoring/phantom/incident.py": [
        "tests/engines/test_phantom.py",
        "tests/engines/test_phantom_game.py",
        "tests/engines/test_phantom_table.py",
        "tests/engines/test_phantom_reference.py",
        EXAMPLES,
    ],
    # the games whose scoring lives in their engine: only its scoring functions are mutated
    "scoring/sheriff/engine.py:deal_lines,score_deal": [
        "tests/engines/test_sheriff.py",
        "tests/engines/test_sheriff_table.py",
        "tests/engines/test_sheriff_game.py",
        "tests/engines/test_sheriff_reference.py",
        EXAMPLES,
    ],
    "scoring/louder/engine.py:score": [
        "tests/engines/test_louder.py",
        "tests/engines/test_louder_game.py",
        "tests/engines/test_louder_table.py",
        "tests/engines/test_louder_reference.py",
        EXAMPLES,
    ],
}

SWAPS = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq}
NAMES = {"max": "min", "min": "max"}


@dataclass(frozen=True)
class Mutant:
    module: str
    line: int
    what: str
    source: str


class _Mutator(ast.NodeTransformer):
    """Makes the ``n``-th possible change of a tree (counting them when ``n`` is None)."""

    def __init__(self, n: int | None) -> None:
        self.n, self.seen, self.what, self.line = n, 0, "", 0

    def _here(self, node: ast.AST, what: str) -> bool:
        hit = self.seen == self.n
        if hit:
            self.what, self.line = what, getattr(node, "lineno", 0)
        self.seen += 1
        return hit

    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        self.generic_visit(node)
        for i, op in enumerate(node.ops):
            swap = SWAPS.get(type(op))
            if swap is not None and self._here(node, f"{type(op).__name__} → {swap.__name__}"):
                node.ops[i] = swap()
        return node

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.AST:
        self.generic_visit(node)
        other = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        if self._here(node, f"{type(node.op).__name__} → {type(other).__name__}"):
            node.op = other
        return node

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        if type(node.value) is int and self._here(node, f"{node.value} → {node.value + 1}"):
            return ast.copy_location(ast.Constant(node.value + 1), node)
        return node

    def visit_Name(self, node: ast.Name) -> ast.AST:
        if node.id in NAMES and isinstance(node.ctx, ast.Load) and self._here(node, f"{node.id} → {NAMES[node.id]}"):
            return ast.copy_location(ast.Name(NAMES[node.id], ast.Load()), node)
        return node

    def visit_Return(self, node: ast.Return) -> ast.AST:
        self.generic_visit(node)
        if node.value is not None and self._here(node, "return → return None"):
            node.value = ast.Constant(None)
        return node


def _skipped(source: str) -> set[int]:
    return {n for n, line in enumerate(source.splitlines(), start=1) if "pragma: no mutate" in line}


def mutants(target: str) -> Iterator[Mutant]:
    """Every mutant of ``target`` (a path in the checkout, or ``path:function,function`` for those
    functions alone), but on lines marked to be left alone and in docstrings (a doctest is no rule)."""
    module, _, functions = target.partition(":")
    source = (ROOT / module).read_text(encoding="utf-8")
    lines = _lines_of(ast.parse(source), functions.split(",")) if functions else None
    counting = _Mutator(None)
    counting.visit(_code_only(ast.parse(source)))
    left_alone = _skipped(source)
    for n in range(counting.seen):
        mutator = _Mutator(n)
        tree = mutator.visit(_code_only(ast.parse(source)))
        if mutator.line in left_alone or (lines is not None and mutator.line not in lines):
            continue
        yield Mutant(target, mutator.line, mutator.what, ast.unparse(ast.fix_missing_locations(tree)))


def _lines_of(tree: ast.Module, functions: list[str]) -> set[int]:
    """The lines of the named top-level functions."""
    return {
        line
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name in functions
        for line in range(node.lineno, (node.end_lineno or node.lineno) + 1)
    }


def _code_only(tree: ast.Module) -> ast.Module:
    """The tree without docstrings, whose text no rule reads."""
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        first = body[0] if isinstance(body, list) and body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
            if len(body) > 1:  # dropped (a module's: ``from __future__`` must stay first)
                del body[0]
            else:
                body[0] = ast.Pass()
    return tree


def _passes(copy: Path, target: str) -> bool:
    """Whether ``target``'s covering tests pass in ``copy`` as it is (a timeout is a failure)."""
    try:
        run = subprocess.run(
            [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:randomly", "-p", "no:cacheprovider", "-o",
             "addopts=", *COVERING[target]],
            cwd=copy,
            env={**os.environ, "PYTHONPATH": str(copy), "PYTHONDONTWRITEBYTECODE": "1"},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=600,
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        return False  # a mutant that never ends is noticed too
    return run.returncode == 0


def _killed(copy: Path, mutant: Mutant) -> bool:
    target = copy / mutant.module.partition(":")[0]
    original = target.read_text(encoding="utf-8")
    target.write_text(mutant.source, encoding="utf-8")
    try:
        return not _passes(copy, mutant.module)
    finally:
        target.write_text(original, encoding="utf-8")


def _in_a_free_copy(free: queue.Queue[Path], mutant: Mutant) -> bool:
    """Whether the tests kill ``mutant``, run in a copy of the checkout no other mutant is in."""
    copy = free.get()
    try:
        return _killed(copy, mutant)
    finally:
        free.put(copy)


def main(modules: list[str]) -> None:
    workers = max(1, os.cpu_count() or 1)
    with tempfile.TemporaryDirectory() as folder:
        copies = []
        for k in range(workers):
            copy = Path(folder) / f"copy{k}"
            for part in ("scoring", "companion", "tests", "examples", "data", "pyproject.toml"):
                (shutil.copytree if (ROOT / part).is_dir() else shutil.copy)(ROOT / part, copy / part)
            copies.append(copy)
        free: queue.Queue[Path] = queue.Queue()
        for copy in copies:
            free.put(copy)
        for module in modules:
            if not _passes(copies[0], module):  # then every mutant would look killed
                print(f"mutation: {module}: its covering tests fail before any change; nothing to measure")
                continue
            found = list(mutants(module))
            with ThreadPoolExecutor(workers) as pool:
                verdicts = list(pool.map(lambda mutant: _in_a_free_copy(free, mutant), found))
            killed = sum(verdicts)
            print(f"mutation: {module} killed {killed} of {len(found)}, score {100 * killed / max(1, len(found)):.1f}%")
            for mutant, dead in zip(found, verdicts, strict=True):
                if not dead:
                    print(f"  survived: line {mutant.line}: {mutant.what}")


if __name__ == "__main__":
    main(sys.argv[1:] or list(COVERING))
