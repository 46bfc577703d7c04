"""The shape of the code a maintainer finds: companion/ in rooms, each room a package that says in
one line what it holds, a short list of modules at companion/'s top, nothing in companion/
importing a screen, and every room and module named by the import contracts."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

from tests.test_layers import imported_roots

ROOT = Path(__file__).resolve().parent.parent
TOP_MOST = 10  #: modules at companion/'s top, at most


def children(package: str) -> list[str]:
    """The modules and packages directly under ``package`` (``__init__`` left out)."""
    folder = ROOT / package
    return sorted(
        p.stem if p.is_file() else p.name
        for p in folder.iterdir()
        if (p.suffix == ".py" and p.stem != "__init__") or (p.is_dir() and (p / "__init__.py").exists())
    )


def test_nothing_in_companion_imports_a_screen_or_the_app():
    offenders = {
        str(f.relative_to(ROOT)): imported_roots(f) & {"screens", "textual"}
        for f in sorted((ROOT / "companion").rglob("*.py"))
    }
    assert {f: bad for f, bad in offenders.items() if bad} == {}


def test_companion_keeps_a_few_modules_at_its_top_and_the_rest_in_rooms():
    top = [name for name in children("companion") if (ROOT / "companion" / f"{name}.py").exists()]
    rooms = [name for name in children("companion") if (ROOT / "companion" / name).is_dir()]
    assert len(top) <= TOP_MOST, top
    assert rooms == ["cli", "club", "exports", "store", "table", "web", "words"]


def test_every_package_says_in_one_line_what_it_holds():
    packages = [p.parent for root in ("companion", "screens", "scoring") for p in (ROOT / root).rglob("__init__.py")]
    silent = []
    for package in packages:
        if package.name == "__pycache__":
            continue
        doc = ast.get_docstring(ast.parse((package / "__init__.py").read_text(encoding="utf-8")))
        if not doc or not doc.strip():
            silent.append(str(package.relative_to(ROOT)))
    assert silent == []


def test_the_import_contracts_name_every_room_and_every_module_at_the_tops():
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    named: set[str] = set()
    for contract in contracts["contracts"]:
        prefix = [f"{c}." for c in contract.get("containers", [])] or [""]
        for layer in contract.get("layers", []):
            for part in layer.replace("|", ":").split(":"):
                named |= {p + part.strip() for p in prefix}
    expected = {f"companion.{name}" for name in children("companion")} | {
        f"screens.{name}" for name in children("screens")
    }
    assert sorted(expected - named) == []
