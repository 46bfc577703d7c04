"""Who wins a KINGs trick and why: strength, ties, kings, Samurai, Resistance, the King's Sword."""

import pytest

from scoring.errors import RuleViolation
from scoring.kings.cards import parse
from scoring.kings.settings import HouseRules
from scoring.kings.trick import Play, judge
from scoring.words import say_all

P = ("Aki", "Ben", "Chie", "Dan", "Emi")


def winner(*plays, **rules):
    return P[judge(plays, P, HouseRules(**rules)).winner]


def pl(seat, card, **mods):
    return Play(seat, parse(card), **mods)


def test_the_lead_colour_beats_a_higher_card_of_another_colour():
    assert winner(pl(0, "r8"), pl(1, "b9"), pl(2, "g9")) == "Aki"


def test_black_is_trump_even_a_black_1_against_a_red_9():
    assert winner(pl(0, "r9"), pl(1, "k1")) == "Ben"


def test_a_rare_beats_black_and_two_rares_go_to_the_first():
    assert winner(pl(0, "k9"), pl(1, "RA"), pl(2, "RA")) == "Ben"


def test_a_white_flag_is_the_weakest_and_sets_no_lead_colour():
    ruling = judge([pl(0, "WF"), pl(1, "b3"), pl(2, "r9")], P)
    assert ruling.lead == "blue" and P[ruling.winner] == "Ben"
    assert winner(pl(0, "WF"), pl(1, "WF")) == "Aki"


def test_samurai_red_9_ties_a_black_9_and_the_first_played_wins():
    assert winner(pl(0, "k9"), pl(1, "r9", samurai=True)) == "Aki"
    assert winner(pl(0, "r9", samurai=True), pl(1, "k9")) == "Aki"


def test_a_samurai_leading_red_makes_red_the_lead_colour():
    ruling = judge([pl(0, "r2", samurai=True), pl(1, "r9"), pl(2, "b9")], P)
    assert ruling.lead == "red" and P[ruling.winner] == "Aki"  # red 2 with black strength


def test_samurai_cancelled_by_a_white_flag_only_under_the_house_rule():
    plays = (pl(0, "b5"), pl(1, "r2", samurai=True), pl(2, "WF"))
    assert winner(*plays) == "Ben"
    assert winner(*plays, samurai_cancelled_by_flag=True) == "Aki"


def test_resistance_plays_a_1_as_a_9_and_a_rare_as_a_white_flag():
    assert winner(pl(0, "r8"), pl(1, "r1", declare="nine")) == "Ben"
    assert winner(pl(0, "r8"), pl(1, "r9", declare="one")) == "Aki"
    assert winner(pl(0, "r8"), pl(1, "RA", declare="flag")) == "Aki"
    assert winner(pl(0, "k8"), pl(1, "WF", declare="rare")) == "Ben"
    with pytest.raises(RuleViolation, match="cannot declare"):
        judge([pl(0, "r5", declare="nine")], P)


def test_the_kings_sword_gives_rare_strength_and_a_later_rare_does_not_beat_it():
    assert winner(pl(0, "k9"), pl(1, "g2", sword=True), pl(2, "RA")) == "Ben"


def test_a_king_beats_a_rare_and_the_later_king_wins_against_a_king():
    assert winner(pl(0, "RA"), pl(1, "b1", king="blue")) == "Ben"
    plays = (pl(0, "r3", king="red"), pl(1, "RA"), pl(2, "WF", king="white"))
    assert winner(*plays) == "Chie"
    assert winner(*plays, king_vs_king="earlier") == "Aki"


def test_the_berserkers_black_9_ties_the_black_9_and_the_first_wins():
    assert winner(pl(0, "k9b"), pl(1, "k9")) == "Aki"


def test_where_a_king_may_be_placed():
    judge([pl(0, "r4", samurai=True, king="red")], P)  # the red king on a Samurai's red card
    judge([pl(0, "g2", sword=True, king="white")], P)  # the white king on a Sword's Rare
    judge([pl(0, "k9b", king="black")], P)
    with pytest.raises(RuleViolation, match="still red"):
        judge([pl(0, "r4", samurai=True, king="black")], P)
    with pytest.raises(RuleViolation, match="White Flag or a Rare"):
        judge([pl(0, "b4", king="white")], P)


def test_the_arbiter_explains_card_by_card():
    ruling = judge([pl(0, "r7"), pl(1, "k2"), pl(2, "RA"), pl(3, "g9"), pl(4, "WF")], P)
    assert tuple(say_all(ruling.lines)) == (
        "Lead colour: red.",
        "Aki plays the red 7: the lead colour, 7; leads the trick.",
        "Ben plays the black 2: black strength 2; beats Aki's card and takes the lead.",
        "Chie plays the Rare: Rare strength, beaten only by a king; beats Ben's card and takes the lead.",
        "Dan plays the green 9: neither black nor red: it cannot win; does not beat Chie's card.",
        "Emi plays the White Flag: a White Flag, the weakest card; does not beat Chie's card.",
        "Chie wins the trick with the Rare.",
    )
