"""What the web tests share: a database of the test's own with its sessions; ``companion serve``'s
app on it, called in this process (``server``, tests/web/client.py), or a real ``companion serve``
in a process of its own (``companion_serve``) for what only a real process shows: the link it
prints, ctrl+c, ports. A module that needs a real process for several tests keeps one for all of
them. And the phones of the browser tests, one Chromium for a test module, a fresh phone for each
test."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from companion.store.database import Store
from companion.store.sessions import Sessions
from tests.web.browser import CHROMIUM, NO_CHROMIUM, Phone, chromium, phone
from tests.web.client import App
from tests.web.served import serve


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium, started once for the module (a start takes about half a second)."""
    if CHROMIUM is None:
        pytest.skip(NO_CHROMIUM)
    with chromium() as running:
        yield running


@pytest.fixture
def phones(browser) -> Iterator[Callable[..., Phone]]:
    """``phones(lang="en", **options)``: a new phone, put away when the test ends."""
    opened: list[Phone] = []

    def new(lang: str = "en", **options) -> Phone:
        opened.append(phone(browser, lang, **options))
        return opened[-1]

    yield new
    for each in opened:
        each.context.close()


@pytest.fixture
def db(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'c.db'}"


@pytest.fixture
def table(db) -> Sessions:
    return Sessions(Store(db))


@pytest.fixture
def server(table) -> Iterator[App]:
    """``companion serve``'s app on the test's database, called in this process."""
    app = App(table)
    yield app
    app.close()


@pytest.fixture
def companion_serve(db, table):
    """A real ``companion serve`` on the test's database, in a process of its own."""
    running = serve(db)
    yield running
    if running.process.poll() is None:
        running.stop()
