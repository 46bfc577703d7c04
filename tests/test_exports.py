"""Every export against its field list; the native JSON round-trips through import; bad files refused."""

import csv
import io
import json
import re
from pathlib import Path

import pytest

from companion.exports import bgstats, bgstats_url, export, import_text
from companion.sessions import Sessions
from companion.store import Store
from scoring.errors import RuleViolation

ROOT = Path(__file__).resolve().parent.parent
SHERIFF = (ROOT / "examples/sheriff/scoresheet-3-deals.json").read_bytes()
TRICKSTER = (ROOT / "examples/trickster/game-4p-introductory.json").read_bytes()


@pytest.fixture
def sessions(tmp_path):
    return Sessions(Store(f"sqlite:///{tmp_path / 'c.db'}"))


def test_any_game_record_imports_as_a_session(sessions):
    sid = import_text(sessions, TRICKSTER)
    info = sessions.info(sid)
    assert info.game == "trickster" and info.finished and info.players == ("Aki", "Ben", "Chie", "Dan")
    assert [s.total for s in sessions.scored(sid).table.standings] == [11, 16, 17, 29]


def test_the_native_json_round_trips_through_import_unchanged(sessions, tmp_path):
    sid = import_text(sessions, SHERIFF)
    first = export(sessions, sid, "json")
    other = Sessions(Store(f"sqlite:///{tmp_path / 'other.db'}"))
    again = import_text(other, first.encode())
    assert export(other, again, "json") == first
    data = json.loads(first)
    assert set(data) == {"format", "version", "uid", "game", "created_at", "header", "entries"}
    assert data["format"] == "companion-session" and data["version"] == 1
    with pytest.raises(RuleViolation, match="already in this database"):
        import_text(other, first.encode())


def test_csv_has_rounds_and_totals(sessions):
    sid = import_text(sessions, SHERIFF)
    rows = list(csv.reader(io.StringIO(export(sessions, sid, "csv"))))
    assert rows[0] == ["player", "round 1", "round 2", "round 3", "total", "rank"]
    assert rows[1] == ["Aki", "1", "4", "4", "9", "1"]


def test_markdown_summary(sessions):
    sid = import_text(sessions, SHERIFF)
    md = export(sessions, sid, "md")
    assert md.startswith("# Sheriff — ")
    assert "| 1 | Aki | 1 | 4 | 4 | 9 |" in md and "Finished." in md
    assert "## Round by round" in md


def test_bg_stats_payload_has_every_field_with_booleans_always_present(sessions):
    sid = import_text(sessions, SHERIFF)
    data = bgstats(sessions, sid)
    assert set(data) == {"sourceName", "sourcePlayId", "playDate", "game", "players"}
    assert data["sourceName"] == "Companion" and data["sourcePlayId"] == sessions.info(sid).uid
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}", data["playDate"])
    assert set(data["game"]) >= {"name", "bggId", "highestWins", "noPoints"}
    assert isinstance(data["game"]["bggId"], int) and data["game"]["highestWins"] is True
    assert data["game"]["noPoints"] is False
    for p in data["players"]:
        assert set(p) == {"name", "score", "rank", "winner", "startPlayer"}
        assert isinstance(p["winner"], bool) and isinstance(p["startPlayer"], bool)
    assert [(p["name"], p["winner"], p["startPlayer"]) for p in data["players"]] == [
        ("Aki", True, True),
        ("Ben", False, False),
        ("Chie", False, False),
    ]
    assert bgstats_url(sessions, sid).startswith("bgstats://app.import?data=%7B")


def test_trickster_says_lowest_wins_to_bg_stats(sessions):
    sid = import_text(sessions, TRICKSTER)
    data = bgstats(sessions, sid)
    assert data["game"]["highestWins"] is False
    assert [p["winner"] for p in data["players"]] == [False, False, True, False]  # Chie, 11 trouble
    assert [p["startPlayer"] for p in data["players"]] == [False, False, True, False]


def test_bgg_play_log(sessions):
    sid = import_text(
        sessions, json.dumps({**json.loads((ROOT / "examples/phantom/base-4p.json").read_text())}).encode()
    )
    log = export(sessions, sid, "bgg").splitlines()
    assert log[0].endswith("Tricks and the Phantom (BGG 242325)")
    assert log[2] == "  Ben: 4  — win"


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        (SHERIFF[: len(SHERIFF) // 2], "Not a JSON file"),
        (b"[1, 2]", "one JSON object"),
        (json.dumps({"format": "companion-session", "version": 9}).encode(), "version 9"),
        (
            json.dumps(
                {"format": "companion-session", "version": 1, "game": "sheriff", "header": [], "entries": []}
            ).encode(),
            "needs game, header and entries",
        ),
        (b" " * (5 * 1024 * 1024 + 1), "limited"),
        (
            json.dumps(
                {
                    "game": "sheriff",
                    "players": ["A", "B", "C"],
                    "deals": [{"roles": {"A": "mayor", "B": "mayor", "C": "robber"}}],
                }
            ).encode(),
            "exactly one player",
        ),
    ],
)
def test_bad_files_are_refused_whole(sessions, raw, words):
    with pytest.raises(RuleViolation, match=words):
        import_text(sessions, raw)
    assert sessions.list() == []
