"""A full-information LOUDER TRICKSTAR simulator for the property tests and examples.

It deals the game's own deck (``Header.deck``: the table's, or the data's unverified default), so a
simulated game always fits the deck it is checked against. Every turn it takes is one of the
engine's ``legal(state, hand)``: it only chooses among them (a flipping card is used to flip; a
strategy card without a flip limit is used without flipping).

>>> from collections import Counter
>>> events, final = play_game(Header(("Aki", "Ben", "Chie")), seed=3)
>>> shown = Counter(c.code() for c in final.field.values())
>>> shown.update(c.code() for row in (*final.collected, *final.revealed) for c in row)
>>> shown.update(card for row in final.strategy for card in row)
>>> shown == Counter(Header(("Aki", "Ben", "Chie")).deck)
True
"""

from __future__ import annotations

import random
from dataclasses import replace

from scoring.louder.engine import (
    OVER,
    Card,
    Drew,
    Event,
    HandsRevealed,
    Header,
    Placed,
    State,
    Used,
    apply,
    legal,
    new_game,
    parse_card,
)


def make_deck(game: Header, rng: random.Random) -> list[Card]:
    """The game's deck, shuffled."""
    cards = [parse_card(code) for code, n in game.deck.items() for _ in range(n)]
    rng.shuffle(cards)
    return cards


def choose(moves: list[Event], game: Header, rng: random.Random) -> Event:
    """One of ``moves`` (a state's legal turns): a placement about a third of the time, with a
    true or a bluffing announcement; a strategy card a quarter; else a draw."""
    places = [m for m in moves if isinstance(m, Placed)]
    uses = [m for m in moves if isinstance(m, Used) and (m.flips or game.limit(m.card) is None)]
    roll = rng.random()
    if places and roll < 0.35:
        e = rng.choice(places)
        bluffs = [code for code in ("score:5", "trap:0") if code in game.deck]  # a card of this deck
        return replace(e, said=rng.choice([e.card.code(), *bluffs]))
    if uses and roll < 0.6:
        return rng.choice(uses)
    return next(m for m in moves if isinstance(m, Drew))


def play_game(game: Header, seed: int | None = None) -> tuple[list[Event], State]:
    """A whole game dealt from ``game.deck`` and played to the reveal: (events, final state)."""
    rng = random.Random(seed)
    deck = make_deck(game, rng)
    n = len(game.players)
    hands = [deck[i * 7 : (i + 1) * 7] for i in range(n)]
    deck = deck[n * 7 :]
    s = new_game(game)
    events: list[Event] = []
    while s.phase != OVER:
        hand = hands[s.turn]
        e = choose(legal(s, hand), game, rng)
        if isinstance(e, Placed):
            hand.remove(e.card)
        elif isinstance(e, Used):
            hand.remove(Card(e.card))
        else:
            hand.append(deck.pop())
        s = apply(s, e)
        events.append(e)
    reveal = HandsRevealed(tuple(tuple(h) for h in hands))
    s = apply(s, reveal)
    events.append(reveal)
    return events, s
