"""The Sheriff arbiter: who wins this trick, and why, card by card."""

from __future__ import annotations

from collections import Counter

from scoring.arbiter import rule_line, seats
from scoring.errors import RuleViolation
from scoring.sheriff.cards import JOKER, card, code, fact, parse, suit_index
from scoring.sheriff.engine import explain_trick
from scoring.words import Fact, say_all

SHERIFF_TRICK = 3  # Sheriff is for exactly 3 players, one card each


def arbitrate(cards: list[str], trump: str | None, lang: str = "en") -> list[str]:
    """Who wins this trick and why, card by card (``trump``: a suit, or none).

    >>> arbitrate(["Kh", "Ah", "Qs"], "spades")[-2:]
    ['Player 3 wins the trick.', 'Rule: Who wins a trick.']
    """
    if len(cards) > SHERIFF_TRICK:
        raise RuleViolation("sheriff.trick", fact("refused.trick_too_long", most=SHERIFF_TRICK, given=len(cards)))
    t = None if trump in (None, "none", "no-trump") else suit_index(trump)
    trick = [(i, parse(c)) for i, c in enumerate(cards)]
    for c, given in Counter(c for _, c in trick).items():
        if given > 1:
            times = Fact("arbiter.times", n=given)
            raise RuleViolation("sheriff.cards", fact("refused.given_again", card=card(c), code=code(c), times=times))
    if not trick:
        raise RuleViolation("sheriff.trick", fact("refused.no_card"))
    if all(c == JOKER for _, c in trick):
        raise RuleViolation("sheriff.trick", fact("refused.only_joker"))
    return [*say_all(explain_trick(seats(len(trick), lang), trick, t), lang), rule_line("sheriff.trick", lang)]
