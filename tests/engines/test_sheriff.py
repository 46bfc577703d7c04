"""Sheriff at the table: tricks, the Joker, following, role scoring, the end of the game."""

import copy
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.errors import RuleViolation
from scoring.log import states
from scoring.records import score_record
from scoring.sheriff.cards import parse
from scoring.sheriff.engine import (
    DEAL,
    OVER,
    CardPlayed,
    DealStarted,
    Header,
    HouseRules,
    apply,
    explain_trick,
    new_game,
    replay,
    score_deal,
    trick_winner,
)
from scoring.sheriff.simulator import play_game, public
from scoring.words import say_all

P = ("Aki", "Ben", "Chie")
ROOT = Path(__file__).resolve().parents[2]
SHEET = json.loads((ROOT / "examples/sheriff/scoresheet-3-deals.json").read_text())
SPADES, HEARTS = 0, 1


def t(*codes):
    return [(i, parse(c)) for i, c in enumerate(codes)]


def test_the_highest_card_of_the_led_suit_wins_without_trump():
    assert trick_winner(t("Kh", "Ah", "Jh"), None) == 1
    assert trick_winner(t("Kh", "As", "Jh"), None) == 0  # off-suit never wins


def test_the_highest_trump_wins():
    assert trick_winner(t("Qh", "Ah", "10s"), SPADES) == 2
    assert trick_winner(t("Qh", "Js", "10s"), SPADES) == 1


def test_the_joker_always_loses_and_a_led_joker_lets_the_next_card_set_the_suit():
    assert trick_winner(t("JO", "10d", "Kh"), None) == 1  # diamonds became the suit to follow
    assert trick_winner(t("10h", "JO", "Qc"), HEARTS) == 0


def test_the_arbiter_explains_a_trick():
    lines = say_all(explain_trick(P, t("Qh", "Ah", "10s"), SPADES))
    assert lines == [
        "Trump: spades; led suit: hearts.",
        "Aki: Q of hearts — the led suit.",
        "Ben: A of hearts — the led suit.",
        "Chie: 10 of spades — a trump.",
        "Chie wins the trick.",
    ]


def start(trump=SPADES):
    return apply(new_game(Header(P)), DealStarted(2, ("mayor", "sheriff", "robber"), trump))


def play(s, *codes):
    for c in codes:
        s = apply(s, CardPlayed(s.to_play, parse(c)))
    return s


def test_the_mayor_leads_the_first_trick_and_the_winner_leads_the_next():
    s = start()
    assert s.to_play == 0
    s = play(s, "Kh", "Ah", "Jh")
    assert s.to_play == 1 and s.captured[1][1] == 1  # Ben took the King of hearts


def test_a_player_who_did_not_follow_cannot_play_that_suit_later_in_the_deal():
    s = play(start(), "Kh", "Ah", "Qd")  # Chie showed no hearts; Ben's Ace wins
    s = play(s, "Qh")  # Ben leads hearts again
    with pytest.raises(RuleViolation, match="did not follow hearts") as err:
        play(s, "Jh")
    assert err.value.rule == "sheriff.follow"


def test_only_the_announced_joker_holder_plays_the_joker_and_it_is_free_to_play():
    s = start()
    with pytest.raises(RuleViolation, match="Chie announced the Joker"):
        play(s, "JO")
    s = play(s, "Kh", "Ah", "JO")  # Chie may throw the Joker even holding hearts
    assert s.voids[2] == frozenset()
    with pytest.raises(RuleViolation, match="already played"):
        play(s, "Kh")


def test_role_scoring_and_the_mayors_floor_at_zero():
    # Sheriff took 2 Kings, Robber 2 tens; Mayor 3 Queens and 2 Jacks: 5 - 2 - 2 = 1
    r = score_deal(P, ("mayor", "sheriff", "robber"), [(1, 1, 3, 2, 1, 1), (2, 2, 0, 1, 1, 0), (1, 1, 1, 1, 2, 0)])
    assert r.points == (1, 2, 2)
    r = score_deal(P, ("mayor", "sheriff", "robber"), [(0, 2, 1, 0, 0, 0), (0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 4, 0)])
    assert r.points == (0, 0, 4)  # 1 - 4 - 4 is below 0


def test_the_hand_worked_scoresheet_ends_when_aki_leads_alone_past_8():
    table = score_record(SHEET)
    assert [(s.player, s.total) for s in table.places] == [("Aki", 9), ("Chie", 8), ("Ben", 6)]
    more = copy.deepcopy(SHEET)
    more["deals"].append(SHEET["deals"][0])
    with pytest.raises(RuleViolation, match="already ended after deal 3"):
        score_record(more)


def test_the_game_goes_on_while_the_lead_is_shared():
    tied = copy.deepcopy(SHEET)
    tied["deals"][2]["captured"] = {
        "Aki": {"A": 1, "K": 4, "J": 1},
        "Ben": {"A": 2, "10": 3, "Joker": 1},
        "Chie": {"A": 1, "Q": 4, "J": 3, "10": 1},
    }
    table = score_record(tied)
    assert [(s.player, s.rank, s.total) for s in table.places] == [("Aki", 1, 9), ("Chie", 1, 9), ("Ben", 3, 5)]
    tied["deals"].append(SHEET["deals"][0])  # Aki and Chie share the lead: a fourth deal decides
    table = score_record(tied)
    assert [(s.player, s.total) for s in table.places] == [("Chie", 11), ("Aki", 10), ("Ben", 7)]


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda d: d["roles"].update(Ben="mayor"), "held by exactly one player"),
        (lambda d: d["captured"]["Ben"].update(K=4), "6 × K were captured"),
        (lambda d: d["captured"]["Ben"].update(Joker=1), "Joker were captured"),
        (lambda d: d.update(trump="stars"), "not a suit"),
    ],
)
def test_impossible_sheets_are_refused(edit, words):
    bad = copy.deepcopy(SHEET)
    edit(bad["deals"][0])
    with pytest.raises(RuleViolation, match=words):
        score_record(bad)


def test_a_full_record_needs_seven_tricks_of_three_cards():
    record = json.loads((ROOT / "examples/sheriff/game-6-deals.json").read_text())
    record["deals"][0]["tricks"].pop()
    with pytest.raises(RuleViolation, match="exactly 7 tricks"):
        score_record(record)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([6, 8, 10]))
def test_simulated_games_conserve_cards_replay_exactly_and_end_with_a_sole_leader(seed, target):
    game = Header(P, HouseRules(target=target))
    events, final = play_game(game, seed)
    for s in states(apply, new_game(game), events):
        if s.phase != DEAL and s.hands is not None:
            held = sum(len(h) for h in s.hands)
            assert held + len(s.played) == 21  # every card is in a hand or played
            assert sum(map(sum, s.captured)) == 3 * s.tricks_done
    assert final.phase == OVER
    totals = final.totals()
    assert max(totals) >= target and totals.count(max(totals)) == 1
    tracked = replay(game, [public(e) for e in events])
    assert tracked.scores == final.scores and replay(game, events) == final


def test_a_scoresheet_whose_piles_no_seven_tricks_could_make_is_refused():
    # 8, 7 and 5 cards: every trick moves 3 cards to its winner, so at least 3 + 3 + 2 = 8 tricks
    from scoring.sheriff.notation import parse_line as sheriff_quick

    entry = sheriff_quick("sheet Aki=mayor:Q*4,J*4 Ben=sheriff:K*4,A*3 Chie=robber:10*4,A trump=none")
    record = {"game": "sheriff", "players": ["Aki", "Ben", "Chie"], "deals": [entry]}
    with pytest.raises(RuleViolation) as err:
        score_record(record)
    assert err.value.rule == "sheriff.scoresheet"
    assert "the sheet gives Aki 8, Ben 7, Chie 5 cards" in err.value.reason
    assert "at least Aki 3, Ben 3, Chie 2 tricks: 8, but a deal has 7" in err.value.reason
    # one Ace fewer for Ben: 8, 6 and 5 cards fit in 3 + 2 + 2 = 7 tricks
    fits = sheriff_quick("sheet Aki=mayor:Q*4,J*4 Ben=sheriff:K*4,A*2 Chie=robber:10*4,A trump=none")
    table = score_record({**record, "deals": [fits]})
    # Aki: 8 Queens and Jacks, no King lost, 4 Tens to the Robber: 4; Ben 4 Kings; Chie 4 Tens
    assert {s.player: s.total for s in table.places} == {"Aki": 4, "Ben": 4, "Chie": 4}


def test_a_scoresheet_with_a_fifth_king_is_refused():
    from scoring.sheriff.notation import parse_line as sheriff_quick

    entry = sheriff_quick("sheet Aki=mayor:K Ben=sheriff:K*4 Chie=robber: trump=none")
    with pytest.raises(RuleViolation, match="5 × K were captured; the deck holds 4"):
        score_record({"game": "sheriff", "players": ["Aki", "Ben", "Chie"], "deals": [entry]})


def test_the_mayors_score_of_exactly_nothing_is_not_said_to_be_raised_to_nothing():
    """Issue 37's survivor (``raw < 0`` read as ``<= 0``): a Queen less the one King the Sheriff
    missed is 0 and is said as 0; one King missed with nothing is −1, raised to 0, and says so."""
    from scoring.sheriff.engine import deal_lines
    from scoring.words import say_all

    seats, roles = ("Aki", "Ben", "Chie"), ("mayor", "sheriff", "robber")
    even = say_all(deal_lines(seats, roles, [(0, 0, 1, 0, 0, 0), (0, 3, 0, 0, 0, 0), (0,) * 6]))[2]
    assert even.endswith("taken by the Robber = 0") and "→" not in even
    short = say_all(deal_lines(seats, roles, [(0,) * 6, (0, 3, 0, 0, 0, 0), (0,) * 6]))[2]
    assert short.endswith("taken by the Robber = -1 → 0")


def test_the_mayors_line_counts_the_kings_the_sheriff_did_not_take():
    """Ben the Sheriff took 3 Kings: the Mayor's line takes off the 1 King he did not take."""
    from scoring.sheriff.engine import deal_lines
    from scoring.words import say_all

    caught = [(0, 1, 2, 1, 0, 0), (0, 3, 0, 0, 0, 0), (0, 0, 0, 0, 2, 0)]  # A, K, Q, J, 10, Joker
    assert say_all(deal_lines(("Aki", "Ben", "Chie"), ("mayor", "sheriff", "robber"), caught)) == [
        "Ben (Sheriff): 3 King(s) = 3",
        "Chie (Robber): 2 ten(s) = 2",
        "Aki (Mayor): 2 Queen(s) + 1 Jack(s) − 1 King(s) not taken by the Sheriff − 2 ten(s) taken by the Robber = 0",
    ]
