"""The page stays current at the table: each viewer's event stream carries a new entry, an undo or
an edit made at the table, nothing face down is ever sent, the game's exports are a tap away, and
ctrl+c ends every stream at once. ``companion serve``'s app called in this process over a real
SQLite file, its event streams read in process too (tests/web/client.py); ctrl+c on a real
``companion serve``. Entries from another process, a phone that slept and a viewer that stops
reading: test_live_elsewhere.py.
"""

from __future__ import annotations

import json
import re
import time
from html import unescape
from pathlib import Path

from companion.exports.bgstats import bgstats_url
from companion.exports.native import import_text
from tests.web.client import App, Stream
from tests.web.served import Server, companion, words
from tests.web.served import Stream as ServedStream
from tests.web.test_serve import BLUFFS, DEAL, NEVER_SEEN, get_entry, links

ROOT = Path(__file__).resolve().parents[2]


def events_of(server: App | Server, href: str, lang: str = "en") -> str:
    """The address of a page's event stream, as the page itself gives it."""
    page = server.get(href, lang=lang).text
    return unescape(re.search(r'data-events="([^"]+)"', page).group(1))


def record(db: str, sid: int, line: str) -> None:
    """``companion record`` in a process of its own, as a second terminal at the table would."""
    process = companion(db, "record", str(sid), line)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 0, (out, err)


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
    for stream, announced in zip(streams, ("trap:0", "トラップ0"), strict=True):  # what was said, in words
        stream.until(live.info.revision)
        stream.close()
        seen = "\n".join(stream.raw)
        assert "■" in seen and announced in seen
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


def test_ctrl_c_stops_the_server_at_once_while_phones_are_connected(table, companion_serve):
    table.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    (href,) = links(companion_serve).values()
    streams = [ServedStream(companion_serve, events_of(companion_serve, href)) for _ in range(3)]
    for stream in streams:
        stream.next()
    started = time.monotonic()
    code, out, err = companion_serve.stop()
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


def test_a_session_read_before_a_tap_here_never_takes_the_taps_place(tmp_path):
    """Issue 34: one of four pages stayed at revision 39 after a tap recorded entry 40. A read of
    the store begun before the tap (revision 39) finished after it and was kept over the tap's
    session (40), so every viewer woken for the tap was served 39 again. A session older than
    the one kept never replaces it."""
    import asyncio

    from companion.store.database import Store
    from companion.store.sessions import Sessions
    from companion.web.live import Tables
    from scoring.registry import get as get_game

    sessions = Sessions(Store(f"sqlite:///{tmp_path / 'c.db'}"))
    sid = sessions.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    before = sessions.open(sid)  # what a viewer's read of the store saw
    after = sessions.append(before, get_game("sheriff").parse(DEAL, before.position))  # a tap here, one revision on
    tables = Tables(sessions, lambda live, before, lang, last: None)
    tables.changed_here(sid, after)
    tables._keep(sid, before)  # the slower read, finishing late
    assert tables.kept(sid).info.revision == after.info.revision
    assert asyncio.run(tables.live(sid, check=False)).info.revision == after.info.revision
