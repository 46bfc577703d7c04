"""What the table is told in Sheriff: who played, who took the trick and why, a deal's points, a
tie at the top that lets the game go on, the winner; and what comes next.

Each is a fact (``scoring.sheriff.words`` has its English, the game's catalogue its Japanese),
worded for each viewer.

>>> from scoring.sheriff.cards import parse
>>> from scoring.words import say
>>> say(took(("Aki", "Ben", "Chie"), [(0, parse("Kh")), (1, parse("Ah")), (2, parse("10s"))], 0, 3))
'Aki Kh, Ben Ah, Chie 10s: Chie takes trick 3 with the 10 of spades, a trump (spades) over the led hearts.'
>>> fact = took(("Aki", "Ben", "Chie"), [(0, parse("JO")), (1, parse("Kd")), (2, parse("Qd"))], None, 1)
>>> note = say(fact.values["note"], "ja")
>>> say(fact, "ja").removesuffix(note)
'Aki ジョーカー、Ben ダイヤのK、Chie ダイヤのQ：Benが第1トリック（ダイヤのK、リードのダイヤで最高）。'
>>> note
'ジョーカーのリードで、ダイヤのKがスートを決定。'
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.sheriff.cards import JOKER, card, code, suit_of
from scoring.sheriff.engine import DealScore, trick_winner
from scoring.sheriff.words import typed
from scoring.words import Fact, Words, listed


def _suit(i: int | None) -> Fact:
    """A suit by name (None: no trump)."""
    return Fact("sheriff.suit", suit=i)


def role_name(role: str) -> Fact:
    """A role as the table says it (Mayor, 市長)."""
    return Fact("sheriff.role", role=role)


def _each(items: Sequence[Words]) -> Fact:
    return Fact("sheriff.each", items=tuple(items))


def _who_played(players: Sequence[str], trick: Sequence[tuple[int, int]]) -> Fact:
    """Who played which card: the card as typed (``Kh``), or by its name where the catalogue says so."""
    return _each([Fact("sheriff.who_played", player=players[p], card=typed(code(c), card(c))) for p, c in trick])


def led_suit(trick: Sequence[tuple[int, int]]) -> int | None:
    """The suit to follow: the first card's, or after a led Joker the next card's."""
    return next((suit_of(c) for _, c in trick if c != JOKER), None)


def why(trick: Sequence[tuple[int, int]], trump: int | None) -> tuple[int, Fact]:
    """The seat that takes a whole trick and why: its card and what made it win."""
    w = trick_winner(trick, trump)
    won = next(c for p, c in trick if p == w)
    lead = led_suit(trick)
    trumps = [c for _, c in trick if c != JOKER and suit_of(c) == trump]
    if trump is not None and suit_of(won) == trump and lead != trump:
        if len(trumps) == 1:
            reason = Fact("sheriff.over_led", trump=_suit(trump), lead=_suit(lead))
        else:
            reason = Fact("sheriff.highest_trump", trump=_suit(trump))
    elif trump is not None and lead == trump:
        reason = Fact("sheriff.led_trump", trump=_suit(trump))
    elif trump is None:
        reason = Fact("sheriff.led_suit", lead=_suit(lead))
    else:
        reason = Fact("sheriff.led_suit_no_trump", lead=_suit(lead))
    return w, Fact("sheriff.won_with", card=card(won), reason=reason)


def _joker_note(players: Sequence[str], trick: Sequence[tuple[int, int]]) -> Words:
    if trick[0][1] == JOKER and len(trick) > 1:
        return Fact("sheriff.joker_set_suit", card=card(trick[1][1]))
    joker = next((p for p, c in trick if c == JOKER), None)
    if joker is None:
        return ""
    return Fact("sheriff.joker_loses", player=players[joker])


def took(players: Sequence[str], trick: Sequence[tuple[int, int]], trump: int | None, number: int) -> Fact:
    """A whole trick as the table is told it: who played what, who takes it and why."""
    w, reason = why(trick, trump)
    return Fact(
        "sheriff.took",
        played=_who_played(players, trick),
        player=players[w],
        number=number,
        reason=reason,
        note=_joker_note(players, trick),
    )


def played(players: Sequence[str], trick: Sequence[tuple[int, int]], trump: int | None) -> Fact:
    """A card that does not end its trick: who played it, and who is winning so far."""
    p, c = trick[-1]
    if len(trick) == 1:
        if c == JOKER:
            return Fact("sheriff.leads_joker", player=players[p])
        return Fact("sheriff.leads", player=players[p], card=card(c))
    if all(x == JOKER for _, x in trick[:-1]) and c != JOKER:
        return Fact("sheriff.sets_suit", player=players[p], card=card(c), suit=_suit(suit_of(c)))
    w = trick_winner(trick, trump)
    return Fact(
        "sheriff.plays_joker" if c == JOKER else "sheriff.plays", player=players[p], card=card(c), winner=players[w]
    )


def deal_points(players: Sequence[str], number: int, score: DealScore, totals: Sequence[int]) -> Fact:
    """A deal's points and the totals after it."""
    return Fact(
        "sheriff.deal_scores",
        number=number,
        points=_each([f"{p} {n}" for p, n in zip(players, score.points, strict=True)]),
        totals=_each([f"{p} {n}" for p, n in zip(players, totals, strict=True)]),
    )


def top(players: Sequence[str], totals: Sequence[int], target: int, over: bool) -> Words:
    """The winner once the game is over; a tie at the top at or past the target, which lets the
    game go on; else nothing."""
    best = max(totals)
    leaders = [p for p, n in zip(players, totals, strict=True) if n == best]
    if over:
        return Fact("sheriff.won", player=leaders[0], points=best)
    if best >= target and len(leaders) > 1:
        return Fact("sheriff.tied", players=listed(leaders), points=best)
    return ""


def deal_started(players: Sequence[str], number: int, roles: Sequence[str], trump: int | None, joker: int) -> Fact:
    """A deal's roles, trump and the Joker's holder."""
    held = _each([Fact("sheriff.holds_role", player=p, role=role_name(r)) for p, r in zip(players, roles, strict=True)])
    trumps = _suit(None) if trump is None else Fact("sheriff.trump_is", suit=_suit(trump))
    return Fact("sheriff.deal_started", number=number, held=held, trump=trumps, joker=players[joker])


def to_play(players: Sequence[str], trick: Sequence[tuple[int, int]], me: int, number: int) -> Fact:
    """Who plays next and what was led."""
    if not trick:
        return Fact("sheriff.leads_trick", player=players[me], number=number)
    lead = led_suit(trick)
    if lead is None:
        return Fact("sheriff.to_play_after_joker", player=players[me])
    return Fact("sheriff.to_play", player=players[me], suit=_suit(lead))


def next_deal(number: int) -> Fact:
    """What to type between deals."""
    return Fact("sheriff.next_deal", number=number)


def deal_worked_out(players: Sequence[str], number: int, score: DealScore) -> list[Words]:
    """A deal's score as its parts: its heading, then each role's score worked out, indented."""
    return [Fact("sheriff.deal", number=number), *(Fact("sheriff.indented", line=x) for x in score.explained(players))]
