"""The log on a phone is added to, not written again: a push carries the page part without the log
and, before it, only the log's new lines (the event ``log``, with the index they start at and the
mark of the line they follow); an undo or an edit sends the log whole, and so does a new connection
whose page is behind; a phone that reconnects at the revision it has gets nothing. Read the way the
page's script reads it (``Page``), the log is always exactly the one a fresh page shows: never a
line wrong, missing or twice. ``companion serve``'s app called in this process, its event streams
read in process (tests/web/client.py); the same in a real browser: test_phone_page.py.
"""

from __future__ import annotations

import json
import queue
import re
from html import unescape
from pathlib import Path

import pytest

from companion.store.sessions import Sessions
from companion.web.links import SessionLinks
from scoring.records import split_record
from scoring.registry import get
from scoring.words import say
from tests.web.client import App, Stream
from tests.web.served import Event
from tests.web.test_live import events_of
from tests.web.test_serve import DEAL, dealt, get_entry, links

ROOT = Path(__file__).resolve().parents[2]
SHERIFF = ROOT / "examples/sheriff/game-6-deals.json"
LOG_ITEM = re.compile(r"<li>(.*?)</li>", re.S)


def lines_in(html: str) -> list[str]:
    """The log's lines in a piece of a page."""
    return [unescape(line) for line in LOG_ITEM.findall(html)]


def log_of(page: str) -> tuple[list[str], str]:
    """The log a page shows on its first paint, and its mark."""
    found = re.search(r'<section id="log" data-mark="([^"]*)">(.*?)</section>', page, re.S)
    assert found, page
    return lines_in(found.group(2)), found.group(1)


class Page:
    """A page's log and revision as its script keeps them (static/live.js), from the events it is sent."""

    def __init__(self, html: str) -> None:
        self.lines, self.mark = log_of(html)
        self.revision = re.search(r'data-revision="(\d+)"', html).group(1)
        self.wholes = 0  # how many times the log came whole
        self.added = 0  # how many lines came one push at a time

    def take(self, event: Event) -> None:
        if event.name == "table":
            assert event.id and 'class="log"' not in event.data and 'id="log"' not in event.data  # the part alone
            self.revision = event.id
            return
        assert event.name == "log" and event.id == ""  # the log's lines carry no revision of their own
        said = json.loads(event.data)
        if said["mark"] == self.mark:
            return
        if said["at"] == 0:
            self.lines, self.wholes = lines_in(said["html"]), self.wholes + 1
        else:
            assert said["after"] == self.mark and said["at"] == len(self.lines), (said, self.lines)
            added = lines_in(said["html"])
            assert added and "<ol" not in said["html"]
            self.lines += added
            self.added += len(added)
        self.mark = said["mark"]

    def follow(self, stream: Stream, revision: int) -> None:
        """Take the stream's events until the part of ``revision``."""
        while True:
            event = stream.next_event()
            assert event is not None, "the stream ended"
            self.take(event)
            if event.id and int(event.id) >= revision:
                return


def shown_now(server: App, href: str, lang: str = "en") -> tuple[list[str], str]:
    """The log a page opened now shows, and its mark."""
    return log_of(server.get(href, lang=lang).text)


def listening(server: App, href: str, page: Page, lang: str = "en") -> Stream:
    """The page's event stream as its script opens it: since the revision the page shows."""
    return Stream(server, f"{events_of(server, href, lang)}&since={page.revision}", lang=lang).following()


def said(lang: str, *lines: str) -> list[str]:
    """Sheriff lines (typed in English) as a page in ``lang`` shows them in its log."""
    game = get("sheriff")
    position, shown = game.new({"players": ["Aki", "Ben", "Chie"]}), []
    for line in lines:
        entry = game.parse(line, position)
        shown.append(say(game.shown(entry), lang))
        position = game.apply(position, entry)
    return shown


def entry_at(table: Sessions, sid: int, index: int, line: str):
    """``line`` as typed at the position after the session's first ``index`` entries."""
    live = table.open(sid)
    game = get(live.info.game)
    return game.parse(line, game.replay(live.position.header, live.position.entries[:index]))


def test_each_entry_sends_its_line_alone_and_the_page_part_without_the_log(table, server):
    sid = table.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    live = table.append(table.open(sid), get_entry(table, sid, DEAL))
    (href,) = links(server).values()
    page = Page(server.get(href).text)
    assert page.lines == [DEAL]
    stream = listening(server, href, page)
    game = get("sheriff")
    for card in ("Ks", "Kh", "Kd", "Qs", "Qh", "Qd"):
        before = len(page.lines)
        live = table.append(live, game.parse(card, live.position))
        lines = stream.next_event()
        assert lines.name == "log" and json.loads(lines.data)["at"] == before
        assert json.loads(lines.data)["html"] == f"<li>{card}</li>"  # the new line alone
        page.take(lines)
        part = stream.next_event()
        assert part.name == "table" and int(part.id) == live.info.revision
        page.take(part)
        assert (page.lines, page.mark) == shown_now(server, href)
    assert page.wholes == 0 and page.added == 6
    stream.close()


def test_a_whole_game_comes_a_line_at_a_time_and_ends_exactly_as_a_fresh_page_shows_it(table, server):
    game, header, entries = split_record(json.loads(SHERIFF.read_text()))  # 132 entries, six deals
    sid = table.create(game, header)
    (href,) = links(server).values()
    page = Page(server.get(href, lang="ja").text)
    assert page.lines == []
    stream = listening(server, href, page, "ja")
    live = table.open(sid)
    for entry in entries:
        live = table.append(live, entry)
        page.follow(stream, live.info.revision)
    assert (page.lines, page.mark) == shown_now(server, href, "ja")
    assert len(page.lines) == len(entries) == page.added + 1 and page.wholes == 1  # the first replaced "nothing yet"
    stream.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_undo_and_an_edit_send_the_log_whole_and_the_next_entry_adds_to_it_again(table, server, lang):
    sid = table.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    live = table.append(table.open(sid), get_entry(table, sid, DEAL))
    game = get("sheriff")
    for card in ("Ks", "Kh"):
        live = table.append(live, game.parse(card, live.position))
    (href,) = links(server).values()
    page = Page(server.get(href, lang=lang).text)
    stream = listening(server, href, page, lang)
    live, _ = table.undo(live)
    page.follow(stream, live.info.revision)
    assert page.lines == said(lang, DEAL, "Ks") and page.wholes == 1
    table.replace(live, 1, entry_at(table, sid, 1, "As"))  # Aki led the Ace after all
    live = table.open(sid)
    page.follow(stream, live.info.revision)
    assert page.lines == said(lang, DEAL, "As") and page.wholes == 2
    live = table.append(live, game.parse("Kh", live.position))
    page.follow(stream, live.info.revision)
    assert page.lines == said(lang, DEAL, "As", "Kh") and page.wholes == 2 and page.added == 1
    assert (page.lines, page.mark) == shown_now(server, href, lang)
    stream.close()


def test_a_phone_that_reconnects_gets_what_it_lacks_and_nothing_it_has(table, server):
    sid = table.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    live = table.append(table.open(sid), get_entry(table, sid, DEAL))
    game = get("sheriff")
    (href,) = links(server).values()
    page = Page(server.get(href).text)
    stream = listening(server, href, page)
    for card in ("Ks", "Kh"):
        live = table.append(live, game.parse(card, live.position))
        page.follow(stream, live.info.revision)
    stream.close()  # the phone sleeps; the table plays on, takes one back and plays again
    for card in ("Kd", "Qs"):
        live = table.append(live, game.parse(card, live.position))
    live, _ = table.undo(live)
    live = table.append(live, game.parse("Qh", live.position))
    awake = Stream(server, events_of(server, href), last_event_id=page.revision)
    page.follow(awake, live.info.revision)
    assert page.lines == [DEAL, "Ks", "Kh", "Kd", "Qh"] and page.wholes == 1
    assert (page.lines, page.mark) == shown_now(server, href)
    awake.close()
    current = Stream(server, events_of(server, href), last_event_id=page.revision)
    with pytest.raises(queue.Empty):
        current.next_event(timeout=1)  # it has everything: nothing is sent again
    live = table.append(live, game.parse("Qd", live.position))
    page.follow(current, live.info.revision)  # and the next line is added to what it has
    assert page.lines[-1] == "Qd" and page.wholes == 1 and page.added == 3
    assert (page.lines, page.mark) == shown_now(server, href)
    current.close()


def test_a_recorder_page_shows_the_log_and_its_stream_adds_to_it(table, server):
    sid = dealt(table)
    (recorder,) = [SessionLinks(table).seat_link(table.info(sid).uid, None)]
    page = Page(server.get(recorder).text)
    assert page.lines == [DEAL]
    stream = Stream(server, f"{recorder}/events?since={page.revision}").following()
    live = table.open(sid)
    live = table.append(live, get("sheriff").parse("Ks", live.position))
    page.follow(stream, live.info.revision)
    assert page.lines == [DEAL, "Ks"] and page.added == 1
    assert (page.lines, page.mark) == log_of(server.get(recorder).text)
    stream.close()


def test_a_push_cut_off_between_its_lines_and_its_part_is_sent_again_whole(table, server):
    sid = table.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    live = table.append(table.open(sid), get_entry(table, sid, DEAL))
    (href,) = links(server).values()
    page = Page(server.get(href).text)
    stream = listening(server, href, page)
    live = table.append(live, get("sheriff").parse("Ks", live.position))
    page.take(stream.next_event())  # the line arrives, then the connection drops before the part
    stream.close()
    assert page.lines == [DEAL, "Ks"] and page.revision != str(live.info.revision)
    awake = Stream(server, events_of(server, href), last_event_id=page.revision)  # the id it had whole
    page.follow(awake, live.info.revision)
    assert page.revision == str(live.info.revision) and page.lines == [DEAL, "Ks"]  # never twice
    assert (page.lines, page.mark) == shown_now(server, href)
    awake.close()
