"""The Tricks and the Phantom arbiter: who is the culprit among the cards in play, and why."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from scoring.arbiter import rule_line, times
from scoring.errors import RuleViolation
from scoring.phantom.culprit import PHANTOM, HouseRules, card, card_name, find_culprit, variants
from scoring.phantom.record import parse_card, phantom_count
from scoring.words import Fact, say, say_all


def arbitrate(cards: list[str], settings: Mapping[str, Any], lang: str = "en") -> list[str]:
    """The cards in play; ``variant`` among the settings (base by default) sets how many Phantoms the
    deck holds, with the ``edition`` house rule, as a record does.

    >>> arbitrate(["10", "5", "9"], {})[-2:]
    ['The culprit is card 3 in the order given.', 'Rule: phantom.culprit.']
    >>> arbitrate(["8", "8"], {})
    Traceback (most recent call last):
    ...
    scoring.errors.RuleViolation: The Madam (8) is given twice: there is one of each suspect. [phantom.cards]
    """
    settings = dict(settings)
    variant = str(settings.pop("variant", "base"))
    if variant not in variants():
        raise RuleViolation(
            "phantom.phantom-variants",
            f"Unknown variant {variant!r}; known: {', '.join(variants())}.",
            f"「{variant}」というバリエーションはありません。",
        )
    rules = HouseRules.from_dict(settings)
    in_play = [(i, parse_card(c)) for i, c in enumerate(cards)]
    counts = Counter(v for _, v in in_play)
    for v, given in sorted(counts.items()):
        if v != PHANTOM and given > 1:
            raise RuleViolation(
                "phantom.cards",
                f"The {card_name(v)} is given {times(given)}: there is one of each suspect.",
                f"{say(card(v), 'ja')}が{given}回あります。容疑者は各1枚です。",
            )
    phantoms = phantom_count(variants()[variant], rules)
    if counts[PHANTOM] > phantoms:
        deck = variants()[variant]["name"] + (f" ({rules.edition} edition)" if variant == "base" else "")
        more_en = more_ja = ""
        if phantoms == 1:
            more_en = (
                " For two, use --setting edition=oink, or a variant with two: --setting "
                "variant=fourth_person or variant=west_coast."
            )
            more_ja = "（2枚なら --setting edition=oink、または variant=fourth_person か variant=west_coast）"
        raise RuleViolation(
            "phantom.cards",
            f"The Phantom is given {times(counts[PHANTOM])}, but the deck of the {deck} holds {phantoms}.{more_en}",
            f"怪人が{counts[PHANTOM]}回ありますが、このデッキの怪人は{phantoms}枚です{more_ja}。",
        )
    culprit = find_culprit(in_play, rules)
    which = (
        Fact("phantom.card_number", number=culprit.owner + 1) if culprit.owner is not None else Fact("phantom.no_card")
    )
    told = [*culprit.lines, Fact("phantom.in_order", which=which)]
    return [*say_all(told, lang), rule_line("phantom.culprit", lang)]
