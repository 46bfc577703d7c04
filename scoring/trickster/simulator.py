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
from dataclasses import replace

from scoring.trickster.cards import heroes
from scoring.trickster.effects import COPIERS, YES, hero_code, resolvable
from scoring.trickster.engine import apply, dealt
from scoring.trickster.events import (
    HIDDEN_FIELDS,
    Bust,
    CardPlayed,
    Effect,
    Event,
    HandsRevealed,
    RoundStarted,
)
from scoring.trickster.state import OVER, REVEAL, SETUP, Game, State, new_game
from scoring.trickster.zones import add_to_pot, can_follow, take_from_hand


def deal(game: Game, rng: random.Random) -> RoundStarted:
    """Shuffle the 56 cards; 6 to the trash, the hands, one tableau pick each, the Timeline."""
    cards = list(game.deck.cards())
    rng.shuffle(cards)
    n = len(game.players)
    size = dealt(n)
    trash, rest = tuple(cards[:6]), cards[6:]
    hands = [rest[i * size:(i + 1) * size] for i in range(n)]
    rest = rest[n * size:]
    picks = tuple(hand.pop(rng.randrange(len(hand))) for hand in hands)
    timeline_len = 12 if game.timeline_variant else 0
    return RoundStarted(trash=trash, tableau=picks, timeline=tuple(rest[:timeline_len]),
                        hands=tuple(tuple(h) for h in hands), deck=tuple(rest[timeline_len:]))


def _enemies(s: State, me: int) -> list[int]:
    return [p for p in range(len(s.players)) if p != me]


def _second(s: State, me: int, e1: int, rng: random.Random) -> int:
    options = _enemies(s, me)
    if s.game.rules.distinct_enemies and len(options) > 1:
        options.remove(e1)
    return rng.choice(options)


def _trash(s: State) -> tuple[int, ...]:
    return s.trash[-1:] if s.game.rules.trash_pick == "top" else s.trash


def _pick(seq, rng: random.Random):
    seq = tuple(seq)
    return seq[int(rng.random() * len(seq))]


def random_effect(s: State, me: int, hcode: str, rng: random.Random, depth: int = 0) -> Effect | None:
    """A random complete resolution of ``hcode``'s effect, or None when none exists (full info)."""
    if resolvable(s, me, hcode, depth) != YES:
        return None
    hand, tab = s.hands[me], s.tableaus[me]
    if hcode in ("BRI", "SOL"):
        source = tab if hcode == "BRI" else hand.known
        return Effect(card=_pick(source, rng), enemy=rng.choice(_enemies(s, me)))
    if hcode in ("MAG", "WIT"):
        return Effect(card=_pick(tab, rng))
    if hcode == "SHA":
        return Effect(card=_pick(hand.known, rng))
    if hcode in ("DOC", "GUA", "NOM"):
        e = rng.choice([p for p in _enemies(s, me) if s.tableaus[p]])
        x = Effect(card=_pick(s.tableaus[e], rng), enemy=e)
        return replace(x, enemy2=_second(s, me, e, rng)) if hcode == "DOC" else x
    if hcode == "EXP":
        a, b = s.deck[0], s.deck[1]
        return Effect(card=a, card2=b) if rng.random() < 0.5 else Effect(card=b, card2=a)
    if hcode == "INV":
        flipped = s.deck[0]
        then = None
        if s.game.rules.inventor_resolves and can_follow(s, flipped):
            w = s.copy()
            w.deck = w.deck[1:]
            add_to_pot(w, flipped, by_effect=True)
            then = random_effect(w, me, hero_code(flipped), rng, depth + 1)
        return Effect(card=flipped, then=then)
    if hcode == "PED":
        e = rng.choice([p for p in _enemies(s, me) if s.hands[p].size])
        return Effect(card=_pick(hand.known, rng), card2=_pick(s.hands[e].known, rng), enemy=e)
    if hcode in ("REV", "HUN"):
        x = Effect(card=_pick(_trash(s), rng))
        return replace(x, enemy=rng.choice(_enemies(s, me))) if hcode == "HUN" else x
    if hcode == "SCA":
        return Effect(card=_pick(tab, rng), card2=_pick(_trash(s), rng))
    if hcode == "SCI":
        top = s.deck[0]
        return Effect(card=top, card2=_pick((*hand.known, top), rng))
    if hcode == "VIG":
        e = rng.choice([p for p in _enemies(s, me) if s.tableaus[p]])
        return Effect(card=_pick(_trash(s), rng), card2=_pick(s.tableaus[e], rng), enemy=e)
    if hcode == "NOB":
        return Effect(card=_pick([c for c in tab if can_follow(s, c)], rng))
    if hcode == "BEA":
        return Effect(card=_pick([c for c in hand.known if can_follow(s, c)], rng))
    if hcode in ("SAI", "MAV"):
        e = rng.choice([p for p in _enemies(s, me) if s.hands[p].size])
        c = _pick(s.hands[e].known, rng)
        e2 = rng.randrange(len(s.players)) if hcode == "SAI" else _second(s, me, e, rng)
        return Effect(card=c, enemy=e, enemy2=e2)
    if hcode == "SMU":
        e = rng.choice([p for p in _enemies(s, me) if s.hands[p].size >= 2])
        a, b = rng.sample(sorted(s.hands[e].known), 2)
        return Effect(card=a, card2=b, enemy=e, enemy2=_second(s, me, e, rng))
    if hcode in ("ARC", "GEN"):
        pool = (*tab, *_trash(s)) if hcode == "ARC" else (*_trash(s), *hand.known)
        options = [c for c in pool
                   if (hero_code(c) not in COPIERS or (s.game.rules.copy_copiers and depth == 0))
                   and resolvable(s, me, hero_code(c), depth + 1) == YES]
        c = _pick(options, rng)
        return Effect(copy=c, then=random_effect(s, me, hero_code(c), rng, depth + 1))
    raise KeyError(hcode)


def next_event(s: State, rng: random.Random) -> Event:
    """One random legal event for a full-information state."""
    if s.phase == SETUP:
        return deal(s.game, rng)
    if s.phase == REVEAL:
        return HandsRevealed(tuple(tuple(sorted(h.known)) for h in s.hands))
    me = s.turns[0]
    playable = [c for c in s.hands[me].known if can_follow(s, c)]
    if not playable:
        return Bust(me)
    c = playable[int(rng.random() * len(playable))]
    w = s.copy()
    take_from_hand(w, me, c)
    add_to_pot(w, c, by_effect=False)
    return CardPlayed(me, c, random_effect(w, me, heroes()[c >> 3].code, rng))


def play_game(game: Game, seed: int | None = None, rng: random.Random | None = None
              ) -> tuple[list[Event], State]:
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
    hidden = HIDDEN_FIELDS.get(hcode, ())
    changes: dict = {f: None for f in hidden}
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
