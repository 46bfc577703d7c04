"""The chart of the running totals, round by round: an inline SVG drawn by Companion itself (a
table may have no internet, so no chart library from a CDN). Here is where everything stands; the
template ``templates/chart.svg`` writes it.

The page's Content-Security-Policy allows no ``style`` attribute and no ``<style>`` element, so
the chart paints with presentation attributes and ``currentColor`` alone; the pages' one style
sheet (``static/style.css``) gives each player's line its colour, in light mode or dark. Each line
is told apart without colour too: its own marker shape at every round, and the player's name with
that shape at the line's end. A name is escaped (``<script>`` reads as text).

>>> from scoring.standings import rank
>>> table = rank({"Aki": 9, "Ben": 5}, lower_wins=False, rounds={"Aki": (4, 5), "Ben": (6, -1)})
>>> svg = running_totals(table, "en")
>>> svg.startswith("<svg"), "R2" in svg, "Ben after each round: 6, 5." in svg
(True, True, True)
>>> running_totals(rank({"Aki": 0}, lower_wins=False), "ja")
''
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from companion.table.running_totals import series, ticks
from companion.web.templating import render
from companion.words import round_head, t
from companion.words.formats import join, number
from companion.wrapping import cells
from scoring.standings import Standings

# the chart's own units: the viewBox is as wide as a phone's column (390 points less the page's
# margins), so one unit is about one CSS pixel there and the text reads at its own size
WIDTH = 360
TOP = 10  #: above the highest point: room for its marker
PLOT_HEIGHT = 180
BELOW = 28  #: under the plot: the round numbers
TICK_FONT = 13
NAME_FONT = 14
NAME_GAP = 17  #: the least distance between two names at the lines' ends
NAME_CELLS = 12  #: a longer name is cut with "…" (the standings table beside it has it whole)
EM_PER_CELL = 0.6  #: a terminal cell's width in ems, an upper guess for a proportional font
COLOURS = 7  #: p0 … p6 in static/style.css; an eighth player takes p0's colour with its own shape


def _n(value: float) -> str:
    """A coordinate as the SVG writes it: one decimal at most, the same on every machine."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


# one shape for each of seven players, of about the same weight, so no line needs its colour (each
# drawn by chart.svg's ``shape``)
SHAPES = ("circle", "square", "triangle", "diamond", "triangle down", "plus", "cross")


def _cut(name: str) -> str:
    """``name`` in at most ``NAME_CELLS`` cells, cut with "…"."""
    if cells(name) <= NAME_CELLS:
        return name
    while cells(name + "…") > NAME_CELLS:
        name = name[:-1]
    return name + "…"


def _width(text: str, font: int) -> float:
    return cells(text) * EM_PER_CELL * font


def _spread(wanted: Sequence[float], gap: float, low: float, high: float) -> list[float]:
    """Heights near ``wanted`` (in its order) at least ``gap`` apart, within ``low`` … ``high``:
    names at the ends of lines that end close together stand one under another."""
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])  # a stable sort: ties keep rank order
    ys = [min(max(wanted[i], low), high) for i in order]
    for k in range(1, len(ys)):
        ys[k] = max(ys[k], ys[k - 1] + gap)
    if ys and ys[-1] > high:
        ys[-1] = high
        for k in range(len(ys) - 2, -1, -1):
            ys[k] = min(ys[k], ys[k + 1] - gap)
    out = [0.0] * len(ys)
    for k, i in enumerate(order):
        out[i] = ys[k]
    return out


def running_totals(standings: Standings, lang: str, seats: Sequence[str] = (), title: str = "") -> str:
    """The chart as an inline ``<svg>`` in ``lang``, or "" before the first round is over.

    ``seats`` (the players in seat order) gives each player the same colour and shape on every
    refresh of the page, however the standings reorder; a player missing from it comes after, in
    standings order. ``title`` names another series drawn the same way. The same standings give
    the same text, byte for byte."""
    places = standings.places
    shown = series(places, seats)  # the series the terminal's chart draws too
    if shown is None:
        return ""
    order, totals, rounds, low, high = shown.order, shown.totals, shown.rounds, shown.low, shown.high
    # ``title``: another series drawn the same way (a player's rating after each game)
    title = title or t("Running totals, round by round", lang)
    style = {p: i for i, p in enumerate(order)}
    marks = ticks(low, high)
    names = {p: _cut(p) for p in totals}
    left = max(_width(number(v, lang), TICK_FONT) for v in marks) + 8
    right = max(_width(n, NAME_FONT) for n in names.values()) + 24
    plot = WIDTH - left - right
    bottom = TOP + PLOT_HEIGHT
    height = bottom + BELOW

    def x(k: int) -> float:  # k rounds over; 0 is the start, where every total is 0
        return left + plot * k / rounds

    def y(v: int) -> float:
        return bottom - PLOT_HEIGHT * (v - low) / (high - low)

    wanted = [y(totals[p][-1]) for p in order]
    ends = _spread(wanted, NAME_GAP, TOP, height - 6)
    step = math.ceil(28 / (plot / rounds))  # a round number takes about 28 units: no two overlap
    return render(
        "chart.svg",
        n=_n,
        width=WIDTH,
        height=height,
        title=title,
        desc=" ".join(
            t(
                "{player} after each round: {totals}.",
                lang,
                player=s.player,
                totals=join((number(v, lang) for v in totals[s.player][1:]), lang),
            )
            for s in places
        ),
        tick_font=TICK_FONT,
        name_font=NAME_FONT,
        left=left,
        right=left + plot,
        bottom=bottom,
        zero=y(0),
        grid=[y(v) for v in marks if v != 0],
        ticks=[(number(v, lang), y(v)) for v in marks],
        rounds=[(x(k), round_head(k, lang)) for k in range(1, rounds + 1, step)],
        # the lines first, then every marker above every line
        lines=[
            (style[p] % COLOURS, " ".join(f"{_n(x(k))},{_n(y(v))}" for k, v in enumerate(totals[p])))
            for p in order
            if len(totals[p]) > 1
        ],
        name_x=left + plot + 20,
        players=[
            {
                "colour": style[p] % COLOURS,
                "shape": SHAPES[style[p] % len(SHAPES)],
                "marks": [(x(k), y(v)) for k, v in enumerate(totals[p][1:], start=1)],
                # the name stands away from its line's end: its shape beside it
                "key": (left + plot + 12, end) if end != want or len(totals[p]) - 1 < rounds else None,
                "name_y": end,
                "name": names[p],
            }
            for p, want, end in zip(order, wanted, ends, strict=True)
        ],
    )
