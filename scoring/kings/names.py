"""Player names as a KINGs table types them: any case, and any prefix that fits one player
(:func:`scoring.notation.fits`, the matching every game shares), refused in KINGs' own words
(``kings.refused.could_be_two``, ``…could_be_many``, ``…nobody``).

Every name in a typed line goes through :func:`player` (``fronts a=Healer``, ``bids b=Devil:miss``,
``copy:chie``, ``partner=e:a``, ``lead b``, ``nine=a``, ``sheet a: …``); ``format`` always writes
the full name, so the log and the records never hold a prefix.

>>> table = ("Aki", "Ben", "Chie", "Chika")
>>> player("aki", table), player("B", table), player("chie", table), player("chik", table)
('Aki', 'Ben', 'Chie', 'Chika')
>>> player("ch", table)
Traceback (most recent call last):
...
scoring.errors.RuleViolation: 'ch' could be Chie or Chika: type more of the name. [record-format]
>>> player("Zed", table)
Traceback (most recent call last):
...
scoring.errors.RuleViolation: Nobody at this table is called 'Zed' (Aki, Ben, Chie, Chika). [record-format]
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.kings.words import fact
from scoring.notation import fits, unreadable
from scoring.words import Fact


def player(typed: str, players: Sequence[str] | None) -> str:
    """The player ``typed`` names: the name itself in any case, else the one name it starts, in any
    case; refused (rule ``record-format``) when it starts several names or none, naming them. The
    name as typed where the table's players are not known (a line read without a table, as the
    doctests and the record tools do)."""
    if not players or typed in players:
        return typed
    found = fits(typed, players)
    if len(found) == 1:
        return found[0]
    raise unreadable(_several(typed, found) if found else fact("refused.nobody", typed=typed, players=tuple(players)))


def _several(typed: str, names: Sequence[str]) -> Fact:
    """A name that starts two names, or more (a language may ask which of two, or which of many)."""
    key = "refused.could_be_two" if len(names) == 2 else "refused.could_be_many"
    return fact(key, typed=typed, names=fact("names_or", items=tuple(names)))
