"""Fixtures shared by the command-line tests."""

import pytest

from companion.cli import main


@pytest.fixture
def run(tmp_path, capsys):
    """``companion --db <a fresh SQLite file> ARGS…`` in this process: (exit code, stdout, stderr)."""
    db = f"sqlite:///{tmp_path / 'c.db'}"

    def run(*args):
        code = main(["--db", db, *args])
        out = capsys.readouterr()
        return code, out.out, out.err

    return run
