"""Two processes writing at once never leave a session that fails to replay, on SQLite and on a
real PostgreSQL server (COMPANION_TEST_PG): real processes, started at the same moment."""

import os
import subprocess

import pytest

from companion.store import players
from companion.store.database import Store
from companion.store.sessions import Sessions
from tests.pg import emptied
from tests.store import moment, race

PG = os.environ.get("COMPANION_TEST_PG")
TRIALS = int(os.environ.get("COMPANION_RACES", "4"))
# the one PostgreSQL database of COMPANION_TEST_PG is emptied by each test that uses it: these run on
# the same pytest-xdist worker as tests/store/test_postgres.py (make test: --dist loadgroup), never beside
pytestmark = pytest.mark.xdist_group("postgres")


def _empty_pg() -> str:
    return emptied(PG)


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_record_against_undo_and_undo_against_redo_never_break_a_session(tmp_path, backend):
    if backend == "postgresql" and not PG:
        pytest.skip("COMPANION_TEST_PG is not set (CI sets it to a real server)")
    url = f"sqlite:///{tmp_path / 'race.db'}" if backend == "sqlite" else _empty_pg()
    broken = race.run(url, TRIALS)
    assert broken == {("record", "undo"): 0, ("undo", "redo"): 0}


def _at_once(code: str, n: int) -> list[subprocess.CompletedProcess]:
    """``code`` run by ``n`` processes at the same moment (``tests.store.moment``)."""
    procs = [
        moment.python("from tests.store.moment import ready_then_wait\nready_then_wait()\n" + code) for _ in range(n)
    ]
    moment.together(procs)
    return [subprocess.CompletedProcess(p.args, p.wait(timeout=60), *p.communicate()) for p in procs]


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_first_starts_at_the_same_moment_all_open_the_new_database(tmp_path, backend):
    if backend == "postgresql" and not PG:
        pytest.skip("COMPANION_TEST_PG is not set (CI sets it to a real server)")
    url = f"sqlite:///{tmp_path / 'first.db'}" if backend == "sqlite" else _empty_pg()
    done = _at_once(f"from companion.store.database import Store\nStore({url!r})\nprint('open')", 4)
    assert [(p.returncode, p.stdout.strip(), p.stderr) for p in done] == [(0, "open", "")] * 4
    assert Store(url).schema_version() >= 2


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_two_new_games_adding_the_same_new_player_at_once_both_start(tmp_path, backend):
    if backend == "postgresql" and not PG:
        pytest.skip("COMPANION_TEST_PG is not set (CI sets it to a real server)")
    url = f"sqlite:///{tmp_path / 'new.db'}" if backend == "sqlite" else _empty_pg()
    Store(url)
    code = (
        "from companion.store.sessions import Sessions\nfrom companion.store.database import Store\n"
        f"print(Sessions(Store({url!r})).create('sheriff', {{'players': ['Aki', 'Ben', 'Newcomer']}}))"
    )
    done = _at_once(code, 3)
    assert [p.returncode for p in done] == [0, 0, 0], [p.stderr for p in done]
    assert all("damaged" not in p.stderr for p in done)
    sessions = Sessions(Store(url))
    assert len(sessions.list()) == 3 and players.names(sessions.store) == ["Aki", "Ben", "Newcomer"]
