"""Player names as a KINGs table types them: any case, and any prefix that fits one player
(:func:`scoring.notation.player`, the matcher every game shares), refused in KINGs' own words.

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

from scoring import notation

NAMES = notation.NameWords(
    "{typed!r} could be {or_list}: type more of the name.",
    "「{typed}」は{dots}の{which}か分かりません。名前をもう少し入力してください。",
    "Nobody at this table is called {typed!r} ({commas}).",
    "「{typed}」というプレイヤーはこの卓にいません（{ten}）。",
)


def player(typed: str, players: Sequence[str] | None) -> str:
    """The player ``typed`` names: the name itself in any case, else the one name it starts, in any
    case; refused (rule ``record-format``) when it starts several names or none, naming them. The
    name as typed where the table's players are not known (a line read without a table, as the
    doctests and the record tools do)."""
    return notation.player(typed, players, words=NAMES)
