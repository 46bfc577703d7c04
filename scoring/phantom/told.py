"""What the table is told in Tricks and the Phantom: a half's cards, its culprit and why, who scored
and who found it; at a round's end a tie at the top that lets the game go on, or the winner; what
to type for the next half; and the heading's variant and house rules.

Each is a fact (``scoring.phantom.words`` has its English, its catalogue every other language), worded
for each viewer.

>>> from scoring.phantom.notation import parse_line
>>> from scoring.phantom.record import walk
>>> from scoring.words import say_all
>>> players = ["Aki", "Ben", "Chie"]
>>> half = parse_line("Aki=10 Ben=P:red Chie=3 point Aki>Ben Ben>Aki Chie>Aki", players)
>>> told = half_told(walk({"players": players, "rounds": [{"halves": [half]}]}))
>>> say_all(told)[:2]
['Round 1, half 1: Aki 10, Ben P, Chie 3.', 'The Politician (10) is the highest card in play: the culprit.']
>>> say_all(told, "ja")[:2]
['第1ラウンド 前半戦：Aki 10、Ben 怪人、Chie 3。', '政治家（10）が最も大きいカードなので犯人です。']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.phantom.culprit import FOURTH, PHANTOM, HouseRules
from scoring.phantom.record import Walk, half_name
from scoring.phantom.words import VARIANTS, rule_key
from scoring.words import Fact, Words, listed


def code(value: int) -> str:
    """A card as it is typed and listed: P for the Phantom, else its number."""
    return "P" if value == PHANTOM else str(value)


def listed_code(value: int) -> Words:
    """A card as a half's cards list it: its number, a Phantom as the typed line's ``P`` is said
    (``怪人`` in Japanese)."""
    return Fact("phantom.line.P") if value == PHANTOM else str(value)


def _each(items: list[Words]) -> Fact:
    return Fact("phantom.each", items=tuple(items))


def where(w: Walk, r: int, h: int) -> Fact:
    """Round r, half h (a variant of one half a round: only the round)."""
    return half_name(r, h, w.spec["halves"])


def half_told(w: Walk) -> list[Words]:
    """The last half of ``w``: its cards, its culprit and why, who scored and who found it; at a
    round's end the winner, or a tie at the top that lets the game go on."""
    half = w.halves[-1]
    cards: dict[str, list[Words]] = {}
    for p in half.incident.plays:
        cards.setdefault(w.players[p.owner], []).append(listed_code(p.value))
    shown: list[Words] = [Fact("phantom.who_played", player=who, cards=tuple(c)) for who, c in cards.items()]
    if half.incident.fourth is not None:
        shown.insert(0, Fact("phantom.fourth_card", code=code(half.incident.fourth)))
    lines: list[Words] = [Fact("phantom.half_cards", where=where(w, half.round, half.half), shown=_each(shown))]
    lines += list(half.result.lines)
    culprit = half.result.culprit
    if half.incident.pointed and culprit.owner not in (None, FOURTH) and not half.result.found:
        lines.append(Fact("phantom.nobody_found"))
    if half.round_done:
        lines += ending(w)
    return lines


def ending(w: Walk) -> list[Words]:
    """After a round: the winner, or a tie at the top at or past the target (the game goes on)."""
    totals = w.totals
    top = max(totals)
    leaders = [p for p, n in zip(w.players, totals, strict=True) if n == top]
    if w.over:
        return [Fact("phantom.won", player=leaders[0], points=top)]
    if top >= w.target and len(leaders) > 1:
        return [Fact("phantom.tied", players=listed(leaders), points=top)]
    return []


def next_half(w: Walk, r: int, h: int, more: bool) -> Fact:
    """What to type for round ``r``, half ``h``, as the variant has it (``more``: the round may
    have West Coast's second half)."""
    a, b = [*w.players, "Ben"][:2]
    if w.variant == "poker":
        body = Fact("phantom.poker_cards", a=a, b=b)
    else:
        fourth = "fourth=6 " if w.variant == "fourth_person" else ""
        body = Fact("phantom.cards_then_point", a=a, b=b, fourth=fourth)
    return Fact(
        "phantom.next_half",
        where=where(w, r, h),
        body=body,
        accuse=Fact("phantom.accuse", a=a, b=b) if w.rules.phantom_accusations else "",
        more=Fact("phantom.more_half") if more else "",
    )


def variant(header: Mapping[str, Any]) -> Words:
    """The variant and the house rules set away from their defaults, in table words."""
    said: list[Words] = []
    chosen = header.get("variant", "base")
    if chosen != "base":
        known = isinstance(chosen, str) and chosen in VARIANTS
        said.append(Fact(f"phantom.variant_{chosen}") if known else str(chosen))
    settings = header.get("settings") or {}
    defaults = HouseRules()
    for name in HouseRules.DOCS:
        value = settings.get(name, getattr(defaults, name))
        if value == getattr(defaults, name) or isinstance(value, (dict, list)):
            continue
        if name == "target":
            said.append(Fact("phantom.target", target=value))
        else:
            key = rule_key(name, value)
            said.append(Fact(key) if key else f"{name}={value}")
    return _each(said) if said else ""
