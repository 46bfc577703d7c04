"""Trick play at a Trickster table: patterns, following, busting, whose turn, cards in known places."""

import pytest

from scoring.errors import RuleViolation
from scoring.trickster.cards import code
from scoring.trickster.engine import legal_cards
from scoring.trickster.state import NO_MATCH, SAME_HERO, SAME_SUIT
from tests.engines.tables import bust, hand_codes, play, table, tableau_codes

TRASH = ["KBRI", "KGUA", "KMAG", "KNOM", "KPED", "KREV"]
TABLEAU = ["WBRI", "WGUA", "WMAG", "WNOM"]
HANDS = {
    "Aki": ["RGUA", "OGUA", "YGUA", "GGUA", "BGUA", "PGUA", "RSOL", "OSOL", "YSOL"],
    "Ben": ["RNOM", "ONOM", "YNOM", "GNOM", "BNOM", "PNOM", "RPED", "OPED", "YPED"],
    "Chie": ["RMAG", "OMAG", "YMAG", "GMAG", "BMAG", "PMAG", "RREV", "OREV", "YREV"],
    "Dan": ["RBRI", "OBRI", "YBRI", "GBRI", "BBRI", "PBRI", "GPED", "BPED", "PPED"],
}


def four_players(**kw):
    return table(4, trash=TRASH, tableau=TABLEAU, hands=HANDS, **kw)


def test_round_setup_deals_a_4_player_table():
    s = four_players()
    assert [h.size for h in s.hands] == [9, 9, 9, 9]
    assert len(s.trash) == 6 and len(s.deck) == 10
    assert s.leader == 0 and s.trickster == 1 and s.to_play == 0
    assert s.location_count() == 56


def test_the_trickster_matching_the_suit_makes_everyone_follow_that_suit():
    s = four_players()
    s = play(s, "Aki", "RGUA", card="WGUA", enemy="Ben")
    s = play(s, "Ben", "RNOM", card="WBRI", enemy="Aki")
    assert s.pattern == SAME_SUIT
    assert sorted(code(c) for c in legal_cards(s, 2)) == ["RMAG", "RREV"]  # Chie's two red cards
    with pytest.raises(RuleViolation) as err:
        play(s, "Chie", "YMAG", card="WMAG")
    assert err.value.rule == "trickster.follow"
    assert "follow red" in err.value.reason
    s = play(s, "Chie", "RMAG", card="WMAG")
    assert tableau_codes(s, "Chie") == [] and len(s.trash) == 7
    with pytest.raises(RuleViolation, match="red Brigand"):
        bust(s, "Dan")
    s = play(s, "Dan", "RBRI", card="WNOM", enemy="Aki")
    # everyone followed: the Trickster (Ben) busts and takes the pot
    assert tableau_codes(s, "Ben") == ["RBRI", "RGUA", "RMAG", "RNOM", "WBRI"]
    assert s.leader == 1 and s.trickster == 2 and s.to_play == 1


def test_the_trickster_matching_the_hero_makes_everyone_follow_that_hero():
    s = table(
        4,
        hands={
            "Aki": ["RGUA"],
            "Ben": ["OGUA"],
            "Chie": ["YGUA", "RMAG"],
            "Dan": ["RBRI", "OBRI", "YBRI", "GBRI", "BBRI", "PBRI", "GPED", "BPED", "PPED"],
        },
        trash=TRASH,
        tableau=TABLEAU,
    )
    s = play(s, "Aki", "RGUA", card="WGUA", enemy="Ben")
    s = play(s, "Ben", "OGUA", card="WMAG", enemy="Chie")
    assert s.pattern == SAME_HERO
    with pytest.raises(RuleViolation, match="follow Guard"):
        play(s, "Chie", "RMAG", card="WGUA", enemy="Aki")
    s = play(s, "Chie", "YGUA", card="WNOM", enemy="Dan")
    # Dan holds no Guard: he busts and takes the three Guards
    s = bust(s, "Dan")
    assert tableau_codes(s, "Dan") == ["OGUA", "RGUA", "YGUA"]
    assert s.leader == 3 and s.trickster == 0


def test_no_match_is_checked_against_every_card_already_in_the_pot():
    s = four_players()
    s = play(s, "Aki", "RGUA", card="WGUA", enemy="Ben")
    s = play(s, "Ben", "ONOM", card="WBRI", enemy="Aki")
    assert s.pattern == NO_MATCH
    s = play(s, "Chie", "YMAG", card="WMAG")
    # yellow matches neither the red Guard nor the orange Nomad, but it matches Chie's yellow Magician
    with pytest.raises(RuleViolation) as err:
        play(s, "Dan", "YBRI", card="WNOM", enemy="Aki")
    assert err.value.rule == "trickster.follow"
    with pytest.raises(RuleViolation, match="green Brigand"):
        bust(s, "Dan")
    s = play(s, "Dan", "GBRI", card="WNOM", enemy="Aki")
    assert tableau_codes(s, "Ben") == ["GBRI", "ONOM", "RGUA", "WBRI", "YMAG"]


def test_leader_and_trickster_may_play_anything_but_may_not_bust_holding_cards():
    s = four_players()
    with pytest.raises(RuleViolation) as err:
        bust(s, "Aki")
    assert err.value.rule == "trickster.bust"
    s = play(s, "Aki", "RSOL", card="OSOL", enemy="Dan")
    with pytest.raises(RuleViolation, match="any card may be played"):
        bust(s, "Ben")
    s = play(s, "Ben", "GNOM", card="OSOL", enemy="Dan")  # any card: sets NO_MATCH
    assert s.pattern == NO_MATCH


def test_only_the_player_whose_turn_it_is_may_act():
    s = four_players()
    with pytest.raises(RuleViolation, match="It is Aki's turn") as err:
        play(s, "Ben", "RNOM", card="WBRI", enemy="Aki")
    assert err.value.rule == "trickster.turn"


def test_a_card_face_up_elsewhere_cannot_be_played_from_hand():
    s = four_players()
    with pytest.raises(RuleViolation, match="is in the trash"):
        play(s, "Aki", "KGUA", card="WGUA", enemy="Ben")
    s = play(s, "Aki", "RGUA", card="WGUA", enemy="Ben")
    with pytest.raises(RuleViolation, match="is in the pot"):
        play(s, "Ben", "RGUA", card="WBRI", enemy="Aki")
    with pytest.raises(RuleViolation, match="in Aki's hand"):
        play(s, "Ben", "OGUA", card="WBRI", enemy="Aki")


def test_a_refused_entry_changes_nothing():
    s = four_players()
    before = s.copy()
    with pytest.raises(RuleViolation):
        play(s, "Aki", "RGUA", card="WBRI", enemy="Ben")  # WBRI is Aki's own tableau card
    assert s == before


def test_tracker_catches_a_bust_while_holding_a_card_it_saw_taken():
    s = table(4, trash=TRASH, tableau=TABLEAU, full=False)
    assert s.hands[0].known == frozenset() and s.hands[0].hidden == 9
    s = play(s, "Aki", "RGUA", card="WGUA", enemy="Ben")  # Aki takes the white Guard into hand
    assert hand_codes(s, "Aki") == {"WGUA"}
    s = play(s, "Ben", "ONOM", card="WBRI", enemy="Aki")
    s = play(s, "Chie", "YMAG", card="WMAG")
    s = bust(s, "Dan")  # the tracker cannot see Dan's hand: accepted
    # Dan leads (a red card: it could not have followed that pot), Aki is the Trickster, Ben and
    # Chie follow; then Aki is the last to play
    s = play(s, "Dan", "RBRI", card="YMAG", enemy="Ben")
    s = play(s, "Aki", "PSOL", card="WGUA", enemy="Ben")  # the white Guard leaves Aki's hand
    assert hand_codes(s, "Aki") == set()


def test_tracker_refuses_a_bust_by_a_player_holding_a_known_follower():
    s = table(4, trash=TRASH, tableau=TABLEAU, full=False)
    s = play(s, "Aki", "RGUA", card="WGUA", enemy="Ben")  # everyone saw the white Guard go to Aki
    s = play(s, "Ben", "ONOM", card="WBRI", enemy="Aki")
    s = bust(s, "Chie")
    s = play(s, "Chie", "RMAG", card="ONOM")  # red: it could not have followed the pot she busted on
    s = play(s, "Dan", "BSOL", card="RSOL", enemy="Aki")
    assert s.pattern == NO_MATCH
    # the white Guard shares neither suit nor hero with the green Magician or the blue Soldier
    with pytest.raises(RuleViolation, match="white Guard") as err:
        bust(s, "Aki")
    assert err.value.rule == "trickster.bust"
    s = play(s, "Aki", "WGUA", card="WNOM", enemy="Dan")
    assert hand_codes(s, "Aki") == {"WNOM"}
