"""The KINGs arbiter: who wins this trick, and why, card by card."""

from __future__ import annotations

import re
from collections import Counter

from scoring.arbiter import rule_line, seats
from scoring.errors import RuleViolation
from scoring.kings.cards import COLORS, KING_COLORS, code, color_index, is_flag, is_rare, parse
from scoring.kings.settings import HouseRules
from scoring.kings.trick import DECLARATIONS, Play, judge
from scoring.kings.words import fact
from scoring.words import Fact, say_all

KINGS_MODIFIERS = ("samurai", "king", "sword", "nine", "one", "rare", "flag")
KINGS_MAX_TRICK = 5  # one card per player; the test-play rules are for 2, 4 or 5 players


def _kings_modifiers(text: str, card: str, mods: str) -> set[str]:
    """The modifiers after the colon, each one known; anything unread is refused, never dropped."""
    how = fact("refused.modifiers", known=KINGS_MODIFIERS)
    pieces = [m.strip().lower() for m in re.split(r"[+:]", mods)]
    unknown = next((m for m in pieces if m and m not in KINGS_MODIFIERS), None)
    if unknown is not None:
        rule, said = "kings.strength", [fact("refused.not_a_modifier", text=text, unknown=unknown)]
        if ":" in mods:
            said.append(fact("refused.second_colon_too"))
        if unknown in KING_COLORS:
            rule = "kings.kings"
            said.append(fact("refused.king_colour_modifier", card=card))
        raise RuleViolation(rule, Fact("sentences", items=(*said, how)))
    flags = {m for m in pieces if m}
    if ":" in mods:
        fix = f"{card}:{'+'.join(m for m in pieces if m)}"
        raise RuleViolation(
            "kings.strength", Fact("sentences", items=(fact("refused.second_colon", text=text, fix=fix), how))
        )
    declared = [d for d in DECLARATIONS if d in flags]
    if len(declared) > 1:
        raise RuleViolation(
            "kings.character.resistance", fact("refused.declared_twice", text=text, declared=tuple(declared))
        )
    return flags


def _times(n: int) -> Fact:
    """How many times a card or a king is given: ``twice``, ``3 times`` (``2回``)."""
    return fact("times.two" if n == 2 else "times.many", n=n)


def arbitrate(cards: list[str], settings: dict, lang: str = "en") -> list[str]:
    """Cards like ``r7``, ``k2``, ``RA``; modifiers after a colon: ``r4:samurai``, ``b3:king``,
    ``g2:sword``, ``r1:nine`` (Resistance), combined with ``+``. What cannot be read is refused."""
    if len(cards) > KINGS_MAX_TRICK:
        raise RuleViolation("kings.overview", fact("refused.trick_size", most=KINGS_MAX_TRICK, n=len(cards)))
    plays = []
    for seat, text in enumerate(cards):
        card_text, colon, mods = text.partition(":")
        if not card_text.strip():
            raise RuleViolation("kings.cards", fact("refused.no_card_before", text=text))
        c = parse(card_text)
        flags = _kings_modifiers(text, card_text.strip(), mods) if colon else set()
        sword = "sword" in flags
        king = None
        if "king" in flags:
            king = "white" if is_flag(c) or is_rare(c) or sword else COLORS[color_index(c)]
        declare = next((d for d in DECLARATIONS if d in flags), None)
        plays.append(Play(seat, c, king, sword, declare, "samurai" in flags))
    for c, given in Counter(p.card for p in plays).items():
        copies = 2 if is_flag(c) or is_rare(c) else 1
        if given > copies:
            key = "refused.given_once" if copies == 1 else "refused.given_twice"
            raise RuleViolation("kings.cards", fact(key, card=fact("card", card=c), code=code(c), times=_times(given)))
    for color, given in Counter(p.king for p in plays if p.king).items():
        if given > 1:
            said = fact("refused.king_placed", color=fact("color", color=color), times=_times(given))
            raise RuleViolation("kings.kings", said)
    if sum(p.sword for p in plays) > 1:
        raise RuleViolation("kings.item.kings_sword", fact("refused.sword_twice"))
    ruling = judge(plays, seats(len(plays), lang), HouseRules.from_dict(settings))
    return [*say_all(ruling.lines, lang), rule_line("kings.strength, kings.ties", lang)]
