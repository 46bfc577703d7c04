"""The running totals round by round: the one series both charts draw (``series``: every line from 0
before the first round, the same bounds and the same labelled values, ``ticks``), and its drawing as
a line chart in a terminal (the scoreboard, F5); the phone's page draws the same series as an SVG
(``companion.web.chart``).

Each player's total after every round is a point, joined to the one before by a line of braille
dots (a cell holds 2 × 4 of them), starting from 0 before the first round. Every point is the
player's marker letter, so the lines are told apart without colour (the screen colours them too):
the player's initial where no one else has it, else another letter of the name, else a digit; the
legend names each marker's player with their total. Rows are labelled with totals a step apart
(1, 2 or 5 times a power of ten), a dashed line stands at 0 when a total went below it, and the
rounds are named under the plot as the standings table heads them (R1, R2, …).

Everything is text of one cell a character (box drawing, braille, ASCII) but the names in the
legend, measured in cells, so a Japanese name keeps the legend in line; the chart is as wide as
``width`` cells and is the same for the same standings, character for character.

Aki scores 4 then 5; Ben 2, then loses 5 and ends below the zero line:

>>> from scoring.standings import rank
>>> table = rank({"Aki": 9, "Ben": -3}, lower_wins=False, rounds={"Aki": (4, 5), "Ben": (2, -5)})
>>> for line in draw(table.places, width=36, height=6).lines():
...     print(line)
A Aki 9   B Ben -3
  │                          ⣀⡠⠤⠒⠊A
  │                    ⣀⡠⠤⠒⠊⠉
5 ┤             ⣀⣀⠤A⠒⠊⠉
  │   ⢀⣀⣀⣤⣤⣒⣒⠮⠭⠭⠤⠒⠒B⠤⢄⣀
0 ┼⠒⠚⠉⠉⠉⠉┄┄┄┄┄┄┄┄┄┄┄┄┄┄⠉⠑⠒⠤⢄⣀┄┄┄┄┄┄┄
  │                          ⠉⠑⠒⠤⢄B
  └────────────────R1─────────────R2
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import accumulate, pairwise

from companion.words import round_head
from companion.wrapping import cells
from scoring.standings import Standing

WIDTH = 74  #: the scoreboard's text at 80 columns: its frame, margins and scroll bar take 6
HEIGHT = 9  #: plot rows: a 5-player table, the chart and its legend fit 80×24 together
DIGITS = "123456789"  #: markers for players no letter of whose name is free (アキ, or a ninth Aki)
ZERO = "┄"  #: the line at 0, where a total went below it
# a braille cell's dots, by (column, row) within the cell: U+2800 plus their bits
_DOT = ((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))
_BRAILLE = 0x2800

Piece = tuple[str, str | None]  #: a run of text and the player it draws (None: the frame, a label)


def running(rounds: Sequence[int]) -> list[int]:
    """The total before the first round (0) and after each round.

    >>> running((70, 90, -30))
    [0, 70, 160, 130]
    """
    return list(accumulate(rounds, initial=0))


def markers(players: Iterable[str]) -> dict[str, str]:
    """Each player's marker, one character: the first letter of the name (upper case) that no
    player before has taken, else a digit. Given in seat order, a player keeps a marker however the
    standings change.

    >>> markers(["Aki", "Ben", "Ann", "アキ", "Ai"])
    {'Aki': 'A', 'Ben': 'B', 'Ann': 'N', 'アキ': '1', 'Ai': 'I'}
    """
    taken: dict[str, str] = {}
    for player in players:
        letters = [ch.upper() for ch in player if ch.isascii() and ch.isalnum()]
        free = [ch for ch in [*letters, *DIGITS] if ch not in taken.values()]
        taken[player] = free[0] if free else "?"
    return taken


def step_for(low: int, high: int, most: int) -> int:
    """The step between the labelled rows: 1, 2 or 5 times a power of ten, the smallest that labels
    at most ``most`` values of ``low`` … ``high``.

    >>> step_for(-10, 340, 5), step_for(0, 29, 5), step_for(0, 1, 5)
    (100, 10, 1)
    """
    power = 10 ** max(0, math.floor(math.log10(max(high - low, 1) / most)))
    while True:
        for m in (1, 2, 5):
            step = m * power
            if len(range(-(-low // step) * step, high + 1, step)) <= most:
                return step
        power *= 10


def ticks(low: int, high: int, most: int = 5) -> list[int]:
    """The values an axis names: every multiple of ``step_for``'s step from ``low`` to ``high``
    (0 among them), as both charts label their rows.

    >>> ticks(-10, 350), ticks(0, 9), ticks(0, 29), ticks(-40, 120, 3)
    ([0, 100, 200, 300], [0, 2, 4, 6, 8], [0, 10, 20], [0, 50, 100])
    """
    step = step_for(low, high, most)
    return list(range(-(-low // step) * step, high + 1, step))


@dataclass(frozen=True)
class Series:
    """The running totals as both charts draw them: the players in the order that keeps each one's
    marker and colour however the standings reorder, each one's total before the first round (0)
    and after every round, and the bounds of them all (0 among them; never flat)."""

    order: tuple[str, ...]
    totals: dict[str, list[int]]
    rounds: int
    low: int
    high: int
    lang: str = "en"  #: the language of the rounds' names under the plot


def series(places: Sequence[Standing], seats: Sequence[str] = ()) -> Series | None:
    """The series of ``places`` (the standings, best first), or None before a round is over.
    ``seats`` (the players in seat order) orders the players; one missing from it comes after, in
    standings order.

    >>> from scoring.standings import rank
    >>> table = rank({"Aki": 9, "Ben": -3}, lower_wins=False, rounds={"Aki": (4, 5), "Ben": (2, -5)})
    >>> shown = series(table.places, seats=["Ben", "Aki"])
    >>> shown.order, shown.totals, shown.rounds, (shown.low, shown.high)
    (('Ben', 'Aki'), {'Aki': [0, 4, 9], 'Ben': [0, 2, -3]}, 2, (-3, 9))
    """
    totals = {s.player: running(s.rounds) for s in places}
    rounds = max((len(t) - 1 for t in totals.values()), default=0)
    if rounds == 0:
        return None
    order = tuple(p for p in seats if p in totals) + tuple(s.player for s in places if s.player not in seats)
    values = [v for t in totals.values() for v in t]
    low, high = min(values), max(values)  # 0 among them: every line starts there
    if low == high:
        high = low + 1  # everyone still on 0: a flat line along the bottom
    return Series(order, totals, rounds, low, high)


@dataclass(frozen=True)
class RunningChart:
    """A drawn chart: its lines as pieces (``rows``), and where it puts a round and a total."""

    rows: tuple[tuple[Piece, ...], ...]
    marks: dict[str, str]  #: each player's marker
    legend_lines: int  #: the legend's lines, at the top
    label_cells: int  #: the row labels' width: the plot starts after them and the axis
    plot_cells: int  #: the plot's width (a column of right margin follows, for the last round's name)
    height: int  #: the plot's rows
    rounds: int
    low: int
    high: int
    lang: str = "en"  #: the language of the rounds' names under the plot

    def lines(self) -> list[str]:
        """The chart as plain text, a line each (without the spaces that end it)."""
        return ["".join(text for text, _ in row).rstrip() for row in self.rows]

    def dot_row(self, total: int) -> int:
        """The row of braille dots (0 at the top) where ``total`` lies; a total below 0 lies below
        the zero line's row however close to 0 it is (``draw`` leaves a row under it)."""
        dot = self._dots(total)
        return max(dot, 4 * (self._dots(0) // 4 + 1)) if total < 0 else dot

    def _dots(self, total: int) -> int:
        return round((self.high - total) * (4 * self.height - 1) / (self.high - self.low))

    def row(self, total: int) -> int:
        """The plot row (0 at the top) where ``total`` lies: its marker's and its label's."""
        return self.dot_row(total) // 4

    def slot(self, after: int) -> tuple[int, int]:
        """The first and last plot columns where the markers of round ``after`` may stand: from
        halfway to the round before, to halfway to the next (or the right margin after the last)."""
        column = self.column(after)
        left = (self.column(after - 1) + column) // 2 + 1
        right = (column + self.column(after + 1)) // 2 if after < self.rounds else self.plot_cells
        return left, max(right, column)

    def column(self, after: int) -> int:
        """The plot column (0 right of the axis) of the totals ``after`` that many rounds (0: the
        start, where every total is 0)."""
        return round(after * (self.plot_cells - 1) / self.rounds)


def draw(
    places: Sequence[Standing],
    seats: Sequence[str] = (),
    width: int = WIDTH,
    height: int = HEIGHT,
    lang: str = "en",
) -> RunningChart | None:
    """The chart of ``places`` (the standings, best first), or None before a round is over.

    ``seats`` (the players in seat order) gives each player a marker that stays when the standings
    reorder; a player missing from it comes after, in standings order. The legend lists the players
    as the standings do; a player drawn later is drawn over one drawn before, so the best player's
    line is on top."""
    shown = series(places, seats)
    if shown is None:
        return None
    totals, rounds, low, high = shown.totals, shown.rounds, shown.low, shown.high
    marks = markers(shown.order)
    if low < 0:  # room under the zero line's row for the totals below 0, however close to 0
        low = min(low, -math.ceil(4 * high / (4 * height - 5)))
    labelled = ticks(low, high, max(2, (height + 1) // 2))
    label_cells = max(len(str(v)) for v in labelled)
    legend = _legend([(marks[s.player], s.player, s.total) for s in places], width)
    chart = RunningChart((), marks, len(legend), label_cells, width - label_cells - 3, height, rounds, low, high, lang)

    # the plot: braille dots, each cell remembering the player who drew in it last
    dots = [[0] * chart.plot_cells for _ in range(height)]
    owner: list[list[str | None]] = [[None] * chart.plot_cells for _ in range(height)]
    for s in reversed(places):  # the best last: on top
        points = [(2 * chart.column(k), chart.dot_row(v)) for k, v in enumerate(totals[s.player])]
        for (x0, y0), (x1, y1) in pairwise(points):
            for x, y in _segment(x0, y0, x1, y1):
                dots[y // 4][x // 2] |= _DOT[x % 2][y % 4]
                owner[y // 4][x // 2] = s.player
    cells_of: list[list[Piece]] = [
        [(chr(_BRAILLE + bits) if bits else " ", who) for bits, who in zip(dots[r], owner[r], strict=True)]
        + [(" ", None)]  # the right margin
        for r in range(height)
    ]
    zero = chart.row(0)
    if low < 0:  # the zero line, under the lines that cross it
        cells_of[zero] = [(ZERO, None) if text == " " else (text, who) for text, who in cells_of[zero]]
    _place_markers(cells_of, chart, [(s.player, totals[s.player]) for s in places])

    rows: list[tuple[Piece, ...]] = [tuple(line) for line in legend]
    label_of = {chart.row(v): str(v) for v in labelled}
    for r in range(height):
        axis = "┼" if r == zero and low < 0 else "┤" if r in label_of else "│"
        rows.append(_joined([(f"{label_of.get(r, ''):>{label_cells}} {axis}", None), *cells_of[r]]))
    rows.append(((" " * label_cells + " └" + _round_names(chart), None),))
    return replace(chart, rows=tuple(rows))


def _segment(x0: int, y0: int, x1: int, y1: int) -> list[tuple[int, int]]:
    """The dots of a straight line from one point to the next, both ends in (Bresenham's line)."""
    out = []
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x1 > x0 else -1), (1 if y1 > y0 else -1)
    err = dx + dy
    while True:
        out.append((x0, y0))
        if (x0, y0) == (x1, y1):
            return out
        twice = 2 * err
        if twice >= dy:
            err += dy
            x0 += sx
        if twice <= dx:
            err += dx
            y0 += sy


def _place_markers(cells_of: list[list[Piece]], chart: RunningChart, lines: list[tuple[str, list[int]]]) -> None:
    """Each player's marker at their total after every round. Players whose totals fall in one
    cell stand side by side in standings order, a ``·`` between them where the stretch has room (so
    markers 1, 3, 2 and 4 of four players tied read ``1·3·2·4``, never the number 1324), from the
    round's column rightwards, moved left as far as they must to fit in the round's own stretch of
    the row (halfway to the rounds beside it, or the right edge); those that still do not fit are a
    ``+`` in the last place."""
    for k in range(1, chart.rounds + 1):
        column = chart.column(k)
        left, right = chart.slot(k)
        at: dict[int, list[str]] = {}
        for player, totals in lines:
            if k < len(totals):
                at.setdefault(chart.row(totals[k]), []).append(player)
        for r, players in at.items():
            room = right - left + 1
            shown: list[str | None] = [*players] if len(players) <= room else [*players[: room - 1], None]
            pieces: list[Piece] = [(chart.marks[p], p) if p else ("+", None) for p in shown]
            if len(pieces) > 1 and 2 * len(pieces) + 1 <= room:  # apart, where there is room to spare
                pieces = [piece for p in pieces for piece in (("·", None), p)][1:]
            start = max(left, min(column, right - len(pieces) + 1))
            for n, piece in enumerate(pieces):
                cells_of[r][start + n] = piece


def _round_names(chart: RunningChart) -> str:
    """The axis under the plot, each round's name (R1, R2, …) centred under its column; where
    the names would touch, every second (or third …) round is named and the others ticked."""
    axis = ["─"] * (chart.plot_cells + 1)
    room = chart.column(1) - chart.column(0)
    every = max(1, math.ceil((cells(round_head(chart.rounds, chart.lang)) + 1) / max(room, 1)))
    for k in range(1, chart.rounds + 1):
        name = round_head(k, chart.lang)
        if k % every and k != chart.rounds:
            axis[chart.column(k)] = "┬"
            continue
        # a wide character takes two cells of the axis: it stands in the first, and the second is dropped
        shown = [piece for ch in name for piece in ((ch, "") if cells(ch) == 2 else (ch,))][: len(axis)]
        start = min(chart.column(k) - (len(shown) - 1) // 2, len(axis) - len(shown))
        axis[start : start + len(shown)] = shown
    return "".join(axis)


def _legend(entries: list[tuple[str, str, int]], width: int) -> list[list[Piece]]:
    """``A Aki 9   B Ben 5``: each marker, its player and their total, in lines of ``width`` cells."""
    lines: list[list[Piece]] = [[]]
    used = 0
    for mark, player, total in entries:
        entry = [(mark, player), (f" {player} {total}", None)]
        size = cells(mark + entry[1][0])
        if used and used + 3 + size > width:
            lines.append([])
            used = 0
        if used:
            lines[-1].append(("   ", None))
            used += 3
        lines[-1] += entry
        used += size
    return lines


def _joined(pieces: Sequence[Piece]) -> tuple[Piece, ...]:
    """Neighbouring pieces of one player (or none) as one piece: fewer runs to colour."""
    out: list[Piece] = []
    for text, who in pieces:
        if out and out[-1][1] == who:
            out[-1] = (out[-1][0] + text, who)
        else:
            out.append((text, who))
    return tuple(out)
