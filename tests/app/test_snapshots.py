"""SVG snapshots of every screen at 80×24, in English and in Japanese, compared with the accepted
ones in ``tests/app/__snapshots__/test_snapshots/`` (pytest-textual-snapshot).

A screen that draws differently from its accepted SVG fails its test, and the run writes
``snapshot_report.html`` (in the folder pytest runs in) showing both side by side. When a change
is meant, look at the report, then accept the new pictures and commit them::

    .venv/bin/pytest -p no:cacheprovider tests/app/test_snapshots.py --snapshot-update

(one test: add ``-k 'test_table and ja'``; a run with ``--snapshot-update`` also deletes the SVGs
no test takes any more.) A missing SVG fails too, until it is written this way, and a screen that
shows a refusal or an error (a widget of class ``refused``) fails before it is compared or written.

The pictures are the same on every machine and every day: the sessions come from the example
games with fixed dates (``tests/app/snapshot_apps.py``), each app has its own settings file and
database copy, no cursor blinks, and ``textual`` is pinned to one minor series in pyproject.toml
(another Textual draws other SVGs: after upgrading it, update the snapshots). ``TEXTUAL_THEME``
must not be set.
"""

from __future__ import annotations

import shutil
from functools import partial

import pytest

from companion.exports.native import import_text
from companion.web.addresses import ADDRESS_ENV
from companion.web.background import PORT_ENV
from screens.app import CompanionApp
from tests.app import snapshot_apps as shots
from tests.app.snapshot_apps import MID_GAMES, new_game, opened, settled, table

SIZE = (80, 24)
LANGS = pytest.mark.parametrize("lang", ["en", "ja"])


@pytest.fixture(scope="module")
def database(tmp_path_factory) -> tuple:
    """The snapshot sessions, written once: (the SQLite file, each game's session id)."""
    path = tmp_path_factory.mktemp("snapshots") / "companion.db"
    return path, shots.build_database(path)


@pytest.fixture
def app_in(database, tmp_path, monkeypatch):
    """``app_in(lang)``: the app on its own copy of the snapshot database, in ``lang`` by its
    settings file, as it starts on a player's machine."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    return lambda lang: shots.app_on_copy(database[0], tmp_path, lang, monkeypatch)


@pytest.fixture
def sids(database) -> dict[str, int]:
    return database[1]


@LANGS
def test_home(snap_compare, app_in, lang):
    """Home: a new game, the five unfinished sessions to resume, history, rules, settings."""
    assert snap_compare(app_in(lang), terminal_size=SIZE, run_before=opened)


@LANGS
@pytest.mark.parametrize("game", list(MID_GAMES))
def test_new_game(snap_compare, app_in, lang, game):
    """The new-game form with the game chosen and its players typed: its options and setup card."""
    assert snap_compare(app_in(lang), terminal_size=SIZE, run_before=partial(new_game, game=game))


@LANGS
@pytest.mark.parametrize("game", list(MID_GAMES))
def test_table(snap_compare, app_in, sids, lang, game):
    """The table screen in the middle of a game, the start of an entry typed: the board, the
    standings, the log, the type-ahead choices, the status line and the footer."""
    typed = MID_GAMES[game][2]
    assert snap_compare(app_in(lang), terminal_size=SIZE, run_before=partial(table, sid=sids[game], typed=typed))


@LANGS
@pytest.mark.parametrize("key", ["f5", "f2", "f1"], ids=["scoreboard", "rules", "help"])
def test_trickster_table_screens(snap_compare, app_in, sids, lang, key):
    """What F5 (scoreboard), F2 (the rules) and F1 (how to type) open at a Trickster table."""

    async def run_before(pilot) -> None:
        await table(pilot, sids["trickster"])
        await pilot.press(key)
        await settled(pilot)

    assert snap_compare(app_in(lang), terminal_size=SIZE, run_before=run_before)


@LANGS
@pytest.mark.parametrize("key", ["f9", "ctrl+n"], ids=["paused", "notes"])
def test_sheriff_table_paused_and_its_place_and_notes(snap_compare, app_in, sids, lang, key):
    """F9 at the Sheriff table: the heading says the clock is paused, the status line how it starts
    again; ctrl+n: the small form of where the game is played and the table's notes."""

    async def run_before(pilot) -> None:
        await table(pilot, sids["sheriff"])
        await pilot.press(key)
        await settled(pilot)

    assert snap_compare(app_in(lang), terminal_size=SIZE, run_before=run_before)


@LANGS
def test_scoreboard_chart_with_a_total_below_zero(snap_compare, app_in, lang):
    """F5 at the end of the five-player KINGs game (imported into the app's copy of the database):
    the standings, then the running totals of its three rounds as a line chart, each player's
    marker and colour, the legend, and Dan's -10 under the zero line."""

    async def run_before(pilot) -> None:
        await opened(pilot)
        sid = import_text(pilot.app.sessions, (shots.EXAMPLES / "kings" / "game-5p.json").read_bytes())
        await table(pilot, sid)
        await pilot.press("f5")
        await settled(pilot)

    assert snap_compare(app_in(lang), terminal_size=SIZE, run_before=run_before)


@LANGS
def test_history(snap_compare, app_in, lang):
    """History: every session with its fixed date, and the players' statistics of the finished one."""

    async def run_before(pilot) -> None:
        await opened(pilot)
        await pilot.press("h")
        await settled(pilot)

    assert snap_compare(app_in(lang), terminal_size=SIZE, run_before=run_before)


@pytest.fixture(scope="module")
def club_database(tmp_path_factory):
    """A club's season (``tests/app/snapshot_apps.py``: ``build_club``), written once."""
    path = tmp_path_factory.mktemp("club") / "club.db"
    shots.build_club(path)
    return path


@LANGS
@pytest.mark.parametrize("keys", [(), ("pagedown",)], ids=["top", "scrolled"])
def test_player_page(snap_compare, club_database, tmp_path, monkeypatch, lang, keys):
    """History, F3, Aki: the player's page — games and wins by game and variant, best and worst,
    time played, each rating with its history as a chart — and a page further down (the ratings'
    charts and the games after each)."""
    config = tmp_path / "settings.json"
    shots.write_settings(config, lang)
    monkeypatch.setenv("COMPANION_CONFIG", str(config))
    monkeypatch.delenv("NO_COLOR", raising=False)
    db = tmp_path / "club.db"
    shutil.copyfile(club_database, db)

    async def run_before(pilot) -> None:
        await opened(pilot)
        await pilot.press("h")
        await settled(pilot)
        await pilot.press("f3")
        await settled(pilot)
        await pilot.press("A", "k", "i", "enter")
        await settled(pilot)
        await pilot.press(*keys)
        await settled(pilot)

    assert snap_compare(CompanionApp(f"sqlite:///{db}"), terminal_size=SIZE, run_before=run_before)


@LANGS
def test_export_qr_at_80x24(snap_compare, app_in, sids, lang):
    """F6 on the finished game, then q: the QR code needs more than 80×24, so the page offers the
    image file (s) and says what size would draw it."""

    async def run_before(pilot) -> None:
        await table(pilot, sids["finished"])
        await pilot.press("f6")
        await settled(pilot)
        await pilot.press("q")
        await settled(pilot)

    assert snap_compare(app_in(lang), terminal_size=SIZE, run_before=run_before)


# a port each (the two languages may run at once), below the range the system hands out as free ports
PHONES_PORTS = {"en": "28765", "ja": "28766"}


@LANGS
def test_show_on_phones(snap_compare, app_in, sids, lang, monkeypatch):
    """F8 at the Trickster table: the session's link as a QR code, the link under it, where it is
    served and how to serve elsewhere (on 127.0.0.1 and a fixed port: the same picture everywhere)."""
    monkeypatch.setenv(ADDRESS_ENV, "127.0.0.1")
    monkeypatch.setenv(PORT_ENV, PHONES_PORTS[lang])

    async def run_before(pilot) -> None:
        await table(pilot, sids["trickster"])
        await pilot.press("f8")
        await settled(pilot)
        link = str(pilot.app.screen.query_one("#phones-link").render())
        assert link.startswith(f"http://127.0.0.1:{PHONES_PORTS[lang]}/t/"), "the port was taken: the picture differs"

    assert snap_compare(app_in(lang), terminal_size=SIZE, run_before=run_before)


RECORD_PORTS = {"en": "28767", "ja": "28768"}  # other than PHONES_PORTS: the tests may run at once


@LANGS
def test_record_from_phones(snap_compare, app_in, sids, lang, monkeypatch):
    """F8, then r at the Trickster table: the code a phone scans to record from it (its join link,
    where it picks its seat), what it is for, how to end it (x) and how to go back to the code to
    watch (r)."""
    monkeypatch.setenv(ADDRESS_ENV, "127.0.0.1")
    monkeypatch.setenv(PORT_ENV, RECORD_PORTS[lang])

    async def run_before(pilot) -> None:
        await table(pilot, sids["trickster"])
        await pilot.press("f8")
        await settled(pilot)
        await pilot.press("r")
        await settled(pilot)
        link = str(pilot.app.screen.query_one("#phones-link").render())
        assert link.startswith(f"http://127.0.0.1:{RECORD_PORTS[lang]}/j/"), "the port was taken: the picture differs"

    assert snap_compare(app_in(lang), terminal_size=SIZE, run_before=run_before)
