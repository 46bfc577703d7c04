"""Tricks and the Phantom's typed notation: the line a player types at the table, and the line for a half.

Names may be typed as any unique beginning, in any case (``a=10 b=P:red point a>b``); a suspect
whose colour is known needs no colour (``Aki=10`` is ``Aki=10:blue``), and a colour may be its
first letter (``P:r``). The entry always holds the names and colours in full.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from scoring.errors import RuleViolation
from scoring.notation import once, player, unreadable, words_of
from scoring.phantom.record import hints, parse_card
from scoring.phantom.words import fact
from scoring.words import say, spoken

COLOURS = ("red", "blue", "yellow")
KEYWORDS = ("point", "new", "more", "fourth", "double", "accuse")


def colour(text: str, card: str) -> str:
    """A hint colour from its name, any beginning of it, or its name in another language (``青``);
    an empty one is the colour a suspect's card always shows (none for a Phantom or a card whose
    colour is unsure).

    >>> colour("r", "P"), colour("", "10"), colour("青", "7"), colour("", "P")
    ('red', 'blue', 'blue', '')
    """
    low = text.strip().lower()
    if not low:
        try:
            shown = hints(parse_card(card))
        except RuleViolation:
            return ""
        return shown[0] if len(shown) == 1 else ""
    if low in _named_colours():
        return _named_colours()[low]
    fits = [c for c in COLOURS if c.startswith(low)]
    return fits[0] if len(fits) == 1 else text


@cache
def _named_colours() -> dict[str, str]:
    """Each hint colour by its name in every language the table is told in (``赤`` is red)."""
    return {say(fact(f"colour_{c}"), lang).lower(): c for c in COLOURS for lang in spoken()}


@cache
def _declined() -> frozenset[str]:
    """What a Double declined may be typed as: no, fold, n, or the catalogue's word in any language."""
    return frozenset({"no", "fold", "n", *(say(fact("typed_no"), lang).lower() for lang in spoken())})


def parse_line(line: str, players: Sequence[str] | None = None) -> dict:
    """One half of Tricks and the Phantom.

    >>> half = parse_line("Aki=10:blue Ben=P:red point Aki>Ben Ben>Aki")
    >>> half["played"]["Ben"], half["pointed"]
    ({'card': 'P', 'hint': 'red'}, {'Aki': 'Ben', 'Ben': 'Aki'})
    >>> parse_line("fourth=6 Aki=3:yellow double=Ben:no new")["double"]
    {'by': 'Ben', 'accepted': False}

    A half has one double (and one fourth card, one ``point``): given twice, it is refused as a
    name given twice is, never quietly kept as the last one:

    >>> parse_line("Aki=8:red,P:blue Ben=10:blue double=Ben:yes double=Ben:no")
    Traceback (most recent call last):
    ...
    scoring.errors.RuleViolation: double is given twice in 'Aki=8:red,P:blue Ben=10:blue double=Ben:yes \
double=Ben:no'; give each once. [record-format]

    With the players known, any unique beginning of a name; a known colour may be left out:

    >>> parse_line("a=10 b=P:r point a>b b>a", ["Aki", "Ben"]) == half
    True

    A Poker player's cards are a list; one card with a comma after it is a list of one, as a
    record may keep it:

    >>> parse_line("Aki=8:red,P:blue Ben=10:blue,")["played"]["Ben"]
    [{'card': '10', 'hint': 'blue'}]
    """
    half: dict[str, Any] = {"played": {}}
    given: list[str] = []  # the words a half takes once: given twice, refused like a name given twice
    for word in words_of(line):
        _given_once(word, given, line)
        _read_word(word, half, players, line)
    return half


# the words a half takes at most once; fourth and double with their =VALUE
_ONCE = ("point", "new", "more", "fourth", "double")


def _given_once(word: str, given: list[str], line: str) -> None:
    """Note a word a half takes once; refuse it if it was given before."""
    key, eq, _ = word.partition("=")
    once_only = key.lower() if eq and key.lower() in ("fourth", "double") else word.lower()
    if once_only in _ONCE:
        given.append(once_only)
        once(given, line)


def _read_word(word: str, half: dict[str, Any], players: Sequence[str] | None, line: str) -> None:
    """Put one typed word into the half: a bare word, a KEYWORD=VALUE, a pointing A>B after
    ``point``, or a player's NAME=CARD:COLOUR."""
    bare = _BARE_WORDS.get(word.lower())
    if bare is not None:
        bare(half)
        return
    key, eq, value = word.partition("=")
    keyword = _KEYWORDS_WITH_VALUE.get(key.lower()) if eq else None
    if keyword is not None:
        keyword(half, value, players, line)
    elif "pointed" in half and ">" in word:
        _pointing(half, word, players, line)
    elif eq:
        _played(half, key, value, players, line)
    else:
        raise unreadable(fact("refused.word", word=word))


def _point(half: dict[str, Any]) -> None:
    """``point``: the words after it say who points at whom."""
    half["pointed"] = {}


def _new(half: dict[str, Any]) -> None:
    """``new``: a new round starts after this half."""
    half["new_round"] = True


def _more(half: dict[str, Any]) -> None:
    """``more``: the round goes on after this half."""
    half["continue_round"] = True


_BARE_WORDS: dict[str, Callable[[dict[str, Any]], None]] = {"point": _point, "new": _new, "more": _more}


def _fourth(half: dict[str, Any], value: str, players: Sequence[str] | None, line: str) -> None:
    """``fourth=CARD``: the fourth card."""
    half["fourth"] = value


def _double(half: dict[str, Any], value: str, players: Sequence[str] | None, line: str) -> None:
    """``double=NAME:ANSWER``: who doubled, and whether it was taken (anything but no is yes)."""
    who, _, answer = value.partition(":")
    half["double"] = {
        "by": player(who, players, line),
        "accepted": answer.lower() not in _declined(),
    }


def _accuse(half: dict[str, Any], value: str, players: Sequence[str] | None, line: str) -> None:
    """``accuse=A>B:WHICH``: a player accuses another's card, each player once."""
    a, _, b = value.partition(">")
    owner, colon, which = b.partition(":")
    a = player(a, players, line)
    once([*half.get("accused", {}), a], line)
    half.setdefault("accused", {})[a] = player(owner, players, line) + colon + which


_KEYWORDS_WITH_VALUE: dict[str, Callable[[dict[str, Any], str, Sequence[str] | None, str], None]] = {
    "fourth": _fourth,
    "double": _double,
    "accuse": _accuse,
}


def _pointing(half: dict[str, Any], word: str, players: Sequence[str] | None, line: str) -> None:
    """``A>B`` after ``point``: A points at B, each player once."""
    a, _, b = word.partition(">")
    a = player(a, players, line)
    once([*half["pointed"], a], line)
    half["pointed"][a] = player(b, players, line)


def _played(half: dict[str, Any], key: str, value: str, players: Sequence[str] | None, line: str) -> None:
    """``NAME=CARD:COLOUR[,…]``: what a player played, each player once."""
    who = player(key, players, line)
    once([*half["played"], who], line)
    pieces = value.split(",")
    listed = len(pieces) > 1 and not pieces[-1]  # "8:red," : a list of one card (Poker)
    plays = []
    for one in pieces[:-1] if listed else pieces:
        card, _, hint = one.partition(":")
        plays.append({"card": card, "hint": colour(hint, card)})
    half["played"][who] = plays if len(plays) > 1 or listed else plays[0]


def _card_word(play: dict) -> str:
    """A card and its hint colour, the colour left out where the card can show no other."""
    try:
        if hints(parse_card(play["card"])) == (play["hint"],):
            return str(play["card"])
    except RuleViolation:
        pass  # not a card: written as it is
    return f"{play['card']}:{play['hint']}"


def as_lists(half: dict) -> dict:
    """A half with every player's cards as a list, as Poker lays them (``Aki=8`` is a list of one).

    >>> as_lists(parse_line("Aki=8 Ben=10,P:red"))["played"]["Aki"]
    [{'card': '8', 'hint': 'red'}]
    """
    played = {who: cards if isinstance(cards, list) else [cards] for who, cards in half["played"].items()}
    return {**half, "played": played}


def line_for(half: dict, lists: bool = False) -> str:
    """The quick line for a half (the inverse of ``parse_line``): a suspect's colour, which it
    always shows, is left out. With ``lists`` (Poker, whose every player lays a list), a list of
    one card is written as the card alone: ``as_lists`` reads it back.

    >>> for line in ("fourth=6 Aki=10 Ben=P:red,3 double=Ben:no point Aki>Ben new",
    ...              "Aki=9 Ben=7:blue, double=Aki:yes more"):
    ...     assert line_for(parse_line(line)) == line
    >>> line_for(parse_line("Aki=10:blue Ben=P:red"))
    'Aki=10 Ben=P:red'
    """
    words = [f"fourth={half['fourth']}"] if "fourth" in half else []
    for who, played in half["played"].items():
        cards = played if isinstance(played, list) else [played]
        one = "," if isinstance(played, list) and len(played) == 1 and not lists else ""
        words.append(f"{who}=" + ",".join(_card_word(c) for c in cards) + one)
    if "double" in half:
        words.append(f"double={half['double']['by']}:{'yes' if half['double']['accepted'] else 'no'}")
    words += [f"accuse={a}>{b}" for a, b in half.get("accused", {}).items()]
    if "pointed" in half:
        words += ["point", *(f"{a}>{b}" for a, b in half["pointed"].items())]
    words += [word for key, word in (("new_round", "new"), ("continue_round", "more")) if half.get(key)]
    return " ".join(words)
