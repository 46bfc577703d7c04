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
from collections.abc import Iterable
from dataclasses import replace

from scoring.trickster.effects import COPIERS, YES, hero_code, resolvable
from scoring.trickster.engine import apply, dealt, laid, legal
from scoring.trickster.events import (
    HIDDEN_FIELDS,
    CardPlayed,
    Effect,
    Event,
    HandsRevealed,
    RoundStarted,
)
from scoring.trickster.state import OVER, REVEAL, SETUP, Game, State, new_game
from scoring.trickster.targets import inner, options


def deal(game: Game, rng: random.Random) -> RoundStarted:
    """Shuffle the 56 cards; 6 to the trash, the hands, one tableau pick each, the Timeline."""
    cards = list(game.deck.cards())
    rng.shuffle(cards)
    n = len(game.players)
    size = dealt(n)
    trash, rest = tuple(cards[:6]), cards[6:]
    hands = [rest[i * size : (i + 1) * size] for i in range(n)]
    rest = rest[n * size :]
    picks = tuple(hand.pop(rng.randrange(len(hand))) for hand in hands)
    timeline_len = 12 if game.timeline_variant else 0
    return RoundStarted(
        trash=trash,
        tableau=picks,
        timeline=tuple(rest[:timeline_len]),
        hands=tuple(tuple(h) for h in hands),
        deck=tuple(rest[timeline_len:]),
    )


def _pick(seq: Iterable[int], rng: random.Random) -> int:
    seq = tuple(seq)
    return seq[int(rng.random() * len(seq))]


def random_effect(s: State, me: int, hcode: str, rng: random.Random, depth: int = 0) -> Effect | None:
    """A random complete resolution of ``hcode``'s effect, chosen field by field among the engine's
    ``targets.options``, or None when the rules let it be skipped (full information)."""
    if resolvable(s, me, hcode, depth) != YES:
        return None

    def among(field: str, **chosen: int) -> list[int]:
        return options(s, me, hcode, Effect(**chosen), field, depth)

    if hcode in ("BRI", "SOL", "HUN"):
        c = _pick(among("card"), rng)
        return Effect(card=c, enemy=rng.choice(among("enemy", card=c)))
    if hcode in ("MAG", "WIT", "SHA", "REV", "NOB", "BEA"):
        return Effect(card=_pick(among("card"), rng))
    if hcode in ("DOC", "GUA", "NOM"):
        e = rng.choice(among("enemy"))
        c = _pick(among("card", enemy=e), rng)
        x = Effect(card=c, enemy=e)
        return replace(x, enemy2=rng.choice(among("enemy2", card=c, enemy=e))) if hcode == "DOC" else x
    if hcode in ("EXP", "SCA"):
        c = _pick(among("card"), rng)
        later = among("card2", card=c)  # the Explorer's other card is the one left
        return Effect(card=c, card2=later[0] if hcode == "EXP" else _pick(later, rng))
    if hcode == "INV":
        flipped = among("card")[0]
        x = Effect(card=flipped)
        got = inner(s, me, hcode, x)
        return replace(x, then=random_effect(got[0], me, got[1], rng, depth + 1)) if got else x
    if hcode == "SCI":
        top = among("card")[0]
        return Effect(card=top, card2=_pick(among("card2", card=top), rng))
    if hcode in ("PED", "VIG"):
        e = rng.choice(among("enemy"))
        c = _pick(among("card", enemy=e), rng)
        return Effect(card=c, card2=_pick(among("card2", enemy=e, card=c), rng), enemy=e)
    if hcode in ("SAI", "MAV"):
        e = rng.choice(among("enemy"))
        c = _pick(among("card", enemy=e), rng)
        return Effect(card=c, enemy=e, enemy2=rng.choice(among("enemy2", enemy=e, card=c)))
    if hcode == "SMU":
        e = rng.choice(among("enemy"))
        a, b = rng.sample(sorted(among("card", enemy=e)), 2)
        return Effect(card=a, card2=b, enemy=e, enemy2=rng.choice(among("enemy2", enemy=e, card=a, card2=b)))
    if hcode in COPIERS:
        c = _pick([c for c in among("copy") if resolvable(s, me, hero_code(c), depth + 1) == YES], rng)
        w, copied = inner(s, me, hcode, Effect(copy=c))
        return Effect(copy=c, then=random_effect(w, me, copied, rng, depth + 1))
    raise KeyError(hcode)


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
    return replace(play, effect=random_effect(w, play.player, hero_code(play.card), rng))


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
