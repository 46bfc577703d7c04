"""The HTTP server: the index and each session's page, over the same services as the app.

Nothing here changes a game: every route is a GET. A wrong or missing token is a plain 404 that
says nothing of what exists. The socket is bound here, before uvicorn starts, so that a port in use
or an address that is not this machine's is told in one sentence (``ServeRefused``), and so that
``--port 0`` serves on a free port whose number the printed link carries.
"""

from __future__ import annotations

import errno
import signal
import socket
import sys
from typing import Any, TextIO

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Route

from companion.sessions import Sessions
from companion.table_view import table_view
from companion.web.links import SessionLinks
from companion.web.page import index_html, session_html
from companion.web.style import CSS
from scoring import contract
from scoring.errors import RuleViolation
from scoring.game import Position
from scoring.registry import get
from scoring.words import LANGS, say, say_all

# Only Companion's own files, never a frame, a form or a script from elsewhere; the token in the
# address is never sent on as a referrer.
HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; "
        "frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}

_REFUSED = {
    "in_use": (
        "Port {port} on {host} is already in use by another program: choose another with --port.",
        "{host}のポート{port}は他のプログラムが使っています：--portで別のポートを選んでください。",
    ),
    "not_here": (
        "{host} is not an address of this machine: leave out --host to serve on 127.0.0.1, or give one of its own.",
        "{host}はこのマシンのアドレスではありません：--hostを省くと127.0.0.1で、またはこのマシンのアドレスを指定してください。",
    ),
    "not_allowed": (
        "Port {port} may not be opened by this user: choose one from 1024 up with --port.",
        "このユーザーはポート{port}を開けません：--portで1024以上を選んでください。",
    ),
    "stopped": ("Stopped serving.", "配信を終了しました。"),
    "serving": (
        "Serving the sessions of {db} at the link above (it lists them all); ctrl+c stops.",
        "{db}のセッションを上のリンクで配信中（すべての一覧）。ctrl+cで終了。",
    ),
}


def said(key: str, lang: str = "en", **values: object) -> str:
    """One of the server's sentences in ``lang``."""
    en, ja = _REFUSED[key]
    return (ja if lang == "ja" else en).format(**values)


class ServeRefused(Exception):
    """Why the server cannot start, in one sentence."""


def viewer_lang(request: Request) -> str:
    """The viewer's language: ``?lang=`` when the page's switch was used, else the first of
    Companion's languages the browser asks for (Accept-Language, by its weights), else English."""
    asked = request.query_params.get("lang")
    if asked in LANGS:
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
    return next((tag for _, _, tag in sorted(ranked) if tag in LANGS), "en")


def _other(request: Request, lang: str) -> str:
    """The same page's address in the other language (the index keeps its key)."""
    other = "ja" if lang == "en" else "en"
    key = request.query_params.get("key")
    return f"?key={key}&lang={other}" if key else f"?lang={other}"


def _not_found() -> Response:
    return PlainTextResponse("Not found.", status_code=404, headers=HEADERS)


def session_page(sessions: Sessions, sid: int, lang: str, other: str) -> str:
    """A session's page, from one snapshot: the view of the last position (with the one before it,
    for what the last entry did) and the log as the table may see it (``Game.public``)."""
    info, position = sessions.snapshot(sid, lang)
    game = get(info.game)
    before = game.replay(position.header, position.entries[:-1]) if position.entries else None
    view = table_view(position, before, lang, info.problem)
    log = [say(game.shown(entry), lang) for entry in _seen(game, position)]
    return session_html(view, log, say_all(position.scored.details, lang), lang, other)


def _seen(game: Any, position: Position) -> list[Any]:
    """The entries as the table saw them: for a game with cards face down (LOUDER TRICKSTAR), from
    its public record, so an unseen card is not even handed to the log's words."""
    if contract.secrecy(game) is None:
        return list(position.entries)
    return game.split(contract.public(game, position))[1]


def build_app(sessions: Sessions, links: SessionLinks) -> Starlette:
    """The pages of one database's sessions."""

    def index(request: Request) -> Response:
        if not links.is_index(request.query_params.get("key", "")):
            return _not_found()
        lang = viewer_lang(request)
        listed = [(info, f"/t/{links.session_token(info.uid)}") for info in sessions.list()]
        return HTMLResponse(index_html(listed, lang, _other(request, lang)), headers=HEADERS)

    def table(request: Request) -> Response:
        sid = links.find(request.path_params["token"])
        if sid is None:
            return _not_found()
        lang = viewer_lang(request)
        try:
            html = session_page(sessions, sid, lang, _other(request, lang))
        except RuleViolation:  # its game or players are damaged in the database: nothing to show
            return _not_found()
        return HTMLResponse(html, headers=HEADERS)

    def style(request: Request) -> Response:
        return Response(CSS, media_type="text/css", headers=HEADERS)

    return Starlette(
        routes=[
            Route("/", index),
            Route("/t/{token}", table),
            Route("/style.css", style),
        ]
    )


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


def url(sock: socket.socket, links: SessionLinks) -> str:
    """The index's link on the bound socket (an IPv6 address in brackets)."""
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/?key={links.index_token()}"


def serve(sessions: Sessions, host: str, port: int, lang: str = "en", out: TextIO = sys.stdout) -> int:
    """Serve until ctrl+c: print the index's link on a line of its own, then answer."""
    import uvicorn  # here: only `companion serve` loads the server

    links = SessionLinks(sessions)
    sock = bind(host, port, lang)
    config = uvicorn.Config(build_app(sessions, links), log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    # ctrl+c from the moment the link is printed: before uvicorn has started (it then stops as soon
    # as it has), while it serves (it takes the signal itself, then hands it back here) or after
    asked = {signal.SIGINT: signal.getsignal(signal.SIGINT), signal.SIGTERM: signal.getsignal(signal.SIGTERM)}
    for number in asked:
        signal.signal(number, lambda *_: setattr(server, "should_exit", True))
    try:
        print(url(sock, links), file=out, flush=True)
        print(said("serving", lang, db=sessions.store.where), file=out, flush=True)
        server.run(sockets=[sock])
    finally:
        sock.close()
        for number, handler in asked.items():
            signal.signal(number, handler)
    print(said("stopped", lang), file=out, flush=True)
    return 0
