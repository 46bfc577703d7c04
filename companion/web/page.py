"""What a session's page and the index say, written on the server from the templates beside this
module (``templates/live_part.html``, ``session.html``, ``index.html``): they show everything
without a script, and every text a player typed is escaped (a name ``<script>`` reads as text).
The page's own words are here, in English and Japanese, and are handed to the templates.

A session's page is drawn from the ``TableView`` the table screen draws, and the log from the
entries as the table may see them, so the page says nothing the laptop's screen does not.

>>> from scoring.registry import get
>>> from companion.table.view import table_view
>>> view = table_view(get("sheriff").new({"players": ["Aki", "<b>Ben</b>", "Chie"]}), lang="en")
>>> html = live_part(view, log=[], parts=[], lang="en")
>>> "&lt;b&gt;Ben&lt;/b&gt;" in html, "<b>Ben" in html
(True, False)
>>> html = live_part(view, log=[], parts=[], lang="en", location="<i>Aki's</i>", notes="No Joker\\n<b>tea</b>")
>>> "Played at &lt;i&gt;Aki&#39;s&lt;/i&gt;" in html, "No Joker<br>&lt;b&gt;tea&lt;/b&gt;" in html
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from markupsafe import Markup
from starlette.requests import Request
from starlette.responses import Response

from companion.exports.formats import FORMATS
from companion.store.sessions import SessionInfo
from companion.table.view import TableView
from companion.web.templating import TEMPLATES, render
from scoring.registry import name as game_name
from scoring.words import joined

LANG_NAMES = {"en": "English", "ja": "日本語"}

#: the exports a session page offers to download (``companion.exports.formats.FORMATS``), by name
DOWNLOADS = {f.name: f.label for f in FORMATS if f.download}

_WORDS = {
    "en": {
        "players": "Players, in seat order: {names}",
        "told": "Just now",
        "next": "Next",
        "over": "The game is over: {winners} won with {top}.",
        "nothing": "Nothing recorded yet.",
        "standings": "Standings",
        "rank": "#",
        "player": "Player",
        "total": "Total",
        "tiebreaks": "Tie-breaks",
        "parts": "Each round's parts",
        "board": "The table",
        "log": "Log",
        "read_only": "This session is read-only: {why}",
        "sessions": "Sessions",
        "no_sessions": "No sessions yet.",
        "finished": "finished",
        "unfinished": "unfinished",
        "entries": "{n} entries",
        "entry": "1 entry",
        "chart": "Running totals",
        "exports": "Send and download",
        "bgstats": "Send to BG Stats",
        "live": "● Live",
        "away": "○ Reconnecting…",
        "location": "Played at {place}",
        "notes": "Notes",
    },
    "ja": {
        "players": "プレイヤー（席順）：{names}",
        "told": "いまのこと",
        "next": "次",
        "over": "ゲーム終了：{winners}が{top}点で勝ち。",
        "nothing": "まだ記録はありません。",
        "standings": "順位",
        "rank": "#",
        "player": "プレイヤー",
        "total": "合計",
        "tiebreaks": "タイブレーク",
        "parts": "各ラウンドの内訳",
        "board": "場",
        "log": "記録",
        "read_only": "このセッションは読み取り専用です：{why}",
        "sessions": "セッション",
        "no_sessions": "セッションはまだありません。",
        "finished": "終了",
        "unfinished": "進行中",
        "entries": "{n}件",
        "entry": "1件",
        "chart": "累計の推移",
        "exports": "送信とダウンロード",
        "bgstats": "BG Statsに送る",
        "live": "● ライブ",
        "away": "○ 再接続中…",
        "location": "場所：{place}",
        "notes": "メモ",
    },
}


def page_words(lang: str) -> dict[str, str]:
    """The page's own words in ``lang`` (English for a language the pages do not speak)."""
    return _WORDS.get(lang, _WORDS["en"])


def document(title: str, lang: str, other: str) -> dict[str, str]:
    """What every page's layout (base.html) is given: its title and language, and the link to the
    same page in the other language (``other``: its address)."""
    other_lang = "ja" if lang == "en" else "en"
    return {"title": title, "lang": lang, "other": other, "other_lang": other_lang, "switch": LANG_NAMES[other_lang]}


def live_part(
    view: TableView,
    log: Sequence[str],
    parts: Sequence[str],
    lang: str,
    chart: str = "",
    finish: str = "",
    location: str = "",
    notes: str = "",
) -> Markup:
    """What a session's page shows that changes as the game goes on, in ``lang``: its game and
    variant, where it is played and the table's notes (``location``, ``notes``), the players in
    seat order, what just happened and what comes next, the standings with each round's parts, the
    chart of the running totals (``chart``, an SVG) and the tie-breaks, the board as the table sees
    it, and the log (``log``: each entry as the table may see it); ``finish``: the links to send and
    download the game (``exports_html``)."""
    return render(
        "live_part.html",
        words=page_words(lang),
        view=view,
        players=joined(list(view.players), lang),
        winners=joined(view.winners, lang) if view.winners else "—",
        problem=view.problem.message(lang) if view.problem is not None else None,
        rounds=max((len(s.rounds) for s in view.standings.places), default=0),
        tiebreaks=view.standings.tiebreaks_in(lang),
        parts=parts,
        chart=chart,
        finish=finish,
        log=log,
        location=location,
        notes=notes,
    )


def exports_html(base: str, bgstats: str | None, lang: str) -> Markup:
    """The game sent to BG Stats (``bgstats``: its link, once the game is over) and downloaded in
    every export format, from the session page's address ``base``."""
    return render("exports.html", words=page_words(lang), base=base, bgstats=bgstats, downloads=DOWNLOADS.items())


def session_page(
    request: Request,
    title: str,
    part: str,
    lang: str,
    other: str,
    headers: Mapping[str, str],
    events: str = "",
    revision: int = 0,
) -> Response:
    """A whole page (session.html) of ``part`` (``live_part``, or any other page's part) in the
    element the page's script keeps current from ``events`` (the address of its event stream; "": a
    page that is only shown), at ``revision``; ``other``: the same page in the other language."""
    context = {**document(title, lang, other), "words": page_words(lang), "part": part}
    context |= {"events": events, "revision": revision}
    return TEMPLATES.TemplateResponse(request, "session.html", context, headers=headers)


def listed_sessions(listed: Sequence[tuple[SessionInfo, str]], lang: str) -> list[dict[str, str]]:
    """Each session of the index as it is listed: its link, what it is and how far it got."""
    words = page_words(lang)
    items = []
    for info, href in listed:
        state = words["finished" if info.finished else "unfinished"]
        players = joined(list(info.players), lang) if info.players else "—"
        detail = f"{state}, {words['entry'] if info.entries == 1 else words['entries'].format(n=info.entries)}"
        if info.location:
            detail += f" · {words['location'].format(place=info.location)}"
        items.append({"href": href, "label": f"{game_name(info.game, lang)} — {players}", "detail": detail})
    return items


def index_page(
    request: Request,
    listed: Sequence[tuple[SessionInfo, str]],
    lang: str,
    other: str,
    club: str,
    headers: Mapping[str, str],
) -> Response:
    """The index (index.html): each session (unfinished first, as ``Sessions.list`` gives them)
    with the link to its page (``listed``: a session and its page's address), then ``club`` (the
    club's pages, ``club.club_index``)."""
    words = page_words(lang)
    context = {**document(words["sessions"], lang, other), "words": words, "club": club}
    context["listed"] = listed_sessions(listed, lang)
    return TEMPLATES.TemplateResponse(request, "index.html", context, headers=headers)
