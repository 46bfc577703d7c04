"""An independent scorer for Tricks and the Phantom, written from the rules text (§2.2–2.5, the
defaults it names), never calling the engine's culprit or scoring: a round of four players dealt at
random, each half scored by the text, must total what the engine scores.

* The culprit is the highest card in play, never the Phantom; the Forensic expert (5) lets the
  Politician (10) escape, the Tool dealer (4) the Yakuza (9). The Bar owner (2) is the culprit when
  the 10 is in play; else the Courier (3) when every other card in play is 5 or more (the Phantom
  counted as 1). No card left: nobody is the culprit.
* The culprit's player scores 1; each player who pointed at it scores the number of players less
  the number who did; all of it doubled when the Detective (6) is the culprit.
* Each player pointing at the Phantom's player pays them 1.

Under every combination of the house rules for those unconfirmed points (``reversals`` and
``escapes`` swapped, the Phantom not counted for the Courier, 1 a finder, a penalty of 2, the
Detective doubling the Phantom's too).
"""

from __future__ import annotations

import random

from hypothesis import example, given, settings
from hypothesis import strategies as st

from scoring.phantom.culprit import HouseRules
from scoring.records import read_record

PLAYERS = ("Aki", "Ben", "Chie", "Dan")
COLOURS = {10: "blue", 9: "blue", 8: "red", 7: "blue", 6: "yellow", 5: "red", 4: "red", 3: "yellow", 2: "yellow"}
PHANTOM = 1  # the Phantom's value (never the culprit)


def culprit(values: list[int], rules: dict) -> int | None:
    """The value of the culprit among the cards in play (``rules``: the house rules drawn)."""
    ten, high = (2, 3) if rules["reversals"] == "bar_owner_ten" else (3, 2)
    if ten in values and 10 in values:
        return ten
    others = [v for v in values if v != high and (rules["courier_counts_phantom"] or v != PHANTOM)]
    if high in values and others and all(v >= 5 for v in others):
        return high
    candidates = [v for v in values if v != PHANTOM]
    ten_escape, nine_escape = (5, 4) if rules["escapes"] == "forensic_ten" else (4, 5)
    if ten_escape in values:
        candidates = [v for v in candidates if v != 10]
    if nine_escape in values:
        candidates = [v for v in candidates if v != 9]
    return max(candidates, default=None)


def half_points(played: dict[str, int], pointed: dict[str, str], rules: dict) -> dict[str, int]:
    points = dict.fromkeys(PLAYERS, 0)
    value = culprit(list(played.values()), rules)
    times = 2 if value == 6 else 1
    if value is not None:
        owner = next(p for p, v in played.items() if v == value)
        finders = [p for p, target in pointed.items() if target == owner]
        each = len(PLAYERS) - len(finders) if rules["correct_guess_points"] == "players_minus_correct" else 1
        points[owner] += times
        for p in finders:
            points[p] += each * times
    phantom = next((p for p, v in played.items() if v == PHANTOM), None)
    take = rules["phantom_penalty"] * (times if rules["detective_doubles_phantom"] else 1)
    for p, target in pointed.items():
        if phantom is not None and target == phantom:
            points[p] -= take
            points[phantom] += take
    return points


RULES = (
    "reversals",
    "escapes",
    "courier_counts_phantom",
    "detective_doubles_phantom",
    "phantom_penalty",
    "correct_guess_points",
)


DEFAULTS = {r: HouseRules.DOCS[r][0] for r in RULES}


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32 - 1), st.fixed_dictionaries({r: st.sampled_from(HouseRules.DOCS[r]) for r in RULES}))
# the unconfirmed readings, each way, on deals that reach them: the Bar owner with the 10 (seed 4),
# the Courier with every other card 5 or more (seed 2), the Detective the culprit (seed 1)
@example(4, DEFAULTS)
@example(4, {**DEFAULTS, "reversals": "swapped"})
@example(2, DEFAULTS)
@example(2, {**DEFAULTS, "reversals": "swapped", "courier_counts_phantom": False})
@example(1, {**DEFAULTS, "detective_doubles_phantom": True, "phantom_penalty": 2})
def test_the_engine_scores_every_random_round_as_the_rules_text_does(seed, rules):
    rng = random.Random(seed)
    deck = [PHANTOM, *range(2, 11)]
    rng.shuffle(deck)
    halves, expected = [], dict.fromkeys(PLAYERS, 0)
    for h in range(2):
        played = dict(zip(PLAYERS, deck[h * 4 : h * 4 + 4], strict=True))
        pointed = {p: rng.choice([q for q in PLAYERS if q != p]) for p in PLAYERS}
        cards = {
            p: {"card": "P" if v == PHANTOM else str(v), "hint": COLOURS.get(v, rng.choice(["red", "blue", "yellow"]))}
            for p, v in played.items()
        }
        halves.append({"played": cards, "pointed": pointed})
        for p, points in half_points(played, pointed, rules).items():
            expected[p] += points
    record = {"game": "phantom", "players": list(PLAYERS), "settings": rules, "rounds": [{"halves": halves}]}
    scored = read_record(record)
    assert {s.player: s.total for s in scored.standings.places} == expected
