"""The Trickster arbiter: may each card follow the pot, and why."""

from __future__ import annotations

from scoring.arbiter import rule_line
from scoring.errors import RuleViolation
from scoring.trickster.cards import Deck, code, name, name_ja, parse
from scoring.trickster.state import Header, new_game
from scoring.trickster.words import card
from scoring.trickster.zones import add_to_pot, can_follow, describe_pattern
from scoring.words import say, teller, words


def _no_card_twice(parsed: list[int], where_en: str, where_ja: str) -> None:
    """Refuse a Trickster card named twice in one list (each card of the 56 exists once)."""
    for i, c in enumerate(parsed):
        if c in parsed[:i]:
            raise RuleViolation(
                "trickster.cards",
                f"The {name(c)} ({code(c)}) is given twice {where_en}: each card exists once.",
                f"{name_ja(c)}が{where_ja}2回あります。各カードは1枚だけです。",
            )


def arbitrate(cards: list[str], pot: list[str], deck: str, settings: dict, lang: str = "en") -> list[str]:
    """May each of ``cards`` follow a pot of ``pot`` (lead first)?

    >>> arbitrate(["RGUA", "BSOL"], ["RBRI", "RMAG"], "introductory", {})[1:]
    ['The red Guard may be played: it fits (follow red).', 'The blue Soldier may not follow: follow red. \
A player holding a card that fits must play one; with none, they bust.', 'Rule: trickster.pattern, trickster.follow.']
    """
    d = Deck.preset(deck) if "," not in deck else Deck.of([h.strip() for h in deck.split(",")])
    s = new_game(Header(("A", "B", "C", "D"), d)).copy()
    s.leader = 0
    in_pot = [parse(code, d) for code in pot]
    _no_card_twice(in_pot, "in the pot", "場に")
    asked = [parse(code, d) for code in cards]
    _no_card_twice(asked, "among the cards asked about", "質問に")
    for c in in_pot:
        add_to_pot(s, c, by_effect=False)
    pattern = describe_pattern(s)
    cards_in_pot = _said("arbiter.cards", items=tuple(card(c) for c in s.pot)) if s.pot else _said("arbiter.empty")
    lines = [_said("arbiter.pot", pot=cards_in_pot, pattern=pattern)]
    for c in asked:
        named = card(c)
        if c in s.pot:
            lines.append(_said("arbiter.in_pot", card=named))
        elif can_follow(s, c):
            lines.append(_said("arbiter.fits", card=named, pattern=pattern))
        else:
            lines.append(_said("arbiter.no_follow", card=named, pattern=pattern))
    lines = [say(line, lang) for line in lines]
    return [*lines, rule_line("trickster.pattern, trickster.follow", lang)]


_said = teller("trickster")
words(
    "trickster",
    {
        "arbiter.cards": (lambda v: ", ".join(v["items"]), lambda v: "、".join(v["items"])),
        "arbiter.empty": "empty",
        "arbiter.pot": "Pot: {pot} — {pattern}.",
        "arbiter.in_pot": "The {card} is already in the pot.",
        "arbiter.fits": "The {card} may be played: it fits ({pattern}).",
        "arbiter.no_follow": "The {card} may not follow: {pattern}. A player holding a card that fits must play one; "
        "with none, they bust.",
    },
)
