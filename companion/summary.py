"""What the history shows of a session without reading its entries: the standings and the
winners, kept with the session by the transaction that records each entry (``SessionRow``).

>>> from scoring.standings import Standing, Table
>>> table = Table((Standing("Aki", 1, 12, (5, 7)), Standing("Ben", 2, 9, (4, 5))), ("Aki: more tricks",))
>>> table_of(standings_json(table)) == table
True
"""

from __future__ import annotations

import json

from scoring.standings import Standing, Table


def standings_json(table: Table) -> str:
    """The standings as stored: best first, each ``[player, rank, total, [round points …]]``."""
    return json.dumps(
        {
            "standings": [[s.player, s.rank, s.total, list(s.rounds)] for s in table.standings],
            "tiebreaks": list(table.tiebreaks),
            "tiebreaks_ja": list(table.tiebreaks_ja),
        },
        ensure_ascii=False,
    )


def table_of(text: str) -> Table:
    """The standings read back as the engine gave them."""
    data = json.loads(text)
    return Table(
        tuple(Standing(p, rank, total, tuple(rounds)) for p, rank, total, rounds in data["standings"]),
        tuple(data.get("tiebreaks", ())),
        tuple(data.get("tiebreaks_ja", ())),
    )


def winners_json(table: Table, finished: bool) -> str:
    """Who won, once the game is over; nobody while it runs."""
    return json.dumps(table.winners() if finished else [], ensure_ascii=False)
