"""The club's pages, from ``companion serve``'s app called in this process over a real SQLite file
(tests/web/client.py): from the index (with its token), each game's league table as
``companion.club.ratings`` reckons it and each player's page with the ratings, their history as a
chart and the head-to-head, in a season or ever, in English or Japanese; a wrong token is a 404."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import quote

import pytest

from companion.club import ratings
from companion.club.head_to_head import head_to_head
from companion.club.results import people
from companion.club.text import figure
from companion.exports.native import import_text
from companion.store.database import Store
from companion.store.sessions import Sessions
from tests.web.client import App
from tests.web.served import words

ROOT = Path(__file__).resolve().parents[2]
GAMES = [
    "sheriff/game-6-deals.json",
    "sheriff/scoresheet-3-deals.json",
    "kings/game-5p.json",
    "kings/scoresheet-5p.json",
]


@pytest.fixture
def club(tmp_path):
    db = f"sqlite:///{tmp_path / 'club.db'}"
    sessions = Sessions(Store(db))
    for example in GAMES:
        import_text(sessions, (ROOT / "examples" / example).read_bytes())
    running = App(sessions)
    yield sessions, running
    running.close()


def key_of(server) -> str:
    return server.index.split("key=", 1)[1]


def test_the_index_links_each_games_league_table_and_each_players_page(club):
    _sessions, server = club
    page = server.get(server.index).text
    shown = words(page)
    assert "The club League table: TRICKTAKERs KINGs League table: Sheriff Players Aki · Ben · Chie" in shown
    for name in ("Aki", "Ben", "Chie"):
        assert f"/player?key={key_of(server)}&amp;name={name}" in page


def test_the_league_table_is_the_ratings_reckoning_best_first(club):
    sessions, server = club
    (league,) = ratings.league(sessions, "kings")
    page = server.get(f"/league/kings?key={key_of(server)}")
    assert page.status == 200
    rows = re.findall(r"<tr><td>(\d+)</td><td><a [^>]*>([^<]+)</a></td><td class=\"total\">(-?[\d.]+)</td>", page.text)
    assert [(int(p), n, float(r)) for p, n, r in rows] == [
        (line.place, line.player, float(figure(line.rating.ordinal))) for line in league.lines
    ]  # the rating as every surface writes it (companion.club.text.figure: two decimals)
    shown = [float(r) for _, _, r in rows]
    assert len(rows) >= 2 and shown == sorted(shown, reverse=True)  # best first
    assert [int(p) for p, _, _ in rows] == sorted(int(p) for p, _, _ in rows) and rows[0][0] == "1"
    assert "Rated over 2 games (every game ever)." in words(page.text)
    assert "レーティング順位表" in server.get(f"/league/kings?key={key_of(server)}", lang="ja").text


def test_a_players_page_has_each_rating_its_history_and_the_head_to_head(club):
    sessions, server = club
    page = server.get(f"/player?key={key_of(server)}&name=Aki")
    shown = words(page.text)
    assert page.status == 200 and shown.startswith("English") is False
    assert "Aki 4 games" in shown
    assert shown.count("Rating after each game") == 2  # Sheriff and KINGs, each with its chart
    assert page.text.count('<svg xmlns="http://www.w3.org/2000/svg" class="chart"') == 2
    _, counts_for = people(sessions.store)
    for rival in head_to_head(sessions, "sheriff", counts_for["Aki"]):
        assert f"{rival.name} {rival.games} {rival.ahead} {rival.behind} {rival.tied}" in shown


def test_a_season_without_games_says_so_and_a_season_that_does_not_read_is_told(club):
    _, server = club
    page = server.get(f"/league/sheriff?key={key_of(server)}&season=1999")
    assert "No finished game to rate in the 1999 season." in words(page.text)
    refused = server.get(f"/league/sheriff?key={key_of(server)}&season=soon")
    assert refused.status == 400 and "soon" in refused.text


def test_the_club_pages_need_the_index_token(club):
    _, server = club
    for path in (
        "/league/sheriff?key=wrong",
        "/player?key=wrong&name=Aki",
        "/league/sheriff",
        f"/league/chess?key={key_of(server)}",
    ):
        assert server.get(path).status == 404
    assert server.get(f"/player?key={key_of(server)}&name={quote('Nobody')}").status == 404


def test_a_name_typed_as_markup_shows_as_text_on_the_club_pages(tmp_path):
    db = f"sqlite:///{tmp_path / 'club.db'}"
    sessions = Sessions(Store(db))
    raw = (ROOT / "examples/sheriff/scoresheet-3-deals.json").read_text().replace('"Ben"', '"<b>Ben</b>"')
    import_text(sessions, raw.encode())
    server = App(sessions)
    try:
        for path in (server.index, f"/league/sheriff?key={key_of(server)}", f"/player?key={key_of(server)}&name=Aki"):
            text = server.get(path).text
            assert "<b>Ben" not in text and "&lt;b&gt;Ben&lt;/b&gt;" in text
    finally:
        server.close()
