"""The Tricks and the Phantom board: totals and the last half's culprit and why. What comes next is
the status line's (the game's ``prompt``)."""

from __future__ import annotations

from companion.boards import Board
from companion.boards.sheriff import wrap
from scoring.game import Position
from scoring.words import say_all

HEIGHT = 11  # the board's rows at the top of the table screen


def phantom_board(position: Position, lang: str = "en") -> str:
    """Totals best first and the last half's culprit and why, in the players' language; every line
    within 78 cells, at most 11 lines."""
    scored = position.scored
    totals = "   ".join(f"{s.player}: {s.total}" for s in scored.standings.places)
    details: list[str] = []
    if scored.details:
        said = say_all(scored.details, lang)
        last = max(i for i, line in enumerate(said) if not line.startswith(" "))
        details = [part for line in said[last:] for part in wrap(line)]
    head = wrap(totals)
    room = HEIGHT - len(head)
    if len(details) > room:
        details = details[: max(room - 1, 0)] + (["  …"] if room > 0 else [])
    return "\n".join([*head, *details])


def board(position: Position, lang: str = "en") -> Board:
    return Board(phantom_board(position, lang), totals=True)
