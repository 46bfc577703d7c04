"""Reading a JSON record safely: every problem is a refusal that says where it is and why.

>>> try:
...     with at("rounds[2]"):
...         need_int(-1, "a count", minimum=0)
... except RecordError as err:
...     print(err.reason)
rounds[2]: a count must be a whole number from 0, not -1.
"""

from __future__ import annotations

import json
import math
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from scoring.errors import RuleViolation
from scoring.words import Fact, Words, entry, teller, words

fact = teller("record")
words(
    "record",
    {
        # a refusal where the record holds it: "rounds[2].plays[4]: …"
        "at": "{where}: {reason}",
        # a refusal as the table's log numbers it: "Entry 31: …"
        "entry": "Entry {number}: {reason}",
        "not_a_number": "{name} is not a number a record can hold.",
        "too_long_number": "A number of {digits:,} digits is far longer than any record holds (at most {most:,}).",
        "too_deep": "The JSON is nested more than {most} levels deep; no record needs that.",
        "key_twice": "{key} is given twice; each key once.",
        # a part of the record refused (need_dict, need_list, need_str, need_int, only_keys)
        "missing": "{part} is missing.",
        "not_dict": "{part} is written as {{…}} (names with their values), not {shown}.",
        "not_list": "{part} is written as a list […], not {shown}.",
        "not_str": "{part} is written as a word in quotes, not {shown}.",
        "not_whole": "{part} must be a whole number, not {value!r}.",
        "not_whole_in": "{part} must be a whole number {span}, not {value!r}.",
        "span.from": "from {minimum}",
        "span.to": "to {maximum}",
        "span.between": "from {minimum} to {maximum}",
        "unknown_field": "{part} has unknown field {field!r} (known: {known:, }).",
        # the players
        "control": "the player name '{name}' holds a control character (U+{code}); type names as plain text.",
        "players_count": "this game takes {lo}–{hi} players, not {count}.",
        "players_twice": "every player needs a different name.",
        "name_the": "Name the {part} ({players:, }).",
        "not_a_player": "{name!r} is not a player of this game ({players:, }).",
        # a part of the record as a refusal names it: a part named here by its English (a field
        # named nowhere is named by its key, as the record writes it: "devil")
        "key": "{key}",
        # a part that starts a sentence: "A round is missing."
        "capitalized": lambda v, lang: v["part"][:1].upper() + v["part"][1:],
        **{
            f"part.{name}": name
            for name in (
                "the record",
                "an entry",
                "a round",
                "a round's setup",
                "a card",
                "a card code",
                "a pick",
                "a play",
                "a trick",
                "a trick entry",
                "a player name",
                "a half",
                "a bid",
                "a bid-miss bid",
                "the card called the Phantom",
                "the Devil's colour",
                "an effect",
                "a turn",
                "a scoresheet round",
                "a row",
                "a player's round",
                "a king",
                "a king number",
                "a hero",
                "a deal",
                "a count",
                "a column",
                "a character",
                "a cell",
                "a bust",
                "player",
            )
        },
    },
)

FORMAT_RULE = "record-format"


class RecordError(RuleViolation):
    """A record that cannot be read, or whose events the rules refuse, with its location."""

    def __init__(self, rule: str, said: Words, path: str = "", *, bare: Words | None = None) -> None:
        super().__init__(rule, said)
        self.path = path
        self.bare = said if bare is None else bare  # the reason without its place in the record


_where: list[str] = []


@contextmanager
def at(path: str) -> Iterator[None]:
    """Prefix any refusal raised inside with the record path being read."""
    _where.append(path)
    try:
        yield
    except RecordError:
        raise
    except RuleViolation as err:
        where = ".".join(_where).replace(".[", "[")
        raise RecordError(err.rule, fact("at", where=where, reason=err.said), where, bare=err.said) from None
    finally:
        _where.pop()


def at_entry(err: RuleViolation, number: int) -> RuleViolation:
    """A refusal as the table sees it: the entry numbered as in the session's log, with the reason
    and the rule, and without the place in the record that the session builds behind the scenes.

    >>> try:
    ...     with at("rounds[0]"), at("plays[29]"):
    ...         raise bad("It is Aki's turn, not Chie's.")
    ... except RecordError as err:
    ...     print(at_entry(err, 31).reason)
    Entry 31: It is Aki's turn, not Chie's.

    A refusal numbered already (a session's replay says which entry it falls on) is numbered again:

    >>> at_entry(at_entry(bad("It is Aki's turn."), 4), 7).message("ja")
    "記録7：It is Aki's turn."
    """
    bare = err.bare if isinstance(err, RecordError) else err.said
    if isinstance(bare, Fact) and bare.key == "record.entry":
        bare = bare.values["reason"]  # numbered already: numbered again
    return RuleViolation(err.rule, fact("entry", number=number, reason=bare))


def bad(said: Words) -> RuleViolation:
    """A record's or a line's form refused: the rule is the record format (a plain string is
    words the same in every language: a doctest's, a test's)."""
    return RuleViolation(FORMAT_RULE, said)


def _shown(value: Any) -> str:
    """A value as the player typed it, cut short."""
    text = (
        json.dumps(value, ensure_ascii=False) if isinstance(value, (dict, list, str, int, float, bool)) else repr(value)
    )
    return text if len(text) <= 40 else text[:39] + "…"


def part(what: str) -> Fact:
    """A record's part as a refusal names it: its entry (``record.part.a round``), else its key as
    the record writes it.

    >>> from scoring.words import say
    >>> say(part("a round")), say(part("a round"), "ja"), say(part("devil"), "ja")
    ('a round', 'ラウンド', '「devil」')
    """
    try:
        entry(f"record.part.{what}")
    except KeyError:
        return fact("key", key=what)
    return fact(f"part.{what}")


def _missing(what: str) -> RuleViolation:
    return bad(fact("missing", part=fact("capitalized", part=part(what))))


def need_dict(value: Any, what: str) -> dict:
    if value is None:
        raise _missing(what)
    if not isinstance(value, dict):
        raise bad(fact("not_dict", part=part(what), shown=_shown(value)))
    return value


def need_list(value: Any, what: str) -> list:
    if value is None:
        raise _missing(what)
    if not isinstance(value, list):
        raise bad(fact("not_list", part=part(what), shown=_shown(value)))
    return value


def need_str(value: Any, what: str) -> str:
    if value is None or (isinstance(value, str) and not value.strip()):
        raise _missing(what)
    if not isinstance(value, str):
        raise bad(fact("not_str", part=part(what), shown=_shown(value)))
    return value


def need_int(value: Any, what: str, minimum: int | None = None, maximum: int | None = None) -> int:
    ok = isinstance(value, int) and not isinstance(value, bool)
    if not ok or (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
        if minimum is None and maximum is None:
            raise bad(fact("not_whole", part=part(what), value=value))
        span = "between" if minimum is not None and maximum is not None else "from" if maximum is None else "to"
        said = fact(f"span.{span}", minimum=minimum, maximum=maximum)
        raise bad(fact("not_whole_in", part=part(what), span=said, value=value))
    return value


def only_keys(obj: dict, allowed: set[str], what: str) -> None:
    extra = sorted(set(obj) - allowed)
    if extra:
        raise bad(fact("unknown_field", part=part(what), field=extra[0], known=tuple(sorted(allowed))))


def check_name(name: str) -> str:
    """A player's name as plain text: control characters (terminal codes, bidirectional overrides)
    are refused, since every screen and export shows names.

    >>> check_name("Aki")
    'Aki'
    >>> try:
    ...     check_name("B\x1b[41mRED")
    ... except RuleViolation as err:
    ...     print(err.reason[:46])
    the player name 'B\\x1b[41mRED' holds a control
    """
    control = next((ch for ch in name if unicodedata.category(ch) in ("Cc", "Cf") and ch != "\u200d"), None)
    if control is not None:
        raise bad(fact("control", name=name.encode("unicode_escape").decode(), code=f"{ord(control):04X}"))
    return name


def players_of(record: dict, lo: int, hi: int) -> tuple[str, ...]:
    with at("players"):
        names = need_list(record.get("players"), "players")
        for name in names:
            check_name(need_str(name, "a player name"))
        if not lo <= len(names) <= hi:
            raise bad(fact("players_count", lo=lo, hi=hi, count=len(names)))
        if len(set(names)) != len(names):
            raise bad(fact("players_twice"))
    return tuple(names)


def seat(players: tuple[str, ...], name: Any, what: str = "player") -> int:
    if name is None or name == "":
        raise bad(fact("name_the", part=part(what), players=tuple(players)))
    if name not in players:
        raise bad(fact("not_a_player", name=name, players=tuple(players)))
    return players.index(name)


MAX_DEPTH = 64  # a record nests about 8 deep; anything far deeper is not a record


def _not_a_number(name: str) -> RecordError:
    return RecordError(FORMAT_RULE, fact("not_a_number", name=name))


def _no_constant(name: str) -> Any:
    raise _not_a_number(name)


MAX_DIGITS = 4300  # Python reads no longer whole number from text (sys.get_int_max_str_digits)


def too_long_number(digits: int) -> RecordError:
    """A number longer than Python reads: refused with its length, never a ValueError."""
    return RecordError(FORMAT_RULE, fact("too_long_number", digits=digits, most=MAX_DIGITS))


def _whole(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise too_long_number(digits)
    return int(text)


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _not_a_number(text)
    return value


def _places(value: Any) -> Iterator[tuple[str, Any, int]]:
    """Every object and list in a JSON value with its path and depth (the value itself is at 1)."""
    stack = [("", value, 1)]
    while stack:
        path, item, depth = stack.pop()
        if not isinstance(item, dict | list):
            continue
        yield path, item, depth
        children = item.items() if isinstance(item, dict) else enumerate(item)
        for key, child in reversed(list(children)):
            where = f"{path}[{key}]" if isinstance(key, int) else (f"{path}.{key}" if path else str(key))
            stack.append((where, child, depth + 1))


def loads(text: str | bytes) -> Any:
    """JSON typed by a person: a key given twice in one object is refused with its path, where the
    standard reader would silently keep the last one.

    >>> loads('{"pointed": {"Aki": "Ben", "Chie": "Aki"}}')["pointed"]["Chie"]
    'Aki'
    >>> loads('{"rounds": [{"players": {"Aki": 1, "Aki": 2}}]}')
    Traceback (most recent call last):
    ...
    scoring.recordkit.RecordError: rounds[0].players: "Aki" is given twice; each key once. [record-format]
    >>> loads("null") is None
    True
    """
    twice: dict[int, str] = {}  # id of an object read with a key given twice -> that key

    def pairs(items: list[tuple[str, Any]]) -> dict:
        obj: dict = {}
        for key, value in items:
            if key in obj:
                twice.setdefault(id(obj), key)
            obj[key] = value
        return obj

    too_deep = RecordError(FORMAT_RULE, fact("too_deep", most=MAX_DEPTH))
    try:
        value = json.loads(
            text, object_pairs_hook=pairs, parse_constant=_no_constant, parse_float=_finite, parse_int=_whole
        )
    except RecursionError:
        raise too_deep from None
    for path, item, depth in _places(value):
        if depth > MAX_DEPTH:
            raise too_deep
        if id(item) in twice:
            where = path or part("the record")
            bare = fact("key_twice", key=json.dumps(twice[id(item)], ensure_ascii=False))
            raise RecordError(FORMAT_RULE, fact("at", where=where, reason=bare), path, bare=bare)
    return value
