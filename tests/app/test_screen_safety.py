"""Nothing a table types, and nothing another process does, breaks a session or the app.

Player names and typed lines are shown as text, never as markup or terminal codes; a line no parser
expected, or a database held by another program, is refused in place: what was typed stays, the
status line says why, and the table screen stays open.
"""

import json
import sqlite3
from pathlib import Path

import pytest
from rich.text import Text
from textual import events

from companion.exports.native import import_text
from companion.store.database import Store, StoreError
from companion.store.sessions import Sessions
from scoring.records import split_record
from screens.app import CompanionApp
from tests.app.pilot import GAME_KEYS, new_game, opened, quiet, send_keys, status_of, type_line

ROOT = Path(__file__).resolve().parents[2]
# a link and a click action each within the 16 cells a name may take (companion.store.names)
MARKUP_NAMES = ["[/]", "x[/bold]", "[", "[[/]]", "[link=x.io]L[/]", "[@click=quit]Q"]
ESCAPE_NAMES = {"X\x1b]0;PWNED\x07Y": "X␛]0;PWNED␇Y", "B\x1b[41mRED": "B␛[41mRED", "C\x1b[2J\x1b[HZ": "C␛[2J␛[HZ"}


def shown(widget) -> str:
    return str(widget.render())


def no_action_in(widget) -> bool:
    """What a Static shows carries no link and no click action (markup would have made them)."""
    content = widget.render()
    return not any("@click" in str(span.style) or "link" in str(span.style) for span in content.spans)


def finished_sheriff_with(url: str, name: str) -> int:
    """A finished Sheriff scoresheet in the database, with ``name`` in Aki's seat."""
    record = json.loads((ROOT / "examples/sheriff/scoresheet-3-deals.json").read_text())
    text = json.dumps(record).replace('"Aki"', json.dumps(name))
    return import_text(Sessions(Store(url)), text.encode())


@pytest.mark.asyncio
@pytest.mark.parametrize("name", MARKUP_NAMES)
async def test_a_name_that_looks_like_markup_is_shown_as_typed_on_every_screen(tmp_path, name):
    url = f"sqlite:///{tmp_path / 'c.db'}"
    finished_sheriff_with(url, name)
    app = CompanionApp(url)
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(pilot)
        await new_game(pilot, [], f"Aki, Ben, {name}")
        assert type(app.screen).__name__ == "SessionScreen"
        heading = app.screen.query_one("#heading")
        assert f"Aki, Ben, {name} (0 entries)" in shown(heading) and no_action_in(heading)
        await type_line(pilot, json.dumps({"tableau": {"Aki": {"red": 1}, "Ben": {}, name: {"blue": 2}}}))
        assert not status_of(app)[1], status_of(app)
        cells = [c for row in range(3) for c in app.screen.query_one("#standings").get_row_at(row)]
        assert any(isinstance(c, Text) and c.plain == name and not c.spans for c in cells)
        logged = app.screen.query_one("#entries").options[-1].prompt  # the log's last line, as drawn
        assert name in logged.plain and not any(
            "@click" in str(s.style) or "link" in str(s.style) for s in logged.spans
        )
        if name == "[@click=app.quit]Q[/]":  # a click anywhere on the name does nothing
            start = shown(heading).index(name) + 1  # the heading's padding
            for x in range(start, start + len(name)):
                await pilot.click("#heading", offset=(x, 0))
            assert app.is_running and type(app.screen).__name__ == "SessionScreen"
        await pilot.press("f5")
        await quiet(pilot)
        chart = app.screen.query_one("#chart")  # the legend names each player whole, beside their marker
        assert name in shown(chart) and no_action_in(chart)
        assert name in shown(app.screen.query_one("#details"))
        await pilot.press("escape", "f6")
        await quiet(pilot)
        assert "Players: Aki, Ben, " in shown(app.screen.query_one("#output"))
        await pilot.press("escape", "escape")
        await quiet(pilot)
        assert type(app.screen).__name__ == "HomeScreen"
        menu = app.screen.query_one("#menu")
        prompts = [menu.get_option_at_index(i).prompt for i in range(menu.option_count)]
        resume = next(p for p in prompts if isinstance(p, Text) and name in p.plain)
        assert not resume.spans
        await pilot.press("h")
        await quiet(pilot)
        assert type(app.screen).__name__ == "HistoryScreen"
        rows = [app.screen.query_one("#sessions").get_row_at(i) for i in range(2)]
        assert {row[-1].plain for row in rows} == {f"Aki, Ben, {name}", f"{name}, Ben, Chie"}
        assert name in shown(app.screen.query_one("#stats"))
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running


@pytest.mark.asyncio
@pytest.mark.parametrize("name", list(ESCAPE_NAMES))
async def test_a_name_with_terminal_codes_is_refused_on_the_new_game_screen(tmp_path, name):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(pilot)
        await pilot.press("n")
        await pilot.pause()
        players = app.screen.query_one("#players")
        players.insert_text_at_cursor(f"Aki, Ben, {name}")  # as a paste: refused whole, with a bell
        assert players.value == ""
        players.value = f"Aki, Ben, {name}"  # however it got there, it is refused when the game starts
        await pilot.press("enter", "enter")
        await quiet(pilot)
        text, refused = status_of(app)
        assert refused and "control character" in text and ESCAPE_NAMES[name] in text and "\x1b" not in text
        players.value = "Aki, Ben, Chie"  # names given on the advanced JSON line are checked the same way
        app.screen.query_one("#options").value = json.dumps({"players": ["Aki", "Ben", name]})
        await pilot.press("ctrl+s")
        await quiet(pilot)
        assert type(app.screen).__name__ == "NewGameScreen" and status_of(app)[1]
        assert ESCAPE_NAMES[name] in status_of(app)[0]
        assert app.sessions.list() == []


@pytest.mark.asyncio
async def test_a_name_with_terminal_codes_from_an_old_database_is_shown_visibly(tmp_path):
    url = f"sqlite:///{tmp_path / 'c.db'}"
    sessions = Sessions(Store(url))
    sid = sessions.create("trickster", {"players": ["Aki", "Ben", "Zed"]})
    with sqlite3.connect(tmp_path / "c.db") as db:  # as an older Companion could have stored them
        name = "X\x1b]0;PWNED\x07Y"
        db.execute("UPDATE players SET name = ? WHERE name = 'Zed'", (name,))
        db.execute("UPDATE sessions SET header = ? WHERE id = ?", (json.dumps({"players": ["Aki", "Ben", name]}), sid))
    app = CompanionApp(url)
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(pilot)
        menu = app.screen.query_one("#menu")
        prompts = [menu.get_option_at_index(i).prompt for i in range(menu.option_count)]
        assert any(isinstance(p, Text) and "Aki, Ben, X␛]0;PWNED␇Y" in p.plain for p in prompts)
        await pilot.press("r")
        await quiet(pilot)
        assert type(app.screen).__name__ == "SessionScreen"  # open, shown visibly or refused with the reason
        everything = " ".join(shown(w) for w in app.screen.query("Static"))
        assert "\x1b" not in everything and "\x07" not in everything
        assert "X␛]0;PWNED␇Y" in everything or status_of(app)[1]
        await pilot.press("escape", "h")
        await quiet(pilot)
        assert app.screen.query_one("#sessions").get_row_at(0)[-1].plain == "Aki, Ben, X␛]0;PWNED␇Y"
        assert app.is_running


LINES = {
    "trickster": [
        "round [/]",
        "tableau Aki=[/]",
        "tableau Aki=R²",
        "[/]",
        "bust Ben Chie",
        "tableau Aki",
        '{"a": ' + "1" * 5000 + "}",
    ],
    "kings": ["pick", "lead", "r5 [/]", "pick red blue"],
    "sheriff": ["sheet Aki=mayor:[/]", "sheet Aki=mayor:Q*²"],
    "phantom": ["[/]", "Aki=²:blue Ben=5:red Chie=9:blue Dan=P:yellow point Aki>Chie Ben>Chie Chie>Dan Dan>Aki"],
    "louder": ["place x at 9", "place x at", "place x says", "use x [/]", "draw draw"],
}


async def refused_in_place(pilot, line: str) -> str:
    """Type ``line`` at the table: it must be refused with a reason, stay in the entry line, and
    leave the table open with nothing recorded."""
    app = pilot.app
    entry = app.screen.query_one("#entry")
    entry.value = ""
    recorded = app.sessions.entries(app.screen.sid)
    if len(line) > LONG:  # pasted, as a line that long reaches the table, then Enter
        entry.post_message(events.Paste(line))
        await quiet(pilot)
        await pilot.press("enter")
        await quiet(pilot)
    else:
        await type_line(pilot, line)
    assert app.is_running and type(app.screen).__name__ == "SessionScreen", line
    text, refused = status_of(app)
    assert refused and text.strip(), (line, text)
    assert app.screen.query_one("#entry").value.rstrip() == line  # (a completed word keeps its space)
    assert app.sessions.entries(app.screen.sid) == recorded
    return text


LONG = 200  #: a line longer than this is pasted (typing 5,000 keys proves nothing more)


@pytest.mark.asyncio
@pytest.mark.parametrize("game", list(LINES))
async def test_a_line_no_parser_expected_is_refused_in_place(tmp_path, game):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(pilot)
        await new_game(
            pilot, GAME_KEYS[game], "Aki, Ben, Chie" if game in ("sheriff", "louder") else "Aki, Ben, Chie, Dan"
        )
        assert app.screen.game.id == game
        for line in LINES[game]:
            text = await refused_in_place(pilot, line)
            assert "(f2: the rule “" in text, (line, text)
            if "[/]" in line and (game, line) != ("trickster", "[/]"):  # that one is no round's setup
                assert "[/]" in text  # the refusal echoes what was typed, as text


@pytest.mark.asyncio
async def test_kings_cards_that_are_no_cards_are_refused_in_the_middle_of_a_trick(tmp_path):
    url = f"sqlite:///{tmp_path / 'c.db'}"
    _, header, entries = split_record(json.loads((ROOT / "examples/kings/game-5p.json").read_text()))
    # the draft, fronts and bids: the first trick is next
    native = {"format": "companion-session", "version": 1, "game": "kings", "header": header, "entries": entries[:27]}
    import_text(Sessions(Store(url)), json.dumps(native).encode())
    app = CompanionApp(url)
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(pilot)
        await pilot.press("r")
        await quiet(pilot)
        for line in ("g²", "k²", "lead", "r5 [/]"):
            await refused_in_place(pilot, line)


@pytest.mark.asyncio
async def test_whatever_goes_wrong_with_a_line_keeps_the_table_open(tmp_path, monkeypatch):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(pilot)
        await new_game(pilot, [], "Aki, Ben, Chie")

        def broken(*_args):
            raise ZeroDivisionError("a bug no one has found yet")

        monkeypatch.setattr(app.sessions, "append", broken)
        text = await refused_in_place(pilot, "tableau Aki=R1 Ben= Chie=")
        assert "ZeroDivisionError" in text and "stays open" in text
        monkeypatch.undo()
        await pilot.press("enter")
        await quiet(pilot)
        assert not status_of(app)[1] and len(app.sessions.entries(app.screen.sid)) == 1


@pytest.mark.asyncio
async def test_undo_redo_and_the_f_keys_say_when_the_database_fails(tmp_path, monkeypatch):
    import screens.session

    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(pilot)
        await new_game(pilot, [], "Aki, Ben, Chie")
        await type_line(pilot, "tableau Aki=R1 Ben= Chie=")

        def locked(*_args):
            raise StoreError("The database is locked by another program; nothing was lost.")

        for method in ("undo", "redo", "scored", "snapshot", "info", "header", "entries"):
            monkeypatch.setattr(app.sessions, method, locked)
        monkeypatch.setattr(screens.session, "completions", locked)
        for key in ("ctrl+z", "ctrl+y", "f3"):
            await pilot.press(key)
            await quiet(pilot)
            assert type(app.screen).__name__ == "SessionScreen", key
            assert status_of(app) == ("The database is locked by another program; nothing was lost.", True), key
        for key in ("f5", "f6"):
            await pilot.press(key)
            await quiet(pilot)
            assert "locked by another program" in shown(app.screen.query_one("#output")), key
            await pilot.press("q" if key == "f6" else "escape")
            await quiet(pilot)
            if key == "f6":
                assert "locked by another program" in shown(app.screen.query_one("#output"))
                await pilot.press("escape")
                await quiet(pilot)
        await pilot.press("ctrl+l")  # a new language redraws the table from what it holds: no database read
        await quiet(pilot)
        assert type(app.screen).__name__ == "SessionScreen" and "セッション" in shown(app.screen.query_one("#heading"))
        await pilot.press("escape")
        await quiet(pilot)
        monkeypatch.setattr(app.sessions, "list", locked)
        await pilot.press("h")
        await quiet(pilot)
        assert "locked by another program" in shown(app.screen.query_one("#stats"))
        await pilot.press("escape", "r")
        await quiet(pilot)
        assert type(app.screen).__name__ == "HomeScreen" and app.is_running


@pytest.mark.asyncio
async def test_a_database_locked_by_another_program_refuses_the_entry_in_place(tmp_path):
    path = tmp_path / "c.db"
    app = CompanionApp(f"sqlite:///{path}")
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(pilot)
        await new_game(pilot, [], "Aki, Ben, Chie")
        sid = app.screen.sid
        other = sqlite3.connect(path, isolation_level=None, timeout=0.1)
        other.execute("BEGIN EXCLUSIVE")  # held longer than the app's busy timeout
        try:
            line = "tableau Aki=R1 Ben= Chie="
            await type_line(pilot, line)
            for _ in range(200):  # the app waits out its busy timeout first
                if status_of(app)[1]:
                    break
                await pilot.pause(0.05)
            text, refused = status_of(app)
            assert refused and "locked by another program" in text
            assert app.is_running and type(app.screen).__name__ == "SessionScreen"
            assert app.screen.query_one("#entry").value.rstrip() == line  # (a completed word keeps its space)
        finally:
            other.execute("ROLLBACK")
            other.close()
        await pilot.press("enter")  # the other program let go: the same line is recorded
        await quiet(pilot)
        assert not status_of(app)[1] and len(app.sessions.entries(sid)) == 1
        assert app.screen.query_one("#entry").value == ""


@pytest.mark.asyncio
async def test_a_line_typed_while_the_one_before_waits_for_a_locked_database_stays_its_own(tmp_path):
    """Trickster, a quick scoresheet: the database is held by another program when Enter is
    pressed, and the next line is typed at once, before the refusal shows. The refused line comes
    back alone (not ``… Aki=R1 Ben= Chie=tableau …`` glued together), the next line is kept aside
    and said, and once the first is recorded the second comes into the entry line as typed."""
    path = tmp_path / "c.db"
    app = CompanionApp(f"sqlite:///{path}")
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(pilot)
        await new_game(pilot, [], "Aki, Ben, Chie")
        sid = app.screen.sid
        other = sqlite3.connect(path, isolation_level=None, timeout=0.1)
        other.execute("BEGIN EXCLUSIVE")
        first, second = "tableau Aki=R1 Ben= Chie=", "tableau Aki= Ben=B2 Chie="
        try:
            await pilot.press(*[k if k.isalnum() else {" ": "space", "=": "equals_sign"}[k] for k in first])
            send_keys(pilot, ["\r", *second])  # Enter and the next line at once: typed while Enter waits
            for _ in range(200):
                if status_of(app)[1] and "kept for after" in status_of(app)[0]:
                    break
                await pilot.pause(0.05)
            text, refused = status_of(app)
            assert refused and "locked by another program" in text and second in text
            assert app.screen.query_one("#entry").value.rstrip() == first
        finally:
            other.execute("ROLLBACK")
            other.close()
        await pilot.press("enter")  # the other program let go: the first line is recorded
        await quiet(pilot)
        assert len(app.sessions.entries(sid)) == 1
        assert app.screen.query_one("#entry").value == second  # the second, as typed, to record next


@pytest.mark.asyncio
async def test_settings_and_new_game_options_echo_what_was_typed_as_text(tmp_path):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(pilot)
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("tab", "tab")  # past how variants are rated, to the line that remaps a key
        await type_line(pilot, "[/]")
        text, refused = status_of(app)
        assert refused and "'[/]'" in text
        app.screen.query_one("#remap").value = ""
        await type_line(pilot, "session.undo=[/]")  # not a key: refused, the keymap unchanged
        assert status_of(app)[1] and "[/]" in status_of(app)[0]
        assert "session.undo" not in app.settings.keymap
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("n")  # the advanced JSON line of the new-game form
        await pilot.pause()
        app.screen.query_one("#players").value = "Aki, Ben, Chie"
        app.screen.query_one("#options").value = json.dumps({"settings": {"[/]": 1}})
        await pilot.press("ctrl+s")
        await quiet(pilot)
        assert type(app.screen).__name__ == "NewGameScreen"
        text, refused = status_of(app)
        assert refused and "[/]" in text
        app.screen.query_one("#options").value = "[1, 2]"
        await pilot.press("ctrl+s")
        await quiet(pilot)
        assert status_of(app)[1] and "JSON" in status_of(app)[0]
        app.screen.query_one("#options").value = '{"deck": "[/]", "deck": "x"}'
        await pilot.press("ctrl+s")
        await quiet(pilot)
        assert status_of(app)[1] and "given twice" in status_of(app)[0]
        assert app.is_running and app.sessions.list() == []
