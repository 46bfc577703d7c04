"""A line drawn in braille: how a number moved game after game (a player's rating), in a few rows of
a terminal 80 columns wide.

Each cell is a braille letter of two columns and four rows of dots, so a chart ``width`` cells wide
and ``height`` rows high has ``2 × width`` points across and ``4 × height`` steps up. The first
value is at the left edge and the last at the right edge, the ones between spread evenly (a value
between two points is read off the straight line joining them, and a history longer than the
chart is sampled the same way); each column's dot is joined to the one before by the dots between,
so the line never breaks. The highest value touches the top row and the lowest the bottom one;
equal values draw a flat line across the middle. Braille letters take one cell in every terminal,
Japanese ones too (their East Asian width is neutral). An empty cell is a space.

>>> braille([0, 1, 2, 3], 4, 1)
['⣀⡤⠖⠋']
>>> braille([5.0, 5.0], 3, 1)
['⠤⠤⠤']
"""

from __future__ import annotations

from collections.abc import Sequence

# the dot of each (column, row) of a braille cell, rows from the top (Unicode's braille patterns)
_DOTS = ((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))
_BLANK = 0x2800


def braille(values: Sequence[float], width: int, height: int = 4) -> list[str]:
    """``values`` as a line ``width`` cells wide and ``height`` rows high, top row first."""
    if not values or width < 1 or height < 1:
        return []
    across, up = 2 * width, 4 * height
    low, high = min(values), max(values)
    span = high - low

    def level(value: float) -> int:
        """The dot row of ``value``, 0 at the bottom."""
        if not span:
            return (up - 1) // 2
        return round((value - low) / span * (up - 1))

    cells = [[0] * width for _ in range(height)]
    before = None
    for x in range(across):
        at = x * (len(values) - 1) / (across - 1) if len(values) > 1 else 0.0
        k = int(at)
        value = values[k] if k + 1 >= len(values) else values[k] + (values[k + 1] - values[k]) * (at - k)
        now = level(value)
        # the dots from the level before to this one: a steep move is a line, not two dots apart
        lo, hi = (now, now) if before is None else (min(before, now), max(before, now))
        if before is not None and hi - lo > 1:
            lo, hi = (lo + 1, hi) if now > before else (lo, hi - 1)
        for y in range(lo, hi + 1):
            row = up - 1 - y  # from the top
            cells[row // 4][x // 2] |= _DOTS[x % 2][row % 4]
        before = now
    return ["".join(chr(_BLANK + bits) if bits else " " for bits in line) for line in cells]
