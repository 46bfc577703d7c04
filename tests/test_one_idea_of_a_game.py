"""One idea of a game: nothing outside a game's own package asks which game it is.

The CLI, the screens, the exports and the services reach a game through the registry
(``scoring.registry``), the one place that lists the games. This test reads their code and
refuses any comparison with a game's id (``if game == "kings"``), any list, set or table keyed
by several game ids (``GAMES = ("trickster", …)``, ``{"sheriff": …, "louder": …}``), and any
import of a game's own modules (``from scoring.sheriff.cards import …``). A game's board is in its
own package (``scoring/<game>/board.py``), reached through the game's ``board``.
"""

import ast
from pathlib import Path

from scoring.registry import BUILT_IN

ROOT = Path(__file__).resolve().parent.parent
IDS = set(BUILT_IN)


def _ids_in(node: ast.AST) -> list[str]:
    return [n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and n.value in IDS]


def branches_on_a_game(source: str) -> list[str]:
    """Each place in ``source`` that compares with a game id or lists several, as "line N: code"."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            hits = _ids_in(node)
        elif isinstance(node, ast.Dict):
            hits = [k.value for k in node.keys if isinstance(k, ast.Constant) and k.value in IDS]
            hits = hits if len(hits) > 1 else []
        elif isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            hits = [e.value for e in node.elts if isinstance(e, ast.Constant) and e.value in IDS]
            hits = hits if len(hits) > 1 else []
        elif isinstance(node, ast.MatchValue):
            hits = _ids_in(node)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):  # a game's own modules, named
            modules = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            hits = [m for m in modules if m.split(".")[:2] in ([["scoring", g] for g in IDS])]
            hits += [
                f"scoring.{a.name}"
                for a in node.names
                if isinstance(node, ast.ImportFrom) and node.module == "scoring" and a.name in IDS
            ]
        else:
            continue
        if hits:
            found.append(f"line {node.lineno}: {ast.get_source_segment(source, node)}")
    return found


def shared_code() -> list[Path]:
    """Every module outside a game's package: the shell, the screens and what the engines share."""
    files = [*(ROOT / "companion").rglob("*.py"), *(ROOT / "screens").rglob("*.py"), *(ROOT / "scoring").glob("*.py")]
    return sorted(f for f in files if f != ROOT / "scoring" / "registry.py")


def test_no_code_outside_a_game_branches_on_its_name():
    offenders = {str(f.relative_to(ROOT)): branches_on_a_game(f.read_text(encoding="utf-8")) for f in shared_code()}
    assert {f: lines for f, lines in offenders.items() if lines} == {}


def test_the_check_finds_the_branches_it_is_meant_to():
    source = """
GAMES = ("trickster", "kings")
SHORT = {"sheriff": "S", "louder": "L"}
if game == "kings":
    pass
elif game in ("phantom",):
    pass
ROLE = {"sheriff": "保安官"}  # one word that happens to be a game id: a label, not a branch
"""
    assert [line.split(":")[0] for line in branches_on_a_game(source)] == ["line 2", "line 3", "line 4", "line 6"]


def test_every_game_package_is_in_the_import_contracts():
    """The import contracts keep the games independent of each other (pyproject.toml); a game
    left out of them would be unchecked."""
    contracts = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"' + " | ".join(BUILT_IN) + '"' in contracts
