"""What the history shows of a session without reading its entries: the standings and the
winners, kept with the session by the transaction that records each entry (``SessionRow``), and
what is stored with a session (its header too) read back, where a flipped bit may have damaged it.

>>> from scoring.standings import Standing, Standings
>>> from scoring.words import text
>>> table = Standings((Standing("Aki", 1, 12, (5, 7)), Standing("Ben", 2, 9, (4, 5))), (text("Aki: more tricks"),))
>>> table_of(standings_json(table)) == table
True
"""

from __future__ import annotations

import json
from typing import Any

from companion.store.database import DamagedText
from scoring import words
from scoring.standings import Standing, Standings
from scoring.words import Fact, from_json


def standings_json(table: Standings) -> str:
    """The standings as stored: best first, each ``[player, rank, total, [round points …]]``."""
    return json.dumps(
        {
            "standings": [[s.player, s.rank, s.total, list(s.rounds)] for s in table.places],
            "tiebreaks": [t.as_json() if isinstance(t, Fact) else t for t in table.tiebreaks],
        },
        ensure_ascii=False,
    )


def table_of(text: str) -> Standings:
    """The standings read back as the engine gave them."""
    data = json.loads(text)
    said = [from_json(t) for t in data.get("tiebreaks", ())]
    japanese = data.get("tiebreaks_ja", ())  # a session stored before the tie-breaks were facts
    if len(japanese) == len(said):
        said = [words.text(en, ja) if isinstance(en, str) else en for en, ja in zip(said, japanese, strict=True)]
    return Standings(
        tuple(Standing(p, rank, total, tuple(rounds)) for p, rank, total, rounds in data["standings"]), tuple(said)
    )


def winners_json(table: Standings, finished: bool) -> str:
    """Who won, once the game is over; nobody while it runs."""
    return json.dumps(table.winners() if finished else [], ensure_ascii=False)


def stored_json(text: Any) -> Any:
    """A JSON text stored with a session (its header, standings, winners) read back, or None where
    it no longer reads: a flipped bit must never end a command."""
    if not isinstance(text, str) or isinstance(text, DamagedText):
        return None
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def stored_header(text: Any) -> dict | None:
    """A session's stored header read, or None where it is damaged (not JSON, or without its
    players)."""
    header = stored_json(text)
    if not isinstance(header, dict):
        return None
    players = header.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        return None
    return header


def stored_table(text: Any) -> Standings | None:
    """The standings stored with a session, or None where there are none or they are damaged (then
    they are worked out from the entries)."""
    if stored_json(text) is None:
        return None
    try:
        return table_of(text)
    except (ValueError, TypeError, KeyError):
        return None


def stored_winners(text: Any) -> tuple[str, ...]:
    """The winners stored with a session; none where they are damaged."""
    winners = stored_json(text)
    if not isinstance(winners, list) or not all(isinstance(w, str) for w in winners):
        return ()
    return tuple(winners)
