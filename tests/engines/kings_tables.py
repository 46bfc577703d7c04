"""Setting up KINGs tables for tests: a draft, fronts and bids, then tricks by card code; and the
scoresheet a played game leaves."""

from __future__ import annotations

from scoring.kings.cards import parse
from scoring.kings.engine import Header, State, apply, draft_order, new_game
from scoring.kings.events import BidsRevealed, CardPlayed, DraftPick, FrontsRevealed
from scoring.kings.scoring import CAPTURED_KEYS, Bid
from scoring.kings.settings import HouseRules

NAMES = ("Aki", "Ben", "Chie", "Dan", "Emi")
KINGS = ("white", "red", "blue", "green", "black")


def drafted(parties: dict[str, list[str]], n: int = 5, **rules) -> State:
    """Run the snake draft so each player ends with the given picks (a king colour or a character)."""
    s = new_game(Header(NAMES[:n], HouseRules(**rules)))
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


def bid_json(bid, players):
    if bid.kind == "tricks":
        return {"tricks": bid.tricks, "points": bid.points}
    if bid.kind == "devil_miss":
        return {"special": "devil_miss"}
    key = "of" if bid.kind == "copy" else "partner"
    return {"special": bid.kind, key: players[bid.other]}


def scoresheet_of(s) -> dict:
    players = list(s.players)
    two = len(players) == 2
    rounds = []
    for r, (summary, devil) in enumerate(s.summaries, start=1):
        entries = {}
        for p, row in enumerate(summary):
            bids = [bid_json(b, players) for b in row.bids]
            entry = {
                "fronts": list(row.fronts),
                "bid": bids if len(bids) > 1 else bids[0],
                "tricks": row.tricks,
                "captured": {k: v for k, v in zip(CAPTURED_KEYS, row.captured, strict=True) if v},
                "king_played": row.king_used if two else s.king_round[p] == r,
                "items": ["fairys_gift"] if row.gift else [],
            }
            if two:
                entry["king"] = row.king
            entries[players[p]] = entry
        rounds.append({"players": entries, **({"devil": devil} if two and devil else {})})
    sheet = {"game": "kings", "players": players, "rounds": rounds, "settings": s.game.rules.changed()}
    if not two:
        sheet["kings"] = dict(zip(players, s.kings, strict=True))
    return sheet
