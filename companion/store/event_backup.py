"""A club night's events in a backup: the events, their rounds, players and tables, as rows.

``companion.store.backup`` writes them under ``"events"`` (schema 8 on) and restores them with the
sessions and players they point at::

    "events": {"events": [{"id": 1, "uid": …, "name": "Friday club", "day": "2026-11-27", "place": …,
                           "draw": "mix", "seed": 42, "created_at": "…+00:00", "revision": 3}, …],
               "rounds": [{"event_id": 1, "round": 1, "game": "kings", "header": "{}", "out": "[]" or null,
                           "attempt": 0, "closed": false}, …],
               "players": [{"event_id": 1, "player_id": 3, "seq": 1, "present": true}, …],
               "tables": [{"event_id": 1, "round": 1, "table": 1, "session_id": 12}, …]}

A backup of an older schema has none. A row that points at a session or a player the backup left
out is left out too, and the backup says so; a restore refuses a file whose rows point at nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.engine import Connection

from companion.store.database import EventPlayerRow, EventRoundRow, EventRow, EventTableRow

EVENTS = EventRow.__table__
ROUNDS = EventRoundRow.__table__
PLAYERS = EventPlayerRow.__table__
TABLES = EventTableRow.__table__

#: each part of ``"events"``: its table and its fields with their kinds (None: may be null)
PARTS: dict[str, tuple[Any, dict[str, tuple[type, ...]]]] = {
    "events": (
        EVENTS,
        {
            "id": (int,),
            "uid": (str,),
            "name": (str,),
            "day": (str,),
            "place": (str,),
            "draw": (str,),
            "seed": (int,),
            "created_at": (str,),
            "revision": (int,),
        },
    ),
    "rounds": (
        ROUNDS,
        {
            "event_id": (int,),
            "round": (int,),
            "game": (str,),
            "header": (str,),
            "out": (str, type(None)),
            "attempt": (int,),
            "closed": (bool,),
        },
    ),
    "players": (PLAYERS, {"event_id": (int,), "player_id": (int,), "seq": (int,), "present": (bool,)}),
    "tables": (TABLES, {"event_id": (int,), "round": (int,), "table": (int,), "session_id": (int,)}),
}


def _stamp(value: Any) -> str:
    if isinstance(value, datetime):
        return (value if value.tzinfo else value.replace(tzinfo=UTC)).isoformat()
    return str(value)


def events_read(conn: Connection, players: set[int], sessions: set[int]) -> tuple[dict[str, list[dict]], list[str]]:
    """Every event's rows as a backup holds them, and what was left out: a table whose session,
    or a player whom the backup does not hold."""
    found: dict[str, list[dict]] = {}
    notes: list[str] = []
    for part, (table, fields) in PARTS.items():
        rows = [dict(r._mapping) for r in conn.execute(select(table).order_by(*table.primary_key.columns))]
        found[part] = [{k: _stamp(r[k]) if k == "created_at" else r[k] for k in fields} for r in rows]
    kept = []
    for row in found["tables"]:
        if row["session_id"] in sessions:
            kept.append(row)
        else:
            notes.append(
                f"Event {row['event_id']}, round {row['round']}, table {row['table']}: its session was left out."
            )
    found["tables"] = kept
    found["players"] = [p for p in found["players"] if p["player_id"] in players]
    return found, notes


def events_of(
    data: Any, players: set[int], sessions: set[int], games: set[str], damaged: Callable[[str], Exception]
) -> dict[str, list[dict]]:
    """A backup's events checked: every row of the right shape, each pointing at an event, a
    player or a session the file holds, a game Companion knows, no session at two tables."""
    if data is None:
        return {part: [] for part in PARTS}
    if not isinstance(data, dict):
        raise damaged("'events' is not an object")
    rows: dict[str, list[dict]] = {}
    for part, (_, fields) in PARTS.items():
        found = data.get(part, [])
        if not isinstance(found, list):
            raise damaged(f"the events' {part} are not a list")
        checked = []
        for k, row in enumerate(found, start=1):
            where = f"event {part[:-1]} {k}"
            if not isinstance(row, dict) or set(row) != set(fields):
                raise damaged(f"{where} is not an object with {', '.join(fields)}")
            for key, kinds in fields.items():
                value = row[key]
                if not isinstance(value, kinds) or (bool not in kinds and isinstance(value, bool)):
                    raise damaged(f"{where}: its {key} is {value!r}")
            checked.append(dict(row))
        rows[part] = checked
    events = {e["id"] for e in rows["events"]}
    if len(events) != len(rows["events"]):
        raise damaged("two events share an id")
    for e in rows["events"]:
        e["created_at"] = _time(e["created_at"], damaged)
    for part in ("rounds", "players", "tables"):
        for row in rows[part]:
            if row["event_id"] not in events:
                raise damaged(f"an event's {part[:-1]} points at event {row['event_id']}, which is not in the file")
    for r in rows["rounds"]:
        if r["game"] not in games:
            raise damaged(f"event {r['event_id']}'s round {r['round']} is of the game {r['game']!r}, unknown here")
        for text in (r["header"], r["out"]):
            if text is not None:
                try:
                    json.loads(text)
                except ValueError:
                    raise damaged(f"event {r['event_id']}'s round {r['round']}: {text!r} is not JSON") from None
    for p in rows["players"]:
        if p["player_id"] not in players:
            raise damaged(f"event {p['event_id']} names player {p['player_id']}, who is not in the file")
    seen: set[int] = set()
    for row in rows["tables"]:
        if row["session_id"] not in sessions or row["session_id"] in seen:
            raise damaged(
                f"event {row['event_id']}'s table {row['table']} points at session {row['session_id']}, "
                "not one of its own"
            )
        seen.add(row["session_id"])
    return rows


def _time(text: str, damaged: Callable[[str], Exception]) -> datetime:
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        raise damaged(f"an event's start time {text!r} is no time") from None
    return parsed.astimezone(UTC) if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def insert_events(conn: Connection, rows: dict[str, list[dict]]) -> None:
    """The events' rows inserted (after the players and sessions they point at)."""
    for part, (table, _) in PARTS.items():
        if rows.get(part):
            conn.execute(insert(table), rows[part])
