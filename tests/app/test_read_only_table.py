"""A stored session that no longer replays opens at the table read-only, with the reason; a refused
hidden LOUDER placement never shows the hidden card."""

import json
import sqlite3
from pathlib import Path

import pytest

from companion.store.database import Store
from companion.store.sessions import Sessions
from scoring.louder.game import GAME as LOUDER
from screens.app import CompanionApp
from tests.app.pilot import opened, quiet, status_of, type_line

ROOT = Path(__file__).resolve().parents[2]
DEALS = json.loads((ROOT / "examples/sheriff/scoresheet-3-deals.json").read_text())["deals"]


@pytest.mark.asyncio
async def test_a_session_with_a_damaged_entry_opens_read_only_with_the_reason(tmp_path):
    url = f"sqlite:///{tmp_path / 'c.db'}"
    sessions = Sessions(Store(url))
    sid = sessions.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    sessions.append(sessions.open(sid), DEALS[0])
    sessions.append(sessions.open(sid), DEALS[1])
    with sqlite3.connect(tmp_path / "c.db") as db:  # one byte gone from entry 2
        db.execute("UPDATE entries SET payload = substr(payload, 2) WHERE seq = 2")
    app = CompanionApp(url)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("r")  # resume the newest session
        await quiet(pilot)
        assert type(app.screen).__name__ == "SessionScreen" and app.is_running
        text, refused = status_of(app)
        assert refused and "read-only" in text and "Entry 2" in text
        await type_line(pilot, "sheet Aki=mayor:Q Ben=sheriff:K Chie=robber:10 trump=none")
        await quiet(pilot)
        assert app.is_running and "read-only" in status_of(app)[0]
        assert len(sessions.entries(sid)) == 2  # nothing recorded over it


def test_a_refused_hidden_placement_never_tells_the_table_the_card():
    reason = LOUDER.mask("There is no Score 6 (score:6) in the deck.", "place score:6 at 1,0")
    assert "score" not in reason.lower() and "6" not in reason and "■" in reason
    # a count of copies would narrow the card down: the whole reason is replaced
    counted = LOUDER.mask("A 3rd Score 3 (score:3): the deck holds 2, and all 2 are out.", "place Score:3 at 0,0")
    assert "3" not in counted and "2" not in counted
    assert "trap" not in LOUDER.mask("A 14th Trap 0 (trap:0): all 13 are out.", "place TRAP:0 at 0,1").lower()
    japanese = LOUDER.mask("トラップ0（trap:0）は山札に13枚だけです。", "place trap:0 at 1,0", "ja")
    assert "トラップ" not in japanese and "13" not in japanese
    assert LOUDER.mask("Cell 1,0 is taken.", "place score:3 at 1,0") == "Cell 1,0 is taken."
