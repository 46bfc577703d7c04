"""A season: the days a club's league table, ratings and head-to-head can be limited to.

A season is named by its year (the calendar year, the one a club means by "this season") or by its
first and last day, both counted in: ``2026``, ``2026-04-01..2026-09-30``. The days are this
computer's, as every day Companion shows (``companion.clock``): a game started at 00:30 on
1 January in Tokyo is in the new season there.

>>> from datetime import date
>>> season("2026").first, season("2026").last, season("2026").name()
(datetime.date(2026, 1, 1), datetime.date(2026, 12, 31), '2026')
>>> season("2026-04-01..2026-09-30").name("ja")
'2026年4月1日〜2026年9月30日'
>>> season("", today=date(2027, 2, 3)).name()
'2027'
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from companion.clock import damaged, local
from companion.words import N_, t
from companion.words.formats import day_as_typed, year

FIRST_YEAR, LAST_YEAR = 1970, 9998  # a season's days as a computer's clock keeps them


class SeasonRefused(ValueError):
    """A season that names no days, with why: a message of the catalogue and its values."""

    def __init__(self, message: str, /, **values: object) -> None:
        super().__init__(t(message, "en", **values))
        self.text, self.values = message, values

    def message(self, lang: str = "en") -> str:
        return t(self.text, lang, **self.values)


@dataclass(frozen=True)
class Season:
    """The days from ``first`` to ``last``, both counted in, on this computer's calendar."""

    first: date
    last: date

    @property
    def start(self) -> datetime:
        """The season's first instant: midnight of its first day, in this computer's zone."""
        return datetime.combine(self.first, time()).astimezone()

    @property
    def end(self) -> datetime:
        """The first instant after the season: midnight after its last day."""
        return datetime.combine(self.last + timedelta(days=1), time()).astimezone()

    def __contains__(self, stamp: datetime) -> bool:
        """Whether a game started then is in the season (a damaged time is in none)."""
        return not damaged(stamp) and self.first <= local(stamp).date() <= self.last

    def whole_year(self) -> bool:
        return (self.first.month, self.first.day, self.last.month, self.last.day) == (1, 1, 12, 31) and (
            self.first.year == self.last.year
        )

    def name(self, lang: str = "en") -> str:
        """As it is typed (``2026``, ``2026-04-01..2026-09-30``); in Japanese as dates are written
        there (the year as Babel's locale writes it, each day in the pattern its catalogue gives)."""
        if self.whole_year():
            return year(self.first, lang)
        first, last = (day_as_typed(d, lang) for d in (self.first, self.last))
        return t("{first}..{last}", lang, first=first, last=last)

    def as_json(self) -> dict:
        return {"first": self.first.isoformat(), "last": self.last.isoformat()}


def this_year(today: date | None = None) -> Season:
    """The calendar year of ``today`` (this computer's date): the season a club means by default."""
    year = (today or datetime.now().astimezone().date()).year
    return Season(date(year, 1, 1), date(year, 12, 31))


def _day(text: str, whole: str) -> date:
    try:
        day = date.fromisoformat(text)
    except ValueError:
        raise SeasonRefused(
            N_("The season {whole!r} does not read: {text!r} is no day (write days as 2026-04-01)."),
            text=text,
            whole=whole,
        ) from None
    if not FIRST_YEAR <= day.year <= LAST_YEAR:
        raise SeasonRefused(
            N_("The season {whole!r} is out of range: its days must fall in the years {first} to {last}."),
            first=FIRST_YEAR,
            last=LAST_YEAR,
            whole=whole,
        )
    return day


def season(text: str, today: date | None = None) -> Season:
    """The season a text names: a year (``2026``), two days (``2026-04-01..2026-09-30``, both
    counted in), or nothing (``""``: this calendar year). Anything else is refused with why."""
    text = text.strip()
    if not text:
        return this_year(today)
    if text.isdecimal() and len(text) == 4:
        year = int(text)
        if not FIRST_YEAR <= year <= LAST_YEAR:
            raise SeasonRefused(
                N_("The season {text} is out of range: name a year from {first} to {last}."),
                first=FIRST_YEAR,
                last=LAST_YEAR,
                text=text,
            )
        return Season(date(year, 1, 1), date(year, 12, 31))
    first, dots, last = text.partition("..")
    if not dots:
        raise SeasonRefused(
            N_("The season {text!r} does not read: name a year (2026) or two days (2026-04-01..2026-09-30)."),
            text=text,
        )
    named = Season(_day(first.strip(), text), _day(last.strip(), text))
    if named.last < named.first:
        raise SeasonRefused(
            N_("The season {text!r} ends before it starts: put its first day first."),
            text=text,
        )
    return named
