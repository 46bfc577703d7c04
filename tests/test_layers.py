"""The rules engines stay pure: nothing under scoring/ imports the app, the screens or a framework."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {"textual", "sqlmodel", "sqlalchemy", "companion", "screens"}


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_scoring_imports_no_app_screen_or_framework_module():
    files = sorted((ROOT / "scoring").rglob("*.py"))
    assert files
    offenders = {str(f.relative_to(ROOT)): imported_roots(f) & FORBIDDEN for f in files}
    assert {f: bad for f, bad in offenders.items() if bad} == {}


def test_the_check_itself_catches_a_forbidden_import(tmp_path):
    sample = tmp_path / "bad.py"
    sample.write_text("import textual.app\nfrom sqlmodel import Field\nfrom . import sibling\n")
    assert imported_roots(sample) & FORBIDDEN == {"textual", "sqlmodel"}
