"""An independent scorer for Trickster, written from the rules text (§4.1–4.2), never calling the
engine's scoring or its standings: at the end of each round of a simulated game it takes the cards
lying in each tableau and the hands shown, scores the round's trouble points, and ranks the game,
which must be what the engine says over games played at random, both decks and 2 to 5 players.

* A round: every card in a player's tableau and hand is a trouble point, except that the player
  holding the sole most cards of a suit (no tie) does not count that suit's cards.
* The game: the fewest trouble points over the rounds wins; a tie goes to the fewest red cards in
  the last round's tableau (hand included), then orange, yellow, green, blue, purple, black, white;
  players still level share the place.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.log import states
from scoring.trickster.cards import Deck
from scoring.trickster.engine import apply
from scoring.trickster.events import HandsRevealed
from scoring.trickster.scoring import standings
from scoring.trickster.simulator import play_game
from scoring.trickster.state import Header, new_game

PLAYERS = ("Aki", "Ben", "Chie", "Dan", "Emi")
SUITS = 8  # red, orange, yellow, green, blue, purple, black, white: a card's suit is its low 3 bits


def round_trouble(counts: list[list[int]]) -> list[int]:
    trouble = [sum(row) for row in counts]
    for suit in range(SUITS):
        column = [row[suit] for row in counts]
        top = max(column)
        if top and column.count(top) == 1:
            trouble[column.index(top)] -= top
    return trouble


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 5), deck=st.sampled_from(["introductory", "strategy"]))
def test_the_engine_scores_every_random_game_as_the_rules_text_does(seed, players, deck):
    game = Header(PLAYERS[:players], Deck.preset(deck))
    events, final = play_game(game, seed)
    rounds, places = reference_for(events, game)
    assert [list(r.trouble) for r in final.scores] == rounds
    table = standings(game.players, final.scores)
    assert {s.player: (s.rank, s.total) for s in table.places} == dict(zip(game.players, places, strict=True))


def reference_for(events: list, game: Header) -> tuple[list[list[int]], list[tuple[int, int]]]:
    players = len(game.players)
    rounds, last = [], None
    for before, event in zip(states(apply, new_game(game), events), events, strict=False):
        if isinstance(event, HandsRevealed):
            counts = [[0] * SUITS for _ in range(players)]
            for p in range(players):
                for c in (*before.tableaus[p], *event.hands[p]):
                    counts[p][c & 7] += 1
            rounds.append(round_trouble(counts))
            last = counts
    totals = [sum(r[p] for r in rounds) for p in range(players)]
    key = [(totals[p], *last[p]) for p in range(players)]  # the total, then the last round's suits in order
    return rounds, [(1 + sum(k < key[p] for k in key), totals[p]) for p in range(players)]
