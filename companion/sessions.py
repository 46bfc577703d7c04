"""Sessions that never lose a move.

A session is a game, its header (players in seat order, deck, house rules …) and the entries the
table recorded. Every new entry is checked by replaying the whole game through the engine, then
committed, and only then acknowledged. Undo keeps the entry for redo until something new is
recorded; editing a past entry revalidates everything after it.

>>> from companion.store import Store
>>> sessions = Sessions(Store("sqlite://"))
>>> sid = sessions.create("sheriff", {"players": ["Aki", "Ben", "Chie"]})
>>> sessions.record(sid, {"roles": {"Aki": "mayor", "Ben": "sheriff", "Chie": "robber"},
...                       "captured": {"Ben": {"K": 3}}}).table.standings[0].player
'Ben'
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from contextlib import suppress
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from sqlmodel import col, delete, func, select

from companion.clock import damaged as time_damaged
from companion.names import check_new_names, check_rename
from companion.store import (
    DamagedText,
    EntryRow,
    PlayerRow,
    SeatRow,
    SessionRow,
    Store,
    StoreConflict,
    StoreError,
    now,
)
from companion.summary import standings_json, table_of, winners_json
from scoring.errors import RuleViolation
from scoring.game import Position, check_header
from scoring.recordkit import at_entry
from scoring.registry import get, ids
from scoring.standings import Scored, Table


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


@dataclass(frozen=True)
class PlayerStats:
    """One player's finished sessions of one game and variant, read from what is stored with each
    session (its standings and winners), never replayed."""

    player: str  # the name the player goes by now (merged names count as the one merged into)
    game: str
    played: int
    wins: int  # as the stored winners say: a first place shared is a win for each who shares it
    average: float
    best: int  # by the game's direction: in Trickster the lowest total is the best
    worst: int
    variant: str = ""  # the game's own words for the variant (``Game.variant``); "" the plain game
    first: datetime | None = None  # the day of the player's first finished session of it …
    last: datetime | None = None  # … and of the last

    @property
    def win_rate(self) -> float:
        """Wins in percent of the games played (``wins / played``)."""
        return 100 * self.wins / self.played if self.played else 0.0


@dataclass(frozen=True)
class VariantStats:
    """A game's finished sessions of one variant: how many, their first and last day, and every
    player's statistics over them (by name)."""

    game: str
    variant: str  # "" for the plain game
    games: int
    first: datetime
    last: datetime
    players: tuple[PlayerStats, ...]

    def title(self, lang: str = "en") -> str:
        """The game's short name, and the variant as the table's heading names it: ``Phantom (Poker)``."""
        name = get(self.game).names.name(lang, short=True)
        return f"{name} ({self.variant})" if self.variant else name


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


def _stored_json(text: Any) -> Any:
    """A JSON text stored with a session (its header, standings, winners) read back, or None where
    it no longer reads: a flipped bit must never end a command."""
    if not isinstance(text, str) or isinstance(text, DamagedText):
        return None
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def _stored_header(row: SessionRow | str) -> dict | None:
    """The session's header (or a stored header's text read), or None where it is damaged (not
    JSON, or without its players)."""
    header = _stored_json(row if isinstance(row, str) else row.header)
    if not isinstance(header, dict):
        return None
    players = header.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        return None
    return header


def _stored_table(text: Any) -> Table | None:
    """The standings stored with a session, or None where there are none or they are damaged (then
    they are worked out from the entries)."""
    if _stored_json(text) is None:
        return None
    try:
        return table_of(text)
    except (ValueError, TypeError, KeyError):
        return None


def _stored_winners(text: Any) -> tuple[str, ...]:
    winners = _stored_json(text)
    if not isinstance(winners, list) or not all(isinstance(w, str) for w in winners):
        return ()
    return tuple(winners)


_TIMES = (
    ("created_at", "its start time", "開始時刻"),
    ("updated_at", "the time of its last change", "最終更新時刻"),
    ("finished_at", "its end time", "終了時刻"),
)


def _unreadable(row: SessionRow) -> RuleViolation | None:
    """Why nothing of the session can be shown, where its game or its header (the players) no
    longer reads in the database; None where they read."""
    sid = row.id
    if not isinstance(row.game, str) or isinstance(row.game, DamagedText) or row.game not in ids():
        en, ja = f"its game ({str(row.game)!r}, no game Companion knows)", f"ゲーム名（{row.game!s}）"
    elif _stored_header(row) is None:
        en, ja = "its header (the players and the game's options)", "ヘッダー（プレイヤーとゲームの設定）"
    else:
        return None
    return RuleViolation(
        "record-format",
        f"Session {sid} cannot be opened: {en} is damaged in the database. Every other session reads as "
        "before, and companion backup saves them and says what it left out.",
        f"セッション{sid}を開けません：データベース上で{ja}が壊れています。ほかのセッションはそのまま読めます"
        "（companion backup はそれらを保存し、省いたものを示します）。",
    )


def _header_refused(sid: int, err: RuleViolation) -> RuleViolation:
    """Why a session whose header no longer replays on its own (a flipped bit changed a name or an
    option in it) cannot be opened, with the game's own reason."""
    return RuleViolation(
        err.rule,
        f"Session {sid} cannot be opened: its header no longer reads ({err.reason}). Every other session "
        "reads as before.",
        f"セッション{sid}を開けません：ヘッダーが読めません（{err.reason_ja}）。ほかのセッションはそのまま読めます。",
    )


def _damaged_fields(row: SessionRow, entry_times: list[tuple[int, datetime]] = ()) -> RuleViolation | None:
    """Why a session whose game and header read opens read-only all the same: a stored time of it
    or of one of its entries, or its id, damaged in the database. None where nothing is."""
    found: tuple[str, str] | None = None
    for name, en, ja in _TIMES:
        stamp = getattr(row, name)
        if time_damaged(stamp):
            found = (f"{en} ({stamp.stored!r})", ja)
            break
    if found is None:
        for k, (_, stamp) in enumerate(entry_times, start=1):
            if time_damaged(stamp):
                found = (f"the time of entry {k} ({stamp.stored!r})", f"{k}番目の記録の時刻")
                break
    if found is None and (not isinstance(row.uid, str) or isinstance(row.uid, DamagedText)):
        found = ("its id", "ID")
    if found is None:
        return None
    return RuleViolation(
        "record-format",
        f"This session is read-only: {found[0]} is damaged in the database. Everything else of it reads: "
        f"view it, export it or back it up (companion export {row.id}).",
        f"このセッションは読み取り専用です：データベース上で{found[1]}が壊れています。"
        "ほかの部分は読めるので、表示・書き出し・バックアップはできます。",
    )


def damaged(err: RuleViolation) -> RuleViolation:
    """The reason a stored session opens read-only."""
    return RuleViolation(
        err.rule,
        f"This session is read-only: its stored entries do not replay. {err.reason} "
        "(Undo the entries from there, or export the session to keep it.)",
        f"このセッションは読み取り専用です：保存された記録が再生できません。{err.reason_ja}",
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
        reason = RuleViolation(
            "record-format",
            "It is damaged in the database (no longer JSON).",
            "データベース上で壊れています（JSONではありません）。",
        )
    return k, damaged(at_entry(reason, k + 1))


class Sessions:
    def __init__(self, store: Store) -> None:
        self.store = store
        if not store.read_only and self._unsummarised():
            with suppress(StoreError):  # another program is writing: what is missing is worked out when read
                self.rebuild_summaries()

    def _unsummarised(self) -> bool:
        """Whether a session is stored without what the history lists of it: one read, no lock."""
        with self.store.errors(), self.store.session() as s:
            query = select(SessionRow.id).where(col(SessionRow.standings).is_(None)).limit(1)
            return s.exec(query).first() is not None

    def rebuild_summaries(self) -> int:
        """Work out what the history lists of every session stored without it (a database made by
        an older Companion, migrated): each one's entries replayed once, all in one transaction.
        Returns how many were rebuilt.

        Only a database that lacks some takes the write lock for it: a reader (``sessions``,
        ``show``, ``export``, ``stats``, ``players``) never waits for another program's writes,
        and a read-only database is read as it is (what is missing is worked out when read)."""
        if self.store.read_only or not self._unsummarised():
            return 0
        with self.store.errors(), self.store.writing() as s:
            rows = s.exec(select(SessionRow).where(col(SessionRow.standings).is_(None))).all()
            for row in rows:
                entries = [e for _, e in self._entries(s, row.id)]
                header = _stored_header(row)
                try:
                    if header is None or row.game not in ids():
                        raise ValueError("not even its header reads")
                    scored = _replayed(row.game, header, entries)[0].scored
                except (RuleViolation, KeyError, ValueError, TypeError):  # not even its header reads
                    scored = Scored(Table(()))
                self._summarise(row, scored, len(entries))
                row.entries = len(entries)
                s.add(row)
            s.commit()
            return len(rows)

    # --- creating and recording ------------------------------------------------------------------
    def create(self, game: str, header: dict, *, uid: str | None = None, created_at: datetime | None = None) -> int:
        """A new session; the header is checked by the game's rules before anything is stored: its
        fields (an unknown one is refused, naming the known ones), the players' names
        (``companion.names``) and every option."""
        get(game)  # an unknown game is refused with the known ones
        return self.import_whole(game, header, [], uid=uid, created_at=created_at)

    def record(self, sid: int, entry: Any) -> Scored:
        """Check an entry against the rules, commit it, and return the standings after it."""
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
            self._touch(row, scored, len(active) + 1)
            s.add(row)
            s.commit()
            return scored

    def undo(self, sid: int) -> Any | None:
        """Take back the last entry (kept for redo). Returns it, or None if there is nothing to undo."""
        with self.store.errors(), self.store.writing() as s:
            row = self._row(s, sid, lock=True)
            last = self._last_entry(s, sid)
            if last is None:
                return None
            remaining = [e for q, e in self._entries(s, sid) if q != last.seq]  # read before changing rows
            last.active = False
            s.add(last)
            self._touch(row, self._check(s, row, remaining), len(remaining))
            s.add(row)
            s.commit()
            return _payload(last.payload)

    def redo(self, sid: int) -> Any | None:
        with self.store.errors(), self.store.writing() as s:
            row = self._row(s, sid, lock=True)
            nxt = self._undone_entry(s, sid)
            if nxt is None:
                return None
            restored = [*(e for _, e in self._entries(s, sid)), _payload(nxt.payload)]  # before changing rows
            nxt.active = True
            s.add(nxt)
            self._touch(row, self._check(s, row, restored), len(restored))
            s.add(row)
            s.commit()
            return _payload(nxt.payload)

    def edit(self, sid: int, index: int, entry: Any) -> Scored:
        """Replace entry ``index`` (0 = first); everything after it is checked again, and the edit is
        refused, with the reason, if it makes a later entry illegal."""
        with self.store.errors(), self.store.writing() as s:
            row = self._row(s, sid, lock=True)
            active = self._entries(s, sid)
            if not 0 <= index < len(active):
                raise RuleViolation(
                    "record-format",
                    f"Session {sid} has no entry {index + 1}.",
                    f"セッション{sid}に{index + 1}番目の記録はありません。",
                )
            candidate = [e for _, e in active]
            candidate[index] = entry
            scored = self._check(s, row, candidate, first_new=index)
            target = s.exec(select(EntryRow).where(EntryRow.session_id == sid, EntryRow.seq == active[index][0])).one()
            target.payload = json.dumps(entry, ensure_ascii=False)
            s.add(target)
            self._touch(row, scored, len(candidate))
            s.add(row)
            s.commit()
            return scored

    def import_whole(
        self, game: str, header: dict, entries: list[Any], *, uid: str | None = None, created_at: datetime | None = None
    ) -> int:
        """Store a checked session in one transaction: all of it or nothing. The header's fields and
        the players' names are checked as a new game's are, then every entry through the rules."""
        box = get(game)
        check_header(box, header)
        if isinstance(header.get("players"), list):  # (what is no list of names, the game refuses)
            check_new_names(header["players"], self.players(merged=True))
        scored = box.replay(header, entries).scored
        for _ in range(2):
            with suppress(StoreConflict):  # another process added the same new player this moment
                return self._insert(game, header, entries, scored, uid, created_at)
        return self._insert(game, header, entries, scored, uid, created_at)

    def _insert(
        self, game: str, header: dict, entries: list[Any], scored: Scored, uid: str | None, created_at: datetime | None
    ) -> int:
        with self.store.errors(), self.store.writing() as s:
            stamp = created_at or now()
            row = SessionRow(
                uid=uid or uuid.uuid4().hex,
                game=game,
                header=json.dumps(header, ensure_ascii=False),
                created_at=stamp,
                updated_at=now(),
            )
            s.add(row)
            s.flush()
            for seat, name in enumerate(header["players"]):
                s.add(SeatRow(session_id=row.id, seat=seat, player_id=self._player_id(s, name)))
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
            self._touch(row, scored, len(entries))
            s.add(row)
            s.commit()
            return row.id

    # --- a session open at the table ---------------------------------------------------------------
    def open(self, sid: int, lang: str = "en") -> Live:
        """The session read whole and replayed once, checked against the standings stored with it
        (rewritten if they differ). A session whose entries no longer replay opens read-only.
        Opening only reads: the write lock is taken only for standings to rewrite, and a database
        another program is writing (or a read-only one) opens all the same, as it stands."""
        info, position = self.snapshot(sid, lang)
        repaired = False
        if info.problem is None and self.store.read_only:  # shown as it is, and the table is told at once
            info = replace(info, problem=self._read_only_medium())
        if info.problem is None:
            worked_out = standings_json(position.scored.table)
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

    def add(self, live: Live, entry: Any, lang: str = "en", after: Position | None = None) -> Live:
        """Record an entry at the table: the rules check it against the open position alone, and it
        is committed with the session's new standings. Refused with the reason, as ``record``.
        ``after`` is the position the entry leads to when the caller has already applied it."""
        if live.info.problem is not None:  # the stored entries do not replay: refused as it says
            self.record(live.sid, entry)
            return self.open(live.sid, lang)
        with self.store.errors(), self.store.writing() as s:
            row = self._row(s, live.sid, lock=True)
            if row.revision != live.info.revision:  # another table changed it: check against the store
                s.rollback()
                self.record(live.sid, entry)
                return self.open(live.sid, lang)
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

    def take_back(self, live: Live, lang: str = "en") -> tuple[Live, Any | None]:
        """Undo at the table: the last entry is kept for redo, and the session steps back to the
        position before it (already worked out, or the entries before it replayed once). Returns
        the entry taken back, or None when there is nothing to undo."""
        with self.store.errors(), self.store.writing() as s:
            row = self._row(s, live.sid, lock=True)
            if row.revision != live.info.revision or live.info.problem is not None:
                s.rollback()
                entry = self.undo(live.sid)
                return self.open(live.sid, lang), entry
            last = self._last_entry(s, live.sid)
            if last is None:
                return live, None
            trail = live.trail[:-1]
            if not trail:
                before = live.position
                trail = (get(row.game).replay(before.header, before.entries[:-1], lang),)
            last.active = False
            s.add(last)
            return self._moved(s, row, live, trail), _payload(last.payload)

    def bring_back(self, live: Live, lang: str = "en") -> tuple[Live, Any | None]:
        """Redo at the table: the entry undone last, applied to the open position again."""
        with self.store.errors(), self.store.writing() as s:
            row = self._row(s, live.sid, lock=True)
            if row.revision != live.info.revision or live.info.problem is not None:
                s.rollback()
                entry = self.redo(live.sid)
                return self.open(live.sid, lang), entry
            nxt = self._undone_entry(s, live.sid)
            if nxt is None:
                return live, None
            entry = _payload(nxt.payload)
            position = get(row.game).apply(live.position, entry)
            nxt.active = True
            s.add(nxt)
            return self._moved(s, row, live, (*live.trail, position)), entry

    def change(self, live: Live, index: int, entry: Any, lang: str = "en") -> Live:
        """Change a past entry at the table (``edit``: every later entry is checked again)."""
        self.edit(live.sid, index, entry)
        return self.open(live.sid, lang)

    def _moved(self, s, row: SessionRow, live: Live, trail: tuple[Position, ...]) -> Live:
        """Commit a change made at the table with the standings after it, and the open session."""
        position = trail[-1]
        self._touch(row, position.scored, len(position.entries))
        s.add(row)
        s.commit()
        info = replace(
            live.info,
            updated_at=row.updated_at,
            finished=row.finished_at is not None,
            entries=len(position.entries),
            revision=row.revision,
            winners=tuple(position.scored.table.winners()) if position.scored.finished else (),
        )
        return Live(info, trail)

    def _read_only_medium(self) -> RuleViolation:
        """Why a session of a database opened read-only takes no entry (``Store.read_only``)."""
        return RuleViolation(
            "record-format",
            f"{self.store.refuse_writing()}",
            "このデータベースは読み取り専用の場所（読み取り専用のフォルダー・USBメモリ・共有）にあります："
            "表示・書き出し・バックアップはできますが、ここには何も記録できません。"
            "続けて遊ぶには、書き込みできるフォルダーにコピーしてください。",
        )

    @staticmethod
    def _over() -> RuleViolation:
        return RuleViolation(
            "record-format",
            "This game is over: nothing more can be recorded (undo to change the end).",
            "このゲームは終わっています。",
        )

    # --- reading -------------------------------------------------------------------------------
    def header(self, sid: int) -> tuple[str, dict]:
        """The session's game and header; refused, with why, where either is damaged in the database."""
        with self.store.errors(), self.store.session() as s:
            row = self._row(s, sid)
        problem = _unreadable(row)
        if problem is not None:
            raise problem
        return row.game, _stored_header(row) or {}

    def entries(self, sid: int) -> list[Any]:
        with self.store.errors(), self.store.session() as s:
            self._row(s, sid)
            return [e for _, e in self._entries(s, sid)]

    def record_of(self, sid: int) -> dict:
        game, header = self.header(sid)
        return dict(get(game).replay(header, self.entries(sid)).record)

    def scored(self, sid: int, lang: str = "en") -> Scored:
        game, header = self.header(sid)
        return get(game).replay(header, self.entries(sid), lang).scored

    def snapshot(self, sid: int, lang: str = "en") -> tuple[SessionInfo, Position]:
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
            position, problem = _replayed(row.game, _stored_header(row) or {}, entries, lang)
        except RuleViolation as err:  # not even the header alone replays (a changed name in it)
            raise _header_refused(row.id, err) from None
        problem = problem or _damaged_fields(row, times)
        return (info if problem is None else replace(info, problem=problem)), position

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

    def _entry_times(self, sid: int, s=None) -> list[tuple[int, datetime]]:
        """When each active entry was stored, in order (a damaged one as ``DamagedTime``)."""
        if s is None:
            with self.store.errors(), self.store.session() as s:
                return self._entry_times(sid, s)
        query = select(EntryRow.seq, EntryRow.created_at).where(
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

    def summaries(self, game: str | None = None, page: int = 1000) -> Iterator[tuple[SessionInfo, Table]]:
        """Every session (of one game), oldest first, with the standings stored with it, read a
        page of rows at a time and never replayed: what an export of a whole history writes."""
        last = 0
        while True:
            with self.store.errors(), self.store.session() as s:
                query = select(SessionRow).where(col(SessionRow.id) > last)
                if game:
                    query = query.where(SessionRow.game == game)
                rows = s.exec(query.order_by(col(SessionRow.id)).limit(page)).all()
                found = [(self._info(s, r), _stored_table(r.standings), r) for r in rows]
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

    def table(self, sid: int) -> Table:
        """The standings stored with the session, as the engine gave them after its last entry."""
        with self.store.errors(), self.store.session() as s:
            row = self._row(s, sid)
        table = _stored_table(row.standings)
        header = _stored_header(row)
        if table is None or header is None or {s.player for s in table.standings} != set(header["players"]):
            return self._table_of(row)  # none stored, or not the header's players (a damaged byte)
        return table

    def _table_of(self, row: SessionRow) -> Table:
        """The standings worked out from a session's entries (what replays of them), where none
        are stored with it or they are damaged; no standings where its header is damaged."""
        header = _stored_header(row)
        if header is None or _unreadable(row) is not None:
            return Table(())
        try:
            return _replayed(row.game, header, self.entries(row.id))[0].scored.table
        except RuleViolation:  # not even the header alone replays
            return Table(())

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

    # --- players -------------------------------------------------------------------------------
    def players(self, merged: bool = False) -> list[str]:
        """The players' names, each person once (``merged``: every name ever given, merged ones too)."""
        with self.store.errors(), self.store.session() as s:
            query = select(PlayerRow.name)
            if not merged:
                query = query.where(col(PlayerRow.merged_into).is_(None))
            return [str(name) for name in s.exec(query.order_by(PlayerRow.name))]

    def player_uid(self, pid: int) -> str:
        """The random id of the player with row ``pid``: the one BG Stats knows the person by, kept
        through renames, merges (a merged name's seats are the person's), backups and restores."""
        with self.store.errors(), self.store.session() as s:
            row = s.get(PlayerRow, pid)
            if row is None:
                raise StoreError(f"There is no player {pid}.")
            return str(row.uid)

    def rename(self, old: str, new: str) -> None:
        """A player's name for the history and statistics; records keep the names they were played
        with. The new name is checked as a new game's names are (``companion.names``)."""
        with self.store.errors(), self.store.writing() as s:
            row = s.exec(select(PlayerRow).where(PlayerRow.name == old)).first()
            if row is None:
                raise RuleViolation(
                    "record-format", f"No player called {old!r}.", f"{old!r}というプレイヤーはいません。"
                )
            if s.exec(select(PlayerRow).where(PlayerRow.name == new)).first():
                raise RuleViolation(
                    "record-format",
                    f"There is already a player called {new!r}: merge them instead.",
                    f"{new!r}はすでにいます。統合してください。",
                )
            check_rename(old, new, [str(n) for n in s.exec(select(PlayerRow.name))])
            row.name = new
            s.add(row)
            s.commit()

    def merge(self, source: str, into: str) -> None:
        """Two names for one person: every session of ``source`` counts for ``into``."""
        with self.store.errors(), self.store.writing() as s:
            a = s.exec(select(PlayerRow).where(PlayerRow.name == source)).first()
            b = s.exec(select(PlayerRow).where(PlayerRow.name == into)).first()
            if b is not None and b.merged_into is not None:  # a name merged before: the person it became
                b = s.get(PlayerRow, b.merged_into)
            if a is None or b is None or a.id == b.id:
                raise RuleViolation("record-format", f"Cannot merge {source!r} into {into!r}.", "統合できません。")
            # every name that counted as ``source`` now counts as ``into``: one step to the person
            for row in s.exec(select(PlayerRow).where(PlayerRow.merged_into == a.id)):
                row.merged_into = b.id
                s.add(row)
            for seat in s.exec(select(SeatRow).where(SeatRow.player_id == a.id)):
                seat.player_id = b.id
                s.add(seat)
            a.merged_into = b.id
            s.add(a)
            s.commit()

    def stats(self, game: str, lang: str = "en") -> list[PlayerStats]:
        """Per variant, per player, over finished sessions of a game: played, wins, win rate,
        average, best, worst and the first and last day (``stats_by_variant``, one list)."""
        return [p for v in self.stats_by_variant(game, lang) for p in v.players]

    def stats_by_variant(self, game: str, lang: str = "en") -> list[VariantStats]:
        """A game's finished sessions grouped by variant (the plain game first, then the most
        played), each with its players' statistics. Only what is stored with each session is read
        (standings, winners, header, date), one query per table, never an entry: a history of
        10,000 sessions reads three tables once (a session stored without its standings, or with
        them damaged, is replayed). A session's day is the day it was played
        (``created_at``, as the exports date it: an imported session keeps its own)."""
        box = get(game)
        finished = select(SessionRow.id).where(SessionRow.game == game, col(SessionRow.finished_at).is_not(None))
        with self.store.errors(), self.store.session() as s:
            rows = s.exec(
                select(
                    SessionRow.id, SessionRow.header, SessionRow.standings, SessionRow.winners, SessionRow.created_at
                )
                .where(col(SessionRow.id).in_(finished))
                .order_by(col(SessionRow.id))
            ).all()
            seats = {
                (sid, seat): pid
                for sid, seat, pid in s.exec(
                    select(SeatRow.session_id, SeatRow.seat, SeatRow.player_id).where(
                        col(SeatRow.session_id).in_(finished)
                    )
                )
            }
            people = {
                pid: (name, into)
                for pid, name, into in s.exec(select(PlayerRow.id, PlayerRow.name, PlayerRow.merged_into))
            }

        def current(pid: int) -> str:
            """The name a player goes by now: merged names followed to the one they count as."""
            seen = {pid}
            name, into = people[pid]
            while into is not None and into in people and into not in seen:
                seen.add(into)
                name, into = people[into]
            return name

        words: dict[str, tuple[str, str]] = {}  # a header's variant: (its key, in English; its words in lang)
        groups: dict[str, list] = {}  # the variant's key: [words, games, [days], {player: [(total, won, day)]}]
        for sid, header_text, standings, winners_text, day in rows:
            header, table = _stored_header(header_text), _stored_table(standings)
            if header is None:  # damaged in the database: the session itself says why when it is opened
                continue
            if table is None:  # not summarised yet (another program held the database), or damaged
                table = self.table(sid)
            if header_text not in words:
                words[header_text] = (box.variant(header, "en"), box.variant(header, lang))
            key, said = words[header_text]
            totals = {x.player: x.total for x in table.standings}
            stored_winners = _stored_json(winners_text)
            winners = set(stored_winners) if isinstance(stored_winners, list) else set(table.winners())
            group = groups.setdefault(key, [said, 0, [], {}])
            group[1] += 1
            group[2].append(day)
            for seat, name in enumerate(header["players"]):
                if name not in totals:
                    continue
                pid = seats.get((sid, seat))
                who = current(pid) if pid in people else name
                group[3].setdefault(who, []).append((totals[name], name in winners, day))
        best, worst = (max, min) if box.highest_wins else (min, max)  # Trickster: the fewest points win
        out = []
        for said, count, played_on, results in groups.values():
            players = []
            for player, games in sorted(results.items()):
                totals = [t for t, _, _ in games]
                days = _readable([d for _, _, d in games])
                players.append(
                    PlayerStats(
                        player,
                        game,
                        len(games),
                        sum(w for _, w, _ in games),
                        round(sum(totals) / len(totals), 2),
                        best(totals),
                        worst(totals),
                        said,
                        min(days),
                        max(days),
                    )
                )
            days = _readable(played_on)
            out.append(VariantStats(game, said, count, min(days), max(days), tuple(players)))
        return sorted(out, key=lambda v: (v.variant != "", -v.games, v.variant.casefold()))

    # --- helpers ---------------------------------------------------------------------------------
    def _player_id(self, s, name: str) -> int:
        row = s.exec(select(PlayerRow).where(PlayerRow.name == name)).first()
        if row is None:
            row = PlayerRow(name=name)
            s.add(row)
            s.flush()
        return row.merged_into or row.id

    def _row(self, s, sid: int, lock: bool = False) -> SessionRow:
        """The session's row; ``lock`` holds it until the transaction ends (PostgreSQL: FOR UPDATE;
        SQLite's writers already hold the database's write lock), so writers to one session queue.
        An id no row can have (0, or past the database's integers) is no session either."""
        if not 0 < sid <= self.store.max_id:
            raise StoreError(f"There is no session {sid}.")
        if lock and not self.store.sqlite:
            row = s.exec(select(SessionRow).where(SessionRow.id == sid).with_for_update()).first()
        else:
            row = s.get(SessionRow, sid)
        if row is None:
            raise StoreError(f"There is no session {sid}.")
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
        problem = _unreadable(row) or _damaged_fields(row, self._entry_times(row.id, s))
        if problem is not None:
            raise problem
        header = _stored_header(row) or {}
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

    def _touch(self, row: SessionRow, scored: Scored, entries: int) -> None:
        """A change to the session: its time, its revision, and what the history lists of it."""
        row.updated_at = now()
        row.revision = (row.revision or 0) + 1
        row.entries = entries
        self._summarise(row, scored, entries)

    def _summarise(self, row: SessionRow, scored: Scored, entries: int) -> None:
        row.finished_at = row.finished_at or now() if scored.finished else None
        row.standings = standings_json(scored.table)
        row.winners = winners_json(scored.table, scored.finished)

    def _info(self, s, row: SessionRow, count: int | None = None) -> SessionInfo:
        if count is None:
            count = row.entries
        header = _stored_header(row)
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
            winners=_stored_winners(row.winners),
        )


def _readable(days: list[datetime]) -> list[datetime]:
    """The days that read (a damaged stored time is no day), or all of them where none does."""
    return [d for d in days if not time_damaged(d)] or days


def _replayed(game: str, header: dict, entries: list[Any], lang: str = "en") -> tuple[Position, RuleViolation | None]:
    """The position after the stored entries, and None; or, for entries that no longer replay,
    the position after those that do and why the rest does not (the session opens read-only)."""
    try:
        return get(game).replay(header, entries, lang), None
    except RuleViolation as err:
        good, problem = _stored_problem(game, header, entries, err)
        return get(game).replay(header, entries[:good], lang), problem
