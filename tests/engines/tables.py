"""Building real table situations for the tests, by card code and player name."""

from __future__ import annotations

from scoring.trickster.cards import Deck, parse
from scoring.trickster.engine import apply, dealt
from scoring.trickster.events import Bust, CardPlayed, Effect, RoundStarted
from scoring.trickster.settings import HouseRules
from scoring.trickster.state import Header, State, new_game

NAMES = ("Aki", "Ben", "Chie", "Dan", "Emi", "Fumi", "Gen")


def game(n: int = 4, deck: str | list[str] = "introductory", first: int = 0, **rules) -> Header:
    d = Deck.preset(deck) if isinstance(deck, str) else Deck.of(deck)
    return Header(NAMES[:n], d, first, HouseRules(**rules))


def cards(g: Header, codes) -> tuple[int, ...]:
    return tuple(parse(c, g.deck) for c in codes)


def table(
    n: int = 4,
    deck: str | list[str] = "introductory",
    *,
    first: int = 0,
    trash=None,
    tableau=None,
    hands: dict[str, list[str]] | None = None,
    deck_top=(),
    timeline=None,
    full: bool = True,
    **rules,
) -> State:
    """A round just set up. Anything not given is filled from the unused cards in deck order;
    ``full=False`` gives the table tracker's view (hands and deck hidden)."""
    g = game(n, deck, first, **rules)
    hands = hands or {}
    given = (
        [c for hand in hands.values() for c in hand]
        + list(trash or [])
        + list(tableau or [])
        + list(deck_top)
        + list(timeline or [])
    )
    used = set(cards(g, given))
    pool = [c for c in g.deck.cards() if c not in used]

    def take(k: int) -> tuple[int, ...]:
        out = tuple(pool[:k])
        del pool[:k]
        return out

    trash_c = cards(g, trash) if trash else take(6)
    tableau_c = cards(g, tableau) if tableau else take(n)
    timeline_c = cards(g, timeline) if timeline is not None else take(12 if n <= 3 else 0)
    size = dealt(n) - 1
    hand_c = []
    for name in NAMES[:n]:
        mine = list(cards(g, hands.get(name, [])))
        mine += take(size - len(mine))
        hand_c.append(tuple(mine))
    deck_c = cards(g, deck_top) + tuple(pool)
    start = RoundStarted(trash_c, tableau_c, timeline_c, tuple(hand_c) if full else None, deck_c if full else None)
    return apply(new_game(g), start)


def _seat(s: State, name: str | None) -> int | None:
    return None if name is None else s.players.index(name)


def effect(s: State, card=None, card2=None, enemy=None, enemy2=None, copy=None, then=None) -> Effect:
    d = s.game.deck
    return Effect(
        card=None if card is None else parse(card, d),
        card2=None if card2 is None else parse(card2, d),
        enemy=_seat(s, enemy),
        enemy2=_seat(s, enemy2),
        copy=None if copy is None else parse(copy, d),
        then=then,
    )


def play(s: State, who: str, code: str, *, skip: bool = False, **fx) -> State:
    """``who`` plays ``code``; keyword arguments describe its effect (``skip=True``: no effect)."""
    x = None if skip else effect(s, **fx)
    return apply(s, CardPlayed(s.players.index(who), parse(code, s.game.deck), x))


def bust(s: State, who: str) -> State:
    return apply(s, Bust(s.players.index(who)))


def hand_codes(s: State, who: str) -> set[str]:
    from scoring.trickster.cards import code

    return {code(c) for c in s.hands[s.players.index(who)].known}


def tableau_codes(s: State, who: str) -> list[str]:
    from scoring.trickster.cards import code

    return sorted(code(c) for c in s.tableaus[s.players.index(who)])
