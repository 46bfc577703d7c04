"""The table screen follows entries made elsewhere while it is open: a phone's tap, ``companion
record`` in another terminal, another laptop on the same database. Each test has the app open on a
real SQLite file and a second ``Sessions`` on the same file, as another process has, that records
or undoes; the screen shows it within a few seconds, says it on the status line, and the next
Enter on the laptop is recorded after it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.exports.native import import_text
from companion.store.database import Store
from companion.store.sessions import Sessions
from scoring.records import build_record, split_record
from scoring.registry import get
from screens.app import CompanionApp
from screens.widgets.entry import EntryLine
from tests.app.pilot import quiet, shown_but_choices, status_of, type_line

ROOT = Path(__file__).resolve().parents[2]
TRICKSTER = json.loads((ROOT / "examples/trickster/game-4p-introductory.json").read_text())
GAME, HEADER, MOVES = split_record(TRICKSTER)
trickster = get("trickster")


async def table_of(app, pilot, sid: int) -> None:
    from screens.session import SessionScreen

    await app.push_screen(SessionScreen(sid))
    await until(pilot, lambda: type(app.screen) is SessionScreen and app.screen.live is not None)


async def until(pilot, done, seconds: float = 5.0) -> None:
    """Let the app run until ``done()`` holds (the watch looks at the file every few milliseconds)."""
    for _ in range(int(seconds / 0.05)):
        if done():
            return
        await pilot.pause(0.05)
    raise AssertionError("the table screen never showed it")


def revisions_heard(app) -> dict[int, int]:
    """Each session's newest revision the app's watch has told it of, from now on."""
    heard: dict[int, int] = {}
    post = app.post_message

    def told(message) -> bool:
        for sid, revision in getattr(message, "changed", {}).items():
            if revision is not None:
                heard[sid] = max(heard.get(sid, 0), revision)
        return post(message)

    app.post_message = told
    return heard


def log_lines(app) -> list[str]:
    log = app.screen.query_one("#entries")
    return [str(log.get_option_at_index(i).prompt) for i in range(log.option_count)]


async def a_trickster_table(tmp_path, pilot, app, entries: int) -> tuple[int, Sessions]:
    """Aki, Ben, Chie and Dan's Trickster game, ``entries`` entries in, open on the laptop; and the
    same database as another process opens it."""
    assert await app.store_open()
    sid = import_text(app.sessions, json.dumps(build_record(GAME, HEADER, MOVES[:entries])).encode())
    await table_of(app, pilot, sid)
    return sid, Sessions(Store(f"sqlite:///{tmp_path / 'c.db'}"))


@pytest.mark.asyncio
async def test_bens_card_tapped_on_his_phone_shows_at_the_table_and_the_next_enter_records_after_it(tmp_path):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        sid, phone = await a_trickster_table(tmp_path, pilot, app, entries=20)
        assert status_of(app)[0].startswith("Ben to play")
        phone.append(phone.open(sid), MOVES[20], strict=True)  # Ben's orange Brigand, from his phone
        await until(pilot, lambda: len(app.screen.shown) == 21)
        status, refused = status_of(app)
        assert not refused
        assert status.startswith("Recorded elsewhere: Ben: OBRI BPED Dan. ")
        assert status.endswith("Dan leads trick 6.")  # what the Brigand did, then what comes next
        assert log_lines(app)[-1] == "  21  Ben: OBRI BPED Dan"
        assert str(app.screen.query_one("#heading").render()).endswith("(21 entries)")
        # Dan leads at the laptop: recorded after Ben's card, never refused from the position before it
        heard = revisions_heard(app)
        await type_line(pilot, trickster.format(MOVES[21]))
        assert app.sessions.entries(sid) == MOVES[:22]
        revision = app.sessions.info(sid).revision  # the watch hears the laptop's own entry too …
        await until(pilot, lambda: heard.get(sid, 0) >= revision)
        await quiet(pilot)  # … and it is not said again
        status, refused = status_of(app)
        assert not refused and "elsewhere" not in status and status.startswith("Dan played the red Magician")
        assert len(log_lines(app)) == 22


@pytest.mark.asyncio
async def test_an_entry_undone_on_a_phone_goes_from_the_table_and_the_line_being_typed_stays(tmp_path):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}", lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        sid, phone = await a_trickster_table(tmp_path, pilot, app, entries=22)
        line = app.screen.query_one("#entry", EntryLine)
        line.take("R")  # Aki is typing her entry when Dan takes his red Magician back on his phone
        await pilot.pause()
        assert "RMAG" not in str(app.screen.query_one("#choices").render())
        phone.undo(phone.open(sid), strict=True)
        await until(pilot, lambda: len(app.screen.shown) == 21)
        assert status_of(app)[0] == "ほかの端末で取り消し：Dan: 赤手品師：緑護衛。Danがトリック6をリード。"
        assert line.value == "R" and line.ahead is not None and line.ahead.position is app.screen.position
        assert "RMAG" in str(app.screen.query_one("#choices").render())  # the choices of Dan's lead
        # several entries at once, from another terminal: the last one is named, each by its player
        live = phone.open(sid)
        for move in MOVES[21:26]:
            live = phone.append(live, move)
        await until(pilot, lambda: len(app.screen.shown) == 26)
        assert status_of(app)[0].startswith("ほかの端末で5件記録（最後：Aki: 赤護衛：黄革命家）")
        await until(pilot, lambda: len(app.screen.names) == 26)
        assert [row.split()[1] for row in log_lines(app)[21:]] == ["Dan:", "Aki:", "Ben:", "Chie:", "Aki:"]


@pytest.mark.asyncio
async def test_a_card_aki_placed_face_down_on_her_phone_stays_face_down_at_the_table_and_in_f4(tmp_path):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    louder = get("louder")
    async with app.run_test(size=(80, 24)) as pilot:
        assert await app.store_open()
        sid = app.sessions.create("louder", {"players": ["Aki", "Ben", "Chie"]})
        await table_of(app, pilot, sid)
        phone = Sessions(Store(f"sqlite:///{tmp_path / 'c.db'}"))
        live = phone.open(sid)
        phone.append(live, louder.parse("place trap:0 at 0,0 says score:5", live.position), strict=True)
        await until(pilot, lambda: len(app.screen.shown) == 1)
        assert status_of(app)[0].startswith(
            "Recorded elsewhere: Aki: placed a card at 0,0, saying score:5. "
            "Aki places a card face down at 0,0, announcing Score 5."
        )
        assert "trap" not in shown_but_choices(app).lower()
        # F4 on it, Enter: the line holds the placement as the table saw it, never the card
        await pilot.press("f4", "enter")
        line = app.screen.query_one("#entry", EntryLine)
        await until(pilot, lambda: line.value != "")
        assert line.value == "place ■ at 0,0 says score:5" and line.public == "place ■ at 0,0 says score:5"
        assert "trap" not in shown_but_choices(app).lower()


@pytest.mark.asyncio
async def test_enter_after_a_card_tapped_elsewhere_records_nothing_and_keeps_the_line(tmp_path):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        sid, phone = await a_trickster_table(tmp_path, pilot, app, entries=20)
        screen = app.screen
        phone.append(phone.open(sid), MOVES[20], strict=True)  # Ben's card from his phone ...
        # ... stored before the laptop heard of it: the laptop's Enter is for the position it shows
        recorded = await screen.record(MOVES[20], None, trickster.format(MOVES[20]))
        assert recorded is False and app.sessions.entries(sid) == MOVES[:21]  # not Ben's card twice
        status, refused = status_of(app)
        assert refused and status.startswith("Nothing was recorded: the table moved on before Enter (OBRI BPED Dan).")
        assert len(screen.shown) == 21  # and the screen shows the card recorded elsewhere
