"""Setting up KINGs tables for tests: a draft, fronts and bids, then tricks by card code."""

from __future__ import annotations

from scoring.kings.cards import parse
from scoring.kings.engine import Game, State, apply, draft_order, new_game
from scoring.kings.events import BidsRevealed, CardPlayed, DraftPick, FrontsRevealed
from scoring.kings.scoring import Bid
from scoring.kings.settings import HouseRules

NAMES = ("Aki", "Ben", "Chie", "Dan", "Emi")
KINGS = ("white", "red", "blue", "green", "black")


def drafted(parties: dict[str, list[str]], n: int = 5, **rules) -> State:
    """Run the snake draft so each player ends with the given picks (a king colour or a character)."""
    s = new_game(Game(NAMES[:n], HouseRules(**rules)))
    queues = {NAMES.index(k): list(v) for k, v in parties.items()}
    for p in draft_order(s):
        pick = queues[p].pop(0)
        s = apply(s, DraftPick(p, king=pick) if pick in KINGS else DraftPick(p, character=pick))
    return s


def bid(tricks: int, points: int) -> Bid:
    return Bid("tricks", tricks, points)


def reveal(s: State, fronts: list[str], bid_cards: list[str], bids: list[Bid], nine=(), partners=()) -> State:
    s = apply(s, FrontsRevealed(tuple((f,) for f in fronts), tuple(nine)))
    return apply(s, BidsRevealed(tuple((c,) for c in bid_cards), tuple((b,) for b in bids), tuple(partners)))


def play(s: State, who: str, card: str, **mods) -> State:
    return apply(s, CardPlayed(s.players.index(who), parse(card), **mods))


def trick(s: State, *cards: str) -> State:
    """The next trick, cards in turn order from the player to lead."""
    for c in cards:
        s = play(s, s.players[s.to_play], c)
    return s


PARTIES = {
    "Aki": ["red", "Healer", "Gambler", "Ninja", "Hermit"],
    "Ben": ["Devil", "blue", "Samurai", "Healer", "Collector"],
    "Chie": ["Collector", "Neme", "green", "Berserker", "Gambler"],
    "Dan": ["Ninja", "Hermit", "Devil", "black", "Resistance"],
    "Emi": ["Gambler", "Resistance", "Cheerleader", "Maru", "white"],
}
