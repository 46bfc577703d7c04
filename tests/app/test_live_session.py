"""A session open at the table applies only its new entry, steps back through positions already
worked out, and keeps what the history lists of it (standings, winners, entries) with it, written
by the same transaction as the entry. Real SQLite files, two processes' worth of ``Sessions``."""

import json
import sqlite3
from pathlib import Path

import pytest

from benchmarks.keys import opened
from companion.club.stats import by_player
from companion.store.database import SCHEMA_V1, SCHEMA_VERSION, Store
from companion.store.sessions import Sessions
from scoring.records import split_record
from scoring.registry import get
from scoring.words import say
from screens.app import CompanionApp
from tests.app.pilot import quiet

ROOT = Path(__file__).resolve().parents[2]


def example(path: str) -> tuple[str, dict, list]:
    return split_record(json.loads((ROOT / "examples" / path).read_text()))


def test_entries_recorded_undone_and_redone_at_the_table_match_the_whole_replay(tmp_path):
    sessions = Sessions(Store(f"sqlite:///{tmp_path / 'c.db'}"))
    game, header, entries = example("trickster/game-4p-introductory.json")
    sid = sessions.create(game, header)
    live = sessions.open(sid)
    for entry in entries:
        live = sessions.append(live, entry)
    assert live.info.entries == len(entries) and live.info.finished
    assert live.position.scored == sessions.scored(sid)
    assert live.info.winners == tuple(sessions.scored(sid).standings.winners())
    assert sessions.standings(sid) == sessions.scored(sid).standings  # what the history keeps
    revision = live.info.revision
    for n in range(1, 4):
        live, undone = sessions.undo(live)
        assert undone == entries[-n]
        assert live.position == get(game).replay(header, entries[:-n])
        assert sessions.entries(sid) == entries[:-n]
        assert sessions.standings(sid) == live.position.scored.standings
    assert live.info.revision == revision + 3 and not live.info.finished and live.info.winners == ()
    live, redone = sessions.redo(live)
    assert redone == entries[-3] and sessions.entries(sid) == entries[:-2]
    reopened = sessions.open(sid)
    assert reopened.position == live.position and not reopened.repaired
    # opened afresh, the first undo replays the entries before the last once
    reopened, undone = sessions.undo(reopened)
    assert undone == entries[-3] and reopened.position == get(game).replay(header, entries[:-3])


def test_a_refusal_at_the_table_records_nothing_and_names_the_entry(tmp_path):
    sessions = Sessions(Store(f"sqlite:///{tmp_path / 'c.db'}"))
    game, header, entries = example("trickster/game-4p-introductory.json")
    sid = sessions.create(game, header)
    live = sessions.open(sid)
    for entry in entries[:8]:
        live = sessions.append(live, entry)
    with pytest.raises(Exception, match="Entry 9: ") as refused:
        sessions.append(live, entries[5])  # a card already played
    assert refused.value.rule.startswith("trickster.")
    assert sessions.entries(sid) == entries[:8]
    assert sessions.info(sid).revision == live.info.revision


def test_a_session_changed_by_another_table_is_checked_against_the_store(tmp_path):
    url = f"sqlite:///{tmp_path / 'c.db'}"
    here, there = Sessions(Store(url)), Sessions(Store(url))
    game, header, entries = example("sheriff/game-6-deals.json")
    sid = here.create(game, header)
    live = here.open(sid)
    live = here.append(live, entries[0])
    there.append(there.open(sid), entries[1])  # the other laptop records the next card
    with pytest.raises(Exception, match="Entry 3"):  # the same card again is refused by the store's entries
        here.append(live, entries[1])
    live = here.append(live, entries[2])  # the stale table is read again with the other's entry in it
    assert live.position.entries == tuple(entries[:3]) and here.entries(sid) == entries[:3]
    there.undo(there.open(sid))
    live, undone = here.undo(live)  # the store's last entry is undone, not the table's idea of it
    assert undone == entries[1] and here.entries(sid) == entries[:1] and live.position.entries == (entries[0],)


def test_an_older_database_gets_what_its_history_lists_rebuilt(tmp_path):
    path = tmp_path / "old.db"
    game, header, entries = example("trickster/game-4p-introductory.json")
    with sqlite3.connect(path) as conn:
        for statement in SCHEMA_V1:
            conn.execute(statement)
        conn.execute(
            "INSERT INTO sessions (id, uid, game, header, created_at, updated_at) VALUES (1, 'u1', ?, ?, ?, ?)",
            (game, json.dumps(header), "2026-01-01 20:00:00", "2026-01-01 22:00:00"),
        )
        for seat, name in enumerate(header["players"]):
            conn.execute("INSERT INTO players (id, name) VALUES (?, ?)", (seat + 1, name))
            conn.execute("INSERT INTO seats (session_id, seat, player_id) VALUES (1, ?, ?)", (seat, seat + 1))
        for seq, entry in enumerate(entries, start=1):
            conn.execute(
                "INSERT INTO entries (session_id, seq, payload, active, created_at) VALUES (1, ?, ?, 1, ?)",
                (seq, json.dumps(entry), "2026-01-01 21:00:00"),
            )
    store = Store(f"sqlite:///{path}")
    assert store.schema_version() == SCHEMA_VERSION
    sessions = Sessions(store)
    [info] = sessions.list()
    expected = get(game).replay(header, entries).scored
    assert info.entries == len(entries) and info.winners == tuple(expected.standings.winners())
    assert sessions.standings(1) == expected.standings
    assert Sessions(store).rebuild_summaries() == 0  # once only


def test_the_history_is_listed_a_page_at_a_time(tmp_path):
    sessions = Sessions(Store(f"sqlite:///{tmp_path / 'c.db'}"))
    game, header, entries = example("sheriff/scoresheet-3-deals.json")
    done = [sessions.import_whole(game, header, entries) for _ in range(5)]
    running = sessions.create(game, header)
    assert sessions.count() == 6 and sessions.count("trickster") == 0
    first = sessions.list(limit=4)
    rest = sessions.list(limit=4, offset=4)
    assert [s.id for s in first + rest] == [running, *reversed(done)]  # unfinished first, then the newest
    assert first[0].winners == () and rest[-1].winners == tuple(sessions.scored(done[0]).standings.winners())
    stats = {s.player: s for s in by_player(sessions, game)}
    assert sum(s.played for s in stats.values()) == 5 * len(header["players"])


@pytest.mark.asyncio
async def test_ten_quick_undo_presses_take_back_exactly_ten_entries(tmp_path):
    from textual import events

    from screens.session import SessionScreen

    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    game, header, entries = example("trickster/game-4p-introductory.json")
    async with app.run_test(size=(80, 24)) as pilot:
        sessions = await opened(pilot)
        sid = sessions.import_whole(game, {**header}, entries[:40])
        await app.push_screen(SessionScreen(sid))
        await pilot.pause()
        said: list[str] = []
        original = app.screen.tell

        def heard(text: str) -> None:
            said.append(text)
            original(text)

        app.screen.tell = heard
        for _ in range(10):  # all ten queued before the first is handled
            event = events.Key("ctrl+z", None)
            event.set_sender(app)
            app._driver.send_message(event)
        for _ in range(200):
            await pilot.pause(0.01)
            if len(sessions.entries(sid)) <= 30 and len([s for s in said if s.startswith("Undone")]) >= 10:
                break
        await quiet(pilot)
        assert sessions.entries(sid) == entries[:30]
        assert app.screen.live.position.entries == tuple(entries[:30])
        assert len(app.screen.shown) == 30
        undone = [s for s in said if s.startswith("Undone")]
        assert len(undone) == 10  # each one said as it happened
        assert undone[0].startswith(f"Undone: {say(get(game).shown(entries[39]))}")
        assert undone[-1].startswith(f"Undone: {say(get(game).shown(entries[30]))}")


def test_a_whole_history_exports_to_one_csv_from_what_is_stored(tmp_path):
    from companion.exports.spreadsheet import history_csv

    sessions = Sessions(Store(f"sqlite:///{tmp_path / 'c.db'}"))
    game, header, entries = example("sheriff/scoresheet-3-deals.json")
    header, entries = json.loads(json.dumps([header, entries]).replace('"Aki"', '"=Aki"'))
    done = sessions.import_whole(game, header, entries)
    running = sessions.create("trickster", {"players": ["Aki", "Ben", "Chie"]})
    rows = history_csv(sessions).splitlines()
    assert rows[0] == "session,date,game,finished,player,seat,total,rank,winner,rounds"
    table = sessions.scored(done).standings
    first = table.places[0]
    uid = sessions.info(done).uid
    assert rows[1].startswith(f"{uid},") and f",sheriff,yes,{first.player.replace('=', chr(39) + '=')}," in rows[1]
    assert rows[1].endswith(f",{first.total},1,yes," + " ".join(map(str, first.rounds)))
    assert "'=Aki" in history_csv(sessions, game) and "=Aki," not in history_csv(sessions, game).replace("'=Aki", "")
    assert len(rows) == 1 + len(header["players"]) + 3  # the new Trickster game: three rows, nobody won
    assert all(",trickster,no," in r and r.split(",")[8] == "no" for r in rows[-3:])
    assert sessions.info(running).winners == ()


@pytest.mark.asyncio
async def test_the_history_screen_lists_a_page_and_brings_the_next_at_its_end(tmp_path):
    from screens.history import PAGE, HistoryScreen

    url = f"sqlite:///{tmp_path / 'c.db'}"
    sessions = Sessions(Store(url))
    game, header, entries = example("sheriff/scoresheet-3-deals.json")
    ids = [sessions.import_whole(game, header, entries) for _ in range(PAGE + 20)]
    winners = ", ".join(sessions.scored(ids[0]).standings.winners())
    app = CompanionApp(url)
    async with app.run_test(size=(100, 40)) as pilot:
        await opened(pilot)
        await app.push_screen(HistoryScreen())
        await quiet(pilot)
        table = app.screen.query_one("#sessions")
        assert table.row_count == PAGE
        assert str(table.get_row_at(0)[3]) == f"{winners} won"
        table.focus()
        await pilot.press("ctrl+end")  # the cursor to the last row listed
        await quiet(pilot)
        assert table.row_count == PAGE + 20
        assert [int(table.get_row_at(k)[0]) for k in (0, PAGE + 19)] == [ids[-1], ids[0]]
        for _ in range(50):
            await pilot.pause(0.05)
            if "Aki" in str(app.screen.query_one("#stats").render()):
                break
        assert f"played {PAGE + 20}" in str(app.screen.query_one("#stats").render())


def queue_keys(app, keys: list[tuple[str, str | None]]) -> None:
    """Keys as a fast typist presses them: all of them queued before the app handles the first."""
    from textual import events

    for key, char in keys:
        event = events.Key(key, char)
        event.set_sender(app)
        app._driver.send_message(event)


def typed(line: str) -> list[tuple[str, str | None]]:
    from textual.keys import _character_to_key

    return [(c if c.isalnum() else _character_to_key(c), c) for c in line] + [("enter", "\r")]


async def settled(pilot, done) -> None:
    for _ in range(300):
        await pilot.pause(0.01)
        if done():
            break
    await quiet(pilot)


@pytest.mark.asyncio
async def test_lines_typed_while_the_one_before_is_stored_are_recorded_in_order(tmp_path):
    from screens.session import SessionScreen

    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    game, header, entries = example("trickster/game-4p-introductory.json")
    trickster = get(game)
    async with app.run_test(size=(80, 24)) as pilot:
        sessions = await opened(pilot)
        sid = sessions.import_whole(game, header, entries[:1])  # the round is set up
        await app.push_screen(SessionScreen(sid))
        await pilot.pause()
        keys = [k for entry in entries[1:6] for k in typed(trickster.format(entry))]
        queue_keys(app, keys)  # five plays typed without waiting for any of them
        await settled(pilot, lambda: len(sessions.entries(sid)) >= 6)
        assert sessions.entries(sid) == entries[:6]
        assert app.screen.query_one("#entry").value == ""
        # Enter then ctrl+z at once: the play is recorded, then undone, never the other way round
        queue_keys(app, [*typed(trickster.format(entries[6])), ("ctrl+z", None)])
        await settled(pilot, lambda: "Undone" in str(app.screen.query_one("#status").render()))
        assert sessions.entries(sid) == entries[:6]
        assert str(app.screen.query_one("#status").render()).startswith(f"Undone: {say(trickster.shown(entries[6]))}")


def test_companion_history_writes_the_whole_history_as_one_csv(tmp_path, capsys):
    from companion.cli import main

    url = f"sqlite:///{tmp_path / 'c.db'}"
    sessions = Sessions(Store(url))
    game, header, entries = example("sheriff/scoresheet-3-deals.json")
    sessions.import_whole(game, header, entries)
    assert main(["--db", url, "history"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("session,date,game,finished,player") and len(lines) == 1 + len(header["players"])
    assert main(["--db", url, "history", "kings", "-o", str(tmp_path / "k.csv")]) == 0
    assert (tmp_path / "k.csv").read_text().count("\n") == 1  # the heading alone: no KINGs game yet


@pytest.mark.asyncio
async def test_the_log_loses_its_last_lines_as_a_list_built_afresh_would_have_them():
    from rich.text import Text
    from textual.app import App

    from screens.widgets.log import EntryLog

    class Logs(App):
        def compose(self):
            yield EntryLog(id="trimmed")
            yield EntryLog(id="fresh")

    lines = [Text(f"{n:>4}  Aki: RGUA PREV") for n in range(1, 61)]
    app = Logs()
    async with app.run_test(size=(80, 24)) as pilot:
        trimmed, fresh = app.query_one("#trimmed", EntryLog), app.query_one("#fresh", EntryLog)
        trimmed.add_options(lines)
        await pilot.pause()
        trimmed.highlighted = 59
        for _ in range(5):
            trimmed.pop_last()
        fresh.add_options(lines[:55])
        await pilot.pause()
        fresh._update_lines()
        assert [str(o.prompt) for o in trimmed.options] == [str(o.prompt) for o in fresh.options]
        assert trimmed._line_cache == fresh._line_cache and trimmed.virtual_size.height == fresh.virtual_size.height
        assert trimmed.highlighted == 54 and trimmed.option_count == 55
        trimmed.add_options(lines[55:57])  # lines added after an undo follow on
        await pilot.pause()
        assert [str(o.prompt) for o in trimmed.options][-2:] == ["  56  Aki: RGUA PREV", "  57  Aki: RGUA PREV"]


def test_opening_a_session_checks_the_standings_stored_with_it(tmp_path):
    path = tmp_path / "c.db"
    sessions = Sessions(Store(f"sqlite:///{path}"))
    game, header, entries = example("sheriff/scoresheet-3-deals.json")
    sid = sessions.import_whole(game, header, entries)
    right = sessions.standings(sid)
    with sqlite3.connect(path) as conn:  # an older Companion, or a hand, left them wrong
        wrong = '{"standings": [["Aki", 1, 99, [99]], ["Chie", 2, 8, [8]], ["Ben", 3, 6, [6]]]}'
        conn.execute("UPDATE sessions SET standings = ? WHERE id = ?", (wrong, sid))
    assert sessions.standings(sid) != right
    live = sessions.open(sid)
    assert live.repaired and sessions.standings(sid) == right
    assert not sessions.open(sid).repaired


def test_a_card_recorded_from_the_command_line_meets_the_table_that_has_the_session_open(tmp_path, capsys):
    from companion.cli import main

    url = f"sqlite:///{tmp_path / 'c.db'}"
    sessions = Sessions(Store(url))
    game, header, entries = example("sheriff/game-6-deals.json")
    sid = sessions.create(game, header)
    live = sessions.append(sessions.open(sid), entries[0])
    assert main(["--db", url, "record", str(sid), json.dumps(entries[1])]) == 0  # the same verbs: open, append
    live = sessions.append(live, entries[2])  # the table had it open: checked against the store's two entries
    assert live.position.entries == tuple(entries[:3]) and live.info.revision == sessions.info(sid).revision == 4
    capsys.readouterr()
    assert main(["--db", url, "undo", str(sid)]) == 0
    assert capsys.readouterr().out == f"undo: {get(game).format(entries[2])}\n"
    live, undone = sessions.undo(live)  # the store's last entry now, not the one the table last recorded
    assert undone == entries[1] and sessions.entries(sid) == entries[:1] and live.position.entries == (entries[0],)
    assert main(["--db", url, "redo", str(sid)]) == 0
    assert capsys.readouterr().out == f"redo: {get(game).format(entries[1])}\n"
