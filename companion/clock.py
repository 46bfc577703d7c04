"""The table's clock: every time is stored in UTC and shown in the zone of the laptop it is read on.

One place turns a stored time into what a person reads, so ``sessions``, ``show``, ``stats``,
``history``, the history screen, the Markdown and BGG exports and the export file names all give
the same day for the same game (a game played in Tokyo at 04:26 on 27 November is 27 November
everywhere, not 26 November in some places because that is the UTC date).

>>> stored = DamagedTime("2026-13-26 19:26:03")
>>> day(stored), minute(stored, "ja"), stored.stored
('(damaged)', '（壊れています）', '2026-13-26 19:26:03')
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from companion.words import t
from companion.words.formats import moment


class DamagedTime(datetime):
    """A stored time that no longer reads as a time (a flipped bit: month 13, a stray byte). It
    stands in as the first instant of 1970 in UTC, so lists still sort and nothing fails on it,
    and keeps what was stored; everything a person reads shows it as damaged."""

    stored: str

    def __new__(cls, stored: object) -> DamagedTime:
        made = super().__new__(cls, 1970, 1, 1, tzinfo=UTC)
        made.stored = str(stored)
        return made


EARLIEST = datetime(1970, 1, 1, tzinfo=UTC)  #: no game was recorded before
AHEAD = timedelta(days=1)  #: how far a laptop's clock may run ahead of the one reading its times


def in_calendar(stamp: datetime) -> bool:
    """Whether a time can be one a game was played at: from 1970 to now (a day's room for a clock
    that runs ahead). Year 1 or 9999 moved into another zone is no date at all, and a time in 2100
    would stay the "last played" for ever.

    >>> in_calendar(datetime(2026, 11, 29, tzinfo=UTC)), in_calendar(datetime(1, 1, 1, 3, tzinfo=UTC))
    (True, False)
    >>> in_calendar(datetime(2100, 1, 1, tzinfo=UTC))
    False
    """
    return EARLIEST <= utc(stamp) <= datetime.now(UTC) + AHEAD


def damaged(stamp: datetime | None) -> bool:
    """Whether a stored time could not be read."""
    return isinstance(stamp, DamagedTime)


def utc(stamp: datetime) -> datetime:
    """A stored time with its zone, in UTC (a time without a zone was stored in UTC)."""
    return stamp.astimezone(UTC) if stamp.tzinfo else stamp.replace(tzinfo=UTC)


def local(stamp: datetime) -> datetime:
    """A stored time in the zone of this computer (``TZ``, else the system's)."""
    return utc(stamp).astimezone()


def zone(stamp: datetime) -> str:
    """The offset from UTC of the local zone at that time: ``+09:00``, ``+00:00``, ``-05:00``."""
    offset = local(stamp).strftime("%z")
    return f"{offset[:3]}:{offset[3:]}"


def _damaged(lang: str) -> str:
    return t("(damaged)", lang)


def day(stamp: datetime, lang: str = "en") -> str:
    """The local date, ``2026-11-27``."""
    if damaged(stamp):
        return _damaged(lang)
    return f"{local(stamp):%Y-%m-%d}"


def minute(stamp: datetime, lang: str = "en", with_zone: bool = True) -> str:
    """The local date and time to the minute with the zone's offset, ``2026-11-27 04:26 +09:00``:
    a list read on another laptop says which clock it keeps (``with_zone=False``: the table
    app's own lists, on the laptop whose clock they keep)."""
    if damaged(stamp):
        return _damaged(lang)
    at = f"{local(stamp):%Y-%m-%d %H:%M}"
    return f"{at} {zone(stamp)}" if with_zone else at


def second(stamp: datetime) -> str:
    """The local date and time to the second, ``2026-11-27 04:26:03``: a spreadsheet's cell (a
    column a program reads as a date, so no zone in it)."""
    if damaged(stamp):
        return ""
    return f"{local(stamp):%Y-%m-%d %H:%M:%S}"


def when(stamp: datetime, lang: str = "en") -> str:
    """A session's date and time as each language writes it (Babel's locale formats), with the
    zone: ``Nov 27, 2026, 4:26:03 AM (UTC+09:00)``, ``2026/11/27 4:26:03（UTC+09:00）``."""
    if damaged(stamp):
        return _damaged(lang)
    return moment(local(stamp), lang)


def from_stored(value: object) -> datetime | None:
    """A time as a database gives it back, in UTC: a ``datetime`` (PostgreSQL; without a zone it
    was stored in UTC) or SQLite's text (``2026-11-26 19:26:03.602241``). Anything else, text that
    is no time, or a time no game was played at (``in_calendar``), is a :class:`DamagedTime`,
    never an exception: one flipped bit in a stored time must not stop a whole list from being read.

    >>> from_stored("2026-11-26 19:26:03.602241").isoformat()
    '2026-11-26T19:26:03.602241+00:00'
    >>> damaged(from_stored("2026-13-26 19:26:03")), damaged(from_stored(b"\\x00")), from_stored(None)
    (True, True, None)
    >>> damaged(from_stored("0001-01-01 03:00:00")), damaged(from_stored("2100-01-01 00:00:00"))
    (True, True)
    """
    if value is None:
        return None
    found: datetime | None = None
    try:
        if isinstance(value, datetime):
            found = utc(value)
        elif isinstance(value, str):
            found = utc(datetime.fromisoformat(value))
    except (ValueError, OverflowError):  # month 13, or a year 1 time moved across a zone
        found = None
    if found is not None and in_calendar(found):
        return found
    return DamagedTime(value)  # no time, or none a game was played at (stored before imports checked it)
