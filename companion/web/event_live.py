"""A club night's pages kept current for every viewer, however many.

An event's page shows every table of its round, so it changes whenever any of them does. The
server's watcher already hears every session's change (``companion.web.watch``); each one that
belongs to an event being watched, or a session new since (a round just drawn), wakes that event's
viewers. The event itself (who has come or gone) changes without any session changing, so a viewer
also looks again every ``TICK`` seconds.

However many viewers are woken, the event is read once (``Events.event``: a few small rows) and
each page is written once per language and per kind (the phones' page, the wall): every viewer of
the same moment is sent the same text.
"""

from __future__ import annotations

import asyncio
import hashlib
import time
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import suppress
from dataclasses import dataclass, field

from sse_starlette import EventSourceResponse, ServerSentEvent
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from companion.club.events import Event, Events
from companion.web.live import PING, SEND_TIMEOUT, SHOWN_ERRORS, Tables, Viewers

TICK = 2.0  #: seconds after which a viewer looks again at an event nothing was heard of

#: writes an event's page part: (event, language, kind: "page", "director" or "wall") → HTML
EventWriter = Callable[[Event, str, str], str]


def revision(event: Event) -> str:
    """A short id of what the event's pages show now (``Event.key``), sent as its stream's event id."""
    return hashlib.sha256(event.key.encode()).hexdigest()[:16]


@dataclass
class _Kept:
    event: Event | None = None
    heard: int = 0  #: changes heard of its sessions (or a new session) so far
    read_at_heard: int = -1
    read_at: float = 0.0
    # (lang, kind) → (revision, html, the html as its stream's event, encoded once for every viewer)
    pages: dict[tuple[str, str], tuple[str, str, bytes]] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class EventShows:
    """The events the server shows and their viewers."""

    def __init__(self, events: Events, tables: Tables, write: EventWriter) -> None:
        self.events = events
        self.tables = tables
        self.write = write
        self._kept: dict[int, _Kept] = {}
        self._viewers = Viewers()
        self._sessions: set[int] = set()  # every session of a kept event
        tables.listen(self._heard, self._viewers.wake_all)

    def _heard(self, changed: Mapping[int, int | None]) -> None:
        """From the server's loop: wake the viewers of every event a changed session belongs to,
        and of every event when a session is new (a round drawn)."""
        new = any(sid not in self._sessions for sid in changed)
        for eid, kept in self._kept.items():
            mine = kept.event is not None and any(t.session in changed for r in kept.event.rounds for t in r.tables)
            if new or mine:
                kept.heard += 1
                self._viewers.wake(eid)

    async def current(self, eid: int, check: bool = False) -> Event:
        """The event as the store has it: read again when something of it was heard, when asked to
        ``check``, or ``TICK`` seconds after it was last read; else the one read before."""
        kept = self._kept.setdefault(eid, _Kept())
        async with kept.lock:
            stale = kept.event is None or check or kept.read_at_heard != kept.heard
            if stale or time.monotonic() - kept.read_at >= TICK:
                heard = kept.heard
                kept.event = await run_in_threadpool(self.events.event, eid)
                kept.read_at_heard, kept.read_at = heard, time.monotonic()
                self._sessions.update(t.session for r in kept.event.rounds for t in r.tables)
            return kept.event

    async def shown(self, eid: int, lang: str, kind: str, check: bool = False) -> tuple[str, str, bytes]:
        """(revision, HTML, the HTML as its stream's event) of the event's page part of ``kind`` in
        ``lang``, written and encoded once a moment, whatever the number of viewers."""
        event = await self.current(eid, check)
        kept = self._kept[eid]
        now = revision(event)
        found = kept.pages.get((lang, kind))
        if found is None or found[0] != now:
            html = await run_in_threadpool(self.write, event, lang, kind)
            sent = ServerSentEvent(data=html, event="table", id=now).encode()
            found = kept.pages[(lang, kind)] = (now, html, sent)
        return found

    def stream(self, request: Request, eid: int, lang: str, kind: str, headers: Mapping[str, str]) -> Response:
        """A viewer's event stream of the event's page (``kind``): the part whenever what it shows
        is not what the viewer has (``Last-Event-ID`` or ``?since=``)."""
        known = request.headers.get("last-event-id") or request.query_params.get("since")

        async def events() -> AsyncIterator[ServerSentEvent | bytes]:
            nonlocal known
            with self._viewers.viewing(eid) as wake:
                check = True
                while not self.tables.stopping:
                    try:
                        now, _, sent = await self.shown(eid, lang, kind, check)
                    except SHOWN_ERRORS:
                        return
                    if now != known:
                        known = now
                        yield sent
                    elif check:
                        yield ServerSentEvent(comment="following")
                    check = False
                    with suppress(TimeoutError):
                        async with asyncio.timeout(TICK):  # no task of its own per viewer, as wait_for makes
                            await wake.wait()
                    wake.clear()

        return EventSourceResponse(events(), headers=headers, ping=PING, send_timeout=SEND_TIMEOUT)
