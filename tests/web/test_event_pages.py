"""A club night on the phones (issue 35): a whole three-round KINGs evening of 13 players, every
entry tapped on the phone of the player whose turn it is, the event's page following every table
live and its standings at the end as the formula gives them; the event's page and wall in a real
browser at 390×844 and 1920×1080, in English and Japanese. ``companion serve``'s app in this
process over a real SQLite file (tests/web/client.py); the browser over a real socket."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from companion.club.events import Events
from companion.store.database import Store
from companion.store.sessions import Sessions
from companion.web.links import SessionLinks
from scoring.kings.engine import Header
from scoring.kings.game_record import to_record
from scoring.kings.simulator import play_game
from scoring.registry import get
from tests.store.test_events import DEALS, _seated
from tests.web.client import Stream
from tests.web.phones import Phone, said_on, words
from tests.web.served import serve

CLUB = ["Aki", "Ben", "Chie", "Dan", "Emi", "Fumi", "Gen", "Hana", "Isamu", "Jun", "Kei", "Rin", "Sora"]
KINGS = get("kings")


def kings_game(players: tuple[str, ...], seed: int) -> list:
    """A whole KINGs game of these players, as the simulator plays it, entry by entry."""
    events, _ = play_game(Header(players), seed)
    return KINGS.split(to_record(Header(players), events))[1]


def points(place: int, tied: int, n: int) -> float:
    return round(sum(10 * (n - p) / (n - 1) for p in range(place, place + tied)) / tied, 2)


def test_a_three_round_kings_evening_of_thirteen_recorded_from_the_phones(table, server):
    events = Events(table)
    eid = events.new("KINGs night", ["kings"], rounds=3, seed=2026, names=CLUB, day="2026-11-27")
    links = SessionLinks(table)
    event_href = f"/e/{links.event_token(events.event(eid).uid)}"
    expected = dict.fromkeys(CLUB, 0.0)
    for r in range(1, 4):
        if r == 3:  # the last round on a phone that follows the event's page live (each tap writes it again)
            watcher = Stream(server, f"{event_href}/events?lang=en")
        drawn = events.draw(eid)
        assert sorted(len(t.players) for t in drawn.tables) == [4, 4, 5] and drawn.out == ()
        page = words(server.get(event_href).text)
        for t in drawn.tables:
            for seat, player in enumerate(t.players, start=1):
                assert f"{player} → table {t.table}, seat {seat}" in page
        for t in drawn.tables:
            uid = table.info(t.session).uid
            seats = {p: Phone(server, links.seat_link(uid, k)) for k, p in enumerate(t.players)}
            everyone = Phone(server, links.seat_link(uid, None))
            position = KINGS.new({"players": list(t.players)})
            revision = table.info(t.session).revision  # each tap counts it up by one
            game = kings_game(t.players, seed=r * 10 + t.table)
            first = seats[KINGS.to_play(position)].tap(KINGS.format(game[0]), revision)  # as a phone reads it
            assert said_on(first.text) == f"Recorded: {KINGS.format(game[0])}"
            position, revision = KINGS.apply(position, game[0]), revision + 1
            for entry in game[1:]:  # the rest tapped without reading each page back: the store says
                who = KINGS.to_play(position)
                assert (seats[who] if who is not None else everyone).sent(KINGS.format(entry), revision) == 303
                position, revision = KINGS.apply(position, entry), revision + 1
            assert table.entries(t.session) == game and table.info(t.session).finished
            places = table.standings(t.session).places
            for s in places:
                expected[s.player] += points(s.rank, sum(1 for o in places if o.rank == s.rank), len(places))
        assert f"Round {r} (KINGs): finished" in words(server.get(event_href).text)
    assert watcher.until_event(lambda data: "Round 3 (KINGs): finished" in data)
    event = events.event(eid)
    assert {s.player: s.points for s in event.standings} == {p: round(v, 2) for p, v in expected.items()}
    final = words(server.get(event_href).text)
    leader = event.standings[0]
    assert f"1 {leader.player} {leader.points:g} {leader.wins}" in final
    assert "Round 3 (KINGs): finished" in final
    watcher.close()


def test_the_directors_page_links_each_tables_recorder_page_and_the_phones_page_does_not(table, server):
    events = Events(table)
    eid = events.new("Sheriff night", ["sheriff"], seed=1, names=CLUB[:6])
    events.draw(eid)
    links = SessionLinks(table)
    href = f"/e/{links.event_token(events.event(eid).uid)}"
    phones = server.get(href).text
    director = server.get(f"{href}?key={links.index_token()}").text
    assert "/j/" not in phones and len(re.findall(r'href="/j/', director)) == 2
    assert server.get("/e/not-a-token").status == 404
    assert href in server.get(server.index).text  # the index lists the club night


@pytest.fixture(scope="module")
def night(tmp_path_factory):
    """A real ``companion serve`` of a club night of 14 players, round 2 being played (round 1 closed
    with one table's game over)."""
    db = f"sqlite:///{tmp_path_factory.mktemp('night') / 'night.db'}"
    sessions = Sessions(Store(db))
    events = Events(sessions)
    eid = events.new("Friday club", ["kings"], rounds=3, seed=35, names=[*CLUB, "秋子"], day="2026-11-27")
    drawn = events.draw(eid)
    live = sessions.open(drawn.tables[0].session)
    for entry in kings_game(drawn.tables[0].players, seed=1):  # one table's game over …
        live = sessions.append(live, entry)
    events.close(eid)  # … the others closed unfinished, and round 2 drawn
    events.draw(eid)
    running = serve(db)
    yield running, f"{running.base}/e/{SessionLinks(sessions).event_token(events.event(eid).uid)}"
    running.stop()


@pytest.mark.browser
@pytest.mark.xdist_group("browser")
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_event_page_on_a_phone_and_its_wall_on_a_projector(phones, night, lang):
    from tests.web.browser import WIDTH
    from tests.web.test_phone_page import page_width

    _, href = night
    phone = phones(lang)
    page = phone.open(href)
    seat = "Aki → table" if lang == "en" else "Aki → 卓"
    expect(page.locator("ul.event-seats")).to_contain_text(seat)
    expect(page.locator("section.table")).to_have_count(3)
    expect(page.locator("table.event-standings tbody tr")).to_have_count(14)
    assert page_width(page) <= WIDTH
    expect(page.locator("#status")).to_have_class(re.compile("live"))
    assert phone.refused(page) == []
    wall = phones(
        lang, viewport={"width": 1920, "height": 1080}, is_mobile=False, has_touch=False, device_scale_factor=1
    )
    screen = wall.open(f"{href}/wall")
    expect(screen.locator(".wall section.table")).to_have_count(3)
    assert screen.evaluate("document.documentElement.scrollWidth") <= 1920
    assert screen.evaluate("document.documentElement.scrollHeight") <= 1080  # the whole wall on one screen
    assert wall.refused(screen) == []


def test_the_standings_download_as_csv_and_markdown_from_the_page(table, server):
    events = Events(table)
    eid = events.new("=Night|1", ["sheriff"], seed=1, names=CLUB[:3])
    drawn = events.draw(eid)
    sid = drawn.tables[0].session
    header = table.header(sid)[1]
    for deal in DEALS:
        table.append(table.open(sid), _seated(deal, tuple(header["players"])))
    href = f"/e/{SessionLinks(table).event_token(events.event(eid).uid)}"
    page = server.get(href).text
    assert f'href="{href}/export/csv"' in page and f'href="{href}/export/md"' in page
    sheet = server.get(f"{href}/export/csv")
    assert sheet.status == 200 and sheet.headers["content-disposition"].endswith('standings.csv"')
    rows = sheet.text.splitlines()
    assert rows[0] == "rank,player,points,wins,round 1" and len(rows) == 4 and rows[1].split(",")[2] == "10"
    summary = server.get(f"{href}/export/md", lang="ja").text
    assert summary.startswith("# =Night\\|1") and "| 順位 | プレイヤー | 得点 | 勝ち |" in summary
    assert server.get(f"{href}/export/pdf").status == 404
