"""Recording from phones in a real browser (Debian's Chromium at 390×844): a phone taps a card and
the laptop's table screen (the app, Textual's pilot) and another phone show it; two phones tapping
one turn at once store exactly one entry; a stale tap is refused and the new choices appear; a
read link has nothing to tap; a LOUDER card placed on one phone reaches no other phone and not the
laptop."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from companion.store.sessions import Sessions
from companion.web.links import SessionLinks
from scoring.registry import get
from tests.web.phones import beyond_choices
from tests.web.served import Server, one_server_for_the_module
from tests.web.test_serve import BLUFFS, NEVER_SEEN, dealt

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

ROOT = Path(__file__).resolve().parents[2]
LIVE_MS = 5000


db, table, server = one_server_for_the_module("recording")


def seat(table: Sessions, server: Server, sid: int, who: int | None) -> str:
    uid = table.info(sid).uid
    return server.base + SessionLinks(table).seat_link(uid, who)


def watch(table: Sessions, server: Server, sid: int) -> str:
    return f"{server.base}/t/{SessionLinks(table).session_token(table.info(sid).uid)}"


class Laptop:
    """The app's table screen on a session, run by Textual's pilot in a thread of its own (the
    browser's driver keeps this thread's event loop): what its log shows, as it shows it."""

    def __init__(self, db: str, sid: int) -> None:
        self.db, self.sid = db, sid
        self.shown: list[str] = []
        self.entries = 0
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=lambda: asyncio.run(self._run()), daemon=True)
        self._thread.start()
        assert self._ready.wait(30), "the laptop's app did not start"

    async def _run(self) -> None:
        from screens.app import CompanionApp
        from screens.session import SessionScreen
        from tests.app.pilot import shown_but_choices

        app = CompanionApp(db=self.db, lang="en")
        async with app.run_test(size=(80, 24)) as pilot:
            while app.sessions is None:
                await pilot.pause(0.01)
            await app.push_screen(SessionScreen(self.sid))
            await pilot.pause()
            self._ready.set()
            while not self._stop.is_set():
                screen = app.screen
                self.entries = len(screen.position.entries)
                self.shown = shown_but_choices(app).splitlines()  # the empty line lists every card
                await pilot.pause(0.05)

    def wait_for(self, entries: int, seconds: float = 5) -> None:
        deadline = time.monotonic() + seconds
        while self.entries < entries and time.monotonic() < deadline:
            time.sleep(0.02)
        assert self.entries >= entries, f"the laptop shows {self.entries} entries, not {entries}"

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(10)


def test_a_tap_on_akis_phone_reaches_the_laptop_and_bens_phone(phones, table, server, db):
    sid = dealt(table)
    laptop = Laptop(db, sid)
    try:
        aki = phones("en").open(seat(table, server, sid, 0))
        ben = phones("en").open(seat(table, server, sid, 1))
        watcher = phones("ja").open(watch(table, server, sid))
        expect(aki.locator("p.turn")).to_have_text("Your turn.")
        expect(ben.locator("p.turn")).to_have_text("Aki records this on their phone.")
        aki.evaluate("window.stillHere = true")
        aki.get_by_role("button", name="K of spades").click()
        expect(aki.locator("p.said")).to_have_text("Recorded: Ks", timeout=LIVE_MS)
        assert aki.evaluate("window.stillHere") is True  # the tap never left the page
        assert table.entries(sid)[-1] == {"play": "Ks"}
        expect(ben.locator("p.turn")).to_have_text("Your turn.", timeout=LIVE_MS)  # and Ben's buttons came
        expect(ben.get_by_role("button", name="K of hearts")).to_be_visible()
        expect(watcher.locator("#live ol.log li").last).to_have_text("スペードのK", timeout=LIVE_MS)  # in its words
        laptop.wait_for(2)
    finally:
        laptop.stop()


def test_two_phones_tapping_one_turn_at_once_store_exactly_one_entry(phones, table, server):
    sid = dealt(table)
    pages = []
    for who in (0, None):  # both choose at the same position: neither hears of the other's tap first
        phone = phones("en")
        phone.context.route("**/events*", lambda route: route.abort())
        pages.append(phone.open(seat(table, server, sid, who)))
    aki, everyone = pages
    first = aki.get_by_role("button", name="K of spades")
    second = everyone.get_by_role("button", name="Q of spades")
    expect(first).to_be_visible()
    expect(second).to_be_visible()
    for page, label in ((aki, "K of spades"), (everyone, "Q of spades")):
        page.evaluate(
            """(label) => { for (const b of document.querySelectorAll('button')) {
                 if (b.textContent.startsWith(label)) { b.form.requestSubmit(); return; } } }""",
            label,
        )
    expect(aki.locator("p.said")).to_be_visible(timeout=LIVE_MS)
    expect(everyone.locator("p.said")).to_be_visible(timeout=LIVE_MS)
    said = sorted([aki.locator("p.said").inner_text(), everyone.locator("p.said").inner_text()])
    assert len(table.entries(sid)) == 2
    assert said[0].startswith("Recorded: ") and said[1].startswith("The table moved on: ")


def test_a_stale_tap_is_refused_and_the_new_choices_appear(phones, table, server):
    sid = dealt(table)
    phone = phones("en", java_script_enabled=False)  # no live updates: its choices go stale
    page = phone.open(seat(table, server, sid, None))
    expect(page.get_by_role("button", name="K of spades")).to_be_visible()
    live = table.open(sid)
    table.append(live, get("sheriff").parse("Qs", live.position))  # the laptop was quicker
    page.get_by_role("button", name="K of spades").click()
    expect(page.locator("p.said")).to_have_text("The table moved on: Aki: Qs. Choose again.")
    expect(page.locator("p.next").first).to_contain_text("Ben to play")
    assert table.entries(sid)[1:] == [{"play": "Qs"}]


def test_a_read_link_has_nothing_to_tap(phones, table, server):
    sid = dealt(table)
    page = phones("en").open(watch(table, server, sid))
    expect(page.locator("#live")).to_contain_text("Aki leads trick 1")
    assert page.locator("form").count() == 0 and page.locator("button").count() == 0
    answer = page.request.post(
        watch(table, server, sid).replace("/t/", "/r/") + "/record",
        form={"line": "Ks", "revision": "2", "tap": "t"},
        headers={"Origin": server.base},
    )
    assert answer.status == 404 and len(table.entries(sid)) == 1


def test_a_louder_card_placed_on_akis_phone_reaches_no_other_phone_and_not_the_laptop(phones, table, server, db):
    sid = table.create("louder", {"players": ["Aki", "Ben", "Chie"]})
    laptop = Laptop(db, sid)
    try:
        aki = phones("en").open(seat(table, server, sid, 0))
        ben = phones("en").open(seat(table, server, sid, 1))
        watcher = phones("en").open(watch(table, server, sid))
        line = get("louder").format(BLUFFS[0])
        aki.locator("form.typed input[name=line]").fill(line)
        aki.locator("form.typed button").click()
        expect(aki.locator("p.said")).to_have_text(f"Recorded: {line}", timeout=LIVE_MS)
        expect(ben.locator("p.turn")).to_have_text("Your turn.", timeout=LIVE_MS)
        expect(watcher.locator("#live ol.log li").last).to_have_text(
            "placed a card at 0,0, saying score:5", timeout=LIVE_MS
        )
        laptop.wait_for(1)
        seen = [beyond_choices(ben.content()), watcher.content(), "\n".join(laptop.shown)]
        for text in seen:
            for card in ("enemy:-2", "Enemy -2", "エネミー-2"):
                assert card.lower() not in text.lower()
        assert NEVER_SEEN[0] in line  # what Aki placed is the card nobody else may see
    finally:
        laptop.stop()
