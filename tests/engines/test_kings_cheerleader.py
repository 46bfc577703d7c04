"""The Cheerleader's Bond and the Fairy's Gift, under the normal and the advanced rule, and what the
Devil's bid miss counts beside a Bond: worked by hand from the rules (seed 001, 妖精の加護 and 絆).

The Devil's bid miss counts every other player's bid of a number or Copy that missed; a Bond makes
no bid (「あなたはビッドをしません」) and is not counted, unless the house rule ``bond_is_a_bid``
counts it (as the hand-checked games of before did); another player's bid miss is not counted (each
would turn on the other)."""

import pytest

from scoring.kings.cards import parse
from scoring.kings.engine import apply
from scoring.kings.events import CardPlayed
from scoring.kings.game import GAME
from scoring.kings.scoring import Bid, PlayerRound, score_round
from scoring.kings.settings import HouseRules
from scoring.words import say
from tests.engines.kings_tables import PARTIES, bid, drafted, reveal, trick

NOTHING = (0, 0, 0, 0, 0, 0)


def row(fronts=(), bid=(1, 40), tricks=0, gift=False, king="red") -> PlayerRound:
    bids = (Bid("tricks", *bid),) if isinstance(bid, tuple) else (bid,)
    return PlayerRound(tuple(fronts), bids, tricks, NOTHING, king, False, gift)


def totals(table, rule="normal", round_no=1, bond_is_a_bid=False):
    rules = HouseRules(cheerleader_gift=rule, bond_is_a_bid=bond_is_a_bid)
    return [s.total for s in score_round(table, round_no, rules=rules)]


def bonded_round(gift_by: str):
    """Aki bids with the Cheerleader's back, a Bond with Ben; Aki has the Neme face up. Ben bid 2
    for 50 and won 1 trick. Chie bids the Devil's bid miss; Dan bid 1 for 40 and won 1; Emi bid 0
    for 50 and won 3. The Fairy's Gift is used by ``gift_by`` (Aki or Ben)."""
    return [
        row(fronts=["Neme"], bid=Bid("bond", other=1), tricks=1, gift=gift_by == "Aki"),
        row(bid=(2, 50), tricks=1, gift=gift_by == "Ben", king="blue"),
        row(bid=Bid("devil_miss"), king="green"),
        row(bid=(1, 40), tricks=1, king="black"),
        row(bid=(0, 50), tricks=3, king="white"),
    ]


def test_the_cheerleaders_gift_under_the_advanced_rule_makes_her_bond_hit_and_the_partner_miss():
    """「チアリーダーが使用：チアリーダーのみ、パートナーのトリック勝利数+1」.

    Aki (Cheerleader) counts Ben's 1 trick + her Gift's 1 = 2 = Ben's bid: the Bond hits for Ben's
    50, and her Neme (2 tricks) adds 30: 80. Ben counts only his 1 trick: his bid of 2 misses, 0.
    Chie's bid miss counts the bids that missed, Ben's and Emi's: 2 × 30 = 60 (the Bond hit, so it
    is no miss). Dan's 1 of 1 hits: 40. Emi: 0.
    """
    scores = score_round(bonded_round("Aki"), 1, rules=HouseRules(cheerleader_gift="advanced"))
    assert [s.count for s in scores[:2]] == [2, 1]
    assert [s.total for s in scores] == [80, 0, 60, 40, 0]
    assert {say(p.label): p.points for p in scores[0].parts} == {"bond (hit)": 50, "Neme": 30}


def test_the_cheerleaders_gift_in_round_three_doubles_the_bond_she_made():
    """Round 3: Aki's Bond hits for Ben's 50 × 2 = 100, the Neme 30 (fronts are not doubled) and
    her red king, never played, 50: 180. Ben: his blue king unused, 40. Chie's bid miss
    2 × 30 × 2 = 120 and her green king unused 30: 150."""
    assert totals(bonded_round("Aki"), "advanced", round_no=3)[:3] == [180, 40, 150]


def test_the_partners_gift_under_the_advanced_rule_raises_only_the_partner():
    """「パートナーが使用：パートナーのみ、トリック勝利数+1」: both may not succeed.

    Ben counts 1 + 1 = 2 = his bid: 50. Aki counts Ben's tricks without it, 1: the Bond misses, and
    her Neme (1 trick) scores 20. Chie: Emi's bid missed, 30 (Aki's Bond makes no bid; with
    ``bond_is_a_bid`` it is a missed bid too, 2 × 30 = 60). Dan 40, Emi 0.
    """
    scores = score_round(bonded_round("Ben"), 1, rules=HouseRules(cheerleader_gift="advanced"))
    assert [s.count for s in scores[:2]] == [1, 2]
    assert [s.total for s in scores] == [20, 50, 30, 40, 0]
    assert totals(bonded_round("Ben"), "advanced", bond_is_a_bid=True) == [20, 50, 60, 40, 0]


@pytest.mark.parametrize("gift_by", ["Aki", "Ben"])
def test_under_the_normal_rule_either_gift_raises_the_partner_and_the_bond_follows(gift_by):
    """「パートナーのビッドが成功すれば、チアリーダーのビッドも成功します」.

    Whoever of the two uses it, Ben counts 1 + 1 = 2: his bid hits, 50; Aki counts what Ben counts,
    2: the Bond hits, 50, and her Neme 30: 80. Chie: only Emi missed, 30. Dan 40, Emi 0.
    """
    assert totals(bonded_round(gift_by)) == [80, 50, 30, 40, 0]


def test_a_missed_bond_is_no_missed_bid_for_the_devil_unless_the_house_rule_counts_it():
    """Nobody uses the Gift; Ben's 1 trick misses his 2, and Aki's Bond with it. Chie's bid miss
    counts Ben and Emi: 60 — the Bond says 「あなたはビッドをしません」, so Ben's one miss is paid once.
    Under ``bond_is_a_bid`` (the reading of before, kept by the sessions stored then) it counts Ben,
    Aki's Bond and Emi: 90 (the 5-player example: Chie 250 now, 340 under that reading)."""
    table = bonded_round("nobody")
    assert totals(table) == totals(table, "advanced") == [20, 0, 60, 40, 0]
    assert totals(table, bond_is_a_bid=True) == totals(table, "advanced", bond_is_a_bid=True) == [20, 0, 90, 40, 0]


def test_two_devils_bid_misses_do_not_count_each_other():
    """Ben and Dan both bid the Devil's bid miss; Aki (2 for 50, 2 tricks), Chie (1 for 40, 1 trick)
    and Emi (0 for 50, 0 tricks) all hit: nobody's bid of a number missed, so each Devil scores 0,
    whichever sits first (Ben's bid miss is not a missed bid for Dan)."""
    table = [
        row(bid=(2, 50), tricks=2),
        row(bid=Bid("devil_miss"), tricks=1, king="blue"),
        row(bid=(1, 40), tricks=1, king="green"),
        row(bid=Bid("devil_miss"), tricks=1, king="black"),
        row(bid=(0, 50), tricks=0, king="white"),
    ]
    assert totals(table) == [50, 0, 40, 0, 50]


def test_a_bond_with_a_devils_bid_miss_scores_what_the_partner_scores():
    """Aki bonds Ben, who bids the Devil's bid miss; Chie (1 for 40, 0 tricks) and Emi (0 for 50,
    3 tricks) missed, Dan (1 for 40, 1 trick) hit: Ben scores 2 × 30 = 60, and so does Aki's Bond."""
    table = [
        row(bid=Bid("bond", other=1)),
        row(bid=Bid("devil_miss"), king="blue"),
        row(bid=(1, 40), tricks=0, king="green"),
        row(bid=(1, 40), tricks=1, king="black"),
        row(bid=(0, 50), tricks=3, king="white"),
    ]
    assert totals(table) == [60, 60, 0, 40, 0]


def test_a_bond_counts_the_partners_devil_and_not_the_cheerleaders_own():
    """Aki bonds Ben and has the Neme face up (1 trick 20, 2 tricks 30). Ben bid 2 for 50.

    Ben has a Devil face up and won 0 tricks: he counts 0 + 2 = 2, a hit, 50; Aki counts what Ben
    counts, 2: the Bond 50 and the Neme 30, 80. Then Aki has the Devil face up and Ben won 2 tricks
    with none: Aki's own tricks, and so her own Devil, count for nothing; she counts Ben's 2 again:
    80 (not 4, which would lose the Neme)."""
    others = [row(bid=(0, 50), king="green"), row(bid=(1, 40), tricks=1, king="black"), row(king="white")]
    partners_devil = [
        row(fronts=["Neme"], bid=Bid("bond", other=1), tricks=2),
        row(fronts=["Devil"], bid=(2, 50), tricks=0, king="blue"),
        *others,
    ]
    cheerleaders_devil = [
        row(fronts=["Devil", "Neme"], bid=Bid("bond", other=1), tricks=0),
        row(bid=(2, 50), tricks=2, king="blue"),
        *others,
    ]
    for table in (partners_devil, cheerleaders_devil):
        scores = score_round(table, 1)
        assert [s.count for s in scores[:2]] == [2, 2]
        assert [s.total for s in scores[:2]] == [80, 50]


# --- the same round trick by trick and as a scoresheet line -----------------------------------------


def played_round(rule: str):
    """A five-player round 1 played card by card: Emi has the Gambler face up and bids the
    Cheerleader's back, a Bond with Aki, who bid 2 for 50; Emi (who drafted Maru) uses the Fairy's
    Gift on her red 9 in trick 1. Ben bids the Devil's bid miss; Chie and Dan bid 1 for 40."""
    s = drafted(PARTIES, cheerleader_gift=rule)
    s = reveal(
        s,
        ["Healer", "Samurai", "Collector", "Ninja", "Gambler"],
        ["Gambler", "Devil", "Neme", "Hermit", "Cheerleader"],
        [bid(2, 50), Bid("devil_miss"), bid(1, 40), bid(1, 40), Bid("bond", other=0)],
    )
    s = trick(s, "r5")  # Dan leads
    s = apply(s, CardPlayed(4, parse("r9"), gift=True))  # Emi plays the red 9 with the Gift
    s = trick(s, "r2", "b3", "WF")  # Emi's red 9 wins
    s = trick(s, "g4", "g7", "k2", "g9", "RA")  # Emi leads; Dan's Rare wins
    s = trick(s, "k7", "b2", "k3", "k9", "k1")  # Dan leads; Ben's black 9 wins
    s = trick(s, "b8", "b1", "b4", "b7", "b9")  # Ben leads; Aki's blue 9 wins: five blue for her Healer
    return trick(s, "r4", "b5", "r8", "r6", "RA")  # Aki leads; Emi's Rare wins


SHEET = (
    "sheet Aki: fronts=Healer bid=2/50 tricks=1 won=b*5 "
    "Ben: fronts=Samurai bid=miss tricks=1 won=b,k*4 "
    "Chie: fronts=Collector bid=1/40 tricks=0 won= "
    "Dan: fronts=Ninja bid=1/40 tricks=1 won=g*3,k,RA "
    "Emi: fronts=Gambler bid=bond:Aki tricks=2 won=r*6,b*2,WF,RA items=gift"
)


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        # Emi counts Aki's 1 + 1 = 2: the Bond hits, 50, and her Gambler 20. Aki counts 1: her bid
        # misses, her Healer 50 (five blue). Ben: Aki and Chie missed, 60. Dan 1 of 1: 40.
        ("advanced", [50, 60, 0, 40, 70]),
        # Aki counts 1 + 1 = 2: 50 + Healer 50. Emi follows her: 50 + 20. Ben: only Chie missed, 30.
        ("normal", [100, 30, 0, 40, 70]),
    ],
)
def test_the_cheerleaders_gift_scores_the_same_trick_by_trick_and_on_the_scoresheet(rule, expected):
    s = played_round(rule)
    assert [sc.total for sc in s.scores[0]] == expected
    p = GAME.new(
        {
            "players": ["Aki", "Ben", "Chie", "Dan", "Emi"],
            "kings": {"Aki": "red", "Ben": "blue", "Chie": "green", "Dan": "black", "Emi": "white"},
            "settings": {"cheerleader_gift": rule},
        }
    )
    p = GAME.apply(p, GAME.parse(SHEET, p))
    assert {t.player: t.total for t in p.scored.standings.places} == dict(zip(PARTIES, expected, strict=True))


def test_the_five_player_example_scores_chie_250_and_340_when_a_bond_is_a_bid():
    """The 5-player example's rounds 2 and 3: Chie's Devil counted Ben's missed bid and Ben's
    Cheerleader's Bond with it. Counted once, Chie has 70 + 60 + 120; counted twice (the house rule
    ``bond_is_a_bid``), 70 + 90 + 180, the total the example was scored with before."""
    import json
    from pathlib import Path

    record = json.loads((Path(__file__).resolve().parents[2] / "examples/kings/game-5p.json").read_text())
    chie = next(s for s in GAME.read(record).standings.places if s.player == "Chie")
    assert (chie.total, chie.rounds) == (250, (70, 60, 120))
    kept = GAME.read({**record, "settings": {"bond_is_a_bid": True}}).standings.places
    assert next((s.player, s.total, s.rounds) for s in kept) == ("Chie", 340, (70, 90, 180))
