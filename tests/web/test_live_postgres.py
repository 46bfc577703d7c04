"""A club with two laptops on one PostgreSQL database: one ``companion serve`` shows both tables,
and each phone sees its own table's entries as they are recorded on either laptop, heard through
``LISTEN``/``NOTIFY`` (sent in the transaction that stores the entry). Runs when COMPANION_TEST_PG
names a server (``.ci/run`` starts one); skipped otherwise, with the reason."""

from __future__ import annotations

import os
import queue

import pytest

from companion.store.database import Store
from companion.store.sessions import Sessions
from companion.web.links import SessionLinks
from tests.pg import emptied
from tests.web.served import Stream, serve, words
from tests.web.test_live import events_of, record
from tests.web.test_serve import DEAL, get_entry, links

URL = os.environ.get("COMPANION_TEST_PG")
pytestmark = [
    pytest.mark.skipif(not URL, reason="COMPANION_TEST_PG is not set (CI sets it to a real server)"),
    pytest.mark.xdist_group("postgres"),  # one database, dropped and filled by each test: one worker at a time
]


@pytest.fixture
def club() -> tuple[Sessions, Sessions]:
    """Two laptops' tables on one empty database."""
    emptied(URL)
    return Sessions(Store(URL)), Sessions(Store(URL))


def test_one_server_shows_two_laptops_tables_each_updating_live(club):
    first, second = club
    near = first.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    far = second.create("sheriff", {"players": ["Dan", "Emi", "Fumi"]})
    server = serve(URL)
    try:
        shown = links(server)
        assert set(shown) == {"Sheriff — Aki, Ben and Chie", "Sheriff — Dan, Emi and Fumi"}
        sheriff = Stream(server, events_of(server, shown["Sheriff — Aki, Ben and Chie"]))
        other = Stream(server, events_of(server, shown["Sheriff — Dan, Emi and Fumi"]))
        sheriff.next(), other.next()
        live = first.append(first.open(near), get_entry(first, near, DEAL))  # on the first laptop
        assert "Ben holds the Joker" in words(sheriff.until(live.info.revision).data)
        deal = "deal joker=Emi Dan=mayor Emi=robber Fumi=sheriff trump=hearts"
        far_live = second.append(second.open(far), get_entry(second, far, deal))  # on the second laptop
        assert "Emi holds the Joker" in words(other.until(far_live.info.revision).data)
        record(URL, near, "Ks")  # and from a terminal, in a process of its own
        assert "Ks" in sheriff.next().data
        with pytest.raises(queue.Empty):  # and each phone heard only its own table
            other.next(timeout=0.5)
        sheriff.close(), other.close()
    finally:
        server.stop()


def test_two_servers_on_one_postgresql_follow_one_club_night(club):
    """Two laptops each serve the same event from one database: a round drawn on one and an entry
    recorded on the other reach the event's page on both servers."""
    from companion.club.events import Events

    first, second = club
    eid = Events(first).new(
        "Club night", ["sheriff"], rounds=2, seed=5, names=["Aki", "Ben", "Chie", "Dan", "Emi", "Fumi"]
    )
    href = f"/e/{SessionLinks(first).event_token(Events(first).event(eid).uid)}"
    servers = [serve(URL), serve(URL)]
    try:
        pages = [Stream(server, f"{href}/events?lang=en") for server in servers]
        for page in pages:
            page.next()
        drawn = Events(first).draw(eid)  # the first laptop draws round 1
        for page in pages:
            assert "Round 1 (Sheriff): being played" in page.until_event(lambda data: "Round 1" in data).data
        table = drawn.tables[0]
        live = second.open(table.session)  # the second laptop records at table 1
        a, b, c = table.players
        second.append(
            live, get_entry(second, table.session, f"deal joker={b} {a}=mayor {b}=sheriff {c}=robber trump=spades")
        )
        for page in pages:
            assert "1 entry" in page.until_event(lambda data: "1 entry" in data).data
        for page in pages:
            page.close()
    finally:
        for server in servers:
            server.stop()
