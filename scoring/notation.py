"""What every game's typed notation shares: words read as ``NAME=VALUE``, a name given once, and
a line that cannot be read refused with what to type instead (rule ``record-format``), never half
read.

>>> named(["Aki=R3,B1", "Ben="], "tableau Aki=R3,B1 Ben=", "tableau Aki=R3")
[('Aki', 'R3,B1'), ('Ben', '')]
>>> once(["Aki", "Ben", "Aki"], "point Aki>Ben Aki>Chie")
Traceback (most recent call last):
...
scoring.errors.RuleViolation: Aki is given twice in 'point Aki>Ben Aki>Chie'; give each once. [record-format]
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from scoring.errors import RuleViolation
from scoring.recordkit import loads


def words_of(line: str) -> list[str]:
    """The words of a typed line; an empty line is refused with what to do.

    >>> words_of("  bust  Ben ")
    ['bust', 'Ben']
    """
    words = line.split()
    if not words:
        raise RuleViolation("record-format", "Type an entry first.", "入力してください。")
    return words


def unreadable(reason: str, reason_ja: str) -> RuleViolation:
    """A typed line that cannot be read, with what to type instead."""
    return RuleViolation("record-format", reason, reason_ja)


def named(words: list[str], line: str, form: str) -> list[tuple[str, str]]:
    """``NAME=VALUE`` words as pairs; a word without ``=`` is refused, with the form to type."""
    pairs = [w.partition("=") for w in words]
    for word, (_, eq, _) in zip(words, pairs, strict=True):
        if not eq:
            raise unreadable(
                f"{word!r} in {line!r}: type NAME=… for each player, like {form}.",
                f"「{word}」：各プレイヤーを 名前=… の形で入力してください（例：{form}）。",
            )
    once([name for name, _, _ in pairs], line)
    return [(name, value) for name, _, value in pairs]


def once(names: list[str], line: str) -> None:
    """A name given twice in one line is refused, never quietly kept as the last one."""
    twice = next((n for i, n in enumerate(names) if n in names[:i]), None)
    if twice is not None:
        raise unreadable(
            f"{twice} is given twice in {line!r}; give each once.",
            f"{twice}が2回書かれています（「{line}」）。1回ずつ書いてください。",
        )


def exact_line(entry: Any, line_for: Callable[[Any], str], parse_line: Callable[[str], Any]) -> str:
    """The typed line for ``entry`` when it reads back as exactly that entry; else the entry as
    JSON (a stored entry of a shape no line says, like a name with a space in it), never a line
    that would mean something else.

    >>> exact_line({"tableau": {"Aki": 3}}, lambda e: "tableau Aki=3", lambda t: {"tableau": {"Aki": 3}})
    'tableau Aki=3'
    >>> exact_line({"tableau": {"Aki Ito": 3}}, lambda e: "tableau Aki Ito=3", lambda t: {})
    '{"tableau": {"Aki Ito": 3}}'
    """
    try:
        line = line_for(entry)
        if parse_line(line) == entry:
            return line
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, RuleViolation):
        pass  # a stored entry of an odd shape
    return json.dumps(entry, ensure_ascii=False)


def json_entry(line: str) -> Any:
    """An entry typed as JSON (any game takes one), refused with the reason when it is not.

    >>> json_entry('{"bust": "Ben"}')
    {'bust': 'Ben'}
    >>> json_entry('{"bust": ')
    Traceback (most recent call last):
    ...
    scoring.errors.RuleViolation: Not JSON: Expecting value: line 1 column 10 (char 9). [record-format]
    """
    try:
        return loads(line)
    except (json.JSONDecodeError, ValueError, RecursionError) as err:  # too long a number, too deep
        raise RuleViolation("record-format", f"Not JSON: {err}.", "JSONではありません。") from None


def player(text: str, players: Sequence[str] | None, line: str) -> str:
    """The player a typed name means: the name itself, or the one name it begins, in any case.

    >>> player("c", ["Aki", "Ben", "Chie"], "point a>c"), player("BEN", ["Aki", "Ben"], "")
    ('Chie', 'Ben')
    >>> player("Da", ["Aki", "Dan", "Dai"], "Da=10")
    Traceback (most recent call last):
    ...
    scoring.errors.RuleViolation: 'Da' in 'Da=10' could be Dan or Dai: type more of the name. [record-format]

    Sheriff and Tricks and the Phantom read every typed name through it.
    """
    if players is None or text in players:
        return text
    low = text.lower()
    same = [p for p in players if p.lower() == low]
    if len(same) == 1:
        return same[0]
    fits = [p for p in players if p.lower().startswith(low)] if low else []
    if len(fits) == 1:
        return fits[0]
    if fits:
        names = ", ".join(fits[:-1]) + " or " + fits[-1]
        raise unreadable(
            f"{text!r} in {line!r} could be {names}: type more of the name.",
            f"「{text}」（{line}）は{'、'.join(fits)}のどれか分かりません。名前をもう少し入力してください。",
        )
    raise unreadable(
        f"{text!r} in {line!r} is no player of this game ({', '.join(players)}).",
        f"「{text}」（{line}）はこのゲームのプレイヤーではありません（{'、'.join(players)}）。",
    )
