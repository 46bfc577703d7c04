"""The native session file: everything a table recorded (while a game runs, only what the table
has seen), and its import, which takes all of a file or nothing."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from companion.exports.session_file import FORMAT, VERSION, session_parts
from companion.store.sessions import Sessions
from companion.words.refused import Refused
from scoring import contract
from scoring.recordkit import loads
from scoring.records import build_record, read_record, split_record
from scoring.registry import get

MAX_IMPORT_BYTES = 5 * 1024 * 1024


def public_entries(sessions: Sessions, sid: int) -> list[Any]:
    """The session's entries as the table may see them now (``Game.public``): while a game runs,
    nothing that lies face down (a LOUDER TRICKSTAR placement's card is ■). A session whose stored
    entries no longer replay keeps what replays, shown the same way, and only a game that hides
    nothing keeps the rest as stored."""
    info, position = sessions.snapshot(sid)
    entries = sessions.entries(sid)
    game = get(info.game)
    public = contract.public(game, position)
    if public == position.record:
        return entries
    return game.split(public)[1]


def native(sessions: Sessions, sid: int) -> dict:
    """The native session file: everything a table recorded once the game is over; while it runs,
    only what the table has seen (``public_entries``)."""
    info = sessions.info(sid)
    game, header = sessions.header(sid)
    data = {
        "format": FORMAT,
        "version": VERSION,
        "uid": info.uid,
        "game": game,
        "created_at": info.created_at.isoformat(),
        "header": header,
        "entries": public_entries(sessions, sid),
    }
    for key in ("location", "notes"):  # only where the table said (a file without them reads as before)
        if getattr(info, key):
            data[key] = getattr(info, key)
    return data


def session_json(sessions: Sessions, sid: int, lang: str = "en") -> str:
    """The native session file as text (``native``); it has no language."""
    return json.dumps(native(sessions, sid), ensure_ascii=False, indent=1) + "\n"


def import_text(sessions: Sessions, raw: bytes) -> int:
    """Import a native session file or any game record: everything is checked through the engine
    before a single row is written, so a bad file changes nothing."""
    if len(raw) > MAX_IMPORT_BYTES:
        raise Refused(
            "record-format",
            "The file is {size} bytes; imports are limited to {limit}.",
            size=len(raw),
            limit=MAX_IMPORT_BYTES,
        )
    try:
        data: Any = loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        raise Refused("record-format", "Not a JSON file (truncated or damaged?): {why}.", why=err) from None
    if not isinstance(data, dict):
        raise Refused("record-format", "A session file is one JSON object.")
    if data.get("format") == FORMAT:
        game, header, entries = session_parts(data)
        uid, created = data.get("uid"), data.get("created_at")
        said = {key: data.get(key, "") for key in ("location", "notes")}  # checked as the form checks them
    else:
        read_record(data)  # a record is checked as `companion score` checks it, before it is split
        game, header, entries = split_record(data)
        uid = created = None
        said = {}
    read_record(build_record(game, header, entries))  # the whole file, through the rules, first
    stamp = datetime.fromisoformat(created) if created is not None else None  # checked: session_parts
    if uid and any(s.uid == uid for s in sessions.list()):
        raise Refused("record-format", "Session {uid} is already in this database.", uid=uid)
    return sessions.import_whole(game, header, entries, uid=uid, created_at=stamp, **said)
