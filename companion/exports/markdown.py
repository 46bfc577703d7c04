"""A session as a Markdown summary: the players, the standings, the tie-breaks, each round's score."""

from __future__ import annotations

import re
from datetime import datetime

from companion import clock
from companion.store.sessions import Sessions
from scoring.registry import get
from scoring.words import say_all

_MARKDOWN = re.compile(r"([\\`*_\[\]<>|~&])")  # what Markdown reads inside a line or a table cell


def md_text(text: object) -> str:
    r"""``text`` in a Markdown line or table cell exactly as typed: every character Markdown reads
    there (``|`` would add a column, ``[`` a link, ``*`` emphasis) is escaped, and a line break is a
    space.

    >>> md_text("A|B"), md_text("[x](http://e)"), md_text("*a*\nb")
    ('A\\|B', '\\[x\\](http://e)', '\\*a\\* b')
    """
    return _MARKDOWN.sub(r"\\\1", re.sub(r"[\r\n]+", " ", str(text)))


def _fence(lines: list[str]) -> str:
    """A code fence longer than any run of backticks in ``lines``, so none of them can close it."""
    longest = max((len(run) for line in lines for run in re.findall("`+", line)), default=0)
    return "`" * max(3, longest + 1)


# the Markdown export's own words, in each language (a game's words come from its engine)
_MARKDOWN_WORDS = {
    "en": {
        "players": "Players: {names}. ",
        "and": ", ",
        "finished": "Finished.",
        "unfinished": "Not finished.",
        "rank": "rank",
        "player": "player",
        "total": "total",
        "tiebreak": "Tie-break: {line}",
        "rounds": "Round by round",
        "location": "Place: {text}",
        "notes": "Notes: {text}",
    },
    "ja": {
        "players": "プレイヤー：{names}。",
        "and": "、",
        "finished": "終了。",
        "unfinished": "途中。",
        "rank": "順位",
        "player": "プレイヤー",
        "total": "合計",
        "tiebreak": "タイブレーク：{line}",
        "rounds": "ラウンドごとの得点",
        "location": "場所：{text}",
        "notes": "メモ：{text}",
    },
}


def _when(stamp: datetime, lang: str) -> str:
    """A session's date and time in this computer's zone, as each language writes it (``clock.when``)."""
    return clock.when(stamp, lang)


def summary(name: str, info, scored, lang: str = "en") -> str:
    words = _MARKDOWN_WORDS["ja" if lang == "ja" else "en"]
    table = scored.standings
    rounds = len(table.places[0].rounds) if table.places else 0
    # every name is escaped (a "|" would add a column); the round-by-round details are in a code
    # block, which shows them as typed
    names = words["and"].join(md_text(p) for p in info.players)
    lines = [
        f"# {md_text(name)} — {_when(info.created_at, lang)}",
        "",
        words["players"].format(names=names) + words["finished" if info.finished else "unfinished"],
        "",
        *[
            line
            for key in ("location", "notes")
            if getattr(info, key)
            for line in (words[key].format(text=md_text(getattr(info, key))), "")
        ],
        f"| {words['rank']} | {words['player']} | "
        + "".join(f"R{i + 1} | " for i in range(rounds))
        + f"{words['total']} |",
        "|---|---|" + "---|" * rounds + "---|",
    ]
    for s in table.places:
        lines.append(f"| {s.rank} | {md_text(s.player)} | " + "".join(f"{r} | " for r in s.rounds) + f"{s.total} |")
    if table.tiebreaks:
        lines += ["", *[f"- {words['tiebreak'].format(line=md_text(t))}" for t in table.tiebreaks_in(lang)]]
    if scored.details:
        details = say_all(scored.details, lang)
        fence = _fence(details)
        lines += ["", f"## {words['rounds']}", "", fence, *details, fence]
    return "\n".join(lines) + "\n"


def session_markdown(sessions: Sessions, sid: int, lang: str = "en") -> str:
    """The session as a Markdown summary in ``lang``: its headings, the game's name, the score
    parts, the tie-breaks, the date."""
    info = sessions.info(sid)
    return summary(get(info.game).names.name(lang), info, sessions.scored(sid), lang)
