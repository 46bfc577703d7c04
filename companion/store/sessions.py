"""Sessions that never lose a move.

A session is a game, its header (players in seat order, deck, house rules …) and the entries the
table recorded. The table and the command line change it through one API: ``create`` a session,
``open`` it (``Live``: the session as the table keeps it), then ``append``, ``undo``, ``redo`` or
``replace`` an entry. Each change is checked by the rules, committed with the session's new
standings, and only then acknowledged. Undo keeps the entry for redo until something new is
recorded; replacing a past entry checks everything after it again.

>>> from companion.store.database import Store
>>> sessions = Sessions(Store("sqlite://"))
>>> sid = sessions.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
>>> live = sessions.append(sessions.open(sid), {"roles": {"Aki": "mayor", "Ben": "sheriff", "Chie": "robber"},
...                                             "captured": {"Ben": {"K": 3}}})
>>> live.position.scored.standings.places[0].player, live.info.entries
('Ben', 1)
>>> live, undone = sessions.undo(live)
>>> live.info.entries, sessions.redo(live)[1] == undone
(0, True)
"""

from __future__ import annotations

import dataclasses
import json
import uuid
from collections.abc import Iterator, Sequence
from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import col, delete, func, select

from companion.clock import damaged as time_damaged
from companion.store import pauses, place, players
from companion.store.database import (
    DamagedText,
    EntryRow,
    PlayerRow,
    SeatRow,
    SessionRow,
    Store,
    StoreConflict,
    StoreError,
    entry_seal,
    now,
)
from companion.store.errors import MovedOn
from companion.store.names import check_new_names
from companion.store.summary import standings_json, stored_header, stored_table, stored_winners, winners_json
from companion.words import N_
from companion.words.refused import Phrase, Refused
from scoring.errors import RuleViolation
from scoring.game import Position, check_header
from scoring.recordkit import at_entry
from scoring.registry import get, ids
from scoring.standings import Scored, Standings


@dataclass(frozen=True)
class SessionInfo:
    id: int
    uid: str
    game: str
    players: tuple[str, ...]
    created_at: datetime
    updated_at: datetime
    finished: bool
    entries: int
    problem: RuleViolation | None = None  # set when the stored entries do not replay: read-only
    revision: int = 0  # the store's count of changes to the session (``Live``)
    winners: tuple[str, ...] = ()  # once the game is over
    location: str = ""  # where it is played (companion.store.place), "" where nobody said
    notes: str = ""  # what the table noted about it
    paused: bool = False  # its clock is stopped now (companion.store.pauses)


@dataclass(frozen=True)
class Live:
    """A session open at the table: the store's revision of it and the positions the engine has
    worked out since it was opened, the last one the session now. Recording applies only the new
    entry to that position, and undo steps back to the one before, each in one short transaction
    that checks the revision: a session another process changed meanwhile is read again whole.

    ``trail`` holds consecutive positions, each one entry longer than the one before; the first may
    be any position (the one the session was opened at)."""

    info: SessionInfo
    trail: tuple[Position, ...]
    repaired: bool = False  # the standings stored with it did not match its entries, and were rewritten

    @property
    def sid(self) -> int:
        return self.info.id

    @property
    def position(self) -> Position:
        return self.trail[-1]


class DamagedEntry(dict):
    """A stored payload that is no longer JSON, kept as ``{"damaged": its text}``: no game reads it,
    so the session opens read-only from there instead of failing, and it still exports."""

    def __init__(self, text: str) -> None:
        super().__init__(damaged=text)


def _payload(text: Any) -> Any:
    if not isinstance(text, str) or isinstance(text, DamagedText):  # a flipped bit: no longer UTF-8 text
        return DamagedEntry(str(text))
    try:
        return json.loads(text)
    except (ValueError, RecursionError):  # not JSON, or a number longer than Python reads
        return DamagedEntry(text)


_TIMES = (
    ("created_at", N_("its start time")),
    ("updated_at", N_("the time of its last change")),
    ("finished_at", N_("its end time")),
)


def _unreadable(row: SessionRow) -> RuleViolation | None:
    """Why nothing of the session can be shown, where its game or its header (the players) no
    longer reads in the database; None where they read."""
    sid = row.id
    if not isinstance(row.game, str) or isinstance(row.game, DamagedText) or row.game not in ids():
        what = Phrase("its game ({game!r}, no game Companion knows)", game=str(row.game))
    elif stored_header(row.header) is None:
        what = Phrase("its header (the players and the game's options)")
    else:
        return None
    return Refused(
        "record-format",
        "Session {sid} cannot be opened: {what} is damaged in the database. Every other session reads as "
        "before, and companion backup saves them and says what it left out.",
        sid=sid,
        what=what,
    )


def _header_refused(sid: int, err: RuleViolation) -> RuleViolation:
    """Why a session whose header no longer replays on its own (a flipped bit changed a name or an
    option in it) cannot be opened, with the game's own reason."""
    return Refused(
        err.rule,
        "Session {sid} cannot be opened: its header no longer reads ({reason}). Every other session reads as before.",
        sid=sid,
        reason=err,
    )


#: an active entry as the store checks it: its number, time, payload and seal
Stored = tuple[int, datetime, str, str | None]


def _damaged_fields(row: SessionRow, entry_times: Sequence[Stored] = (), counted: bool = True) -> RuleViolation | None:
    """Why a session whose game and header read opens read-only all the same: a stored time of it
    or of one of its entries, an entry that no longer matches its seal, entries gone or come back
    (``counted``: other than the session counts, as it is read; not while a change is being made),
    or its id, damaged in the database. None where nothing is."""
    found: Phrase | None = None
    for name, what in _TIMES:
        stamp = getattr(row, name)
        if time_damaged(stamp):
            found = Phrase("{what} ({stored!r})", what=Phrase(what), stored=stamp.stored)
            break
    if found is None:
        for k, (seq, stamp, payload, seal) in enumerate(entry_times, start=1):
            if time_damaged(stamp):
                found = Phrase("the time of entry {k} ({stored!r})", k=k, stored=stamp.stored)
                break
            if seal != entry_seal(row.id, seq, payload):  # changed since it was written
                found = Phrase("entry {k} (it no longer matches the seal it was written with)", k=k)
                break
    if found is None and counted and isinstance(row.entries, int) and row.entries != len(entry_times):
        found = Phrase(
            "the count of its entries ({found} found, {kept} recorded)", found=len(entry_times), kept=row.entries
        )
    if found is None and (not isinstance(row.uid, str) or isinstance(row.uid, DamagedText)):
        found = Phrase("its id")
    if found is None:
        return None
    return Refused(
        "record-format",
        "This session is read-only: {what} is damaged in the database. Everything else of it reads: view it, "
        "export it or back it up (companion export {sid}).",
        what=found,
        sid=row.id,
    )


def damaged(err: RuleViolation) -> RuleViolation:
    """The reason a stored session opens read-only."""
    return Refused(
        err.rule,
        "This session is read-only: its stored entries do not replay. {reason} (Undo the entries from there, "
        "or export the session to keep it.)",
        reason=err,
    )


def _first_refused(
    game: str, header: dict, entries: list[Any], start: int, refused: RuleViolation
) -> tuple[int, RuleViolation]:
    """The index of the first entry from ``start - 1`` on that does not replay after the ones before
    it, and why (``refused``, the whole list's refusal, for the last one)."""
    for k in range(start, len(entries)):
        try:
            get(game).replay(header, entries[:k])
        except RuleViolation as earlier:
            return k - 1, earlier
    return len(entries) - 1, refused


def _stored_problem(game: str, header: dict, entries: list[Any], refused: RuleViolation) -> tuple[int, RuleViolation]:
    """How many stored entries replay, and why the next one does not, as a read-only reason."""
    if not entries:  # the header itself no longer reads
        return 0, damaged(refused)
    k, reason = _first_refused(game, header, entries, 1, refused)
    if isinstance(entries[k], DamagedEntry):
        reason = Refused("record-format", "It is damaged in the database (no longer JSON).")
    return k, damaged(at_entry(reason, k + 1))


class Sessions:
    def __init__(self, store: Store) -> None:
        self.store = store
        if not store.read_only and self._unsummarised():
            with suppress(StoreError):  # another program is writing: what is missing is worked out when read
                self.rebuild_summaries(wait=False)  # a reader never waits for that program

    def _unsummarised(self) -> bool:
        """Whether a session is stored without what the history lists of it: one read, no lock."""
        with self.store.errors(), self.store.session() as s:
            query = select(SessionRow.id).where(col(SessionRow.standings).is_(None)).limit(1)
            return s.exec(query).first() is not None

    def rebuild_summaries(self, wait: bool = True) -> int:
        """Work out what the history lists of every session stored without it (a database made by
        an older Companion, migrated): each one's entries replayed once, all in one transaction.
        Returns how many were rebuilt.

        Only a database that lacks some takes the write lock for it: a reader (``sessions``,
        ``show``, ``export``, ``stats``, ``players``) never waits for another program's writes,
        and a read-only database is read as it is (what is missing is worked out when read)."""
        if self.store.read_only or not self._unsummarised():
            return 0
        with self.store.errors(), self.store.writing(wait) as s:
            rows = s.exec(select(SessionRow).where(col(SessionRow.standings).is_(None))).all()
            for row in rows:
                entries = [e for _, e in self._entries(s, row.id)]
                header = stored_header(row.header)
                try:
                    if header is None or row.game not in ids():
                        raise ValueError("not even its header reads")
                    scored = _replayed(row.game, header, entries)[0].scored
                except (RuleViolation, KeyError, ValueError, TypeError):  # not even its header reads
                    scored = Scored(Standings(()))
                self._summarise(row, scored, len(entries))
                row.entries = len(entries)
                s.add(row)
            s.commit()
            return len(rows)

    # --- a new session -----------------------------------------------------------------------------
    def create(
        self,
        game: str,
        header: dict,
        *,
        uid: str | None = None,
        created_at: datetime | None = None,
        location: str = "",
        notes: str = "",
    ) -> int:
        """A new session; the header is checked by the game's rules before anything is stored: its
        fields (an unknown one is refused, naming the known ones), the players' names
        (``companion.store.names``) and every option; and where it is played and the table's notes
        (``companion.store.place``)."""
        get(game)  # an unknown game is refused with the known ones
        return self.import_whole(game, header, [], uid=uid, created_at=created_at, location=location, notes=notes)

    def import_whole(
        self,
        game: str,
        header: dict,
        entries: list[Any],
        *,
        uid: str | None = None,
        created_at: datetime | None = None,
        location: str = "",
        notes: str = "",
    ) -> int:
        """Store a checked session in one transaction: all of it or nothing. The header's fields and
        the players' names are checked as a new game's are, then every entry through the rules."""
        said = (place.location(location), place.notes(notes))
        scored = self.checked(game, header, entries)
        for _ in range(2):
            with suppress(StoreConflict):  # another process added the same new player this moment
                return self._insert(game, header, entries, scored, uid, created_at, said)
        return self._insert(game, header, entries, scored, uid, created_at, said)

    def checked(self, game: str, header: dict, entries: Sequence[Any] = ()) -> Scored:
        """A new session's header checked as ``create`` checks it (its fields, the players' names,
        every option), and its entries through the rules: their standings, or the refusal."""
        box = get(game)
        check_header(box, header)
        if isinstance(header.get("players"), list):  # (what is no list of names, the game refuses)
            check_new_names(header["players"], players.names(self.store, merged=True))
        return box.replay(header, list(entries)).scored

    def _insert(
        self,
        game: str,
        header: dict,
        entries: list[Any],
        scored: Scored,
        uid: str | None,
        created_at: datetime | None,
        said: tuple[str, str] = ("", ""),
    ) -> int:
        with self.store.errors(), self.store.writing() as s:
            row = self.add(s, game, header, entries, scored, uid=uid, created_at=created_at, said=said)
            s.commit()
            return row.id

    def add(
        self,
        s: Any,
        game: str,
        header: dict,
        entries: list[Any],
        scored: Scored,
        *,
        uid: str | None = None,
        created_at: datetime | None = None,
        said: tuple[str, str] = ("", ""),
    ) -> SessionRow:
        """A session added in the write transaction ``s``, not committed: what ``create`` stores, for
        a caller that stores more with it, all of it or nothing (an event's tables). Its header and
        entries are checked first (``checked`` gives ``scored``)."""
        stamp = created_at or now()
        row = SessionRow(
            uid=uid or uuid.uuid4().hex,
            game=game,
            header=json.dumps(header, ensure_ascii=False),
            created_at=stamp,
            updated_at=now(),
            location=said[0],
            notes=said[1],
        )
        s.add(row)
        s.flush()
        for seat, name in enumerate(header["players"]):
            s.add(SeatRow(session_id=row.id, seat=seat, player_id=players.person(s, name)))
        for seq, entry in enumerate(entries, start=1):
            s.add(
                EntryRow(
                    session_id=row.id,
                    seq=seq,
                    payload=json.dumps(entry, ensure_ascii=False),
                    active=True,
                    created_at=stamp,
                )
            )
        self._touch(s, row, scored, len(entries))
        s.add(row)
        s.flush()
        return row

    # --- the session the table keeps open, and the five verbs --------------------------------------
    # ``open`` gives the session as the table keeps it (``Live``); ``append``, ``undo``, ``redo`` and
    # ``replace`` take it and give it back changed, each in one short write transaction that first
    # checks the store's revision of the session. The command line uses the same verbs: it opens the
    # session, then makes its one change. A session changed by another process meanwhile (another
    # laptop, the command line), or one that opens read-only, is checked against its stored entries
    # instead (``_append_stored`` …), then opened again.
    def open(self, sid: int) -> Live:
        """The session read whole and replayed once, checked against the standings stored with it
        (rewritten if they differ). A session whose entries no longer replay opens read-only.
        Opening only reads: the write lock is taken only for standings to rewrite, and a database
        another program is writing (or a read-only one) opens all the same, as it stands."""
        info, position = self.snapshot(sid)
        repaired = False
        if info.problem is None and self.store.read_only:  # shown as it is, and the table is told at once
            info = dataclasses.replace(info, problem=self._read_only_medium())
        if info.problem is None:
            worked_out = standings_json(position.scored.standings)
            with self.store.errors(), self.store.session() as s:
                row = self._row(s, sid)
                stale = row.revision == info.revision and row.standings != worked_out
            if stale:
                with suppress(StoreError), self.store.errors(), self.store.writing() as s:
                    row = self._row(s, sid, lock=True)
                    if row.revision == info.revision and row.standings != worked_out:
                        self._summarise(row, position.scored, len(position.entries))
                        s.add(row)
                        s.commit()
                        repaired = True
        return Live(info, (position,), repaired)

    def append(self, live: Live, entry: Any, after: Position | None = None, strict: bool = False) -> Live:
        """Record an entry: the rules check it against the open position alone, and it is committed
        with the session's new standings; an entry undone before is then no longer kept for redo.
        Refused with the reason and the entry's number as the log numbers it (``Entry 17: …``), and
        refused whatever the entry on a finished game. ``after`` is the position the entry leads to
        when the caller has already applied it. ``strict``: refused (``MovedOn``) when the session
        changed since ``live`` was read, for an entry chosen from that position (a phone's tap)."""
        if live.info.problem is not None:  # the stored entries do not replay: refused as it says
            if strict:
                raise MovedOn()
            self._append_stored(live.sid, entry)
            return self.open(live.sid)
        with self.store.errors(), self.store.writing() as s:
            row = self._row(s, live.sid, lock=True)
            if row.revision != live.info.revision:  # another table changed it: check against the store
                s.rollback()
                if strict:
                    raise MovedOn()
                self._append_stored(live.sid, entry)
                return self.open(live.sid)
            if row.finished_at is not None:
                raise self._over()
            if after is None or after.entries != (*live.position.entries, entry):
                after = get(row.game).apply(live.position, entry)
            s.exec(delete(EntryRow).where(EntryRow.session_id == live.sid, col(EntryRow.active).is_(False)))
            seq = s.exec(select(func.max(EntryRow.seq)).where(EntryRow.session_id == live.sid)).one() or 0
            s.add(
                EntryRow(
                    session_id=live.sid,
                    seq=seq + 1,
                    payload=json.dumps(entry, ensure_ascii=False),
                    active=True,
                    created_at=now(),
                )
            )
            return self._moved(s, row, live, (*live.trail, after))

    def undo(self, live: Live, strict: bool = False) -> tuple[Live, Any | None]:
        """Take back the last entry (kept for redo until something new is recorded): the session
        steps back to the position before it (already worked out, or the entries before it replayed
        once). Returns the entry taken back, or None when there is nothing to undo. ``strict``:
        refused (``MovedOn``) when the session changed since ``live`` was read."""
        with self.store.errors(), self.store.writing() as s:
            row = self._row(s, live.sid, lock=True)
            if row.revision != live.info.revision or live.info.problem is not None:
                s.rollback()
                if strict:
                    raise MovedOn()
                entry = self._undo_stored(live.sid)
                return self.open(live.sid), entry
            last = self._last_entry(s, live.sid)
            if last is None:
                return live, None
            trail = live.trail[:-1]
            if not trail:
                before = live.position
                trail = (get(row.game).undo(before),)  # one step back along its trail
            last.active = False
            s.add(last)
            return self._moved(s, row, live, trail), _payload(last.payload)

    def redo(self, live: Live) -> tuple[Live, Any | None]:
        """Bring back the entry undone last, applied to the open position again. Returns it, or None
        when there is nothing to redo."""
        with self.store.errors(), self.store.writing() as s:
            row = self._row(s, live.sid, lock=True)
            if row.revision != live.info.revision or live.info.problem is not None:
                s.rollback()
                entry = self._redo_stored(live.sid)
                return self.open(live.sid), entry
            nxt = self._undone_entry(s, live.sid)
            if nxt is None:
                return live, None
            entry = _payload(nxt.payload)
            position = get(row.game).apply(live.position, entry)
            nxt.active = True
            s.add(nxt)
            return self._moved(s, row, live, (*live.trail, position)), entry

    def replace(self, live: Live, index: int, entry: Any) -> Live:
        """Put ``entry`` in place of entry ``index`` (0 = the first): every later entry is checked
        again, and the change is refused, naming the first later entry it makes illegal, with
        nothing lost. Checked against the store's entries, whatever the table had open."""
        self._replace_stored(live.sid, index, entry)
        return self.open(live.sid)

    # --- a table seated again before it started (a club night's director) ---------------------------
    def reseat(self, s: Any, sid: int, header: dict, scored: Scored) -> None:
        """Give session ``sid``, which has no entry yet, the checked ``header`` (its players seated
        again), in the write transaction ``s``, not committed. Refused once anything is recorded."""
        row = self._row(s, sid, lock=True)
        if row.entries:
            raise StoreError(
                "Session {sid} has begun ({n} entries): its seats stay as they are.", sid=sid, n=row.entries
            )
        row.header = json.dumps(header, ensure_ascii=False)
        for seat in s.exec(select(SeatRow).where(SeatRow.session_id == sid)).all():
            s.delete(seat)
        s.flush()
        for seat, name in enumerate(header["players"]):
            s.add(SeatRow(session_id=sid, seat=seat, player_id=players.person(s, name)))
        self._touch(s, row, scored, 0)
        s.add(row)

    def discard_unplayed(self, s: Any, sid: int) -> None:
        """Remove session ``sid``, which has no entry at all (undone ones too), in the write
        transaction ``s``: a round drawn again before it started. Anything recorded is never removed."""
        row = self._row(s, sid, lock=True)
        if s.exec(select(func.count()).select_from(EntryRow).where(EntryRow.session_id == sid)).one():
            raise StoreError("Session {sid} has begun: it is kept.", sid=sid)
        for seat in s.exec(select(SeatRow).where(SeatRow.session_id == sid)).all():
            s.delete(seat)
        s.flush()
        s.delete(row)
        self.store.announce(s, sid, row.revision + 1)

    # --- where, what the table noted, and the clock ------------------------------------------------
    def note(self, sid: int, *, location: str | None = None, notes: str | None = None) -> SessionInfo:
        """Set where the session is (was) played and the table's notes (None: as it is), each
        checked (``companion.store.place``); the session's revision counts up, so a page showing it shows
        them. Returns the session as it now stands."""
        said = {
            "location": None if location is None else place.location(location),
            "notes": None if notes is None else place.notes(notes),
        }
        with self.store.errors(), self.store.writing() as s:
            row = self._row(s, sid, lock=True)
            changed = False
            for field, value in said.items():
                if value is not None and getattr(row, field) != value:
                    setattr(row, field, value)
                    changed = True
            if changed:
                self._revised(s, row)
                s.add(row)
                s.commit()
            return self._info(s, row)

    def pause(self, sid: int) -> SessionInfo:
        """Stop the session's clock (already stopped: as it is): the time sent to BG Stats and BGG
        leaves the pause out, until ``resume`` or the next entry starts it again. A game that is over
        is refused: its time ended with its last entry."""
        return self._clock(sid, stop=True)

    def resume(self, sid: int) -> SessionInfo:
        """Start the session's clock again (running: as it is)."""
        return self._clock(sid, stop=False)

    def _clock(self, sid: int, stop: bool) -> SessionInfo:
        with self.store.errors(), self.store.writing() as s:
            row = self._row(s, sid, lock=True)
            kept = pauses.read(row.pauses)
            if stop and row.finished_at is not None and not pauses.paused(kept):
                raise Refused(
                    "record-format",
                    "This game is over: its time ended with its last entry, so there is no clock to stop.",
                )
            changed = pauses.begin(kept, now()) if stop else pauses.end(kept, now())
            if changed != kept:
                row.pauses = pauses.written(changed)
                self._revised(s, row)
                s.add(row)
                s.commit()
            return self._info(s, row)

    def last_location(self) -> str:
        """Where the latest session that said so was played ("" where none did): the new-game
        form's place to start from, since a club mostly plays where it played last."""
        with self.store.errors(), self.store.session() as s:
            query = select(SessionRow.location).where(SessionRow.location != "")
            query = query.order_by(col(SessionRow.created_at).desc(), col(SessionRow.id).desc())
            found = s.exec(query.limit(1)).first()
        return str(found) if isinstance(found, str) and not isinstance(found, DamagedText) else ""

    def pauses_of(self, sid: int) -> tuple[pauses.Pause, ...]:
        """When the session's clock was stopped and started again (a damaged list: none)."""
        with self.store.errors(), self.store.session() as s:
            return pauses.read(self._row(s, sid).pauses)

    def follow(self, live: Live, keep: int = 4) -> Live:
        """The session as the store now has it, from a position already worked out, for a table or a
        page that follows changes made elsewhere: unchanged, the same ``live`` (one row read);
        entries added since are stepped onto the position they follow, and an undo steps back along
        the trail; only a session edited elsewhere, one that does not replay, or a trail that holds no
        position the store's entries start from, is replayed whole (``snapshot``). The trail keeps
        the last ``keep`` positions."""
        with self.store.errors(), self.store.session() as s:
            row = self._row(s, live.sid)
            if row.revision == live.info.revision:
                return live
            entries = [e for _, e in self._entries(s, live.sid)]
            info = self._info(s, row, len(entries))
        if live.info.problem is None and _unreadable(row) is None and stored_header(row.header) == live.position.header:
            trail = list(live.trail)
            while trail and trail[-1].entries != tuple(entries[: len(trail[-1].entries)]):
                trail.pop()
            if trail:
                game = get(row.game)
                with suppress(RuleViolation):  # refused now: replayed whole below, which says why
                    for entry in entries[len(trail[-1].entries) :]:
                        trail.append(game.apply(trail[-1], entry))
                    return Live(info, tuple(trail[-keep:]))
        info, position = self.snapshot(live.sid)
        return Live(info, (position,))

    # --- against the store: a session changed elsewhere, or one that opens read-only ---------------
    def _append_stored(self, sid: int, entry: Any) -> None:
        """``append`` checked against the session's stored entries, replayed whole."""
        with self.store.errors(), self.store.writing() as s:
            row = self._row(s, sid, lock=True)
            active = self._entries(s, sid)
            scored = self._check(s, row, [e for _, e in active] + [entry], after_finish=True, first_new=len(active))
            for old in s.exec(select(EntryRow).where(EntryRow.session_id == sid, col(EntryRow.active).is_(False))):
                s.delete(old)
            s.flush()
            seq = (active[-1][0] + 1) if active else 1
            s.add(
                EntryRow(
                    session_id=sid,
                    seq=seq,
                    payload=json.dumps(entry, ensure_ascii=False),
                    active=True,
                    created_at=now(),
                )
            )
            self._touch(s, row, scored, len(active) + 1)
            s.add(row)
            s.commit()

    def _undo_stored(self, sid: int) -> Any | None:
        """``undo`` of the session's last stored entry, the ones before it replayed whole."""
        with self.store.errors(), self.store.writing() as s:
            row = self._row(s, sid, lock=True)
            last = self._last_entry(s, sid)
            if last is None:
                return None
            remaining = [e for q, e in self._entries(s, sid) if q != last.seq]  # read before changing rows
            last.active = False
            s.add(last)
            self._touch(s, row, self._check(s, row, remaining), len(remaining))
            s.add(row)
            s.commit()
            return _payload(last.payload)

    def _redo_stored(self, sid: int) -> Any | None:
        """``redo`` checked against the session's stored entries, replayed whole."""
        with self.store.errors(), self.store.writing() as s:
            row = self._row(s, sid, lock=True)
            nxt = self._undone_entry(s, sid)
            if nxt is None:
                return None
            restored = [*(e for _, e in self._entries(s, sid)), _payload(nxt.payload)]  # before changing rows
            nxt.active = True
            s.add(nxt)
            self._touch(s, row, self._check(s, row, restored), len(restored))
            s.add(row)
            s.commit()
            return _payload(nxt.payload)

    def _replace_stored(self, sid: int, index: int, entry: Any) -> None:
        """``replace`` of stored entry ``index``, every entry after it replayed again."""
        with self.store.errors(), self.store.writing() as s:
            row = self._row(s, sid, lock=True)
            active = self._entries(s, sid)
            if not 0 <= index < len(active):
                raise Refused("record-format", "Session {sid} has no entry {n}.", sid=sid, n=index + 1)
            candidate = [e for _, e in active]
            candidate[index] = entry
            scored = self._check(s, row, candidate, first_new=index)
            target = s.exec(select(EntryRow).where(EntryRow.session_id == sid, EntryRow.seq == active[index][0])).one()
            target.payload = json.dumps(entry, ensure_ascii=False)
            s.add(target)
            self._touch(s, row, scored, len(candidate))
            s.add(row)
            s.commit()

    def _moved(self, s, row: SessionRow, live: Live, trail: tuple[Position, ...]) -> Live:
        """Commit a change made at the table with the standings after it, and the open session."""
        position = trail[-1]
        self._touch(s, row, position.scored, len(position.entries))
        s.add(row)
        s.commit()
        info = dataclasses.replace(
            live.info,
            updated_at=row.updated_at,
            finished=row.finished_at is not None,
            entries=len(position.entries),
            revision=row.revision,
            winners=tuple(position.scored.standings.winners()) if position.scored.finished else (),
            paused=False,  # an entry recorded, undone or redone starts the clock again (``_touch``)
        )
        return Live(info, trail)

    def _read_only_medium(self) -> RuleViolation:
        """Why a session of a database opened read-only takes no entry (``Store.read_only``)."""
        return Refused(
            "record-format",
            "The database {where} is read-only here (a read-only folder, stick or share): its sessions can be "
            "viewed, exported and backed up, but nothing can be recorded there. Copy it to a writable folder to go "
            "on playing.",
            where=self.store.where,
        )

    @staticmethod
    def _over() -> RuleViolation:
        return Refused("record-format", "This game is over: nothing more can be recorded (undo to change the end).")

    # --- reading -------------------------------------------------------------------------------
    def header(self, sid: int) -> tuple[str, dict]:
        """The session's game and header; refused, with why, where either is damaged in the database."""
        with self.store.errors(), self.store.session() as s:
            row = self._row(s, sid)
        problem = _unreadable(row)
        if problem is not None:
            raise problem
        return row.game, stored_header(row.header) or {}

    def entries(self, sid: int) -> list[Any]:
        with self.store.errors(), self.store.session() as s:
            self._row(s, sid)
            return [e for _, e in self._entries(s, sid)]

    def record_of(self, sid: int) -> dict:
        game, header = self.header(sid)
        return dict(get(game).replay(header, self.entries(sid)).record)

    def scored(self, sid: int) -> Scored:
        game, header = self.header(sid)
        return get(game).replay(header, self.entries(sid)).scored

    def snapshot(self, sid: int) -> tuple[SessionInfo, Position]:
        """Everything a table screen shows, read in one transaction and replayed once.

        A session whose stored entries do not replay (an older bug, a damaged payload) still
        opens: what replays is shown, ``info.problem`` says why the rest does not, and every
        change but undo is refused. So does a session one of whose stored times (or its id) is
        damaged: everything shows, ``info.problem`` says which, and every change is refused. A
        session whose game or header (its players) is damaged cannot be shown at all: refused, with
        why (``header``), while every other session reads as before."""
        with self.store.errors(), self.store.session() as s:
            row = self._row(s, sid)
            entries = [e for _, e in self._entries(s, sid)]
            info = self._info(s, row, len(entries))
            times = self._entry_times(sid, s)
        unreadable = _unreadable(row)
        if unreadable is not None:
            raise unreadable
        try:
            position, problem = _replayed(row.game, stored_header(row.header) or {}, entries)
        except RuleViolation as err:  # not even the header alone replays (a changed name in it)
            raise _header_refused(row.id, err) from None
        problem = problem or _damaged_fields(row, times)
        return (info if problem is None else dataclasses.replace(info, problem=problem)), position

    def info(self, sid: int) -> SessionInfo:
        """What the history lists of a session; refused, with why, where its game or header is
        damaged in the database (nothing of it can be exported then)."""
        with self.store.errors(), self.store.session() as s:
            row = self._row(s, sid)
            info = self._info(s, row)
        unreadable = _unreadable(row)
        if unreadable is not None:
            raise unreadable
        return info

    def _entry_times(self, sid: int, s=None) -> list[Stored]:
        """When each active entry was stored, in order (a damaged one as ``DamagedTime``), with what
        it holds and the seal it was written with (``entry_seal``)."""
        if s is None:
            with self.store.errors(), self.store.session() as s:
                return self._entry_times(sid, s)
        query = select(EntryRow.seq, EntryRow.created_at, EntryRow.payload, EntryRow.seal).where(
            EntryRow.session_id == sid, col(EntryRow.active).is_(True)
        )
        return list(s.exec(query.order_by(col(EntryRow.seq))).all())

    def list(
        self, game: str | None = None, player: str | None = None, limit: int | None = None, offset: int = 0
    ) -> list[SessionInfo]:
        """Unfinished sessions first, then the newest; ``limit`` of them from ``offset`` (a page).
        Only the sessions' own rows are read: what a list shows is stored with each session."""
        with self.store.errors(), self.store.session() as s:
            query = select(SessionRow)
            if game:
                query = query.where(SessionRow.game == game)
            if player:
                row = s.exec(select(PlayerRow).where(PlayerRow.name == player)).first()
                # seats point at the person a name was merged into, so either name finds them
                people = [row.merged_into or row.id] if row else []
                query = query.where(
                    col(SessionRow.id).in_(select(SeatRow.session_id).where(col(SeatRow.player_id).in_(people)))
                )
            query = query.order_by(
                col(SessionRow.finished_at).is_not(None),
                col(SessionRow.updated_at).desc(),
                col(SessionRow.id).desc(),
            ).offset(offset)
            if limit is not None:
                query = query.limit(limit)
            return [self._info(s, r) for r in s.exec(query).all()]

    def summaries(self, game: str | None = None, page: int = 1000) -> Iterator[tuple[SessionInfo, Standings]]:
        """Every session (of one game), oldest first, with the standings stored with it, read a
        page of rows at a time and never replayed: what an export of a whole history writes."""
        last = 0
        while True:
            with self.store.errors(), self.store.session() as s:
                query = select(SessionRow).where(col(SessionRow.id) > last)
                if game:
                    query = query.where(SessionRow.game == game)
                rows = s.exec(query.order_by(col(SessionRow.id)).limit(page)).all()
                found = [(self._info(s, r), stored_table(r.standings), r) for r in rows]
            for info, table, row in found:
                if table is None:  # not summarised yet, or damaged: what replays of it
                    table = self._table_of(row)
                yield info, table
            if len(rows) < page:
                return
            last = rows[-1].id

    def games(self) -> list[str]:
        """The games the history holds a finished session of."""
        with self.store.errors(), self.store.session() as s:
            query = select(SessionRow.game).where(col(SessionRow.finished_at).is_not(None)).distinct()
            known = set(ids())  # a game's name damaged in the database is no game
            return sorted(g for g in s.exec(query).all() if g in known)

    def count(self, game: str | None = None) -> int:
        """How many sessions the history holds (of one game)."""
        with self.store.errors(), self.store.session() as s:
            query = select(func.count()).select_from(SessionRow)
            if game:
                query = query.where(SessionRow.game == game)
            return s.exec(query).one()

    def standings(self, sid: int) -> Standings:
        """The standings stored with the session, as the engine gave them after its last entry."""
        with self.store.errors(), self.store.session() as s:
            row = self._row(s, sid)
        table = stored_table(row.standings)
        header = stored_header(row.header)
        if table is None or header is None or {s.player for s in table.places} != set(header["players"]):
            return self._table_of(row)  # none stored, or not the header's players (a damaged byte)
        return table

    def _table_of(self, row: SessionRow) -> Standings:
        """The standings worked out from a session's entries (what replays of them), where none
        are stored with it or they are damaged; no standings where its header is damaged."""
        header = stored_header(row.header)
        if header is None or _unreadable(row) is not None:
            return Standings(())
        try:
            return _replayed(row.game, header, self.entries(row.id))[0].scored.standings
        except RuleViolation:  # not even the header alone replays
            return Standings(())

    def seat_ids(self, sid: int) -> list[int]:
        """The players' ids in seat order, each the person's one id (a merged name's seats point at
        the player it was merged into): what BG Stats matches players by across plays."""
        with self.store.errors(), self.store.session() as s:
            seats = s.exec(select(SeatRow.player_id).where(SeatRow.session_id == sid).order_by(col(SeatRow.seat)))
            return list(seats)

    def entry_times(self, sid: int) -> tuple[datetime, datetime] | None:
        """When the session's first and last recorded entries were stored (None without entries)."""
        with self.store.errors(), self.store.session() as s:
            first, last = s.exec(
                select(func.min(EntryRow.created_at), func.max(EntryRow.created_at)).where(
                    EntryRow.session_id == sid, col(EntryRow.active).is_(True)
                )
            ).one()
        return None if first is None else (first, last)

    def played_before(self, sid: int) -> set[int]:
        """The players of the session who had played its game here before it (BGG's ``new`` is the
        others)."""
        with self.store.errors(), self.store.session() as s:
            row = self._row(s, sid)
            earlier = select(SessionRow.id).where(
                SessionRow.game == row.game,
                (col(SessionRow.created_at) < row.created_at)
                | ((col(SessionRow.created_at) == row.created_at) & (col(SessionRow.id) < sid)),
            )
            mine = select(SeatRow.player_id).where(SeatRow.session_id == sid)
            query = select(SeatRow.player_id).where(
                col(SeatRow.session_id).in_(earlier), col(SeatRow.player_id).in_(mine)
            )
            return set(s.exec(query.distinct()))

    # --- helpers ---------------------------------------------------------------------------------
    def _row(self, s, sid: int, lock: bool = False) -> SessionRow:
        """The session's row; ``lock`` holds it until the transaction ends (PostgreSQL: FOR UPDATE;
        SQLite's writers already hold the database's write lock), so writers to one session queue.
        An id no row can have (0, or past the database's integers) is no session either."""
        if not 0 < sid <= self.store.max_id:
            raise StoreError("There is no session {sid}.", sid=sid)
        if lock and not self.store.sqlite:
            row = s.exec(select(SessionRow).where(SessionRow.id == sid).with_for_update()).first()
        else:
            row = s.get(SessionRow, sid)
        if row is None:
            raise StoreError("There is no session {sid}.", sid=sid)
        return row

    def _last_entry(self, s, sid: int) -> EntryRow | None:
        """The session's last recorded entry (what undo takes back)."""
        query = select(EntryRow).where(EntryRow.session_id == sid, col(EntryRow.active).is_(True))
        return s.exec(query.order_by(col(EntryRow.seq).desc())).first()

    def _undone_entry(self, s, sid: int) -> EntryRow | None:
        """The entry undone first of those kept for redo (what redo brings back)."""
        query = select(EntryRow).where(EntryRow.session_id == sid, col(EntryRow.active).is_(False))
        return s.exec(query.order_by(col(EntryRow.seq))).first()

    def _entries(self, s, sid: int) -> list[tuple[int, Any]]:
        rows = s.exec(
            select(EntryRow.seq, EntryRow.payload)
            .where(EntryRow.session_id == sid, col(EntryRow.active).is_(True))
            .order_by(col(EntryRow.seq))
        ).all()
        return [(seq, _payload(payload)) for seq, payload in rows]

    def _check(
        self, s, row: SessionRow, entries: list[Any], after_finish: bool = False, first_new: int | None = None
    ) -> Scored:
        """Replay the entries. A refusal names the entry it falls on as the log numbers it (the
        first of ``first_new`` onwards that cannot be added), never the record path behind it. A
        session whose own stored fields are damaged is read-only: every change is refused, with why."""
        problem = _unreadable(row) or _damaged_fields(row, self._entry_times(row.id, s), counted=False)
        if problem is not None:
            raise problem
        header = stored_header(row.header) or {}
        if after_finish and row.finished_at is not None:
            raise self._over()
        try:
            return get(row.game).replay(header, entries).scored
        except RuleViolation as refused:
            if first_new is None:
                raise
            try:  # a session that did not replay before this change stays as it is
                get(row.game).replay(header, entries[:first_new])
            except RuleViolation as old:
                raise _stored_problem(row.game, header, entries[:first_new], old)[1] from None
            # an edit: the first later entry it breaks; a new entry: that entry
            k, reason = _first_refused(row.game, header, entries, first_new + 1, refused)
            raise at_entry(reason, k + 1) from None

    def _touch(self, s, row: SessionRow, scored: Scored, entries: int) -> None:
        """A change to the entries: the session's time, its revision, and what the history lists
        of it. A stopped clock starts again: the table is playing (``pause``)."""
        row.updated_at = now()
        row.entries = entries
        self._summarise(row, scored, entries)
        if row.pauses is not None:
            kept = pauses.read(row.pauses)
            if pauses.paused(kept):
                row.pauses = pauses.written(pauses.end(kept, row.updated_at))
        self._revised(s, row)

    def _revised(self, s, row: SessionRow) -> None:
        """Any change to the session counts its revision up; a server showing the session hears of
        it when it is committed (``Store.announce``)."""
        row.revision = (row.revision or 0) + 1
        if row.id is not None:  # a session being created has no page open yet
            self.store.announce(s, row.id, row.revision)

    def _summarise(self, row: SessionRow, scored: Scored, entries: int) -> None:
        row.finished_at = row.finished_at or now() if scored.finished else None
        row.standings = standings_json(scored.standings)
        row.winners = winners_json(scored.standings, scored.finished)

    def _info(self, s, row: SessionRow, count: int | None = None) -> SessionInfo:
        if count is None:
            count = row.entries
        header = stored_header(row.header)
        # a damaged time stands in as another of the session's times where one reads (the day it
        # was played, for the exports), and the session says it is read-only (``snapshot``)
        created, updated = row.created_at, row.updated_at
        if time_damaged(created) and not time_damaged(updated):
            created = updated
        elif time_damaged(updated) and not time_damaged(created):
            updated = created
        return SessionInfo(
            row.id,
            str(row.uid),
            str(row.game),
            tuple(header["players"]) if header is not None else (),
            created,
            updated,
            row.finished_at is not None,
            count if isinstance(count, int) else 0,
            revision=row.revision if isinstance(row.revision, int) else 0,
            winners=stored_winners(row.winners),
            location=str(row.location or ""),
            notes=str(row.notes or ""),
            paused=row.pauses is not None and pauses.paused(pauses.read(row.pauses)),
        )


def _replayed(game: str, header: dict, entries: list[Any]) -> tuple[Position, RuleViolation | None]:
    """The position after the stored entries, and None; or, for entries that no longer replay,
    the position after those that do and why the rest does not (the session opens read-only)."""
    try:
        return get(game).replay(header, entries), None
    except RuleViolation as err:
        good, problem = _stored_problem(game, header, entries, err)
        return get(game).replay(header, entries[:good]), problem
