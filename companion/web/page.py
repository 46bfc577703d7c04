"""What a session's page and the index say, written on the server from the templates beside this
module (``templates/live_part.html``, ``session.html``, ``index.html``; the log's, ``log.html``, is
written by ``companion.web.log``): they show everything
without a script, and every text a player typed is escaped (a name ``<script>`` reads as text).
The templates say the page's words through the catalogue (``companion.words``, ``templating.speech``).

A session's page is drawn from the ``TableView`` the table screen draws, and the log from the
entries as the table may see them, so the page says nothing the laptop's screen does not. The log is
beside the part, not in it: the part is written again on every change, the log only grows
(``companion.web.log``).

>>> from scoring.registry import get
>>> from companion.table.view import table_view
>>> view = table_view(get("sheriff").new({"players": ["Aki", "<b>Ben</b>", "Chie"]}), lang="en")
>>> html = live_part(view, lang="en")
>>> "&lt;b&gt;Ben&lt;/b&gt;" in html, "<b>Ben" in html
(True, False)
>>> html = live_part(view, lang="en", location="<i>Aki's</i>", notes="No Joker\\n<b>tea</b>")
>>> "Played at &lt;i&gt;Aki&#39;s&lt;/i&gt;" in html, "No Joker<br>&lt;b&gt;tea&lt;/b&gt;" in html
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from markupsafe import Markup
from starlette.requests import Request
from starlette.responses import Response

from companion.exports.formats import FORMATS
from companion.store.sessions import SessionInfo
from companion.table.view import TableView
from companion.web.templating import TEMPLATES, render, speech
from companion.words import languages, t, tn
from companion.words.formats import language_name
from scoring.registry import name as game_name
from scoring.standings import Standings
from scoring.words import joined

#: the exports a session page offers to download (``companion.exports.formats.FORMATS``), by name
DOWNLOADS = {f.name: f.label for f in FORMATS if f.download}


def other_languages(lang: str, address: Callable[[str], str]) -> list[tuple[str, str, str]]:
    """The links from a page in ``lang`` to the same page in each other language Companion speaks
    (``companion.words.languages``: a language with a catalogue is offered with no code of its
    own): each one's address (``address(code)``), code and name in itself.

    >>> other_languages("en", lambda code: f"?lang={code}")
    [('?lang=ja', 'ja', '日本語')]
    >>> other_languages("ja", lambda code: f"?lang={code}")
    [('?lang=en', 'en', 'English')]
    """
    return [(address(code), code, language_name(code)) for code in languages() if code != lang]


def document(title: str, lang: str, address: Callable[[str], str]) -> dict[str, Any]:
    """What every page's layout (base.html) is given: its title, its language and the words said
    in it (``speech``), and the links to the same page in each other language (``address(code)``:
    its address in that language)."""
    return {"title": title, **speech(lang), "others": other_languages(lang, address)}


def live_part(
    view: TableView,
    lang: str,
    scores: str = "",
    finish: str = "",
    location: str = "",
    notes: str = "",
    board: str = "",
) -> Markup:
    """What a session's page shows that changes as the game goes on, in ``lang``: its game and
    variant, where it is played and the table's notes (``location``, ``notes``), the players in
    seat order, what just happened and what comes next, the scores (``scores_part``), and the board
    as the table sees it (``board``: ``companion.web.board``, laid out for a phone); ``finish``: the
    links to send and download the game (``exports_html``).
    The log is not in it: the page shows it after the part (``companion.web.log``)."""
    return render(
        "live_part.html",
        lang,
        view=view,
        players=joined(list(view.players), lang),
        winners=joined(view.winners, lang) if view.winners else "—",
        problem=view.problem.message(lang) if view.problem is not None else None,
        scores=scores,
        finish=finish,
        location=location,
        notes=notes,
        board=board,
    )


def scores_part(standings: Standings, parts: Sequence[str], lang: str, chart: str = "") -> Markup:
    """The scores a session's page shows, in ``lang``: the standings with each round's score, the
    chart of the running totals (``chart``, an SVG), the tie-breaks, and each round's score as its
    parts (``parts``). Written again only when the scores change."""
    return render(
        "scores.html",
        lang,
        standings=standings,
        rounds=max((len(s.rounds) for s in standings.places), default=0),
        tiebreaks=standings.tiebreaks_in(lang),
        parts=parts,
        chart=chart,
    )


def exports_html(base: str, bgstats: str | None, lang: str) -> Markup:
    """The game sent to BG Stats (``bgstats``: its link, once the game is over) and downloaded in
    every export format, from the session page's address ``base``."""
    return render("exports.html", lang, base=base, bgstats=bgstats, downloads=DOWNLOADS.items())


def session_page(
    request: Request,
    title: str,
    part: str,
    lang: str,
    other: Callable[[str], str],
    headers: Mapping[str, str],
    events: str = "",
    revision: int = 0,
    log: str = "",
) -> Response:
    """A whole page (session.html) of ``part`` (``live_part``, or any other page's part) in the
    element the page's script keeps current from ``events`` (the address of its event stream; "": a
    page that is only shown), at ``revision``, and after it the session's ``log`` (its element,
    ``SaidLog.section``), which the script adds to; ``other(code)``: the same page's address in
    another language."""
    context = {**document(title, lang, other), "part": part}
    context |= {"events": events, "revision": revision, "log": log}
    return TEMPLATES.TemplateResponse(request, "session.html", context, headers=headers)


RETRY = 5  #: seconds after which a page the database could not be read for tries again


def unavailable_page(request: Request, lang: str, headers: Mapping[str, str]) -> Response:
    """What a page, a stream or a tap is answered while the database cannot be reached: a 503 that
    says so in ``lang`` and opens the page again after ``RETRY`` seconds (``Retry-After`` and the
    page's own refresh; a tap's answer says it was not recorded, and opens its recorder page)."""
    path, tapped = request.url.path, request.method == "POST"
    if tapped or path.endswith("/events"):  # a tap's or a stream's page
        path = path.rsplit("/", 1)[0]
    elif request.url.query:
        path += "?" + request.url.query
    title = t("The scores cannot be read just now; this page will try again.", lang)
    context = {**document(title, lang, lambda other: f"?lang={other}"), "again": RETRY, "url": path, "tapped": tapped}
    return TEMPLATES.TemplateResponse(
        request, "unavailable.html", context, status_code=503, headers={**headers, "Retry-After": str(RETRY)}
    )


def listed_sessions(listed: Sequence[tuple[SessionInfo, str]], lang: str) -> list[dict[str, str]]:
    """Each session of the index as it is listed: its link, what it is and how far it got."""
    items = []
    for info, href in listed:
        state = t("finished", lang) if info.finished else t("unfinished", lang)
        players = joined(list(info.players), lang) if info.players else "—"
        detail = t("{state}, {entries}", lang, state=state, entries=tn("{n} entry", "{n} entries", info.entries, lang))
        if info.location:
            detail += " · " + t("Played at {place}", lang, place=info.location)
        label = t("{game} — {players}", lang, game=game_name(info.game, lang), players=players)
        items.append({"href": href, "label": label, "detail": detail})
    return items


def index_page(
    request: Request,
    listed: Sequence[tuple[SessionInfo, str]],
    lang: str,
    other: Callable[[str], str],
    club: str,
    headers: Mapping[str, str],
    events: Sequence[tuple[str, str, str]] = (),
) -> Response:
    """The index (index.html): each session (unfinished first, as ``Sessions.list`` gives them)
    with the link to its page (``listed``: a session and its page's address), the club nights
    (``events``: each one's page for the director, name and day), then ``club`` (the club's pages,
    ``club.club_index``)."""
    context = {**document(t("Sessions", lang), lang, other), "club": club, "events": events}
    context["listed"] = listed_sessions(listed, lang)
    return TEMPLATES.TemplateResponse(request, "index.html", context, headers=headers)
