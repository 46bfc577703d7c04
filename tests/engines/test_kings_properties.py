"""Properties over simulated KINGs games (2, 4 and 5 players, random house rules)."""

import os
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.kings.cards import BERSERKER_NINE, RARES, WHITE_FLAGS, deck
from scoring.kings.engine import PLAY, Header, apply, new_game, replay
from scoring.kings.record import Sheet
from scoring.kings.settings import HouseRules
from scoring.kings.simulator import play_game
from scoring.log import states
from tests.engines.kings_tables import scoresheet_of

EXAMPLES = int(os.environ.get("KINGS_EXAMPLES", "40"))
CHECK = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NAMES = ("Aki", "Ben", "Chie", "Dan", "Emi")
rules = st.builds(
    HouseRules,
    king_vs_king=st.sampled_from(["later", "earlier"]),
    bid_miss_doubled=st.booleans(),
    modified_count_for_fronts=st.booleans(),
    samurai_cancelled_by_flag=st.booleans(),
    cheerleader_gift=st.sampled_from(["normal", "advanced"]),
    two_player_round3_double=st.booleans(),
    two_player_white_king=st.booleans(),
)
games = st.builds(lambda n, r: Header(NAMES[:n], r), st.sampled_from([2, 4, 5]), rules)
seeds = st.integers(0, 2**32 - 1)


def normal(c: int) -> int:
    return WHITE_FLAGS[0] if c in WHITE_FLAGS else RARES[0] if c in RARES else c


def conserved(table) -> None:
    """Hands, deck, face-down discards and played cards are exactly the deck (plus the
    Berserker's 9 once a Berserker took it)."""
    s = table.s
    if s.phase != PLAY:
        return
    n = len(s.players)
    everything = Counter(normal(c) for c in [*(c for h in table.hands for c in h), *table.deck, *table.out, *s.played])
    expected = Counter(normal(c) for c in deck(n))
    extra = everything[BERSERKER_NINE]
    assert extra <= 1
    if extra:
        expected[BERSERKER_NINE] = 1
    assert everything == expected


@CHECK
@given(games, seeds)
def test_every_card_is_accounted_for_after_every_event(game, seed):
    _, final = play_game(game, seed, check=conserved)
    assert final.phase == "over"


@CHECK
@given(games, seeds)
def test_every_trick_has_exactly_one_winner_and_tricks_add_up(game, seed):
    events, _ = play_game(game, seed)
    n = len(game.players)
    for s in states(apply, new_game(game), events):
        assert sum(s.tricks) == s.tricks_done
        assert sum(map(sum, s.captured)) == n * s.tricks_done
        for r, (summary, _) in enumerate(s.summaries):
            per_round = 9 if n == 2 else 5
            assert sum(p.tricks for p in summary) == per_round, r


@CHECK
@given(games, seeds, st.data())
def test_replay_is_deterministic_and_dropping_the_last_event_restores_the_state(game, seed, data):
    events, final = play_game(game, seed)
    assert play_game(game, seed)[0] == events
    assert replay(game, events) == final
    k = data.draw(st.integers(1, len(events)))
    assert replay(game, events[: k - 1]) == states(apply, new_game(game), events[:k])[k - 1]


@CHECK
@given(games, seeds)
def test_the_tracker_and_the_scoresheet_of_the_same_game_agree(game, seed):
    _, final = play_game(game, seed)
    assert Sheet(scoresheet_of(final)).standings() == final.standings()
