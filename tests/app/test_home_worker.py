"""The database opens behind the home screen (an app worker); whatever happened to the home screen
meanwhile — closed with the app, taken off, or covered by another screen — the worker's end never
raises, and the home screen shows what was found when it is in front again.

The opening is held on an event each test releases, so the order is the test's, never a race."""

import threading

import pytest
from textual.widgets import OptionList, Static

import companion.store.database
from companion.store.database import Store
from companion.store.sessions import Sessions
from screens.app import CompanionApp
from screens.home import HomeScreen
from screens.rules import RulesScreen
from tests.app.pilot import quiet, send_keys


@pytest.fixture
def held(monkeypatch):
    """Opening the database waits until the test sets this event (set again at the end, so no
    thread is left waiting whatever the test did)."""
    release = threading.Event()

    def held_store(*args, **kwargs):
        release.wait()
        return Store(*args, **kwargs)

    monkeypatch.setattr(companion.store.database, "Store", held_store)
    yield release
    release.set()


@pytest.fixture
def db(tmp_path):
    """A database with one unfinished session."""
    url = f"sqlite:///{tmp_path / 'c.db'}"
    sessions = Sessions(Store(url))
    sessions.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    sessions.store.engine.dispose()
    return url


def status(screen) -> str:
    return str(screen.query_one("#status", Static).render())


def menu_ids(screen) -> list[str]:
    menu = screen.query_one("#menu", OptionList)
    return [menu.get_option_at_index(i).id for i in range(menu.option_count)]


async def opened_behind(app, pilot) -> None:
    """Wait until the opening worker has ended (it raised, if it did, into the app)."""
    await app.store_tried.wait()
    await app.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.asyncio
async def test_the_home_screen_taken_off_while_the_database_opens(held, db):
    app = CompanionApp(db)
    async with app.run_test(size=(80, 24)) as pilot:
        home = app.screen
        assert isinstance(home, HomeScreen) and status(home) == "Opening the database…"
        await app.pop_screen()  # the home screen is gone (its widgets with it)
        assert not isinstance(app.screen, HomeScreen)
        held.set()
        await opened_behind(app, pilot)
        assert app.sessions is not None and app.store_error is None
    # run_test raises here whatever failed inside the app, a worker's error included


@pytest.mark.asyncio
async def test_the_app_closed_while_the_database_opens(held, db, monkeypatch):
    """What `make bench` met one run in four: the app closes right after the home screen mounts,
    and the opening ends after the screen's widgets are gone but before the app's workers are
    cancelled. Here it ends exactly then: when the home screen unmounts."""

    async def opened_as_it_goes(self) -> None:
        self.app.open_now.set()  # the opening has begun (the home screen was painted) …
        held.set()  # … and ends now
        await self.app.store_tried.wait()  # the worker has gone on from the opening

    monkeypatch.setattr(HomeScreen, "on_unmount", opened_as_it_goes, raising=False)
    app = CompanionApp(db)
    async with app.run_test(size=(80, 24)):
        assert isinstance(app.screen, HomeScreen)
    assert app.sessions is not None


@pytest.mark.asyncio
async def test_a_screen_over_the_home_screen_while_the_database_opens(held, db):
    app = CompanionApp(db)
    async with app.run_test(size=(80, 24)) as pilot:
        home = app.screen
        send_keys(pilot, ["u"])  # the rules, before the database is open
        await quiet(pilot, workers=False)  # all done but the opening, which the test holds
        assert isinstance(app.screen, RulesScreen)
        held.set()
        await opened_behind(app, pilot)
        assert isinstance(app.screen, RulesScreen)  # nothing took the players away from the rules
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is home
        assert status(home) == ""
        assert menu_ids(home) == ["new", "session-1", "history", "rules", "settings"]


@pytest.mark.asyncio
async def test_the_home_screen_in_front_shows_what_was_found(held, db):
    app = CompanionApp(db)
    async with app.run_test(size=(80, 24)) as pilot:
        home = app.screen
        assert menu_ids(home) == ["new", "history", "rules", "settings"]
        held.set()
        await opened_behind(app, pilot)
        assert status(home) == ""
        assert menu_ids(home) == ["new", "session-1", "history", "rules", "settings"]


PAINT_PROBE = """
import asyncio, sys
from screens.app import CompanionApp
from screens.home import HomeScreen

seen = {}
mounted = HomeScreen.on_mount

async def on_mount(self):
    self.call_after_refresh(lambda: seen.setdefault("painted", "sqlalchemy" in sys.modules))
    await mounted(self)

HomeScreen.on_mount = on_mount

async def run():
    app = CompanionApp(sys.argv[1])
    async with app.run_test(size=(80, 24)) as pilot:
        await app.store_tried.wait()
        await pilot.pause()
        print(seen["painted"], app.sessions is not None, "sqlalchemy" in sys.modules)

asyncio.run(run())
"""


def test_a_fresh_process_paints_the_home_screen_before_the_database_code_loads(db):
    """The home screen is on the terminal before SQLAlchemy starts loading: loaded first, that import
    held the first paint back by about a quarter of a second (issue 36). It loads right after, and
    the database opens."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", PAINT_PROBE, db], cwd=root, capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "True", "True"]
