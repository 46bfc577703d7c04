"""The chart of the running totals on a session's page, drawn from real games replayed through the
registry: every point stands at the player's total after that round, read back off the chart's own
axis; names are text; nothing in it needs a style the page's Content-Security-Policy blocks."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from itertools import pairwise
from pathlib import Path

from companion.web.chart import running_totals
from companion.web.templating import static
from scoring.game import Position
from scoring.registry import get
from scoring.standings import Standings

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"


def record(game: str, example: str) -> dict:
    return json.loads((ROOT / "examples" / game / f"{example}.json").read_text())


def replayed(game: str, example: str, rec: dict | None = None) -> Position:
    g = get(game)
    header, entries = g.split(rec or record(game, example))
    return g.replay(header, entries)


def after_rounds(game: str, example: str, rounds: int) -> Position:
    """The position the moment the ``rounds``-th round is scored."""
    g = get(game)
    header, entries = g.split(record(game, example))
    position = g.new(header)
    for entry in entries:
        position = g.apply(position, entry)
        if max(len(s.rounds) for s in position.scored.standings.places) == rounds:
            return position
    raise AssertionError(f"{example} never finishes round {rounds}")


class Drawn:
    """A chart read back as a phone shows it: its axis, each player's line and markers."""

    def __init__(self, svg: str):
        self.root = ET.fromstring(svg)  # well-formed XML, or this raises
        axis = next(g for g in self.root.iter(f"{SVG}g") if g.get("class") == "axis")
        texts = [(t.text or "", float(t.get("x")), float(t.get("y"))) for t in axis.iter(f"{SVG}text")]
        self.values = [(int(text), y) for text, _, y in texts if re.fullmatch(r"-?\d+", text)]
        self.rounds = [(text, x) for text, x, _ in texts if not re.fullmatch(r"-?\d+", text)]  # R1 …, 1回 …
        groups = [g for g in self.root.iter(f"{SVG}g") if re.fullmatch(r"p\d", g.get("class", ""))]
        self.names = {g.get("class"): g.find(f"{SVG}text").text for g in groups}
        self.marks = {self.names[g.get("class")]: [m for m in g if m.get("class") == "mark"] for g in groups}
        self.keys = {self.names[g.get("class")]: [m for m in g if m.get("class") == "key"] for g in groups}
        self.lines = {
            self.names[line.get("class").split()[1]]: [
                tuple(float(c) for c in point.split(",")) for point in line.get("points").split()
            ]
            for line in self.root.iter(f"{SVG}polyline")
        }
        zero = next(p for p in self.root.iter(f"{SVG}path") if p.get("class") == "zero")
        self.zero_y = float(re.match(r"M[\d.]+ ([\d.]+)", zero.get("d")).group(1))

    def value(self, y: float) -> float:
        """The total a height stands for, by the axis's own numbers."""
        (v1, y1), (v2, y2) = self.values[0], self.values[-1]
        return v1 + (y - y1) * (v2 - v1) / (y2 - y1)

    def totals(self, player: str) -> list[int]:
        """The totals the player's line passes through after each round (its start is 0)."""
        return [round(self.value(y)) for _, y in self.lines[player][1:]]


def test_the_kings_five_players_lines_pass_through_each_running_total_and_dan_dips_under_zero():
    standings = replayed("kings", "game-5p").scored.standings
    drawn = Drawn(running_totals(standings, "en", ("Aki", "Ben", "Chie", "Dan", "Emi")))
    # Chie 70 60 120, Emi 20 0 200, Ben 120 0 20, Aki 0 50 50, Dan 0 20 -30
    assert drawn.totals("Chie") == [70, 130, 250]
    assert drawn.totals("Emi") == [20, 20, 220]
    assert drawn.totals("Ben") == [120, 120, 140]
    assert drawn.totals("Aki") == [0, 50, 100]
    assert drawn.totals("Dan") == [0, 20, -10]
    assert all(round(drawn.value(y)) == 0 for _, y in (line[0] for line in drawn.lines.values()))
    assert drawn.lines["Dan"][-1][1] > drawn.zero_y  # -10 lies under the zero line
    assert [v for v, _ in drawn.values] == [0, 100, 200]
    assert [r for r, _ in drawn.rounds] == ["R1", "R2", "R3"]
    # each round's number stands under that round's points
    assert [x for _, x in drawn.rounds] == [x for x, _ in drawn.lines["Chie"][1:]]
    assert {p: len(m) for p, m in drawn.marks.items()} == {"Aki": 3, "Ben": 3, "Chie": 3, "Dan": 3, "Emi": 3}


def test_each_player_has_a_shape_of_their_own_and_keeps_colour_and_shape_when_the_lead_changes():
    seats = ("Aki", "Ben", "Chie", "Dan", "Emi")
    early = after_rounds("kings", "game-5p", 1).scored.standings  # Ben leads on 120
    late = replayed("kings", "game-5p").scored.standings  # Chie won on 250
    assert early.places[0].player == "Ben" and late.places[0].player == "Chie"
    for standings in (early, late):
        drawn = Drawn(running_totals(standings, "en", seats))
        assert drawn.names == {f"p{i}": p for i, p in enumerate(seats)}
        shapes = {p: _outline(m[0]) for p, m in drawn.marks.items()}
        assert len(set(shapes.values())) == 5, shapes
        assert all(_outline(m) == shapes[p] for p, marks in drawn.marks.items() for m in marks)


def _outline(mark: ET.Element) -> str:
    """A marker's shape without where it stands: its path's moves, or its element's name."""
    return re.sub(r"[-\d.]+", "", mark.get("d", "")) or mark.tag


def test_sheriffs_six_deals_are_six_rounds_told_in_japanese():
    standings = replayed("sheriff", "game-6-deals").scored.standings
    svg = running_totals(standings, "ja", ("Aki", "Ben", "Chie"))
    drawn = Drawn(svg)
    assert drawn.root.get("role") == "img"
    assert drawn.root.get("aria-label") == drawn.root.find(f"{SVG}title").text == "ラウンドごとの累計"
    assert [r for r, _ in drawn.rounds] == ["1回", "2回", "3回", "4回", "5回", "6回"]
    assert drawn.totals("Aki") == [0, 1, 2, 5, 6, 9]
    assert drawn.totals("Ben") == [2, 2, 3, 3, 5, 5]
    assert drawn.totals("Chie") == [2, 2, 2, 2, 3, 3]
    assert drawn.root.find(f"{SVG}desc").text.startswith("Akiの累計：0、1、2、5、6、9。")
    assert [v for v, _ in drawn.values] == [0, 2, 4, 6, 8]


def test_the_english_chart_is_named_and_tells_every_total_in_words():
    standings = replayed("trickster", "game-4p-introductory").scored.standings
    drawn = Drawn(running_totals(standings, "en", ("Aki", "Ben", "Chie", "Dan")))
    assert drawn.root.get("aria-label") == "Running totals, round by round"
    assert drawn.root.find(f"{SVG}desc").text == (
        "Chie after each round: 4, 6, 11. Aki after each round: 5, 9, 16. "
        "Ben after each round: 6, 11, 17. Dan after each round: 11, 19, 29."
    )
    assert drawn.totals("Dan") == [11, 19, 29]


def test_one_round_over_is_a_chart_of_lines_from_nothing_to_each_total():
    standings = replayed("phantom", "base-4p").scored.standings  # Ben 4, Dan 3, Aki 2, Chie 1
    drawn = Drawn(running_totals(standings, "en", ("Aki", "Ben", "Chie", "Dan")))
    assert [r for r, _ in drawn.rounds] == ["R1"]
    assert {p: drawn.totals(p) for p in drawn.lines} == {"Aki": [2], "Ben": [4], "Chie": [1], "Dan": [3]}
    assert all(len(line) == 2 for line in drawn.lines.values())


def test_before_the_first_round_is_over_there_is_no_chart():
    fresh = get("kings").new({"players": ["Aki", "Ben", "Chie", "Dan"]})
    assert running_totals(fresh.scored.standings, "en", ("Aki", "Ben", "Chie", "Dan")) == ""
    underway = after_rounds("trickster", "game-4p-introductory", 0)  # the first card played
    assert underway.entries and running_totals(underway.scored.standings, "en") == ""
    # LOUDER TRICKSTAR has no rounds: its standings table has no R columns, and no chart either
    louder = replayed("louder", "game-4p").scored.standings
    assert [s.total for s in louder.places] == [11, -6, -9, -10]
    assert running_totals(louder, "ja") == ""


def test_a_name_that_looks_like_markup_is_shown_as_text():
    rec = record("sheriff", "scoresheet-3-deals")
    renamed = {"Aki": "<script>", "Ben": '"><b>'}
    rec = json.loads(json.dumps(rec), object_hook=lambda d: {renamed.get(k, k): v for k, v in d.items()})
    rec["players"] = [renamed.get(p, p) for p in rec["players"]]
    standings = replayed("sheriff", "scoresheet-3-deals", rec).scored.standings
    assert [s.player for s in standings.places] == ["<script>", "Chie", '"><b>']
    svg = running_totals(standings, "en", rec["players"])
    assert "<script" not in svg and "<b>" not in svg
    assert "&lt;script&gt;" in svg and "&#34;&gt;&lt;b&gt;" in svg  # the quote as the templates escape it
    drawn = Drawn(svg)
    assert set(drawn.lines) == {"<script>", '"><b>', "Chie"}
    assert drawn.totals("<script>") == [1, 5, 9] and drawn.totals('"><b>') == [2, 2, 6]


def test_the_chart_needs_no_style_the_pages_policy_blocks_and_is_the_same_every_time():
    for game, example in [
        ("kings", "game-5p"),
        ("sheriff", "game-6-deals"),
        ("trickster", "game-5p-strategy"),
        ("trickster", "game-2p-timeline"),
        ("phantom", "poker-2p"),
    ]:
        standings: Standings = replayed(game, example).scored.standings
        svg = running_totals(standings, "en")
        root = ET.fromstring(svg)
        assert not [e.tag for e in root.iter() if "style" in e.attrib or e.tag == f"{SVG}style"]
        assert root.get("viewBox").startswith("0 0 ") and root.get("width") == "100%"
        assert svg == running_totals(replayed(game, example).scored.standings, "en")
    # each player's class has its colour in the style sheet, for light mode and dark
    style = static("style.css").body.decode()
    chart_css = style[style.index("svg.chart") :]
    assert all(f".chart .p{i} {{ color: var(--c{i}); }}" in chart_css for i in range(7))
    assert "prefers-color-scheme: dark" in chart_css


def test_players_tied_at_the_end_have_their_names_apart_each_with_its_shape():
    standings = replayed("trickster", "scoresheet-5p-tiebreak").scored.standings
    # Chie 1 0 1, Emi 0 1 2, Dan 1 2 0, Ben 1 1 3, Aki 1 2 2: Emi and Dan end on 3, Ben and Aki on 5
    drawn = Drawn(running_totals(standings, "en", ("Aki", "Ben", "Chie", "Dan", "Emi")))
    ends = {p: drawn.totals(p)[-1] for p in drawn.lines}
    assert ends == {"Chie": 2, "Emi": 3, "Dan": 3, "Ben": 5, "Aki": 5}
    heights = sorted(float(t.get("y")) for t in drawn.root.iter(f"{SVG}text") if t.get("class") == "name")
    assert all(b - a >= 17 for a, b in pairwise(heights))
    # a name moved away from its line's end has the line's shape beside it
    assert sum(len(k) for k in drawn.keys.values()) >= 2
    assert all(_outline(k) == _outline(drawn.marks[p][0]) for p, keys in drawn.keys.items() for k in keys)


def test_the_phone_and_the_laptop_draw_one_series_with_one_rule_for_the_labels():
    """The phone's SVG and the scoreboard's braille chart (F5) take one series (its totals from 0,
    its bounds) and label their axes by one rule, so the two never tell a table different numbers."""
    from companion.table.running_totals import draw, series, ticks

    seats = ("Aki", "Ben", "Chie", "Dan", "Emi")
    standings = replayed("kings", "game-5p").scored.standings
    shown = series(standings.places, seats)
    assert shown.totals["Chie"] == [0, 70, 130, 250] and shown.totals["Dan"] == [0, 0, 20, -10]
    drawn = Drawn(running_totals(standings, "en", seats))
    for player in seats:
        assert [0, *drawn.totals(player)] == shown.totals[player]
    assert [v for v, _ in drawn.values] == ticks(shown.low, shown.high) == [0, 100, 200]
    terminal = draw(standings.places, seats)
    plot = terminal.lines()[terminal.legend_lines : -1]  # the rows between the legend and the rounds
    labels = [int(line.split()[0]) for line in plot if re.match(r"\s*-?\d+ [┤┼]", line)]
    assert labels == sorted(ticks(terminal.low, terminal.high, 5), reverse=True) == [200, 100, 0]
