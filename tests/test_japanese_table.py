"""The table in Japanese as a newcomer met it: card codes kept whole where Japanese wraps."""

import json
from pathlib import Path

import pytest

from companion.app import CompanionApp
from companion.exports import import_text
from scoring.records import build_record, split_record
from tests.test_app import own_settings, type_line  # noqa: F401 (each test its own settings file)
from tests.typed import line_for

ROOT = Path(__file__).resolve().parent.parent
TRICKSTER = json.loads((ROOT / "examples/trickster/game-4p-introductory.json").read_text())


async def table_at(app, pilot, record: dict, entries: int):
    """The table screen of the first ``entries`` entries of ``record``, as a session."""
    from screens.session import SessionScreen

    assert await app.store_open()
    game, header, moves = split_record(record)
    sid = import_text(app.sessions, json.dumps(build_record(game, header, moves[:entries])).encode())
    await app.push_screen(SessionScreen(sid))
    await pilot.pause(0.3)
    return moves


@pytest.mark.asyncio
async def test_chies_bust_in_japanese_keeps_the_cards_she_takes_whole_on_the_status_line(tmp_path):
    # Trickster, 4 players: Chie cannot follow yellow and takes the pot, YPED YMAG. At 80 columns
    # the line used to break inside the first card: "…卓中央の2枚（Y" / "PED YMAG）を取る。"
    app = CompanionApp(f"sqlite:///{tmp_path / 'c.db'}", lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        moves = await table_at(app, pilot, TRICKSTER, 67)
        await type_line(pilot, line_for({k: v for k, v in moves[67].items() if k != "by"}))
        status = app.screen.query_one("#status")
        lines = [status.render_line(y).text.strip() for y in range(status.size.height)]
    assert "refused" not in status.classes
    assert len(lines) > 1 and "Chieがドボン" in lines[0]
    said = " ".join(lines)
    assert "YPED YMAG" in said  # both codes whole, on one line
    assert not any(line.startswith(("PED", "MAG")) or line.endswith(("（Y", "Y")) for line in lines), lines
