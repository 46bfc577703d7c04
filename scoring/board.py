"""A game's board: its own picture of a position, as rows of cells and lines of facts, with no
markup and in no language. The terminal and the phone each draw it (``companion.table.board_text``
draws the table screen's lines), saying every cell in the viewer's language.

A *row* is cells side by side, each a fact or a plain word (a name, a card code, a number) padded
to its width in terminal cells, on the left or the right: a table's heading or one of its rows,
never wrapped. A *line* is a fact said across the board, wrapped at its width (or cut, when the
game would rather lose its end than take a second line), optionally followed by things listed
(cards) that wrap under it and a tail kept whole.

>>> from scoring.arbiter import seats  # the arbiter's words: "Player 1", "Rule: …"
>>> from scoring.words import Fact, say
>>> board = Board(
...     (
...         row(Cell(Fact("arbiter.seat", n=1), 10), Cell("12", 6, right=True), heading=True),
...         row(Cell("Aki", 10), Cell("12", 6, right=True)),
...         Line(Fact("arbiter.rule", ids="sheriff.trick")),
...     ),
...     totals=True,
... )
>>> [type(part).__name__ for part in board.parts], board.totals, bool(board), bool(Board())
(['Row', 'Row', 'Line'], True, True, False)
>>> say(board.parts[0].cells[0].words, "ja"), say(board.parts[2].words)
('プレイヤー1', 'Rule: sheriff.trick.')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scoring.words import Words


@dataclass(frozen=True)
class Cell:
    """One cell of a row: its words, the terminal cells it takes (0: as many as its words need;
    longer words are cut with …), and whether it keeps to the right (a number).

    ``wide`` is its width in a language written in wide characters (Japanese, where a character
    takes two cells and a name about twice the room), when that differs from ``width``."""

    words: Words
    width: int = 0
    right: bool = False
    wide: int = 0


@dataclass(frozen=True)
class Row:
    """Cells side by side; ``heading`` for the column heads above a table's rows (a phone shows
    each row under it stacked, each cell labelled with its head: ``companion.web.board``)."""

    cells: tuple[Cell, ...]
    heading: bool = False
    drawn: bool = False  #: a line of a drawing (a map of the field): kept as drawn, in fixed-width type


@dataclass(frozen=True)
class Line:
    """A fact said across the board: wrapped at the board's width, each further line indented
    under the first (or ``cut`` with … at the width). ``items`` are things listed after the words
    (cards), wrapped under them one whole item at a time; ``tail`` follows the items, kept whole,
    on a line of its own when it does not fit."""

    words: Words
    items: tuple[Words, ...] = ()
    tail: Words = ""
    cut: bool = False


@dataclass(frozen=True)
class Board:
    """A position as the table sees it: rows and lines from the top. ``totals`` when it carries
    each player's running total itself (a narrow screen then gives it the standings' room);
    ``height``, when not 0, the most lines it shows, its last line then saying there is more;
    ``narrow``, when parts lie side by side on the terminal, the same parts one above another."""

    parts: tuple[Row | Line, ...] = ()
    totals: bool = False
    height: int = 0
    narrow: Board | None = None  #: the same for a narrow screen (a phone): laid out one above another

    def __bool__(self) -> bool:
        return bool(self.parts)


def row(*cells: Cell | Words, heading: bool = False, drawn: bool = False) -> Row:
    """A row of cells, a plain word or fact standing for a cell as wide as it is (a gap, a mark).

    >>> row(Cell("Aki", 8), " ", Cell("3", 2, right=True)).cells[1]
    Cell(words=' ', width=0, right=False, wide=0)
    """
    return Row(tuple(c if isinstance(c, Cell) else Cell(c) for c in cells), heading, drawn)


def lines(said: Iterable[Words]) -> tuple[Line, ...]:
    """One line for each of several facts (a score worked out, line by line)."""
    return tuple(Line(s) for s in said)
