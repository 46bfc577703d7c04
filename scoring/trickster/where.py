"""Where the table knows a card to be, in a few words (a pick-list label, a refusal)."""

from __future__ import annotations

from scoring.trickster.state import UNKNOWN, State
from scoring.trickster.words import said
from scoring.words import Fact


def where(s: State, c: int) -> Fact:
    """Where the table knows a card to be, in a few words.

    >>> from scoring.words import say
    >>> from scoring.trickster.cards import Deck
    >>> from scoring.trickster.state import Header, new_game
    >>> say(where(new_game(Header(("Aki", "Ben"), Deck.preset("introductory"))), 0))
    'in a hand or the deck'
    """
    if c in s.trash:
        return said("in_trash")
    if c in s.pot:
        return said("in_pot")
    if c in s.timeline:
        return said("on_timeline")
    for p, tableau in enumerate(s.tableaus):
        if c in tableau:
            return said("in_tableau", player=s.players[p])
    for p, hand in enumerate(s.hands):
        if c in hand.known:
            return said("in_hand", player=s.players[p])
    if s.deck and s.deck[0] == c:
        return said("deck_top")
    if c in s.deck:
        return said("in_deck")
    return said("hand_deck_or_timeline" if UNKNOWN in s.timeline else "hand_or_deck")


__all__ = ["where"]
