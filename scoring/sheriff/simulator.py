"""A full-information Sheriff simulator: real deals, random roles and trump, random legal plays.

>>> events, final = play_game(Header(("Aki", "Ben", "Chie")), seed=2)
>>> final.phase
'over'
"""

from __future__ import annotations

import random

from scoring.sheriff.cards import JOKER
from scoring.sheriff.engine import (
    DEAL,
    OVER,
    ROLES,
    CardPlayed,
    DealStarted,
    Event,
    Header,
    State,
    apply,
    legal,
    new_game,
)


def deal(rng: random.Random) -> DealStarted:
    cards = list(range(21))
    rng.shuffle(cards)
    hands = tuple(tuple(sorted(cards[i::3])) for i in range(3))
    joker = next(p for p in range(3) if JOKER in hands[p])
    roles: list[str | None] = [None] * 3
    left = list(ROLES)
    for i in range(3):  # the Joker holder picks first, then clockwise
        p = (joker + i) % 3
        roles[p] = left.pop(rng.randrange(len(left)))
    trump = rng.choice([0, 1, 2, 3, None])
    return DealStarted(joker, tuple(roles), trump, hands)


def play_game(game: Header, seed: int | None = None, max_deals: int = 200) -> tuple[list[Event], State]:
    rng = random.Random(seed)
    s = new_game(game)
    events: list[Event] = []
    while s.phase != OVER and s.deal <= max_deals:
        e = deal(rng) if s.phase == DEAL else CardPlayed(s.to_play, rng.choice(legal(s)))
        s = apply(s, e)
        events.append(e)
    return events, s


def public(e: Event) -> Event:
    """What the table sees: the deal without the hands."""
    if isinstance(e, DealStarted):
        return DealStarted(e.joker, e.roles, e.trump)
    return e
