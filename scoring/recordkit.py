"""Reading a JSON record safely: every problem is a refusal that says where it is and why.

>>> try:
...     with at("rounds[2]"):
...         need_int(-1, "a count", minimum=0)
... except RecordError as err:
...     print(err.reason)
rounds[2]: a count must be a whole number from 0, not -1.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from scoring.errors import RuleViolation

FORMAT_RULE = "record-format"


class RecordError(RuleViolation):
    """A record that cannot be read, or whose events the rules refuse, with its location."""

    def __init__(self, rule: str, reason: str, reason_ja: str, path: str = "") -> None:
        super().__init__(rule, reason, reason_ja)
        self.path = path


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
        raise RecordError(err.rule, f"{where}: {err.reason}", f"{where}：{err.reason_ja}",
                          where) from None
    finally:
        _where.pop()


def bad(what: str, what_ja: str | None = None) -> RuleViolation:
    return RuleViolation(FORMAT_RULE, what, what_ja or what)


def need_dict(value: Any, what: str) -> dict:
    if not isinstance(value, dict):
        raise bad(f"{what} must be an object, not {type(value).__name__}.",
                  f"{what}はオブジェクトでなければなりません。")
    return value


def need_list(value: Any, what: str) -> list:
    if not isinstance(value, list):
        raise bad(f"{what} must be a list, not {type(value).__name__}.",
                  f"{what}はリストでなければなりません。")
    return value


def need_str(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise bad(f"{what} must be a non-empty text, not {value!r}.",
                  f"{what}は空でない文字列でなければなりません。")
    return value


def need_int(value: Any, what: str, minimum: int | None = None, maximum: int | None = None) -> int:
    ok = isinstance(value, int) and not isinstance(value, bool)
    if not ok or (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
        span = f" from {minimum}" if minimum is not None else ""
        span += f" to {maximum}" if maximum is not None else ""
        span_ja = f"（{'' if minimum is None else minimum}〜{'' if maximum is None else maximum}）"
        raise bad(f"{what} must be a whole number{span}, not {value!r}.",
                  f"{what}は整数{span_ja}でなければなりません：{value!r}")
    return value


def only_keys(obj: dict, allowed: set[str], what: str) -> None:
    extra = sorted(set(obj) - allowed)
    if extra:
        raise bad(f"{what} has unknown field {extra[0]!r} (known: {', '.join(sorted(allowed))}).",
                  f"{what}に不明な項目 {extra[0]!r} があります。")


def players_of(record: dict, lo: int, hi: int) -> tuple[str, ...]:
    with at("players"):
        names = need_list(record.get("players"), "players")
        for name in names:
            need_str(name, "a player name")
        if not lo <= len(names) <= hi:
            raise bad(f"this game takes {lo}–{hi} players, not {len(names)}.",
                      f"このゲームは{lo}〜{hi}人用です（{len(names)}人）。")
        if len(set(names)) != len(names):
            raise bad("every player needs a different name.", "プレイヤー名が重複しています。")
    return tuple(names)


def seat(players: tuple[str, ...], name: Any, what: str = "player") -> int:
    if name not in players:
        raise bad(f"{name!r} is not a player of this game ({', '.join(players)}).",
                  f"{name!r}はこのゲームのプレイヤーではありません。")
    return players.index(name)
