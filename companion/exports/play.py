"""A session as the play-logging apps (BG Stats, BoardGameGeek) see it: seats, the start player, scores,
winners, when and how long."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from companion.store import pauses
from companion.store.sessions import Sessions
from companion.words.refused import Refused
from scoring.registry import get
from scoring.words import say


def utc_text(stamp: datetime) -> str:
    return aware(stamp).astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S")


def aware(stamp: datetime) -> datetime:
    """A stored time with its zone (SQLite gives it back without one: it was stored in UTC)."""
    return stamp if stamp.tzinfo else stamp.replace(tzinfo=UTC)


def not_over(what: str) -> Refused:
    return Refused(
        "record-format",
        "The game is not over, so there is no result for {what} yet: it logs a finished play with its winners. "
        "Finish the game first, or export the BGG play, which logs it marked incomplete.",
        what=what,
    )


@dataclass(frozen=True)
class Play:
    """A session as the play-logging apps see it: who sat where, who started, scores and winners,
    when and how long, the variant. Worked out from the stored session (and one replay of it, for
    the start player)."""

    game: str
    uid: str
    started: datetime
    ended: datetime  #: when the last entry was stored (an imported game: when it was started or imported)
    minutes: int | None  #: from the start to the last entry, pauses left out; None where unknown (an import)
    finished: bool
    variant: str  #: the game's own words for the deck/variant/options away from default; "" plain
    players: tuple[str, ...]  #: seat order
    player_ids: tuple[int, ...]  #: the person behind each seat, merges followed
    start: int  #: the seat of the player who took the first turn
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    winners: frozenset[str]
    location: str = ""  #: where it was played, "" where nobody said
    notes: str = ""  #: what the table noted about it

    def start_position(self, seat: int) -> int:
        """1 for the start player, then clockwise (seat order) round the table."""
        return (seat - self.start) % len(self.players) + 1


def play_of(sessions: Sessions, sid: int) -> Play:
    info, position = sessions.snapshot(sid)
    game = get(info.game)
    table = sessions.standings(sid)
    by_name = {s.player: s for s in table.places}
    players = tuple(position.header["players"])
    start = game.start_player(position)
    times = sessions.entry_times(sid)
    started = aware(info.created_at)
    # the play ends with the entry that was stored last (an edit keeps an entry's time), read from
    # what is stored; a session without entries ends where it starts
    ended = max(started, aware(times[1])) if times is not None else started
    minutes = None
    if times is not None and times[1] > times[0]:  # entries recorded at the table, not all at once
        # the time the clock stood still (dinner, a phone call) is no time played
        stopped = pauses.within(sessions.pauses_of(sid), started, ended)
        minutes = max(1, round((ended - started - stopped).total_seconds() / 60))
    return Play(
        game=info.game,
        uid=info.uid,
        started=started,
        ended=ended,
        minutes=minutes,
        finished=info.finished,
        variant=say(game.variant(position.header)),
        players=players,
        player_ids=tuple(sessions.seat_ids(sid)),
        start=players.index(start) if start in players else 0,
        scores=tuple(by_name[p].total for p in players),
        ranks=tuple(by_name[p].rank for p in players),
        winners=frozenset(info.winners) if info.finished else frozenset(),
        location=info.location,
        notes=info.notes,
    )
