"""The page stays current when the table plays elsewhere: an entry or a note made by another
program (``companion record``, ``companion note``) reaches a connected phone, a phone that slept
catches up when it reconnects, and a viewer that stops reading holds nobody up. A real ``companion
serve`` in a process of its own, over real sockets on 127.0.0.1: one for the module, each test at a
session of its own in its database.
"""

from __future__ import annotations

import queue
import re
import socket
import time
from html import unescape

import pytest

from companion.store.sessions import Sessions
from companion.web.links import SessionLinks
from tests.web.served import Server, Stream, companion, one_server_for_the_module, words
from tests.web.test_live import events_of, record
from tests.web.test_serve import DEAL, get_entry

# the module's tests on one worker, so that they share its one server
pytestmark = pytest.mark.xdist_group("elsewhere")


db, table, server = one_server_for_the_module("elsewhere")


def listed(server: Server, table: Sessions, sid: int) -> tuple[str, str]:
    """What the index says of session ``sid``, and its link (the session is listed there)."""
    href = f"/t/{SessionLinks(table).session_token(table.info(sid).uid)}"
    index = server.get(server.index).text
    found = [(label, h) for h, label in re.findall(r'<a href="(/t/[^"]+)">([^<]+)</a>', index) if h == href]
    assert len(found) == 1, (href, index)
    return unescape(found[0][0]), href


def test_an_entry_recorded_by_another_process_reaches_a_connected_phone(db, table, server):
    sid = table.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    href = listed(server, table, sid)[1]
    stream = Stream(server, events_of(server, href))
    assert stream.status == 200 and stream.headers["content-type"].startswith("text/event-stream")
    first = stream.next()
    assert first.name == "table" and "Nothing recorded yet." in words(first.data)
    record(db, sid, DEAL)
    news = stream.next()
    assert int(news.id) > int(first.id)
    assert "Deal 1: Aki the Mayor, Ben the Robber, Chie the Sheriff; trump: spades; Ben holds the Joker." in words(
        news.data
    )
    assert "Aki leads trick 1" in words(news.data)
    stream.close()


def test_the_place_and_notes_changed_at_another_laptop_reach_the_phone_as_text(db, table, server):
    sid = table.create("sheriff", {"players": ["Aki", "Ben", "Chie"]}, location="Aki's kitchen")
    label, href = listed(server, table, sid)
    assert label == "Sheriff — Aki, Ben and Chie" and "Played at Aki's kitchen" in words(server.get(server.index).text)
    stream = Stream(server, events_of(server, href))
    first = stream.next()
    assert "Played at Aki's kitchen" in words(first.data) and "Notes" not in words(first.data)
    process = companion(db, "note", str(sid), "--notes", "<script>alert(1)</script>\nBen brought tea")
    assert process.communicate(timeout=60) and process.returncode == 0
    news = stream.next()  # the note counted the session's revision up: the phone hears of it
    assert int(news.id) == int(first.id) + 1
    assert "Notes <script>alert(1)</script> Ben brought tea" in words(news.data)
    assert "<script>" not in news.data and "&lt;script&gt;alert(1)&lt;/script&gt;<br>Ben brought tea" in news.data
    stream.close()


def test_a_phone_that_slept_catches_up_when_it_reconnects_and_hears_nothing_it_already_has(db, table, server):
    sid = table.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    href = listed(server, table, sid)[1]
    url = events_of(server, href)
    asleep = Stream(server, url)
    seen = asleep.next().id
    asleep.close()  # the phone sleeps; the table plays on
    record(db, sid, DEAL)
    record(db, sid, "Ks")
    awake = Stream(server, url, last_event_id=seen)  # what a browser's EventSource sends when it reconnects
    caught = awake.next()
    assert int(caught.id) == int(seen) + 2 and "Ks" in caught.data
    awake.close()
    current = Stream(server, url, last_event_id=caught.id)
    with pytest.raises(queue.Empty):
        current.next(timeout=1)  # nothing new: nothing sent again
    record(db, sid, "Kh")
    assert "Kh" in current.next().data
    current.close()


def test_a_viewer_that_stops_reading_holds_up_no_other_viewer(db, table, server):
    sid = table.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    live = table.append(table.open(sid), get_entry(table, sid, DEAL))
    href = listed(server, table, sid)[1]
    url = events_of(server, href)
    # a phone whose browser stopped reading: its socket's buffer is tiny and nobody empties it
    host, port = server.base.removeprefix("http://").rsplit(":", 1)
    stalled = socket.socket()
    stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    stalled.connect((host, int(port)))
    stalled.sendall(f"GET {url} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n".encode())
    reading = Stream(server, url)
    reading.next()
    for card in ("Ks", "Kh", "Kd", "Kc", "Qs", "Qh"):  # Aki leads, thinks again: each change a page part
        live = table.append(live, get_entry(table, sid, card))  # the stalled phone never takes
        started = time.monotonic()
        assert card in reading.next().data
        live, _ = table.undo(live)
        assert card not in words(reading.next().data).split("Log")[-1]
        assert time.monotonic() - started < 2
    stalled.close()
    reading.close()
