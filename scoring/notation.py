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
from scoring.words import Fact, Words, joined, say, teller, words

fact = teller("notation")
words(
    "notation",
    {
        "empty": "Type an entry first.",
        "not_named": "{word!r} in {line!r}: type NAME=… for each player, like {form}.",
        "twice": "{name} is given twice in {line!r}; give each once.",
        "not_json": "Not JSON: {error}.",
        # a typed name that starts several players' names, or none (NameWords): in a line of
        # NAME=VALUE pairs, which is said back; and a name read on its own
        "several_in_line": "{typed!r} in {line!r} could be {or_list}: type more of the name.",
        "unknown_in_line": "{typed!r} in {line!r} is no player of this game ({names:, }).",
        "several": "{typed!r} could be {names: or }: type more of the name.",
        "unknown": "{typed!r} is not a player of this game ({names:, }).",
        # the names a typed name could be: "Aki, Ben or Chie"
        "or": lambda v, lang: joined(v["items"], lang, "notation.or"),
        "or.joint": ", ",
        "or.last": "{rest} or {last}",
        # which of the names (a language that asks it one way of two and another of more)
        "which": lambda v, lang: say(Fact("notation.which.two" if v["count"] == 2 else "notation.which.more"), lang),
        "which.two": "which",
        "which.more": "which",
    },
)


def words_of(line: str) -> list[str]:
    """The words of a typed line; an empty line is refused with what to do.

    >>> words_of("  bust  Ben ")
    ['bust', 'Ben']
    """
    words = line.split()
    if not words:
        raise RuleViolation("record-format", fact("empty"))
    return words


def unreadable(said: Words) -> RuleViolation:
    """A typed line that cannot be read, with what to type instead (a fact of the game's words)."""
    return RuleViolation("record-format", said)


def named(words: list[str], line: str, form: str) -> list[tuple[str, str]]:
    """``NAME=VALUE`` words as pairs; a word without ``=`` is refused, with the form to type."""
    pairs = [w.partition("=") for w in words]
    for word, (_, eq, _) in zip(words, pairs, strict=True):
        if not eq:
            raise unreadable(fact("not_named", word=word, line=line, form=form))
    once([name for name, _, _ in pairs], line)
    return [(name, value) for name, _, value in pairs]


def once(names: list[str], line: str) -> None:
    """A name given twice in one line is refused, never quietly kept as the last one."""
    twice = next((n for i, n in enumerate(names) if n in names[:i]), None)
    if twice is not None:
        raise unreadable(fact("twice", name=twice, line=line))


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
        raise RuleViolation("record-format", fact("not_json", error=str(err))) from None


@dataclass(frozen=True)
class NameWords:
    """How a game's table says that a typed name starts several players' names (``several``), or
    none (``unknown``): each a key of a catalogue, whose template is given ``typed`` and ``line``
    (the line it was typed in), the names concerned (the ones it could be, or the table's players)
    as ``names`` (a template lists them with its own joint: ``{names:, }``), and as ``or_list``, said
    in the ``listing`` style (``notation.or``: Aki, Ben or Chie), with ``which`` (a language may ask
    "which of the two" one way and "which of more" another). The matching is the same for every
    game (:func:`player`); the words are each game's, as its players have always read them.

    >>> say(IN_A_LINE.refusal("ak", ["Aki", "Akiko"], "deal joker=ak", several=True).said, "ja")
    '「ak」（deal joker=ak）はAki、Akikoのどれか分かりません。名前をもう少し入力してください。'
    """

    several: str = "notation.several"
    unknown: str = "notation.unknown"
    listing: str = "notation.or"

    def refusal(self, typed: str, names: Sequence[str], line: str, several: bool) -> RuleViolation:
        names = tuple(names)
        key = self.several if several else self.unknown
        values = {
            "typed": typed,
            "line": line,
            "names": names,
            "or_list": Fact(self.listing, items=names),
            "which": Fact("notation.which", count=len(names)),
        }
        return unreadable(Fact(key, **values))


# a name read in a line of NAME=VALUE pairs (Sheriff, Tricks and the Phantom): the line is said
IN_A_LINE = NameWords("notation.several_in_line", unknown="notation.unknown_in_line")
# a name read word by word (Trickster, LOUDER TRICKSTAR)
ALONE = NameWords("notation.several", unknown="notation.unknown")


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
