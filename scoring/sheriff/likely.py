"""Which card the player to play is most likely to play, from what the table has seen.

Every card of a Sheriff deal is dealt (7 each), so the table knows more than the cards played: each
player's hand size, the suits they showed they lack, who holds the Joker. Every deal of the cards
still out that agrees with all of that is equally likely; a card's chance is the share of those
deals in which the player holds it and may play it, each of the cards they may play counting
alike. A player who is the only one who can still hold a suit holds all of it; a follower
certain to hold the led suit cannot play anything else.

>>> from scoring.sheriff.engine import CardPlayed, DealStarted, Header, apply, new_game
>>> s = apply(new_game(Header(("Aki", "Ben", "Chie"))), DealStarted(1, ("mayor", "sheriff", "robber"), 0))
>>> chances(s)[0]  # Aki leads: 7 of the 20 cards Aki may hold, one of 7 to lead
Fraction(1, 20)
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from functools import lru_cache
from math import comb

from scoring.sheriff.cards import DECK, JOKER, suit_of
from scoring.sheriff.engine import TRICK, TRICKS, State


def hand_sizes(s: State) -> tuple[int, int, int]:
    """How many cards each player still holds: 7, less a card a trick, less one in this trick."""
    in_trick = {p for p, _ in s.trick}
    return tuple(TRICKS - s.tricks_done - (p in in_trick) for p in range(3))  # type: ignore[return-value]


def chances(s: State) -> dict[int, Fraction]:
    """Each card the player to play may play: the chance they play it now (0 for a card no deal
    that agrees with the table lets them play)."""
    if s.phase != TRICK or not s.turns:
        return {}
    me = s.turns[0]
    left = tuple(c for c in DECK if c not in s.played)
    voids = tuple(frozenset(v) for v in s.voids)
    return dict(_chances(me, left, voids, s.joker, hand_sizes(s), s.lead))


def _may(p: int, c: int, voids: tuple[frozenset, ...], joker: int) -> bool:
    return p == joker if c == JOKER else suit_of(c) not in voids[p]


@lru_cache(maxsize=4096)
def _chances(
    me: int,
    left: tuple[int, ...],
    voids: tuple[frozenset, ...],
    joker: int,
    sizes: tuple[int, int, int],
    lead: int | None,
) -> tuple[tuple[int, Fraction], ...]:
    q, r = (me + 1) % 3, (me + 2) % 3
    # cards alike for the count: who may hold them, whether they are of the led suit or the Joker
    groups: dict[tuple[bool, bool, bool, bool, bool], list[int]] = {}
    for c in left:
        key = (_may(me, c, voids, joker), _may(q, c, voids, joker), _may(r, c, voids, joker))
        groups.setdefault((*key, lead is not None and suit_of(c) == lead, c == JOKER), []).append(c)
    keys = list(groups)
    mine = [k for k in keys if k[0]]
    weight = {k: Fraction(0) for k in keys}
    total = 0
    for took in _takes([len(groups[k]) for k in mine], sizes[me]):
        x = dict(zip(mine, took, strict=True))
        ways = 1
        for k in mine:
            ways *= comb(len(groups[k]), x[k])
        ways *= _others(keys, groups, x, sizes[q], sizes[r])
        if not ways:
            continue
        total += ways
        led = sum(n for k, n in x.items() if k[3])
        if lead is not None and led:
            choices = led + sum(n for k, n in x.items() if k[4])
            playable = [k for k in mine if k[3] or k[4]]
        else:
            choices = sizes[me]
            playable = mine
        for k in playable:
            if x[k]:
                weight[k] += Fraction(ways * x[k], len(groups[k]) * choices)
    if not total:
        return tuple((c, Fraction(0)) for c in left if _may(me, c, voids, joker))
    return tuple((c, weight[k] / total) for k in mine for c in groups[k])


def _takes(sizes: list[int], want: int) -> Iterator[tuple[int, ...]]:
    """Every way to take ``want`` cards from groups of these sizes (how many from each)."""
    if not sizes:
        if want == 0:
            yield ()
        return
    for n in range(min(sizes[0], want) + 1):
        for rest in _takes(sizes[1:], want - n):
            yield (n, *rest)


def _others(keys: list, groups: dict, x: dict, q_size: int, r_size: int) -> int:
    """The ways the two other players can hold the cards the player to play does not."""
    q_only = r_only = both = 0
    for k in keys:
        n = len(groups[k]) - x.get(k, 0)
        if not n:
            continue
        _, mq, mr, _, _ = k
        if mq and mr:
            both += n
        elif mq:
            q_only += n
        elif mr:
            r_only += n
        else:
            return 0
    need = q_size - q_only
    if need < 0 or need > both or r_only + both - need != r_size:
        return 0
    return comb(both, need)


def ordered(s: State, cards: list[int]) -> list[int]:
    """``cards`` (what the player to play may play) the most likely first: after a lead the led
    suit's cards, so a rank and Enter give the led suit's card; then the rest; the cards no deal
    lets them play last. Alike cards go trump first, then spades, hearts, diamonds, clubs, each A
    to 10, the Joker last."""
    if s.hands is not None:
        return cards
    chance = chances(s)

    def key(c: int) -> tuple:
        p = chance.get(c, Fraction(0))
        suit = suit_of(c)
        led = s.lead is not None and suit == s.lead
        order = 5 if suit is None else (0 if suit == s.trump else 1 + suit)
        return (p == 0, not led, -p, order, c)

    return sorted(cards, key=key)
