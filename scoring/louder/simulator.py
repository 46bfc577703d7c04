"""A full-information LOUDER TRICKSTAR simulator for the property tests and examples.

The per-kind card counts and numbers are not known; the simulator assumes a plausible mix
(its own, not the data's): 11 each of Trickster, Destroyer and Seeker; 13 Traps (0), 16 Score
cards (1–5) and 10 Enemies (−2 to 2).
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
)


def make_deck(rng: random.Random) -> list[Card]:
    cards = [Card(k) for k in ("trickster", "destroyer", "seeker") for _ in range(11)]
    cards += [Card("trap", 0)] * 13
    cards += [Card("score", rng.randint(1, 5)) for _ in range(16)]
    cards += [Card("enemy", rng.randint(-2, 2)) for _ in range(10)]
    rng.shuffle(cards)
    return cards


def _lines(s: State, limit: int, rng: random.Random) -> tuple[tuple[int, int], ...]:
    """A random legal flip run: from an end of a line, straight inward, at most ``limit`` cards."""
    starts = []
    for (x, y) in s.field:
        for dx, dy in NEIGHBOURS:
            if (x - dx, y - dy) not in s.field:
                starts.append(((x, y), (dx, dy)))
    (x, y), (dx, dy) = rng.choice(starts)
    run = [(x, y)]
    while len(run) < rng.randint(1, limit) and (run[-1][0] + dx, run[-1][1] + dy) in s.field:
        run.append((run[-1][0] + dx, run[-1][1] + dy))
    cards = [s.field[c] for c in run]
    if "trap" in (c.kind for c in cards):
        run = run[:[c.kind for c in cards].index("trap") + 1]
    return tuple(run)


def play_game(game: Game, seed: int | None = None) -> tuple[list[Event], State]:
    rng = random.Random(seed)
    deck = make_deck(rng)
    n = len(game.players)
    hands = [deck[i * 7:(i + 1) * 7] for i in range(n)]
    deck = deck[n * 7:]
    s = new_game(game)
    events: list[Event] = []
    while s.phase != OVER:
        p = s.turn
        hand = hands[p]
        placements = [c for c in hand if c.placement]
        flippers = [c for c in hand if not c.placement]
        roll = rng.random()
        if placements and roll < 0.35:
            card = rng.choice(placements)
            if s.field:
                free = [(x + dx, y + dy) for (x, y) in s.field for dx, dy in NEIGHBOURS
                        if (x + dx, y + dy) not in s.field]
                cell = rng.choice(free)
            else:
                cell = (0, 0)
            said = rng.choice([card.code(), "score:5", "trap:0"])
            e: Event = Placed(p, card, cell, said)
            hand.remove(card)
        elif flippers and s.field and roll < 0.6:
            card = rng.choice(flippers)
            e = Used(p, card.kind, _lines(s, game.limit(card.kind), rng))
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
