"""Tricks and the Phantom: the culprit and why, hint tokens, pointing, the Phantom, every variant."""

import copy
import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.errors import RuleViolation
from scoring.phantom.culprit import HouseRules, find_culprit
from scoring.phantom.incident import Incident, Play, score_incident
from scoring.records import read_record, score_record
from scoring.words import say_all

ROOT = Path(__file__).resolve().parents[2]
BASE = json.loads((ROOT / "examples/phantom/base-4p.json").read_text())
P4 = ("Aki", "Ben", "Chie", "Dan")
EXAMPLES = ROOT / "examples/phantom"


def culprit(*values, **rules):
    return find_culprit(list(enumerate(values)), HouseRules(**rules))


def test_the_highest_card_is_the_culprit_and_the_phantom_never_is():
    assert culprit(8, 1, 7).value == 8
    assert culprit(1, 1).value is None


def test_the_forensic_expert_lets_the_10_escape_and_the_tool_dealer_the_9():
    c = culprit(10, 5, 9, 1)
    assert (c.value, c.owner) == (9, 2)
    assert tuple(say_all(c.lines)) == (
        "The 10 would be the culprit, but the Forensic expert (5) is in play, so the 10 escapes: the 9 is the culprit.",
    )
    assert culprit(10, 5, 9, 4).value == 5  # both escape: the Forensic expert itself is highest
    assert culprit(9, 4, 7).value == 7
    assert culprit(10, 9, 4, escapes="swapped").value == 9  # the Tool dealer now lets the 10 go


def test_the_reversals_bar_owner_with_the_10_courier_when_all_others_are_high():
    assert culprit(10, 2, 8).value == 2
    assert culprit(3, 6, 9, 7).value == 3
    assert culprit(3, 6, 9, 1).value == 9  # the Phantom counts as 1
    assert culprit(3, 6, 9, 1, courier_counts_phantom=False).value == 3
    assert culprit(10, 3, 8, reversals="swapped").value == 3


def inc(plays, pointed=None, **kw):
    return Incident(tuple(Play(o, v, h) for o, v, h in plays), pointed or {}, **kw)


def test_pointers_score_players_minus_finders_and_the_detective_doubles():
    plays = [(0, 6, "yellow"), (1, 4, "red"), (2, 2, "yellow"), (3, 1, "red")]
    r = score_incident(P4, inc(plays, {0: 1, 1: 0, 2: 0, 3: 2}), HouseRules(), "base")
    # the Detective (6) is the culprit: Aki +1 ×2; Ben and Chie found it: (4 - 2) ×2 each
    assert r.points == (2, 4, 4, 0)
    r = score_incident(P4, inc(plays, {0: 1, 1: 0, 2: 0, 3: 2}), HouseRules(correct_guess_points="one"), "base")
    assert r.points == (2, 2, 2, 0)


def test_pointing_at_the_phantom_pays_its_player_and_totals_may_go_negative():
    plays = [(0, 8, "red"), (1, 1, "blue"), (2, 7, "blue"), (3, 3, "yellow")]
    r = score_incident(P4, inc(plays, {0: 1, 1: 0, 2: 1, 3: 1}), HouseRules(), "base")
    # Aki played the culprit 8 (+1) but pointed at the Phantom (-1); Ben found the culprit (4 - 1)
    # and takes 1 from each of the three who pointed at his Phantom
    assert r.points == (0, 6, -1, -1)
    r = score_incident(P4, inc(plays, {0: 1, 1: 0, 2: 1, 3: 1}), HouseRules(phantom_penalty=2), "base")
    assert r.points == (-1, 9, -2, -2)


def test_variation_b_declaring_a_card_the_phantom():
    plays = [(0, 8, "red"), (1, 1, "blue"), (2, 7, "blue"), (3, 3, "yellow")]
    rules = HouseRules(phantom_accusations=True)
    r = score_incident(P4, inc(plays, {0: 2, 1: 0, 2: 0, 3: 0}, accused={2: (1, 0), 3: (2, 0)}), rules, "base")
    # Aki +1 for the culprit; Ben, Chie and Dan found it (+1 each); Chie is right about Ben's
    # Phantom (+1 from Ben); Dan is wrong about Chie's card (pays Chie 1)
    assert r.points == (1, 0, 3, 0)


def test_a_lying_hint_on_a_suspect_is_refused_but_the_phantom_may_lie():
    bad = copy.deepcopy(BASE)
    bad["rounds"][0]["halves"][0]["played"]["Aki"]["hint"] = "red"
    with pytest.raises(RuleViolation, match="Politician \\(10\\) is blue") as err:
        score_record(bad)
    assert err.value.rule == "phantom.hints"


@pytest.mark.parametrize(
    ("edit", "words", "rule"),
    [
        (lambda h: h["played"]["Ben"].update(card="10", hint="blue"), "appears twice", "phantom.cards"),
        (lambda h: h["pointed"].update(Aki="Aki"), "not their own", "phantom.pointing"),
        (lambda h: h["pointed"].pop("Dan"), "Dan did not", "phantom.pointing"),
        (lambda h: h["played"].pop("Dan"), "Dan played none", "phantom.pointing"),
        (lambda h: h["played"]["Ben"].update(card="P"), "1 Phantom", "phantom.cards"),
        (lambda h: h.update(accused={"Aki": "Dan"}), "variation b", "phantom.phantom-variants"),
    ],
)
def test_impossible_halves_are_refused(edit, words, rule):
    bad = copy.deepcopy(BASE)
    edit(bad["rounds"][0]["halves"][0])
    with pytest.raises(RuleViolation, match=words) as err:
        score_record(bad)
    assert err.value.rule == rule


def test_the_oink_edition_has_two_phantoms():
    two = copy.deepcopy(BASE)
    two["rounds"][0]["halves"][0]["played"]["Ben"] = {"card": "P", "hint": "red"}
    two["settings"] = {"edition": "oink"}
    assert score_record(two).places


def test_the_game_ends_at_the_target_with_a_sole_leader_and_ties_play_on():
    game = copy.deepcopy(BASE)
    game["settings"] = {"target": 4}
    game["rounds"].append(copy.deepcopy(BASE["rounds"][0]))
    with pytest.raises(RuleViolation, match="already ended: Ben leads alone with 4"):
        score_record(game)


def test_the_end_is_judged_after_both_halves_never_in_the_middle_of_a_round():
    halves = BASE["rounds"][0]["halves"]
    game = {**BASE, "settings": {"target": 5}, "rounds": [{"halves": halves}, {"halves": halves[:1]}]}
    mid_round = read_record(game)  # Ben leads alone with 6 after the first half of round 2
    leader = mid_round.standings.places[0]
    assert (leader.player, leader.total) == ("Ben", 6)
    assert not mid_round.finished
    game["rounds"][1] = {"halves": halves}
    assert read_record(game).finished  # Ben 8 after both halves: he wins


def test_a_tie_at_the_top_plays_an_extra_round():
    poker = json.loads((ROOT / "examples/phantom/poker-2p.json").read_text())
    poker["settings"] = {"target": 3}  # 3 against 3 after two rounds: nobody leads alone
    poker["rounds"].append(
        {
            "halves": [
                {"played": {"Aki": [{"card": "10", "hint": "blue"}], "Ben": [{"card": "8", "hint": "red"}]}},
                {"played": {"Aki": [{"card": "6", "hint": "yellow"}], "Ben": [{"card": "4", "hint": "red"}]}},
            ]
        }
    )
    table = score_record(poker)
    assert [(s.player, s.total) for s in table.places] == [("Aki", 6), ("Ben", 3)]


def test_floor_zero_keeps_totals_from_going_negative():
    floor = copy.deepcopy(BASE)
    floor["rounds"][0]["halves"] = floor["rounds"][0]["halves"][:1]
    floor["rounds"][0]["halves"][0]["pointed"]["Aki"] = "Dan"  # Aki pays the Phantom from 0
    plain = {s.player: s.total for s in score_record(floor).places}
    floor["settings"] = {"floor_zero": True}
    floored = {s.player: s.total for s in score_record(floor).places}
    assert plain["Aki"] == -1 and floored["Aki"] == 0


def test_poker_doubles_and_a_declined_double_scores_one_for_the_caller():
    table = score_record(json.loads((ROOT / "examples/phantom/poker-2p.json").read_text()))
    assert [(s.player, s.rank, s.total) for s in table.places] == [("Aki", 1, 3), ("Ben", 1, 3)]


def test_poker_plays_one_to_three_cards_a_half_and_four_a_deal():
    poker = json.loads((ROOT / "examples/phantom/poker-2p.json").read_text())
    poker["rounds"][0]["halves"][1]["played"]["Aki"] = [
        {"card": "6", "hint": "yellow"},
        {"card": "9", "hint": "blue"},
        {"card": "7", "hint": "blue"},
    ]
    with pytest.raises(RuleViolation, match="4 in a deal at most") as err:
        score_record(poker)
    assert err.value.rule == "phantom.poker"


def test_the_fourth_person_can_be_the_culprit_and_rewards_the_tool_dealer_or_forensic():
    scored = read_record(json.loads((ROOT / "examples/phantom/fourth-person-3p.json").read_text()))
    assert [(s.player, s.total) for s in scored.standings.places] == [("Ben", 3), ("Chie", 2), ("Aki", 0)]
    assert "  The 4th person is the culprit: Ben played the Forensic expert (5): +2." in say_all(scored.details)


def test_west_coast_has_no_second_half_unless_the_house_rule_allows_it():
    five = ("Aki", "Ben", "Chie", "Dan", "Emi")
    half = {
        "played": {
            p: {"card": c, "hint": h}
            for p, c, h in zip(five, ["10", "8", "6", "4", "P"], ["blue", "red", "yellow", "red", "red"], strict=True)
        },
        "pointed": {"Aki": "Ben", "Ben": "Aki", "Chie": "Aki", "Dan": "Emi", "Emi": "Aki"},
    }
    half2 = {
        "played": {
            p: {"card": c, "hint": h}
            for p, c, h in zip(
                five, ["9", "7", "5", "3", "2"], ["blue", "blue", "red", "yellow", "yellow"], strict=True
            )
        },
        "pointed": {"Aki": "Ben", "Ben": "Aki", "Chie": "Aki", "Dan": "Emi", "Emi": "Aki"},
    }
    record = {"game": "phantom", "players": list(five), "variant": "west_coast", "rounds": [{"halves": [half, half2]}]}
    with pytest.raises(RuleViolation, match="no second half") as err:
        score_record(record)
    assert err.value.rule == "phantom.west-coast"
    record["settings"] = {"five_player_second_half": "only_if_someone_guessed"}
    assert score_record(record).places  # Ben and Chie found Aki's 10 in the first half


def test_oshaberi_is_for_4_or_5_players_with_one_half():
    record = {"game": "phantom", "players": ["Aki", "Ben", "Chie"], "variant": "oshaberi", "rounds": []}
    with pytest.raises(RuleViolation, match="not 3"):
        score_record(record)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([2, 3, 4]))
def test_any_fair_deal_scores_deterministically_and_the_phantom_only_moves_points(seed, n):
    rng = random.Random(seed)
    players = P4[:n]
    deck = ["P", *map(str, range(2, 11))]
    colours = {
        "10": "blue",
        "9": "blue",
        "8": "red",
        "7": "blue",
        "6": "yellow",
        "5": "red",
        "4": "red",
        "3": "yellow",
        "2": "yellow",
    }
    rng.shuffle(deck)
    halves = []
    for h in range(2):
        cards = deck[h * n : (h + 1) * n]
        played = {
            p: {"card": c, "hint": colours.get(c, rng.choice(["red", "blue", "yellow"]))}
            for p, c in zip(players, cards, strict=True)
        }
        pointed = {p: rng.choice([q for q in players if q != p]) for p in players}
        halves.append({"played": played, "pointed": pointed})
    record = {"game": "phantom", "players": list(players), "rounds": [{"halves": halves}]}
    first = read_record(record)
    assert read_record(copy.deepcopy(record)) == first
    # the culprit's player and the finders gain; Phantom payments only move points between players
    gained = sum(s.total for s in first.standings.places)
    assert gained >= 0

    # exactly: each player pointing at the Phantom's player moves phantom_penalty to them, whatever
    # else the half scores (the culprit, the finders, the roles), so the penalty 2 scores each
    # player what penalty 1 does, plus once more what they received less what they paid
    def totals(penalty: int) -> dict[str, int]:
        settings = {"phantom_penalty": penalty, "detective_doubles_phantom": False}
        return {s.player: s.total for s in read_record({**record, "settings": settings}).standings.places}

    moved = dict.fromkeys(players, 0)
    for half in halves:
        owner = next((p for p, play in half["played"].items() if play["card"] == "P"), None)
        for p, target in half["pointed"].items():
            if owner is not None and target == owner:
                moved[p] -= 1
                moved[owner] += 1
    one, two = totals(1), totals(2)
    assert {p: two[p] - one[p] for p in players} == moved and sum(moved.values()) == 0
    assert one == {s.player: s.total for s in first.standings.places}  # 1 is the default


def poker_with_accusations(accused: dict, **settings) -> dict:
    record = json.loads((EXAMPLES / "poker-2p.json").read_text())
    record["settings"] = {"phantom_accusations": True, **settings}
    record["rounds"] = record["rounds"][:1]
    record["rounds"][0]["halves"][0]["accused"] = accused
    return record


def test_poker_calling_the_second_of_three_cards_the_phantom_takes_a_point():
    # Aki laid the Madam (8) and then a Phantom; Ben the Politician (10), with his Double accepted.
    # Ben played the culprit (+2 with the Double); he also called Aki's second card the Phantom,
    # rightly, and takes 1 from Aki.
    plain = read_record(poker_with_accusations({}))
    called = read_record(poker_with_accusations({"Ben": "Aki:2"}))
    before = {s.player: s.total for s in plain.standings.places}
    after = {s.player: s.total for s in called.standings.places}
    assert after == {"Aki": before["Aki"] - 1, "Ben": before["Ben"] + 1}
    assert any(
        "Ben rightly called Aki's second card the Phantom: takes 1 from Aki." in line
        for line in say_all(called.details)
    )


def test_poker_a_wrong_call_pays_the_owner_of_the_card_named_or_nobody():
    wrong = score_record(poker_with_accusations({"Ben": "Aki:1"}))  # the Madam, not the Phantom
    plain = score_record(poker_with_accusations({}))
    before = {s.player: s.total for s in plain.places}
    assert {s.player: s.total for s in wrong.places} == {"Aki": before["Aki"] + 1, "Ben": before["Ben"] - 1}
    lost = score_record(poker_with_accusations({"Ben": "Aki:1"}, wrong_accusation_pays="bank"))
    assert {s.player: s.total for s in lost.places} == {"Aki": before["Aki"], "Ben": before["Ben"] - 1}


@pytest.mark.parametrize(
    ("accused", "words"),
    [
        ({"Ben": "Aki"}, "Aki laid 2 cards: name the one Ben called the Phantom (Aki:1, Aki:2)"),
        ({"Ben": "Aki:3"}, "Aki laid 2 cards this half"),
        ({"Ben": "Ben"}, "another player's card"),
    ],
)
def test_poker_a_call_must_name_one_card_the_other_player_laid(accused, words):
    with pytest.raises(RuleViolation, match=re.escape(words)) as err:
        score_record(poker_with_accusations(accused))
    assert err.value.rule == "phantom.phantom-variants"
    assert "rounds[0].halves[0].accused" in err.value.reason


@pytest.mark.parametrize("variant_file", ["poker-2p.json", "base-4p.json", "fourth-person-3p.json"])
@pytest.mark.parametrize("accused", [{}, {"Ben": "Aki"}])
def test_a_phantom_call_is_refused_in_every_variant_when_variation_b_is_off(variant_file, accused):
    record = json.loads((EXAMPLES / variant_file).read_text())
    record["rounds"][0]["halves"][0]["accused"] = accused
    with pytest.raises(RuleViolation, match="variation b") as err:
        score_record(record)
    assert err.value.rule == "phantom.phantom-variants"


@pytest.mark.parametrize("target, taken", [(0, True), (30, True), (31, False), (-1, False)])
def test_a_target_from_0_to_30_is_taken_and_any_other_refused_by_the_house_rule(target, taken):
    record = {**BASE, "settings": {"target": target}}
    if taken:
        assert read_record(record).standings.places
    else:
        with pytest.raises(RuleViolation) as err:
            read_record(record)
        assert err.value.rule == "phantom.house-rules"
        # said as a range, never thirty-one numbers in a row
        assert err.value.message("en").endswith(f"takes a whole number from 0 to 30, not {target}.")
        assert f"0から30までの整数です（{target} は使えません）" in err.value.message("ja")


def test_the_fourth_persons_culprit_rewards_both_the_tool_dealer_and_the_forensic_and_the_tool_dealer_leads():
    """The 4th person's 8 is the culprit (the 10 and 9 out of play). Ben laid the Tool dealer (4),
    Chie the Forensic expert (5): each gains 1, and the Tool dealer's player leads next; with only
    the Forensic expert in play, its player gains and leads."""
    p3 = ("Aki", "Ben", "Chie")
    both = inc([(0, 2, "yellow"), (1, 4, "red"), (2, 5, "red")], {0: 1, 1: 2, 2: 0}, fourth=8)
    r = score_incident(p3, both, HouseRules(), "base")
    assert r.culprit.value == 8 and r.points == (0, 1, 1) and r.lead == 1
    alone = inc([(0, 2, "yellow"), (1, 7, "blue"), (2, 5, "red")], {0: 1, 1: 2, 2: 0}, fourth=8)
    r = score_incident(p3, alone, HouseRules(), "base")
    assert r.points == (0, 0, 1) and r.lead == 2
    nobody = inc([(0, 2, "yellow"), (1, 7, "blue"), (2, 3, "yellow")], {0: 1, 1: 2, 2: 0}, fourth=8)
    r = score_incident(p3, nobody, HouseRules(), "base")
    assert r.points == (0, 0, 0) and r.lead is None  # nobody laid a 4 or a 5: the lead stays


def test_a_poker_double_accepted_doubles_the_culprits_point_and_the_detective_doubles_again():
    p2 = ("Aki", "Ben")
    plays = [(0, 8, "red"), (1, 7, "blue")]
    assert score_incident(p2, inc(plays, double=(1, True)), HouseRules(), "poker").points == (2, 0)
    assert score_incident(p2, inc(plays), HouseRules(), "poker").points == (1, 0)
    detective = [(0, 6, "yellow"), (1, 2, "yellow")]  # the Bar owner (2) without the 10: the Detective
    r = score_incident(p2, inc(detective, double=(1, True)), HouseRules(), "poker")
    assert r.points == (4, 0) and "phantom.detective" in [getattr(line, "key", "") for line in r.lines]
    plain = score_incident(p2, inc(plays), HouseRules(), "poker")
    assert "phantom.detective" not in [getattr(line, "key", "") for line in plain.lines]


def test_a_call_on_a_player_with_one_card_laid_does_not_say_which_card():
    """Variation b: "this is the Phantom!" on Ben, who laid one card this half, names no first or
    second card; on a player who laid two, it says which."""
    p4 = ("Aki", "Ben", "Chie", "Dan")
    plays = [(0, 8, "red"), (1, 1, "blue"), (2, 7, "blue"), (3, 3, "yellow")]
    rules = HouseRules(phantom_accusations=True)
    r = score_incident(p4, inc(plays, {0: 2, 1: 0, 2: 0, 3: 0}, accused={0: (1, 0)}), rules, "base")
    called = next(line for line in r.lines if getattr(line, "key", "") == "phantom.called_right")
    assert called.values["which"] == ""
