"""The Trickster arbiter: may each card follow the pot, and why."""

from __future__ import annotations

from scoring.arbiter import rule_line
from scoring.errors import RuleViolation
from scoring.trickster.cards import Deck, code, parse
from scoring.trickster.state import Header, new_game
from scoring.trickster.words import card
from scoring.trickster.words import said as _said
from scoring.trickster.zones import add_to_pot, can_follow, describe_pattern
from scoring.words import say


def _no_card_twice(parsed: list[int], refused: str) -> None:
    """Refuse a Trickster card named twice in one list (each card of the 56 exists once)."""
    for i, c in enumerate(parsed):
        if c in parsed[:i]:
            raise RuleViolation("trickster.cards", _said(refused, card=card(c), code=code(c)))


def arbitrate(cards: list[str], pot: list[str], deck: str, settings: dict, lang: str = "en") -> list[str]:
    """May each of ``cards`` follow a pot of ``pot`` (lead first)?

    >>> arbitrate(["RGUA", "BSOL"], ["RBRI", "RMAG"], "introductory", {})[1:]
    ['The red Guard may be played: it fits (follow red).', 'The blue Soldier may not follow: follow red. \
A player holding a card that fits must play one; with none, they bust.', 'Rule: The follow pattern and Following.']
    """
    d = Deck.preset(deck) if "," not in deck else Deck.of([h.strip() for h in deck.split(",")])
    s = new_game(Header(("A", "B", "C", "D"), d)).copy()
    s.leader = 0
    in_pot = [parse(code, d) for code in pot]
    _no_card_twice(in_pot, "refused.twice_in_pot")
    asked = [parse(code, d) for code in cards]
    _no_card_twice(asked, "refused.twice_asked")
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
