"""The pages as HTML, written on the server: they show everything without a script, and every text
a player typed is escaped (a name ``<script>`` reads as text).

A session's page is drawn from the ``TableView`` the table screen draws, and the log from the
entries as the table may see them, so the page says nothing the laptop's screen does not.

>>> from scoring.registry import get
>>> from companion.table.view import table_view
>>> view = table_view(get("sheriff").new({"players": ["Aki", "<b>Ben</b>", "Chie"]}), lang="en")
>>> html = live_part(view, log=[], parts=[], lang="en")
>>> "&lt;b&gt;Ben&lt;/b&gt;" in html, "<b>Ben" in html
(True, False)
>>> html = live_part(view, log=[], parts=[], lang="en", location="<i>Aki's</i>", notes="No Joker\\n<b>tea</b>")
>>> "Played at &lt;i&gt;Aki&#x27;s&lt;/i&gt;" in html, "No Joker<br>&lt;b&gt;tea&lt;/b&gt;" in html
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from companion.exports.formats import FORMATS
from companion.store.sessions import SessionInfo
from companion.table.view import TableView
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


def _page(title: str, lang: str, other: str, body: list[str]) -> str:
    """The whole document: ``other`` is the link to the same page in the other language."""
    switch = next(n for code, n in LANG_NAMES.items() if code != lang)
    return "\n".join(
        [
            "<!doctype html>",
            f'<html lang="{escape(lang)}">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            '<meta name="referrer" content="same-origin">',
            f"<title>{escape(title)}</title>",
            '<link rel="stylesheet" href="/style.css">',
            "</head>",
            "<body>",
            f'<a class="lang" href="{escape(other)}" hreflang="{"ja" if lang == "en" else "en"}">{switch}</a>',
            *body,
            "</body>",
            "</html>",
            "",
        ]
    )


def _lines(tag: str, lines: Sequence[str], cls: str = "") -> str:
    attr = f' class="{cls}"' if cls else ""
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    return f"<{tag}{attr}>{items}</{tag}>"


def _standings(view: TableView, words: dict[str, str]) -> list[str]:
    places = view.standings.places
    rounds = max((len(s.rounds) for s in places), default=0)
    head = "".join(f"<th>R{i + 1}</th>" for i in range(rounds))
    rows = [
        f"<tr><td>{s.rank}</td><td>{escape(s.player)}</td>"
        + "".join(f"<td>{v}</td>" for v in s.rounds)
        + "<td></td>" * (rounds - len(s.rounds))
        + f'<td class="total">{s.total}</td></tr>'
        for s in places
    ]
    return [
        f"<h2>{words['standings']}</h2>",
        '<div class="scroll"><table>',
        f"<thead><tr><th>{words['rank']}</th><th>{words['player']}</th>{head}<th>{words['total']}</th></tr></thead>",
        f"<tbody>{''.join(rows)}</tbody>",
        "</table></div>",
    ]


def _said(location: str, notes: str, words: dict[str, str]) -> list[str]:
    """Where the game is played and the table's notes, each escaped (the notes' line breaks kept)."""
    out = []
    if location:
        out.append(f'<p class="place">{escape(words["location"].format(place=location))}</p>')
    if notes:
        lines = "<br>".join(escape(line) for line in notes.split("\n"))
        out.append(f'<p class="notes"><span class="dim">{words["notes"]}</span><br>{lines}</p>')
    return out


def live_part(
    view: TableView,
    log: Sequence[str],
    parts: Sequence[str],
    lang: str,
    chart: str = "",
    finish: Sequence[str] = (),
    location: str = "",
    notes: str = "",
) -> str:
    """What a session's page shows that changes as the game goes on, in ``lang``: its game and
    variant, where it is played and the table's notes (``location``, ``notes``), the players in
    seat order, what just happened and what comes next, the standings with each round's parts, the
    chart of the running totals (``chart``, an SVG) and the tie-breaks, the board as the table sees
    it, and the log (``log``: each entry as the table may see it); ``finish``: the links to send and
    download the game (``exports_html``)."""
    words = page_words(lang)
    body = [f"<h1>{escape(view.title)}</h1>"]
    if view.beside:
        body.append(f'<p class="beside">{escape(view.beside)}</p>')
    body += _said(location, notes, words)
    body.append(f'<p class="seats">{escape(words["players"].format(names=joined(list(view.players), lang)))}</p>')
    if view.problem is not None:
        body.append(f'<p class="problem">{escape(words["read_only"].format(why=view.problem.message(lang)))}</p>')
    if view.told:
        body += [f"<h2>{words['told']}</h2>", '<div class="told">']
        body += [f"<p>{escape(line)}</p>" for line in view.told]
        body.append("</div>")
    if view.finished:
        over = words["over"].format(winners=joined(view.winners, lang) if view.winners else "—", top=view.top)
        body.append(f'<p class="next">{escape(over)}</p>')
    elif view.prompt:
        body += [f"<h2>{words['next']}</h2>", f'<p class="next">{escape(view.prompt)}</p>']
    body += _standings(view, words)
    if chart:
        body += [f"<h2>{words['chart']}</h2>", f'<figure class="chart">{chart}</figure>']
    tiebreaks = view.standings.tiebreaks_in(lang)
    if tiebreaks:
        body += [f"<h2>{words['tiebreaks']}</h2>", _lines("ul", tiebreaks, "parts")]
    if parts:
        body += [f"<h2>{words['parts']}</h2>", _lines("ul", parts, "parts")]
    if view.board.text.strip():
        body += [f"<h2>{words['board']}</h2>", f"<pre>{escape(view.board.text)}</pre>"]
    body += finish
    body.append(f"<h2>{words['log']}</h2>")
    body.append(_lines("ol", log, "log") if log else f'<p class="dim">{words["nothing"]}</p>')
    return "\n".join(body)


def exports_html(base: str, bgstats: str | None, lang: str) -> list[str]:
    """The game sent to BG Stats (``bgstats``: its link, once the game is over) and downloaded in
    every export format, from the session page's address ``base``."""
    words = page_words(lang)
    out = [f"<h2>{words['exports']}</h2>", '<p class="exports">']
    if bgstats:
        out.append(f'<a class="button send" href="{escape(bgstats)}" rel="noreferrer">{words["bgstats"]}</a>')
    for fmt, label in DOWNLOADS.items():
        out.append(f'<a class="button" href="{escape(base)}/export/{fmt}" download>{label}</a>')
    out.append("</p>")
    return out


def session_html(title: str, part: str, lang: str, other: str, events: str, revision: int) -> str:
    """A session's whole page: ``part`` (``live_part``) in the element the page's script keeps
    current from ``events`` (the address of its event stream), at ``revision``."""
    words = page_words(lang)
    return _page(
        title,
        lang,
        other,
        [
            f'<p id="status" class="status" hidden data-live="{words["live"]}" data-away="{words["away"]}"></p>',
            f'<main id="live" data-revision="{revision}" data-events="{escape(events)}">' if events else "<main>",
            part,
            "</main>",
            '<script src="/live.js"></script>',
        ],
    )


def index_html(listed: Sequence[tuple[SessionInfo, str]], lang: str, other: str, extra: Sequence[str] = ()) -> str:
    """The index: each session (unfinished first, as ``Sessions.list`` gives them) with the link
    to its page (``listed``: a session and its page's address), then ``extra`` (the club's pages)."""
    words = page_words(lang)
    items = []
    for info, href in listed:
        state = words["finished" if info.finished else "unfinished"]
        players = joined(list(info.players), lang) if info.players else "—"
        label = f"{game_name(info.game, lang)} — {players}"
        detail = f"{state}, {words['entry'] if info.entries == 1 else words['entries'].format(n=info.entries)}"
        if info.location:
            detail += f" · {words['location'].format(place=info.location)}"
        items.append(
            f'<li><a href="{escape(href)}">{escape(label)}</a><br><span class="dim">{escape(detail)}</span></li>'
        )
    body = [f"<h1>{words['sessions']}</h1>"]
    body.append(f'<ul class="sessions">{"".join(items)}</ul>' if items else f"<p>{words['no_sessions']}</p>")
    body += extra  # the club's league tables and players' pages
    return _page(words["sessions"], lang, other, body)
