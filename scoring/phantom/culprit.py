"""Who is the culprit, and why.

>>> from scoring.words import say
>>> c = find_culprit([(0, 10), (1, 5), (2, 9), (3, 1)], HouseRules())
>>> c.value, c.owner
(9, 2)
>>> say(c.lines[-1])
'The 10 would be the culprit, but the Forensic expert (5) is in play, so the 10 escapes: the 9 is the culprit.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import ClassVar

from scoring.data import load_toml
from scoring.houserules import HouseRuleSet
from scoring.phantom import words as _words  # noqa: F401  (the words a card and a culprit are said in)
from scoring.words import Fact, Words

PHANTOM = 1
FOURTH = -1  # the owner of the 4th person's card


@cache
def cards() -> dict[int, dict]:
    return {row["value"]: row for row in load_toml("phantom", "cards.toml")["card"]}


@cache
def variants() -> dict[str, dict]:
    return load_toml("phantom", "cards.toml")["variants"]


def card(v: int) -> Fact:
    """A card as the table says it: the Politician (10), 政治家（10） (``phantom.card``)."""
    return Fact("phantom.card", value=v)


@dataclass(frozen=True)
class HouseRules(HouseRuleSet):
    RULE: ClassVar[str] = "phantom.house-rules"
    DOCS: ClassVar[dict] = {  # each setting's choices; its words: phantom.rule.<name>
        "edition": ("original", "oink"),
        "correct_guess_points": ("players_minus_correct", "one"),
        "reversals": ("bar_owner_ten", "swapped"),
        "escapes": ("forensic_ten", "swapped"),
        "courier_counts_phantom": (True, False),
        "detective_doubles_phantom": (False, True),
        "phantom_penalty": (1, 2),
        "phantom_accusations": (False, True),
        "wrong_accusation_pays": ("owner", "bank"),
        "floor_zero": (False, True),
        "target": tuple(range(0, 31)),
        "five_player_second_half": ("never", "only_if_someone_guessed"),
        "self_pointing": (False, True),
    }

    edition: str = "original"
    correct_guess_points: str = "players_minus_correct"
    reversals: str = "bar_owner_ten"
    escapes: str = "forensic_ten"
    courier_counts_phantom: bool = True
    detective_doubles_phantom: bool = False
    phantom_penalty: int = 1
    phantom_accusations: bool = False
    wrong_accusation_pays: str = "owner"
    floor_zero: bool = False
    target: int = 0
    five_player_second_half: str = "never"
    self_pointing: bool = False


@dataclass(frozen=True)
class Culprit:
    value: int | None  # None: nobody is the culprit
    owner: int | None  # seat, FOURTH for the 4th person, None
    lines: tuple[Words, ...]


def find_culprit(in_play: Sequence[tuple[int, int]], rules: HouseRules) -> Culprit:
    """The culprit among (owner, value) cards in play, with the reasoning in plain words (facts)."""
    values = [v for _, v in in_play]
    owner_of = {v: o for o, v in in_play if v != PHANTOM}
    ten_rev, high_rev = (2, 3) if rules.reversals == "bar_owner_ten" else (3, 2)
    lines: list[Words] = []
    if ten_rev in values and 10 in values:
        lines.append(Fact("phantom.ten_in_play", card=card(ten_rev)))
        return Culprit(ten_rev, owner_of[ten_rev], tuple(lines))
    if high_rev in values:
        others = [v for v in values if v != high_rev and (rules.courier_counts_phantom or v != PHANTOM)]
        if others and all(v >= 5 for v in others):
            lines.append(Fact("phantom.all_high", card=card(high_rev)))
            return Culprit(high_rev, owner_of[high_rev], tuple(lines))
    ten_esc, nine_esc = (5, 4) if rules.escapes == "forensic_ten" else (4, 5)
    escapes = {}
    if ten_esc in values:
        escapes[10] = ten_esc
    if nine_esc in values:
        escapes[9] = nine_esc
    suspects = sorted((v for v in values if v != PHANTOM), reverse=True)
    for v in suspects:
        if v in escapes:
            lines.append(Fact("phantom.escapes", value=v, card=card(escapes[v]), then=""))
            continue
        if lines:  # the last card to escape names the culprit
            escaped = lines[-1]
            assert isinstance(escaped, Fact)
            lines[-1] = Fact(escaped.key, **{**escaped.values, "then": Fact("phantom.then_culprit", value=v)})
        else:
            lines.append(Fact("phantom.highest", card=card(v)))
        return Culprit(v, owner_of[v], tuple(lines))
    lines.append(Fact("phantom.no_suspect"))
    return Culprit(None, None, tuple(lines))
