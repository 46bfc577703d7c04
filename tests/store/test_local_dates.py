"""One game, one date: times are stored in UTC and every place a person reads one shows this
computer's date and time (``companion.clock``). A Sheriff game started at 19:26 UTC on 26 November
was played at 04:26 on 27 November in Tokyo, and ``sessions``, ``show``, ``stats``, ``history``,
the Markdown and BGG exports, the export file names and the history screen all say 27 November
there (and 26 November in Los Angeles)."""

import os
import sqlite3
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion.cli import main
from companion.exports.files import export_name
from companion.exports.formats import export
from companion.exports.native import import_text
from companion.store.database import Store
from companion.store.sessions import Sessions
from tests.app.snapshot_apps import frozen_clock

ROOT = Path(__file__).resolve().parents[2]
STARTED = datetime(2026, 11, 26, 19, 26, 3, tzinfo=UTC)
# the zone, the day and time in lists, the offset, and the time as the Markdown says it in English and Japanese
ZONES = [
    ("Asia/Tokyo", "2026-11-27", "04:26", "+09:00", "Nov 27, 2026, 4:26:03\u202fAM", "2026/11/27 4:26:03"),
    ("America/Los_Angeles", "2026-11-26", "11:26", "-08:00", "Nov 26, 2026, 11:26:03\u202fAM", "2026/11/26 11:26:03"),
]


@pytest.fixture
def zone(request):
    """The computer's time zone for one test (``TZ``, as a laptop in Tokyo has it)."""
    before = os.environ.get("TZ")
    os.environ["TZ"] = request.param
    time.tzset()
    yield request.param
    if before is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = before
    time.tzset()


def played_at_19_26_utc(url: str) -> Sessions:
    """The Sheriff scoresheet, started, recorded and finished at 19:26:03 UTC on 26 November."""
    sessions = Sessions(Store(url))
    with frozen_clock(STARTED):
        import_text(sessions, (ROOT / "examples/sheriff/scoresheet-3-deals.json").read_bytes())
    with sessions.store.session() as s:  # the database holds it in UTC, whatever the zone
        s.connection().exec_driver_sql("UPDATE sessions SET created_at = '2026-11-26 19:26:03.000000'")
        s.commit()
    return sessions


def cli(capsys, url: str, *args: str) -> str:
    assert main(["--db", url, *args]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("zone", [z[0] for z in ZONES], indirect=True)
def test_every_place_a_person_reads_the_date_gives_the_local_one(tmp_path, capsys, zone):
    _, day, clock, offset, english, japanese = next(z for z in ZONES if z[0] == zone)
    url = f"sqlite:///{tmp_path / 'c.db'}"
    sessions = played_at_19_26_utc(url)
    assert cli(capsys, url, "sessions").split()[1:4] == [day, clock, offset]  # local, and says its zone
    # the start as the Markdown says it, in either language
    assert f"started {english} (UTC{offset})" in cli(capsys, url, "show", "1").splitlines()[0]
    assert f"開始 {japanese}（UTC{offset}）" in cli(capsys, url, "show", "1", "--lang", "ja").splitlines()[0]
    assert cli(capsys, url, "stats", "sheriff").startswith(f"Sheriff: 1 game, {day}\n")
    assert f",{day} {clock}:03,sheriff," in cli(capsys, url, "history")
    assert export(sessions, 1, "md").startswith(f"# Sheriff — {english} (UTC{offset})\n")
    assert export(sessions, 1, "md", "ja").startswith(f"# シェリフ — {japanese}（UTC{offset}）\n")
    assert f'date="{day}"' in export(sessions, 1, "bgg")
    assert export_name(sessions, 1, "json") == f"sheriff-{day}-s1.json"
    stored = sessions.info(1).created_at
    assert stored == STARTED and stored.tzinfo == UTC  # read back aware, in UTC
    with sqlite3.connect(tmp_path / "c.db") as conn:
        assert conn.execute("SELECT created_at FROM sessions").fetchone()[0] == "2026-11-26 19:26:03.000000"


@pytest.mark.asyncio
@pytest.mark.parametrize("zone", ["Asia/Tokyo"], indirect=True)
async def test_the_history_screen_dates_the_game_as_the_command_line_does(tmp_path, zone):
    from textual.widgets import DataTable

    from screens.app import CompanionApp
    from screens.history import HistoryScreen

    url = f"sqlite:///{tmp_path / 'c.db'}"
    played_at_19_26_utc(url)
    app = CompanionApp(url, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        assert await app.store_open()
        await app.push_screen(HistoryScreen())
        for _ in range(50):
            await pilot.pause(0.05)
            stats = str(app.screen.query_one("#stats").render())
            if "Sheriff" in stats:
                break
        row = app.screen.query_one("#sessions", DataTable).get_row_at(0)
    assert row[1] == "2026-11-27 04:26"
    assert stats.splitlines()[0] == "Sheriff: 1 game, 2026-11-27"
