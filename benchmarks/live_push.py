"""`make bench`: what the server does for one push costs the same at the 200th entry as at the 1st.

The game: a simulated 5-player Trickster game with the strategy deck (seed 80, 202 entries,
``benchmarks.app.long_game``), recorded into a session of a SQLite file in a temporary
folder. A push is what the server writes for its viewers when the session moves on by one entry
and the position is already worked out (as F8's server is handed it, ``Tables.offer``): the page
part in English and in Japanese and what each language's open event stream sends a viewer that
had the entry before (the log's new lines; the part itself is sent as written). The figure is the
median time of a push to the position after the 200th entry, over that of a push to the position
after the 1st, both in this process, 51 of each taken in turns: each sample starts from a server
that has already shown the entry before (untimed), so only the push counts. The time is this
process's CPU time (its worker threads', where the pages are written, included), so that other
programs busy on the machine weigh on neither figure.

What is left of the difference is the position's own: at the 200th entry the board holds more
cards and the entry did something to tell (the 1st sets up a round and tells nothing), while the
log and the scores (written again only when a round is scored) cost nothing more for being long.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.app import long_game
from companion.store.database import Store
from companion.store.sessions import Live, Sessions
from companion.web.links import SessionLinks
from companion.web.live import Shown, Tables
from companion.web.server import page_writer

ENTRY = 200
REPEATS = 51
LANGS = ("en", "ja")


async def sent(tables: Tables, sid: int, had: dict[str, Shown]) -> dict[str, Shown]:
    """What the server writes for one push of session ``sid`` to a viewer in each language that has
    the page ``had`` shows (as ``Tables.stream`` sends it: the log's new lines, then the part), and
    what each language's page shows now."""
    now = {}
    for lang in LANGS:
        shown = now[lang] = await tables.shown(sid, lang)
        if lang in had:
            shown.log.since(had[lang].log)
    return now


async def push_seconds(sessions: Sessions, links: SessionLinks, before: Live, after: Live) -> float:
    """One push from ``before`` to ``after``, on a server that has shown ``before`` already."""
    tables = Tables(sessions, page_writer(sessions, links))
    sid = after.sid
    tables._keep(sid, before)  # shown before, as the server would have (the store is at ``after``)
    had = await sent(tables, sid, {})
    start = time.process_time()
    tables.changed_here(sid, after)
    await sent(tables, sid, had)
    return time.process_time() - start


def ratio(folder: str) -> tuple[float, float, float]:
    """The median push at entry ``ENTRY`` over the median push at entry 1, and both medians (s)."""
    sessions = Sessions(Store(f"sqlite:///{Path(folder) / 'push.db'}"))
    links = SessionLinks(sessions)
    header, entries = long_game()
    short = sessions.create("trickster", header)  # a session one entry long
    one = [sessions.open(short)]
    one.append(sessions.append(one[0], entries[0]))
    sid = sessions.create("trickster", header)  # and one of ``ENTRY`` entries
    lives = [sessions.open(sid)]
    for entry in entries[:ENTRY]:
        lives.append(sessions.append(lives[-1], entry))

    async def medians() -> tuple[float, float]:
        first, late = [], []
        for _ in range(REPEATS):  # interleaved, so a busy moment weighs on both alike
            first.append(await push_seconds(sessions, links, one[0], one[1]))
            late.append(await push_seconds(sessions, links, lives[ENTRY - 1], lives[ENTRY]))
        return statistics.median(first), statistics.median(late)

    first, late = asyncio.run(medians())
    return late / first, first, late


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        r, first, late = ratio(folder)
    print(f"live: page part at entry {ENTRY} against entry 1: ratio {r:.2f}")
    print(
        f"  (goal <= 1.2) a push to the phones, English and Japanese, of a 5-player Trickster game: "
        f"{late * 1000:.1f} ms of CPU at entry {ENTRY}, {first * 1000:.1f} ms at entry 1"
    )


if __name__ == "__main__":
    main()
