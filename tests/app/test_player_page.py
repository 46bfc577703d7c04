"""A player's page on the history screen: F3, a player picked from the list, and the page
``companion player NAME`` prints (with each rating's history drawn as a chart), read from a real
SQLite history of the example games imported as files are; s switches between this year's season
and every season. Driven through Textual's pilot at 80×24, in English and Japanese."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from companion.club.player_page import page
from companion.club.season import this_year
from companion.club.text import page_lines
from companion.exports.native import import_text
from companion.store.database import Store
from companion.store.sessions import Sessions
from screens.app import CompanionApp
from screens.player import FRAME
from tests.app.pilot import send_keys
from tests.app.snapshot_apps import EXAMPLES, frozen_clock, opened, settled

YEAR = datetime.now(UTC).year
# two club nights last year, four this year (noon in Greenwich: the same day on every laptop's clock)
NIGHTS = [
    (datetime(YEAR - 1, 1, 15, 12, tzinfo=UTC), "trickster", "scoresheet-4p"),  # Aki, Ben, Chie share first
    (datetime(YEAR - 1, 1, 22, 12, tzinfo=UTC), "sheriff", "scoresheet-3-deals"),  # Aki 9, Chie 8, Ben 6
    (datetime(YEAR, 1, 15, 12, tzinfo=UTC), "trickster", "scoresheet-5p-tiebreak"),  # Chie wins on 2
    (datetime(YEAR, 1, 22, 12, tzinfo=UTC), "kings", "scoresheet-5p"),
    (datetime(YEAR, 1, 29, 12, tzinfo=UTC), "trickster", "game-5p-strategy"),
    (datetime(YEAR, 2, 5, 12, tzinfo=UTC), "sheriff", "game-6-deals"),
]


@pytest.fixture
def club(tmp_path) -> str:
    """A club's history in a real SQLite file: each night's example imported as ``companion
    import`` reads a file (``import_text``), on its own day. Its URL."""
    url = f"sqlite:///{tmp_path / 'club.db'}"
    sessions = Sessions(Store(url))
    with frozen_clock() as clock:
        for night, game, name in NIGHTS:
            clock.at = night
            import_text(sessions, (EXAMPLES / game / f"{name}.json").read_bytes())
    sessions.store.engine.dispose()
    return url


def shown(app) -> str:
    return str(app.screen.query_one("#output").render())


def expected(url: str, name: str, season=None, lang: str = "en", apart: bool = False) -> str:
    """The page as ``companion player`` reckons it, laid out for an 80-column screen."""
    found = page(Sessions(Store(url)), name, season, apart, lang)
    return "\n".join(page_lines(found, lang, chart=80 - FRAME, json_hint=False))


async def history_page(pilot, typed: str = "") -> None:
    """The history screen, then F3 and ``typed`` in the list of players, then Enter."""
    await opened(pilot)
    await pilot.press("h")
    await settled(pilot)
    await pilot.press("f3")
    await settled(pilot)
    await pilot.press(*typed, "enter")
    await settled(pilot)


@pytest.mark.asyncio
async def test_f3_on_the_history_opens_the_page_of_the_player_picked_from_the_list(club):
    app = CompanionApp(club, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("h")
        await settled(pilot)
        assert app.screen.active_bindings["f3"].binding.description == "A player's page"  # in the footer
        await pilot.press("f3")
        await settled(pilot)
        listed = app.screen.query_one("#cards")
        assert [listed.get_option_at_index(k).id for k in range(listed.option_count)] == [
            "Aki",
            "Ben",
            "Chie",
            "Dan",
            "Emi",
        ]
        await pilot.press("c", "h", "enter")
        await settled(pilot)
        assert type(app.screen).__name__ == "PlayerScreen"
        text = shown(app)
        assert text == expected(club, "Chie")
        lines = text.splitlines()
        # the figures of the page, as the stored results give them: every season
        assert lines[0] == "Chie — 6 games, 2 wins, time played unknown (every season)"
        assert "Trickster                      2      2      0      2  —" in lines  # the lowest total is the best
        assert "Sheriff                        2      0      8      3  —" in lines  # the highest is
        assert "Trickster: 4.07 (mu 28.23, sigma 8.05), 2 of 5, 3 games rated" in lines
        assert "Aki            3       2       0       1" in lines  # head-to-head at Trickster
        # the rating's history as a chart: from a newcomer's 0 to 4.07, over the first and last game's days
        chart = lines.index("Trickster: 4.07 (mu 28.23, sigma 8.05), 2 of 5, 3 games rated") + 1
        assert lines[chart].startswith("  4.07 ┤") and lines[chart + 3].startswith("  0.00 ┤")
        assert lines[chart + 5].split() == [f"{YEAR - 1}-01-15", f"{YEAR}-01-29"]
        assert any("\u2800" < ch <= "\u28ff" for ch in lines[chart])  # braille dots
        assert lines[chart + 6] == "  after each game (all 3):"  # no --json on a screen
        await pilot.press("escape")
        await settled(pilot)
        assert type(app.screen).__name__ == "HistoryScreen"


@pytest.mark.asyncio
async def test_f3_a_name_enter_and_s_typed_at_once_open_that_players_page_this_year(club):
    """F3 C h Enter s typed before the list is up: the letters wait for the list (never the
    history's filter), and s after Enter for the page Enter opens."""
    from textual import events

    app = CompanionApp(club, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("h")
        await settled(pilot)
        for key, char in [("f3", None), ("C", "C"), ("h", "h"), ("enter", "\r"), ("s", "s")]:
            event = events.Key(key, char)
            event.set_sender(app)
            app._driver.send_message(event)
        for _ in range(100):
            await pilot.pause(0.02)
            if type(app.screen).__name__ == "PlayerScreen":
                break
        await settled(pilot)
        assert shown(app) == expected(club, "Chie", this_year())
        await pilot.press("escape")
        await settled(pilot)
        assert app.screen.query_one("#filter").value == ""  # nothing typed went to the history's filter


@pytest.mark.asyncio
async def test_s_switches_the_page_between_this_years_season_and_every_season(club):
    app = CompanionApp(club, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await history_page(pilot, "Chie")
        await pilot.press("end", "s")  # the page read for this year, and shown from its first line
        await settled(pilot)
        text = shown(app)
        assert text == expected(club, "Chie", this_year())
        assert text.splitlines()[0] == f"Chie — 4 games, 1 win, time played unknown (season {YEAR})"
        assert "Trickster: 3.65 (mu 28.01, sigma 8.12), 2 of 5, 2 games rated" in text
        assert app.screen.query_one("#output-scroll").scroll_y == 0
        await pilot.press("s")
        await settled(pilot)
        assert shown(app) == expected(club, "Chie")


@pytest.mark.asyncio
async def test_the_player_the_history_is_filtered_by_is_typed_in_the_list(club):
    app = CompanionApp(club, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("h")
        await settled(pilot)
        await pilot.press("D", "a", "n", "enter")  # the filter: Dan's sessions
        await settled(pilot)
        await pilot.press("f3")
        await settled(pilot)
        assert app.screen.query_one("#filter").value == "Dan"
        assert app.screen.query_one("#cards").option_count == 1
        await pilot.press("enter")
        await settled(pilot)
        assert shown(app).splitlines()[0] == "Dan — 4 games, 0 wins, time played unknown (every season)"


@pytest.mark.asyncio
async def test_a_players_page_in_japanese_and_again_in_english_on_ctrl_l(club):
    app = CompanionApp(club, "ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await history_page(pilot, "Aki")
        text = shown(app)
        assert text == expected(club, "Aki", lang="ja")
        assert text.splitlines()[0].startswith("Aki — 6ゲーム、")
        assert "対戦成績：トリックスター" in text
        assert app.screen.active_bindings["s"].binding.description == "今年/全期間"  # the footer's key
        await pilot.press("ctrl+l")
        await settled(pilot)
        assert shown(app) == expected(club, "Aki")


@pytest.mark.asyncio
async def test_with_variants_rated_apart_the_page_rates_each_variant(club):
    app = CompanionApp(club, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        app.settings.rate_variants = "apart"  # as the settings screen sets it
        await history_page(pilot, "Emi")
        text = shown(app)
        assert text == expected(club, "Emi", apart=True)
        rated = [line for line in text.splitlines() if " rated" in line]
        assert rated == [
            "Trickster: 2.12 (mu 26.84, sigma 8.24), 2 of 5, 1 game rated",  # second of five at her first game …
            "Trickster (Strategy deck): 2.79 (mu 27.67, sigma 8.29), 1 of 5, 1 game rated",  # … first of five
            "KINGs (scoresheet): -3.61 (mu 20.72, sigma 8.11), 5 of 5, 1 game rated",
        ]


@pytest.mark.asyncio
async def test_the_page_of_a_player_renamed_meanwhile_says_so(club):
    from companion.store import players

    app = CompanionApp(club, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await history_page(pilot, "Emi")
        players.rename(app.sessions.store, "Emi", "Emiko")  # at the same time, from another terminal
        await pilot.press("s")
        await settled(pilot)
        assert shown(app) == "Nobody goes by Emi any more: it was renamed or merged."


@pytest.mark.asyncio
async def test_f3_before_any_game_says_there_are_no_players_yet(tmp_path):
    app = CompanionApp(f"sqlite:///{tmp_path / 'empty.db'}", "en")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await opened(pilot)
        await pilot.press("h")
        await settled(pilot)
        await pilot.press("f3", "D")
        await settled(pilot)
        assert type(app.screen).__name__ == "HistoryScreen"
        toasts = [str(toast.render()) for toast in app.screen.query("Toast")]
        assert toasts == ["No players yet: their pages come with their first game."]
        assert app.screen.query_one("#filter").value == "D"  # the key after F3 went on at once, to the filter


@pytest.mark.asyncio
@pytest.mark.parametrize("lang, typed", [("ja", "シェリフ Chie"), ("ja", "sheriff Chie"), ("en", "Chie Sheriff")])
async def test_the_history_is_filtered_by_a_games_name_in_the_tables_language(club, lang, typed):
    app = CompanionApp(club, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("h")
        await settled(pilot)
        send_keys(pilot, list(typed))
        await pilot.press("enter")
        await settled(pilot)
        table = app.screen.query_one("#sessions")
        rows = [table.get_row_at(r) for r in range(table.row_count)]
        assert (app.screen.game, app.screen.player) == ("sheriff", "Chie")
        named = "シェリフ" if lang == "ja" else "Sheriff"
        assert len(rows) == 2 and all("Chie" in str(row[-1]) and str(row[2]) == named for row in rows), rows
