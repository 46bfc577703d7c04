"""An independent scorer for Sheriff, written from the rules text (the reference's §3.4–3.5), never
calling the engine's trick winner or its scoring: it follows each simulated deal card by card,
gives each trick to its winner as the text says, and scores the deal from the cards each role
captured; every deal of games played at random must score as the engine scored it.

* A trick goes to the highest trump played, else to the highest card of the suit led; the Joker
  never wins, and a led Joker leaves the lead to the next card.
* The Sheriff scores each King captured, the Robber each Ten; the Mayor each Queen and Jack
  captured, less each King the Sheriff did not capture and each Ten the Robber did; never below 0.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.sheriff.cards import JOKER
from scoring.sheriff.engine import CardPlayed, DealStarted, Header
from scoring.sheriff.simulator import play_game

ACE, KING, QUEEN, JACK, TEN = range(5)  # a card is its suit × 5 + its rank, the Ace highest; the Joker is 20


def winner(trick: list[tuple[int, int]], trump: int | None) -> int:
    cards = [(seat, c) for seat, c in trick if c != JOKER]
    led = cards[0][1] // 5
    trumps = [(seat, c) for seat, c in cards if trump is not None and c // 5 == trump]
    contenders = trumps or [(seat, c) for seat, c in cards if c // 5 == led]
    return min(contenders, key=lambda sc: sc[1] % 5)[0]  # the lowest rank index is the highest card


def reference_deals(events: list) -> list[tuple[int, int, int]]:
    deals = []
    for e in events:
        if isinstance(e, DealStarted):
            roles, trump, piles, trick = e.roles, e.trump, [[], [], []], []
        elif isinstance(e, CardPlayed):
            trick.append((e.player, e.card))
            if len(trick) == 3:
                piles[winner(trick, trump)] += [c for _, c in trick]
                trick = []
            if sum(map(len, piles)) == 21:
                deals.append(scored(roles, piles))
    return deals


def scored(roles: tuple[str, ...], piles: list[list[int]]) -> tuple[int, int, int]:
    def count(role: str, *ranks: int) -> int:
        return sum(1 for c in piles[roles.index(role)] if c != JOKER and c % 5 in ranks)

    kings, tens = count("sheriff", KING), count("robber", TEN)
    mayor = max(0, count("mayor", QUEEN, JACK) - (4 - kings) - tens)
    points = {"sheriff": kings, "robber": tens, "mayor": mayor}
    return tuple(points[role] for role in roles)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_the_engine_scores_every_random_deal_as_the_rules_text_does(seed):
    events, final = play_game(Header(("Aki", "Ben", "Chie")), seed)
    assert [d.points for d in final.scores] == reference_deals(events)
