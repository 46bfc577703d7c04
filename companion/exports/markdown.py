"""A session as a Markdown summary: the players, the standings, the tie-breaks, each round's score."""

from __future__ import annotations

import re
from datetime import datetime

from companion import clock
from companion.store.sessions import Sessions
from companion.words import N_, round_head, t
from companion.words.formats import join
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


def _when(stamp: datetime, lang: str) -> str:
    """A session's date and time in this computer's zone, as each language writes it (``clock.when``)."""
    return clock.when(stamp, lang)


def summary(name: str, info, scored, lang: str = "en") -> str:
    table = scored.standings
    rounds = len(table.places[0].rounds) if table.places else 0
    # every name is escaped (a "|" would add a column); the round-by-round details are in a code
    # block, which shows them as typed
    names = join((md_text(p) for p in info.players), lang)
    said = N_("Players: {names}. Finished.") if info.finished else N_("Players: {names}. Not finished.")
    lines = [
        f"# {md_text(name)} — {_when(info.created_at, lang)}",
        "",
        t(said, lang, names=names),
        "",
        *[
            line
            for key, label in (("location", N_("Place: {text}")), ("notes", N_("Notes: {text}")))
            if getattr(info, key)
            for line in (t(label, lang, text=md_text(getattr(info, key))), "")
        ],
        "| "
        + t("rank", lang)
        + " | "
        + t("player", lang)
        + " | "
        + "".join(f"{round_head(i + 1, lang)} | " for i in range(rounds))
        + t("total", lang)
        + " |",
        "|---|---|" + "---|" * rounds + "---|",
    ]
    for s in table.places:
        lines.append(f"| {s.rank} | {md_text(s.player)} | " + "".join(f"{r} | " for r in s.rounds) + f"{s.total} |")
    if table.tiebreaks:
        said = [t("Tie-break: {line}", lang, line=md_text(line)) for line in table.tiebreaks_in(lang)]
        lines += ["", *[f"- {line}" for line in said]]
    if scored.details:
        details = say_all(scored.details, lang)
        fence = _fence(details)
        heading = t("Round by round", lang)
        lines += ["", f"## {heading}", "", fence, *details, fence]
    return "\n".join(lines) + "\n"


def session_markdown(sessions: Sessions, sid: int, lang: str = "en") -> str:
    """The session as a Markdown summary in ``lang``: its headings, the game's name, the score
    parts, the tie-breaks, the date."""
    info = sessions.info(sid)
    return summary(get(info.game).names.name(lang), info, sessions.scored(sid), lang)
