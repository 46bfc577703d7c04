"""The Tricks and the Phantom arbiter: who is the culprit among the cards in play, and why."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from scoring.arbiter import rule_line
from scoring.errors import RuleViolation
from scoring.phantom.culprit import PHANTOM, HouseRules, card, find_culprit, variants
from scoring.phantom.record import parse_card, phantom_count
from scoring.phantom.words import fact
from scoring.words import Fact, say_all


def arbitrate(cards: list[str], settings: Mapping[str, Any], lang: str = "en") -> list[str]:
    """The cards in play; ``variant`` among the settings (base by default) sets how many Phantoms the
    deck holds, with the ``edition`` house rule, as a record does.

    >>> arbitrate(["10", "5", "9"], {})[-2:]
    ['The culprit is card 3 in the order given.', 'Rule: Finding the culprit.']
    >>> arbitrate(["8", "8"], {})
    Traceback (most recent call last):
    ...
    scoring.errors.RuleViolation: The Madam (8) is given twice: there is one of each suspect. [phantom.cards]
    """
    settings = dict(settings)
    variant = str(settings.pop("variant", "base"))
    if variant not in variants():
        raise RuleViolation(
            "phantom.phantom-variants", fact("refused.unknown_variant", variant=variant, known=tuple(variants()))
        )
    rules = HouseRules.from_dict(settings)
    in_play = [(i, parse_card(c)) for i, c in enumerate(cards)]
    counts = Counter(v for _, v in in_play)
    for v, given in sorted(counts.items()):
        if v != PHANTOM and given > 1:
            times = fact("refused.times", n=given)
            raise RuleViolation("phantom.cards", fact("refused.given_twice", card=card(v), times=times))
    phantoms = phantom_count(variants()[variant], rules)
    if counts[PHANTOM] > phantoms:
        deck = fact("variant_name", variant=variant)
        if variant == "base":
            deck = fact("refused.deck_edition", name=deck, edition=rules.edition)
        said = fact(
            "refused.phantoms_given",
            times=fact("refused.times", n=counts[PHANTOM]),
            deck=deck,
            phantoms=phantoms,
            more=fact("refused.two_phantoms") if phantoms == 1 else "",
        )
        raise RuleViolation("phantom.cards", said)
    culprit = find_culprit(in_play, rules)
    which = (
        Fact("phantom.card_number", number=culprit.owner + 1) if culprit.owner is not None else Fact("phantom.no_card")
    )
    told = [*culprit.lines, Fact("phantom.in_order", which=which)]
    return [*say_all(told, lang), rule_line("phantom.culprit", lang)]
