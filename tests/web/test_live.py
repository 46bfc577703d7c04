"""The page stays current at the table: each viewer's event stream carries a new entry, an undo or
an edit, wherever it was made (the app, ``companion record`` in another process), a viewer that
comes back catches up, a viewer that stops reading holds nobody up, nothing face down is ever
sent, and the game's exports are a tap away. Real HTTP to a real ``companion serve`` on 127.0.0.1.
"""

from __future__ import annotations

import json
import queue
import re
import socket
import time
from html import unescape
from pathlib import Path

import pytest

from companion.exports.bgstats import bgstats_url
from companion.exports.native import import_text
from tests.web.served import Server, Stream, companion, words
from tests.web.test_serve import BLUFFS, DEAL, NEVER_SEEN, get_entry, links

ROOT = Path(__file__).resolve().parents[2]


def events_of(server: Server, href: str, lang: str = "en") -> str:
    """The address of a page's event stream, as the page itself gives it."""
    page = server.get(href, lang=lang).text
    return unescape(re.search(r'data-events="([^"]+)"', page).group(1))


def record(db: str, sid: int, line: str) -> None:
    """``companion record`` in a process of its own, as a second terminal at the table would."""
    process = companion(db, "record", str(sid), line)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 0, (out, err)


def test_an_entry_recorded_by_another_process_reaches_a_connected_phone(db, table, server):
    sid = table.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    (href,) = links(server).values()
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
    table.create("sheriff", {"players": ["Aki", "Ben", "Chie"]}, location="Aki's kitchen")
    ((label, href),) = links(server).items()
    assert label == "Sheriff — Aki, Ben and Chie" and "Played at Aki's kitchen" in words(server.get(server.index).text)
    stream = Stream(server, events_of(server, href))
    first = stream.next()
    assert "Played at Aki's kitchen" in words(first.data) and "Notes" not in words(first.data)
    process = companion(db, "note", "1", "--notes", "<script>alert(1)</script>\nBen brought tea")
    assert process.communicate(timeout=60) and process.returncode == 0
    news = stream.next()  # the note counted the session's revision up: the phone hears of it
    assert int(news.id) == int(first.id) + 1
    assert "Notes <script>alert(1)</script> Ben brought tea" in words(news.data)
    assert "<script>" not in news.data and "&lt;script&gt;alert(1)&lt;/script&gt;<br>Ben brought tea" in news.data
    stream.close()


def test_an_undo_and_an_edit_at_the_table_reach_the_phone_in_its_own_language(db, table, server):
    sid = table.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    live = table.append(table.open(sid), get_entry(table, sid, DEAL))
    (href,) = links(server).values()
    stream = Stream(server, events_of(server, href, "ja"), lang="ja")
    assert "第1ディール" in words(stream.next().data)
    live = table.append(live, get_entry(table, sid, "Ks"))
    assert "Ks" in words(stream.next().data)
    live, _ = table.undo(live)
    undone = words(stream.next().data)
    assert "第1トリック：Akiがリード" in undone
    table.replace(live, 0, get_entry(table, sid, DEAL.replace("trump=spades", "trump=hearts")))
    assert "切り札：ハート" in words(stream.next().data)
    stream.close()


def test_a_phone_that_slept_catches_up_when_it_reconnects_and_hears_nothing_it_already_has(db, table, server):
    sid = table.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    (href,) = links(server).values()
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


def test_the_first_paint_needs_no_script_and_names_the_stream_it_keeps_current(table, server):
    table.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    (href,) = links(server).values()
    page = server.get(href).text
    main = re.search(r'<main id="live" data-revision="(\d+)" data-events="([^"]+)">', page)
    assert main and main.group(2).startswith(href + "/events?lang=en")
    assert '<script src="/live.js"></script>' in page and "Players, in seat order" in words(page)
    script = server.get("/live.js")
    assert script.status == 200 and script.headers["content-type"].startswith("text/javascript")
    assert "new EventSource" in script.text and "Last" not in script.text.split("EventSource")[0]
    policy = server.get(href).headers["content-security-policy"]
    assert "script-src 'self'" in policy and "connect-src 'self'" in policy and "unsafe" not in policy


def test_a_louder_card_nobody_saw_is_in_no_event(table, server):
    sid = table.create("louder", {"players": ["Aki", "Ben", "Chie"]})
    live = table.open(sid)
    (href,) = links(server).values()
    streams = [Stream(server, events_of(server, href, lang), lang=lang) for lang in ("en", "ja")]
    for stream in streams:
        stream.next()
    for entry in BLUFFS:
        live = table.append(live, entry)
    for stream in streams:
        stream.until(live.info.revision)
        stream.close()
        seen = "\n".join(stream.raw)
        assert "■" in seen and "trap:0" in seen
        for card in NEVER_SEEN:
            assert card.lower() not in seen.lower()
    for fmt in ("json", "csv", "md", "bgg"):  # and in no download while the game runs
        reply = server.get(f"{href}/export/{fmt}")
        assert reply.status == 200
        for card in NEVER_SEEN:
            assert card.lower() not in reply.text.lower()


def test_a_wrong_link_gets_no_stream_and_no_download(table, server):
    table.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    (href,) = links(server).values()
    wrong = href[:-2] + ("AA" if not href.endswith("AA") else "BB")
    for path in (f"{wrong}/events", f"{wrong}/export/json", f"{href}/export/exe", "/t//events"):
        reply = server.get(path)
        assert reply.status == 404 and reply.text in ("Not found.", "Not Found")


def test_a_viewer_that_stops_reading_holds_up_no_other_viewer(db, table, server):
    sid = table.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    live = table.append(table.open(sid), get_entry(table, sid, DEAL))
    (href,) = links(server).values()
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


def test_ctrl_c_stops_the_server_at_once_while_phones_are_connected(table, server):
    table.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    (href,) = links(server).values()
    streams = [Stream(server, events_of(server, href)) for _ in range(3)]
    for stream in streams:
        stream.next()
    started = time.monotonic()
    code, out, err = server.stop()
    assert code == 0 and out.strip().endswith("Stopped serving.") and err == ""
    assert time.monotonic() - started < 2.5
    for stream in streams:
        assert stream.next() is None  # each stream ended


def test_a_finished_game_goes_to_bg_stats_in_one_tap_and_downloads_in_every_format(table, server):
    sid = import_text(table, (ROOT / "examples/sheriff/game-6-deals.json").read_bytes())
    (href,) = links(server).values()
    page = server.get(href).text
    buttons = dict(
        (unescape(label), unescape(link))
        for link, label in re.findall(r'<a class="button[^"]*" href="([^"]+)"[^>]*>([^<]+)</a>', page)
    )
    assert buttons["Send to BG Stats"] == bgstats_url(table, sid)
    assert "Send and download" in words(page) and "BG Statsに送る" in server.get(href, lang="ja").text
    native = server.get(buttons["JSON"])
    assert native.status == 200 and "attachment" in native.headers["content-disposition"]
    assert json.loads(native.text)["entries"] == table.entries(sid)
    csv = server.get(buttons["CSV"])
    assert csv.text.splitlines()[0].startswith("player,round 1") and csv.headers["content-disposition"].endswith(
        '.csv"'
    )
    assert "<play" in server.get(buttons["BGG XML"]).text
    assert server.get(buttons["Markdown"]).text.startswith("#")


def test_an_unfinished_game_has_no_bg_stats_button_yet(table, server):
    table.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    (href,) = links(server).values()
    page = server.get(href).text
    assert "Send to BG Stats" not in page and f'href="{href}/export/json"' in page
