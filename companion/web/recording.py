"""The routes a phone records through: the join page (pick a seat), a seat's recorder page with
its choices as buttons, its event stream, and the two writes, record and take back.

Every write is a POST carrying the seat's recorder token (never a read link's) from a page of this
server (the browser's ``Origin``/``Sec-Fetch-Site`` say so; a request from another site is
refused), small (``MAX_BODY``), and made through the same store path as the laptop's Enter:
checked by the same engine, committed, then announced. Each tap carries the revision it was
chosen at: a table that moved on meanwhile (another phone, the laptop, an undo) refuses it and the
new choices appear; and a random id, so a double tap or a retried request records once.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections import OrderedDict
from collections.abc import Callable
from functools import partial
from typing import Any
from urllib.parse import parse_qsl, urlencode

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from companion.store.errors import MovedOn, StoreError, StoreUnavailable
from companion.store.sessions import Live, Sessions
from companion.table.view import table_view
from companion.web.door import HEADER, PATH, refusal_said, session_said, standings_said
from companion.web.links import Recorder, SessionLinks
from companion.web.live import SHOWN_ERRORS, Tables
from companion.web.log import SaidLog
from companion.web.page import session_page
from companion.web.recorder import Said, choices, recorder_part, rule_part, seats_part
from companion.words import languages, t
from companion.words.formats import join as listed
from scoring import contract
from scoring.errors import RuleViolation
from scoring.registry import get
from scoring.rulesbook import sections
from scoring.rulesbook import title as rule_title
from scoring.words import say

MAX_BODY = 4096  #: bytes a tap may carry (a typed line is at most 500 characters)
KEPT_TAPS = 2048  #: taps remembered, so a retried request finds what became of it


TAP_FIELDS = {"tap", "revision", "line"}  #: what a recorder page's forms send, each once


def tap_fields(body: bytes) -> dict[str, str]:
    """A tap's fields as its form sent them, or {} for any body that is not one tap: text that is
    not UTF-8 (sent or percent-encoded), a field it does not have, or one sent twice.

    >>> tap_fields(b"line=Ks&revision=2&tap=x")
    {'line': 'Ks', 'revision': '2', 'tap': 'x'}
    >>> tap_fields(b"tap=x&tap=y&revision=2"), tap_fields(b"tap=x&revision=2&line=%FF"), tap_fields(b"a=1&tap=x")
    ({}, {}, {})
    """
    try:
        pairs = parse_qsl(body.decode("utf-8"), keep_blank_values=True, max_num_fields=len(TAP_FIELDS), errors="strict")
    except ValueError:  # more fields than a tap has, or bytes that are not UTF-8 (UnicodeDecodeError)
        return {}
    fields = dict(pairs)
    return fields if len(fields) == len(pairs) and fields.keys() <= TAP_FIELDS else {}


def _recorder_headers(headers: dict[str, str]) -> dict[str, str]:
    """The pages' headers, with forms allowed to post to this server alone."""
    policy = headers["Content-Security-Policy"].replace("form-action 'none'", "form-action 'self'")
    return {**headers, "Content-Security-Policy": policy}


class Taps:
    """What became of each tap (by the recorder link it was made on and its id: another phone's
    page never shows it, even given the id), and each phone's last entry while it may take it back."""

    def __init__(self) -> None:
        self.said: OrderedDict[tuple[str, str], Said] = OrderedDict()
        self.last: dict[tuple[int, int | None], tuple[int, str]] = {}  # (sid, seat) → (revision after, line)
        self.locks: dict[int, asyncio.Lock] = {}

    def remember(self, tap: tuple[str, str], said: Said) -> None:
        self.said[tap] = said
        while len(self.said) > KEPT_TAPS:
            self.said.popitem(last=False)


def recording_routes(
    sessions: Sessions, links: SessionLinks, tables: Tables, headers: dict[str, str], lang_of: Callable[[Request], str]
) -> list[Route]:
    """The recorder's routes, over the server's open sessions (``tables``); ``lang_of`` reads a
    viewer's language as every page does."""
    taps = Taps()
    page_headers = _recorder_headers(headers)

    def not_found(request: Request) -> Response:
        return PlainTextResponse(t("Not found.", lang_of(request)), status_code=404, headers=headers)

    async def recorder_of(request: Request) -> Recorder | None:
        return await run_in_threadpool(links.find_recorder, request.path_params["token"])

    def other_of(request: Request) -> Callable[[str], str]:
        """The page's address in another language (keeping the line begun)."""
        line = request.query_params.get("line")
        return lambda other: "?" + urlencode({**({"line": line} if line else {}), "lang": other})

    # --- the part a seat's phone shows ------------------------------------------------------------
    def part(rec: Recorder, live: Live, lang: str, line: str, said: Said | None, base: str, table: str) -> str:
        info, position = live.info, live.position
        game = get(info.game)
        who_name = info.players[rec.seat] if rec.seat is not None else t("the whole table", lang)
        to_play = game.to_play(position)
        mine = rec.seat is None or to_play is None or to_play == info.players[rec.seat]
        view = table_view(position, None, lang, info.problem, phone=True)
        here = None
        if mine and not position.finished and info.problem is None:
            here = choices(position, line, lang)
        turn = None if mine else to_play
        prompt = t("The game is over: nothing more to record.", lang) if position.finished else view.prompt
        last = taps.last.get((rec.sid, rec.seat))
        undo = last[1] if last is not None and last[0] == info.revision else None
        return recorder_part(
            base=base,
            here=here,
            revision=info.revision,
            tap=secrets.token_urlsafe(12),
            who=who_name,
            seat_link=links.join_link(info.uid),
            prompt=prompt,
            turn=turn,
            yours=rec.seat is not None and to_play == info.players[rec.seat],
            said=said,
            rules_base=f"{base}/rule",
            undo=undo,
            table=table,
            lang=lang,
        )

    async def rendered(
        rec: Recorder, request: Request, lang: str, line: str, said: Said | None
    ) -> tuple[Live, str, SaidLog]:
        """The seat's part as it stands, and the session's log, which the page shows after it."""
        token = request.path_params["token"]
        live = await tables.live(rec.sid)
        shown = await tables.shown(rec.sid, lang)
        html = await run_in_threadpool(part, rec, live, lang, line, said, f"/r/{token}", shown.html)
        return live, html, shown.log

    # --- the routes -------------------------------------------------------------------------------
    async def join(request: Request) -> Response:
        found = await run_in_threadpool(links.find_join, request.path_params["token"])
        if found is None:
            return not_found(request)
        sid, uid = found
        lang = lang_of(request)
        info = await run_in_threadpool(sessions.info, sid)
        seat_links = [await run_in_threadpool(links.seat_link, uid, seat) for seat in range(len(info.players))]
        everyone = await run_in_threadpool(links.seat_link, uid, None)
        part = seats_part(info.players, seat_links, everyone, lang)
        title = t("Which seat is this phone's?", lang)
        return session_page(request, title, part, lang, lambda other: f"?lang={other}", headers)

    async def recorder(request: Request) -> Response:
        rec = await recorder_of(request)
        if rec is None:
            return not_found(request)
        lang = lang_of(request)
        said = taps.said.get((request.path_params["token"], request.query_params.get("tap", "")))
        line = request.query_params.get("line", "")[:500]
        try:
            live, html, log = await rendered(rec, request, lang, line, said)
        except StoreUnavailable:
            raise
        except SHOWN_ERRORS:
            return not_found(request)
        events = f"/r/{request.path_params['token']}/events?lang={lang}"
        title = t("Record — {players}", lang, players=listed(live.info.players, lang))
        other = other_of(request)
        return session_page(request, title, html, lang, other, page_headers, events, live.info.revision, log.section())

    async def events(request: Request) -> Response:
        rec = await recorder_of(request)
        if rec is None:
            return not_found(request)
        lang = lang_of(request)
        token = request.path_params["token"]
        await tables.live(rec.sid)  # a 503 now (not an empty stream) while the database cannot be reached

        async def part(check: bool) -> tuple[int, str, SaidLog] | None:
            live, html, log = await rendered(rec, request, lang, "", None)
            # looked at after the session is read: a revoke commits its new generation with the
            # revision it counts up, so a part read at or after that revision is never sent
            if await run_in_threadpool(links.find_recorder, token) is None:
                return None  # revoked from the laptop: this phone records no more
            return live.info.revision, html, log

        return tables.stream(request, rec.sid, part, headers)

    def refused_request(request: Request) -> Response | None:
        """A write that is not a phone's tap on one of this server's pages, refused."""
        site = request.headers.get("sec-fetch-site")
        origin = request.headers.get("origin")
        here = f"{request.url.scheme}://{request.headers.get('host', '')}"
        if (site is not None and site not in ("same-origin", "none")) or (origin is not None and origin != here):
            return PlainTextResponse(
                t("Refused: not from this server's page.", lang_of(request)), status_code=403, headers=headers
            )
        length = request.headers.get("content-length")
        if length is None or not length.isdigit() or int(length) > MAX_BODY:
            return PlainTextResponse(t("Refused: too large.", lang_of(request)), status_code=413, headers=headers)
        return None

    async def tapped(request: Request) -> tuple[Recorder | None, dict[str, str], Response | None]:
        rec = await recorder_of(request)
        if rec is None:
            return None, {}, not_found(request)
        bad = refused_request(request)
        if bad is not None:
            return rec, {}, bad
        if request.headers.get("content-type", "").split(";")[0].strip() != "application/x-www-form-urlencoded":
            return (
                rec,
                {},
                PlainTextResponse(t("Refused: not a tap.", lang_of(request)), status_code=400, headers=headers),
            )
        fields = tap_fields((await request.body())[:MAX_BODY])
        if not fields.get("tap") or not fields.get("revision", "").isdigit():
            return (
                rec,
                fields,
                PlainTextResponse(t("Refused: not a tap.", lang_of(request)), status_code=400, headers=headers),
            )
        return rec, fields, None

    def back(request: Request, tap: str) -> Response:
        url = f"/r/{request.path_params['token']}?{urlencode({'tap': tap, 'lang': lang_of(request)})}"
        return RedirectResponse(url, status_code=303, headers=headers)

    def moved(live: Live, lang: str) -> Said:
        """The table moved on: what its last entry was, as the table saw it."""
        if not live.position.entries:
            return Said("moved", "")
        game = get(live.info.game)
        what = say(game.shown(contract.seen(game, live.position)[-1]), lang)
        who = game.actors(live.position)[-1]
        return Said("moved", f"{who}: {what}" if who else what)

    async def record(request: Request) -> Response:
        rec, fields, bad = await tapped(request)
        if bad is not None:
            return bad
        tap, lang = fields["tap"], lang_of(request)
        key = (request.path_params["token"], tap)  # a tap is this link's own
        lock = taps.locks.setdefault(rec.sid, asyncio.Lock())
        async with lock:  # one tap at a time per table on this server; the store orders the rest
            if key in taps.said:  # a double tap, a retried request: what became of the first
                return back(request, tap)
            live = await tables.live(rec.sid)
            said = await run_in_threadpool(_record, rec, live, fields, lang)
            if isinstance(said, tuple):
                said, live = said
                tables.changed_here(rec.sid, live)
                taps.last[(rec.sid, rec.seat)] = (live.info.revision, said.text)
            elif said.kind == "moved":
                said = moved(await tables.live(rec.sid), lang)
            taps.remember(key, said)
        return back(request, tap)

    def _record(rec: Recorder, live: Live, fields: dict[str, str], lang: str) -> Any:
        if live.info.revision != int(fields["revision"]):
            return Said("moved", "")
        game = get(live.info.game)
        to_play = game.to_play(live.position)
        if rec.seat is not None and to_play is not None and to_play != live.info.players[rec.seat]:
            return Said("refused", t("{who} records this on their phone.", lang, who=to_play))
        line = fields.get("line", "").strip()
        try:
            entry = game.parse(line, live.position)
            after = sessions.append(live, entry, strict=True)
        except MovedOn:
            return Said("moved", "")
        except RuleViolation as err:
            return Said("refused", err.message(lang), err.rule, rule_title(err.rule, lang))
        except StoreUnavailable:  # nothing recorded, nothing remembered: the same tap may be sent again
            raise
        except StoreError as err:
            return Said("refused", err.message(lang))
        # said in words, as the log says it; a card only this phone may see, as typed on it (the log
        # would say only "a card")
        hidden = contract.hidden(game, line) is not None
        return Said("recorded", game.format(entry) if hidden else say(game.shown(entry), lang)), after

    async def undo(request: Request) -> Response:
        rec, fields, bad = await tapped(request)
        if bad is not None:
            return bad
        tap, lang = fields["tap"], lang_of(request)
        key = (request.path_params["token"], tap)  # a tap is this link's own
        lock = taps.locks.setdefault(rec.sid, asyncio.Lock())
        async with lock:
            if key in taps.said:
                return back(request, tap)
            live = await tables.live(rec.sid)
            last = taps.last.get((rec.sid, rec.seat))
            if last is None or last[0] != live.info.revision or live.info.revision != int(fields["revision"]):
                said = moved(live, lang)
            else:
                try:
                    after, entry = await run_in_threadpool(sessions.undo, live, True)
                except MovedOn:
                    said = moved(await tables.live(rec.sid), lang)
                except StoreUnavailable:
                    raise
                except StoreError as err:
                    said = Said("refused", err.message(lang))
                else:
                    tables.changed_here(rec.sid, after)
                    taps.last.pop((rec.sid, rec.seat), None)
                    said = Said("undone", last[1] if entry is not None else "")
            taps.remember(key, said)
        return back(request, tap)

    async def rule(request: Request) -> Response:
        rec = await recorder_of(request)
        if rec is None:
            return not_found(request)
        lang = lang_of(request)
        info = await run_in_threadpool(sessions.info, rec.sid)
        wanted = request.path_params["rule"]
        found = next((s for s in sections(info.game, lang) if s.id == wanted), None)
        if found is None:
            return not_found(request)
        part = rule_part(found.title, found.body)
        return session_page(request, found.title, part, lang, lambda other: f"?lang={other}", headers)

    return [
        Route("/j/{token}", join),
        Route("/r/{token}", recorder),
        Route("/r/{token}/events", events),
        Route("/r/{token}/record", record, methods=["POST"]),
        Route("/r/{token}/undo", undo, methods=["POST"]),
        Route("/r/{token}/rule/{rule}", rule),
    ]


MAX_KNOCK = 1_000_000  #: bytes a knock at the door may carry (a whole scoresheet typed as JSON)


def door_routes(sessions: Sessions, tables: Tables, headers: dict[str, str]) -> list[Route]:
    """The door the command line knocks at on this machine (``companion.web.door``): ``record``
    an entry as typed, through the same store path as the laptop's Enter (checked, committed,
    then announced to the viewers at once), or ``show`` a session; answered with what the command
    prints, as data: the standings (and the session), or the refusal with its rule. Anything
    without the door's key is not found."""

    def answered(work: Callable[[], tuple[dict[str, Any], Live | None]], lang: str) -> tuple[dict[str, Any], Any]:
        try:
            return work()
        except RuleViolation as err:
            return {"refused": refusal_said(err, lang)}, None
        except StoreUnavailable:  # the server's own answer to that (503): the command tries itself
            raise
        except StoreError as err:
            return {"error": err.message(lang)}, None

    def recorded(sid: int, line: str, lang: str) -> tuple[dict[str, Any], Live | None]:
        live = sessions.open(sid)
        after = sessions.append(live, get(live.info.game).parse(line, live.position))
        return standings_said(after.position.scored, lang), after

    def shown(sid: int, lang: str) -> tuple[dict[str, Any], None]:
        info, position = sessions.snapshot(sid)
        return session_said(info, position, lang), None

    async def knocked(request: Request) -> Response:
        door = request.app.state.door
        if door is None or not door.admits(request.headers.get(HEADER, "")):
            return PlainTextResponse("", status_code=404, headers=headers)
        body = await request.body()
        try:
            asked = json.loads(body) if len(body) <= MAX_KNOCK else None
            ask, sid, lang = str(asked["ask"]), int(asked["session"]), str(asked["lang"])
            line = str(asked["entry"]) if ask == "record" else ""
        except (ValueError, KeyError, TypeError):
            return PlainTextResponse("", status_code=400, headers=headers)
        lang = lang if lang in languages() else "en"
        if ask == "record":
            work = partial(recorded, sid, line, lang)
        elif ask == "show":
            work = partial(shown, sid, lang)
        else:
            return PlainTextResponse("", status_code=400, headers=headers)
        answer, after = await run_in_threadpool(answered, work, lang)
        if after is not None:
            tables.changed_here(sid, after)
        return JSONResponse(answer, headers=headers)

    return [Route(PATH, knocked, methods=["POST"])]
