"""The scoreboard (F5 at the table): the running totals round by round as a line chart, read back
as a player reads it (each marker on the row of the player's total, by the rows' own labels), and a
round's parts that wrap going on under the parts; ``companion score`` in a terminal does the same."""

import fcntl
import json
import os
import pty
import re
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest

from companion.exports.native import import_text
from companion.table.running_totals import RunningChart, draw, running
from companion.wrapping import cells
from scoring.game import Position
from scoring.registry import get
from scoring.standings import rank
from screens.app import CompanionApp
from screens.scoreboard import chart_text, round_table
from tests.app.pilot import quiet

ROOT = Path(__file__).resolve().parents[2]
SUITS = ("red", "orange", "yellow", "green", "blue", "purple", "black", "white")


def tableau(**counts: list[int]) -> dict:
    """A round's tableau: each player's count of every suit, red to white."""
    return {"tableau": {p: {s: n for s, n in zip(SUITS, c, strict=True) if n} for p, c in counts.items()}}


# Aki, Ben and Chie each end on 29 trouble by other rounds (10 9 10, 11 8 10, 8 10 11): every suit
# they hold is shared at the top, so nothing of theirs is exempt; Dan's lone cards tie Chie's
TIED_ON_29 = {
    "game": "trickster",
    "players": ["Aki", "Ben", "Chie", "Dan"],
    "rounds": [
        tableau(Aki=[2, 2, 2, 2, 1, 1, 0, 0], Ben=[2, 2, 2, 2, 1, 1, 1, 0], Chie=[1] * 8, Dan=[0, 0, 0, 0, 0, 0, 0, 1]),
        tableau(
            Aki=[2, 2, 2, 1, 1, 1, 0, 0],
            Ben=[2, 2, 1, 1, 1, 1, 0, 0],
            Chie=[2, 2, 2, 1, 1, 1, 1, 0],
            Dan=[0, 0, 0, 0, 0, 0, 1, 0],
        ),
        tableau(
            Aki=[2, 2, 2, 2, 1, 1, 0, 0],
            Ben=[2, 2, 2, 2, 1, 1, 0, 0],
            Chie=[2, 2, 2, 2, 1, 1, 1, 0],
            Dan=[0, 0, 0, 0, 0, 0, 1, 0],
        ),
    ],
}


class Drawn:
    """A chart read back as a player reads it: the legend's marker for each name, the totals the
    rows are labelled with, the column each round is named under, and where each marker stands."""

    def __init__(self, lines: list[str]):
        axis = next(i for i, line in enumerate(lines) if "└" in line)
        top = next(i for i, line in enumerate(lines) if re.match(r"\s*-?\d* [│┤┼]", line))
        self.legend, self.plot, self.axis = lines[:top], lines[top:axis], lines[axis]
        self.marks = {name: mark for line in self.legend for mark, name in re.findall(r"(\S) (\S+) -?\d+", line)}
        self.labels = {
            r: int(m.group(1)) for r, line in enumerate(self.plot) if (m := re.match(r"\s*(-?\d+) [┤┼]", line))
        }
        self.names = {int(m.group(1)): m.start() + (len(m.group()) - 1) // 2 for m in re.finditer(r"R(\d+)", self.axis)}
        ticks = [c for c, ch in enumerate(self.axis) if ch == "┬"]  # a round too close to name
        self.rounds = dict(enumerate(sorted([*self.names.values(), *ticks]), start=1))
        self.zero = next((r for r, line in enumerate(self.plot) if "┼" in line), None)

    def at(self, player: str, k: int) -> tuple[int, int]:
        """Where the player's marker stands after round ``k``: (row, column), the one nearest the
        round's column on its row."""
        mark, column = self.marks[player], self.rounds[k]
        found = [(abs(c - column), r, c) for r, line in enumerate(self.plot) for c, ch in enumerate(line) if ch == mark]
        near = min(found)
        apart = [abs(column - other) for other in self.rounds.values() if other != column]
        assert near[0] < min(apart, default=column) / 2  # in the round's own stretch of the row
        return near[1], near[2]

    def value(self, row: int) -> float:
        """The total a row stands for, by the rows' own labels."""
        (r1, v1), (r2, v2) = min(self.labels.items()), max(self.labels.items())
        return v1 + (row - r1) * (v2 - v1) / (r2 - r1)

    def per_row(self) -> float:
        (r1, v1), (r2, v2) = min(self.labels.items()), max(self.labels.items())
        return abs(v2 - v1) / (r2 - r1)

    def totals(self, player: str) -> list[int]:
        """The totals the player's markers stand at, round by round, read off the rows' labels."""
        return [round(self.value(self.at(player, k)[0])) for k in sorted(self.rounds)]


def replayed(game: str, example: str, rec: dict | None = None) -> Position:
    """A real game, replayed through the registry: its position at the end."""
    g = get(game)
    header, entries = g.split(rec or json.loads((ROOT / "examples" / game / f"{example}.json").read_text()))
    return g.replay(header, entries)


def assert_every_marker_at_its_running_total(chart: RunningChart, places) -> Drawn:
    """Each marker on the row of the player's total after that round, at the round's column, and
    read off the rows' labels within one row of it."""
    drawn = Drawn(chart.lines())
    for s in places:
        for k, total in enumerate(running(s.rounds)[1:], start=1):
            row, column = drawn.at(s.player, k)
            assert row == chart.row(total), (s.player, k, total)
            assert abs(drawn.value(row) - total) <= drawn.per_row(), (s.player, k, total, drawn.value(row))
            assert chart.slot(k)[0] <= column - chart.label_cells - 2 <= chart.slot(k)[1]
    return drawn


def test_the_kings_five_players_markers_stand_at_each_running_total_and_dan_dips_under_the_zero_line():
    places = replayed("kings", "game-5p").scored.standings.places
    chart = draw(places, ("Aki", "Ben", "Chie", "Dan", "Emi"))
    drawn = assert_every_marker_at_its_running_total(chart, places)
    # Chie 70 130 250, Emi 20 20 220, Ben 120 120 140, Aki 0 50 100, Dan 0 20 -10
    assert drawn.legend == ["C Chie 250   E Emi 220   B Ben 140   A Aki 100   D Dan -10"]
    assert sorted(drawn.names) == [1, 2, 3]
    assert drawn.labels[drawn.zero] == 0 and "┄" in drawn.plot[drawn.zero]  # the zero line
    assert drawn.at("Dan", 3)[0] > drawn.zero  # -10: under it
    assert drawn.at("Dan", 1)[0] == drawn.at("Aki", 1)[0] == drawn.zero  # 0: on it
    assert drawn.at("Chie", 3)[0] == 0 and drawn.totals("Chie")[-1] == pytest.approx(250, abs=drawn.per_row())
    assert all(len(line) <= 74 for line in chart.lines())  # the scoreboard's text at 80 columns
    assert chart.lines() == draw(places, ("Aki", "Ben", "Chie", "Dan", "Emi")).lines()  # the same every time


def test_sheriffs_six_deals_are_named_r1_to_r6_as_the_standings_table_heads_them():
    position = replayed("sheriff", "game-6-deals")
    places = position.scored.standings.places
    chart = draw(places, ("Aki", "Ben", "Chie"))
    drawn = assert_every_marker_at_its_running_total(chart, places)
    assert sorted(drawn.names) == [1, 2, 3, 4, 5, 6]
    assert round_table(places, "rank", "player", "total")[0].split()[2:8] == ["R1", "R2", "R3", "R4", "R5", "R6"]
    assert drawn.zero is None  # no total went below 0: no zero line
    # Aki 0 1 2 5 6 9, Ben 2 2 3 3 5 5, Chie 2 2 2 2 3 3, a row a total (0 … 9 on 9 rows)
    assert drawn.totals("Aki") == [0, 1, 2, 5, 6, 9]
    assert drawn.totals("Ben") == [2, 2, 3, 3, 5, 5]
    assert drawn.totals("Chie") == [2, 2, 2, 2, 3, 3]


def test_one_round_over_is_a_line_from_nothing_to_each_total():
    places = replayed("phantom", "base-4p").scored.standings.places  # Ben 4, Dan 3, Aki 2, Chie 1
    chart = draw(places, ("Aki", "Ben", "Chie", "Dan"))
    drawn = assert_every_marker_at_its_running_total(chart, places)
    assert list(drawn.names) == [1] and drawn.totals("Ben") == [4] and drawn.totals("Chie") == [1]
    assert drawn.labels[len(drawn.plot) - 1] == 0  # every line starts at 0, bottom left
    assert drawn.plot[-1][drawn.plot[-1].index("┤") + 1] != " "


def test_before_the_first_round_is_over_there_is_no_chart():
    fresh = get("kings").new({"players": ["Aki", "Ben", "Chie", "Dan"]})
    assert draw(fresh.scored.standings.places, ("Aki", "Ben", "Chie", "Dan")) is None
    g = get("trickster")
    header, entries = g.split(json.loads((ROOT / "examples/trickster/game-4p-introductory.json").read_text()))
    underway = g.replay(header, entries[:5])  # cards played, the first round not over
    assert underway.entries and draw(underway.scored.standings.places) is None
    louder = replayed("louder", "game-4p").scored.standings.places  # its totals have no rounds
    assert [s.total for s in louder] == [11, -6, -9, -10] and draw(louder) is None


# seven at a Trickster table (2–7), three rounds: two names start with A, one is in Japanese
SEVEN = ["Aki", "Ben", "Ann", "ゴロー", "Dan", "Emi", "Fumi"]
SEVEN_ROUNDS = [
    {
        "Aki": [1, 1, 0, 0, 0, 0, 0, 0],
        "Ben": [0, 1, 1, 0, 0, 0, 0, 0],
        "Ann": [1, 0, 0, 1, 1, 0, 0, 0],
        "ゴロー": [0, 0, 0, 0, 0, 1, 0, 0],
        "Dan": [2, 1, 1, 1, 0, 0, 0, 0],
        "Emi": [0, 0, 0, 0, 1, 1, 1, 1],
        "Fumi": [1, 1, 1, 1, 1, 1, 1, 0],
    },
    {
        "Aki": [0, 0, 2, 0, 1, 0, 0, 0],
        "Ben": [1, 1, 1, 1, 0, 0, 0, 0],
        "Ann": [0, 0, 0, 0, 0, 0, 1, 1],
        "ゴロー": [2, 2, 0, 0, 0, 0, 0, 0],
        "Dan": [0, 0, 0, 1, 1, 1, 0, 0],
        "Emi": [1, 0, 0, 0, 0, 0, 0, 0],
        "Fumi": [0, 1, 1, 1, 1, 1, 1, 1],
    },
    {
        "Aki": [1, 0, 0, 0, 0, 0, 0, 1],
        "Ben": [0, 0, 0, 0, 2, 2, 0, 0],
        "Ann": [1, 1, 1, 0, 0, 0, 0, 0],
        "ゴロー": [0, 1, 1, 1, 0, 0, 1, 0],
        "Dan": [0, 0, 0, 0, 0, 0, 0, 0],
        "Emi": [2, 2, 1, 1, 0, 0, 0, 0],
        "Fumi": [1, 0, 0, 1, 1, 1, 1, 1],
    },
]


def test_seven_players_each_have_a_marker_and_a_colour_and_five_tied_at_the_end_all_show():
    rec = {"game": "trickster", "players": SEVEN, "rounds": [tableau(**r) for r in SEVEN_ROUNDS]}
    places = get("trickster").read(rec).standings.places
    assert [(s.player, s.total) for s in places] == [
        ("ゴロー", 5), ("Aki", 5), ("Dan", 6), ("Ben", 6), ("Emi", 6), ("Ann", 8), ("Fumi", 20),
    ]  # fmt: skip
    chart = draw(places, SEVEN)
    # Ann's A is Aki's: her next letter; ゴロー has no letter: a digit
    assert chart.marks == {"Aki": "A", "Ben": "B", "Ann": "N", "ゴロー": "1", "Dan": "D", "Emi": "E", "Fumi": "F"}
    drawn = assert_every_marker_at_its_running_total(chart, places)
    assert drawn.legend == ["1 ゴロー 5   A Aki 5   D Dan 6   B Ben 6   E Emi 6   N Ann 8   F Fumi 20"]
    assert cells(drawn.legend[0]) <= 74
    # after R3 five totals of 5 and 6 share a row: side by side in standings order, none hidden
    assert drawn.plot[chart.row(5)].rstrip().endswith("1·A·D·B·E")  # apart: never read as a number
    text = chart_text(chart, SEVEN)
    colours = {text.plain[span.start : span.end]: span.style.color for span in text.spans if span.end - span.start == 1}
    assert len({colours[m] for m in chart.marks.values()}) == 7  # a colour each, the markers besides


def test_a_long_evening_of_20_rounds_names_every_second_round_and_ticks_the_others():
    # Aki scores 0, 1, 2 … 19 (190 in all), Ben 1 a round: "R20" is wider than a round's stretch
    rounds = {"Aki": tuple(range(20)), "Ben": (1,) * 20}
    places = rank({p: sum(r) for p, r in rounds.items()}, lower_wins=False, rounds=rounds).places
    chart = draw(places, ("Aki", "Ben"))
    drawn = assert_every_marker_at_its_running_total(chart, places)
    assert sorted(drawn.names) == [*range(2, 20, 2), 20] and drawn.axis.count("┬") == 10
    assert all(len(line) <= 74 for line in chart.lines())


async def scoreboard_of(app, pilot, record: bytes | None = None, sid: int | None = None) -> list[str]:
    """The table screen of the session ``record`` imports (or of ``sid``), then F5: the page's
    lines as drawn, the table, the chart and the rounds' parts one after another."""
    from screens.session import SessionScreen

    assert await app.store_open()
    sid = sid if sid is not None else import_text(app.sessions, record)
    await app.push_screen(SessionScreen(sid))
    await quiet(pilot)
    await pilot.press("f5")
    await quiet(pilot)
    lines = []
    for part in ("#output", "#chart", "#details"):
        shown = app.screen.query_one(part)
        lines += [shown.render_line(y).text.rstrip() for y in range(shown.size.height)]
    return lines


def chart_in(lines: list[str]) -> Drawn:
    """The chart on the page: from its heading to the names of the rounds."""
    start = next(i for i, line in enumerate(lines) if line.startswith(("Running totals", "累計")))
    end = next(i for i, line in enumerate(lines) if "└" in line)
    return Drawn(lines[start + 1 : end + 1])


@pytest.mark.asyncio
async def test_three_players_tied_on_29_trouble_stand_side_by_side_where_the_lowest_total_wins(tmp_path):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        lines = await scoreboard_of(app, pilot, json.dumps(TIED_ON_29).encode())
    assert "Running totals (the lowest total wins):" in lines
    drawn = chart_in(lines)
    # Aki 10 19 29, Ben 11 19 29, Chie 8 18 29, Dan 1 2 3: on 0 … 29 a row holds about 3
    assert drawn.legend == ["D Dan 3   A Aki 29   B Ben 29   C Chie 29"]  # the standings' order
    rows = {drawn.at(p, 3)[0] for p in ("Aki", "Ben", "Chie")}
    assert rows == {0} and drawn.plot[0].rstrip().endswith("A·B·C")  # 29, 29, 29: one row, side by side
    assert drawn.totals("Dan") == [0, 0, 3]  # 1, 2, 3 within a row (of 3.2) of it
    assert drawn.totals("Chie") == pytest.approx([8, 18, 29], abs=drawn.per_row())  # within a row (of 3.3)


@pytest.mark.asyncio
async def test_no_chart_before_a_round_is_scored_a_sentence_in_either_language_and_none_for_louder(tmp_path):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        assert await app.store_open()
        fresh = app.sessions.create("kings", {"players": ["Aki", "Ben", "Chie", "Dan"]})
        lines = await scoreboard_of(app, pilot, sid=fresh)
        assert "The running totals are charted here once a round is scored." in lines
        assert not any("└" in line for line in lines)
        await pilot.press("ctrl+l")
        await quiet(pilot)
        shown = str(app.screen.query_one("#chart").render())
        assert "ラウンドの得点が出ると、ここに累計のグラフが表示されます。" in shown
        await pilot.press("ctrl+l", "escape")
        await quiet(pilot)
        lines = await scoreboard_of(app, pilot, (ROOT / "examples/louder/game-4p.json").read_bytes())
    # LOUDER TRICKSTAR keeps its totals without rounds: the table has them, and nothing else is said
    assert any(line.split()[:3] == ["1", "Dan", "11"] for line in lines)
    assert not any("Running totals" in line or "charted here" in line or "└" in line for line in lines)


@pytest.mark.asyncio
async def test_kings_five_players_chart_fits_80_columns_and_a_rounds_parts_wrap_under_the_parts(tmp_path):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        lines = await scoreboard_of(app, pilot, (ROOT / "examples/kings/scoresheet-5p.json").read_bytes())
        assert "Running totals (the highest total wins):" in lines
        # Aki and Ben tie on 350 (90 90 170 and 80 50 220): their markers side by side, top right
        drawn = chart_in(lines)
        assert drawn.at("Aki", 3)[0] == drawn.at("Ben", 3)[0] == 0
        await pilot.press("escape")
        await quiet(pilot)
        game = (ROOT / "examples/kings/game-5p.json").read_bytes()
        lines = await scoreboard_of(app, pilot, game)
    assert chart_in(lines).zero is not None  # Dan's -10
    # Dan's round 3 is longer than the page: it goes on under its parts, "-30" never alone at the
    # start of a line
    at = next(i for i, line in enumerate(lines) if line.startswith("  Dan: -30 = "))
    parts = lines[at].index("= ") + 2
    assert lines[at + 1].startswith(" " * parts + "+ ") and lines[at + 1].endswith("Black King (unused) -30")
    assert not any(line.strip().startswith("-30") for line in lines)
    assert all(len(line) <= 74 for line in lines)


def shown_in_a_terminal(*args: str, columns: int) -> list[str]:
    """``companion ARGS`` run in a terminal (a pseudo-terminal) of ``columns``: what it prints."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    run = subprocess.Popen([sys.executable, "-m", "companion", *args], cwd=ROOT, env=env, stdout=follower)
    os.close(follower)
    out = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the terminal closed with the command
            break
        if not chunk:
            break
        out += chunk
    run.wait()
    os.close(leader)
    return out.decode().replace("\r\n", "\n").splitlines()


def test_companion_score_parts_in_a_70_column_terminal_go_on_under_the_parts():
    lines = shown_in_a_terminal("score", "examples/kings/game-5p.json", "--parts", columns=70)
    at = lines.index("  Dan: -30 = bid (missed) 0 + Gambler 0 + Berserker 0")
    assert lines[at + 1] == " " * 13 + "+ Black King (unused) -30"
    assert all(len(line) <= 70 for line in lines)


def test_companion_score_parts_piped_keep_a_line_per_player(capsys):
    from companion.cli import main

    assert main(["score", str(ROOT / "examples/kings/game-5p.json"), "--parts"]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert "  Dan: -30 = bid (missed) 0 + Gambler 0 + Berserker 0 + Black King (unused) -30" in printed
