"""What the code imports is what the install declares: every module from outside the standard library
that companion/, scoring/ and screens/ import is a dependency in pyproject.toml (`make run` installs
those alone), and every one that tests/ and benchmarks/ import is a dependency or in the test extra
(`make test`). An import that works only because something else happened to bring it along (as
``rich`` came with Textual and ``sqlalchemy`` with sqlmodel) breaks the day that something changes."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OWN = {"companion", "scoring", "screens", "companion_data", "tests", "benchmarks"}


def _name(requirement: str) -> str:
    """A requirement's distribution name, normalised as pip compares them (``PyYAML`` is ``pyyaml``)."""
    return _normal(re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", requirement).group())


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def declared() -> tuple[set[str], set[str]]:
    """The distributions pyproject.toml declares: the dependencies, and the test extra."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return (
        {_name(r) for r in project["dependencies"]},
        {_name(r) for r in project["optional-dependencies"]["test"]},
    )


def imported(*folders: str) -> dict[str, set[str]]:
    """The top-level modules imported from outside the project and the standard library, each with
    the files that import it (every import, also one inside a function or a try)."""
    found: dict[str, set[str]] = {}
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names = [node.module]
                else:
                    continue
                for name in names:
                    top = name.partition(".")[0]
                    if top not in OWN and top not in sys.stdlib_module_names:
                        found.setdefault(top, set()).add(path.relative_to(ROOT).as_posix())
    return found


def distributions(module: str) -> set[str]:
    """The installed distributions that provide a top-level module (``yaml`` → ``pyyaml``,
    ``zxingcpp`` → ``zxing-cpp``, ``boardgamegeek`` → ``bgg-api``)."""
    return {_normal(name) for name in metadata.packages_distributions().get(module, [])}


def undeclared(modules: dict[str, set[str]], allowed: set[str]) -> list[str]:
    missing = []
    for module, files in sorted(modules.items()):
        if not distributions(module) & allowed:
            source = sorted(distributions(module)) or "nothing installed"
            missing.append(f"{module} (imported by {', '.join(sorted(files))}) comes from {source}")
    return missing


def test_everything_the_app_imports_is_a_dependency():
    dependencies, _ = declared()
    modules = imported("companion", "scoring", "screens")
    assert {"textual", "rich", "sqlmodel", "sqlalchemy", "qrcode", "platformdirs"} <= set(modules)
    assert undeclared(modules, dependencies) == []


def test_everything_the_tests_and_benchmarks_import_is_declared_for_them():
    dependencies, test_extra = declared()
    modules = imported("tests", "benchmarks")
    assert {"pytest", "hypothesis", "zxingcpp", "boardgamegeek", "png"} <= set(modules)
    assert undeclared(modules, dependencies | test_extra) == []


def test_the_engines_import_nothing_from_outside_the_standard_library():
    # scoring/ is pure Python (README, "Layout"); the import contracts forbid the app's frameworks
    # by name, this forbids every other package too
    assert imported("scoring") == {}


def test_the_tests_read_qr_codes_without_opencv():
    # OpenCV and NumPy were 226 MB of every install for one decoding test; zxing-cpp reads the same
    assert not {"cv2", "numpy"} & set(imported("tests", "benchmarks"))
    assert not {"opencv-python", "opencv-python-headless", "numpy"} & set().union(*declared())
