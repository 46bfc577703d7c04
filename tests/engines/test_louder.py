"""LOUDER TRICKSTAR at the table: placing next to the field, flipping from an end, traps, the end."""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.errors import RuleViolation
from scoring.log import states
from scoring.louder.engine import (
    OVER,
    Card,
    Drew,
    HandsRevealed,
    Header,
    HouseRules,
    Placed,
    Used,
    apply,
    new_game,
    replay,
    score,
)
from scoring.louder.simulator import play_game
from scoring.records import read_record
from scoring.words import say

ROOT = Path(__file__).resolve().parents[2]
P3 = ("Aki", "Ben", "Chie")


def field(*placements, **rules):
    """Aki, Ben, Chie, … place these (card, cell) in turn."""
    s = new_game(Header(P3, rules=HouseRules(**rules)))
    for card, cell in placements:
        kind, _, number = card.partition(":")
        s = apply(s, Placed(s.turn, Card(kind, int(number)), cell, "score:5"))
    return s


def test_a_card_goes_next_to_the_field_never_diagonally_or_on_another():
    s = field(("score:3", (0, 0)))
    with pytest.raises(RuleViolation, match="not next to a card") as err:
        apply(s, Placed(1, Card("score", 1), (1, 1)))
    assert err.value.rule == "louder.place"
    with pytest.raises(RuleViolation, match="already a card"):
        apply(s, Placed(1, Card("score", 1), (0, 0)))
    with pytest.raises(RuleViolation, match="Only placement cards"):
        apply(s, Placed(1, Card("trickster"), (1, 0)))


def test_the_announcement_is_recorded_beside_the_true_card_and_never_checked():
    s = field(("trap:0", (0, 0)))
    assert s.field[(0, 0)] == Card("trap", 0) and s.log[0].said == "score:5"


def test_flips_start_at_the_end_of_a_line_and_go_straight_through_connected_cards():
    s = field(("score:1", (0, 0)), ("score:2", (1, 0)), ("score:3", (2, 0)))
    with pytest.raises(RuleViolation, match="not the end of a line") as err:
        apply(s, Used(0, "trickster", ((1, 0), (2, 0))))
    assert err.value.rule == "louder.flip"
    with pytest.raises(RuleViolation, match="one straight line"):
        apply(
            field(("score:1", (0, 0)), ("score:2", (1, 0)), ("score:3", (1, 1))),
            Used(0, "trickster", ((0, 0), (1, 0), (1, 1))),
        )
    with pytest.raises(RuleViolation, match="a gap stops the run"):
        apply(s, Used(0, "trickster", ((2, 0), (3, 0))))
    s = apply(s, Used(0, "trickster", ((2, 0), (1, 0), (0, 0))))
    assert [c.number for c in s.collected[0]] == [3, 2, 1] and s.field == {}


def test_each_card_has_its_flip_limit_which_a_table_may_type_in():
    s = field(("score:1", (0, 0)), ("score:2", (1, 0)), ("score:3", (2, 0)))
    with pytest.raises(RuleViolation, match="at most 2"):
        apply(s, Used(0, "destroyer", ((0, 0), (1, 0), (2, 0))))
    with pytest.raises(RuleViolation, match="Only the Trickster, the Destroyer and the Seeker"):
        apply(s, Used(0, "scout", ((0, 0),)))
    game = Header(P3, flip_limits={"destroyer": 3})
    t = replay(game, list(s.log))
    assert apply(t, Used(0, "destroyer", ((0, 0), (1, 0), (2, 0)))).collected[0]


def test_a_trap_ends_the_turn_and_everything_flipped_goes_back():
    s = field(("score:4", (0, 0)), ("trap:0", (1, 0)), ("score:5", (2, 0)))
    with pytest.raises(RuleViolation, match="no card is flipped after it") as err:
        apply(s, Used(0, "trickster", ((0, 0), (1, 0), (2, 0))))
    assert err.value.rule == "louder.trap"
    after = apply(s, Used(0, "trickster", ((0, 0), (1, 0))))
    assert after.collected[0] == () and after.field == s.field and after.strategy[0] == ("trickster",)


def test_the_seeker_only_looks_unless_the_house_rule_lets_it_collect():
    s = field(("score:4", (0, 0)), ("trap:0", (1, 0)), ("score:5", (2, 0)))
    peek = apply(s, Used(0, "seeker", ((0, 0), (1, 0), (2, 0))))
    assert peek.collected[0] == () and peek.field == s.field
    s = field(("score:4", (0, 0)), ("trap:0", (1, 0)), ("score:5", (2, 0)), seeker_mode="safe_collect")
    safe = apply(s, Used(0, "seeker", ((0, 0), (1, 0), (2, 0))))
    assert [c.kind for c in safe.collected[0]] == ["score", "trap", "score"]


def test_drawing_the_last_card_ends_the_game_at_once():
    s = new_game(Header(P3))
    for _ in range(50):
        s = apply(s, Drew(s.turn))
    assert s.deck == 1 and s.phase != OVER
    s = apply(s, Drew(s.turn))
    assert s.phase == OVER
    with pytest.raises(RuleViolation, match="The game is over") as err:
        apply(s, Drew(s.turn))
    assert err.value.rule == "louder.end"


def test_only_the_player_whose_turn_it_is_acts():
    with pytest.raises(RuleViolation, match="It is Aki's turn"):
        apply(new_game(Header(P3)), Drew(1))


def test_score_is_collected_numbers_minus_number_plus_one_for_placement_cards_in_hand():
    scored = read_record(json.loads((ROOT / "examples/louder/game-4p.json").read_text()))
    assert say(scored.details[-1]) == "Dan: 11 = 5 + 3 + 4 - 2 - 2 + 1 + 1 + 1"
    assert say(scored.details[2]) == "Chie: -6 = 0 − [(0 + 1) + (0 + 1) + (1 + 1) + (1 + 1)]"  # a trap in hand costs 1


def test_the_reveal_must_account_for_all_72_cards():
    record = json.loads((ROOT / "examples/louder/game-4p.json").read_text())
    hand = record["hands"]["Aki"]
    hand[hand.index(next(c for c in hand if ":" in c))] = "trickster"  # was a score:5
    with pytest.raises(RuleViolation, match=r"Trickster 12 times .* holds 11\. Not accounted for: score:5 ×1"):
        read_record(record)
    record["hands"]["Aki"].pop()
    with pytest.raises(RuleViolation, match="holds"):
        read_record(record)


def test_the_hand_worked_opening_scores_the_collected_cards():
    scored = read_record(json.loads((ROOT / "examples/louder/opening-3p.json").read_text()))
    assert [(s.player, s.total) for s in scored.standings.places] == [("Aki", 5), ("Chie", 5), ("Ben", 0)]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([3, 4]))
def test_every_card_stays_accounted_for_and_replay_is_exact(seed, n):
    game = Header(("Aki", "Ben", "Chie", "Dan")[:n])
    events, final = play_game(game, seed)
    for s in states(apply, new_game(game), events):
        assert s.card_count() == 72
    assert replay(game, events) == final and final.phase == OVER
    assert isinstance(events[-1], HandsRevealed) and len(score(final)) == n
