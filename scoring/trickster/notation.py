"""Trickster's typed notation: the line a player types at the table, and the line for an entry.

>>> parse_line("RGUA card=WGUA enemy=Ben", to_play="Aki")
{'play': 'RGUA', 'by': 'Aki', 'effect': {'card': 'WGUA', 'enemy': 'Ben'}}
>>> parse_line("RARC copy=KDOC then.card=WDOC then.enemy=Ben", to_play="Aki")["effect"]
{'copy': 'KDOC', 'then': {'card': 'WDOC', 'enemy': 'Ben'}}
>>> parse_line("bust", to_play="Chie"), parse_line("PED -", to_play="Dan")
({'bust': 'Chie'}, {'play': 'PED', 'by': 'Dan', 'effect': {}})
>>> parse_line("round trash=GPED,BSOL tableau=Aki:PBRI,Ben:PREV")
{'round': {'trash': ['GPED', 'BSOL'], 'tableau': {'Aki': 'PBRI', 'Ben': 'PREV'}}}
>>> parse_line("reveal Aki=ONOM,BPED Ben=")
{'reveal': {'Aki': ['ONOM', 'BPED'], 'Ben': []}}

A scoresheet round is the tableau counts by suit letter (R O Y G B P K W):

>>> parse_line("tableau Aki=R3,B1 Ben=B2,G1 Chie=")
{'tableau': {'Aki': {'red': 3, 'blue': 1}, 'Ben': {'blue': 2, 'green': 1}, 'Chie': {}}}

A play with no ``key=value`` means its effect could not be resolved; ``-`` after the card means it
was resolved with nothing to name (a Scion's secret draw), and ``then=-`` the same for a copied
effect:

>>> parse_line("RARC copy=KSCI then=-", to_play="Aki")["effect"]
{'copy': 'KSCI', 'then': {}}

A line that cannot be read is refused with what to type instead (rule ``record-format``), never
half read: a missing or extra word, or a count that is not a number, says so.

>>> parse_line("bust Ben Chie")
Traceback (most recent call last):
...
scoring.errors.RuleViolation: Type bust, or bust and the one player who busts (bust Ben). [record-format]

And back, for every entry:

>>> line_for(parse_line("RARC copy=KDOC then.card=WDOC then.enemy=Ben"))
'RARC copy=KDOC then.card=WDOC then.enemy=Ben'
>>> line_for(parse_line("RARC copy=KSCI then=-"))
'RARC copy=KSCI then=-'
"""

from __future__ import annotations

import json
from typing import Any

from scoring.errors import RuleViolation
from scoring.notation import named, unreadable, words_of
from scoring.trickster.cards import suits


def _bad(text: str) -> RuleViolation:
    return RuleViolation(
        "record-format",
        f"Cannot read {text!r}. Type a card code with its effect "
        "(RGUA card=WGUA enemy=Ben), bust, round …, reveal …, or a JSON entry.",
        f"「{text}」を読めません。",
    )


def parse_line(line: str, to_play: str | None = None) -> dict:
    """The entry for a typed Trickster line (see the module docstring)."""
    text = line
    words = words_of(line)
    head, rest = words[0].lower(), words[1:]
    if head == "bust":
        if len(rest) > 1:
            raise unreadable(
                "Type bust, or bust and the one player who busts (bust Ben).",
                "bust か、bust とバストした1人（bust Ben）を入力してください。",
            )
        who = rest[0] if rest else to_play
        return {"bust": who}
    if head == "round":
        setup: dict[str, Any] = {}
        for word in rest:
            key, _, value = word.partition("=")
            if key in ("trash", "timeline"):
                setup[key] = [c for c in value.split(",") if c]
            elif key == "tableau":
                pairs = [p for p in value.split(",") if p]
                if not all(":" in pair for pair in pairs):
                    raise _bad(text)
                setup[key] = dict(pair.split(":", 1) for pair in pairs)
            else:
                raise _bad(text)
        return {"round": setup}
    if head == "reveal":
        return {
            "reveal": {
                name: [c for c in cards.split(",") if c]
                for name, cards in named(rest, line, "reveal Aki=ONOM,BPED Ben=")
            }
        }
    if head == "tableau":
        return {
            "tableau": {
                name: _suit_counts(counts, text) for name, counts in named(rest, line, "tableau Aki=R3,B1 Ben=")
            }
        }
    entry: dict[str, Any] = {"play": words[0], "by": to_play} if to_play else {"play": words[0]}
    if rest == ["-"]:
        entry["effect"] = {}
        return entry
    effect: dict[str, Any] = {}
    for word in rest:
        key, eq, value = word.partition("=")
        if not eq:
            raise _bad(text)
        target = effect
        parts = key.split(".")
        for part in parts[:-1]:
            target = target.setdefault(part, {})
        target[parts[-1]] = {} if parts[-1] == "then" and value == "-" else value
    if effect:
        entry["effect"] = effect
    return entry


def _suit_counts(text: str, line: str) -> dict[str, int]:
    """``R3,B1`` as ``{"red": 3, "blue": 1}``."""
    by_letter = {s.letter: s.name.lower() for s in suits()}
    out: dict[str, int] = {}
    for part in (p for p in text.split(",") if p):
        suit = by_letter.get(part[:1].upper())
        if suit is None or not part[1:].isdecimal():  # "²" is a digit, but no number
            raise RuleViolation(
                "record-format",
                f"{part!r} in {line!r}: a count is a suit letter ({' '.join(by_letter)}) and a number, like R3.",
                f"「{part}」はスートの文字と数（R3など）ではありません。",
            )
        out[suit] = int(part[1:])
    return out


def line_for(entry: dict) -> str:
    """The typed line for a Trickster entry (the inverse of ``parse_line``)."""
    if "bust" in entry:
        return f"bust {entry['bust']}"
    if "round" in entry:
        r = entry["round"]
        parts = [
            "round",
            "trash=" + ",".join(r["trash"]),
            "tableau=" + ",".join(f"{k}:{v}" for k, v in r["tableau"].items()),
        ]
        if r.get("timeline"):
            parts.append("timeline=" + ",".join(r["timeline"]))
        return " ".join(parts)
    if "reveal" in entry:
        return "reveal " + " ".join(f"{k}={','.join(v)}" for k, v in entry["reveal"].items())
    if set(entry) == {"tableau"}:
        letter = {s.name.lower(): s.letter for s in suits()}
        return "tableau " + " ".join(
            f"{who}=" + ",".join(f"{letter[suit]}{n}" for suit, n in counts.items())
            for who, counts in entry["tableau"].items()
        )
    if "play" in entry:
        effect = entry.get("effect")
        if effect is None:
            return entry["play"]
        if not effect:
            return f"{entry['play']} -"

        def flat(obj: dict, prefix: str = "") -> list[str]:
            out = []
            for key, value in obj.items():
                if isinstance(value, dict):
                    out += flat(value, f"{prefix}{key}.") if value else [f"{prefix}{key}=-"]
                else:
                    out.append(f"{prefix}{key}={value}")
            return out

        return " ".join([entry["play"], *flat(effect)])
    return json.dumps(entry, ensure_ascii=False)
