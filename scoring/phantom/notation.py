"""Tricks and the Phantom's typed notation: the line a player types at the table, and the line for a half."""

from __future__ import annotations

from typing import Any

from scoring.errors import RuleViolation
from scoring.notation import once, words_of


def parse_line(line: str) -> dict:
    """One half of Tricks and the Phantom.

    >>> half = parse_line("Aki=10:blue Ben=P:red point Aki>Ben Ben>Aki")
    >>> half["played"]["Ben"], half["pointed"]
    ({'card': 'P', 'hint': 'red'}, {'Aki': 'Ben', 'Ben': 'Aki'})
    >>> parse_line("fourth=6 Aki=3:yellow double=Ben:no new")["double"]
    {'by': 'Ben', 'accepted': False}

    A Poker player's cards are a list; one card with a comma after it is a list of one, as a
    record may keep it:

    >>> parse_line("Aki=8:red,P:blue Ben=10:blue,")["played"]["Ben"]
    [{'card': '10', 'hint': 'blue'}]
    """
    half: dict[str, Any] = {"played": {}}
    pointing = False
    for word in words_of(line):
        if word == "point":
            pointing = True
            half["pointed"] = {}
        elif word == "new":
            half["new_round"] = True
        elif word == "more":
            half["continue_round"] = True
        elif pointing and ">" in word:
            a, _, b = word.partition(">")
            once([*half["pointed"], a], line)
            half["pointed"][a] = b
        elif word.startswith("fourth="):
            half["fourth"] = word.split("=", 1)[1]
        elif word.startswith("double="):
            who, _, answer = word.split("=", 1)[1].partition(":")
            half["double"] = {"by": who, "accepted": answer not in ("no", "fold", "n")}
        elif word.startswith("accuse="):
            a, _, b = word.split("=", 1)[1].partition(">")
            once([*half.get("accused", {}), a], line)
            half.setdefault("accused", {})[a] = b
        elif "=" in word:
            who, _, cards = word.partition("=")
            once([*half["played"], who], line)
            pieces = cards.split(",")
            listed = len(pieces) > 1 and not pieces[-1]  # "8:red," : a list of one card (Poker)
            plays = []
            for one in pieces[:-1] if listed else pieces:
                card, _, hint = one.partition(":")
                plays.append({"card": card, "hint": hint})
            half["played"][who] = plays if len(plays) > 1 or listed else plays[0]
        else:
            raise RuleViolation(
                "record-format", f"{word!r}: type NAME=CARD:COLOUR …, then point A>B …", f"「{word}」を読めません。"
            )
    return half


def line_for(half: dict) -> str:
    """The quick line for a half (the inverse of ``parse_line``).

    >>> for line in ("fourth=6 Aki=10:blue Ben=P:red,3:yellow double=Ben:no point Aki>Ben new",
    ...              "Aki=9:blue Ben=7:blue, double=Aki:yes more"):
    ...     assert line_for(parse_line(line)) == line
    """
    words = [f"fourth={half['fourth']}"] if "fourth" in half else []
    for who, played in half["played"].items():
        cards = played if isinstance(played, list) else [played]
        one = "," if isinstance(played, list) and len(played) == 1 else ""
        words.append(f"{who}=" + ",".join(f"{c['card']}:{c['hint']}" for c in cards) + one)
    if "double" in half:
        words.append(f"double={half['double']['by']}:{'yes' if half['double']['accepted'] else 'no'}")
    words += [f"accuse={a}>{b}" for a, b in half.get("accused", {}).items()]
    if "pointed" in half:
        words += ["point", *(f"{a}>{b}" for a, b in half["pointed"].items())]
    words += [word for key, word in (("new_round", "new"), ("continue_round", "more")) if half.get(key)]
    return " ".join(words)
