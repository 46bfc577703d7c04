"""What issue 33 found cut or misdrawn at 80×24, replayed at that size in English and Japanese:
the round's end on the status line, F1 and the rules texts reflowed to the width, the log box's
long lines wrapped, the new-game form's options readable, its game list drawn as a list and
opened on the last game started, and the rules searched for several words."""

import json
from pathlib import Path

import pytest

from companion.exports.native import import_text
from scoring.records import build_record, split_record
from screens.app import CompanionApp
from tests.app.pilot import type_line

ROOT = Path(__file__).resolve().parents[2]
KINGS = json.loads((ROOT / "examples/kings/game-5p.json").read_text(encoding="utf-8"))


async def table_at(app, pilot, record: dict, entries: int):
    """The table screen of the first ``entries`` entries of ``record``, as a session."""
    from screens.session import SessionScreen

    assert await app.store_open()
    game, header, moves = split_record(record)
    sid = import_text(app.sessions, json.dumps(build_record(game, header, moves[:entries])).encode())
    await app.push_screen(SessionScreen(sid))
    await pilot.pause(0.3)
    return moves


def lines_of(widget) -> list[str]:
    """A widget's lines as drawn."""
    return [widget.render_line(y).text.rstrip() for y in range(widget.size.height)]


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "lang, trick, scores, next_up",
    [
        ("en", "Chie takes trick 5 with the blue 7: the highest blue, the colour led.", "Round 1 scored", "Round 2"),
        ("ja", "Chieが第5トリックを取りました：青7、リードの色の青で一番強い。", "第1ラウンドの得点", "第2ラウンド"),
    ],
)
async def test_the_rounds_end_keeps_who_took_the_last_trick_and_cuts_the_scores(tmp_path, lang, trick, scores, next_up):
    # KINGs, 5 players, the last card of round 1 (Ben's g5): the status line used to start
    # "(f7) …1 made: +80", the trick cut away by the round's scores (which the board shows)
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}", lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await table_at(app, pilot, KINGS, 52)
        await type_line(pilot, "g5")
        status = app.screen.query_one("#status")
        said, lines = str(status.render()), lines_of(status)
    assert "refused" not in status.classes
    assert len(lines) == 3, lines
    assert trick in said  # what just happened, whole
    assert scores in said and "… (f7)" in said  # the scores' start, cut, and the key of the whole log
    assert next_up in said and said.endswith(("(a digit takes one).", "数字で選ぶ。"))  # what comes next, whole


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "lang, trick, won",
    [
        ("en", "Dan takes trick 5", "(f7) Chie wins with 340. f5 shows the scoreboard, f6 exports it."),
        ("ja", "Danが第5トリックを取りました", "(f7) Chieが340点で勝ち。f5で得点表、f6で書き出し。"),
    ],
)
async def test_the_games_end_keeps_the_last_trick_and_who_won(tmp_path, lang, trick, won):
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}", lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        moves = await table_at(app, pilot, KINGS, len(split_record(KINGS)[2]) - 1)
        await type_line(pilot, moves[-1]["play"])
        status = app.screen.query_one("#status")
        said, lines = str(status.render()), lines_of(status)
    assert "refused" not in status.classes
    assert len(lines) == 3, lines
    assert trick in said and said.endswith(won), said  # the round's scores cut, who won whole
