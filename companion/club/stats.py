"""Statistics of a game's finished sessions, per variant and per player: played, wins and win
rate, average, best and worst (by the game's direction) and the first and last day. Read from what
is stored with each session (its standings, winners, header and date), never replayed: what the
history screen and ``companion stats`` show.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlmodel import col, select

from companion.clock import damaged as time_damaged
from companion.club.season import Season
from companion.store.database import PlayerRow, SeatRow, SessionRow
from companion.store.sessions import Sessions
from companion.store.summary import stored_header, stored_json, stored_table
from scoring.registry import get
from scoring.words import say


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


def by_player(sessions: Sessions, game: str, lang: str = "en", season: Season | None = None) -> list[PlayerStats]:
    """Per variant, per player, over finished sessions of a game: played, wins, win rate,
    average, best, worst and the first and last day (``by_variant``, one list)."""
    return [p for v in by_variant(sessions, game, lang, season) for p in v.players]


def by_variant(sessions: Sessions, game: str, lang: str = "en", season: Season | None = None) -> list[VariantStats]:
    """A game's finished sessions grouped by variant (the plain game first, then the most
    played), each with its players' statistics. Only what is stored with each session is read
    (standings, winners, header, date), one query per table, never an entry: a history of
    10,000 sessions reads three tables once (a session stored without its standings, or with
    them damaged, is replayed). A session's day is the day it was played
    (``created_at``, as the exports date it: an imported session keeps its own); a ``season``
    takes the games started in its days alone (None: every game), as the ratings do."""
    box = get(game)
    finished = select(SessionRow.id).where(SessionRow.game == game, col(SessionRow.finished_at).is_not(None))
    if season is not None:  # the season's instants on this computer's clock, as companion.club.results counts them
        finished = finished.where(col(SessionRow.created_at) >= season.start, col(SessionRow.created_at) < season.end)
    with sessions.store.errors(), sessions.store.session() as s:
        rows = s.exec(
            select(SessionRow.id, SessionRow.header, SessionRow.standings, SessionRow.winners, SessionRow.created_at)
            .where(col(SessionRow.id).in_(finished))
            .order_by(col(SessionRow.id))
        ).all()
        seats = {
            (sid, seat): pid
            for sid, seat, pid in s.exec(
                select(SeatRow.session_id, SeatRow.seat, SeatRow.player_id).where(col(SeatRow.session_id).in_(finished))
            )
        }
        people = {
            pid: (name, into) for pid, name, into in s.exec(select(PlayerRow.id, PlayerRow.name, PlayerRow.merged_into))
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
        header, table = stored_header(header_text), stored_table(standings)
        if header is None:  # damaged in the database: the session itself says why when it is opened
            continue
        if table is None:  # not summarised yet (another program held the database), or damaged
            table = sessions.standings(sid)
        if header_text not in words:
            words[header_text] = (say(box.variant(header)), say(box.variant(header), lang))
        key, said = words[header_text]
        totals = {x.player: x.total for x in table.places}
        stored_winners = stored_json(winners_text)
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


def _readable(days: list[datetime]) -> list[datetime]:
    """The days that read (a damaged stored time is no day), or all of them where none does."""
    return [d for d in days if not time_damaged(d)] or days
