"""A club night: an event of rounds at several tables, every table an ordinary session.

An event has a name, a day and a place, a game for each round, the players who have come (added
and dropped as people arrive and leave) and how seats are drawn (``companion.club.draw``: mix or
Swiss, from the event's seed). Drawing a round stores its tables in one transaction: each table's
session, its place in the event (round, table number) and who sat out, all of it or nothing. The
event's standings are worked out from the standings stored with each finished table's session
(``companion.club.event_points``), never by replaying a game.

Two laptops may serve one event from one PostgreSQL database: a draw locks the event's row, so a
round is drawn once whoever asks first.
"""

from __future__ import annotations

import json
import secrets
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date
from functools import partial

from sqlmodel import Session, col, select

from companion.club.draw import DrawRefused, History, draw_round, sizes
from companion.club.event_points import EventStanding, event_standings
from companion.store import place, players
from companion.store.database import (
    EventPlayerRow,
    EventRoundRow,
    EventRow,
    EventTableRow,
    PlayerRow,
    SessionRow,
    now,
)
from companion.store.errors import StoreError
from companion.store.names import check_new_names
from companion.store.sessions import Sessions
from companion.store.summary import stored_table
from companion.words import tn
from scoring.registry import get, ids
from scoring.registry import name as game_name

DRAWS = ("mix", "swiss")


def game_called(game: str, lang: str) -> str:
    """A game as a refusal names it, in the reader's language (Sheriff, シェリフ)."""
    return game_name(game, lang, short=True)


def players_here(n: int, lang: str) -> str:
    """``1 player is``, ``5 players are``, in the reader's language."""
    return tn("{n} player is", "{n} players are", n, lang)


MAX_ROUNDS = 20


@dataclass(frozen=True)
class Table:
    """One table of a round: its number, session, players in seat order, how far it is."""

    table: int
    session: int
    players: tuple[str, ...]
    entries: int
    finished: bool
    uid: str = ""  # its session's uid (its page's link is made from it)
    revision: int = 0  # its session's revision: counted up by every change
    scores: tuple[tuple[str, int, int], ...] = ()  # (player, rank, total) best first, as its game stands

    def as_json(self) -> dict:
        return {"table": self.table, "session": self.session, "players": list(self.players)}


@dataclass(frozen=True)
class Round:
    """One round: its game, its tables once drawn, who sat it out."""

    round: int
    game: str
    tables: tuple[Table, ...] = ()
    out: tuple[str, ...] = ()
    drawn: bool = False
    closed: bool = False  # closed by the director with tables unfinished (one that never finishes scores nothing)
    attempt: int = 0  # how often it was drawn again before it started

    @property
    def finished(self) -> bool:
        """Every table's game is over, or the director closed the round."""
        return self.drawn and (self.closed or all(t.finished for t in self.tables))

    @property
    def started(self) -> bool:
        """Something is recorded at one of its tables."""
        return any(t.entries for t in self.tables)

    def as_json(self) -> dict:
        return {"round": self.round, "tables": [t.as_json() for t in self.tables], "out": list(self.out)}


@dataclass(frozen=True)
class Event:
    """An event as the director, the phones and the command line see it."""

    id: int
    uid: str
    name: str
    day: str
    place: str
    draw: str
    seed: int
    players: tuple[str, ...]  # in the order they were added
    present: tuple[str, ...]
    rounds: tuple[Round, ...]
    standings: tuple[EventStanding, ...]
    revision: int = 0  # counted up by every change to the event itself (a draw, who is here)

    @property
    def key(self) -> str:
        """What the event's pages show depends on: its revision and every table's."""
        tables = ",".join(f"{t.session}.{t.revision}" for r in self.rounds for t in r.tables)
        return f"{self.revision}:{tables}"

    @property
    def current(self) -> Round | None:
        """The last round drawn (None before the first draw)."""
        drawn = [r for r in self.rounds if r.drawn]
        return drawn[-1] if drawn else None

    def as_json(self) -> dict:
        """As ``companion event show --json`` prints it: its rounds and tables, who is here, the standings."""
        return {
            "event": self.id,
            "name": self.name,
            "day": self.day,
            "place": self.place,
            "draw": self.draw,
            "seed": self.seed,
            "present": list(self.present),
            "rounds": [{**r.as_json(), "game": r.game, "drawn": r.drawn, "finished": r.finished} for r in self.rounds],
            "standings": [s.as_json() for s in self.standings],
        }


class Events:
    """The events of a database, over its sessions."""

    def __init__(self, sessions: Sessions) -> None:
        self.sessions = sessions
        self.store = sessions.store

    # --- a new event, and who is here -------------------------------------------------------------
    def new(
        self,
        name: str,
        games: Sequence[str],
        *,
        rounds: int | None = None,
        draw: str = "mix",
        seed: int | None = None,
        names: Sequence[str] = (),
        day: str = "",
        where: str = "",
    ) -> int:
        """A new event: a game for each round (one game names every round), its players. Refused,
        with why, before anything is stored."""
        name = name.strip()
        if not name:
            raise StoreError("An event needs a name.")
        if draw not in DRAWS:
            raise StoreError("Seats are drawn mix or swiss, not {draw}.", draw=draw)
        for game in games:
            if game not in ids():
                raise StoreError("{game} is no game here; the games are {games}.", game=game, games=", ".join(ids()))
        count = rounds if rounds is not None else len(games)
        if not games or not 1 <= count <= MAX_ROUNDS:
            raise StoreError("An event has 1 to {most} rounds, not {n}.", most=MAX_ROUNDS, n=count)
        if len(games) not in (1, count):
            raise StoreError(
                "Name one game for every round, or one for all of them: {n} rounds, {given} games.",
                n=count,
                given=len(games),
            )
        if day:
            try:
                date.fromisoformat(day)
            except ValueError:
                raise StoreError("The day {day!r} is no day (write days as 2026-11-29).", day=day) from None
        names = [n.strip() for n in names if n.strip()]
        self._check_names(names)
        with self.store.errors(), self.store.writing() as s:
            row = EventRow(
                uid=uuid.uuid4().hex,
                name=name,
                day=day,
                place=place.location(where),
                draw=draw,
                seed=seed if seed is not None else secrets.randbelow(1_000_000),
                created_at=now(),
            )
            s.add(row)
            s.flush()
            for r in range(1, count + 1):
                s.add(EventRoundRow(event_id=row.id, round=r, game=games[(r - 1) % len(games)]))
            for seq, who in enumerate(names, start=1):
                s.add(EventPlayerRow(event_id=row.id, player_id=players.person(s, who), seq=seq))
            s.commit()
            return row.id

    @contextmanager
    def _changing(self, eid: int) -> Iterator[tuple[Session, EventRow]]:
        """One change to event ``eid``: a write transaction with its row locked (two laptops change
        it one after the other), its revision counted up and committed once the block has run;
        nothing of it stored if the block raises."""
        with self.store.errors(), self.store.writing() as s:
            row = self._row(s, eid, lock=True)
            yield s, row
            row.revision += 1
            s.add(row)
            s.commit()

    def _check_names(self, names: Sequence[str]) -> None:
        seen: set[str] = set()
        for who in names:
            if who in seen:
                raise StoreError("{name} is named twice; every player comes once.", name=who)
            seen.add(who)
        check_new_names(names, players.names(self.store, merged=True))

    def seat(self, eid: int, add: Sequence[str] = (), drop: Sequence[str] = (), table: int | None = None) -> None:
        """Players who arrive (``add``: new, or back after leaving) and who leave (``drop``: they
        keep the rounds they played, and are drawn no more); with ``table``, those who arrive sit
        down at that table of the round being played (``seat_late``). All of it, or nothing."""
        with self.store.errors(), self.store.session() as s:
            self._row(s, eid)
            here = self._players(s, eid)
        if not [n for n in (*add, *drop) if n.strip()]:
            raise StoreError("Name a player who comes or goes.")
        fresh = [n for n in add if n not in here]
        for who in add:
            if here.get(who):
                raise StoreError("{name} is already here.", name=who)
        self._check_names(fresh)
        for who in drop:
            if not here.get(who):
                raise StoreError("{name} is not here to leave.", name=who)
        seating = None
        if table is not None:
            seating = self._late_seats(eid, self._now(eid, whole=False)[1], list(add), table)
        with self._changing(eid) as (s, _):
            seq = len(here)
            for who in add:
                pid = players.person(s, who)
                row = s.get(EventPlayerRow, (eid, pid))
                if row is None:
                    seq += 1
                    row = EventPlayerRow(event_id=eid, player_id=pid, seq=seq)
                row.present = True
                s.add(row)
            for who in drop:
                row = s.get(EventPlayerRow, (eid, players.person(s, who)))
                if row is not None:
                    row.present = False
                    s.add(row)
            if seating is not None:  # the players are in: their seats now
                s.flush()
                self._write_seats(s, eid, *seating)

    # --- the draw ---------------------------------------------------------------------------------
    def draw(self, eid: int) -> Round:
        """The next round drawn and stored: its tables' sessions, or a refusal with why (the round
        before unfinished, no round left, too few players for the game)."""
        event = self.event(eid)
        next_round = next((r for r in event.rounds if not r.drawn), None)
        if next_round is None:
            raise StoreError("All {n} rounds of {event} are drawn.", n=len(event.rounds), event=event.name)
        before = event.current
        if before is not None and not before.finished:
            playing = [str(t.table) for t in before.tables if not t.finished]
            raise StoreError(
                "Round {round} is still being played (tables {tables}); draw the next one once every table has "
                "finished.",
                round=before.round,
                tables=", ".join(playing),
            )
        game = get(next_round.game)
        present = list(event.present)
        try:
            sizes(len(present), game.best_players, game.players)
        except DrawRefused:
            raise StoreError(
                "{here} here; {game} needs at least {least} at a table.",
                here=partial(players_here, len(present)),
                game=partial(game_called, next_round.game),
                least=min(game.players),
            ) from None
        history = History()
        for r in event.rounds:
            for t in r.tables:
                history.met.update(frozenset(p) for p in _pairs(t.players))
            history.sat_out.update(r.out)
        drawn = draw_round(
            present,
            game.best_players,
            game.players,
            seed=event.seed,
            round=next_round.round,
            attempt=next_round.attempt,
            history=history,
            how=event.draw,
            order=[s.player for s in event.standings],
        )
        with self.store.errors(), self.store.session() as s:
            extra = self._round(s, eid, next_round.round).header
        headers = [{**json.loads(extra), "players": list(table)} for table in drawn.tables]
        scored = [self.sessions.checked(next_round.game, h) for h in headers]
        with self._changing(eid) as (s, row):
            stored = self._round(s, eid, next_round.round)
            if stored.out is not None or stored.attempt != next_round.attempt:  # another laptop, a moment ago
                raise StoreError(
                    "Round {round} of {event} was just drawn elsewhere.", round=stored.round, event=row.name
                )
            for number, (header, score) in enumerate(zip(headers, scored, strict=True), start=1):
                session = self.sessions.add(s, next_round.game, header, [], score)
                s.add(EventTableRow(event_id=eid, round=stored.round, table=number, session_id=session.id))
            stored.out = json.dumps(list(drawn.out), ensure_ascii=False)
            s.add(stored)
        return self.event(eid).rounds[next_round.round - 1]

    # --- the director's changes before a round starts ------------------------------------------------
    def _now(self, eid: int, whole: bool = True) -> tuple[Event, Round]:
        """The event and its round being played, refused (``whole``) once anything is recorded at
        its tables."""
        event = self.event(eid)
        now = event.current
        if now is None:
            raise StoreError("No round of {event} is drawn yet.", event=event.name)
        if whole and now.started:
            raise StoreError(
                "Round {round} has begun (something is recorded at a table): its seats stay as they are.",
                round=now.round,
            )
        return event, now

    def redraw(self, eid: int) -> Round:
        """The round being played drawn again before anything is recorded at its tables (from the
        seed anew: its next attempt), its empty sessions removed: a player who arrived or left since
        the draw is seated or not."""
        now = self._now(eid)[1]
        with self._changing(eid) as (s, _):
            stored = self._round(s, eid, now.round)
            for t in now.tables:
                found = s.get(EventTableRow, (eid, now.round, t.table))
                if found is not None:
                    s.delete(found)
            s.flush()
            for t in now.tables:
                self.sessions.discard_unplayed(s, t.session)
            stored.out, stored.attempt = None, stored.attempt + 1
            s.add(stored)
        return self.draw(eid)

    def swap(self, eid: int, player: str, other: str) -> Round:
        """Two players of the round being played change seats (at one table or two) before anything
        is recorded there; or a player sitting out takes the seat of one who is seated."""
        now = self._now(eid, whole=False)[1]
        where = {p: (t, k) for t in now.tables for k, p in enumerate(t.players)}
        for who in (player, other):
            if who not in where and who not in now.out:
                raise StoreError("{name} plays no part in round {round}.", name=who, round=now.round)
        if player not in where and other not in where:
            raise StoreError("Neither {name} nor {other} is seated: name a seated player.", name=player, other=other)
        seated = {t.table: list(t.players) for t in now.tables}
        out = list(now.out)
        for who, instead in ((player, other), (other, player)):
            if who in where:
                t, k = where[who]
                seated[t.table][k] = instead
            else:
                out[out.index(who)] = instead
        changed = {where[w][0].table for w in (player, other) if w in where}
        for table in now.tables:
            if table.table in changed and table.entries:
                raise StoreError("Table {table} has begun: its seats stay as they are.", table=table.table)
        return self._commit_seats(eid, self._seated(eid, now, {n: seated[n] for n in changed}, out))

    def seat_late(self, eid: int, player: str, table: int) -> Round:
        """A player here who is at no table of the round being played (arrived after the draw, or
        sitting out) takes a seat at ``table``, the last, before anything is recorded there."""
        event, now = self._now(eid, whole=False)
        if player not in event.present:
            raise StoreError("{name} is not here: add them first (seat --add).", name=player)
        return self._commit_seats(eid, self._late_seats(eid, now, [player], table))

    def _late_seats(self, eid: int, now: Round, arriving: list[str], table: int) -> tuple[Round, dict, dict, list[str]]:
        """What seating ``arriving`` at ``table`` of the round being played, ``now``, writes
        (checked first)."""
        for player in arriving:
            if any(player in t.players for t in now.tables):
                raise StoreError("{name} already has a seat in round {round}.", name=player, round=now.round)
        found = next((t for t in now.tables if t.table == table), None)
        if found is None:
            raise StoreError("Round {round} has no table {table}.", round=now.round, table=table)
        if found.entries:
            raise StoreError("Table {table} has begun: its seats stay as they are.", table=table)
        game = get(now.game)
        if len(found.players) + len(arriving) not in game.players:
            raise StoreError(
                "Table {table} would seat {n}: {game} is played by {counts}.",
                table=table,
                n=len(found.players) + len(arriving),
                game=partial(game_called, now.game),
                counts=", ".join(map(str, game.players)),
            )
        out = [p for p in now.out if p not in arriving]
        return self._seated(eid, now, {table: [*found.players, *arriving]}, out)

    def _seated(self, eid: int, now: Round, tables: dict[int, list[str]], out: list[str]) -> tuple:
        """The round's new seats checked: (round, each table's header, its scores, who sits out)."""
        with self.store.errors(), self.store.session() as s:
            extra = json.loads(self._round(s, eid, now.round).header)
        headers = {n: {**extra, "players": players} for n, players in tables.items()}
        scored = {n: self.sessions.checked(now.game, h) for n, h in headers.items()}
        return now, headers, scored, out

    def _write_seats(self, s, eid: int, now: Round, headers: dict, scored: dict, out: list[str]) -> None:
        """The round's new seats written in the write transaction ``s`` (not committed)."""
        stored = self._round(s, eid, now.round)
        for n, header in headers.items():
            sid = s.get(EventTableRow, (eid, now.round, n)).session_id
            self.sessions.reseat(s, sid, header, scored[n])
        stored.out = json.dumps(out, ensure_ascii=False)
        s.add(stored)

    def _commit_seats(self, eid: int, seating: tuple) -> Round:
        """New seats (``_seated``) written as one change of the event: the round as it now stands."""
        with self._changing(eid) as (s, _):
            self._write_seats(s, eid, *seating)
        return self.event(eid).rounds[seating[0].round - 1]

    def close(self, eid: int) -> Round:
        """Close the round being played with tables unfinished (a table that cannot go on): the next
        round may be drawn; a table that finishes later still counts, one that never does scores
        nothing."""
        now = self._now(eid, whole=False)[1]
        if now.finished:
            raise StoreError("Round {round} is over already.", round=now.round)
        with self._changing(eid) as (s, _):
            stored = self._round(s, eid, now.round)
            stored.closed = True
            s.add(stored)
        return self.event(eid).rounds[now.round - 1]

    def set_game(self, eid: int, number: int, game: str) -> None:
        """The game of a round not drawn yet; refused once it is drawn."""
        event = self.event(eid)
        if game not in ids():
            raise StoreError("{game} is no game here; the games are {games}.", game=game, games=", ".join(ids()))
        found = next((r for r in event.rounds if r.round == number), None)
        if found is None:
            raise StoreError("{event} has no round {round}.", event=event.name, round=number)
        if found.drawn:
            raise StoreError(
                "Round {round} has been drawn: its game stays {game}.",
                round=number,
                game=partial(game_called, found.game),
            )
        with self._changing(eid) as (s, _):
            stored = self._round(s, eid, number)
            stored.game = game
            s.add(stored)

    # --- reading ----------------------------------------------------------------------------------
    def event(self, eid: int) -> Event:
        """The event whole: players, rounds with their tables, standings."""
        with self.store.errors(), self.store.session() as s:
            row = self._row(s, eid)
            here = self._players(s, eid)
            round_rows = s.exec(
                select(EventRoundRow).where(EventRoundRow.event_id == eid).order_by(col(EventRoundRow.round))
            ).all()
            table_rows = s.exec(
                select(EventTableRow, SessionRow)
                .join(SessionRow, col(SessionRow.id) == col(EventTableRow.session_id))
                .where(EventTableRow.event_id == eid)
                .order_by(col(EventTableRow.round), col(EventTableRow.table))
            ).all()
        tables: dict[int, list[Table]] = {}
        ranks: dict[int, list[dict[str, int]]] = {}
        for t, session in table_rows:
            header = json.loads(session.header)
            finished = session.finished_at is not None
            table = stored_table(session.standings) or self.sessions.standings(session.id)
            scores = tuple((p.player, p.rank, p.total) for p in table.places)
            tables.setdefault(t.round, []).append(
                Table(
                    t.table,
                    session.id,
                    tuple(header["players"]),
                    session.entries,
                    finished,
                    session.uid,
                    session.revision,
                    scores,
                )
            )
            if finished:
                ranks.setdefault(t.round, []).append({p.player: p.rank for p in table.places})
        rounds = tuple(
            Round(
                r.round,
                r.game,
                tuple(tables.get(r.round, ())),
                tuple(json.loads(r.out)) if r.out else (),
                r.out is not None,
                r.closed,
                r.attempt,
            )
            for r in round_rows
        )
        names = tuple(here)
        # a round sat out counts once its round is over, as its tables do
        standing = event_standings(names, [(ranks.get(r.round, []), r.out if r.finished else ()) for r in rounds])
        return Event(
            row.id,
            row.uid,
            row.name,
            row.day,
            row.place,
            row.draw,
            row.seed,
            names,
            tuple(n for n, present in here.items() if present),
            rounds,
            tuple(standing),
            row.revision,
        )

    def list(self) -> list[tuple[int, str, str]]:
        """Every event: id, name, day; the newest first."""
        return [(eid, name, day) for eid, _, name, day in self.listed()]

    def listed(self) -> list[tuple[int, str, str, str]]:
        """Every event: id, uid, name, day; the newest first."""
        with self.store.errors(), self.store.session() as s:
            rows = s.exec(select(EventRow).order_by(col(EventRow.id).desc())).all()
            return [(r.id, r.uid, r.name, r.day) for r in rows]

    def _row(self, s, eid: int, lock: bool = False) -> EventRow:
        query = select(EventRow).where(EventRow.id == eid)
        if lock and not self.store.sqlite:
            query = query.with_for_update()
        row = s.exec(query).first()
        if row is None:
            raise StoreError("There is no event {eid}.", eid=eid)
        return row

    def _round(self, s, eid: int, number: int) -> EventRoundRow:
        return s.exec(select(EventRoundRow).where(EventRoundRow.event_id == eid, EventRoundRow.round == number)).one()

    def _players(self, s, eid: int) -> dict[str, bool]:
        """The event's players by name, in the order they came, each with whether they are here."""
        rows = s.exec(
            select(PlayerRow.name, EventPlayerRow.present)
            .join(PlayerRow, col(PlayerRow.id) == col(EventPlayerRow.player_id))
            .where(EventPlayerRow.event_id == eid)
            .order_by(col(EventPlayerRow.seq))
        ).all()
        return {name: present for name, present in rows}


def _pairs(table: Sequence[str]) -> list[tuple[str, str]]:
    return [(a, b) for i, a in enumerate(table) for b in table[i + 1 :]]
