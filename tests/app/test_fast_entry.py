"""Whole games entered at the table screen (80×24) by the fewest keys it takes, through Textual's
pilot: each entry is typed by its shortest type-ahead (``companion.table.typeahead``), numbered choices
and Enter, and must be the entry recorded; the standings at the end are the worked example's.

Also: a past entry changed in the app, a change refused because a later entry no longer holds,
and Esc stepping back one thing at a time.
"""

import json
from pathlib import Path

import pytest

from benchmarks.keys import enter_example, examples, opened, press
from companion.table.typeahead import TypeAhead
from scoring.registry import get, ids
from screens.app import CompanionApp

ROOT = Path(__file__).resolve().parents[2]


def app_on(tmp_path) -> CompanionApp:
    return CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")


@pytest.mark.asyncio
@pytest.mark.parametrize("game", ids())
async def test_a_whole_game_by_the_fewest_keys(tmp_path, game):
    path = examples(game)[0]
    async with app_on(tmp_path).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        counts, standings, expected = await enter_example(pilot, path)
        assert standings == expected
    cards = counts.get("card", [])
    assert sum(len(k) for k in counts.values()) and (not cards or max(cards) < 40)  # a hidden placement is typed whole


def sheriff_deal(app) -> tuple[int, list]:
    sheriff = get("sheriff")
    header, entries = sheriff.split(json.loads((ROOT / "examples/sheriff/game-6-deals.json").read_text()))
    sid = app.sessions.create("sheriff", header)
    for entry in entries[:7]:  # the deal and two tricks
        app.sessions.append(app.sessions.open(sid), entry)
    return sid, entries


@pytest.mark.asyncio
async def test_a_past_entry_is_changed_in_the_log_and_everything_after_it_checked(tmp_path):
    from screens.session import SessionScreen

    app = app_on(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        sid, _ = sheriff_deal(app)
        await app.push_screen(SessionScreen(sid))
        await pilot.pause()
        sheriff = get("sheriff")
        assert [sheriff.format(e) for e in app.sessions.entries(sid)[1:4]] == ["10h", "Kh", "Qh"]
        # entry 4 was Chie's Q of hearts; she played the J of hearts
        await pilot.press("up")  # into the log, at the last entry
        for _ in range(3):
            await pilot.press("up")
        await pilot.press("enter")
        assert app.screen.editing == 3
        assert app.screen.query_one("#entry").value == "Qh"
        app.screen.query_one("#entry").value = ""
        await press(pilot, ["J", "h", "enter"])
        assert sheriff.format(app.sessions.entries(sid)[3]) == "Jh"
        assert "Entry 4 changed" in str(app.screen.query_one("#status").render())
        assert app.screen.editing is None
        # Ben's K of hearts (entry 3) changed to the 10 of diamonds: Aki leads that card later
        await pilot.press("up")
        for _ in range(4):
            await pilot.press("up")
        await pilot.press("enter")
        assert app.screen.editing == 2
        before = app.sessions.entries(sid)
        app.screen.query_one("#entry").value = ""
        await press(pilot, ["1", "0", "d", "enter"])
        status = app.screen.query_one("#status")
        assert "refused" in status.classes
        assert "Entry 5" in str(status.render()) and "10 of diamonds" in str(status.render())
        assert app.sessions.entries(sid) == before  # nothing lost
        assert app.screen.query_one("#entry").value == "10d"  # what was typed stays
        await pilot.press("escape")  # the change is dropped, the line cleared
        assert app.screen.editing is None and app.screen.query_one("#entry").value == ""


@pytest.mark.asyncio
async def test_escape_steps_back_one_thing_at_a_time(tmp_path):
    from screens.session import SessionScreen

    app = app_on(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        sid, _ = sheriff_deal(app)
        await app.push_screen(SessionScreen(sid))
        await pilot.pause()
        await press(pilot, ["Z", "z", "enter"])  # refused: no such card
        assert "refused" in app.screen.query_one("#status").classes
        await pilot.press("escape")  # clears the line, the table stays
        assert type(app.screen).__name__ == "SessionScreen"
        assert app.screen.query_one("#entry").value == ""
        await pilot.press("escape")  # now home
        assert type(app.screen).__name__ != "SessionScreen"


def test_every_example_entry_can_be_typed_at_the_screen():
    """Each entry of every worked example has a key sequence the table screen takes."""
    for game in ids():
        g = get(game)
        for path in examples(game):
            header, entries = g.split(json.loads(path.read_text()))
            p = g.new(header)
            for n, entry in enumerate(entries, start=1):
                assert TypeAhead(p).keys(entry) is not None, (path.name, n, g.format(entry))
                p = g.apply(p, entry)
