"""Busting rules, the special case, round end, trouble points, the tie-break chain, the Timeline."""

import random

import pytest

from scoring.errors import RuleViolation
from scoring.trickster.cards import code
from scoring.trickster.engine import apply
from scoring.trickster.events import HandsRevealed
from scoring.trickster.scoring import explain_round, score_round, standings
from scoring.trickster.simulator import deal
from scoring.trickster.state import REVEAL, SETUP, UNKNOWN, Hand
from scoring.words import say
from tests.engines.tables import bust, cards, play, table, tableau_codes

STRATEGY = dict(
    deck="strategy", trash=["KARC", "KDOC", "KEXP", "KINV", "KSCA", "KSCI"], tableau=["WARC", "WDOC", "WEXP", "WINV"]
)


def inventor_lead(**rules):
    """Aki's Inventor turns up the green Scavenger: the second card comes from the Leader's effect."""
    s = table(
        4,
        hands={"Aki": ["RINV"], "Ben": ["GWIT"], "Chie": ["YSCA"], "Dan": ["PEXP"]},
        deck_top=["BDOC"],
        **STRATEGY,
        **rules,
    )
    s = play(s, "Aki", "RINV", card="BDOC")
    s = play(s, "Ben", "GWIT", card="WDOC")
    s = play(s, "Chie", "YSCA", card="WEXP", card2="KARC")
    return play(s, "Dan", "PEXP", card=code(s.deck[0]), card2=code(s.deck[1]))


def test_special_case_everyone_follows_and_the_would_be_trickster_busts_by_default():
    s = inventor_lead()
    assert tableau_codes(s, "Ben") == ["BDOC", "GWIT", "PEXP", "RINV", "YSCA"]
    assert s.leader == 1


def test_special_case_house_rule_makes_the_leader_bust_instead():
    s = inventor_lead(special_case_buster="leader")
    assert tableau_codes(s, "Aki") == ["BDOC", "GWIT", "PEXP", "RINV", "WARC", "YSCA"]
    assert s.leader == 0


def shrink(s, sizes: dict[int, int]):
    """Tracker view with some hands made smaller (their other cards moved into the deck)."""
    w = s.copy()
    hands = list(w.hands)
    moved = 0
    for p, k in sizes.items():
        moved += hands[p].size - k
        hands[p] = Hand(frozenset(), k)
    w.hands = tuple(hands)
    w.deck = w.deck + (UNKNOWN,) * moved
    return w


def test_round_ends_after_the_trick_in_which_a_hand_runs_out_not_during_it():
    s = shrink(table(4, full=False, **STRATEGY), {0: 1})
    s = play(s, "Aki", "RWIT", card="WARC")  # Aki's last card... and Witness refills his hand
    assert s.hands[0].size == 1
    s = shrink(table(4, full=False, **STRATEGY), {0: 1})
    s = play(s, "Aki", "RSCA", card="WARC", card2="KDOC")  # Aki's hand is now empty
    assert s.to_play == 1  # the trick goes on
    s = play(s, "Ben", "OSCA", card="WDOC", card2="KARC")
    s = bust(s, "Chie")
    assert s.phase == REVEAL
    with pytest.raises(RuleViolation):
        play(s, "Chie", "GARC", copy="KEXP")


def test_hands_are_revealed_into_tableaus_and_the_round_is_scored():
    s = shrink(table(4, full=False, **STRATEGY), {0: 1, 1: 1, 2: 2, 3: 1})
    s = play(s, "Aki", "RSCA", card="WARC", card2="KDOC")
    s = play(s, "Ben", "OSCA", card="WDOC", card2="KARC")
    s = bust(s, "Chie")  # Chie takes RSCA, OSCA
    with pytest.raises(RuleViolation, match="all 4 players"):
        apply(s, HandsRevealed(()))
    g = s.game
    shown = (cards(g, []), cards(g, []), cards(g, ["RDOC", "ODOC"]), cards(g, ["RWIT"]))
    with pytest.raises(RuleViolation, match="holds 2 cards"):
        apply(s, HandsRevealed((cards(g, []), cards(g, []), cards(g, ["RDOC"]), cards(g, ["RWIT"]))))
    with pytest.raises(RuleViolation, match="placed elsewhere"):
        apply(s, HandsRevealed((cards(g, []), cards(g, []), cards(g, ["RDOC", "KEXP"]), cards(g, ["RWIT"]))))
    s = apply(s, HandsRevealed(shown))
    assert s.phase == SETUP and s.round == 1
    # red: Chie 2 (RSCA, RDOC) against Dan 1 (RWIT) -> Chie exempt for red
    r = s.scores[0]
    assert tableau_codes(s, "Chie") == ["ODOC", "OSCA", "RDOC", "RSCA", "WEXP"]
    assert r.exempt[0] == 2 and r.exempt[1] == 2  # red and orange: Chie alone holds the most
    assert r.trouble == (1, 1, 1, 2)


def test_sole_majority_exempts_and_a_tie_for_most_exempts_nobody():
    red, blue, green = 0, 4, 3
    counts = [[0] * 8 for _ in range(4)]
    counts[0][red], counts[1][red] = 3, 3  # tie for most red: nobody exempt
    counts[2][blue], counts[3][blue] = 2, 1  # Chie alone holds the most blue
    counts[3][green] = 4
    r = score_round(counts)
    assert r.exempt[red] is None and r.exempt[blue] == 2 and r.exempt[green] == 3
    assert r.trouble == (3, 3, 0, 1)
    chie = explain_round(("Aki", "Ben", "Chie", "Dan"), r)[2]
    assert say(chie) == "Chie: 0 trouble (sole majority, not counted: 2 blue)"


def counts_of(**suits):
    order = ["red", "orange", "yellow", "green", "blue", "purple", "black", "white"]
    return [suits.get(s, 0) for s in order]


def test_tie_on_total_goes_to_fewest_red_cards_in_the_final_round_exempt_cards_included():
    players = ("Aki", "Ben", "Chie")
    r1 = score_round([counts_of(blue=3), counts_of(green=1, black=2), counts_of(blue=1, yellow=1)])
    assert r1.trouble == (0, 0, 1)
    # final round: Aki's 3 reds are a sole majority (no trouble) but still count for the tie-break
    r2 = score_round([counts_of(red=3, orange=1), counts_of(red=1, white=2), counts_of(orange=1)])
    assert r2.trouble == (1, 1, 1)
    t = standings(players, [r1, r2])
    assert [(s.player, s.rank, s.total) for s in t.places] == [("Ben", 1, 1), ("Aki", 2, 1), ("Chie", 3, 2)]
    assert t.tiebreaks_in("en") == (
        "Ben wins the tie on 1 against Aki: fewer red cards in the final round, 1 against 3.",
    )


def test_tie_break_runs_through_the_suits_in_order():
    players = ("Aki", "Ben", "Chie", "Dan")
    first = score_round([counts_of(red=1), [0] * 8, counts_of(black=1, white=1), counts_of(red=1, black=1)])
    assert first.trouble == (1, 0, 1, 2)
    final = score_round(
        [
            counts_of(red=1, orange=2, blue=1),
            counts_of(red=1, orange=1, green=2),
            counts_of(red=1, orange=1, yellow=1, black=1),
            counts_of(white=5),
        ]
    )
    assert final.trouble == (1, 2, 2, 0)
    # totals: Aki 2, Ben 2, Chie 3, Dan 2
    t = standings(players, [first, final])
    assert [s.player for s in t.places] == ["Dan", "Ben", "Aki", "Chie"]
    assert [s.rank for s in t.places] == [1, 2, 3, 4]
    assert say(t.tiebreaks[0]) == (
        "Tie on 2 between Aki, Ben and Dan, broken by fewer red cards in the "
        "final round: Dan 0, Aki 1, Ben 1. Aki and Ben are still tied."
    )
    assert say(t.tiebreaks[1]) == (
        "Ben wins the tie on 2 against Aki: fewer orange cards in the final round, 1 against 2."
    )


def test_players_tied_on_every_suit_share_the_place():
    same = counts_of(blue=2)
    t = standings(("Aki", "Ben"), [score_round([same, same])])
    assert [s.rank for s in t.places] == [1, 1]
    assert "share the rank" in say(t.tiebreaks[-1])


# --- the Timeline: 2–3 players ------------------------------------------------------------------


def test_three_players_the_timeline_leads_and_the_token_passes_left_whoever_busts():
    s = table(
        3,
        full=False,
        first=1,
        trash=["KBRI", "KGUA", "KMAG", "KNOM", "KPED", "KREV"],
        tableau=["WBRI", "WGUA", "WMAG"],
        timeline=["RBRI", "OBRI", "YBRI", "GBRI", "BBRI", "PBRI", "RGUA", "OGUA", "YGUA", "GGUA", "BGUA", "PGUA"],
    )
    assert [h.size for h in s.hands] == [10, 10, 10] and len(s.deck) == 5
    assert [code(c) for c in s.pot] == ["RBRI"] and s.leader is None
    assert s.trickster == 1 and s.turns == (1, 2, 0)  # Ben, the oldest, holds the token
    s = play(s, "Ben", "RMAG", card="WGUA")  # same suit: follow red
    s = bust(s, "Chie")  # Chie busts and takes the pot...
    assert tableau_codes(s, "Chie") == ["RBRI", "RMAG", "WMAG"]
    assert s.trickster == 2 and s.turns == (2, 0, 1)  # ...and the token passed left to Chie
    assert [code(c) for c in s.pot] == ["OBRI"]
    s = play(s, "Chie", "GNOM", card="WBRI", enemy="Aki")
    s = play(s, "Aki", "PSOL", card="KSOL", enemy="Ben")
    s = play(s, "Ben", "YPED", enemy="Chie")
    # everyone followed: the Trickster (Chie) busts; the token still passes left, to Aki
    assert s.trickster == 0 and s.turns == (0, 1, 2)


INTRO_2P = dict(
    trash=["KBRI", "KGUA", "KMAG", "KNOM", "KPED", "KREV"],
    tableau=["WBRI", "WGUA"],
    timeline=["RBRI", "OBRI", "YBRI", "GBRI", "BBRI", "PBRI", "RGUA", "OGUA", "YGUA", "GGUA", "BGUA", "PGUA"],
)


def test_two_players_take_two_turns_each_and_the_trickster_busts_after_four_plays():
    s = table(2, full=False, **INTRO_2P)
    assert s.turns == (0, 1, 0, 1) and len(s.deck) == 16
    s = play(s, "Aki", "OMAG", card="WBRI")  # no match with the red Brigand
    s = play(s, "Ben", "YSOL", card="GSOL", enemy="Aki")
    s = play(s, "Aki", "GREV", card="KREV")  # the Trickster's second turn is a follow
    with pytest.raises(RuleViolation):
        play(s, "Ben", "RPED", enemy="Aki")  # red is in the pot already
    s = play(s, "Ben", "BPED", enemy="Aki")
    assert tableau_codes(s, "Aki") == ["BPED", "GREV", "GSOL", "OMAG", "RBRI", "YSOL"]
    assert s.trickster == 1 and s.turns == (1, 0, 1, 0)


def last_timeline_card(n, **rules):
    """The Timeline's last card is in the pot (the rest already went by, here into the trash)."""
    layout = dict(INTRO_2P, tableau=["WBRI", "WGUA", "WMAG"][:n])
    s = table(n, full=False, **layout, **rules)
    w = s.copy()
    w.trash = w.trash + w.timeline
    w.timeline = ()
    return w


def test_two_player_round_ends_when_the_timeline_is_used_up():
    s = last_timeline_card(2)
    assert code(s.pot[0]) == "RBRI"  # the twelfth Timeline card went by long ago; this is the last
    s = play(s, "Aki", "OREV", card="KBRI")
    s = bust(s, "Ben")
    assert s.phase == REVEAL and all(h.size for h in s.hands)


def test_three_players_timeline_used_up_ends_the_round_by_default():
    s = bust(play(last_timeline_card(3), "Aki", "OREV", card="KBRI"), "Ben")
    assert s.phase == REVEAL


def test_three_players_timeline_used_up_house_rule_buster_leads_plays_on():
    s = last_timeline_card(3, timeline_out_3p="buster_leads")
    s = bust(play(s, "Aki", "OREV", card="KBRI"), "Ben")
    assert s.phase != REVEAL and s.leader == 1 and s.trickster == 2 and s.pot == ()
    assert s.turns == (1, 2, 0)


def test_the_oldest_player_leads_the_first_trick():
    s = table(5, first=3)
    assert s.leader == 3 and s.trickster == 4 and s.turns == (3, 4, 0, 1, 2)


def test_the_last_buster_of_a_round_leads_the_next_round():
    from scoring.trickster.state import new_game
    from tests.engines.tables import game

    g = game(4)
    rng = random.Random(11)
    s = play_round(apply(new_game(g), deal(g, rng)), rng)
    buster = s.last_buster
    s = apply(s, deal(g, rng))
    assert s.round == 2 and s.leader == buster and s.trickster == (buster + 1) % 4


def play_round(s, rng):
    from scoring.trickster.simulator import next_event

    while s.phase not in (SETUP,):
        s = apply(s, next_event(s, rng))
    return s


@pytest.mark.parametrize(("rule", "expected"), [("keep_passing", None), ("oldest", 1)])
def test_variant_trickster_at_the_start_of_round_two(rule, expected):
    from scoring.trickster.state import new_game
    from tests.engines.tables import game

    g = game(3, first=1, variant_round_trickster=rule)
    rng = random.Random(4)
    s = apply(new_game(g), deal(g, rng))
    s = play_round(s, rng)
    token = s.trickster
    s = apply(s, deal(g, rng))
    assert s.trickster == (token if expected is None else expected)
