"""The club's pages on a real phone (Debian's Chromium at 390×844): from the index, a game's league
table and a player's page with the rating's history as a chart, in English and Japanese, without
scrolling the page sideways and breaking none of its own policy."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from companion.exports.native import import_text
from companion.store.database import Store
from companion.store.sessions import Sessions
from tests.web.browser import WIDTH
from tests.web.served import serve
from tests.web.test_phone_page import page_width

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

ROOT = Path(__file__).resolve().parents[2]
GAMES = [
    "sheriff/game-6-deals.json",
    "sheriff/scoresheet-3-deals.json",
    "kings/game-5p.json",
    "kings/scoresheet-5p.json",
]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db = f"sqlite:///{tmp_path_factory.mktemp('club') / 'club.db'}"
    sessions = Sessions(Store(db))
    for example in GAMES:
        import_text(sessions, (ROOT / "examples" / example).read_bytes())
    running = serve(db)
    yield running
    running.stop()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_from_the_index_to_the_league_table_and_a_players_page_on_a_phone(phones, server, lang):
    phone = phones(lang)
    page = phone.open(server.index)
    league = "League table: Sheriff" if lang == "en" else "レーティング順位表：シェリフ"
    page.get_by_role("link", name=league).click()
    expect(page.locator("h1")).to_have_text(league)
    expect(page.locator("table.league tbody tr")).to_have_count(3)
    assert page_width(page) <= WIDTH
    page.locator("table.league tbody tr").first.get_by_role("link").click()
    expect(page.locator("h1")).to_have_text("Aki")
    expect(page.locator("svg.chart")).to_have_count(2)  # the rating after each game, Sheriff and KINGs
    assert page_width(page) <= WIDTH
    assert all(url.startswith(server.base + "/") for url in phone.requests)
    assert phone.refused(page) == []
