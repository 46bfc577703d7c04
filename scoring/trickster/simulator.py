"""A full-information simulator: it deals real shuffled decks and plays random legal games, every
effect choice included, so properties can be checked over thousands of games.

>>> from scoring.trickster.cards import Deck
>>> from scoring.trickster.state import Game
>>> events, final = play_game(Game(("Aki", "Ben", "Chie", "Dan", "Emi"), Deck.preset("strategy")), seed=7)
>>> final.phase, len(final.scores)
('over', 3)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from scoring.trickster.effects import YES, hero_code, resolvable
from scoring.trickster.engine import apply, dealt, laid, legal, timeline_size, trash_size
from scoring.trickster.events import (
    CardPlayed,
    Effect,
    Event,
    HandsRevealed,
    RoundStarted,
)
from scoring.trickster.state import OVER, REVEAL, SETUP, Game, State, new_game
from scoring.trickster.targets import Slot, choose, inner, secret


def deal(game: Game, rng: random.Random) -> RoundStarted:
    """Shuffle the 56 cards; the trash, the hands, one tableau pick each, the Timeline (the engine's
    sizes for this many players)."""
    cards = list(game.deck.cards())
    rng.shuffle(cards)
    n = len(game.players)
    size = dealt(n)
    trash = trash_size()
    timeline = timeline_size(game)
    trashed, rest = tuple(cards[:trash]), cards[trash:]
    hands = [rest[i * size : (i + 1) * size] for i in range(n)]
    rest = rest[n * size :]
    picks = tuple(hand.pop(rng.randrange(len(hand))) for hand in hands)
    return RoundStarted(
        trash=trashed,
        tableau=picks,
        timeline=tuple(rest[:timeline]),
        hands=tuple(tuple(h) for h in hands),
        deck=tuple(rest[timeline:]),
    )


def _pick(seq: Sequence[int], rng: random.Random) -> int:
    return seq[int(rng.random() * len(seq))]


def random_effect(s: State, me: int, hcode: str, rng: random.Random, depth: int = 0) -> Effect | None:
    """A random complete resolution of ``hcode``'s effect, chosen field by field (``TARGETS``)
    among the engine's ``targets.options`` (:func:`targets.choose`), then the effect it resolves in
    turn; or None when the rules let it be skipped (full information)."""
    if resolvable(s, me, hcode, depth) != YES:
        return None

    def pick(slot: Slot, values: list[int]) -> int:
        if slot.field == "copy":  # a copied effect is resolved, never skipped: one that can be
            can = {h: resolvable(s, me, h, depth + 1) == YES for h in {hero_code(c) for c in values}}
            values = [c for c in values if can[hero_code(c)]]
        if not slot.chosen:  # the cards decide it
            return values[0]
        if slot.field.startswith("enemy"):  # players by rng.choice, cards by _pick: seeded games stay the same
            return rng.choice(values)
        return _pick(values, rng)

    x = Effect(**choose(s, me, hcode, pick, depth))
    got = inner(s, me, hcode, x)
    return x if got is None else replace(x, then=random_effect(got[0], me, got[1], rng, depth + 1))


def next_event(s: State, rng: random.Random) -> Event:
    """One random legal event for a full-information state: a card among the engine's ``legal``
    (a forced bust takes no choice), its effect among the effect's ``options``."""
    if s.phase == SETUP:
        return deal(s.game, rng)
    if s.phase == REVEAL:
        return HandsRevealed(tuple(tuple(sorted(h.known)) for h in s.hands))
    moves = legal(s)
    plays = [m for m in moves if isinstance(m, CardPlayed)]
    if not plays:  # with the hands known, a bust is legal only when no card is
        return moves[0]
    play = plays[int(rng.random() * len(plays))]
    w = laid(s, play.player, play.card)
    return CardPlayed(play.player, play.card, random_effect(w, play.player, hero_code(play.card), rng))


def play_game(game: Game, seed: int | None = None, rng: random.Random | None = None) -> tuple[list[Event], State]:
    """Play one complete 3-round game; returns its events and the final state."""
    rng = rng or random.Random(seed)
    s = new_game(game)
    events: list[Event] = []
    while s.phase != OVER:
        e = next_event(s, rng)
        s = apply(s, e)
        events.append(e)
    return events, s


def _hide(x: Effect | None, hcode: str) -> Effect | None:
    if x is None:
        return None
    changes: dict = dict.fromkeys(secret(hcode))
    if x.then is not None and x.copy is not None:
        changes["then"] = _hide(x.then, hero_code(x.copy))
    elif x.then is not None and x.card is not None:  # Inventor under inventor_resolves
        changes["then"] = _hide(x.then, hero_code(x.card))
    return replace(x, **changes) if changes else x


def public(event: Event) -> Event:
    """What the table sees of an event: dealt hands, deck order and secret card moves removed."""
    if isinstance(event, RoundStarted):
        return replace(event, hands=None, deck=None)
    if isinstance(event, CardPlayed):
        return replace(event, effect=_hide(event.effect, hero_code(event.card)))
    return event
