"""The Sheriff arbiter: who wins this trick, and why, card by card."""

from __future__ import annotations

from collections import Counter

from scoring.arbiter import rule_line, seats, times
from scoring.errors import RuleViolation
from scoring.sheriff.cards import JOKER, card, code, name, parse, suit_index
from scoring.sheriff.engine import explain_trick
from scoring.words import say, say_all

SHERIFF_TRICK = 3  # Sheriff is for exactly 3 players, one card each


def arbitrate(cards: list[str], trump: str | None, lang: str = "en") -> list[str]:
    """Who wins this trick and why, card by card (``trump``: a suit, or none).

    >>> arbitrate(["Kh", "Ah", "Qs"], "spades")[-2:]
    ['Player 3 wins the trick.', 'Rule: sheriff.trick.']
    """
    if len(cards) > SHERIFF_TRICK:
        raise RuleViolation(
            "sheriff.trick",
            f"A Sheriff trick has {SHERIFF_TRICK} cards, one per player, not {len(cards)}.",
            f"シェリフのトリックは1人1枚の{SHERIFF_TRICK}枚です（{len(cards)}枚あります）。",
        )
    t = None if trump in (None, "none", "no-trump") else suit_index(trump)
    trick = [(i, parse(c)) for i, c in enumerate(cards)]
    for c, given in Counter(c for _, c in trick).items():
        if given > 1:
            raise RuleViolation(
                "sheriff.cards",
                f"The {name(c)} ({code(c)}) is given {times(given)}: the 21-card deck holds each card once.",
                f"{say(card(c), 'ja')}が{given}回あります。21枚のデッキに各カードは1枚です。",
            )
    if not trick:
        raise RuleViolation("sheriff.trick", "A trick needs at least one card.", "カードがありません。")
    if all(c == JOKER for _, c in trick):
        raise RuleViolation(
            "sheriff.trick",
            "Give the trick's other cards too: the Joker always loses, and the next card sets the suit to follow.",
            "トリックのほかのカードも入力してください。ジョーカーは必ず負け、次のカードがスートを決めます。",
        )
    return [*say_all(explain_trick(seats(len(trick), lang), trick, t), lang), rule_line("sheriff.trick", lang)]
