"""The database out of reach while the phones read and tap: every page, stream and tap is answered
503 with ``Retry-After`` and a sentence in the viewer's language (never "not found", never a bare
server error), a tap says it was not recorded and may be sent again, an open page's stream ends so
that the page says "○ Reconnecting…" and tries again, and everything is back once the database is.

Two real outages: a SQLite file taken away while it is served (a stick pulled out: the file moved
from its folder, then put back), and a real PostgreSQL server the app reaches through a TCP relay
the test cuts and mends (the server's link gone, as when a club's laptop loses the network to it or
the server stops; a server stopped by the test itself would stop every other test's database too).
"""

from __future__ import annotations

import contextlib
import os
import socket
import threading

import pytest

from companion.store.database import Store
from companion.store.sessions import Sessions
from companion.web.links import SessionLinks
from tests.pg import emptied
from tests.web.client import App, Stream
from tests.web.phones import Phone, said_on, words
from tests.web.test_serve import dealt

PG = os.environ.get("COMPANION_TEST_PG")
HEADERS = ("content-security-policy", "x-content-type-options", "referrer-policy")
SAID_EN = "The scores cannot be read just now; this page will try again."
NOT_RECORDED = "Not recorded: the scores cannot be reached just now. Your choice is kept; tap again in a moment."


def out_of_reach(reply) -> str:
    """What a page said while the database was out of reach, after checking it is a 503 as it should be."""
    assert reply.status == 503, (reply.status, reply.text[:300])
    assert reply.headers["retry-after"] == "5"
    assert all(name in reply.headers for name in HEADERS), reply.headers
    assert '<meta http-equiv="refresh" content="5;' in reply.text
    return words(reply.text)


def through_an_outage(table: Sessions, server: App, cut, mend) -> None:
    """A Sheriff table at its first trick, read and tapped through an outage made by ``cut`` and
    ended by ``mend``."""
    sid = dealt(table)
    uid = table.info(sid).uid
    links = SessionLinks(table)
    page = f"/t/{links.session_token(uid)}"
    aki = Phone(server, links.seat_link(uid, 0))
    ben = links.seat_link(uid, 1)
    revision = table.info(sid).revision
    assert server.get(page).status == 200
    viewers = [Stream(server, page + "/events", lang=lang) for lang in ("en", "ja")]
    assert all(viewer.next().id == str(revision) for viewer in viewers)  # the page as it stands
    cut()
    try:
        assert SAID_EN in out_of_reach(server.get(page))
        assert "スコアを今は読めません" in out_of_reach(server.get(page, lang="ja"))
        assert SAID_EN in out_of_reach(server.get(ben))  # a recorder page
        assert SAID_EN in out_of_reach(server.get("/t/no-such-link"))  # it cannot tell: never "not found"
        assert server.get(page + "/events").status == 503  # a page's stream that reconnects now
        tapped = aki.tap("Ks", revision=revision, tap="outage-tap")
        assert NOT_RECORDED in out_of_reach(tapped)
        assert all(viewer.next(timeout=10) is None for viewer in viewers)  # every stream ended: pages reconnect
    finally:
        mend()
    assert server.get(page).status == 200
    assert server.get("/t/no-such-link").status == 404
    again = aki.tap("Ks", revision=revision, tap="outage-tap")  # the same tap, sent again
    assert said_on(again.text) == "Recorded: Ks"
    assert table.entries(sid)[-1] == {"play": "Ks"}


def test_a_sqlite_file_taken_away_while_served_is_told_and_read_again_once_back(tmp_path):
    db = tmp_path / "stick" / "companion.db"
    table = Sessions(Store(f"sqlite:///{db}"))
    server = App(table)
    away = tmp_path / "pulled-out"
    try:
        through_an_outage(table, server, lambda: db.parent.rename(away), lambda: away.rename(db.parent))
    finally:
        server.close()
    assert not away.exists() and db.is_file()


class Relay:
    """A TCP relay on 127.0.0.1 to a database server: ``cut`` refuses new connections and severs
    every open one, ``mend`` lets them through again."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.open = threading.Event()
        self.open.set()
        self.pairs: list[tuple[socket.socket, socket.socket]] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                near, _ = self.listener.accept()
            except OSError:
                return
            if not self.open.is_set():
                near.close()
                continue
            far = socket.create_connection(self.target)
            with self.lock:
                self.pairs.append((near, far))
            for a, b in ((near, far), (far, near)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(source: socket.socket, sink: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                sink.sendall(data)
        for end in (source, sink):
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        self.open.clear()
        with self.lock:
            pairs, self.pairs = self.pairs, []
        for pair in pairs:
            for end in pair:
                with contextlib.suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)
                end.close()

    def mend(self) -> None:
        self.open.set()

    def close(self) -> None:
        self.cut()
        self.listener.close()


@pytest.mark.skipif(not PG, reason="COMPANION_TEST_PG is not set (CI sets it to a real server)")
@pytest.mark.xdist_group("postgres")  # the one test database, emptied here
def test_a_postgresql_server_out_of_reach_is_told_and_read_again_once_back():
    from sqlalchemy.engine import make_url

    emptied(PG)
    url = make_url(PG)
    relay = Relay(url.host or "127.0.0.1", url.port or 5432)
    relayed = url.set(host="127.0.0.1", port=relay.port).render_as_string(hide_password=False)
    table = Sessions(Store(relayed))
    server = App(table)
    try:
        through_an_outage(table, server, relay.cut, relay.mend)
    finally:
        server.close()
        relay.close()


@pytest.mark.browser
@pytest.mark.xdist_group("browser")
def test_a_phone_says_reconnecting_through_an_outage_and_follows_again_after_it(phones, tmp_path):
    """In Chromium at 390×844, from a real ``companion serve``: the page says "○ Reconnecting…"
    while its SQLite file is away, a tap says it was not recorded and leaves its button to tap
    again, and once the file is back the page is live again and shows the tap."""
    from playwright.sync_api import expect

    from tests.web.served import serve

    db = tmp_path / "stick" / "companion.db"
    table = Sessions(Store(f"sqlite:///{db}"))
    sid = dealt(table)
    uid = table.info(sid).uid
    links = SessionLinks(table)
    running = serve(f"sqlite:///{db}")
    away = tmp_path / "pulled-out"
    try:
        phone = phones()
        watching = phone.open(running.base + f"/t/{links.session_token(uid)}")
        aki = phone.open(running.base + links.seat_link(uid, 0))
        expect(watching.locator("#status")).to_have_text("● Live")
        db.parent.rename(away)
        expect(watching.locator("#status")).to_have_text("○ Reconnecting…", timeout=15000)
        aki.get_by_role("button", name="K of spades").click()
        expect(aki.locator("#status")).to_have_text(NOT_RECORDED, timeout=15000)
        expect(aki.get_by_role("button", name="K of spades")).to_be_enabled()
        away.rename(db.parent)
        aki.get_by_role("button", name="K of spades").click()
        expect(aki.locator("#live")).to_contain_text("Recorded: Ks", timeout=15000)
        expect(watching.locator("#status")).to_have_text("● Live", timeout=15000)
        expect(watching.locator("#live")).to_contain_text("Ks", timeout=15000)
    finally:
        if away.exists():
            away.rename(db.parent)
        running.stop()
    assert table.entries(sid)[-1] == {"play": "Ks"}
