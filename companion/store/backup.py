"""A whole history in one file: every session with its seats and all its entries (undone ones
too), every player (merges kept) and the app settings.

``companion backup FILE`` writes it; ``companion restore FILE`` reads it back into an empty
database, all of it or nothing. The file is JSON (UTF-8)::

    {"format": "companion-backup", "version": 1, "schema": 6, "written_at": "…+00:00",
     "settings": {"language": "en", "keymap": {…}} (and "rate_variants": "apart", "last_game": "kings"
                  where set) or null,
     "players": [{"id": 1, "name": "Aki", "merged_into": null, "uid": "<random hex>"}, …],
     "sessions": [{"id": 1, "uid": …, "game": …, "header": "<stored JSON text>", "created_at": …,
                   "updated_at": …, "finished_at": … or null, "revision": 4, "entries": 3,
                   "standings": "<stored JSON text>" or null, "winners": … or null,
                   "location": "Aki's kitchen", "notes": "…", "pauses": "<stored JSON text>" or null,
                   "seats": [{"seat": 0, "player": 1}, …],
                   "log": [{"id": 7, "seq": 1, "payload": "<stored JSON text>", "active": true,
                            "created_at": …}, …]}, …],
     "events": {"events": […], "rounds": […], "players": […], "tables": […]} (schema 8 on: a club
               night's events, ``companion.store.event_backup``),
     "sha256": "<hex digest of the canonical JSON of everything else>"}

Ids are kept, so a restored database lists and exports exactly as the one backed up (BG Stats
knows a player by their ``uid`` and a play by the session's uid; a backup of schema 3 or older has
no player uids, and its players get new ones; one of schema 4 or older has no place, notes or
pauses, and its sessions restore without them). Stored texts (header, payload, standings, winners,
pauses) are kept as the very text stored, so a damaged payload survives a round trip too.

A backup holds only what a restore takes back. Whatever of a database cannot be read (a flipped
bit in a stored time, a header no longer JSON, a seat pointing at nobody) is left out or stood in
for, and the backup says what, in sentences (``Counts.left_out``); everything else is saved.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

from sqlalchemy import func, insert, select, text
from sqlalchemy.engine import Connection

from companion.clock import DamagedTime, damaged, in_calendar
from companion.store import pauses, place
from companion.store.database import (
    SCHEMA_VERSION,
    DamagedText,
    EntryRow,
    PlayerRow,
    SeatRow,
    SessionRow,
    Store,
    describe_url,
    entry_seal,
    kept_readings,
    new_uid,
)
from companion.store.event_backup import events_of, events_read, insert_events
from companion.store.files import why as why_not
from companion.store.files import write_whole
from companion.store.names import check_new_names
from companion.store.settings import RATE_VARIANTS, AppSettings, config_path, own_cards_of
from companion.store.summary import stored_header
from companion.words import N_, languages, t, tn
from companion.words.refused import Explained, Phrase
from scoring.errors import RuleViolation
from scoring.recordkit import MAX_DIGITS

FORMAT = "companion-backup"
VERSION = 1
PAGE = 1000  # sessions read (with their seats and entries) a page at a time
LARGEST = 2**63 - 1  # the largest number a database keeps (SQLite's; PostgreSQL's ids are smaller: Store.max_id)
MAX_BACKUP_BYTES = 512 * 1024 * 1024  #: the largest backup ``restore`` reads (a club's whole history fits many times)

PLAYERS = PlayerRow.__table__
SESSIONS = SessionRow.__table__
SEATS = SeatRow.__table__
ENTRIES = EntryRow.__table__


class BackupError(Explained):
    """A backup that cannot be written, or a file that is not restored, with the reason (a message
    of the catalogue with its values)."""


@dataclass(frozen=True)
class Counts:
    """What a backup holds: how many sessions and players, and whether the settings; and what of
    the database it could not read and so left out or stood in for, each a sentence."""

    sessions: int
    players: int
    settings: bool
    left_out: tuple[str, ...] = ()

    def sentence(self, lang: str = "en") -> str:
        """``12 sessions, 5 players and the settings`` (or ``12 sessions and 5 players``)."""
        sessions = tn("{n} session", "{n} sessions", self.sessions, lang)
        players = tn("{n} player", "{n} players", self.players, lang)
        if self.settings:
            return t("{sessions}, {players} and the settings", lang, sessions=sessions, players=players)
        return t("{sessions} and {players}", lang, sessions=sessions, players=players)


def _held(sessions: int, players: int, lang: str) -> str:
    """``3 sessions and 1 player``, as a refusal says what a database holds."""
    return Counts(sessions, players, False).sentence(lang)


# --- times ---------------------------------------------------------------------------------------


def _stamp(value: datetime | None) -> str | None:
    """A stored time as ISO 8601 with its offset (the store gives UTC)."""
    if value is None:
        return None
    return (value if value.tzinfo else value.replace(tzinfo=UTC)).isoformat()


def _stored(value: str | None) -> datetime | None:
    """An ISO 8601 time as the store takes it: in UTC (a time without an offset is read as UTC)."""
    if value is None:
        return None
    parsed = datetime.fromisoformat(value)
    return parsed.astimezone(UTC) if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def digest(data: dict) -> str:
    """The SHA-256 of the canonical JSON (sorted keys, no spaces, UTF-8) of everything but itself."""
    rest = {k: v for k, v in data.items() if k != "sha256"}
    canonical = json.dumps(rest, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


# --- writing a backup ----------------------------------------------------------------------------


def _reading(conn: Connection, sqlite: bool) -> None:
    """One snapshot for the whole read, so a table recording meanwhile never leaves a seat
    pointing at a player the file lacks."""
    if sqlite:
        conn.exec_driver_sql("BEGIN")  # a deferred read transaction: one WAL snapshot


def _settings() -> dict | None:
    """The app settings as saved, or None when none were ever saved."""
    if not config_path().is_file():
        return None
    saved = AppSettings.load()
    return {**saved.as_json(), "keymap": dict(saved.keymap)}


def _sessions(conn: Connection) -> Iterator[tuple[Any, list[Any], list[Any]]]:
    """Every session's row with its seats and all its entries, oldest id first, a page at a time,
    as the database gives them (a damaged time as ``DamagedTime``, damaged text as
    ``DamagedText``)."""
    last = 0
    while True:
        rows = conn.execute(select(SESSIONS).where(SESSIONS.c.id > last).order_by(SESSIONS.c.id).limit(PAGE)).all()
        if not rows:
            return
        top = rows[-1].id
        span = (SEATS.c.session_id > last) & (SEATS.c.session_id <= top)
        seats: dict[int, list[Any]] = {}
        for seat in conn.execute(select(SEATS).where(span).order_by(SEATS.c.session_id, SEATS.c.seat)):
            seats.setdefault(seat.session_id, []).append(seat)
        span = (ENTRIES.c.session_id > last) & (ENTRIES.c.session_id <= top)
        log: dict[int, list[Any]] = {}
        for e in conn.execute(select(ENTRIES).where(span).order_by(ENTRIES.c.session_id, ENTRIES.c.seq)):
            log.setdefault(e.session_id, []).append(e)
        for r in rows:
            yield r, seats.get(r.id, []), log.get(r.id, [])
        if len(rows) < PAGE:
            return
        last = top


def _readable_text(value: Any) -> bool:
    return isinstance(value, str) and not isinstance(value, DamagedText)


def _json_text(value: Any) -> bool:
    """Whether a stored text still reads as the JSON it was written as."""
    if not _readable_text(value):
        return False
    try:
        json.loads(value)
    except (ValueError, RecursionError):
        return False
    return True


def _players_read(conn: Connection) -> tuple[list[dict], list[str]]:
    """Every player as a backup holds them, and what of them was damaged: a name that is no longer
    UTF-8 is saved as far as it reads, a damaged uid is replaced by a new one, a merge pointing at
    nobody is dropped."""
    players: list[dict] = []
    notes: list[str] = []
    for p in conn.execute(select(PLAYERS).order_by(PLAYERS.c.id)):
        name = str(p.name)
        if not _readable_text(p.name):
            notes.append(f"Player {p.id}: the name was damaged in the database; saved as {name!r}, as far as it reads.")
        uid = p.uid
        if not _readable_text(uid) or not uid:
            if uid is not None:
                notes.append(
                    f"Player {p.id} ({name}): the id BG Stats knows them by was damaged; saved with a new one."
                )
            uid = new_uid()
        players.append({"id": p.id, "name": name, "merged_into": p.merged_into, "uid": uid})
    ids = {p["id"] for p in players}
    for p in players:
        into = p["merged_into"]
        if into is not None and (not isinstance(into, int) or into not in ids or into == p["id"]):
            notes.append(
                f"Player {p['id']} ({p['name']}): merged into player {into!r}, who is not there; saved unmerged."
            )
            p["merged_into"] = None
    return players, notes


_TIMES = {"created_at": "its start time", "updated_at": "the time of its last change", "finished_at": "its end time"}


def _session_read(r: Any, seats: list[Any], log: list[Any], written_at: datetime) -> tuple[dict | None, list[str]]:
    """One session as a backup holds it, and what of it was damaged: a session whose game or header
    no longer reads is left out (a restore could not take it); a damaged time stands in as another
    of its times, damaged standings are left to be worked out again, a damaged id is replaced."""
    sid = r.id
    header = None
    if _readable_text(r.header):
        try:
            header = json.loads(r.header)
        except (ValueError, RecursionError):
            header = None
    if not _readable_text(r.game):
        return None, [f"Left out session {sid}: its game is damaged in the database."]
    if not isinstance(header, dict) or not isinstance(header.get("players"), list):
        return None, [f"Left out session {sid}: its header (the players and options) is damaged in the database."]
    notes: list[str] = []
    times = {k: getattr(r, k) for k in _TIMES}
    readable = [t for t in (times["updated_at"], times["created_at"]) if t is not None and not damaged(t)]
    readable += [e.created_at for e in log if e.created_at is not None and not damaged(e.created_at)]
    stand_in = readable[0] if readable else written_at
    for key, what in _TIMES.items():
        if damaged(times[key]):
            assert isinstance(times[key], DamagedTime)
            notes.append(
                f"Session {sid}: {what} was damaged ({times[key].stored!r}); saved as {_stamp(stand_in)} instead."
            )
            times[key] = stand_in
    uid = r.uid
    if not _readable_text(uid) or not uid:
        notes.append(f"Session {sid}: its id (the play BG Stats knows) was damaged; saved with a new one.")
        uid = new_uid()
    summary = {}
    for key in ("standings", "winners"):
        value = getattr(r, key)
        if value is not None and not _json_text(value):
            notes.append(f"Session {sid}: its stored {key} were damaged; left to be worked out again from its entries.")
            value = None
        summary[key] = value
    if summary["standings"] is None:
        summary["winners"] = None  # both are worked out again together
    said = {}
    for key, what, check in (("location", "place was", place.location), ("notes", "notes were", place.notes)):
        value = getattr(r, key)
        try:
            said[key] = check(value) if _readable_text(value) else None
        except RuleViolation:  # a restore would refuse it
            said[key] = None
        if said[key] is None:
            notes.append(f"Session {sid}: its {what} damaged; saved empty.")
            said[key] = ""
    kept_pauses = r.pauses
    if kept_pauses is not None and (not _readable_text(kept_pauses) or pauses.parsed(kept_pauses) is None):
        notes.append(f"Session {sid}: its pauses were damaged; saved without them (its time counts them in).")
        kept_pauses = None
    entries = []
    for e in log:
        stamp = e.created_at
        if damaged(stamp):
            notes.append(
                f"Session {sid}: the time of entry {e.seq} was damaged; saved as {_stamp(times['created_at'])}."
            )
            stamp = times["created_at"]
        if not _readable_text(e.payload):
            notes.append(f"Session {sid}: entry {e.seq} was damaged (no longer UTF-8 text); saved as far as it reads.")
        kept = {
            "id": e.id,
            "seq": e.seq,
            "payload": str(e.payload),
            "active": bool(e.active),
            "created_at": _stamp(stamp),
        }
        if e.seal == entry_seal(sid, e.seq, kept["payload"]):
            kept["seal"] = e.seal
        else:  # saved as it reads, without the seal it no longer matches: a restore seals it anew
            notes.append(
                f"Session {sid}: entry {e.seq} no longer matches the seal it was written with; saved as it reads."
            )
        entries.append(kept)
    active = sum(1 for e in entries if e["active"])
    return {
        "id": sid,
        "uid": uid,
        "game": r.game,
        "header": r.header,
        "created_at": _stamp(times["created_at"]),
        "updated_at": _stamp(times["updated_at"]),
        "finished_at": _stamp(times["finished_at"]),
        "revision": r.revision if isinstance(r.revision, int) and not isinstance(r.revision, bool) else 0,
        "entries": r.entries if isinstance(r.entries, int) and not isinstance(r.entries, bool) else active,
        "standings": summary["standings"],
        "winners": summary["winners"],
        "location": said["location"],
        "notes": said["notes"],
        "pauses": kept_pauses,
        "seats": [{"seat": seat.seat, "player": seat.player_id} for seat in seats],
        "log": entries,
    }, notes


def snapshot(store: Store) -> dict:
    """The whole history as a backup (with its checksum), read in one transaction: everything a
    restore takes back. What could not be read is listed in ``"left_out"`` (taken out of the data
    before it is written: the file holds only the history)."""
    from scoring.registry import ids

    written_at = datetime.now(UTC)
    with store.errors(), store.session() as s:
        options = {} if store.sqlite else {"isolation_level": "REPEATABLE READ"}
        conn = s.connection(execution_options=options)
        _reading(conn, store.sqlite)
        players, notes = _players_read(conn)
        known = {p["id"] for p in players}
        games = set(ids())
        sessions = []
        seen: dict[str, set] = {"sids": set(), "uids": set(), "eids": set()}
        for r, seats, log in _sessions(conn):
            session, said = _session_read(r, seats, log, written_at)
            notes += said
            if session is None:
                continue
            try:  # exactly the check a restore makes of it: a backup holds only what restores
                _session_rows(session, known, games, seen)
            except BackupError as err:
                notes.append(f"Left out session {r.id}: {str(err).removeprefix('the backup is damaged: ')}")
                continue
            sessions.append(session)
        events, said = events_read(conn, known, {s["id"] for s in sessions})
        notes += said
    data = {
        "format": FORMAT,
        "version": VERSION,
        "schema": SCHEMA_VERSION,
        "written_at": written_at.isoformat(),
        "settings": _settings(),
        "players": players,
        "sessions": sessions,
        "events": events,
    }
    data["sha256"] = digest(data)
    data["left_out"] = notes
    return data


def _check_writable(path: Path, what: str) -> None:
    """Refuse, with the reason, a path the file cannot be written to (a name too long for the
    system, a folder, a folder that is not there or not writable)."""
    try:
        _check_folder(path, what)
    except OSError as err:
        raise _not_written(what, path, err) from None


def _not_written(what: str, path: Path, err: OSError) -> BackupError:
    return BackupError(
        "cannot write the {what} to {path} ({why}).", what=Phrase(what), path=path, why=partial(why_not, err)
    )


def _check_folder(path: Path, what: str) -> None:
    folder = path.parent
    if path.is_dir():
        raise BackupError("{path} is a folder; name a file to write the {what} to.", path=path, what=Phrase(what))
    if not folder.is_dir():
        why = Phrase("it is a file, not a folder") if folder.exists() else Phrase("it does not exist")
        raise BackupError(
            "cannot write the {what} to {path}: the folder {folder} cannot be used ({why}).",
            what=Phrase(what),
            path=path,
            folder=folder,
            why=why,
        )
    if not os.access(folder, os.W_OK | os.X_OK):
        raise BackupError(
            "cannot write the {what} to {path}: the folder {folder} is not writable.",
            what=Phrase(what),
            path=path,
            folder=folder,
        )


def write_atomically(path: Path, content: str, what: str) -> None:
    """``content`` written whole to ``path`` (``write_whole``), private to its owner: the old file
    stays whole until the new one is complete. ``what`` names it in a refusal."""
    _check_writable(path, what)
    try:
        write_whole(path, content)
    except OSError as err:
        raise _not_written(what, path, err) from None


def backup(store: Store, path: Path) -> Counts:
    """Write the whole history to ``path`` (atomically); returns what it holds."""
    _check_writable(path, N_("backup"))  # before the history is read
    data = snapshot(store)
    left_out = data.pop("left_out")
    left_out += _names_restore_refuses(data["players"])
    write_atomically(path, json.dumps(data, ensure_ascii=False, indent=1) + "\n", N_("backup"))
    return Counts(len(data["sessions"]), len(data["players"]), data["settings"] is not None, tuple(left_out))


def _names_restore_refuses(players: list[dict]) -> list[str]:
    """A name a restore would refuse (a database written before names were checked, a damaged
    byte): said when the backup is written, with what to do, while the database is still there."""
    problem = _name_problem(players)
    if problem is None:
        return []
    return [
        f"A restore of this backup will be refused: {problem} Rename the player (companion players rename "
        "OLD NEW) and back up again."
    ]


# --- reading a backup ----------------------------------------------------------------------------


def _damaged(why: str) -> BackupError:
    """A backup refused as damaged; ``why`` names what in the file (its keys and values, as written)."""
    return BackupError("the backup is damaged: {why}. Nothing was restored.", why=why)


def _field(where: str, obj: dict, key: str, kind: type | tuple[type, ...], optional: bool = False) -> Any:
    """``obj[key]``, checked to be of ``kind`` (None allowed when ``optional``)."""
    if key not in obj:
        raise _damaged(f"{where} has no {key!r}")
    value = obj[key]
    if value is None and optional:
        return None
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise _damaged(f"{where}: {key!r} is {value!r}, not a number or text")
    if not isinstance(value, kind):
        raise _damaged(f"{where}: {key!r} is {value!r}, of the wrong kind")
    return value


def _time(where: str, obj: dict, key: str, optional: bool = False) -> datetime | None:
    value = _field(where, obj, key, str, optional)
    try:
        stamp = _stored(value)
    except (ValueError, OverflowError):
        raise _damaged(f"{where}: {key!r} is {value!r}, not a date and time") from None
    if stamp is not None and not in_calendar(stamp):
        raise _damaged(f"{where}: {key!r} is {value!r}, not a time a game was played at (1970 to now)")
    return stamp


def _header_players(where: str, header: str) -> int:
    try:
        parsed = json.loads(header)
    except (ValueError, RecursionError):
        raise _damaged(f"{where}: its header is not JSON") from None
    if not isinstance(parsed, dict) or not isinstance(parsed.get("players"), list):
        raise _damaged(f"{where}: its header names no players")
    return len(parsed["players"])


@dataclass(frozen=True)
class Rows:
    """A checked backup as the rows to insert, and the settings to save (or None)."""

    players: list[dict]
    sessions: list[dict]
    seats: list[dict]
    entries: list[dict]
    settings: dict | None
    events: dict[str, list[dict]] = field(default_factory=dict)  # companion.store.event_backup

    @property
    def counts(self) -> Counts:
        return Counts(len(self.sessions), len(self.players), self.settings is not None)


def _settings_of(value: Any) -> dict | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise _damaged("'settings' is not an object")
    language = _field("settings", value, "language", str)
    if language not in languages():  # a language Companion has a catalogue for
        raise _damaged(f"settings: the language {language!r} is not one of {', '.join(languages())}")
    keymap = _field("settings", value, "keymap", dict)
    if not all(isinstance(v, str) for v in keymap.values()):
        raise _damaged("settings: a key binding is not text")
    found = {"language": language, "keymap": keymap}
    if "rate_variants" in value:  # how the ratings take a game's variants (companion.store.settings)
        rate_variants = _field("settings", value, "rate_variants", str)
        if rate_variants not in RATE_VARIANTS:
            raise _damaged(f"settings: rate_variants {rate_variants!r} is neither together nor apart")
        found["rate_variants"] = rate_variants
    if isinstance(value.get("last_game"), str) and value["last_game"]:  # the new-game form's game
        found["last_game"] = value["last_game"]
    own_cards = own_cards_of(value.get("own_cards"))
    if own_cards:  # the table's own cards, for the next game's form
        found["own_cards"] = own_cards
    return found


def _players_of(data: dict) -> list[dict]:
    players = _field("the file", data, "players", list)
    rows, names, uids = [], set(), set()
    for k, p in enumerate(players):
        where = f"player {k + 1}"
        if not isinstance(p, dict):
            raise _damaged(f"{where} is not an object")
        row = {
            "id": _field(where, p, "id", int),
            "name": _field(where, p, "name", str),
            "merged_into": _field(where, p, "merged_into", int, optional=True),
            # a backup of schema 3 or older has no player ids: each player gets a new one
            "uid": _field(where, p, "uid", str) if "uid" in p else new_uid(),
        }
        if row["name"] in names:
            raise _damaged(f"two players are called {row['name']!r}")
        if not row["uid"] or row["uid"] in uids:
            raise _damaged(f"{row['name']} has no id of their own")
        names.add(row["name"])
        uids.add(row["uid"])
        rows.append(row)
    ids = {r["id"] for r in rows}
    if len(ids) != len(rows):
        raise _damaged("two players share an id")
    for r in rows:
        if r["merged_into"] is not None and (r["merged_into"] not in ids or r["merged_into"] == r["id"]):
            raise _damaged(f"{r['name']} is merged into player {r['merged_into']}, who is not in the file")
    return rows


def _name_problem(players: list[dict]) -> RuleViolation | None:
    """Why a restore refuses the players' names, checked as ``new``, ``import`` and ``players
    rename`` check them (``companion.store.names``): plain visible text of a limited length, no two that
    look alike. None where they pass."""
    try:
        check_new_names([p["name"] for p in players], [])
    except RuleViolation as err:
        return err
    return None


def _check_names(players: list[dict]) -> None:
    problem = _name_problem(players)
    if problem is not None:
        raise BackupError(
            "the backup holds a name no other door admits: {problem} Nothing was restored.", problem=problem
        )


def _session_rows(s: Any, players: set[int], games: set[str], seen: dict[str, set]) -> tuple[dict, list, list]:
    """One session of a backup checked: its row, its seats and its entries, each of the right
    kind, its game known, every seat pointing at a player in the file, nothing in it twice (with
    ``seen``, the ids and uids of the sessions and entries before it)."""
    if not isinstance(s, dict):
        raise _damaged("a session is not an object")
    sid = _field("a session", s, "id", int)
    where = f"session {sid}"
    row = {
        "id": sid,
        "uid": _field(where, s, "uid", str),
        "game": _field(where, s, "game", str),
        "header": _field(where, s, "header", str),
        "created_at": _time(where, s, "created_at"),
        "updated_at": _time(where, s, "updated_at"),
        "finished_at": _time(where, s, "finished_at", optional=True),
        "revision": _field(where, s, "revision", int),
        "entries": _field(where, s, "entries", int),
        "standings": _field(where, s, "standings", str, optional=True),
        "winners": _field(where, s, "winners", str, optional=True),
        # a backup of schema 4 or older has no place, notes or pauses: its sessions have none
        "location": _field(where, s, "location", str) if "location" in s else "",
        "notes": _field(where, s, "notes", str) if "notes" in s else "",
        "pauses": _field(where, s, "pauses", str, optional=True) if "pauses" in s else None,
    }
    try:
        row["location"], row["notes"] = place.location(row["location"]), place.notes(row["notes"])
    except RuleViolation as err:
        raise _damaged(f"{where}: {err.reason.removesuffix('.')}") from None
    if pauses.parsed(row["pauses"]) is None:
        raise _damaged(f"{where}: its pauses are not a list of times")
    if row["game"] not in games:
        raise BackupError(
            "{where} is a game of {game!r}, which this Companion does not know (it knows {known}). Nothing was "
            "restored.",
            where=where,
            game=row["game"],
            known=", ".join(sorted(games)),
        )
    if sid in seen["sids"] or row["uid"] in seen["uids"]:
        raise _damaged(f"{where} is in the file twice")
    seats: list[dict] = []
    for seat in _field(where, s, "seats", list):
        if not isinstance(seat, dict):
            raise _damaged(f"{where}: a seat is not an object")
        number, player = _field(where, seat, "seat", int), _field(where, seat, "player", int)
        if player not in players:
            raise _damaged(f"{where}: seat {number} points at player {player}, who is not in the file")
        seats.append({"session_id": sid, "seat": number, "player_id": player})
    if sorted(seat["seat"] for seat in seats) != list(range(_header_players(where, row["header"]))):
        raise _damaged(f"{where}: its seats do not match the players of its header")
    entries: list[dict] = []
    seqs: set[int] = set()
    for e in _field(where, s, "log", list):
        if not isinstance(e, dict):
            raise _damaged(f"{where}: an entry is not an object")
        entry = {
            "id": _field(where, e, "id", int),
            "session_id": sid,
            "seq": _field(where, e, "seq", int),
            "payload": _field(where, e, "payload", str),
            "active": _field(where, e, "active", bool),
            "created_at": _time(where, e, "created_at"),
        }
        if entry["id"] in seen["eids"] or entry["seq"] in seqs:
            raise _damaged(f"{where}: entry {entry['seq']} is in the file twice")
        # sealed when it was written (a backup of schema 6 or older: sealed now, as the migration does)
        entry["seal"] = entry_seal(sid, entry["seq"], entry["payload"])
        if "seal" in e and e["seal"] != entry["seal"]:
            raise _damaged(f"{where}: entry {entry['seq']} does not match the seal it was written with")
        seqs.add(entry["seq"])
        entries.append(entry)
    _check_replays(where, row, entries)
    seen["sids"].add(sid)
    seen["uids"].add(row["uid"])
    seen["eids"].update(e["id"] for e in entries)
    return row, seats, entries


def _check_replays(where: str, row: dict, entries: list[dict]) -> None:
    """The session's entries replayed through its game's rules, as an import is: a checksum proves
    a file unchanged, not that what it holds was ever right (and a backup leaves out, and says so,
    a session of a damaged database that no longer replays)."""
    from scoring.registry import get

    active = sorted((e for e in entries if e["active"]), key=lambda e: e["seq"])
    try:
        get(row["game"]).replay(stored_header(row["header"]) or {}, [json.loads(e["payload"]) for e in active])
    except RuleViolation as err:
        raise _damaged(f"{where}: its entries do not replay ({err.reason.removesuffix('.')})") from None
    except (ValueError, RecursionError, TypeError, AttributeError):
        raise _damaged(f"{where}: an entry is not JSON its game reads") from None


def _sessions_of(data: dict, players: set[int], games: set[str]) -> tuple[list[dict], list[dict], list[dict]]:
    rows: list[dict] = []
    seats: list[dict] = []
    entries: list[dict] = []
    seen: dict[str, set] = {"sids": set(), "uids": set(), "eids": set()}
    for s in _field("the file", data, "sessions", list):
        row, seated, logged = _session_rows(s, players, games, seen)
        rows.append(row)
        seats += seated
        entries += logged
    return rows, seats, entries


def _whole(text: str) -> int:
    """A whole number of the file; one longer than Python reads, or larger than any database's
    number (an id, a revision), is damage, not a ValueError."""
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _damaged(f"it holds a number of {len(text.lstrip('-')):,} digits")
    value = int(text)
    if abs(value) > LARGEST:
        raise _damaged(f"it holds the number {value}, larger than a database keeps")
    return value


def read(raw: bytes) -> Rows:
    """Check a whole backup before anything is written: what it is, its version, its checksum,
    the shape of every row, every game known, every seat and merge pointing at a player in it."""
    from scoring.registry import ids

    try:
        data = json.loads(raw.decode("utf-8"), parse_int=_whole)
    except UnicodeDecodeError:
        raise _damaged("it is not UTF-8 text") from None
    except json.JSONDecodeError as err:
        whole = raw.rstrip()
        cut = whole.startswith(b"{") and (
            err.pos >= len(whole) or err.msg.startswith("Unterminated") or not whole.endswith(b"}")
        )
        end = " (it ends too early: truncated?)" if cut else ""
        raise _damaged(f"it is not JSON{end}: {err.msg} (line {err.lineno}, column {err.colno})") from None
    except RecursionError:
        raise _damaged("it is nested too deeply to be a backup") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BackupError(
            "this is not a Companion backup (no {format}). Nothing was restored.", format='"format": "companion-backup"'
        )
    # the backup's own format, then the database schema its rows follow: each this Companion's or older
    for key, ours, newer in (
        ("version", VERSION, N_("backup version {found}; this one reads version {ours}")),
        ("schema", SCHEMA_VERSION, N_("database schema {found}; this one reads up to {ours}")),
    ):
        found = data.get(key)
        if not isinstance(found, int) or isinstance(found, bool) or found < 1:
            raise _damaged(f"its {key} is {found!r}")
        if found > ours:
            raise BackupError(
                "this backup was written by a newer Companion ({newer}). Update Companion to restore it; nothing was "
                "restored.",
                newer=Phrase(newer, found=found, ours=ours),
            )
    if not isinstance(data.get("sha256"), str):
        raise _damaged("it has no checksum ('sha256')")
    if digest(data) != data["sha256"]:
        raise _damaged("its checksum does not match its contents (a changed or damaged byte)")
    settings = _settings_of(_field("the file", data, "settings", dict, optional=True))
    players = _players_of(data)
    _check_names(players)
    sessions, seats, entries = _sessions_of(data, {p["id"] for p in players}, set(ids()))
    events = events_of(
        data.get("events"), {p["id"] for p in players}, {s["id"] for s in sessions}, set(ids()), _damaged
    )
    if data["schema"] < 6:  # its sessions keep the readings they were scored by, as a migrated database's do
        sessions = [{**s, "header": kept_readings(s["game"], s["header"])} for s in sessions]
    return Rows(players, sessions, seats, entries, settings, events)


# --- restoring -----------------------------------------------------------------------------------


def _chunks(rows: list[dict], size: int = 5000) -> Iterator[list[dict]]:
    for start in range(0, len(rows), size):
        yield rows[start : start + size]


def _check_settings_folder(folder: Path) -> None:
    """Refuse, before anything is written, a settings folder that cannot be made or written."""
    existing = folder
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if not existing.is_dir() or not os.access(existing, os.W_OK | os.X_OK):
        raise BackupError(
            "the settings cannot be written to the folder {folder} ({existing} is not a writable folder); nothing "
            "was restored.",
            folder=folder,
            existing=existing,
        )


def _check_ids(rows: Rows, largest: int) -> None:
    """Every id and revision within what the database keeps (PostgreSQL's ids are 32-bit)."""
    for what, part, keys in (
        ("player", rows.players, ("id",)),
        ("session", rows.sessions, ("id", "revision")),
        ("entry", rows.entries, ("id",)),
    ):
        for row in part:
            for key in keys:
                if not 0 <= row[key] <= largest:
                    raise _damaged(f"a {what}'s {key} is {row[key]}, outside what this database keeps (0 to {largest})")


def restore(store: Store, backup: bytes | Rows) -> Counts:
    """Restore a backup (its bytes, or as ``read`` checked them) into an empty database in one
    transaction, then its settings (if it holds any) into the settings file. A damaged, newer or
    unknown file, or a database that already holds something, is refused with the reason, and
    nothing is written."""
    rows = backup if isinstance(backup, Rows) else read(backup)
    _check_ids(rows, store.max_id)
    if rows.settings is not None:
        _check_settings_folder(config_path().parent)
    with store.errors(), store.writing() as s:
        conn = s.connection()
        if not store.sqlite:  # no other table adds a session or a player until this commits
            conn.exec_driver_sql("LOCK TABLE players, sessions, seats, entries IN SHARE ROW EXCLUSIVE MODE")
        held = [conn.execute(select(func.count()).select_from(t)).scalar_one() for t in (SESSIONS, PLAYERS)]
        if any(held):
            raise BackupError(
                "the database {where} already holds {counts}. A backup is restored only into an empty database, so "
                "nothing recorded is mixed or lost: restore into a new database with --db (e.g. companion --db "
                "sqlite:///restored.db restore FILE). Nothing was restored.",
                where=describe_url(store.url),
                counts=partial(_held, held[0], held[1]),
            )
        for chunk in _chunks([{**p, "merged_into": None} for p in rows.players]):
            conn.execute(insert(PLAYERS), chunk)
        merged = [p for p in rows.players if p["merged_into"] is not None]
        for p in merged:  # after every player is in: a merge may point at a later id
            conn.execute(PLAYERS.update().where(PLAYERS.c.id == p["id"]).values(merged_into=p["merged_into"]))
        for table, part in ((SESSIONS, rows.sessions), (SEATS, rows.seats), (ENTRIES, rows.entries)):
            for chunk in _chunks(part):
                conn.execute(insert(table), chunk)
        insert_events(conn, rows.events)
        if not store.sqlite:  # new rows continue after the restored ids
            for table in ("players", "sessions", "entries", "events"):
                conn.execute(
                    text(
                        f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                        f"COALESCE((SELECT MAX(id) FROM {table}), 1), (SELECT MAX(id) FROM {table}) IS NOT NULL)"
                    )
                )
        s.commit()
    if rows.settings is not None:
        try:
            config_path().parent.mkdir(parents=True, exist_ok=True)
            write_atomically(config_path(), json.dumps(rows.settings, ensure_ascii=False, indent=1), N_("settings"))
        except (BackupError, OSError) as err:
            raise BackupError(
                "{counts} were restored, but the settings were not: {why}",
                counts=partial(_held, len(rows.sessions), len(rows.players)),
                why=err if isinstance(err, BackupError) else partial(why_not, err),
            ) from None
    return rows.counts
