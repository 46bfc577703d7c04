"""The Tricks and the Phantom board: the totals, best first, then the last half's culprit and why,
in at most 11 lines. What comes next is the status line's (the game's ``prompt``).

>>> from scoring.phantom.game import GAME
>>> p = GAME.new({"players": ["Aki", "Ben", "Chie"]})
>>> p = GAME.apply(p, GAME.parse("Aki=10 Ben=3 Chie=5 point Aki>Chie Ben>Aki Chie>Aki", p))
>>> shown = phantom_board(p)
>>> shown.totals, shown.height, shown.parts[0].words, shown.parts[1].words
(True, 11, 'Ben: 1   Aki: 0   Chie: 0', Fact('phantom.half', round=1, half=1))
"""

from __future__ import annotations

from scoring.board import Board, Line, lines
from scoring.game import Position
from scoring.words import Fact

HEIGHT = 11  # the board's rows at the top of the table screen


def phantom_board(position: Position) -> Board:
    """The totals best first, then the last half as the scores' details tell it: its name and each
    line of why, indented."""
    scored = position.scored
    totals = "   ".join(f"{s.player}: {s.total}" for s in scored.standings.places)
    details = scored.details
    heads = [i for i, d in enumerate(details) if not (isinstance(d, Fact) and d.key == "phantom.indented")]
    last = details[heads[-1] :] if heads else []
    return Board((Line(totals), *lines(last)), totals=True, height=HEIGHT)
