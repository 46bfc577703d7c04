"""Tricks and the Phantom's typed notation: the line a player types at the table, and the line for a half.

Names may be typed as any unique beginning, in any case (``a=10 b=P:red point a>b``); a suspect
whose colour is known needs no colour (``Aki=10`` is ``Aki=10:blue``), and a colour may be its
first letter (``P:r``). The entry always holds the names and colours in full.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scoring.errors import RuleViolation
from scoring.notation import once, player, words_of
from scoring.phantom.record import hints, parse_card

COLOURS = ("red", "blue", "yellow")
COLOURS_JA = {"赤": "red", "青": "blue", "黄": "yellow"}
KEYWORDS = ("point", "new", "more", "fourth", "double", "accuse")


def colour(text: str, card: str) -> str:
    """A hint colour from its name, any beginning of it, or its Japanese name; an empty one is the
    colour a suspect's card always shows (none for a Phantom or a card whose colour is unsure).

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
    if low in COLOURS_JA:
        return COLOURS_JA[low]
    fits = [c for c in COLOURS if c.startswith(low)]
    return fits[0] if len(fits) == 1 else text


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
    pointing = False
    given: list[str] = []  # the words a half takes once: given twice, refused like a name given twice
    for word in words_of(line):
        key, eq, value = word.partition("=")
        lowered = key.lower()
        once_only = lowered if eq and lowered in ("fourth", "double") else word.lower()
        if once_only in ("point", "new", "more", "fourth", "double"):
            given.append(once_only)
            once(given, line)
        if word.lower() == "point":
            pointing = True
            half["pointed"] = {}
        elif word.lower() == "new":
            half["new_round"] = True
        elif word.lower() == "more":
            half["continue_round"] = True
        elif eq and lowered == "fourth":
            half["fourth"] = value
        elif eq and lowered == "double":
            who, _, answer = value.partition(":")
            half["double"] = {
                "by": player(who, players, line),
                "accepted": answer.lower() not in ("no", "fold", "n", "いいえ"),
            }
        elif eq and lowered == "accuse":
            a, _, b = value.partition(">")
            owner, colon, which = b.partition(":")
            a = player(a, players, line)
            once([*half.get("accused", {}), a], line)
            half.setdefault("accused", {})[a] = player(owner, players, line) + colon + which
        elif pointing and ">" in word:
            a, _, b = word.partition(">")
            a = player(a, players, line)
            once([*half["pointed"], a], line)
            half["pointed"][a] = player(b, players, line)
        elif eq:
            who = player(key, players, line)
            once([*half["played"], who], line)
            pieces = value.split(",")
            listed = len(pieces) > 1 and not pieces[-1]  # "8:red," : a list of one card (Poker)
            plays = []
            for one in pieces[:-1] if listed else pieces:
                card, _, hint = one.partition(":")
                plays.append({"card": card, "hint": colour(hint, card)})
            half["played"][who] = plays if len(plays) > 1 or listed else plays[0]
        else:
            raise RuleViolation(
                "record-format",
                f"{word!r}: type NAME=CARD:COLOUR …, then point A>B …",
                f"「{word}」を読めません：名前=カード:色 … のあとに point A>B … と入力してください。",
            )
    return half


def _card_word(play: dict) -> str:
    """A card and its hint colour, the colour left out where the card can show no other."""
    try:
        if hints(parse_card(play["card"])) == (play["hint"],):
            return str(play["card"])
    except RuleViolation:
        pass  # not a card: written as it is
    return f"{play['card']}:{play['hint']}"


def line_for(half: dict) -> str:
    """The quick line for a half (the inverse of ``parse_line``): a suspect's colour, which it
    always shows, is left out.

    >>> for line in ("fourth=6 Aki=10 Ben=P:red,3 double=Ben:no point Aki>Ben new",
    ...              "Aki=9 Ben=7:blue, double=Aki:yes more"):
    ...     assert line_for(parse_line(line)) == line
    >>> line_for(parse_line("Aki=10:blue Ben=P:red"))
    'Aki=10 Ben=P:red'
    """
    words = [f"fourth={half['fourth']}"] if "fourth" in half else []
    for who, played in half["played"].items():
        cards = played if isinstance(played, list) else [played]
        one = "," if isinstance(played, list) and len(played) == 1 else ""
        words.append(f"{who}=" + ",".join(_card_word(c) for c in cards) + one)
    if "double" in half:
        words.append(f"double={half['double']['by']}:{'yes' if half['double']['accepted'] else 'no'}")
    words += [f"accuse={a}>{b}" for a, b in half.get("accused", {}).items()]
    if "pointed" in half:
        words += ["point", *(f"{a}>{b}" for a, b in half["pointed"].items())]
    words += [word for key, word in (("new_round", "new"), ("continue_round", "more")) if half.get(key)]
    return " ".join(words)
