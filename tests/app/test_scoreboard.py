"""The scoreboard (F5 at the table): running totals drawn to one scale, and a round's parts that
wrap going on under the parts; ``companion show`` in a terminal does the same."""

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

from companion.app import CompanionApp
from companion.exports import import_text
from scoring.standings import Standing
from screens.scoreboard import running_chart

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


def bars(lines: list[str]) -> dict[str, tuple[int, int]]:
    """Each chart line's player, and where the bar starts and ends (in cells from the line's start)."""
    found = {}
    for line in lines:
        drawn = [i for i, ch in enumerate(line) if ch in "█▓"]
        if drawn and re.match(r"\S", line):
            found[line.split()[0]] = (drawn[0], drawn[-1] + 1)
    return found


async def scoreboard_of(app, pilot, record: bytes) -> list[str]:
    """The table screen of the session ``record`` imports, then F5: the page's lines as drawn."""
    from screens.session import SessionScreen

    assert await app.store_open()
    sid = import_text(app.sessions, record)
    await app.push_screen(SessionScreen(sid))
    await pilot.pause(0.3)
    await pilot.press("f5")
    await pilot.pause(0.3)
    output = app.screen.query_one("#output")
    return [output.render_line(y).text.rstrip() for y in range(output.size.height)]


@pytest.mark.asyncio
async def test_three_players_tied_on_29_trouble_draw_three_bars_of_one_length(tmp_path):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        lines = await scoreboard_of(app, pilot, json.dumps(TIED_ON_29).encode())
    assert "Running totals (the lowest total wins):" in lines
    drawn = bars(lines)
    assert drawn["Aki"] == drawn["Ben"] == drawn["Chie"]  # 29, 29 and 29: one length
    assert drawn["Dan"][1] - drawn["Dan"][0] == round(3 * 40 / 29)  # 3 trouble on the scale of 29 in 40 cells
    chart = {line.split()[0]: line for line in lines if line.split() and line.split()[0] in drawn}
    # every round's stretch where the running total stood: Aki 10, 19, 29 (scale 40/29)
    assert re.search(r"█{14}▓{12}█{14} ", chart["Aki"]), chart["Aki"]
    assert chart["Aki"].endswith(" 29") and chart["Dan"].endswith("  3")


def test_chie_on_360_draws_a_longer_bar_than_aki_on_330():
    # Aki scored early (200, 130, 0), Chie late (0, 60, 300): each round's bar end to end made
    # Aki's the longer; on one scale Chie's 360 is the longer
    chart = running_chart([Standing("Chie", 1, 360, (0, 60, 300)), Standing("Aki", 2, 330, (200, 130, 0))])
    drawn = bars(chart)
    assert drawn["Chie"] == (9, 9 + 40) and drawn["Aki"] == (9, 9 + round(330 * 40 / 360))


def test_a_kings_penalty_shortens_the_bar_and_a_negative_total_stands_left_of_zero():
    # KINGs, the 5-player example: Dan's round 3 is -30 (his black King unused), for -10 in all
    chart = running_chart(
        [
            Standing("Chie", 1, 340, (70, 90, 180)),
            Standing("Emi", 2, 220, (20, 0, 200)),
            Standing("Ben", 3, 140, (120, 0, 20)),
            Standing("Aki", 4, 100, (0, 50, 50)),
            Standing("Dan", 5, -10, (0, 20, -30)),
        ]
    )
    zero = chart[0].index("│")
    assert all(line.index("│") == zero for line in chart)  # one zero line for all
    drawn = bars(chart)
    assert drawn["Dan"] == (zero - 1, zero)  # -10 on a scale of 350 in 40 cells: one cell, left of zero
    lengths = {p: end - start for p, (start, end) in drawn.items() if p != "Dan"}
    assert lengths["Chie"] >= lengths["Emi"] >= lengths["Ben"] >= lengths["Aki"]


@pytest.mark.asyncio
async def test_equal_kings_totals_draw_equal_bars_and_a_rounds_parts_wrap_under_the_parts(tmp_path):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}")
    async with app.run_test(size=(80, 24)) as pilot:
        lines = await scoreboard_of(app, pilot, (ROOT / "examples/kings/scoresheet-5p.json").read_bytes())
        # Aki and Ben tie on 350 (90 90 170 and 80 50 220): one length
        assert bars(lines)["Aki"] == bars(lines)["Ben"]
        assert "Running totals (the highest total wins):" in lines
        await pilot.press("escape")
        await pilot.pause(0.2)
        game = (ROOT / "examples/kings/game-5p.json").read_bytes()
        lines = await scoreboard_of(app, pilot, game)
    # Dan's round 3 is longer than the page: it goes on under its parts, "-30" never alone at the
    # start of a line
    at = next(i for i, line in enumerate(lines) if line.startswith("  Dan: -30 = "))
    parts = lines[at].index("= ") + 2
    assert lines[at + 1].startswith(" " * parts + "+ ") and lines[at + 1].endswith("Black King (unused) -30")
    assert not any(line.strip().startswith("-30") for line in lines)
    assert all(len(line) <= 76 for line in lines)


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
