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
from scoring.words import Fact, Words, teller, words

fact = teller("record")
words(
    "record",
    {
        # a refusal where the record holds it: "rounds[2].plays[4]: …"
        "at": "{where}: {reason}",
        # a refusal as the table's log numbers it: "Entry 31: …"
        "entry": "Entry {number}: {reason}",
        "the_record": "the record",
        "not_a_number": "{name} is not a number a record can hold.",
        "too_long_number": "A number of {digits:,} digits is far longer than any record holds (at most {most:,}).",
        "too_deep": "The JSON is nested more than {most} levels deep; no record needs that.",
        "key_twice": "{key} is given twice; each key once.",
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


def bad(said: Words, said_ja: str | None = None) -> RuleViolation:
    """A record's or a line's form refused: the rule is the record format."""
    if isinstance(said, str):  # TRANSITION: words not yet in a catalogue
        return RuleViolation(FORMAT_RULE, said, said_ja or said)
    return RuleViolation(FORMAT_RULE, said)


def _shown(value: Any) -> str:
    """A value as the player typed it, cut short."""
    text = (
        json.dumps(value, ensure_ascii=False) if isinstance(value, (dict, list, str, int, float, bool)) else repr(value)
    )
    return text if len(text) <= 40 else text[:39] + "…"


#: what a record's part is called in Japanese, for a refusal that names it (a field of the record
#: without a name here is named by its key, as the record writes it: 「devil」)
_PARTS_JA = {
    "the record": "記録",
    "an entry": "記録の1件",
    "a round": "ラウンド",
    "a round's setup": "ラウンドの準備",
    "a card": "カード",
    "a card code": "カードコード",
    "a pick": "ドラフトの選択",
    "a play": "カードを出す記録",
    "a trick": "トリック",
    "a trick entry": "トリック中の記録",
    "a player name": "プレイヤー名",
    "a half": "半戦",
    "a bid": "ビッド",
    "a bid-miss bid": "ビッド外れのビッド",
    "the card called the Phantom": "怪人と宣言したカード",
    "the Devil's colour": "デビルのキングの色",
    "an effect": "効果",
    "a turn": "手番",
    "a scoresheet round": "得点表のラウンド",
    "a row": "行",
    "a player's round": "各自のラウンド",
    "a king": "キング",
    "a king number": "キングナンバー",
    "a hero": "英雄",
    "a deal": "ディール",
    "a count": "枚数",
    "a column": "列",
    "a character": "キャラ",
    "a cell": "マス",
    "a bust": "ドボン",
    "player": "プレイヤー",
}


def part_ja(what: str) -> str:
    """A record's part as a Japanese refusal names it: its Japanese name, else its key in 「」.

    >>> part_ja("a round"), part_ja("devil")
    ('ラウンド', '「devil」')
    """
    return _PARTS_JA.get(what) or f"「{what}」"


def _missing(what: str) -> RuleViolation:
    return bad(f"{what[0].upper()}{what[1:]} is missing.", f"{part_ja(what)}がありません。")


def need_dict(value: Any, what: str) -> dict:
    if value is None:
        raise _missing(what)
    if not isinstance(value, dict):
        raise bad(
            f"{what} is written as {{…}} (names with their values), not {_shown(value)}.",
            f"{part_ja(what)}は {{…}} の形で書きます（{_shown(value)}ではありません）。",
        )
    return value


def need_list(value: Any, what: str) -> list:
    if value is None:
        raise _missing(what)
    if not isinstance(value, list):
        raise bad(
            f"{what} is written as a list […], not {_shown(value)}.",
            f"{part_ja(what)}はリスト […] で書きます（{_shown(value)}ではありません）。",
        )
    return value


def need_str(value: Any, what: str) -> str:
    if value is None or (isinstance(value, str) and not value.strip()):
        raise _missing(what)
    if not isinstance(value, str):
        raise bad(
            f"{what} is written as a word in quotes, not {_shown(value)}.",
            f"{part_ja(what)}は文字列で書きます（{_shown(value)}ではありません）。",
        )
    return value


def need_int(value: Any, what: str, minimum: int | None = None, maximum: int | None = None) -> int:
    ok = isinstance(value, int) and not isinstance(value, bool)
    if not ok or (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
        span = f" from {minimum}" if minimum is not None else ""
        span += f" to {maximum}" if maximum is not None else ""
        span_ja = f"（{'' if minimum is None else minimum}〜{'' if maximum is None else maximum}）"
        raise bad(
            f"{what} must be a whole number{span}, not {value!r}.",
            f"{part_ja(what)}は整数{span_ja}でなければなりません：{value!r}",
        )
    return value


def only_keys(obj: dict, allowed: set[str], what: str) -> None:
    extra = sorted(set(obj) - allowed)
    if extra:
        raise bad(
            f"{what} has unknown field {extra[0]!r} (known: {', '.join(sorted(allowed))}).",
            f"{part_ja(what)}に不明な項目 {extra[0]!r} があります。",
        )


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
        raise bad(
            f"the player name '{name.encode('unicode_escape').decode()}' holds a control character "
            f"(U+{ord(control):04X}); type names as plain text.",
            "プレイヤー名に制御文字が含まれています。",
        )
    return name


def players_of(record: dict, lo: int, hi: int) -> tuple[str, ...]:
    with at("players"):
        names = need_list(record.get("players"), "players")
        for name in names:
            check_name(need_str(name, "a player name"))
        if not lo <= len(names) <= hi:
            raise bad(
                f"this game takes {lo}–{hi} players, not {len(names)}.",
                f"このゲームは{lo}〜{hi}人用です（{len(names)}人）。",
            )
        if len(set(names)) != len(names):
            raise bad("every player needs a different name.", "プレイヤー名が重複しています。")
    return tuple(names)


def seat(players: tuple[str, ...], name: Any, what: str = "player") -> int:
    if name is None or name == "":
        raise bad(f"Name the {what} ({', '.join(players)}).", f"プレイヤーを指定してください（{'、'.join(players)}）。")
    if name not in players:
        raise bad(
            f"{name!r} is not a player of this game ({', '.join(players)}).",
            f"{name!r}はこのゲームのプレイヤーではありません。",
        )
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
            where = path or fact("the_record")
            bare = fact("key_twice", key=json.dumps(twice[id(item)], ensure_ascii=False))
            raise RecordError(FORMAT_RULE, fact("at", where=where, reason=bare), path, bare=bare)
    return value
