"""A game's board (``scoring.board``) drawn as the table screen's lines, in the viewer's language:
every cell said and padded by terminal cells (a Japanese character takes two), every line within
the board's 78 cells (an 80-column terminal, less the board's padding). The phone's page says the
same parts laid out for its narrow screen (``companion.web.board``).

>>> from scoring.board import Board, Cell, Line, row
>>> from scoring.words import Fact
>>> name, total = Fact("text", en="name", ja="名前"), Fact("text", en="total", ja="合計")
>>> board = Board(
...     (
...         row(Cell(name, 8), Cell(total, 6, right=True), heading=True),
...         row(Cell("Aki", 8), Cell("12", 6, right=True)),
...         Line(Fact("text", en="Aki is winning with the highest card of the colour led, the red 9.", ja="")),
...     ),
...     totals=True,
... )
>>> for line in board_lines(board, width=40):
...     print(line)
name     total
Aki         12
Aki is winning with the highest card of
  the colour led, the red 9.
>>> print(board_text(board, "ja").text.splitlines()[0])
名前      合計

A cell may take more room in a language written in wide characters (``wide``):

>>> fronts = Fact("text", en="Healer,Samurai", ja="ヒーラー・サムライ")
>>> [line + "|" for lang in ("en", "ja") for line in board_lines(Board((row(Cell(fronts, 16, wide=20), "1"),)), lang)]
['Healer,Samurai  1|', 'ヒーラー・サムライ  1|']
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.text import pad, visible
from companion.wrapping import cells
from scoring.board import Board, Cell, Line, Row
from scoring.words import say

WIDTH = 78  # an 80-column terminal, less the board's padding
MORE = "  …"  # the last line of a board cut to its height
# the languages written in wide characters, where a cell takes its ``wide`` width
WIDE = frozenset({"ja"})


@dataclass(frozen=True)
class BoardText:
    """A board as the table screen shows it: its lines, and whether it carries the running totals
    (then a narrow terminal gives it the whole width instead of the standings table)."""

    text: str
    totals: bool = False


def board_text(board: Board, lang: str = "en") -> BoardText:
    """The board as one text of the table screen's lines (``""`` for a game without a board)."""
    return BoardText("\n".join(board_lines(board, lang)), board.totals)


def board_lines(board: Board, lang: str = "en", width: int = WIDTH) -> list[str]:
    """The board's lines in ``lang``, each within ``width`` cells: rows as they are (cut with … if
    ever too long), lines wrapped or cut; at most ``board.height`` of them."""
    out: list[str] = []
    for part in board.parts:
        if isinstance(part, Row):
            out.append(_fit(_row(part, lang), width))
        else:
            out += _line(part, lang, width)
    if board.height and len(out) > board.height:
        out = [*out[: board.height - 1], MORE]
    return out


def _row(row: Row, lang: str) -> str:
    return "".join(_cell(cell, lang) for cell in row.cells)


def _cell(cell: Cell, lang: str) -> str:
    text = say(cell.words, lang)
    width = cell.wide if cell.wide and lang in WIDE else cell.width
    return pad(text, width, right=cell.right) if width else visible(text, one_line=True)


def _fit(text: str, width: int) -> str:
    """A line without its trailing spaces, cut with … where it is wider than ``width``."""
    text = text.rstrip()
    return text if cells(text) <= width else pad(text, width).rstrip()


def _line(line: Line, lang: str, width: int) -> list[str]:
    said = visible(say(line.words, lang), one_line=True)
    if line.items or line.tail:
        items = [visible(say(item, lang), one_line=True) for item in line.items]
        return [x.rstrip() for x in listed(said, items, visible(say(line.tail, lang), one_line=True), width)]
    if not said.strip():
        return []
    if line.cut:
        return [_fit(said, width)]
    return [x.rstrip() for x in wrap(said, width)]


def wrap(line: str, width: int = WIDTH) -> list[str]:
    """``line`` in lines of at most ``width`` cells, broken at a space where there is one,
    continued two cells further in than it starts.

    >>> wrap("Aki (Mayor): 1 Queen(s) + 0 Jack(s) − 2 King(s) not taken", 30)
    ['Aki (Mayor): 1 Queen(s) + 0', '  Jack(s) − 2 King(s) not', '  taken']
    """
    indent = " " * (len(line) - len(line.lstrip()) + 2)
    out: list[str] = []
    while cells(line) > width:
        cut, used = 0, 0
        for i, ch in enumerate(line):
            used += cells(ch)
            if used > width:
                break
            cut = i + 1
        space = line.rfind(" ", len(indent) if out else 0, cut + 1)
        if space > len(indent):
            out.append(line[:space].rstrip())
            rest = line[space + 1 :]
        else:
            out.append(line[:cut])
            rest = line[cut:]
        line = indent + rest.lstrip()
    out.append(line)
    return out


def listed(head: str, items: list[str], tail: str = "", width: int = WIDTH) -> list[str]:
    """``head`` and the items after it, wrapped at ``width`` cells one whole item at a time (later
    lines indented under the first item), then ``tail`` where it still fits.

    >>> listed("Trash:", ["ONOM", "RSOL", "OSOL", "PNOM"], "   Deck: 10", 24)
    ['Trash: ONOM RSOL OSOL', '      PNOM   Deck: 10']
    >>> listed("捨て札：", ["橙遊牧民", "赤兵士"], "   山札：10")
    ['捨て札：橙遊牧民 赤兵士   山札：10']
    """
    lines: list[str] = []
    line = head
    indent = " " * min(cells(head), 10)
    for item in items:
        if cells(line) + 1 + cells(item) > width and line.strip():
            lines.append(line)
            line = indent + item
        else:
            line = f"{line}{'' if line.endswith(('：', ': ', ' ')) else ' '}{item}"
    if tail:
        if cells(line) + cells(tail) > width:
            lines.append(line)
            line = indent + tail.strip()
        else:
            line += tail
    lines.append(line)
    return lines
