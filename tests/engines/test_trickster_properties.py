"""Properties over simulated games: conservation, tracker agreement, replay.

Set TRICKSTER_EXAMPLES (default 40 per property) for a longer hunt.
"""

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.log import states
from scoring.trickster.cards import Deck, code, suits
from scoring.trickster.engine import apply, replay
from scoring.trickster.events import CardPlayed, RoundStarted
from scoring.trickster.record import scoresheet_rounds
from scoring.trickster.scoring import standings
from scoring.trickster.settings import HouseRules
from scoring.trickster.simulator import led_as_typed, play_game, public
from scoring.trickster.state import UNKNOWN, Header, new_game
from tests.engines.trickster_tables import games

seeds = st.integers(0, 2**32 - 1)
EXAMPLES = int(os.environ.get("TRICKSTER_EXAMPLES", "40"))
CHECK = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def accounted_for(s) -> None:
    """Every one of the 56 cards is in exactly one place, or provably among the unseen ones."""
    if s.round == 0:
        return
    known = [
        *s.trash,
        *s.pot,
        *(c for c in s.timeline if c != UNKNOWN),
        *(c for t in s.tableaus for c in t),
        *(c for h in s.hands for c in h.known),
        *(c for c in s.deck if c != UNKNOWN),
    ]
    assert len(known) == len(set(known)), "a card is in two places"
    assert set(known).isdisjoint(s.unseen)
    assert set(known) | s.unseen == s.game.deck.card_set
    assert len(s.unseen) == sum(h.hidden for h in s.hands) + s.deck.count(UNKNOWN) + s.timeline.count(UNKNOWN)
    assert s.location_count() == 56


@CHECK
@given(games, seeds)
def test_all_56_cards_are_accounted_for_after_every_event(game, seed):
    events, final = play_game(game, seed)
    for s in states(apply, new_game(game), events):
        accounted_for(s)
    assert final.phase == "over" and len(final.scores) == 3


@CHECK
@given(games, seeds, st.booleans())
def test_the_table_tracker_scores_the_public_events_exactly_as_the_simulator(game, seed, as_led):
    """The table's own record: what it saw, with a Timeline (2–3 players) typed with each round's
    setup or, ``as_led``, one card at a time as each leads its trick."""
    events, final = play_game(game, seed)
    seen = led_as_typed(game, events) if as_led else [public(e) for e in events]
    assert all(e.hands is None for e in seen if isinstance(e, RoundStarted))
    tracked = states(apply, new_game(game), seen)
    for s in tracked:
        accounted_for(s)
    assert tracked[-1].scores == final.scores
    assert standings(game.players, tracked[-1].scores) == standings(game.players, final.scores)


@CHECK
@given(games, seeds, st.data())
def test_replay_is_deterministic_and_dropping_events_restores_the_earlier_state(game, seed, data):
    events, final = play_game(game, seed)
    again, _ = play_game(game, seed)
    assert again == events
    assert replay(game, events) == final
    k = data.draw(st.integers(1, len(events)))
    history = states(apply, new_game(game), events)
    assert replay(game, events[: k - 1]) == history[k - 1]  # undo = drop the last event
    assert replay(game, events[:k]) == history[k]


def _copies_said(x) -> bool:
    """Whether every effect an Archivist or a General copied says how it was resolved."""
    return x is None or ((x.copy is None or x.then is not None) and _copies_said(x.then))


def test_the_archivist_copying_the_scavenger_under_copy_copiers_says_how_it_was_resolved():
    """A game of the kind hypothesis found (seed 19): three players, copy_copiers and
    inventor_resolves on, only the top trash card may be taken. In round 3 Aki's blue Archivist
    faces a tableau of only the orange Archivist and the green Scavenger; copying that Archivist to
    use the Scavenger would keep both in place (nothing left to swap), so the simulator copies the
    Scavenger itself. The whole game plays, every copied effect says how it was resolved, and
    replays to the same end."""
    rules = HouseRules(copy_copiers=True, inventor_resolves=True, distinct_enemies=True, trash_pick="top")
    game = Header(("Aki", "Ben", "Chie"), Deck(heroes=(0, 2, 3, 5, 10, 11, 13)), 0, rules)
    events, final = play_game(game, 19)
    assert final.phase == "over" and len(final.scores) == 3
    history = states(apply, new_game(game), events)
    copied = [
        code(e.effect.copy)
        for s, e in zip(history, events, strict=False)
        if isinstance(e, CardPlayed)
        and code(e.card) == "BARC"
        and s.round == 3
        and e.player == 0
        and sorted(map(code, s.tableaus[0])) == ["GSCA", "OARC"]
    ]
    assert copied == ["GSCA"]
    assert all(_copies_said(e.effect) for e in events if isinstance(e, CardPlayed))
    assert replay(game, events) == final
    assert states(apply, new_game(game), [public(e) for e in events])[-1].scores == final.scores


@CHECK
@given(games, seeds)
def test_a_scoresheet_of_the_round_end_tableaus_gives_the_same_standings(game, seed):
    _, final = play_game(game, seed)
    names = [s.id for s in suits()]
    sheet = {
        "game": "trickster",
        "players": list(game.players),
        "rounds": [
            {"tableau": {p: {names[i]: v for i, v in enumerate(r.counts[k]) if v} for k, p in enumerate(game.players)}}
            for r in final.scores
        ],
    }
    players, rounds = scoresheet_rounds(sheet)
    assert standings(players, rounds) == standings(game.players, final.scores)
