"""Fixtures shared by the tests."""

import os
import shutil
import tempfile

import pytest

from companion.cli import main
from companion.store.database import Store
from companion.store.sessions import Sessions


def pytest_configure(config):
    """The doors of the servers the tests start (``companion.web.door``) in a runtime folder of this
    process's own, never the player's: each worker's servers and commands meet there."""
    os.environ["XDG_RUNTIME_DIR"] = config._doors = tempfile.mkdtemp(prefix="companion-runtime-")


def pytest_unconfigure(config):
    shutil.rmtree(getattr(config, "_doors", ""), ignore_errors=True)


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
        try:
            code = main(["--db", db, *args])
        except SystemExit as ended:  # argparse's own: --help, or a value it refuses
            code = ended.code
        out = capsys.readouterr()
        return code, out.out, out.err

    return run


@pytest.fixture
def sessions(tmp_path) -> Sessions:
    """The sessions of a fresh SQLite history of this test's own."""
    return Sessions(Store(f"sqlite:///{tmp_path / 'c.db'}"))


@pytest.fixture(autouse=True)
def idle_by_the_app(monkeypatch):
    """The pilot waits for the app to be done (tests/app/pilot.until_idle), not for the process to
    look idle in 20 ms slices: the same keys and waits, without the sleeping in between."""
    import textual.app
    import textual.pilot

    from tests.app.pilot import until_idle

    monkeypatch.setattr(textual.app, "wait_for_idle", until_idle)
    monkeypatch.setattr(textual.pilot, "wait_for_idle", until_idle)
