"""The store and sessions against a real PostgreSQL server, so a club can share one database.

Runs when COMPANION_TEST_PG names a server (``.ci/run`` installs and starts Debian's PostgreSQL and
sets it); skipped otherwise, with the reason.
"""

import json
import os
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from companion.club.stats import by_player
from companion.exports.formats import export
from companion.exports.native import import_text
from companion.store import players
from companion.store.database import SCHEMA_VERSION, Store, StoreError
from companion.store.sessions import Sessions
from scoring.errors import RuleViolation
from tests.pg import emptied

URL = os.environ.get("COMPANION_TEST_PG")
pytestmark = [
    pytest.mark.skipif(not URL, reason="COMPANION_TEST_PG is not set (CI sets it to a real server)"),
    pytest.mark.xdist_group("postgres"),  # one database, dropped and filled by each test: one worker at a time
]
ROOT = Path(__file__).resolve().parents[2]
DEALS = json.loads((ROOT / "examples/sheriff/scoresheet-3-deals.json").read_text())["deals"]


@pytest.fixture
def store():
    return Store(emptied(URL))  # an empty database for every test


def test_a_new_postgres_database_gets_the_schema(store):
    assert store.schema_version() == SCHEMA_VERSION


def test_a_session_is_recorded_undone_redone_edited_and_finished(store):
    sessions = Sessions(store)
    sid = sessions.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    for deal in DEALS[:2]:
        sessions.append(sessions.open(sid), deal)
    with pytest.raises(RuleViolation, match="exactly one player"):
        sessions.append(sessions.open(sid), {"roles": {"Aki": "mayor"}})
    assert sessions.undo(sessions.open(sid))[1] == DEALS[1]
    assert sessions.redo(sessions.open(sid))[1] == DEALS[1]
    sessions.replace(sessions.open(sid), 0, DEALS[0])
    sessions.append(sessions.open(sid), DEALS[2])
    again = Sessions(Store(URL))  # another table, the same server
    assert again.info(sid).finished and again.entries(sid) == DEALS
    assert [s.total for s in again.scored(sid).standings.places] == [9, 8, 6]


def test_players_stats_and_lists_on_postgres(store):
    sessions = Sessions(store)
    sid = import_text(sessions, (ROOT / "examples/sheriff/scoresheet-3-deals.json").read_bytes())
    players.rename(sessions.store, "Ben", "Benjamin")
    assert players.names(sessions.store) == ["Aki", "Benjamin", "Chie"]
    assert {s.player: s.wins for s in by_player(sessions, "sheriff")} == {"Aki": 1, "Benjamin": 0, "Chie": 0}
    assert [s.id for s in sessions.list(player="Aki")] == [sid]


def test_the_native_export_round_trips_through_postgres(store, tmp_path):
    sessions = Sessions(store)
    sid = import_text(sessions, (ROOT / "examples/trickster/game-4p-introductory.json").read_bytes())
    first = export(sessions, sid, "json")
    local = Sessions(Store(f"sqlite:///{tmp_path / 'local.db'}"))
    assert export(local, import_text(local, first.encode()), "json") == first


def test_a_newer_postgres_schema_is_refused_and_left_untouched(store):
    with store.engine.begin() as conn:
        conn.execute(text("UPDATE meta SET value = '99' WHERE key = 'schema_version'"))
    with pytest.raises(StoreError, match="newer Companion"):
        Store(URL)
    with store.engine.connect() as conn:
        assert conn.execute(text("SELECT value FROM meta WHERE key = 'schema_version'")).scalar() == "99"


def test_a_table_on_postgres_applies_only_its_entry_and_meets_another_tables_change(store):
    from scoring.records import split_record

    game, header, entries = split_record(json.loads((ROOT / "examples/sheriff/game-6-deals.json").read_text()))
    here, there = Sessions(store), Sessions(Store(URL))
    sid = here.create(game, header)
    live = here.open(sid)
    for entry in entries[:3]:
        live = here.append(live, entry)
    there.append(there.open(sid), entries[3])  # the other table records the next card
    live = here.append(live, entries[4])  # checked against the server's entries, the other's included
    assert here.entries(sid) == entries[:5] and live.position.entries == tuple(entries[:5])
    live, undone = here.undo(live)
    assert undone == entries[4] and there.entries(sid) == entries[:4]
    assert there.standings(sid) == live.position.scored.standings
    assert [s.id for s in there.list(limit=1)] == [sid] and there.list(limit=1)[0].entries == 4


def test_an_older_postgres_database_is_migrated_and_its_history_rebuilt(store):
    sessions = Sessions(store)
    sid = import_text(sessions, (ROOT / "examples/sheriff/scoresheet-3-deals.json").read_bytes())
    table = sessions.standings(sid)
    raw = create_engine(URL)
    with raw.begin() as conn:  # back to schema 2: no revision, entries, standings or winners, no player ids
        for column in ("revision", "entries", "standings", "winners", "location", "notes", "pauses"):
            conn.execute(text(f"ALTER TABLE sessions DROP COLUMN {column}"))
        conn.execute(text("ALTER TABLE players DROP COLUMN uid"))
        conn.execute(text("ALTER TABLE entries DROP COLUMN seal"))  # no seals before schema 7
        conn.execute(text("UPDATE meta SET value = '2' WHERE key = 'schema_version'"))
    raw.dispose()
    again = Sessions(Store(URL))
    assert again.store.schema_version() == SCHEMA_VERSION
    [info] = again.list()
    assert info.entries == 3 and info.winners == ("Aki",) and again.standings(sid) == table


def test_an_older_postgres_database_gives_every_player_an_id_when_it_is_migrated(store):
    import re

    from companion.exports.bgstats import bgstats

    sessions = Sessions(store)
    sid = import_text(sessions, (ROOT / "examples/sheriff/scoresheet-3-deals.json").read_bytes())
    sessions.create("sheriff", {"players": ["Benji", "Chie", "Aki"]})
    players.merge(sessions.store, "Benji", "Ben")
    raw = create_engine(URL)
    with raw.begin() as conn:  # back to schema 3: players without their random ids, sessions without a place
        conn.execute(text("ALTER TABLE players DROP COLUMN uid"))
        for column in ("location", "notes", "pauses"):
            conn.execute(text(f"ALTER TABLE sessions DROP COLUMN {column}"))
        conn.execute(text("ALTER TABLE entries DROP COLUMN seal"))  # no seals before schema 7
        conn.execute(text("UPDATE meta SET value = '3' WHERE key = 'schema_version'"))
    raw.dispose()
    again = Sessions(Store(URL))
    assert again.store.schema_version() == SCHEMA_VERSION
    with again.store.engine.connect() as conn:
        uids = dict(conn.execute(text("SELECT name, uid FROM players")).all())
    assert len(set(uids.values())) == 4 and all(re.fullmatch(r"[0-9a-f]{16}", u) for u in uids.values())
    sent = {p["name"]: p["sourcePlayerId"] for p in bgstats(again, sid)["players"]}
    assert sent == {n: uids[n] for n in ("Aki", "Ben", "Chie")}
    assert {p["name"]: p["sourcePlayerId"] for p in bgstats(Sessions(Store(URL)), sid)["players"]} == sent


@pytest.mark.parametrize("sid", [2**31, 2**31 + 7, 2**63])
def test_a_session_id_past_postgres_integers_is_no_session(store, sid, capsys):
    from companion.cli import main

    sessions = Sessions(store)
    sessions.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
    with pytest.raises(StoreError, match=f"There is no session {sid}."):
        sessions.snapshot(sid)
    for args in (["show"], ["record"], ["undo"], ["export"]):
        extra = ["bust"] if args == ["record"] else []
        assert main(["--db", URL, *args, str(sid), *extra]) == 1
        assert capsys.readouterr().err == f"There is no session {sid}.\n"


def test_postgres_keeps_times_in_utc_whatever_the_servers_zone(store):
    from datetime import UTC, datetime

    from sqlalchemy import event

    started = datetime(2026, 11, 26, 19, 26, 3, tzinfo=UTC)
    sessions = Sessions(store)

    @event.listens_for(store.engine, "connect")
    def tokyo(dbapi_connection, _record):  # a server (or a session) that keeps Tokyo's clock
        with dbapi_connection.cursor() as cursor:
            cursor.execute("SET TIME ZONE 'Asia/Tokyo'")

    store.engine.dispose()  # every connection from now on is a Tokyo one
    sid = sessions.create("sheriff", {"players": ["Aki", "Ben", "Chie"]}, created_at=started)
    assert sessions.info(sid).created_at == started and sessions.info(sid).created_at.tzinfo == UTC
    with store.engine.connect() as conn:
        assert conn.execute(text("SELECT created_at::text FROM sessions")).scalar() == "2026-11-26 19:26:03"


def test_an_older_postgres_database_gets_places_notes_and_pauses_when_migrated(store):
    sessions = Sessions(store)
    sid = import_text(sessions, (ROOT / "examples/sheriff/scoresheet-3-deals.json").read_bytes())
    raw = create_engine(URL)
    with raw.begin() as conn:  # back to schema 4: sessions without a place, notes or pauses
        for column in ("location", "notes", "pauses"):
            conn.execute(text(f"ALTER TABLE sessions DROP COLUMN {column}"))
        conn.execute(text("ALTER TABLE entries DROP COLUMN seal"))  # no seals before schema 7
        conn.execute(text("DROP TABLE event_tables, event_players, event_rounds, events"))  # no events before 8
        conn.execute(text("UPDATE meta SET value = '4' WHERE key = 'schema_version'"))
    raw.dispose()
    again = Sessions(Store(URL))
    assert again.store.schema_version() == SCHEMA_VERSION == 8
    info = again.info(sid)
    assert (info.location, info.notes, info.paused, info.finished) == ("", "", False, True)
    noted = again.note(sid, location="The club", notes="Aki's 100th game")
    assert noted.revision == info.revision + 1
    unfinished = again.create("sheriff", {"players": ["Aki", "Ben", "Chie"]}, location="The club")
    assert again.pause(unfinished).paused and not again.resume(unfinished).paused
    other = Sessions(Store(URL))  # another laptop at the same club
    assert other.info(sid).notes == "Aki's 100th game" and other.last_location() == "The club"
    assert len(other.pauses_of(unfinished)) == 1
    assert 'location="The club"' in export(other, sid, "bgg")
