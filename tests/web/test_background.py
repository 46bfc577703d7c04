"""The server the app runs beside the table (F8): on this machine's own addresses, started once and
kept, moved to another address on request, and ended with its port freed, never touching the
process's signal handlers (the app's ctrl+c stays the app's)."""

from __future__ import annotations

import os
import signal
import socket
import time
import urllib.request

import pytest

from companion.store.database import Store
from companion.store.sessions import Sessions
from companion.web.addresses import (
    ADDRESS_ENV,
    LOOPBACK,
    addresses_to_offer,
    is_local,
    listed_addresses,
    routed_address,
)
from companion.web.background import PORT_ENV, Background, NotServing
from companion.web.links import SessionLinks
from companion.web.server import bind
from scoring.registry import get


def test_every_address_offered_is_this_machines_own_and_the_first_is_its_local_network_one():
    offered = addresses_to_offer({})
    for address in offered:
        bind(address, 0).close()  # an address of this machine: a server can listen on it
    routed = routed_address()
    assert routed is None or routed in listed_addresses()
    first = offered[0]
    assert first == (routed if routed and is_local(routed) else next((a for a in offered if is_local(a)), LOOPBACK))


def test_the_address_set_for_the_table_comes_first():
    offered = addresses_to_offer({ADDRESS_ENV: "127.0.0.1"})
    assert offered[0] == "127.0.0.1" and len(set(offered)) == len(offered)


@pytest.fixture
def database(tmp_path, monkeypatch) -> str:
    url = f"sqlite:///{tmp_path / 'c.db'}"
    sessions = Sessions(Store(url))
    header, _ = get("phantom").split({"game": "phantom", "players": ["Aki", "Ben", "Chie"]})
    sessions.create("phantom", header)
    monkeypatch.setenv(PORT_ENV, "0")
    return url


def answers(host: str, port: int) -> bool:
    with socket.socket() as sock:
        return sock.connect_ex((host, port)) == 0


def test_serving_twice_on_one_address_keeps_the_server_and_stopping_frees_its_port(database):
    handlers = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
    server = Background(Store(database))
    running = server.start("127.0.0.1")
    assert server.start("127.0.0.1") is running
    assert {s: signal.getsignal(s) for s in handlers} == handlers  # uvicorn left them alone
    uid = Sessions(Store(database)).list()[0].uid
    link = server.link(uid)
    token = SessionLinks(Sessions(Store(database))).session_token(uid)
    assert link == f"http://127.0.0.1:{running.port}/t/{token}"
    with urllib.request.urlopen(link, timeout=10) as page:
        assert page.status == 200 and "Chie" in page.read().decode()
    server.stop()
    assert not answers("127.0.0.1", running.port) and server.serving is None
    bind("127.0.0.1", running.port).close()
    server.stop()  # twice: nothing left to stop


def test_a_sessions_token_stays_the_same_when_the_app_starts_again(database):
    uid = Sessions(Store(database)).list()[0].uid
    links = []
    for _ in range(2):  # two runs of the app, each with its own server
        server = Background(Store(database))
        server.start("127.0.0.1")
        links.append(server.link(uid).split("/t/")[1])
        server.stop()
    assert links[0] == links[1]


def test_an_address_not_of_this_machine_is_refused_and_nothing_is_left_listening(database):
    server = Background(Store(database))
    with pytest.raises(NotServing) as refused:
        server.start("203.0.113.77")  # TEST-NET-3: no machine's
    assert refused.value.why == "address" and refused.value.host == "203.0.113.77"
    assert server.serving is None


def test_the_app_ends_at_once_while_phones_still_follow_the_table(database):
    from tests.web.served import Server, Stream

    app = Background(Store(database))
    running = app.start(LOOPBACK)
    sessions = Sessions(Store(database))
    (info,) = sessions.list()
    href = app.link(info.uid).split(f":{running.port}", 1)[1]
    base = Server(None, f"http://{LOOPBACK}:{running.port}/?key=")
    phones = [Stream(base, href + "/events") for _ in range(3)]
    for phone in phones:
        assert phone.next().name == "table"
    started = time.monotonic()
    app.stop()
    assert time.monotonic() - started < 1.5  # each stream is ended, not waited out
    for phone in phones:
        assert phone.next() is None
    assert not answers(LOOPBACK, running.port)


def test_the_laptop_and_its_phones_see_an_entry_recorded_by_another_program(tmp_path, monkeypatch):
    from tests.web.served import companion, words
    from tests.web.test_serve import DEAL

    monkeypatch.setenv(PORT_ENV, "0")
    database = f"sqlite:///{tmp_path / 'c.db'}"
    laptop = Sessions(Store(database))  # the app's one store, the only one: F8's server serves from it
    sid = laptop.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    live = laptop.open(sid)
    app = Background(laptop.store)
    try:
        for line in (DEAL, "Ks"):  # from a second terminal at the table, the server started between
            assert companion(database, "record", str(sid), line).wait(timeout=60) == 0
            live = laptop.follow(live)
            app.start(LOOPBACK)
        # the app's write-ahead log is still the one every program shares (no program took it for
        # nobody's and deleted it while the app had it open), and the entry is seen
        path = database.removeprefix("sqlite:///")
        assert os.path.exists(f"{path}-wal") and os.path.exists(f"{path}-shm")
        assert list(laptop.follow(live).position.entries[1:]) == [{"play": "Ks"}]
        with urllib.request.urlopen(app.link(laptop.info(sid).uid), timeout=10) as page:
            assert "Aki leads the K of spades" in words(page.read().decode())
    finally:
        app.stop()
