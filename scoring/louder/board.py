"""The LOUDER TRICKSTAR board: the field face down, hands, collected cards and whose turn it is.

It is drawn from what the table has seen (the position's public state, what ``GAME.public``
shows), never from the cards lying face down, and in at most 11 lines of 76 cells (an 80-column
terminal): the players on the left, the field beside them, or below them when it is wide.

>>> from scoring.louder.game import GAME
>>> from scoring.words import say
>>> p = GAME.new({"players": ["Aki", "Ben", "Chie"]})
>>> shown = louder_board(p)
>>> [say(cell.words) for cell in shown.parts[0].cells]
['Deck 51 · Aki to play', '', 'The field is empty.']
"""

from __future__ import annotations

from scoring.board import Board, Cell, row
from scoring.game import Position
from scoring.louder.engine import OVER, State
from scoring.louder.words import fact
from scoring.words import Words

WIDTH = 76  # the board's cells in an 80-column terminal (its padding and the screen's edge aside)
HEIGHT = 11  # the lines the table screen gives a board
SIDE = 42  # the players' side, the field beside it
NARROW = 36  # the field's cells on a phone (360 px across, in fixed-width type)
CUT_ROOM = 13  # the cells the mark of a cut field takes in its widest language ("(more beyond)")

Cells = tuple[Cell, ...]


def _players(s: State, finished: bool, totals: dict[str, int]) -> list[Cells]:
    """The status line, then one row per player: hand, collected numbers, points, strategy cards
    used; each ``SIDE`` cells wide."""
    if finished:
        status = fact("board.over")
    elif s.phase == OVER:
        status = fact("board.deck_out")
    else:
        status = fact("board.turn", n=s.deck, who=s.players[s.turn])
    rows: list[Cells] = [
        (Cell(status, 40), Cell("", SIDE - 40)),
        _player_row(*(fact(f"board.{head}") for head in ("name", "hand", "collected", "points", "used"))),
    ]
    for p, who in enumerate(s.players):
        got = " ".join(str(c.number) for c in s.collected[p]) or "—"
        while len(got) > 12:  # the latest cards, when they do not all fit (digits, signs and … take a cell each)
            got = "…" + got[2:].partition(" ")[2]
        rows.append(_player_row(who, str(s.hands[p]), got, str(totals.get(who, 0)), str(len(s.strategy[p]))))
    return rows


def _player_row(who: Words, hand: Words, got: Words, points: Words, used: Words) -> Cells:
    """A player's row, or the heading's: the columns a space apart (two before the collected cards)."""
    return (
        Cell(who, 8),
        Cell(" "),
        Cell(hand, 4, right=True),
        Cell("  "),
        Cell(got, 12),
        Cell(" "),
        Cell(points, 6, right=True),
        Cell(" "),
        Cell(used, 4, right=True),
        Cell("", 3),
    )


def _field(s: State, width: int, rows: int) -> list[Cells]:
    """The field face down, with its coordinates (x across, y down), in ``width`` cells and ``rows``
    rows below its header: cut around its middle, and marked so, when it is larger."""
    if not s.field:
        return [(Cell(fact("board.empty")),)]
    xs = sorted({x for x, _ in s.field})
    ys = sorted({y for _, y in s.field})
    x0, x1, y0, y1 = xs[0], xs[-1], ys[0], ys[-1]
    columns = (width - 4) // 3
    cut = x1 - x0 + 1 > columns or y1 - y0 + 1 > rows
    if cut:  # room for the mark that says so
        columns = (width - 4 - 1 - CUT_ROOM) // 3
    if x1 - x0 + 1 > columns:
        x0 = (x0 + x1 - columns + 1) // 2
        x1 = x0 + columns - 1
    if y1 - y0 + 1 > rows:
        y0 = (y0 + y1 - rows + 1) // 2
        y1 = y0 + rows - 1
    head: Cells = (Cell("    " + "".join(f"{x:>3}" for x in range(x0, x1 + 1))),)
    if cut:
        head += (Cell(" "), Cell(fact("board.cut")))
    lines = [head]
    for y in range(y0, y1 + 1):
        marks = "".join("  ■" if (x, y) in s.field else "  ·" for x in range(x0, x1 + 1))
        lines.append((Cell(f"{y:>3} " + marks),))
    return lines


def louder_board(position: Position) -> Board:
    """The board of a position: the players on the left, the field on the right (or below, when it
    is wide), everything from what the table has seen."""
    s = position.state.public
    totals = {st.player: st.total for st in position.scored.standings.places}
    left = _players(s, position.finished, totals)
    side = WIDTH - SIDE
    span_x = (max(x for x, _ in s.field) - min(x for x, _ in s.field) + 1) if s.field else 0
    if span_x * 3 + 4 <= side or not s.field:
        right = _field(s, side, HEIGHT - 1)
        beside: Cells = (Cell("", SIDE),)
        lines = [
            (left[i] if i < len(left) else beside) + (right[i] if i < len(right) else ())
            for i in range(max(len(left), len(right)))
        ]
    else:
        lines = left + _field(s, WIDTH, HEIGHT - len(left) - 1)
    # on a phone: the status, the players' table (each player stacked under its heading), then the field
    narrow = (
        row(*left[0]),
        row(*left[1], heading=True),
        *(row(*cells) for cells in left[2:]),
        *(row(*cells, drawn=True) for cells in _field(s, NARROW, HEIGHT)),
    )
    return Board(tuple(row(*cells) for cells in lines), totals=True, narrow=Board(narrow, totals=True))
