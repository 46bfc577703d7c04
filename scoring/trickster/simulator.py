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

from scoring.trickster.effects import YES, hero_code, resolvable, resolve
from scoring.trickster.engine import apply, dealt, laid, playable, timeline_size, trash_size, turn_done
from scoring.trickster.events import (
    Bust,
    CardPlayed,
    Effect,
    Event,
    HandsRevealed,
    RoundStarted,
)
from scoring.trickster.state import OVER, REVEAL, SETUP, TRICK, Game, State, new_game
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

    chosen = choose(s, me, hcode, pick, depth)
    x = Effect(**chosen)
    got = inner(s, me, hcode, x)
    return x if got is None else Effect(**chosen, then=random_effect(got[0], me, got[1], rng, depth + 1))


def _play(s: State, rng: random.Random) -> tuple[CardPlayed, State] | tuple[Bust, None]:
    """A random legal move in a trick: a card among those the engine's ``legal`` offers, its effect
    among the effect's ``options``, with the state it was laid in (``engine.laid``, not yet
    resolved); or, with no card to play, the bust (and None)."""
    me = s.turns[0]
    cards = playable(s, me)  # the cards of ``legal``, in its order
    if not cards:  # with the hands known, a bust is legal only when no card is
        return Bust(me), None
    c = cards[int(rng.random() * len(cards))]
    w = laid(s, me, c)
    return CardPlayed(me, c, random_effect(w, me, hero_code(c), rng)), w


def next_event(s: State, rng: random.Random) -> Event:
    """One random legal event for a full-information state: a card among the engine's ``legal``
    (a forced bust takes no choice), its effect among the effect's ``options``."""
    if s.phase == SETUP:
        return deal(s.game, rng)
    if s.phase == REVEAL:
        return HandsRevealed(tuple(tuple(sorted(h.known)) for h in s.hands))
    return _play(s, rng)[0]


def _resolved(w: State, e: CardPlayed) -> State:
    """What ``apply`` gives for ``e``, from the state its card was laid in (``w``, edited): the effect
    is resolved, but what the engine's own lists chose is not checked again (the turn, the card,
    and a skip, which ``random_effect`` makes only when the effect cannot be resolved)."""
    if e.effect is not None:
        resolve(w, e.player, hero_code(e.card), e.effect)
    return turn_done(w)


def play_game(game: Game, seed: int | None = None, rng: random.Random | None = None) -> tuple[list[Event], State]:
    """Play one complete 3-round game; returns its events and the final state. A card played
    goes on from the state ``random_effect`` chose in (:func:`_resolved`); every other event goes
    through ``apply``, as every replay of these events does."""
    rng = rng or random.Random(seed)
    s = new_game(game)
    events: list[Event] = []
    while s.phase != OVER:
        if s.phase == TRICK:
            e, laid_in = _play(s, rng)
            s = apply(s, e) if laid_in is None else _resolved(laid_in, e)
        else:
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
