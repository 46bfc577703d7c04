"""The README's pictures of the pages: ``make phone-screenshots``.

A Sheriff game under way (the worked example examples/sheriff/game-6-deals.json, three deals
scored and the fourth begun) is served by a real ``companion serve`` and read by Debian's
Chromium as a phone (tests/web/browser.py) in English and in Japanese: the first screen of each,
390×844 at 2 device pixels per CSS pixel, saved as docs/screenshots/phone-en.png and phone-ja.png.

A club night of 14 players at KINGs, its second round being played (one table's game over), is
served the same way: its page on a phone (event-phone.png) and its wall on a projector at
1920×1080 (event-wall.png), both in English.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import expect

from companion.exports.native import import_text
from companion.store.database import Store
from companion.store.sessions import Sessions
from companion.web.links import SessionLinks
from scoring.registry import get
from tests.web.browser import CHROMIUM, NO_CHROMIUM, chromium, phone
from tests.web.served import serve

ROOT = Path(__file__).resolve().parents[2]
SAVED = ROOT / "docs" / "screenshots"
#: the fourth deal of the worked example, and its first trick and a half
FOURTH_DEAL = [
    "deal joker=Aki Aki=robber Ben=mayor Chie=sheriff trump=spades",
    *("Qh", "Jh", "Kh"),
    "Ks",
]


def a_game_under_way(sessions: Sessions) -> int:
    """The worked example's first three deals, imported, then the fourth as the table types it."""
    record = json.loads((ROOT / "examples" / "sheriff" / "game-6-deals.json").read_text(encoding="utf-8"))
    record["deals"] = record["deals"][:3]
    sid = import_text(sessions, json.dumps(record).encode())
    game = get("sheriff")
    live = sessions.open(sid)
    for line in FOURTH_DEAL:
        live = sessions.append(live, game.parse(line, live.position))
    return sid


def a_club_night(sessions: Sessions) -> str:
    """Round 1 of a KINGs night played whole, round 2 drawn and one of its tables over: its page's path."""
    from companion.club.events import Events
    from tests.web.test_event_pages import CLUB, kings_game

    events = Events(sessions)
    eid = events.new("Friday club", ["kings"], rounds=3, seed=35, names=[*CLUB, "Yuki"], day="2026-11-27")
    for r in (1, 2):
        drawn = events.draw(eid)
        for table in drawn.tables if r == 1 else drawn.tables[:1]:
            live = sessions.open(table.session)
            for entry in kings_game(table.players, seed=table.table):
                live = sessions.append(live, entry)
    return f"/e/{SessionLinks(sessions).event_token(events.event(eid).uid)}"


def club_night_pictures(browser) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = f"sqlite:///{Path(folder) / 'night.db'}"
        path = a_club_night(Sessions(Store(db)))
        server = serve(db)
        try:
            for name, options, where in (
                ("event-phone.png", {"device_scale_factor": 2}, path),
                (
                    "event-wall.png",
                    {
                        "viewport": {"width": 1920, "height": 1080},
                        "is_mobile": False,
                        "has_touch": False,
                        "device_scale_factor": 1,
                    },
                    f"{path}/wall",
                ),
            ):
                shown = phone(browser, "en", **options)
                page = shown.open(server.base + where)
                expect(page.locator("#status.live")).to_be_visible()
                page.screenshot(path=SAVED / name)
                shown.context.close()
                print((SAVED / name).relative_to(ROOT))
        finally:
            server.stop()


def main() -> int:
    if CHROMIUM is None:
        print(NO_CHROMIUM, file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as folder:
        db = f"sqlite:///{Path(folder) / 'table.db'}"
        sessions = Sessions(Store(db))
        sid = a_game_under_way(sessions)
        uid = next(info.uid for info in sessions.list() if info.id == sid)
        server = serve(db)
        try:
            url = f"{server.base}/t/{SessionLinks(sessions).session_token(uid)}"
            with chromium() as browser:
                for lang in ("en", "ja"):
                    shown = phone(browser, lang, device_scale_factor=2)
                    path = SAVED / f"phone-{lang}.png"
                    page = shown.open(url)
                    expect(page.locator("#status.live")).to_be_visible()  # the page says it is live
                    page.screenshot(path=path)
                    shown.context.close()
                    print(path.relative_to(ROOT))
                club_night_pictures(browser)
        finally:
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
