"""The HTTP server: the index and each session's page, over the same services as the app, each
page kept current by its event stream.

Nothing here changes a game: every route is a GET. A wrong or missing token is a plain 404 that
says nothing of what exists. The socket is bound here, before uvicorn starts, so that a port in use
or an address that is not this machine's is told in one sentence (``ServeRefused``), and so that
``--port 0`` serves on a free port whose number the printed link carries.
"""

from __future__ import annotations

import errno
import ipaddress
import signal
import socket
import sys
import threading
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, TextIO

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from companion.club import player_page, ratings
from companion.club.events import Event, Events
from companion.club.results import people
from companion.club.season import Season, SeasonRefused, season, this_year
from companion.exports.bgstats import bgstats_url
from companion.exports.event_results import EVENT_FORMATS, event_file
from companion.exports.files import export_name
from companion.exports.formats import export, format_of
from companion.store.errors import StoreUnavailable
from companion.store.sessions import Live, Sessions
from companion.table.view import TableFacts, said_view, table_facts
from companion.web import club
from companion.web.addresses import LOOPBACK, addresses_to_offer, listed_addresses
from companion.web.board import board_html
from companion.web.chart import running_totals
from companion.web.event import event_part
from companion.web.event_live import EventShows
from companion.web.links import SessionLinks
from companion.web.live import SHOWN_ERRORS, Shown, Tables, Writer
from companion.web.log import SaidLog, said_log
from companion.web.page import (
    DOWNLOADS,
    exports_html,
    index_page,
    live_part,
    scores_part,
    session_page,
    unavailable_page,
)
from companion.web.recording import door_routes, recording_routes
from companion.web.templating import MEDIA_TYPES, static
from companion.words import N_, languages, t
from companion.words.formats import join as listed
from scoring.errors import RuleViolation
from scoring.game import Position
from scoring.registry import get, ids
from scoring.standings import Scored
from scoring.words import say_all

# Only Companion's own files and its own event stream, never a frame, a form or a script from
# elsewhere; the address (and the token in it) is sent as a referrer to this server alone, so that
# a phone's form says it comes from here (``Origin``) and no other site ever sees a link.
HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; style-src 'self'; img-src 'self'; script-src 'self'; connect-src 'self'; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
}
STOPS_WITHIN = 3  #: seconds a viewer that does not let go may hold the server's end

#: the server's sentences on the command line, each a message of the catalogue (said with ``said``)
_SAID = {
    "in_use": N_("Port {port} on {host} is already in use by another program: choose another with --port."),
    "not_here": N_(
        "{host} is not an address of this machine: leave out --host to serve on 127.0.0.1, or give one of its own."
    ),
    "not_allowed": N_("Port {port} may not be opened by this user: choose one from 1024 up with --port."),
    "stopped": N_("Stopped serving."),
    "loopback": N_(
        "Only this laptop can open it: for the phones at the table, serve with --host {there} (its local network)."
    ),
    "serving": N_("Serving the sessions of {db} at the link above (it lists them all); ctrl+c stops."),
}


def said(key: str, lang: str = "en", **values: object) -> str:
    """One of the server's sentences in ``lang``."""
    return t(_SAID[key], lang, **values)


class ServeRefused(Exception):
    """Why the server cannot start, in one sentence."""


LANG_COOKIE = "lang"  # the language a phone chose with a page's switch, kept for its next pages


def viewer_lang(request: Request) -> str:
    """The viewer's language: ``?lang=`` when the page's switch was used, else the one this phone
    chose before (remembered by ``RememberLanguage``), else the first of Companion's languages
    (``companion.words.languages``: each with a catalogue) the browser asks for (Accept-Language,
    by its weights), else English."""
    spoken = languages()
    for asked in (request.query_params.get("lang"), request.cookies.get(LANG_COOKIE)):
        if asked in spoken:
            return asked
    ranked = []
    for n, part in enumerate(request.headers.get("accept-language", "").split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        ranked.append((-weight, n, tag.strip().lower().split("-")[0]))
    return next((tag for _, _, tag in sorted(ranked) if tag in spoken), "en")


class RememberLanguage:
    """ASGI middleware: a page opened with ``?lang=`` (a language Companion speaks) tells the
    browser to keep it (a cookie of this site only, for a year), so a link without it — a session
    on the index, the recorder's seat — opens in the language the phone chose, not the browser's.
    Only a page remembers it: its event stream and downloads carry the page's ``?lang=`` along."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        asked = Request(scope).query_params.get("lang") if scope["type"] == "http" else None
        if asked not in languages():
            await self.app(scope, receive, send)
            return
        cookie = f"{LANG_COOKIE}={asked}; Path=/; Max-Age=31536000; SameSite=Lax".encode()

        async def remembering(message: dict) -> None:
            headers = message.get("headers", [])
            page = any(k.lower() == b"content-type" and v.startswith(b"text/html") for k, v in headers)
            if message["type"] == "http.response.start" and page:  # a page, not its stream or a download
                message = {**message, "headers": [*headers, (b"set-cookie", cookie)]}
            await send(message)

        await self.app(scope, receive, remembering)


def _other(request: Request) -> Callable[[str], str]:
    """The same page's address in another language (the index keeps its key)."""
    key = request.query_params.get("key")
    return lambda other: f"?key={key}&lang={other}" if key else f"?lang={other}"


def _not_found(request: Request) -> Response:
    return PlainTextResponse(t("Not found.", viewer_lang(request)), status_code=404, headers=HEADERS)


@dataclass(frozen=True)
class _Scores:
    """The scores a page part showed (``scores_part``), and the position's scores they came from:
    written again only when those change."""

    scored: Scored
    players: tuple[str, ...]
    html: str


FACTS_KEPT = 16  #: positions whose facts a page writer keeps, for their pages in another language


def attachment(text: str, fmt: str, name: str) -> Response:
    """A download: ``text`` in the export format ``fmt`` (``companion.exports.formats``), saved as
    ``name``."""
    headers = {**HEADERS, "Content-Disposition": f'attachment; filename="{name}"'}
    return Response(text, media_type=f"{format_of(fmt).media_type}; charset=utf-8", headers=headers)


def page_writer(sessions: Sessions, links: SessionLinks) -> Writer:
    """What writes a session's page part: the view of its position (with the one before it, for
    what the last entry did; its facts worked out once for every language, ``table_facts``), the
    chart and each round's parts (said again only when the scores changed), the links to send and
    download it, and the log as the table may see it (``Game.public``; only the entries not yet
    said are said, ``said_log``)."""
    kept: dict[int, tuple[Position, Position | None, TableFacts]] = {}  # by session
    keeping = threading.Lock()  # a writer runs in the server's worker threads

    def facts_of(live: Live, before: Position | None) -> TableFacts:
        with keeping:
            found = kept.get(live.sid)
        position, problem = live.position, live.info.problem
        if found is not None and found[0] is position and found[1] is before and found[2].problem is problem:
            return found[2]  # the same position, shown in another language
        facts = table_facts(position, before, problem)
        with keeping:
            kept.pop(live.sid, None)
            kept[live.sid] = (live.position, before, facts)
            while len(kept) > FACTS_KEPT:
                del kept[next(iter(kept))]
        return facts

    def write(live: Live, before: Position | None, lang: str, last: Shown | None) -> Shown:
        info, position = live.info, live.position
        game = get(info.game)
        facts = facts_of(live, before)
        view = said_view(facts, lang, phone=True)
        log = said_log(game, position, lang, last.log if last is not None else None)
        scores = last.kept if last is not None else None
        scored = position.scored
        if not (
            isinstance(scores, _Scores)
            and scores.players == view.players
            and (scores.scored is scored or scores.scored == scored)
        ):
            chart = running_totals(view.standings, lang, view.players)
            html = scores_part(view.standings, say_all(scored.details, lang), lang, chart)
            scores = _Scores(scored, view.players, html)
        base = f"/t/{links.session_token(info.uid)}"
        bgstats = None
        if view.finished and info.problem is None:
            try:
                bgstats = bgstats_url(sessions, info.id)
            except RuleViolation:  # the stored session cannot be sent as it is: the downloads still can
                bgstats = None
        part = live_part(
            view,
            lang,
            scores=scores.html,
            finish=exports_html(base, bgstats, lang),
            location=info.location,
            notes=info.notes,
            board=board_html(facts.board, lang),
        )
        title = t("{game} — {players}", lang, game=view.short, players=listed(view.players, lang))
        return Shown(info.revision, title, part, view.finished, log, scores)

    return write


def season_asked(request: Request) -> Season | None:
    """The season a club page was asked for (``?season=2026``, a range), or None: every game."""
    asked = request.query_params.get("season", "").strip()
    return season(asked) if asked else None


def rated_apart() -> bool:
    """Whether the club rates a game's variants apart (the saved setting ``rate_variants``)."""
    from companion.store.settings import AppSettings

    return AppSettings.load().rates_apart


#: the names this machine answers to from itself
LOOPBACK_NAMES = ("127.0.0.1", "[::1]", "localhost")


def as_host(address: str) -> str:
    """An address as a Host header names it (an IPv6 one in brackets, without its zone)."""
    address = address.split("%")[0]
    return f"[{address}]" if ":" in address else address


def trusted_hosts(sock: socket.socket, names: Sequence[str] = ()) -> list[str]:
    """The names a request may say it is for (its ``Host``): the address served on (every address
    of this machine and its own name, served on all of them), this machine's own names when it
    serves on loopback, and the ``names`` a club gave it (``--name``). A page asked for by any
    other name (a site elsewhere whose name was pointed at this machine: DNS rebinding) is refused."""
    host = sock.getsockname()[0].split("%")[0]
    address = ipaddress.ip_address(host)
    if address.is_unspecified:
        found = [*LOOPBACK_NAMES, socket.gethostname(), *addresses_to_offer(), *listed_addresses()]
    elif address.is_loopback:
        found = [host, *LOOPBACK_NAMES]
    else:
        found = [host]
    return list(dict.fromkeys(as_host(h).lower() for h in [*found, *names]))


def build_app(sessions: Sessions, links: SessionLinks, hosts: Sequence[str] = LOOPBACK_NAMES) -> Starlette:
    """The pages of one database's sessions, for requests to ``hosts`` alone (``trusted_hosts``).
    The app's lifespan watches the database: serve it with uvicorn's ``lifespan="on"``
    (``Serving``). ``app.state.tables`` holds the open sessions."""
    tables = Tables(sessions, page_writer(sessions, links))
    nights = Events(sessions)

    def table_href(uid: str) -> str:
        return f"/t/{links.session_token(uid)}"

    def write_event(event: Event, lang: str, kind: str) -> str:
        """An event's page part: the phones' (``page``), the director's (``director``: each table's
        recorder page linked too) or the wall's (``wall``)."""
        join = links.join_link if kind == "director" else None
        return event_part(event, lang, table_href, join, wall=kind == "wall", base=f"/e/{links.event_token(event.uid)}")

    shows = EventShows(nights, tables, write_event)

    @asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        tables.start()
        try:
            yield
        finally:
            await tables.close()

    async def index(request: Request) -> Response:
        if not links.is_index(request.query_params.get("key", "")):
            return _not_found(request)
        lang = viewer_lang(request)
        infos = await run_in_threadpool(sessions.list)
        listed = [(info, f"/t/{links.session_token(info.uid)}") for info in infos]
        rated = sorted({info.game for info in infos if info.finished}, key=ids().index)
        named = await run_in_threadpool(lambda: sorted(set(people(sessions.store)[0].values())))
        key = request.query_params["key"]
        section = club.club_index(rated, named, key, lang)
        evenings = await run_in_threadpool(nights.listed)
        held = [(f"/e/{links.event_token(uid)}?key={key}", name, day) for _, uid, name, day in evenings]
        return index_page(request, listed, lang, _other(request), section, HEADERS, held)

    async def league(request: Request) -> Response:
        key = request.query_params.get("key", "")
        game = request.path_params["game"]
        if not links.is_index(key) or game not in ids():
            return _not_found(request)
        lang = viewer_lang(request)
        try:
            season = season_asked(request)
            found = await run_in_threadpool(ratings.league, sessions, game, season, rated_apart(), lang)
        except SeasonRefused as err:
            return PlainTextResponse(err.message(lang), status_code=400, headers=HEADERS)
        part = club.league_part(found, season, key, lang, this_year().start.year)
        title = club.league_title(game, lang)
        return session_page(request, title, part, lang, _other(request), HEADERS)

    async def player(request: Request) -> Response:
        key = request.query_params.get("key", "")
        if not links.is_index(key):
            return _not_found(request)
        lang = viewer_lang(request)
        name = request.query_params.get("name", "")
        try:
            season = season_asked(request)
            found = await run_in_threadpool(player_page.page, sessions, name, season, rated_apart(), lang)
        except SeasonRefused as err:
            return PlainTextResponse(err.message(lang), status_code=400, headers=HEADERS)
        except player_page.UnknownPlayer:
            return _not_found(request)
        part = club.player_part(found, key, lang, this_year().start.year)
        return session_page(request, found.player, part, lang, _other(request), HEADERS)

    async def _night(request: Request) -> int | None:
        return await run_in_threadpool(links.find_event, request.path_params["token"])

    async def event_page(request: Request) -> Response:
        """A club night's page (``/e/TOKEN``) or its wall (``/e/TOKEN/wall``); opened with the
        club's key, the director's page, which links each table's recorder page too."""
        eid = await _night(request)
        if eid is None:
            return _not_found(request)
        lang = viewer_lang(request)
        kind = event_kind(request)
        key = request.query_params.get("key", "")
        base = f"/e/{request.path_params['token']}" + ("/wall" if kind == "wall" else "")
        event = await shows.current(eid, check=True)  # read once: the part below is written from it
        now, part, _ = await shows.shown(eid, lang, kind)
        stream = f"{base}/events?lang={lang}" + (f"&key={key}" if kind == "director" else "")
        return session_page(request, event.name, part, lang, _other(request), HEADERS, stream, now)

    def event_kind(request: Request) -> str:
        """Which page of an event was asked for: its wall, the director's (the club's key), the phones'."""
        if "/wall" in request.url.path:
            return "wall"
        return "director" if links.is_index(request.query_params.get("key", "")) else "page"

    async def event_download(request: Request) -> Response:
        """The event's standings as CSV or Markdown (``companion.exports.event_results``)."""
        eid = await _night(request)
        fmt = request.path_params["fmt"]
        if eid is None or fmt not in EVENT_FORMATS:
            return _not_found(request)
        lang = viewer_lang(request)
        event = await shows.current(eid, check=True)
        text = event_file(event, fmt, lang)
        return attachment(text, fmt, f"event-{event.id}-standings.{fmt}")

    async def event_stream(request: Request) -> Response:
        eid = await _night(request)
        if eid is None:
            return _not_found(request)
        return shows.stream(request, eid, viewer_lang(request), event_kind(request), HEADERS)

    async def _session(request: Request) -> int | None:
        return await run_in_threadpool(links.find, request.path_params["token"])

    async def table(request: Request) -> Response:
        sid = await _session(request)
        if sid is None:
            return _not_found(request)
        lang = viewer_lang(request)
        try:
            shown = await tables.shown(sid, lang, check=True)
        except StoreUnavailable:
            raise
        except SHOWN_ERRORS:  # its game or players are damaged in the database: nothing to show
            return _not_found(request)
        events = f"/t/{request.path_params['token']}/events?lang={lang}"
        other = _other(request)
        return session_page(
            request, shown.title, shown.html, lang, other, HEADERS, events, shown.revision, shown.log.section()
        )

    async def events(request: Request) -> Response:
        sid = await _session(request)
        if sid is None:
            return _not_found(request)
        lang = viewer_lang(request)
        await tables.live(sid)  # a 503 now (not an empty stream) while the database cannot be reached

        async def part(check: bool) -> tuple[int, str, SaidLog]:
            shown = await tables.shown(sid, lang, check=check)
            return shown.revision, shown.html, shown.log

        return tables.stream(request, sid, part, HEADERS)

    async def download(request: Request) -> Response:
        sid = await _session(request)
        fmt = request.path_params["fmt"]
        if sid is None or fmt not in DOWNLOADS:
            return _not_found(request)
        lang = viewer_lang(request)
        try:
            text = await run_in_threadpool(export, sessions, sid, fmt, lang)
            name = await run_in_threadpool(export_name, sessions, sid, fmt)
        except StoreUnavailable:
            raise
        except SHOWN_ERRORS as err:
            message = err.message(lang)  # a rule broken or the database: said in the viewer's language
            return PlainTextResponse(message, status_code=409, headers=HEADERS)
        return attachment(text, fmt, name)

    def unavailable(request: Request, _err: Exception) -> Response:
        """Any page, stream or tap while the database cannot be reached (``StoreUnavailable``)."""
        return unavailable_page(request, viewer_lang(request), HEADERS)

    def static_file(request: Request) -> Response:
        found = static(request.url.path.removeprefix("/"))
        return Response(found.body, media_type=found.media_type, headers=HEADERS)

    app = Starlette(
        routes=[
            Route("/", index),
            Route("/t/{token}", table),
            Route("/league/{game}", league),
            Route("/player", player),
            Route("/t/{token}/events", events),
            Route("/e/{token}", event_page),
            Route("/e/{token}/wall", event_page),
            Route("/e/{token}/events", event_stream),
            Route("/e/{token}/wall/events", event_stream),
            Route("/e/{token}/export/{fmt}", event_download),
            Route("/t/{token}/export/{fmt}", download),
            *(Route(f"/{name}", static_file) for name in MEDIA_TYPES),  # /style.css and /live.js
            Route("/favicon.ico", lambda request: Response(status_code=204, headers=HEADERS)),
            *recording_routes(sessions, links, tables, HEADERS, viewer_lang),
            *door_routes(sessions, tables, HEADERS),
        ],
        lifespan=lifespan,
        middleware=[Middleware(TrustedHostMiddleware, allowed_hosts=list(hosts)), Middleware(RememberLanguage)],
        exception_handlers={StoreUnavailable: unavailable},
    )
    app.state.tables = tables
    app.state.door = None  # this machine's door, while a server runs (``Serving.run``)
    return app


def bind(host: str, port: int, lang: str = "en") -> socket.socket:
    """A listening socket on ``host``:``port``, or ``ServeRefused`` with why not."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError):
        raise ServeRefused(said("not_here", lang, host=host)) from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as err:
        sock.close()
        if err.errno == errno.EADDRINUSE:
            raise ServeRefused(said("in_use", lang, host=host, port=port)) from None
        if err.errno == errno.EACCES:
            raise ServeRefused(said("not_allowed", lang, port=port)) from None
        raise ServeRefused(said("not_here", lang, host=host)) from None
    sock.set_inheritable(True)
    return sock


def url(sock: socket.socket, links: SessionLinks, name: str | None = None) -> str:
    """The index's link on the bound socket (an IPv6 address in brackets); on every address of the
    machine (``--host 0.0.0.0``), the link by its local-network one, which a phone can open; by
    ``name`` when the club gave the server one."""
    host, port = sock.getsockname()[:2]
    if ipaddress.ip_address(host.split("%")[0]).is_unspecified:
        host = addresses_to_offer()[0]
    return f"http://{name or as_host(host)}:{port}/?key={links.index_token()}"


class Serving:
    """One server on a bound socket: ``run`` serves until ``stop`` (from any thread, or ctrl+c)."""

    def __init__(
        self, sessions: Sessions, sock: socket.socket, links: SessionLinks | None = None, names: Sequence[str] = ()
    ) -> None:
        import uvicorn  # here: only a server loads it

        self.sock = sock
        self.sessions = sessions
        self.names = tuple(names)
        self.links = links or SessionLinks(sessions)
        self.app = build_app(sessions, self.links, trusted_hosts(sock, names))
        tables: Tables = self.app.state.tables

        class Server(uvicorn.Server):
            def handle_exit(self, sig: int, frame: Any) -> None:  # ctrl+c while it serves
                tables.stop()
                super().handle_exit(sig, frame)

        # a stream still open when the server stops is ended by ``Tables.stop``; the grace period
        # only bounds a viewer that does not let go
        # no logging set up: a warning still reaches stderr, and in the app's thread nothing writes
        # over the terminal's screen
        config = uvicorn.Config(
            self.app, log_level="warning", log_config=None, lifespan="on", timeout_graceful_shutdown=STOPS_WITHIN
        )
        self.server = Server(config)

    @property
    def url(self) -> str:
        """The index's link (by the club's first name for it, when it gave one)."""
        return url(self.sock, self.links, self.names[0] if self.names else None)

    def open_door(self) -> None:
        """Open this machine's door to the server (``companion.web.door``), if it is not open."""
        from companion.web.door import Door

        if self.app.state.door is None:
            host, port = self.sock.getsockname()[:2]
            self.app.state.door = Door(self.sessions.store.url, host, port)

    def run(self) -> None:
        """Serve, with this machine's door open while it does: a command knocking there before
        the server answers waits for it."""
        self.open_door()
        try:
            self.server.run(sockets=[self.sock])
        finally:
            self.app.state.door.close()

    def stop(self) -> None:
        """End every viewer's stream, then the server (from any thread)."""
        self.app.state.tables.stop()
        self.server.should_exit = True


def serve(
    sessions: Sessions, host: str, port: int, lang: str = "en", out: TextIO = sys.stdout, names: Sequence[str] = ()
) -> int:
    """Serve until ctrl+c: print the index's link on a line of its own, then answer (to the
    machine's addresses, and to ``names``: the club's own names for it)."""
    sock = bind(host, port, lang)
    serving = Serving(sessions, sock, names=names)
    # ctrl+c from the moment the link is printed: before uvicorn has started (it then stops as soon
    # as it has), while it serves (it takes the signal itself, then hands it back here) or after
    asked = {signal.SIGINT: signal.getsignal(signal.SIGINT), signal.SIGTERM: signal.getsignal(signal.SIGTERM)}
    for number in asked:
        signal.signal(number, lambda *_: serving.stop())
    try:
        serving.open_door()  # before the link is printed: a command typed after it finds the door
        print(serving.url, file=out, flush=True)
        print(said("serving", lang, db=sessions.store.where), file=out, flush=True)
        if ipaddress.ip_address(sock.getsockname()[0].split("%")[0]).is_loopback:
            there = addresses_to_offer()[0]
            if there != LOOPBACK:
                print(said("loopback", lang, there=there), file=out, flush=True)
        serving.run()
    finally:
        serving.app.state.door.close()  # run closed it; a server that never ran closes it here
        sock.close()
        for number, handler in asked.items():
            signal.signal(number, handler)
    print(said("stopped", lang), file=out, flush=True)
    return 0
