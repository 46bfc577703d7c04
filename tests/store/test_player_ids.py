"""Every player has a random id of their own (16 hex digits), the one BG Stats credits plays to:
kept through a rename, a merge (a merged name sends the id of the person it became), a backup and
a restore into another database; an older database gives each player one when it is migrated."""

import json
import re
import sqlite3
from pathlib import Path
from urllib.parse import unquote

import pytest

from companion.cli import main
from companion.exports.bgstats import bgstats, bgstats_url
from companion.exports.native import import_text
from companion.store import players
from companion.store.backup import digest
from companion.store.database import MIGRATIONS, SCHEMA_V1, SCHEMA_VERSION, Store
from companion.store.sessions import Sessions

ROOT = Path(__file__).resolve().parents[2]
SHERIFF = (ROOT / "examples/sheriff/scoresheet-3-deals.json").read_bytes()
DEALS = json.loads(SHERIFF)["deals"]


def source_ids(sessions: Sessions, sid: int) -> dict[str, str]:
    """Each player's ``sourcePlayerId`` as the BG Stats link sends it, by the name in the play."""
    data = json.loads(unquote(bgstats_url(sessions, sid).split("data=", 1)[1]))
    return {p["name"]: p["sourcePlayerId"] for p in data["players"]}


def played_as(sessions: Sessions, names: list[str]) -> int:
    """A finished Sheriff game of ``names`` (in Aki's, Ben's and Chie's seats)."""
    sid = sessions.create("sheriff", {"players": names})
    seat = dict(zip(["Aki", "Ben", "Chie"], names, strict=True))
    live = sessions.open(sid)
    for deal in DEALS:
        live = sessions.append(
            live, json.loads(re.sub(r'"(Aki|Ben|Chie)"', lambda m: f'"{seat[m[1]]}"', json.dumps(deal)))
        )
    return sid


def test_aki_keeps_her_bg_stats_id_through_a_rename_a_merge_a_backup_and_a_restore(tmp_path, capsys):
    home = Sessions(Store(f"sqlite:///{tmp_path / 'home.db'}"))
    first = import_text(home, SHERIFF)
    ids = source_ids(home, first)
    assert all(re.fullmatch(r"[0-9a-f]{16}", i) for i in ids.values()) and len(set(ids.values())) == 3
    players.rename(home.store, "Aki", "Akiko")
    assert source_ids(home, first) == ids  # the play keeps the name it was played with, and her id
    second = played_as(home, ["Benji", "Chie", "Akiko"])
    assert source_ids(home, second)["Akiko"] == ids["Aki"]
    benji = source_ids(home, second)["Benji"]
    assert benji not in ids.values()  # a name seen for the first time is a new person …
    players.merge(home.store, "Benji", "Ben")  # … until the table says it is Ben
    assert source_ids(home, second)["Benji"] == ids["Ben"]
    assert players.uid(home.store, 1) == ids["Aki"]

    backup = tmp_path / "history.json"
    assert main(["--db", f"sqlite:///{tmp_path / 'home.db'}", "backup", str(backup)]) == 0
    saved = {p["name"]: p["uid"] for p in json.loads(backup.read_text())["players"]}
    assert saved == {"Akiko": ids["Aki"], "Ben": ids["Ben"], "Chie": ids["Chie"], "Benji": benji}
    assert main(["--db", f"sqlite:///{tmp_path / 'club.db'}", "restore", str(backup)]) == 0
    capsys.readouterr()
    club = Sessions(Store(f"sqlite:///{tmp_path / 'club.db'}"))
    assert source_ids(club, first) == ids and source_ids(club, second)["Benji"] == ids["Ben"]
    third = played_as(club, ["Akiko", "Ben", "Dan"])  # the next game at the club: still Aki's id
    assert source_ids(club, third)["Akiko"] == ids["Aki"] and source_ids(club, third)["Ben"] == ids["Ben"]


def test_a_fresh_database_gives_the_same_names_other_ids(tmp_path):
    one = Sessions(Store(f"sqlite:///{tmp_path / 'one.db'}"))
    two = Sessions(Store(f"sqlite:///{tmp_path / 'two.db'}"))
    a, b = source_ids(one, import_text(one, SHERIFF)), source_ids(two, import_text(two, SHERIFF))
    assert not set(a.values()) & set(b.values())  # never "player-1" for Aki here and Dan there


def schema_3(path: Path) -> None:
    """A database as Companion wrote it before player ids (schema 3): a finished game of Aki, Ben
    and Chie, and Benji merged into Ben."""
    with sqlite3.connect(path) as conn:
        for statement in SCHEMA_V1:
            conn.execute(statement)
        for version in (1, 2):
            for statement in MIGRATIONS[version]:
                conn.execute(statement)
        conn.execute("UPDATE meta SET value = '3' WHERE key = 'schema_version'")
        for pid, name in enumerate(["Aki", "Ben", "Chie"], start=1):
            conn.execute("INSERT INTO players (id, name) VALUES (?, ?)", (pid, name))
        conn.execute("INSERT INTO players (id, name, merged_into) VALUES (4, 'Benji', 2)")
        conn.execute(
            "INSERT INTO sessions (id, uid, game, header, created_at, updated_at) VALUES (1, 'u1', 'sheriff', ?, ?, ?)",
            (json.dumps({"players": ["Aki", "Ben", "Chie"]}), "2026-01-01 20:00:00", "2026-01-01 22:00:00"),
        )
        for seat in range(3):
            conn.execute("INSERT INTO seats (session_id, seat, player_id) VALUES (1, ?, ?)", (seat, seat + 1))
        for seq, deal in enumerate(DEALS, start=1):
            conn.execute(
                "INSERT INTO entries (session_id, seq, payload, active, created_at) VALUES (1, ?, ?, 1, ?)",
                (seq, json.dumps(deal), "2026-01-01 21:00:00"),
            )


def test_an_older_database_gives_every_player_an_id_when_it_is_migrated(tmp_path):
    path = tmp_path / "old.db"
    schema_3(path)
    store = Store(f"sqlite:///{path}")
    assert store.schema_version() == SCHEMA_VERSION
    with sqlite3.connect(path) as conn:
        uids = dict(conn.execute("SELECT name, uid FROM players"))
    assert len(set(uids.values())) == 4 and all(re.fullmatch(r"[0-9a-f]{16}", u) for u in uids.values())
    sessions = Sessions(store)
    assert source_ids(sessions, 1) == {n: uids[n] for n in ("Aki", "Ben", "Chie")}
    again = Sessions(Store(f"sqlite:///{path}"))  # opened again: the same ids, not new ones
    assert source_ids(again, 1) == source_ids(sessions, 1)
    with sqlite3.connect(path) as conn, pytest.raises(sqlite3.IntegrityError):  # one id, one person
        conn.execute("UPDATE players SET uid = ? WHERE name = 'Chie'", (uids["Aki"],))


def test_a_backup_written_before_player_ids_restores_with_new_ones(tmp_path):
    source = Sessions(Store(f"sqlite:///{tmp_path / 'a.db'}"))
    sid = import_text(source, SHERIFF)
    backup = tmp_path / "old-backup.json"
    assert main(["--db", f"sqlite:///{tmp_path / 'a.db'}", "backup", str(backup)]) == 0
    data = json.loads(backup.read_text())
    for player in data["players"]:  # as a Companion of schema 3 wrote it
        del player["uid"]
    data["schema"] = 3
    data["sha256"] = digest(data)
    backup.write_text(json.dumps(data))
    assert main(["--db", f"sqlite:///{tmp_path / 'b.db'}", "restore", str(backup)]) == 0
    restored = Sessions(Store(f"sqlite:///{tmp_path / 'b.db'}"))
    ids = source_ids(restored, sid)
    assert len(set(ids.values())) == 3 and bgstats(restored, sid)["players"][0]["sourcePlayerId"] == ids["Aki"]
