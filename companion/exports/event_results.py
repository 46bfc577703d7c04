"""A club night's results as files: the event's standings as CSV for a spreadsheet and as a Markdown
summary. Each table's game is a session like any other, and goes to BG Stats and BGG as any
session's does (``companion export ID --format bgstats|bgg``).

The CSV's columns are named the same in every language (``rank``, ``player``, ``points``, ``wins``,
``round 1`` …), as a session's CSV names them; a round not played is an empty cell. The Markdown
says the event, how seats were drawn, the standings and how the points are worked out, in the
reader's language.
"""

from __future__ import annotations

import csv
import io

from companion.club.event_points import FORMULA, shown_points
from companion.club.event_text import drawn_from, heading, round_state
from companion.club.events import Event
from companion.exports.markdown import md_text
from companion.exports.spreadsheet import csv_cell
from companion.words import t

EVENT_FORMATS = ("csv", "md")


def event_csv(event: Event) -> str:
    """The standings, a row per player: rank, player, points, rounds won, each round's points."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["rank", "player", "points", "wins", *(f"round {r.round}" for r in event.rounds)])
    for s in event.standings:
        rounds = ["" if x is None else shown_points(x) for x in s.rounds]
        writer.writerow([csv_cell(c) for c in (s.rank, s.player, shown_points(s.points), s.wins, *rounds)])
    return out.getvalue()


def event_markdown(event: Event, lang: str = "en") -> str:
    """The event, how seats were drawn, each round, the standings and the formula, in ``lang``."""
    lines = [f"# {md_text(heading(event))}", "", md_text(drawn_from(event, lang)), ""]
    lines += [f"- {md_text(round_state(r, lang))}" for r in event.rounds]
    heads = [t("rank", lang), t("player", lang), t("points", lang), t("wins", lang)]
    heads += [t("R{n}", lang, n=r.round) for r in event.rounds]
    lines += ["", f"## {t('Standings', lang)}", "", "| " + " | ".join(heads) + " |"]
    lines.append("|" + "|".join(["---:", ":---", "---:", "---:", *("---:" for _ in event.rounds)]) + "|")
    for s in event.standings:
        cells = [str(s.rank), md_text(s.player), shown_points(s.points), str(s.wins)]
        cells += [shown_points(x) for x in s.rounds]
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["", md_text(t(FORMULA, lang)), ""]
    return "\n".join(lines)


def event_file(event: Event, fmt: str, lang: str = "en") -> str:
    """The event's standings in ``fmt`` (``EVENT_FORMATS``)."""
    return event_csv(event) if fmt == "csv" else event_markdown(event, lang)
