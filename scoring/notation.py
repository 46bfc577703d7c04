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
from dataclasses import dataclass
from typing import Any

from scoring.errors import RuleViolation
from scoring.recordkit import loads
from scoring.words import Words


def words_of(line: str) -> list[str]:
    """The words of a typed line; an empty line is refused with what to do.

    >>> words_of("  bust  Ben ")
    ['bust', 'Ben']
    """
    words = line.split()
    if not words:
        raise RuleViolation("record-format", "Type an entry first.", "入力してください。")
    return words


def unreadable(said: Words, said_ja: str | None = None) -> RuleViolation:
    """A typed line that cannot be read, with what to type instead (a fact of the game's words)."""
    return RuleViolation("record-format", said, said_ja)  # TRANSITION: said_ja goes with the last pair


def named(words: list[str], line: str, form: str) -> list[tuple[str, str]]:
    """``NAME=VALUE`` words as pairs; a word without ``=`` is refused, with the form to type."""
    pairs = [w.partition("=") for w in words]
    for word, (_, eq, _) in zip(words, pairs, strict=True):
        if not eq:
            raise unreadable(
                f"{word!r} in {line!r}: type NAME=… for each player, like {form}.",
                f"「{word}」：各プレイヤーを「名前=…」の形で入力してください（{form}）。",
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


@dataclass(frozen=True)
class NameWords:
    """How a game's table says that a typed name starts several players' names, or none: English
    and Japanese templates (``str.format``) of ``typed`` and ``line`` (the line it was typed in)
    and of the names concerned (the ones it could be, or the table's players) written as
    ``or_list`` (Aki, Ben or Chie), ``ors`` (Aki or Ben or Chie), ``commas`` (Aki, Ben, Chie),
    ``ten`` (Aki、Ben、Chie) and ``dots`` (Aki・Ben・Chie), with ``which`` (どちら for two, どれ
    for more). The matching is the same for every game (:func:`player`); the words are each
    game's, as its players have always read them."""

    several: str
    several_ja: str
    unknown: str
    unknown_ja: str

    def refusal(self, typed: str, names: Sequence[str], line: str, several: bool) -> RuleViolation:
        names = list(names)
        values = {
            "typed": typed,
            "line": line,
            "or_list": " or ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else "".join(names),
            "ors": " or ".join(names),
            "commas": ", ".join(names),
            "ten": "、".join(names),
            "dots": "・".join(names),
            "which": "どちら" if len(names) == 2 else "どれ",
        }
        en, ja = (self.several, self.several_ja) if several else (self.unknown, self.unknown_ja)
        return unreadable(en.format(**values), ja.format(**values))


# a name read in a line of NAME=VALUE pairs (Sheriff, Tricks and the Phantom): the line is said
IN_A_LINE = NameWords(
    "{typed!r} in {line!r} could be {or_list}: type more of the name.",
    "「{typed}」（{line}）は{ten}のどれか分かりません。名前をもう少し入力してください。",
    "{typed!r} in {line!r} is no player of this game ({commas}).",
    "「{typed}」（{line}）はこのゲームのプレイヤーではありません（{ten}）。",
)
# a name read word by word (Trickster, LOUDER TRICKSTAR)
ALONE = NameWords(
    "{typed!r} could be {ors}: type more of the name.",
    "「{typed}」は{dots}のどれか分かりません。名前をもう少し入力してください。",
    "{typed!r} is not a player of this game ({commas}).",
    "「{typed}」はこのゲームのプレイヤーではありません（{dots}）。",
)


def fits(typed: str, names: Sequence[str]) -> list[str]:
    """The names ``typed`` may mean: those it is, in any case, else those it starts, in any case
    (none for nothing typed). What every game's table and the new game's form read a name by.

    >>> fits("b", ["Aki", "Ben", "Benji"]), fits("BEN", ["Aki", "Ben", "Benji"]), fits("", ["Aki"])
    (['Ben', 'Benji'], ['Ben'], [])
    """
    key = typed.strip().casefold()
    if not key:
        return []
    return [n for n in names if n.casefold() == key] or [n for n in names if n.casefold().startswith(key)]


def player(typed: str, players: Sequence[str] | None, line: str = "", words: NameWords | None = None) -> str:
    """The player a typed name means: the name itself, or the one name it begins, in any case.
    Without the players (a line read on its own) the name as typed. A name that could be several
    players, or none, is refused (rule ``record-format``) naming them, in ``words`` (by default the
    line's words where a ``line`` is given, else a word's).

    >>> player("c", ["Aki", "Ben", "Chie"], "point a>c"), player("BEN", ["Aki", "Ben"], "")
    ('Chie', 'Ben')
    >>> player("Da", ["Aki", "Dan", "Dai"], "Da=10")
    Traceback (most recent call last):
    ...
    scoring.errors.RuleViolation: 'Da' in 'Da=10' could be Dan or Dai: type more of the name. [record-format]
    >>> player("b", ["Aki", "Ben", "Chie"]), player("CHIE", ["Aki", "Ben", "Chie"]), player("Ben", ["Ben", "Benji"])
    ('Ben', 'Chie', 'Ben')
    >>> player("Be", ["Aki", "Ben", "Benji"])
    Traceback (most recent call last):
    ...
    scoring.errors.RuleViolation: 'Be' could be Ben or Benji: type more of the name. [record-format]

    Every game reads every typed name through it.
    """
    if not players or typed in players:
        return typed
    found = fits(typed, players)
    if len(found) == 1:
        return found[0]
    words = words or (IN_A_LINE if line else ALONE)
    raise words.refusal(typed, found or players, line, several=bool(found))
