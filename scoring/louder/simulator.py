"""A full-information LOUDER TRICKSTAR simulator for the property tests and examples.

It deals the game's own deck (``Game.deck``: the table's, or the data's unverified default), so a
simulated game always fits the deck it is checked against. A strategy card without a flip limit
is used without flipping.

>>> from collections import Counter
>>> events, final = play_game(Game(("Aki", "Ben", "Chie")), seed=3)
>>> shown = Counter(c.code() for c in final.field.values())
>>> shown.update(c.code() for row in (*final.collected, *final.revealed) for c in row)
>>> shown.update(card for row in final.strategy for card in row)
>>> shown == Counter(Game(("Aki", "Ben", "Chie")).deck)
True
"""

from __future__ import annotations

import random

from scoring.louder.engine import (
    NEIGHBOURS,
    OVER,
    Card,
    Drew,
    Event,
    Game,
    HandsRevealed,
    Placed,
    State,
    Used,
    apply,
    new_game,
    parse_card,
)


def make_deck(game: Game, rng: random.Random) -> list[Card]:
    """The game's deck, shuffled."""
    cards = [parse_card(code) for code, n in game.deck.items() for _ in range(n)]
    rng.shuffle(cards)
    return cards


def _lines(s: State, limit: int, rng: random.Random) -> tuple[tuple[int, int], ...]:
    """A random legal flip run: from an end of a line, straight inward, at most ``limit`` cards."""
    starts = []
    for x, y in s.field:
        for dx, dy in NEIGHBOURS:
            if (x - dx, y - dy) not in s.field:
                starts.append(((x, y), (dx, dy)))
    (x, y), (dx, dy) = rng.choice(starts)
    run = [(x, y)]
    while len(run) < rng.randint(1, limit) and (run[-1][0] + dx, run[-1][1] + dy) in s.field:
        run.append((run[-1][0] + dx, run[-1][1] + dy))
    cards = [s.field[c] for c in run]
    if "trap" in (c.kind for c in cards):
        run = run[: [c.kind for c in cards].index("trap") + 1]
    return tuple(run)


def play_game(game: Game, seed: int | None = None) -> tuple[list[Event], State]:
    rng = random.Random(seed)
    deck = make_deck(game, rng)
    n = len(game.players)
    hands = [deck[i * 7 : (i + 1) * 7] for i in range(n)]
    deck = deck[n * 7 :]
    s = new_game(game)
    events: list[Event] = []
    while s.phase != OVER:
        p = s.turn
        hand = hands[p]
        placements = [c for c in hand if c.placement]
        usable = [c for c in hand if not c.placement and (s.field or game.limit(c.kind) is None)]
        roll = rng.random()
        if placements and roll < 0.35:
            card = rng.choice(placements)
            if s.field:
                free = [
                    (x + dx, y + dy) for (x, y) in s.field for dx, dy in NEIGHBOURS if (x + dx, y + dy) not in s.field
                ]
                cell = rng.choice(free)
            else:
                cell = (0, 0)
            said = rng.choice([card.code(), "score:5", "trap:0"])
            e: Event = Placed(p, card, cell, said)
            hand.remove(card)
        elif usable and roll < 0.6:
            card = rng.choice(usable)
            limit = game.limit(card.kind)
            e = Used(p, card.kind, _lines(s, limit, rng) if limit else ())
            hand.remove(card)
        else:
            e = Drew(p)
            hand.append(deck.pop())
        s = apply(s, e)
        events.append(e)
    reveal = HandsRevealed(tuple(tuple(h) for h in hands))
    s = apply(s, reveal)
    events.append(reveal)
    return events, s
