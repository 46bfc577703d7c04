"""Where the game is played, the table's notes and the pause of its clock, at the screen (80×24,
Textual's pilot): typed on the new-game form (the last place said is there to start from), changed
later with ctrl+n at the table and on the history, and F9 stopping the clock, said in the heading,
until F9 or the next entry starts it again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import Input

from screens.app import CompanionApp
from tests.app.pilot import focus_on, settled, type_line
from tests.app.snapshot_apps import opened
from tests.app.snapshot_apps import settled as drawn

ROOT = Path(__file__).resolve().parents[2]
DEALS = json.loads((ROOT / "examples/sheriff/scoresheet-3-deals.json").read_text())["deals"]


def heading(app: CompanionApp) -> str:
    return str(app.screen.query_one("#heading").render())


def status(app: CompanionApp) -> str:
    return str(app.screen.query_one("#status").render())


@pytest.mark.asyncio
async def test_the_new_game_form_takes_the_place_and_notes_and_offers_the_place_again(tmp_path):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("n")
        await pilot.pause()
        await type_line(pilot, "Aki, Ben, Chie")
        await focus_on(pilot, "location")
        assert app.focused.value == "" and app.focused.placeholder.startswith("optional: where you play")
        await type_line(pilot, "Aki's kitchen")  # Enter moves on to the notes
        assert app.focused.id == "notes"
        await type_line(pilot, "No Joker rule")
        await pilot.press("ctrl+s")
        await settled(pilot)
        first = app.screen.sid
        info = app.sessions.info(first)
        assert (info.location, info.notes) == ("Aki's kitchen", "No Joker rule")
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("n")  # the next game: at the same place, with no notes yet
        form = app.screen
        for _ in range(100):  # the place said last is read behind the form, as the known names are
            if form.query_one("#location", Input).value:
                break
            await pilot.pause(0.02)
        assert form.query_one("#location", Input).value == "Aki's kitchen"
        assert form.query_one("#notes", Input).value == ""
        await type_line(pilot, "Aki, Ben, Chie")
        form.query_one("#notes", Input).value = "x" * 201  # as pasted: 201 keys in turn take seconds
        await pilot.press("ctrl+s")
        await settled(pilot)
        said = form.query_one("#status")
        assert "refused" in said.classes and "The notes are 201 characters long; 200 at most" in str(said.render())
        assert app.screen is form and len(app.sessions.list()) == 1  # nothing stored, everything typed kept


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("lang", "paused", "running"),
    [
        ("en", "Aki, Ben, Chie (1 entry, paused)", "The clock runs again."),
        ("ja", "Aki、Ben、Chie (1件、一時停止中)", "時計が再び動いています。"),
    ],
)
async def test_f9_stops_the_clock_and_says_so_until_f9_or_the_next_entry(tmp_path, lang, paused, running):
    from screens.session import SessionScreen

    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}", lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        sid = app.sessions.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
        app.sessions.append(app.sessions.open(sid), DEALS[0])
        await pilot.app.push_screen(SessionScreen(sid))
        await drawn(pilot)
        await pilot.press("A")  # a line begun: F9 is no letter, it types nothing into it
        await pilot.press("f9")
        await drawn(pilot)
        assert app.sessions.info(sid).paused
        assert heading(app).endswith(paused)  # the players listed as the language lists them
        assert status(app).startswith(
            {"en": "Paused: the clock is stopped (f9", "ja": "一時停止中：時計は止まっています（f9"}[lang]
        )
        assert app.screen.query_one("#entry", Input).value == "A"
        await pilot.press("f9")
        await drawn(pilot)
        assert not app.sessions.info(sid).paused and status(app).startswith(running)
        assert "paused" not in heading(app) and "一時停止" not in heading(app)
        await pilot.press("f9")
        await drawn(pilot)
        await pilot.press("backspace")
        await type_line(pilot, "deal joker=Ben Aki=robber Ben=mayor Chie=sheriff trump=hearts")
        await drawn(pilot)
        assert not app.sessions.info(sid).paused  # the table plays on: the clock runs again
        assert "paused" not in heading(app) and "一時停止" not in heading(app)
        assert len(app.sessions.pauses_of(sid)) == 2 and app.sessions.info(sid).entries == 2


@pytest.mark.asyncio
async def test_ctrl_n_changes_the_place_and_notes_at_the_table_and_on_the_history(tmp_path):
    from screens.session import SessionScreen

    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        sid = app.sessions.create("sheriff", {"players": ["Aki", "Ben", "Chie"]}, notes="Two\nlines")
        await pilot.app.push_screen(SessionScreen(sid))
        await drawn(pilot)
        await pilot.press("ctrl+n")
        await drawn(pilot)
        form = app.screen
        assert form.query_one("#notes-line", Input).value == "Two / lines"
        await type_line(pilot, "Ben's <flat>")  # Enter: on to the notes, kept as they were
        await pilot.press("enter")
        await drawn(pilot)
        assert type(app.screen).__name__ == "SessionScreen" and status(app).startswith("The place and notes are kept.")
        info = app.sessions.info(sid)
        assert (info.location, info.notes) == ("Ben's <flat>", "Two\nlines")
        await pilot.press("escape")  # home
        await drawn(pilot)
        await pilot.press("h")
        await drawn(pilot)
        await pilot.press("ctrl+n")  # the session under the history's cursor
        await drawn(pilot)
        await type_line(pilot, "The club")  # what the place said is selected: typing replaces it
        await pilot.press("ctrl+a", "ctrl+k", *"Tea", "ctrl+s")
        await drawn(pilot)
        assert type(app.screen).__name__ == "HistoryScreen"
        assert (app.sessions.info(sid).location, app.sessions.info(sid).notes) == ("The club", "Tea")
