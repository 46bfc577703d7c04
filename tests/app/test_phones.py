"""F8 at the table shows the game on phones: the app serves the session's page on the laptop's
address, draws its link as a QR code that a real decoder reads back, writes the link under it, and
stops serving when the app ends. Everything over real sockets on 127.0.0.1 (``COMPANION_SERVE_ADDRESS``),
on a free port (``COMPANION_SERVE_PORT=0``) unless the test takes one."""

from __future__ import annotations

import asyncio
import json
import re
import socket
import threading
import urllib.error
import urllib.request
from html import unescape
from pathlib import Path

import pytest
from textual.widgets import OptionList

from companion.exports.qr import qr_lines
from companion.web.addresses import ADDRESS_ENV, addresses_to_offer
from companion.web.background import PORT_ENV
from companion.web.server import bind
from companion.web.watch import watchers
from scoring.records import split_record
from scoring.registry import get
from scoring.words import say
from screens.app import CompanionApp
from tests.app.pilot import quiet, table_at
from tests.app.qr_decoder import decode, drawn

ROOT = Path(__file__).resolve().parents[2]
TRICKSTER = json.loads((ROOT / "examples/trickster/game-4p-introductory.json").read_text())


@pytest.fixture
def on_this_laptop(monkeypatch):
    """Serve on 127.0.0.1, on any free port."""
    monkeypatch.setenv(ADDRESS_ENV, "127.0.0.1")
    monkeypatch.setenv(PORT_ENV, "0")


async def shown_on_phones(app, pilot, *keys: str) -> str:
    """Press ``keys`` (F8 by default), wait for the server, and give the link written on the screen."""
    await pilot.press(*(keys or ("f8",)))
    for _ in range(100):
        await pilot.pause(0.05)
        if type(app.screen).__name__ == "PhonesScreen" and all(w.is_finished for w in app.workers):
            break
    return str(app.screen.query_one("#phones-link").render())


def words(app) -> str:
    return " ".join(str(app.screen.query_one("#phones-words").render()).split())


def qr_on_screen(app) -> list[str]:
    """The QR code as the screen draws it, row by row, checked black on white."""
    code = app.screen.query_one("#phones-qr")
    rows = []
    for y in range(code.size.height):
        segments = [s for s in code.render_line(y) if s.text]
        assert all(
            s.style.color.triplet.hex == "#000000" and s.style.bgcolor.triplet.hex == "#ffffff" for s in segments
        ), y
        rows.append("".join(s.text for s in segments))
    return rows


def fetch(link: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(link, timeout=10) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode()


async def answers(links: list[str]) -> list[int]:
    """The status each link answers with."""
    return [(await asyncio.to_thread(fetch, link))[0] for link in links]


def refused(port: int) -> bool:
    """Whether nothing answers on 127.0.0.1:``port`` any more."""
    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) != 0


@pytest.mark.asyncio
async def test_f8_at_an_80x24_table_draws_the_link_as_a_code_a_phone_reads_and_the_page_answers_there(
    tmp_path, on_this_laptop
):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        sid = await table_at(app, pilot, TRICKSTER, 20)
        link = await shown_on_phones(app, pilot)
        assert link.startswith("http://127.0.0.1:") and "/t/" in link
        rows = qr_on_screen(app)
        assert rows == qr_lines(link)
        assert (len(rows[0]), len(rows)) <= (31, 16)  # version 3 at most, beside the words at 80×24
        assert decode(*drawn(rows)) == link
        said = words(app)
        assert "Serving on 127.0.0.1, which no phone can reach" in said
        assert "It keeps serving while Companion runs." in said
        assert f"Show on phones: Session {sid}" in str(app.screen.query_one("#title").render())
        # the page of this session, on the link the phones scan
        status, page = await asyncio.to_thread(fetch, link)
        assert status == 200 and all(name in page for name in ("Trickster", "Aki", "Ben", "Chie", "Dan"))
        status, _ = await asyncio.to_thread(fetch, link[:-1] + ("A" if link[-1] != "A" else "B"))
        assert status == 404
        port = app.serving.serving.port
        await pilot.press("escape")
        await quiet(pilot)
        assert type(app.screen).__name__ == "SessionScreen"
        assert (await asyncio.to_thread(fetch, link))[0] == 200  # it keeps serving behind the table
    # the app ended: so did the server, and its port is free again
    assert refused(port)
    bind("127.0.0.1", port).close()


@pytest.mark.asyncio
async def test_f8_again_shows_the_same_link_on_the_same_server_and_a_new_entry_reaches_the_page(
    tmp_path, on_this_laptop
):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        sid = await table_at(app, pilot, TRICKSTER, 20)
        link = await shown_on_phones(app, pilot)
        running = app.serving.serving
        await pilot.press("escape")
        await quiet(pilot)
        _, before = await asyncio.to_thread(fetch, link)
        _, _, moves = split_record(TRICKSTER)
        live = app.sessions.open(sid)
        app.sessions.append(live, moves[20])  # as the table records it
        assert await shown_on_phones(app, pilot) == link
        assert app.serving.serving is running
        _, after = await asyncio.to_thread(fetch, link)
        told = say(get("trickster").shown(moves[20]), "en")
        assert after.count("<li>") == before.count("<li>") + 1 and f"<li>{told}</li>" in after
        # the table screen and the phones' server hear the database through one watcher, one thread
        assert watchers() == 1
        assert [t.name for t in threading.enumerate()].count("companion-watch") == 1
    assert watchers() == 0  # the app ended: so did its watcher


@pytest.mark.asyncio
async def test_an_entry_typed_at_the_laptop_reaches_the_page_as_the_table_screen_holds_it(tmp_path, on_this_laptop):
    """F8's server takes the table screen's own position: the entry Enter records is stepped once,
    by the table screen, and the page shows that very position."""
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        sid = await table_at(app, pilot, TRICKSTER, 20)
        link = await shown_on_phones(app, pilot)
        _, before = await asyncio.to_thread(fetch, link)
        await pilot.press("escape")
        await quiet(pilot)
        table = app.screen
        _, _, moves = split_record(TRICKSTER)
        typed = get("trickster").format(moves[20])
        await pilot.press(*typed, "enter")
        for _ in range(100):
            if table.live is not None and len(table.live.position.entries) == 21:
                break
            await pilot.pause(0.05)
        assert table.live.position.entries[-1] == moves[20]
        _, after = await asyncio.to_thread(fetch, link)
        told = say(get("trickster").shown(moves[20]), "en")
        assert after.count("<li>") == before.count("<li>") + 1 and f"<li>{told}</li>" in after
        tables = app.serving.serving.running.app.state.tables
        assert tables.kept(sid) is table.live  # the screen's own position, not stepped again


async def palette_found(app, pilot, words: str) -> OptionList:
    """The command palette's list once its search has found ``words`` (it searches as a worker)."""
    for _ in range(200):
        found = app.screen.query(OptionList)
        if found and found.first().option_count and words in str(found.first().get_option_at_index(0).prompt):
            return found.first()
        await pilot.pause(0.01)
    raise AssertionError(f"the palette never found {words!r}")


@pytest.mark.asyncio
async def test_the_command_palette_shows_the_game_on_phones_in_either_language(tmp_path, on_this_laptop):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}", lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await table_at(app, pilot, TRICKSTER, 20)
        await pilot.press("ctrl+p", *"スマホ")
        options = await palette_found(app, pilot, "スマホに表示")
        assert [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)] == [
            "スマホに表示\nキー：f8"
        ]
        link = await shown_on_phones(app, pilot, "enter")
        assert link.startswith("http://127.0.0.1:")
        assert "Companionを終了するまで配信を続けます。" in words(app)
        await pilot.press("ctrl+l")  # the words change language; the server and its link stay
        await quiet(pilot)
        assert "It keeps serving while Companion runs." in words(app)
        assert str(app.screen.query_one("#phones-link").render()) == link
        await pilot.press("escape", "ctrl+p", *"phones")
        options = await palette_found(app, pilot, "Show on phones")
        assert str(options.get_option_at_index(0).prompt) == "Show on phones\nkey: f8"


@pytest.mark.asyncio
async def test_an_address_the_laptop_no_longer_has_is_said_in_one_sentence_and_a_serves_on_another(
    tmp_path, monkeypatch
):
    monkeypatch.setenv(ADDRESS_ENV, "203.0.113.77")  # TEST-NET-3: never this laptop's
    monkeypatch.setenv(PORT_ENV, "0")
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await table_at(app, pilot, TRICKSTER, 20)
        assert await shown_on_phones(app, pilot) == ""
        assert words(app) == "203.0.113.77 is not an address of this laptop (any more): press a to serve on another."
        assert not app.screen.query_one("#phones-qr").display
        monkeypatch.setenv(ADDRESS_ENV, "127.0.0.1")  # as if the table's network came back
        link = await shown_on_phones(app, pilot, "a")
        assert link.startswith("http://127.0.0.1:")
        assert (await asyncio.to_thread(fetch, link))[0] == 200


def can_serve_on(host: str) -> bool:
    try:
        bind(host, 0).close()
    except Exception:
        return False
    return True


@pytest.mark.asyncio
@pytest.mark.skipif(not can_serve_on("127.0.0.2"), reason="this system has no 127.0.0.2 (only Linux has all of 127/8)")
async def test_another_address_restarts_the_server_there_and_the_old_address_answers_no_more(tmp_path, monkeypatch):
    monkeypatch.setenv(ADDRESS_ENV, "127.0.0.1")
    monkeypatch.setenv(PORT_ENV, "0")
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await table_at(app, pilot, TRICKSTER, 20)
        first = await shown_on_phones(app, pilot)
        old_port = app.serving.serving.port
        monkeypatch.setenv(ADDRESS_ENV, "127.0.0.2")  # the address to serve on now comes first
        second = await shown_on_phones(app, pilot, "a")
        assert second.startswith("http://127.0.0.2:") and second.split("/t/")[1] == first.split("/t/")[1]
        assert (await asyncio.to_thread(fetch, second))[0] == 200
        assert refused(old_port)
        assert decode(*drawn(qr_on_screen(app))) == second


@pytest.mark.asyncio
async def test_a_taken_port_serves_on_a_free_one_and_says_so(tmp_path, monkeypatch):
    taken = bind("127.0.0.1", 0)  # another program on the port
    port = taken.getsockname()[1]
    monkeypatch.setenv(ADDRESS_ENV, "127.0.0.1")
    monkeypatch.setenv(PORT_ENV, str(port))
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await table_at(app, pilot, TRICKSTER, 20)
            link = await shown_on_phones(app, pilot)
            serving = app.serving.serving.port
            assert serving != port and link.startswith(f"http://127.0.0.1:{serving}/t/")
            assert f"Port {port} is taken: serving on port {serving}." in words(app)
            assert (await asyncio.to_thread(fetch, link))[0] == 200
    finally:
        taken.close()


@pytest.mark.asyncio
async def test_a_port_setting_that_is_no_number_is_said_in_one_sentence(tmp_path, monkeypatch):
    monkeypatch.setenv(ADDRESS_ENV, "127.0.0.1")
    monkeypatch.setenv(PORT_ENV, "eighty")
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}", lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await table_at(app, pilot, TRICKSTER, 20)
        assert await shown_on_phones(app, pilot) == ""
        assert words(app) == (
            "COMPANION_SERVE_PORTがeightyで、ポート番号（0〜65535）ではありません。番号を設定するか、設定を外してください。"
        )


@pytest.mark.asyncio
async def test_a_serves_on_the_laptops_next_address_or_says_it_has_none(tmp_path, on_this_laptop):
    offered = addresses_to_offer()  # 127.0.0.1 first (set above), then this machine's own
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        await table_at(app, pilot, TRICKSTER, 20)
        first = await shown_on_phones(app, pilot)
        link = await shown_on_phones(app, pilot, "a")
        if len(offered) > 1:  # a machine on a network: served there now, and only there
            assert link.startswith(f"http://{offered[1]}:")
            assert f"Serving on {offered[1]}" in words(app)
            assert (await asyncio.to_thread(fetch, link))[0] == 200
            assert refused(int(first.split(":")[2].split("/")[0]))
        else:  # a machine on no network at all
            assert link == first
            assert "This laptop has no other address" in words(app)


def test_the_longest_table_link_is_a_31_by_16_code_and_fits_80x24_with_its_words():
    # the longest IPv4 address and port: 53 characters, QR version 3 (the issue measured 27×14 to
    # 31×16); the screen stacks the header, the title, a blank row, the code, the link and the footer
    token = "A" * 22  # 128 bits in URL-safe base64
    link = f"http://255.255.255.255:65535/t/{token}"
    lines = qr_lines(link)
    assert (len(lines[0]), len(lines)) == (31, 16)
    assert 1 + 1 + 1 + len(lines) + 1 + 1 <= 24 and len(link) + 2 <= 80 and 2 + len(lines[0]) + 2 + 30 <= 80


@pytest.mark.asyncio
async def test_r_shows_the_code_to_record_from_a_phone_and_x_ends_every_recorder_link_for_a_new_one(
    tmp_path, on_this_laptop
):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        sid = await table_at(app, pilot, TRICKSTER, 20)
        watch = await shown_on_phones(app, pilot)
        join = await shown_on_phones(app, pilot, "r")
        info = app.sessions.info(sid)
        assert join == app.serving.serving.base + app.serving._links.join_link(info.uid)
        assert join.startswith("http://127.0.0.1:") and "/j/" in join and join.split("/j/")[0] == watch.split("/t/")[0]
        rows = qr_on_screen(app)
        assert decode(*drawn(rows)) == join and (len(rows[0]), len(rows)) <= (31, 16)
        assert f"Record from phones: Session {sid}" in str(app.screen.query_one("#title").render())
        said = words(app)
        assert said.startswith("Record from your phone: scan this code") and "r: the code to watch the game." in said
        # the phone that scans it picks its seat there
        status, page = await asyncio.to_thread(fetch, join)
        assert status == 200 and "Which seat is this phone's?" in unescape(page)  # as the phone shows it
        seats = [join.split("/j/")[0] + path for path in re.findall(r'href="(/r/[^"?]+)', page)]
        assert len(seats) == 5  # Aki, Ben, Chie, Dan, and one phone for the whole table
        assert await answers(seats) == [200] * 5
        # x: new recorder links; the old ones, the join link's and every seat's, record no more
        await pilot.press("x")
        await quiet(pilot)
        renewed = str(app.screen.query_one("#phones-link").render())
        assert renewed != join and "/j/" in renewed and decode(*drawn(qr_on_screen(app))) == renewed
        assert "New recorder links: the codes shown before record no more." in words(app)
        assert (await asyncio.to_thread(fetch, join))[0] == 404
        assert await answers(seats) == [404] * 5
        assert (await asyncio.to_thread(fetch, renewed))[0] == 200
        assert (await asyncio.to_thread(fetch, watch))[0] == 200  # watching goes on
        # r: back to the code to watch
        assert await shown_on_phones(app, pilot, "r") == watch
        assert decode(*drawn(qr_on_screen(app))) == watch
        # the table behind heard the links change, and has nothing to say of it
        await pilot.press("escape")
        await quiet(pilot)
        assert app.screen.live.info.revision == app.sessions.info(sid).revision
        assert "elsewhere" not in str(app.screen.query_one("#status").render())
