"""The native session file's form (what ``export --format json`` writes): read by ``import``, which
stores it, and by ``score``, which scores it — one reader, and no store behind it."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from companion.clock import in_calendar
from companion.words.refused import Refused
from scoring.registry import ids

FORMAT = "companion-session"
VERSION = 1


def is_session_file(data: object) -> bool:
    """Whether ``data`` is a native session file (what ``export --format json`` writes)."""
    return isinstance(data, dict) and data.get("format") == FORMAT


def session_parts(data: dict) -> tuple[str, dict, list[Any]]:
    """A native session file's game, header and entries, its form checked (its version, its parts,
    when it was made and its uid; not yet its rules): what import and score both read."""
    if data.get("version") != VERSION:
        raise Refused(
            "record-format",
            "This is a version {version!r} session file; this Companion reads version {reads}.",
            version=data.get("version"),
            reads=VERSION,
        )
    game, header, entries = data.get("game"), data.get("header"), data.get("entries")
    if not isinstance(game, str) or game not in ids() or not isinstance(header, dict) or not isinstance(entries, list):
        raise Refused("record-format", "A session file needs game, header and entries.")
    created, uid = data.get("created_at"), data.get("uid")
    try:
        stamp = datetime.fromisoformat(created) if created is not None else None
    except (TypeError, ValueError):
        raise Refused(
            "record-format",
            "created_at must be a date and time like 2026-11-22T19:26:03+00:00, not {created!r}.",
            created=created,
        ) from None
    if stamp is not None and not in_calendar(stamp):
        raise Refused(
            "record-format",
            "created_at is {created}: a game is played between 1970 and now, so this is no time it was played at.",
            created=created,
        )
    if uid is not None and not isinstance(uid, str):
        raise Refused("record-format", "uid must be text, not {uid!r}.", uid=uid)
    return game, header, entries
