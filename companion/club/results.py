"""A game's finished results as the club's record keeps them: every finished session of the game
(in a season, or ever), in the order they were played (the day a session was started, then its
id), each seat counted for its person, read from what is stored with each session (its standings,
winners, header, seats and entry times), never replayed.

What the ratings, the head-to-head and a player's page are worked out from. A history of 10,000
sessions is read once and kept in this process: each later look first counts the game's sessions
and their revisions (every change to a session counts its revision up) and reads the players'
merges; where those changed it reads the finished sessions' ids, uids and revisions, and reads
again only what changed. Sessions finished since are read alone and added at the end, where
they were played after everything kept; anything else (an undo, an edit, a merge, a restored
database, a game played on an earlier day) reads the record again whole, so it is always what a
reading from scratch gives.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, NamedTuple

from sqlmodel import col, func, select

from companion.clock import damaged as time_damaged
from companion.club.season import Season
from companion.store import pauses
from companion.store.database import EntryRow, PlayerRow, SeatRow, SessionRow, Store
from companion.store.sessions import Sessions
from companion.store.summary import stored_header, stored_json, stored_table
from scoring.registry import get
from scoring.words import in_language, say


class Seat(NamedTuple):
    """A person's place in a finished game: the rank the standings gave (a tie shares it), the
    total, and whether the stored winners name them."""

    person: int  # the player's id, merged names followed to the one they count as
    rank: int
    total: int
    won: bool


class Result(NamedTuple):
    """One finished session of the game, as its standings left it: its seats best first, each
    person once (two names of one person at one table, merged since: the better place), as four
    tuples side by side. A process keeps these by the ten thousand, and a plain tuple of numbers is
    one Python's garbage collector stops looking at: 40,000 seats as objects of their own would
    cost every full collection a fifth of a second."""

    sid: int
    played: datetime  # when it was started (an imported game keeps its own day)
    seconds: float | None  # from the start to the last entry; None where unknown (entered all at once)
    variant: str  # the game's own words for the variant, in English ("" the plain game) …
    variant_ja: str  # … and in Japanese
    persons: tuple[int, ...]  # the player ids, best first
    ranks: tuple[int, ...]
    totals: tuple[int, ...]
    won: tuple[bool, ...]

    def variant_in(self, lang: str) -> str:
        return in_language(self, "variant", lang)

    @property
    def seats(self) -> tuple[Seat, ...]:
        return tuple(map(Seat, self.persons, self.ranks, self.totals, self.won))

    def seat_of(self, person: int) -> Seat | None:
        if person not in self.persons:
            return None
        k = self.persons.index(person)
        return Seat(person, self.ranks[k], self.totals[k], self.won[k])


Key = tuple[int, str, int]  # a session as the record knows it: its id, its uid and its revision


@dataclass(frozen=True)
class Record:
    """A game's finished results in a season (``None``: ever), in the order they were played, and
    what they were read from: each session's key and the players' merges."""

    game: str
    season: Season | None
    keys: tuple[Key, ...]
    people: tuple[tuple[int, int | None], ...]  # every player's (id, merged into)
    results: tuple[Result, ...]
    gate: tuple = ()  # the game's sessions counted (``_gate``) before the keys were read


_kept: weakref.WeakKeyDictionary[Store, dict[tuple[str, Season | None], Record]] = weakref.WeakKeyDictionary()
_lock = threading.Lock()
KEPT = 64  # records kept per database (a game and a season each); the oldest looked at goes first


def record(sessions: Sessions, game: str, season: Season | None = None) -> Record:
    """The game's finished results in the season, as the database holds them now: kept from the
    last look where nothing changed, brought up to date with the sessions finished since, or read
    again whole."""
    get(game)  # an unknown game is refused with the known ones
    with _lock:
        kept = _kept.get(sessions.store, {}).get((game, season))
    with sessions.store.errors(), sessions.store.session() as s:
        gate, people = _gate(s, game, season), _people(s)
        unchanged = kept is not None and kept.gate == gate and kept.people == people
        # plain tuples compare ten times faster than rows
        keys = kept.keys if unchanged else tuple(map(tuple, s.exec(_keys(game, season)).all()))
    if kept is not None and kept.keys == keys and kept.people == people:
        found = kept
    elif kept is not None and kept.people == people and keys[: len(kept.keys)] == kept.keys:
        found = _appended(sessions, kept, keys[len(kept.keys) :])
    else:
        found = read(sessions, game, season)
    found = replace(found, gate=gate)
    with _lock:
        held = _kept.setdefault(sessions.store, {})
        held.pop((game, season), None)
        held[(game, season)] = found  # the last looked at comes last
        while len(held) > KEPT:
            del held[next(iter(held))]
    return found


def read(sessions: Sessions, game: str, season: Season | None = None) -> Record:
    """The game's finished results in the season read whole from the database, nothing kept."""
    with sessions.store.errors(), sessions.store.session() as s:
        people = _people(s)
        rows = s.exec(_rows(game, season)).all()
        ids = select(SessionRow.id).where(*_finished(game, season))
        seats, times = _seats_and_times(s, ids)
    return _record(sessions, game, season, people, rows, seats, times)


def _appended(sessions: Sessions, kept: Record, new: tuple[Key, ...]) -> Record:
    """The record with the sessions finished since added at its end, each read alone; read again
    whole where one of them changed meanwhile."""
    ids = [k[0] for k in new]
    with sessions.store.errors(), sessions.store.session() as s:
        rows = s.exec(_rows(kept.game, kept.season).where(col(SessionRow.id).in_(ids))).all()
        seats, times = _seats_and_times(s, ids)
    more = _record(sessions, kept.game, kept.season, kept.people, rows, seats, times)
    if more.keys != new:
        return read(sessions, kept.game, kept.season)
    return Record(kept.game, kept.season, kept.keys + more.keys, kept.people, kept.results + more.results)


def _gate(s, game: str, season: Season | None) -> tuple:
    """What a look at the game's sessions starts with, in one row: how many there are, finished or
    not, the sum of their revisions and the last id (every change the table makes to a session
    counts its revision up, and a session is never taken away), and the season's first and last
    instants on this computer's clock. Where it is as before, so is every session's key."""
    count, revisions, last = s.exec(
        select(func.count(), func.sum(SessionRow.revision), func.max(SessionRow.id)).where(SessionRow.game == game)
    ).one()
    return (count, int(revisions or 0), last, *((season.start, season.end) if season else ()))


def _people(s) -> tuple[tuple[int, int | None], ...]:
    """Every player's id and the player it was merged into (None: nobody)."""
    return tuple(map(tuple, s.exec(select(PlayerRow.id, PlayerRow.merged_into).order_by(col(PlayerRow.id))).all()))


def _finished(game: str, season: Season | None) -> list:
    where = [SessionRow.game == game, col(SessionRow.finished_at).is_not(None)]
    if season is not None:
        where += [col(SessionRow.created_at) >= season.start, col(SessionRow.created_at) < season.end]
    return where


def _keys(game: str, season: Season | None) -> Any:
    return (
        select(SessionRow.id, SessionRow.uid, SessionRow.revision)
        .where(*_finished(game, season))
        .order_by(col(SessionRow.created_at), col(SessionRow.id))
    )


def _rows(game: str, season: Season | None) -> Any:
    return (
        select(
            SessionRow.id,
            SessionRow.uid,
            SessionRow.revision,
            SessionRow.header,
            SessionRow.standings,
            SessionRow.winners,
            SessionRow.created_at,
            SessionRow.pauses,
        )
        .where(*_finished(game, season))
        .order_by(col(SessionRow.created_at), col(SessionRow.id))
    )


def _seats_and_times(s, ids: Any) -> tuple[dict[tuple[int, int], int], dict[int, tuple[datetime, datetime]]]:
    """Who sat in each seat of the sessions ``ids`` (a query or a list), and when each one's first
    and last active entries were stored."""
    seats = {
        (sid, seat): pid
        for sid, seat, pid in s.exec(
            select(SeatRow.session_id, SeatRow.seat, SeatRow.player_id).where(col(SeatRow.session_id).in_(ids))
        )
    }
    times = {
        sid: (first, last)
        for sid, first, last in s.exec(
            select(EntryRow.session_id, func.min(EntryRow.created_at), func.max(EntryRow.created_at))
            .where(col(EntryRow.session_id).in_(ids), col(EntryRow.active).is_(True))
            .group_by(EntryRow.session_id)
        )
    }
    return seats, times


def _record(
    sessions: Sessions,
    game: str,
    season: Season | None,
    people: tuple[tuple[int, int | None], ...],
    rows: Iterable[Any],
    seats: dict[tuple[int, int], int],
    times: dict[int, tuple[datetime, datetime]],
) -> Record:
    box = get(game)
    into = dict(people)
    words: dict[str, tuple[str, str]] = {}  # a header's variant, in English and in Japanese
    keys, results = [], []
    for sid, uid, revision, header_text, standings, winners_text, started, paused in rows:
        keys.append((sid, uid, revision))
        header, table = stored_header(header_text), stored_table(standings)
        if header is None:  # damaged in the database: the session itself says why when it is opened
            continue
        if table is None or {p.player for p in table.places} != set(header["players"]):
            table = sessions.standings(sid)  # none stored (another program held the database), or damaged
        if header_text not in words:
            variant = box.variant(header)
            words[header_text] = (say(variant), say(variant, "ja"))
        stored_winners = stored_json(winners_text)
        winners = set(stored_winners) if isinstance(stored_winners, list) else set(table.winners())
        seat_of = {name: k for k, name in enumerate(header["players"])}
        placed, counted = [], set()
        for place in table.places:
            pid = seats.get((sid, seat_of.get(place.player, -1)))
            if pid is None:
                continue
            who = follow(into, pid)
            if who in counted:  # two names of one person at one table, merged since: the better place counts
                continue
            counted.add(who)
            placed.append((who, place.rank, place.total, place.player in winners))
        columns = tuple(zip(*placed, strict=True)) if placed else ((), (), (), ())
        seconds = _seconds(started, times.get(sid), pauses.read(paused))
        results.append(Result(sid, started, seconds, *words[header_text], *columns))
    return Record(game, season, tuple(keys), people, tuple(results))


def _seconds(
    started: datetime, times: tuple[datetime, datetime] | None, stopped: tuple[pauses.Pause, ...] = ()
) -> float | None:
    """How long the game took, as the play-logging exports count it: from its start to its last
    entry, its pauses left out; unknown where every entry was stored at once (an imported game) or
    a time is damaged."""
    if times is None or any(time_damaged(t) for t in (started, *times)) or not times[1] > times[0]:
        return None
    return max(0.0, (times[1] - started - pauses.within(stopped, started, times[1])).total_seconds())


def follow(into: dict[int, int | None], pid: int) -> int:
    """The player ``pid`` counts for: merged names followed to the one they were merged into (a
    merge into a player the database lacks, or a loop, stops where it is)."""
    seen = {pid}
    while into.get(pid) is not None and into[pid] in into and into[pid] not in seen:
        pid = into[pid]
        seen.add(pid)
    return pid


def people(store: Store) -> tuple[dict[int, str], dict[str, int]]:
    """The name every player goes by now, by id (a merged name: the one it counts as), and the
    player every name ever given counts for."""
    with store.errors(), store.session() as s:
        rows = s.exec(select(PlayerRow.id, PlayerRow.name, PlayerRow.merged_into)).all()
    into = {pid: merged for pid, _, merged in rows}
    named = {pid: str(name) for pid, name, _ in rows}
    return {pid: named[follow(into, pid)] for pid in named}, {str(n): follow(into, pid) for pid, n, _ in rows}
