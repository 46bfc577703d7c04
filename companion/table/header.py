"""A new game's header as the new-game form's lines give it: the players typed in seat order, each
option as set (a choice, a switch, a player, a ``key=value`` line for a table of numbers or a
choice per player, a number or a word) and the advanced line of JSON header fields. Only what
differs from a default goes into the header. A line the form cannot read is ``Unreadable``: a
label of the catalogue (``companion.words``) with its values, which the screen says in the player's language.

>>> from scoring.game import Option
>>> deck = Option("deck", "introductory", "The deck.", choices=("introductory", "strategy"), house_rule=False)
>>> limits = Option("flip_limits", {"trickster": 3, "seeker": 3}, "How many cells each card flips.")
>>> header_of("Aki, Ben ,, Chie", [(deck, "strategy"), (limits, "tr=4")])
{'players': ['Aki', 'Ben', 'Chie'], 'deck': 'strategy', 'settings': {'flip_limits': {'trickster': 4, 'seeker': 3}}}
>>> header_of("Aki, Ben", [(deck, "introductory")], '{"settings": {"floor_zero": true}}')
{'players': ['Aki', 'Ben'], 'settings': {'floor_zero': True}}
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from companion.text import control_in, visible
from scoring.game import Option
from scoring.notation import fits
from scoring.recordkit import loads

SAMPLE_NAMES = ["Aki", "Ben", "Chie", "Dan", "Emi", "Fumi", "Gen"]
ADVANCED_EXAMPLE = '{"settings": {…}}'  # what the advanced line takes, as its placeholder shows it


class Unreadable(Exception):
    """A line of the form that says nothing the game can take: a label of the catalogue
    (``companion.words``) and its values (a value may be an ``Unreadable`` itself, said in the same language)."""

    def __init__(self, label: str, **values: Any) -> None:
        super().__init__(label)
        self.label = label
        self.values = values

    def said(self, t: Callable[..., str]) -> str:
        """The words the table reads, through the screen's ``t(label, **values)``."""
        return t(self.label, **{k: v.said(t) if isinstance(v, Unreadable) else v for k, v in self.values.items()})


# the players ------------------------------------------------------------------------------------
#: what separates names typed in seat order: a comma as each script writes one
NAME_SEPARATORS = re.compile("[,、，､]")


def players(line: str) -> list[str]:
    """The names typed in seat order, separated by commas — the Japanese comma too — or, in a line
    without any comma, by full-width spaces (a Japanese keyboard's space). A full name with a
    full-width space stays whole where commas separate the names.

    >>> players(" Aki, Ben,, Chie "), players("アキ、ベン、チエ、ダン"), players("アキ　ベン　チエ")
    (['Aki', 'Ben', 'Chie'], ['アキ', 'ベン', 'チエ', 'ダン'], ['アキ', 'ベン', 'チエ'])
    >>> players("佐藤　花子, Ben")
    ['佐藤　花子', 'Ben']
    """
    parts = NAME_SEPARATORS.split(line) if NAME_SEPARATORS.search(line) else line.split("\u3000")
    return [p.strip() for p in parts if p.strip()]


def check_players(names: Any) -> None:
    """Names hold no control character (a pasted terminal code): ``Unreadable`` naming the first.

    >>> check_players(["Aki", "B\\x1b[41mEN"])
    Traceback (most recent call last):
    ...
    companion.table.header.Unreadable: A player's name cannot hold a control character (terminal code): {name} holds {sign}. Type the name again.
    """  # noqa: E501
    for name in names if isinstance(names, list) else []:
        sign = control_in(name) if isinstance(name, str) else None
        if sign:
            raise Unreadable(
                "A player's name cannot hold a control character (terminal code): {name} holds {sign}. "
                "Type the name again.",
                name=visible(name, one_line=True),
                sign=sign,
            )


# the table words of a value ----------------------------------------------------------------------
def value_words(value: Any) -> str:
    """A value as it is typed in a ``key=value`` line: lists joined by ``/``.

    >>> value_words([4, 9]), value_words(3), value_words("red")
    ('4/9', '3', 'red')
    """
    if isinstance(value, (list, tuple)):
        return "/".join(value_words(v) for v in value)
    return str(value)


def mapping_words(value: Mapping[str, Any]) -> str:
    """A mapping as the ``key=value`` line that gives it back.

    >>> mapping_words({"trickster": 3, "destroyer": 2}), mapping_words({"red": [4, 9]})
    ('trickster=3 destroyer=2', 'red=4/9')
    """
    return " ".join(f"{k}={value_words(v)}" for k, v in value.items())


def in_words(text: str) -> str:
    """An explanation with the JSON objects it shows as examples written as ``key=value`` lines.

    >>> in_words('Each king: {"Aki": "red", …}; each colour {"red": [4, 9]}; heroes (["Guard", …]).')
    'Each king: Aki=red …; each colour red=4/9; heroes (Guard, …).'
    """

    def words(found: re.Match) -> str:
        body = found.group(0)
        more = "…" in body
        try:
            value = json.loads(re.sub(r",?\s*…", "", body))
        except ValueError:
            return body
        if not isinstance(value, dict) or not value:
            return body
        return mapping_words(value) + (" …" if more else "")

    def items(found: re.Match) -> str:
        try:
            value = json.loads(re.sub(r",?\s*…", "", found.group(0)))
        except ValueError:
            return found.group(0)
        return ", ".join(map(str, value)) + (", …" if "…" in found.group(0) else "")

    return re.sub(r"\[[^\[\]{}]*\]", items, re.sub(r"\{[^{}]*\}", words, text))


def example(option: Option, names: list[str]) -> str:
    """A line of two pairs for ``option``, from its default, its choices or the players.

    >>> example(Option("kings", None, "{…}", choices=("white", "red")), ["Aki", "Ben", "Chie"])
    'Aki=white Ben=red'
    """
    if isinstance(option.default, Mapping) and option.default:
        return mapping_words(dict(list(option.default.items())[:2]))
    if option.keys:  # a value for each of its own keys (KINGs' copies: Gambler=2 Hermit=1)
        return " ".join(f"{k}={v}" for k, v in zip(option.keys[:2], option.sample, strict=False))
    names = (names or SAMPLE_NAMES)[:2]
    values = [str(c) for c in option.choices[: len(names)]] or [str(n + 4) for n in range(len(names))]
    return " ".join(f"{k}={v}" for k, v in zip(names, values, strict=False))


def same(a: Any, b: Any) -> bool:
    """The same value of the same type (``True`` is not ``1``)."""
    return a == b and type(a) is type(b)


# reading a line ----------------------------------------------------------------------------------
def one_of(typed: str, known: list[str]) -> str | None:
    """The one of ``known`` that ``typed`` names: itself in any case, or a unique start (as the
    table reads a player's name, ``scoring.notation.fits``); None when none does; ``Unreadable``
    when it could be several.

    >>> one_of("b", ["Aki", "Ben"]), one_of("aki", ["Aki", "Akira"]), one_of("x", ["Aki"])
    ('Ben', 'Aki', None)
    """
    found = fits(typed, known)
    if len(found) > 1:
        raise Unreadable("{typed} could be {candidates}.", typed=typed, candidates=", ".join(found))
    return found[0] if found else None


def number_or_word(text: str) -> Any:
    """``3`` → 3, ``4/9`` → [4, 9], anything else as typed (several joined by ``+``, KINGs'
    backs ``0/50+2/50``, are the game's to read).

    >>> number_or_word("3"), number_or_word("4/9"), number_or_word("top"), number_or_word("0/50+2/50")
    (3, [4, 9], 'top', '0/50+2/50')
    """
    if "/" in text and "+" not in text:
        return [number_or_word(part) for part in text.split("/") if part]
    return int(text) if re.fullmatch(r"[+-]?\d+", text) else text


def read_mapping(text: str, option: Option, players: list[str]) -> dict:
    """A ``key=value`` line as the mapping it says. Pairs are separated by spaces or commas; a list
    is ``4/9`` (or ``4,9``). The keys of a mapping default are the only keys, the players are the
    keys otherwise (any case, unique prefixes: ``a=red`` is Aki's); a value of an option with
    choices is one of them, by unique prefix too.

    >>> kings = Option("kings", None, "Each king {…}", choices=("white", "red", "blue", "black"))
    >>> read_mapping("a=r, ben=blu chie=WH", kings, ["Aki", "Ben", "Chie"])
    {'Aki': 'red', 'Ben': 'blue', 'Chie': 'white'}
    >>> read_mapping("red=4,9 blue=3/8", Option("king_numbers", None, "{…}"), ["Aki", "Ben"])
    {'red': [4, 9], 'blue': [3, 8]}
    >>> read_mapping("tr=4", Option("flip_limits", {"trickster": 3, "seeker": 3}, ""), [])
    {'trickster': 4}
    """
    text = text.replace("＝", "=").replace("、", ",").replace("，", ",")
    pairs: dict[str, Any] = {}
    last = None
    for word in (w for w in re.split(r"[\s,]+", text) if w):
        key, sep, value = word.partition("=")
        if not sep:  # a list written with commas: red=4,9
            if last is None or not re.fullmatch(r"[+-]?\d+", word):
                raise Unreadable(
                    "Write pairs like {example}, not {typed}.", example=example(option, players), typed=word
                )
            before = pairs[last]
            pairs[last] = [*(before if isinstance(before, list) else [before]), int(word)]
            continue
        if not key or not value:
            raise Unreadable("Write pairs like {example}, not {typed}.", example=example(option, players), typed=word)
        if isinstance(option.default, Mapping):
            known = [str(k) for k in option.default]
            found = one_of(key, known)
            if found is None:
                raise Unreadable("{typed} is none of {known}.", typed=key, known=", ".join(known))
            key = found
        else:
            key = one_of(key, list(option.keys) or players) or key
        if option.choices and all(isinstance(c, str) for c in option.choices):
            found = one_of(value, list(option.choices))
            if found is None:
                raise Unreadable("{typed} is none of {known}.", typed=value, known=", ".join(option.choices))
            pairs[key] = found
        else:
            pairs[key] = number_or_word(value)
        last = key
    return pairs


# the header -------------------------------------------------------------------------------------
def option_value(option: Option, set_to: Any, names: list[str]) -> Any:
    """What an option set in the form means: a choice, a switch or a player as they are, a
    ``key=value`` line as its mapping over the default's, any other line as a number or a word.
    ``Unreadable`` names the option.

    >>> option_value(Option("flip_limits", {"trickster": 3, "seeker": 3}, ""), "se=5", [])
    {'trickster': 3, 'seeker': 5}
    >>> option_value(Option("target", 10, "Points to win.", kind="text"), " 12 ", [])
    12
    """
    how = option.typed_as()
    if how not in ("mapping", "text"):
        return set_to
    text = str(set_to).strip()
    try:
        value = read_mapping(text, option, names) if how == "mapping" else number_or_word(text)
    except Unreadable as err:
        raise Unreadable("{option}: {reason}", option=option.name, reason=err) from None
    return {**option.default, **value} if how == "mapping" and isinstance(option.default, Mapping) else value


def chosen(options: Iterable[tuple[Option, Any]], names: list[str]) -> dict:
    """The options set away from their defaults, as header fields and ``settings`` (house rules).
    ``options`` gives each option with what the form holds for it: the choice, the switch, the
    player (None: the game's default) or the line (empty: the default)."""
    header: dict[str, Any] = {}
    for option, set_to in options:
        if set_to is None or (option.typed_as() in ("mapping", "text") and not str(set_to).strip()):
            continue
        value = option_value(option, set_to, names)
        if same(value, option.default):
            continue
        (header.setdefault("settings", {}) if option.house_rule else header)[option.name] = value
    return header


def advanced(text: str) -> dict:
    """The advanced line's header fields (JSON); ``{}`` for an empty line, ``Unreadable`` for one
    that is no JSON object.

    >>> advanced('{"first": "Ben"}'), advanced("  ")
    ({'first': 'Ben'}, {})
    >>> advanced("[1]")
    Traceback (most recent call last):
    ...
    companion.table.header.Unreadable: Options are a JSON object, like {example} — {error}
    """
    text = text.strip()
    if not text:
        return {}
    try:
        fields = loads(text)
    except (json.JSONDecodeError, ValueError, RecursionError) as err:
        fields = err
    if not isinstance(fields, dict):
        error = fields if isinstance(fields, Exception) else Unreadable("not an object")
        raise Unreadable("Options are a JSON object, like {example} — {error}", example=ADVANCED_EXAMPLE, error=error)
    return fields


def header_of(line: str, options: Iterable[tuple[Option, Any]], extra: str = "") -> dict:
    """The header the form says: the players typed on ``line``, the options set away from their
    defaults (``chosen``) and the advanced line's fields, which win over the form (its house rules
    added to the form's). ``Unreadable`` says the first thing that cannot be read."""
    names = players(line)
    check_players(names)
    header: dict = {"players": names, **chosen(options, names)}
    fields = advanced(extra)
    if fields:
        settings = {**header.get("settings", {}), **(fields.get("settings") or {})}
        header.update(fields)
        if settings and isinstance(fields.get("settings", {}), dict):
            header["settings"] = settings
    check_players(header["players"])
    return header
