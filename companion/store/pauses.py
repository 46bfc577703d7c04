"""The pauses of a game's clock: the table stops it (dinner, a phone call) and starts it again, and
the time a play-logging app is sent (BG Stats' ``durationMin``, BGG's ``length``) leaves them out.

A session keeps its pauses as a list of ``[start, end]`` times in UTC, the last one's end null
while the clock is stopped: stored as JSON text (``SessionRow.pauses``), so a backup carries them
as they are and any database holds them. Each pause counts only where it falls between the start
of the play and its end (a pause left open after the last entry takes nothing off).

>>> from datetime import datetime, timedelta, UTC
>>> start = datetime(2026, 11, 22, 19, 0, tzinfo=UTC)
>>> at = lambda minutes: start + timedelta(minutes=minutes)
>>> kept = begin((), at(15))
>>> paused(kept), paused(end(kept, at(45)))
(True, False)
>>> within(end(kept, at(45)), start, at(50)) // timedelta(minutes=1)
30
>>> read(written(end(kept, at(45)))) == end(kept, at(45)), read("not json"), read(None)
(True, (), ())
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta

from companion.clock import damaged, from_stored, utc

#: one pause: when the clock was stopped, and when it was started again (None: it is stopped now)
Pause = tuple[datetime, datetime | None]


def parsed(text: object) -> tuple[Pause, ...] | None:
    """The pauses as stored (none for None or an empty text); None where the text is damaged (a
    flipped bit: no longer JSON, a time that no longer reads)."""
    if text is None or text == "":
        return ()
    if not isinstance(text, str):
        return None
    try:
        stored = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(stored, list):
        return None
    pauses: list[Pause] = []
    for item in stored:
        if not isinstance(item, list) or len(item) != 2 or not isinstance(item[0], str):
            return None
        if item[1] is not None and not isinstance(item[1], str):
            return None
        start, stop = from_stored(item[0]), from_stored(item[1])
        if start is None or damaged(start) or damaged(stop):
            return None
        pauses.append((start, stop))
    return tuple(pauses)


def read(text: object) -> tuple[Pause, ...]:
    """The pauses as stored; none where the text is damaged: the play's time then counts as if
    never paused, and nothing fails on it."""
    return parsed(text) or ()


def written(pauses: tuple[Pause, ...]) -> str | None:
    """The pauses as stored: JSON, each time ISO 8601 in UTC; None for none."""
    if not pauses:
        return None
    return json.dumps([[utc(a).isoformat(), None if b is None else utc(b).isoformat()] for a, b in pauses])


def paused(pauses: tuple[Pause, ...]) -> bool:
    """Whether the clock is stopped now: the last pause has no end yet."""
    return bool(pauses) and pauses[-1][1] is None


def begin(pauses: tuple[Pause, ...], at: datetime) -> tuple[Pause, ...]:
    """The clock stopped at ``at`` (already stopped: as it was)."""
    return pauses if paused(pauses) else (*pauses, (at, None))


def end(pauses: tuple[Pause, ...], at: datetime) -> tuple[Pause, ...]:
    """The clock started again at ``at`` (running: as it was)."""
    if not paused(pauses):
        return pauses
    start = pauses[-1][0]
    return (*pauses[:-1], (start, max(start, at)))


def within(pauses: tuple[Pause, ...], start: datetime, stop: datetime) -> timedelta:
    """How much of the time from ``start`` to ``stop`` the clock stood still: each pause's part
    between them (one still open runs to ``stop``)."""
    total = timedelta(0)
    for a, b in pauses:
        a = max(utc(a), start)
        b = min(utc(b) if b is not None else stop, stop)
        if b > a:
            total += b - a
    return total
