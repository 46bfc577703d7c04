"""A game's board (``scoring.board``) as a phone draws it: what the terminal lays out in columns is
stacked per player, so that it fits a phone held upright (360 px) in any language.

The terminal's board is one text of fixed-width columns (``companion.table.board_text``); on a
phone those columns would be wider than the screen. Here the same parts (the board's ``narrow``
layout where it has one) are said for the template ``templates/board.html`` instead:

* rows under a heading row (the players' table) become one block per row: the row's first cell as
  its title, then each other cell with its column's heading as a label (``R 3*``, ``Bid 2/50``), the
  cells wrapping within the screen;
* a row with no heading above it is its cells side by side, wrapping;
* a line is a paragraph, its items (cards) each kept whole, wrapping between them;
* the lines of a drawing (LOUDER's field) are kept as drawn, in fixed-width type.

Cells only there to space the columns (blank) are left out. Every text is escaped by the template.

>>> from scoring.board import Board, Cell, Line, row
>>> board = Board((
...     row(Cell("name", 8), " ", Cell("bid", 6), heading=True),
...     row(Cell("Aki", 8), " ", Cell("2/50", 6)),
...     Line("Pot:", items=("YSCI", "<b>")),
... ))
>>> board_parts(board)
[Seat(title='Aki', cells=(('bid', '2/50'),)), Said(words='Pot:', items=('YSCI', '<b>'), tail='')]
>>> "&lt;b&gt;" in board_html(board), "<dt>Aki</dt>" in board_html(board)
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup

from companion.web.templating import render
from scoring.board import Board, Cell, Line, Row
from scoring.words import Words, say


@dataclass(frozen=True)
class Seat:
    """A row under a heading: its first cell, and each other cell with its column's heading."""

    title: str
    cells: tuple[tuple[str, str], ...]  #: (heading, text); the heading "" where the column has none


@dataclass(frozen=True)
class Cells:
    """A row with no heading above it: its cells, side by side."""

    cells: tuple[str, ...]


@dataclass(frozen=True)
class Said:
    """A line: its words, the items listed after them, and what follows them."""

    words: str
    items: tuple[str, ...] = ()
    tail: str = ""


@dataclass(frozen=True)
class Drawing:
    """Lines of a drawing, as drawn."""

    lines: tuple[str, ...]


Part = Seat | Cells | Said | Drawing


def _said(words: Words, lang: str) -> str:
    return say(words, lang, phone=True).strip()


def _seat(cells: tuple[Cell, ...], heads: tuple[Cell, ...], lang: str) -> Seat | None:
    pairs = [
        (_said(heads[i].words, lang) if i < len(heads) else "", _said(cell.words, lang)) for i, cell in enumerate(cells)
    ]
    pairs = [(head, text) for head, text in pairs if text]
    if not pairs:
        return None
    return Seat(pairs[0][1], tuple(pairs[1:]))


def board_parts(board: Board, lang: str = "en") -> list[Part]:
    """The board's parts as a phone shows them, in ``lang``: its ``narrow`` layout where it has one."""
    board = board.narrow or board
    parts: list[Part] = []
    heads: tuple[Cell, ...] | None = None
    for part in board.parts:
        if isinstance(part, Row) and part.drawn:
            line = "".join(say(c.words, lang, phone=True) for c in part.cells).rstrip()
            if parts and isinstance(parts[-1], Drawing):
                parts[-1] = Drawing((*parts[-1].lines, line))
            else:
                parts.append(Drawing((line,)))
        elif isinstance(part, Row) and part.heading:
            heads = part.cells
        elif isinstance(part, Row):
            shown = _seat(part.cells, heads, lang) if heads is not None else Cells(_texts(part.cells, lang))
            if shown is not None:
                parts.append(shown)
        elif isinstance(part, Line):
            heads = None
            items = tuple(_said(item, lang) for item in part.items)
            parts.append(Said(_said(part.words, lang), items, _said(part.tail, lang)))
    return parts


def _texts(cells: tuple[Cell, ...], lang: str) -> tuple[str, ...]:
    return tuple(text for text in (_said(c.words, lang) for c in cells) if text)


def board_html(board: Board, lang: str = "en") -> Markup:
    """The board as a phone's page shows it, in ``lang`` (empty for a game without a board)."""
    parts = board_parts(board, lang)
    return render("board.html", lang, parts=parts) if parts else Markup("")
