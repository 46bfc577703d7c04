"""A full-information simulator: it deals real shuffled decks and plays random legal games, every
effect choice included, so properties can be checked over thousands of games.

>>> from scoring.trickster.cards import Deck
>>> from scoring.trickster.state import Header
>>> events, final = play_game(Header(("Aki", "Ben", "Chie", "Dan", "Emi"), Deck.preset("strategy")), seed=7)
>>> final.phase, len(final.scores)
('over', 3)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from scoring.trickster.effects import (
    CODES,
    COPIERS,
    EFFECTS,
    YES,
    copies,
    copy_value,
    hero_code,
    resolvable,
    staying,
)
from scoring.trickster.engine import apply, dealt, laid, playable, timeline_size, trash_size, turn_done
from scoring.trickster.events import (
    Bust,
    CardPlayed,
    Effect,
    Event,
    HandsRevealed,
    RoundStarted,
    TimelineLed,
    effect,
)
from scoring.trickster.state import OVER, REVEAL, SETUP, TRICK, Header, State, new_game
from scoring.trickster.targets import TARGETS, Slot, choose, inner, secret
from scoring.trickster.zones import followers


def deal(game: Header, rng: random.Random) -> RoundStarted:
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


# the heroes whose effect may resolve another card's (``targets.inner``): the copiers, and the
# Inventor under house rule inventor_resolves
_INNER = frozenset((*COPIERS, "INV"))


def _choice(s: State, me: int, slot: Slot, values: Sequence[int], rng: random.Random, depth: int) -> int:
    """The simulator's pick among the values ``slot`` may take: a copied effect is resolved, never
    skipped (only a hero whose effect can be is copied); a value the cards decide is the only one;
    players by ``rng.choice``, cards by :func:`_pick` (so seeded games stay the same)."""
    field = slot.field
    if field == "copy":
        values = [c for c in values if copy_value(s, me, c, depth) == YES]
    if not slot.chosen:
        return values[0]
    if field in ("enemy", "enemy2"):
        return rng.choice(values)
    return _pick(values, rng)


def random_effect(
    s: State, me: int, hcode: str, rng: random.Random, depth: int = 0, sure: bool = False
) -> Effect | None:
    """A random complete resolution of ``hcode``'s effect, chosen field by field (``TARGETS``)
    among the engine's ``targets.options`` (:func:`targets.choose`), then the effect it resolves in
    turn; or None when the rules let it be skipped (full information). ``sure``: the engine has
    already said the effect can be resolved (a copied card chosen because it can).

    With every card's place known (``s.unseen`` empty, as after the simulator's deal) and the effect
    resolvable, every value a field's own list gives can be completed (one enemy's tableau or hand
    left for the next field, a second enemy always there, the top two cards of the deck known …),
    and a hero whose effect ``resolvable`` says can be resolved can be (what the copy's choice keeps
    anyway): so the fields are chosen straight from their lists, without the search ``choose``
    makes.
    """
    if s.unseen:  # cards whose place is not known: the lists are wider than the options
        if resolvable(s, me, hcode, depth) != YES:
            return None
        chosen = choose(s, me, hcode, lambda slot, values: _choice(s, me, slot, values, rng, depth), depth)
    elif hcode in COPIERS and s.game.rules.strict_targets:
        return _random_copy(s, me, hcode, rng, depth)
    elif hcode in COPIERS:  # lenient targets: every card must work, so every card is asked
        can, per_card = copies(s, me, hcode, depth)
        if can != YES:
            return None
        values = [c for c in TARGETS[hcode][0].values(s, me, {}, depth) if per_card[c] == YES]
        chosen = {"copy": _pick(values, rng)}
    else:
        if not sure and resolvable(s, me, hcode, depth) != YES:
            return None
        chosen = {}
        for slot in TARGETS[hcode]:  # _choice, inline: no copy here
            values = slot.values(s, me, chosen, depth)
            if not slot.chosen:
                chosen[slot.field] = values[0]
            elif slot.field in ("enemy", "enemy2"):
                chosen[slot.field] = rng.choice(values)
            else:
                chosen[slot.field] = values[int(rng.random() * len(values))]  # _pick
    x = effect(**chosen)
    got = inner(s, me, hcode, x) if hcode in _INNER else None
    return x if got is None else effect(**chosen, then=random_effect(got[0], me, got[1], rng, depth + 1))


def _random_copy(s: State, me: int, hcode: str, rng: random.Random, depth: int) -> Effect | None:
    """An Archivist's or General's copy under strict targets, with every card's place known: one
    card that works, drawn evenly among those that do, and its effect resolved in turn.

    Under strict targets the copy can be resolved when one card's effect can (``copies``), so the
    cards it may name are drawn at random and asked in turn; the first that works is the choice.
    The engine answers for the card or two drawn, not for every card of the tableau and the trash.
    With the hand known, the card resolves where it lies (``targets.inner``: ``staying``)."""
    values = list(TARGETS[hcode][0].values(s, me, {}, depth))
    while values:
        i = int(rng.random() * len(values))
        c = values[i]
        w = staying(s, c)
        copied = CODES[c >> 3]
        if resolvable(w, me, copied, depth + 1) == YES:  # copy_value()
            return effect(copy=c, then=random_effect(w, me, copied, rng, depth + 1, sure=True))
        values[i] = values[-1]
        values.pop()
    return None


def _play(s: State, rng: random.Random) -> tuple[CardPlayed | Bust, State]:
    """A random legal move in a trick, and the state after it: a card among those the engine's
    ``legal`` offers, its effect among the effect's ``options``; or, with no card to play, the bust.

    The card's effect is resolved in the state it was chosen in (``engine.laid``), as ``apply``
    would, without checking again what the engine's own lists chose (the turn, the card, and a
    skip, which ``random_effect`` makes only when the effect cannot be resolved); a bust goes
    through ``apply``, as every replay of these events does."""
    me = s.turns[0]
    hand = s.hands[me]
    # the cards of ``legal``, in its order: with the hand known, those of it that can follow
    cards = playable(s, me) if hand.hidden else followers(s, hand.known)
    if not cards:  # with the hands known, a bust is legal only when no card is
        bust = Bust(me)
        return bust, apply(s, bust)
    c = cards[int(rng.random() * len(cards))]
    w = laid(s, me, c)
    hcode = CODES[c >> 3]
    x = random_effect(w, me, hcode, rng)
    if x is not None:
        EFFECTS[hcode](w, me, x, 0)  # resolve()
    return CardPlayed(me, c, x), turn_done(w)


def next_event(s: State, rng: random.Random) -> Event:
    """One random legal event for a full-information state: a card among the engine's ``legal``
    (a forced bust takes no choice), its effect among the effect's ``options``."""
    if s.phase == SETUP:
        return deal(s.game, rng)
    if s.phase == REVEAL:
        return HandsRevealed(tuple(tuple(sorted(h.known)) for h in s.hands))
    return _play(s, rng)[0]


def play_game(game: Header, seed: int | None = None, rng: random.Random | None = None) -> tuple[list[Event], State]:
    """Play one complete 3-round game; returns its events and the final state. A move in a trick
    goes on from the state :func:`_play` left; every other event goes through ``apply``, as every
    replay of these events does."""
    rng = rng or random.Random(seed)
    s = new_game(game)
    events: list[Event] = []
    while s.phase != OVER:
        if s.phase == TRICK:
            e, s = _play(s, rng)
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


def led_as_typed(game: Header, events: list[Event]) -> list[Event]:
    """The table's (public) events of a game with its Timeline typed as each card leads: every
    round's setup without the Timeline's cards, and the front card before each trick it leads."""
    out: list[Event] = []
    s = new_game(game)
    for event in map(public, events):
        if isinstance(event, RoundStarted) and event.timeline:
            out.append(replace(event, timeline=()))
        else:
            out.append(event)
        s = apply(s, event)
        if s.phase == TRICK and s.leader is None and len(s.pot) == 1 and len(s.turns) == _turns(len(s.players)):
            out.append(TimelineLed(s.pot[0]))  # the trick it leads has just begun
    return out


def _turns(players: int) -> int:
    """The plays of a trick the Timeline leads: every player once (two each with two players)."""
    return 4 if players == 2 else players
