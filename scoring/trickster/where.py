"""Where the table knows a card to be, in a few words (a pick-list label, a refusal)."""

from __future__ import annotations

from scoring.trickster.state import State


def where(s: State, c: int, lang: str = "en") -> str:
    """Where the table knows a card to be, in a few words.

    >>> from scoring.trickster.cards import Deck
    >>> from scoring.trickster.state import Game, new_game
    >>> where(new_game(Game(("Aki", "Ben"), Deck.preset("introductory"))), 0)
    'in a hand or the deck'
    """
    ja = lang == "ja"
    if c in s.trash:
        return "捨て札" if ja else "in the trash"
    if c in s.pot:
        return "卓中央" if ja else "in the pot"
    if c in s.timeline:
        return "タイムライン" if ja else "on the Timeline"
    for p, tableau in enumerate(s.tableaus):
        if c in tableau:
            return f"{s.players[p]}の場札" if ja else f"in {s.players[p]}'s tableau"
    for p, hand in enumerate(s.hands):
        if c in hand.known:
            return f"{s.players[p]}の手札" if ja else f"in {s.players[p]}'s hand"
    if s.deck and s.deck[0] == c:
        return "山札の一番上" if ja else "on top of the deck"
    if c in s.deck:
        return "山札" if ja else "in the deck"
    return "手札か山札" if ja else "in a hand or the deck"


__all__ = ["where"]
