"""The sessions the server shows, each kept current for every viewer of it.

A session is opened once (replayed once) when its page is first asked for. After that, a change
made anywhere (``companion.web.watch``) marks it stale and wakes its viewers; the first of them to
ask brings it up to date by stepping the new entries onto the position already worked out
(``Sessions.follow``), and its page part is written once per language for every viewer of that
revision. So a viewer costs the server one ``asyncio.Event`` and its open connection, whatever
it reads, and a viewer that stops reading holds nothing up: it is only woken, never queued to.

The log is kept beside the part, said once per entry (``companion.web.log``): a change sends each
viewer the part (the event ``table``) and, before it, only the lines of the log it does not have
(the event ``log``). Only the ``table`` event carries the revision as its id, so a browser that
reconnects says the revision it has whole; on a new connection the server knows nothing of the
page's log but that, and sends the log whole when the revision moved on.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass

from sse_starlette import EventSourceResponse, ServerSentEvent
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from companion.store.errors import StoreError
from companion.store.sessions import Live, Sessions
from companion.web.log import SaidLog
from companion.web.watch import Watching, watch
from scoring.errors import RuleViolation
from scoring.game import Position
from scoring.registry import get

PING = 15  #: seconds between two comments on a quiet stream, so a connection that died is noticed
SEND_TIMEOUT = 10  #: seconds a viewer may take to read one event before its stream is closed
KEPT = 32  #: sessions kept open when nobody is watching them (the most recently shown)


@dataclass(frozen=True)
class Shown:
    """What a session's page shows at one revision, in one language."""

    revision: int
    title: str  #: the document's title
    html: str  #: the page's live part: everything that changes as the game goes on, but the log
    finished: bool
    log: SaidLog  #: the log, said in this language
    kept: object = None  #: what its writer may use again for the next revision (``Writer``)


SHOWN_ERRORS = (RuleViolation, StoreError)  #: a session that cannot be shown: gone, or damaged in the database

#: what a viewer's page shows now, (revision, HTML, log), or None once it may show it no more (``stream``)
Part = Callable[[bool], Awaitable[tuple[int, str, SaidLog] | None]]

#: writes a session's page part: (the session as open, its position before the last entry, language,
#: what it showed in that language last, at an earlier revision, or None)
Writer = Callable[[Live, Position | None, str, Shown | None], Shown]


class Viewers:
    """Who is watching what (a session, a club night), each by an ``asyncio.Event`` set whenever
    what they watch may have changed, or the server stops."""

    def __init__(self) -> None:
        self._by: dict[int, set[asyncio.Event]] = {}

    @contextmanager
    def viewing(self, key: int) -> Iterator[asyncio.Event]:
        """A viewer of ``key`` for as long as the block runs."""
        wake = asyncio.Event()
        self._by.setdefault(key, set()).add(wake)
        try:
            yield wake
        finally:
            self._by[key].discard(wake)
            if not self._by[key]:
                del self._by[key]

    def wake(self, key: int) -> None:
        for wake in self._by.get(key, ()):
            wake.set()

    def wake_all(self) -> None:
        for viewers in self._by.values():
            for wake in viewers:
                wake.set()

    def __contains__(self, key: int) -> bool:
        return key in self._by

    def __len__(self) -> int:
        """How many viewers are connected now."""
        return sum(len(v) for v in self._by.values())


class Tables:
    """The open sessions, their viewers, and what each shows in each language."""

    def __init__(self, sessions: Sessions, write: Writer) -> None:
        self.sessions = sessions
        self.write = write
        self.stopping = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._open: OrderedDict[int, Live] = OrderedDict()
        self._before: dict[int, Position] = {}
        self._shown: dict[tuple[int, str], Shown] = {}  # the last written, in each language
        self._stale: set[int] = set()
        self._last_heard: dict[int, int | None] = {}  #: each session's revision the watcher heard last
        self._viewers = Viewers()
        self._locks: dict[int, asyncio.Lock] = {}
        self._watching: Watching | None = None
        self._also: list[tuple[Callable[[dict[int, int | None]], None], Callable[[], None]]] = []

    def listen(self, changed: Callable[[dict[int, int | None]], None], stopping: Callable[[], None]) -> None:
        """Hear every change this server hears (on its loop), and when it stops: what shows more
        than one session (a club night's page) keeps its own viewers current with it."""
        self._also.append((changed, stopping))

    # --- the server's life ------------------------------------------------------------------------
    def start(self) -> None:
        """Start watching the database (from the server's event loop)."""
        self._loop = asyncio.get_running_loop()
        self._watching = watch(self.sessions.store, self._heard)

    def stop(self) -> None:
        """End every viewer's stream and stop watching. Safe from any thread and from a signal
        handler: the streams are woken on the server's loop, so the server can stop at once."""
        self.stopping = True
        if self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._wake_all)

    async def close(self) -> None:
        """Stop watching, once the server has stopped (from its event loop)."""
        self.stopping = True
        self._wake_all()
        if self._watching is not None:
            await run_in_threadpool(self._watching.stop)

    # --- changes ---------------------------------------------------------------------------------
    def _heard(self, changed: dict[int, int | None]) -> None:
        """From the watcher's thread: hand the news to the server's loop."""
        if self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._changed, changed)

    def _changed(self, changed: dict[int, int | None]) -> None:
        for hear, _ in self._also:
            hear(changed)
        self._last_heard.update(changed)
        for sid in changed:
            if sid in self._open:
                self._stale.add(sid)
            self._viewers.wake(sid)

    def _wake_all(self) -> None:
        for _, stopping in self._also:
            stopping()
        self._viewers.wake_all()

    def viewing(self, sid: int) -> AbstractContextManager[asyncio.Event]:
        """A viewer of session ``sid`` for as long as the block runs: the event is set whenever
        the session may have changed, or the server stops."""
        return self._viewers.viewing(sid)

    def stream(self, request: Request, sid: int, part: Part, headers: Mapping[str, str]) -> Response:
        """A viewer's event stream of session ``sid``: ``part(check)`` gives what the viewer's page
        shows as it stands (its revision, HTML and log; None: the viewer may see it no more;
        ``check``: read the session's revision in the store first, as on connecting), sent whenever
        its revision is not the one the viewer has: ``Last-Event-ID`` when the browser reconnects,
        ``?since=`` when the page first connects. The log's new lines go first (``log``, no id), then
        the part (``table``, the revision its id): the page has a revision's log once it has its id."""
        known = request.headers.get("last-event-id") or request.query_params.get("since")

        async def events() -> AsyncIterator[ServerSentEvent]:
            nonlocal known
            had: SaidLog | None = None  # the log the viewer's page has, once this stream knows it
            with self.viewing(sid) as wake:
                check = True
                while not self.stopping:
                    try:
                        now = await part(check)
                    except SHOWN_ERRORS:
                        return
                    if now is None:
                        return
                    revision, html, log = now
                    if str(revision) != known:
                        said = log.since(had)
                        if said is not None:
                            yield ServerSentEvent(data=said, event="log")
                        known = str(revision)
                        yield ServerSentEvent(data=html, event="table", id=known)
                    elif check:  # the page is as it stands: a comment says the stream follows it now
                        yield ServerSentEvent(comment="following")
                    check = False
                    had = log  # sent, or the page's own at the revision it has
                    await wake.wait()
                    wake.clear()

        return EventSourceResponse(events(), headers=headers, ping=PING, send_timeout=SEND_TIMEOUT)

    @property
    def viewers(self) -> int:
        """How many viewers are connected now."""
        return len(self._viewers)

    # --- what a session shows --------------------------------------------------------------------
    async def shown(self, sid: int, lang: str, check: bool = False) -> Shown:
        """Session ``sid``'s page part in ``lang`` as the store has it now: brought up to date when
        a change was heard (or, with ``check``, when its revision in the store says so: one row).
        Raises what ``Sessions.snapshot`` raises for a session that cannot be shown."""
        async with self._lock(sid):
            live = await self._current(sid, check)
            key = (sid, lang)
            shown = self._shown.get(key)
            if shown is None or shown.revision != live.info.revision:
                shown = self._shown[key] = await run_in_threadpool(self._write, sid, live, lang, shown)
            return shown

    async def live(self, sid: int, check: bool = True) -> Live:
        """Session ``sid`` as the store has it now (one row read when nothing changed)."""
        async with self._lock(sid):
            return await self._current(sid, check)

    def changed_here(self, sid: int, live: Live) -> None:
        """This server changed session ``sid`` (a phone's tap): ``live`` is how it stands now, and
        its viewers are woken at once, before the watcher hears of it. ``live`` is current, so
        nothing is read again for it (the watcher's news of the same revision is one row later)."""
        self._keep(sid, live)
        heard = self._last_heard.get(sid)
        if heard is not None and heard <= live.info.revision:  # nothing newer was heard meanwhile
            self._stale.discard(sid)
        self._viewers.wake(sid)
        for hear, _ in self._also:
            hear({sid: live.info.revision})

    def kept(self, sid: int) -> Live | None:
        """Session ``sid`` as this server holds it open now, if it does."""
        return self._open.get(sid)

    def offer(self, sid: int, live: Live) -> None:
        """The app that runs this server (F8) has session ``sid`` open on its table screen, as
        ``live``: the pages take that position instead of stepping the same entries again. Safe
        from the app's thread; a position older than the one kept is not taken."""
        if self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._offered, sid, live)

    def _offered(self, sid: int, live: Live) -> None:
        kept = self._open.get(sid)
        if kept is not None and kept.info.revision >= live.info.revision:
            return
        self.changed_here(sid, live)

    def _lock(self, sid: int) -> asyncio.Lock:
        return self._locks.setdefault(sid, asyncio.Lock())

    async def _current(self, sid: int, check: bool) -> Live:
        live = self._open.get(sid)
        if live is None or check or sid in self._stale:
            self._stale.discard(sid)
            try:
                followed = await run_in_threadpool(self._follow, sid, live)
            except SHOWN_ERRORS:  # not brought up to date (the database out of reach): each viewer
                self._stale.add(sid)  # asking next reads it again, and is told so too
                raise
            self._keep(sid, followed)
            live = self._open[sid]  # the newer, where a tap here changed it meanwhile
        return live

    def _follow(self, sid: int, live: Live | None) -> Live:
        """The session opened (its trail holding the position before the last entry too, for what
        that entry did), or followed from where it was."""
        if live is not None:
            return self.sessions.follow(live)
        info, position = self.sessions.snapshot(sid)
        if not position.entries or info.problem is not None:
            return Live(info, (position,))
        return Live(info, (get(info.game).undo(position), position))

    def _write(self, sid: int, live: Live, lang: str, last: Shown | None) -> Shown:
        before = None
        if len(live.trail) > 1 and live.trail[-2].entries == live.position.entries[:-1]:
            before = live.trail[-2]
        elif live.position.entries and live.info.problem is None:
            before = self._before.get(sid)
            if before is None or before.entries != live.position.entries[:-1]:
                before = self._before[sid] = get(live.info.game).undo(live.position)
        return self.write(live, before, lang, last)

    def _keep(self, sid: int, live: Live) -> None:
        """Keep ``live`` open, and only the most recently shown sessions nobody is watching. A
        session read from the store before a tap here changed it is older than the one that tap
        kept (its revision, which every change counts up, is lower): it never replaces it, or every
        viewer woken for the tap would be served the old part again until the next change."""
        kept = self._open.get(sid)
        if kept is not None and kept.info.revision > live.info.revision:
            live = kept
        self._open[sid] = live
        self._open.move_to_end(sid)
        for old in [s for s in self._open if s not in self._viewers][: max(0, len(self._open) - KEPT)]:
            del self._open[old]
            self._before.pop(old, None)
            self._shown = {key: v for key, v in self._shown.items() if key[0] != old}
