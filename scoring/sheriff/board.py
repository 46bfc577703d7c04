"""The Sheriff board: roles, trump, captured cards and the trick being played; between deals the
last deal's score worked out. What comes next is the status line's (the game's ``prompt``).

>>> from scoring.sheriff.game import GAME
>>> p = GAME.new({"players": ["Aki", "Ben", "Chie"]})
>>> p = GAME.apply(p, GAME.parse("deal joker=Ben Aki=mayor Ben=robber Chie=sheriff trump=spades", p))
>>> p = GAME.apply(p, GAME.parse("Kh", p))
>>> shown = sheriff_board(p.state)
>>> shown.totals, [type(part).__name__ for part in shown.parts]
(True, ['Line', 'Row', 'Row', 'Row', 'Row', 'Line'])
>>> shown.parts[-1].words
Fact('sheriff.board.trick', trick=1, cards='Kh', verdict=Fact('sheriff.board.winning', player='Aki'))
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.board import Board, Cell, Line, Row, lines, row
from scoring.sheriff.cards import JOKER, code
from scoring.sheriff.engine import OVER, TRICK, State, trick_winner
from scoring.sheriff.told import deal_worked_out, role_name
from scoring.words import teller

said = teller("sheriff")
RANKS = ("A", "K", "Q", "J", "10", "JO")  # the captured cards' columns, as each deal's record counts them


def sheriff_board(s: State) -> Board:
    """A deal card by card: roles, trump, captured cards, the trick and who is winning it; between
    deals the last deal's score worked out."""
    if s.phase != TRICK:
        over = (Line(said("board.over")),) if s.phase == OVER else ()
        worked_out = lines(deal_worked_out(s.players, len(s.scores), s.scores[-1])) if s.scores else ()
        return Board((*over, *worked_out), totals=True)
    totals = s.totals()
    parts: list[Row | Line] = [
        Line(said("board.deal", deal=len(s.scores) + 1, trump=said("suit", suit=s.trump), player=s.players[s.joker])),
        row(
            Cell(said("board.name"), 8),
            " ",
            Cell(said("board.role"), 8),
            " ",
            *_counts(RANKS),
            " ",
            Cell(said("board.total"), 6, right=True),
            heading=True,
        ),
    ]
    for p, who in enumerate(s.players):
        role, total = Cell(role_name(s.roles[p]), 8), Cell(str(totals[p]), 6, right=True)
        parts.append(row(Cell(who, 8), " ", role, " ", *_counts(s.captured[p]), " ", total))
    if s.trick and any(c != JOKER for _, c in s.trick):
        verdict = said("board.winning", player=s.players[trick_winner(s.trick, s.trump)])
        cards = " ".join(code(c) for _, c in s.trick)
        parts.append(Line(said("board.trick", trick=s.tricks_done + 1, cards=cards, verdict=verdict)))
    return Board(tuple(parts), totals=True)


def _counts(counts: Sequence[object]) -> tuple[Cell, ...]:
    """The captured cards by rank (or the ranks themselves, as the heading), each a space after the
    one before it and right under its rank: A K Q J 10 JO."""
    return tuple(Cell(str(n), len(rank) + 1, right=True) for n, rank in zip(counts, RANKS, strict=True))
