"""Player names as a KINGs table types them: any case, and any prefix that fits one player.

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

from scoring.errors import RuleViolation


def player(typed: str, players: Sequence[str]) -> str:
    """The player ``typed`` names: the name itself in any case, else the one name it starts, in any
    case; refused (rule ``record-format``) when it starts several names or none, naming them."""
    key = typed.strip().casefold()
    exact = [p for p in players if p.casefold() == key]
    if exact:
        return exact[0]
    found = [p for p in players if key and p.casefold().startswith(key)]
    if len(found) == 1:
        return found[0]
    if found:
        listed, listed_ja = " or ".join([", ".join(found[:-1]), found[-1]]), "・".join(found)
        which = "どちら" if len(found) == 2 else "どれ"
        raise RuleViolation(
            "record-format",
            f"{typed!r} could be {listed}: type more of the name.",
            f"「{typed}」は{listed_ja}の{which}か分かりません。名前をもう少し入力してください。",
        )
    raise RuleViolation(
        "record-format",
        f"Nobody at this table is called {typed!r} ({', '.join(players)}).",
        f"「{typed}」というプレイヤーはこの卓にいません（{'、'.join(players)}）。",
    )


def maybe_player(typed: str, players: Sequence[str] | None) -> str:
    """``player`` when the table's players are known; the name as typed otherwise (a line read
    without a table, as the doctests and the record tools do)."""
    return typed if players is None else player(typed, players)
