"""The director's screen of a club night at 80×24 (issue 35): the round's tables with how far each
got and who leads it, the standings with the formula, and the keys: a draw refused while a table
plays on, seats changed at tables not begun, a late arrival seated, the round closed and the next
drawn, a table opened as the table screen; an SVG snapshot in English and Japanese."""

from __future__ import annotations

import random

import pytest

from companion.club.events import Events
from companion.store.database import Store
from companion.store.sessions import Sessions
from screens.event import EventScreen
from screens.session import SessionScreen
from tests.app import snapshot_apps as shots
from tests.app.snapshot_apps import opened, settled
from tests.store.test_events import CLUB, finish

SIZE = (80, 24)


@pytest.fixture(scope="module")
def night(tmp_path_factory):
    """A club night of 14 players at Trickster, round 2 being played: two tables finished, one begun,
    one not begun (the event's id, the SQLite file)."""
    path = tmp_path_factory.mktemp("night") / "night.db"
    sessions = Sessions(Store(f"sqlite:///{path}"))
    events = Events(sessions)
    eid = events.new("Friday club", ["trickster"], rounds=3, seed=35, names=[*CLUB, "秋子"], day="2026-11-27")
    rng = random.Random(1)
    for table in events.draw(eid).tables:
        finish(sessions, table.session, rng)
    second = events.draw(eid)
    finish(sessions, second.tables[0].session, rng)
    started = second.tables[1]
    sessions.append(sessions.open(started.session), {"tableau": {p: {} for p in started.players}})
    sessions.store.engine.dispose()  # everything in the file itself, for the copies
    return eid, path


@pytest.fixture
def app_on(night, tmp_path, monkeypatch):
    """``app_on(lang)``: the app on its own copy of the club night, in ``lang``."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    return lambda lang: shots.app_on_copy(night[1], tmp_path, lang, monkeypatch)


async def done(pilot) -> None:
    """Once the key's work is done and drawn (a refusal is what some keys should show)."""
    for _ in range(20):
        await pilot.pause()
        if all(worker.is_finished for worker in pilot.app.workers):
            return
        await pilot.app.workers.wait_for_complete()


async def typed(pilot, text: str) -> None:
    await pilot.press(*(ch if ch.isalnum() else {" ": "space"}.get(ch, ch) for ch in text))


async def event_screen(pilot, eid: int = 1) -> None:
    await opened(pilot)
    await pilot.app.push_screen(EventScreen(eid))
    await settled(pilot)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_directors_screen(snap_compare, app_on, lang):
    assert snap_compare(app_on(lang), terminal_size=SIZE, run_before=event_screen)


@pytest.mark.asyncio
async def test_the_directors_keys(app_on):
    app = app_on("en")
    async with app.run_test(size=SIZE) as pilot:
        await event_screen(pilot)
        screen = app.screen
        status = screen.query_one("#status")
        await pilot.press("d")
        await done(pilot)
        assert "Round 2 is still being played (tables 2, 3)" in str(status.render())
        now = screen.event.current
        idle = now.tables[2]
        a, b = idle.players[0], idle.players[1]
        await pilot.press("m")
        await done(pilot)
        await typed(pilot, f"{a} {b}")
        await pilot.press("enter")
        await done(pilot)
        assert screen.event.current.tables[2].players[:2] == (b, a)  # changed at the table not begun
        await pilot.press("m")
        await done(pilot)
        await typed(pilot, f"{now.tables[1].players[0]} {b}")
        await pilot.press("enter")
        await done(pilot)
        assert "Table 2 has begun: its seats stay as they are." in str(status.render())
        await pilot.press("escape")
        await done(pilot)
        await pilot.press("a")
        await done(pilot)
        await typed(pilot, "Taro 3")
        await pilot.press("enter")
        await done(pilot)
        assert "Taro" in screen.event.current.tables[2].players
        await pilot.press("c")
        await done(pilot)
        assert "Press c again to close round 2" in str(status.render()) and not screen.event.current.closed
        await pilot.press("c")
        await done(pilot)
        assert "Round 2 closed" in str(status.render())
        await pilot.press("d")
        await done(pilot)
        assert screen.event.current.round == 3 and "Round 3 drawn." in str(status.render())
        await pilot.press("enter")  # the first table of round 3, as the table screen
        await done(pilot)
        assert isinstance(app.screen, SessionScreen) and app.screen.sid == screen.event.current.tables[0].session
