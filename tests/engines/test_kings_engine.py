"""A KINGs table, event by event: the draft, characters and bids, tricks, voids, kings, items, scoring."""

import json
from pathlib import Path

import pytest

from scoring.errors import RuleViolation
from scoring.kings.engine import BIDS, DRAFT, FRONTS, PLAY, Header, apply, draft_order, new_game
from scoring.kings.events import (
    BidsRevealed,
    CardPlayed,
    DevilContracted,
    DraftPick,
    FrontsRevealed,
    HermitDrew,
    LeadNamed,
)
from scoring.kings.game import GAME
from scoring.kings.scoring import Bid
from scoring.words import say
from tests.engines.kings_tables import PARTIES, bid, drafted, play, reveal, trick


def round_one():
    s = drafted(PARTIES)
    return reveal(
        s,
        ["Healer", "Samurai", "Collector", "Ninja", "Maru"],
        ["Gambler", "Devil", "Neme", "Hermit", "Gambler"],
        [bid(2, 50), Bid("devil_miss"), bid(1, 40), bid(1, 40), bid(0, 50)],
    )


def test_the_draft_goes_in_snake_order():
    s = new_game(Header(("Aki", "Ben", "Chie", "Dan", "Emi")))
    assert draft_order(s)[:10] == [0, 1, 2, 3, 4, 4, 3, 2, 1, 0]
    with pytest.raises(RuleViolation, match="It is Aki's pick") as err:
        apply(s, DraftPick(1, king="red"))
    assert err.value.rule == "kings.draft"


def test_a_party_is_one_king_and_four_characters():
    s = new_game(Header(("Aki", "Ben", "Chie", "Dan", "Emi")))
    s = apply(s, DraftPick(0, king="red"))
    with pytest.raises(RuleViolation, match="already taken"):
        apply(s, DraftPick(1, king="red"))
    s = apply(s, DraftPick(1, character="Devil"))
    s = apply(s, DraftPick(2, character="Devil"))  # duplicates are allowed
    s = apply(s, DraftPick(3, character="Maru"))
    with pytest.raises(RuleViolation, match="only one Maru"):
        apply(s, DraftPick(4, character="Maru"))
    parties = {
        "Aki": ["red", "Healer", "Gambler", "Ninja", "Hermit"],
        "Ben": ["Devil", "Healer", "Samurai", "Healer", "Collector"],
    }
    with pytest.raises(RuleViolation, match="last pick must be a king"):
        drafted(parties | {k: v for k, v in PARTIES.items() if k not in parties})


def test_drafting_maru_and_neme_brings_their_items():
    s = drafted(PARTIES)
    assert s.items[4] == frozenset({"fairys_gift"}) and s.items[2] == frozenset({"kings_sword"})
    assert s.phase == FRONTS


def test_four_players_leave_out_the_cheerleader_and_the_7s_and_8s():
    s = new_game(Header(("Aki", "Ben", "Chie", "Dan")))
    with pytest.raises(RuleViolation, match="not in this draft"):
        apply(s, DraftPick(0, character="Cheerleader"))
    parties = {
        "Aki": ["red", "Healer", "Gambler", "Ninja", "Hermit"],
        "Ben": ["Devil", "blue", "Samurai", "Healer", "Collector"],
        "Chie": ["Collector", "Neme", "green", "Berserker", "Gambler"],
        "Dan": ["Ninja", "Hermit", "Devil", "black", "Resistance"],
    }
    s = drafted(parties, n=4)
    s = reveal(
        s,
        ["Healer", "Samurai", "Collector", "Ninja"],
        ["Gambler", "Devil", "Neme", "Hermit"],
        [bid(1, 40), Bid("devil_miss"), bid(1, 40), bid(1, 40)],
    )
    with pytest.raises(RuleViolation, match="not in the 4-player deck"):
        play(s, "Dan", "r7")


def test_the_lowest_king_number_leads_the_first_trick():
    s = round_one()
    assert s.phase == PLAY and s.to_play == 3  # Dan's black king shows 1


def test_characters_and_bids_follow_their_backs():
    s = drafted(PARTIES)
    s = apply(s, FrontsRevealed((("Healer",), ("Samurai",), ("Collector",), ("Ninja",), ("Maru",))))
    assert s.phase == BIDS
    bids = ((bid(2, 50),), (bid(3, 60),), (bid(1, 40),), (bid(1, 40),), (bid(0, 50),))
    with pytest.raises(RuleViolation, match="Devil's back is devil miss"):
        apply(s, BidsRevealed((("Gambler",), ("Devil",), ("Neme",), ("Hermit",), ("Gambler",)), bids))
    with pytest.raises(RuleViolation, match="cannot bid with the Healer"):
        apply(s, BidsRevealed((("Healer",), ("Devil",), ("Neme",), ("Hermit",), ("Gambler",)), bids))


def test_a_full_round_scores_bids_fronts_and_the_devils_bid_miss():
    s = round_one()
    s = trick(s, "r5", "r9", "r2", "b3", "WF")  # Dan leads; Emi's red 9 wins
    s = trick(s, "g4", "g7", "k2", "g9", "RA")  # Emi leads; Dan's Rare wins
    s = trick(s, "k7", "b2", "k3", "k9", "k1")  # Dan leads; Ben's black 9 wins
    s = trick(s, "b8", "b1", "b4", "b7", "b9")  # Ben leads; Aki's blue 9 wins
    s = trick(s, "r4", "b5", "r8", "r6", "RA")  # Aki leads; Emi's Rare wins
    assert s.round == 2 and s.phase == FRONTS
    scores = s.scores[0]
    assert [sc.count for sc in scores] == [1, 1, 0, 1, 2]  # Ben bids with his Devil: no +2
    assert [sc.total for sc in scores] == [50, 90, 0, 40, 0]
    ben = {say(p.label): p.points for p in scores[1].parts}
    assert ben == {"bid miss (hit)": 90, "Samurai": 0}  # Aki, Chie and Emi missed: 3 × 30
    aki = {say(p.label): p.points for p in scores[0].parts}
    assert aki == {"bid (missed)": 0, "Healer": 50}  # five blue cards, capped at 50


def test_a_player_who_did_not_follow_a_colour_cannot_play_it_later_in_the_round():
    s = round_one()
    s = trick(s, "r5", "r9", "r2", "b3", "WF")  # Ben played blue on a red lead: no red left
    s = trick(s, "g4", "g7")
    with pytest.raises(RuleViolation, match="did not follow red earlier") as err:
        play(s, "Ben", "r1")
    assert err.value.rule == "kings.follow"
    s = play(s, "Ben", "WF")  # a White Flag may always be played and shows no void
    assert s.to_play == 2


def test_a_card_cannot_be_played_twice_in_a_round():
    s = trick(round_one(), "r5", "r9", "r2", "b3", "WF")
    with pytest.raises(RuleViolation, match="already played"):
        play(s, "Emi", "r9")
    s = trick(s, "g4", "g7", "k2", "g9", "RA")
    with pytest.raises(RuleViolation, match="Both White Flags"):
        trick(s, "WF", "WF", "WF")


def test_a_king_is_played_once_on_its_colour_and_wins_the_trick():
    s = round_one()
    s = play(s, "Dan", "r5")
    s = play(s, "Emi", "r9")
    with pytest.raises(RuleViolation, match="on a red card"):
        play(s, "Aki", "WF", king=True)
    s = play(s, "Aki", "r2", king=True)
    s = trick(s, "b3", "WF")
    assert s.tricks[0] == 1 and s.king_round[0] == 1 and s.to_play == 0
    with pytest.raises(RuleViolation, match="already played; a king is played once"):
        play(s, "Aki", "r3", king=True)


def test_items_are_used_once_by_their_owner():
    s = round_one()
    with pytest.raises(RuleViolation, match="no unused kings sword"):
        play(s, "Dan", "r5", sword=True)
    s = play(s, "Dan", "r5")
    s = play(s, "Emi", "r9", gift=True)
    assert s.gift[4] and "fairys_gift" in s.items_used


def test_a_ninja_about_to_lead_names_another_lead_player():
    s = round_one()
    s = apply(s, LeadNamed(3, 1))  # Dan, about to lead, hands the lead to Ben
    assert s.to_play == 1 and s.turns == (1, 2, 3, 4, 0)
    with pytest.raises(RuleViolation, match="Only a Ninja"):
        apply(s, LeadNamed(1, 0))  # Ben has no Ninja in play


def test_a_hermit_draw_clears_what_the_table_knew_about_voids():
    s = drafted(PARTIES)
    s = reveal(
        s,
        ["Healer", "Samurai", "Collector", "Hermit", "Maru"],
        ["Gambler", "Devil", "Neme", "Ninja", "Gambler"],
        [bid(2, 50), Bid("devil_miss"), bid(1, 40), bid(1, 40), bid(0, 50)],
    )
    s = trick(s, "r5", "r9", "r2", "b3", "WF")  # Dan leads; Emi wins
    s = trick(s, "g4", "g7", "k2", "g9", "b6")  # Dan plays blue on green: he showed no green
    s = trick(s, "b8", "b1")  # Ben (black 2) leads; Dan to play
    with pytest.raises(RuleViolation, match="did not follow green"):
        play(s, "Dan", "g2")
    drew = apply(s, HermitDrew(3))  # three new cards: the green void is forgotten
    with pytest.raises(RuleViolation, match="once per round"):
        apply(drew, HermitDrew(3))
    drew = play(drew, "Dan", "g2")
    assert drew.to_play == 4 and drew.deck_left == s.deck_left - 3


def test_the_berserkers_black_9_is_played_only_by_the_berserker_who_took_it():
    s = drafted(PARTIES)
    s = reveal(
        s,
        ["Healer", "Samurai", "Berserker", "Ninja", "Maru"],
        ["Gambler", "Devil", "Neme", "Hermit", "Gambler"],
        [bid(2, 50), Bid("devil_miss"), bid(1, 40), bid(1, 40), bid(0, 50)],
        nine=(False, False, True, False, False),
    )
    s = trick(s, "k1", "k2", "k3", "k4")
    s = play(s, "Chie", "k9b")
    assert s.tricks[2] == 1
    s2 = drafted(PARTIES)
    with pytest.raises(RuleViolation, match="no Berserker in play"):
        reveal(
            s2,
            ["Healer", "Samurai", "Collector", "Ninja", "Maru"],
            ["Gambler", "Devil", "Neme", "Hermit", "Gambler"],
            [bid(2, 50), Bid("devil_miss"), bid(1, 40), bid(1, 40), bid(0, 50)],
            nine=(True, False, False, False, False),
        )


def test_characters_rotate_the_round_one_front_retires_in_round_three():
    s = round_one()
    for cards in (
        ("r5", "r9", "r2", "b3", "WF"),
        ("g4", "g7", "k2", "g9", "RA"),
        ("k7", "b2", "k3", "k9", "k1"),
        ("b8", "b1", "b4", "b7", "b9"),
        ("r4", "b5", "r8", "r6", "RA"),
    ):
        s = trick(s, *cards)
    s2 = reveal(
        s,
        ["Ninja", "Healer", "Neme", "Hermit", "Resistance"],
        ["Gambler", "Collector", "Gambler", "Devil", "Cheerleader"],
        [bid(1, 40), bid(1, 40), bid(1, 40), Bid("devil_miss"), Bid("bond", other=0)],
    )
    assert s2.fronts[0] == ("Healer", "Ninja")  # the round-1 front stays
    with pytest.raises(RuleViolation, match="no Healer left"):
        reveal(
            s,
            ["Healer", "Healer", "Neme", "Hermit", "Resistance"],
            ["Gambler", "Collector", "Gambler", "Devil", "Cheerleader"],
            [bid(1, 40), bid(1, 40), bid(1, 40), Bid("devil_miss"), Bid("bond", other=0)],
        )
    # round 3 of a whole game (examples/kings/game-5p.json): each round turns up one more front,
    # and in round 3 the round-1 front retires, leaving the fronts of rounds 2 and 3
    record = json.loads((Path(__file__).resolve().parents[2] / "examples/kings/game-5p.json").read_text())
    header, entries = GAME.split(record)
    position, seen = GAME.new(header), []
    for entry in entries:
        position = GAME.apply(position, entry)
        table = position.state.table
        if not seen or table.fronts != seen[-1]:
            seen.append(table.fronts)
    one, two, three = seen[1:4]
    assert [len(f) for f in one] == [1] * 5 and [len(f) for f in two] == [2] * 5
    assert all(three[p][0] == two[p][1] and len(three[p]) == 2 for p in range(5))  # round 2's front stays
    assert [three[p][1] for p in range(5)] == ["Maru", "Devil", "Hermit", "Berserker", "Gambler"]  # round 3's
    assert one[0] == ("Berserker",) and "Berserker" not in three[0]  # Aki's round-1 front retired


def test_two_players_draft_every_round_and_contract_the_devil():
    s = new_game(Header(("Aki", "Ben")))
    assert draft_order(s) == [0, 1, 0, 1, 0, 1, 0, 1]
    for p, pick in zip(
        draft_order(s), ["red", "blue", "Healer", "Ninja", "Gambler", "Samurai", "Collector", "Hermit"], strict=True
    ):
        s = apply(s, DraftPick(p, king=pick) if pick in ("red", "blue") else DraftPick(p, character=pick))
    with pytest.raises(RuleViolation, match="Ben chooses"):
        apply(s, DevilContracted(0, "green"))
    with pytest.raises(RuleViolation, match="nobody drafted"):
        apply(s, DevilContracted(1, "red"))
    s = apply(s, DevilContracted(1, "green"))
    s = apply(s, FrontsRevealed((("Healer", "Gambler"), ("Ninja", "Samurai"))))
    s = apply(s, BidsRevealed((("Collector",), ("Hermit",)), ((bid(3, 70),), (bid(2, 50),))))
    assert s.phase == PLAY and s.devil == "green"
    with pytest.raises(RuleViolation, match="not in the 2-player deck"):
        apply(s, CardPlayed(s.to_play, 6 + 0))  # the red 7
    assert s.phase != DRAFT


def test_two_players_may_play_a_king_again_after_the_next_draft():
    from scoring.kings.simulator import play_game

    _, final = play_game(Header(("Aki", "Ben")), seed=1)
    # Ben plays his king in round 2 and the king he drafts for round 3 in round 3
    assert [summary[1].king_used for summary, _ in final.summaries] == [False, True, True]
