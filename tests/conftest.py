"""Fixtures shared by the tests."""

import pytest

from companion.cli import main
from companion.store.database import Store
from companion.store.sessions import Sessions


@pytest.fixture(autouse=True)
def own_settings(tmp_path_factory, monkeypatch):
    """Every test reads and writes a settings file of its own, never the player's: a developer who
    plays in Japanese (ctrl+l is kept for the next start) runs the same tests as anyone."""
    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path_factory.mktemp("settings") / "settings.json"))


@pytest.fixture
def run(tmp_path, capsys):
    """``companion --db <a fresh SQLite file> ARGS…`` in this process: (exit code, stdout, stderr)."""
    db = f"sqlite:///{tmp_path / 'c.db'}"

    def run(*args):
        code = main(["--db", db, *args])
        out = capsys.readouterr()
        return code, out.out, out.err

    return run


@pytest.fixture
def sessions(tmp_path) -> Sessions:
    """The sessions of a fresh SQLite history of this test's own."""
    return Sessions(Store(f"sqlite:///{tmp_path / 'c.db'}"))
