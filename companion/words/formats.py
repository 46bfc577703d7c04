"""Numbers, times and lists as each language writes them, from Babel's locale data (CLDR): one
place, so a rating, a time or a list of names reads the same on the laptop, the phone, the command
line and in an export. A language Babel does not know (a pseudo-locale) is written as English.

>>> rating(12.3456, "en"), rating(-3.5, "ja")
('12.35', '-3.50')
>>> number(2953, "en"), number(2953, "ja")
('2,953', '2,953')
>>> join(["Aki", "Ben", "Chie"], "en"), join(["Aki", "Ben", "Chie"], "ja"), join(["Aki"], "ja")
('Aki, Ben, Chie', 'Aki、Ben、Chie', 'Aki')
>>> join(["Aki", "Ben", "Chie"], "en", "standard")
'Aki, Ben, and Chie'
>>> Listed(["json", "csv", "md"], "or").message("en"), Listed(["json", "csv", "md"], "or").message("ja")
('json, csv, or md', 'json、csv、またはmd')
>>> language_name("en"), language_name("ja"), language_name("xx")
('English', '日本語', 'xx')
>>> from datetime import datetime, timedelta, timezone
>>> at = datetime(2026, 11, 29, 5, 42, 40, tzinfo=timezone(timedelta(hours=9)))
>>> moment(at, "en"), moment(at, "ja")
('Nov 29, 2026, 5:42:40\\u202fAM (UTC+09:00)', '2026/11/29 5:42:40（UTC+09:00）')
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime
from functools import cache
from typing import TYPE_CHECKING

from companion.words import t

if TYPE_CHECKING:
    from babel import Locale

RATING = "#,##0.00"  # a rating (and its mu and sigma) to two decimals, everywhere


@cache
def locale(lang: str) -> Locale:
    """Babel's locale of ``lang`` (English where Babel knows no such language). Babel is imported
    here, on the first number, time or list said, not when a command starts."""
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(lang)
    except (UnknownLocaleError, ValueError):
        return Locale.parse("en")


def language_name(lang: str) -> str:
    """A language's name in itself, as a list of languages offers it (its code where Babel knows
    no such language)."""
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(lang).get_display_name(lang) or lang
    except (UnknownLocaleError, ValueError):
        return lang


def number(value: float, lang: str) -> str:
    """A count or an amount with the language's grouping: ``2,953``."""
    from babel.numbers import format_decimal

    return format_decimal(value, locale=locale(lang))


def rating(value: float, lang: str) -> str:
    """A rating, its mu or its sigma: two decimals."""
    from babel.numbers import format_decimal

    return format_decimal(value, RATING, locale=locale(lang))


def join(items: Iterable[str], lang: str, style: str = "standard-narrow") -> str:
    """Names listed as the language lists them (``Aki, Ben, Chie``; ``Aki、Ben、Chie``); CLDR's other
    styles by name: ``"standard"`` in a sentence (``Aki, Ben, and Chie``), ``"or"`` for choices
    (``json, csv, or md``)."""
    from babel.lists import format_list

    return format_list(list(items), style=style, locale=locale(lang))


class Listed:
    """A list said in the language of the message it goes into (a value of ``Refused``):
    ``Listed(["json", "csv"], "or")``."""

    def __init__(self, items: Iterable[str], style: str = "standard-narrow") -> None:
        self.items, self.style = tuple(items), style

    def message(self, lang: str) -> str:
        return join(self.items, lang, self.style)


def year(day: date, lang: str) -> str:
    """A year as the language names it: ``2026``, ``2026年``."""
    from babel.dates import format_skeleton

    return format_skeleton("y", day, locale=locale(lang))


def day_as_typed(day: date, lang: str) -> str:
    """A day in the pattern the catalogue gives for a day a player types (a season's): English
    writes it as it is typed, ``2026-04-01``; Japanese ``2026年4月1日``."""
    from babel.dates import format_date

    return format_date(day, t("yyyy-MM-dd", lang), locale=locale(lang))


def moment(at: datetime, lang: str) -> str:
    """A time (with its zone, given in ``at``) to the second as the language writes it, and the
    zone's offset from UTC, so a reader elsewhere knows which clock it is."""
    from babel.dates import format_datetime

    offset = at.strftime("%z")
    said = format_datetime(at, "medium", tzinfo=at.tzinfo, locale=locale(lang))
    return t("{moment} (UTC{offset})", lang, moment=said, offset=f"{offset[:3]}:{offset[3:]}")
