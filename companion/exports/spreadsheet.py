"""CSV for a spreadsheet: a session's standings, or a whole history a row per player per session."""

from __future__ import annotations

import csv
import io
from typing import Any

from companion import clock
from companion.store.sessions import Sessions


def csv_cell(value: Any) -> Any:
    r"""A cell a spreadsheet shows as the text typed, never runs as a formula: text that starts with
    ``= + - @``, a tab or a carriage return gets a leading ``'`` (as OWASP advises); numbers stay.

    >>> csv_cell("=HYPERLINK(\"http://x\")"), csv_cell("@SUM(1+1)"), csv_cell("Aki"), csv_cell(-3)
    ('\'=HYPERLINK("http://x")', "'@SUM(1+1)", 'Aki', -3)
    """
    if isinstance(value, str) and value.startswith(("=", "+", "-", "@", "\t", "\r")):
        return "'" + value
    return value


def history_csv(sessions: Sessions, game: str | None = None) -> str:
    """A whole history (or one game's) as one CSV: a row per player per session, oldest first,
    from the standings stored with each session (nothing is replayed)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["session", "date", "game", "finished", "player", "seat", "total", "rank", "winner", "rounds"])
    for info, table in sessions.summaries(game):
        seats = {p: n for n, p in enumerate(info.players, start=1)}
        for s in table.places:
            writer.writerow(
                [
                    csv_cell(cell)
                    for cell in (
                        info.uid,
                        clock.second(info.created_at),
                        info.game,
                        "yes" if info.finished else "no",
                        s.player,
                        seats.get(s.player, ""),
                        s.total,
                        s.rank,
                        "yes" if s.player in info.winners else "no",
                        " ".join(str(r) for r in s.rounds),
                    )
                ]
            )
    return out.getvalue()


def session_csv(sessions: Sessions, sid: int, lang: str = "en") -> str:
    """A session's standings as CSV: a row per player, each round, the total and the rank.

    The column names stay the same in both languages (``player``, ``round 1`` …, ``total``,
    ``rank``, as ``companion history`` writes them): a spreadsheet's formulas and a script find a
    column by its name, so a file from the Japanese app and one from the English app read alike;
    its cells are names and numbers, which have no language."""
    table = sessions.standings(sid)  # stored with the session: a history exports without replaying it
    out = io.StringIO()
    rounds = max((len(s.rounds) for s in table.places), default=0)
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["player", *[f"round {i + 1}" for i in range(rounds)], "total", "rank"])
    for s in table.places:
        writer.writerow([csv_cell(cell) for cell in (s.player, *s.rounds, s.total, s.rank)])
    return out.getvalue()
