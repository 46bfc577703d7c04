"""KINGs scoresheets: impossible sheets are refused with the reason; the king number override."""

import copy
import json
from pathlib import Path

import pytest

from scoring.errors import RuleViolation
from scoring.records import score_record

SHEET = json.loads((Path(__file__).resolve().parents[2] / "examples/kings/scoresheet-5p.json").read_text())


def changed(edit) -> dict:
    sheet = copy.deepcopy(SHEET)
    edit(sheet)
    return sheet


def aki(sheet, r=0):
    return sheet["rounds"][r]["players"]["Aki"]


@pytest.mark.parametrize(
    ("edit", "words", "rule"),
    [
        (
            lambda s: s["rounds"][0]["players"]["Chie"].update(
                tricks=1, captured={"red": 1, "blue": 1, "green": 1, "black": 2}
            ),
            "add up to 6; a round has 5",
            "kings.scoresheet",
        ),
        (lambda s: aki(s)["captured"].update(red=3), "captured 10 cards, not 11", "kings.scoresheet"),
        (
            lambda s: aki(s, 1).update(king_played=True) or aki(s, 2).update(king_played=True),
            "already played in round 2",
            "kings.kings",
        ),
        (lambda s: aki(s, 2).update(items=["fairys_gift"]), "used once per game", "kings.items"),
        (lambda s: aki(s, 1).update(fronts=["Healer"]), "the rules give 2", "kings.characters"),
        (lambda s: aki(s, 1).update(fronts=["Maru", "Ninja"]), "Healer stays face up in round 2", "kings.characters"),
        (
            lambda s: s["rounds"][0]["players"]["Ben"].update(bid={"special": "copy", "of": "Dan"}),
            "no number to copy",
            "kings.bids",
        ),
        (lambda s: s["kings"].update(Ben="red"), "one player only", "kings.draft"),
        (lambda s: s.update(players=["Aki", "Ben", "Chie"]), "2, 4 or 5 players", "record-format"),
        (lambda s: aki(s).update(bid={"special": "bond", "partner": "Aki"}), "not yourself", "kings.bids"),
        (lambda s: aki(s).update(fronts=["Jester"]), "no character called 'Jester'", "kings.characters"),
    ],
)
def test_impossible_sheets_are_refused(edit, words, rule):
    with pytest.raises(RuleViolation, match=words) as err:
        score_record(changed(edit))
    assert err.value.rule == rule


def test_a_colour_can_not_exceed_what_the_deck_holds():
    def too_many_red(s):
        aki(s)["captured"] = {"red": 8, "blue": 2}
        dan = s["rounds"][0]["players"]["Dan"]
        dan["captured"] = {"red": 2, "blue": 1, "green": 3, "black": 3, "rare": 1}

    with pytest.raises(RuleViolation, match="11 red cards were captured, but a 5-player deck holds 9"):
        score_record(changed(too_many_red))


def test_king_numbers_typed_from_the_tables_cards_decide_the_tie():
    assert score_record(SHEET).places[0].player == "Aki"  # red 4 against Ben's used blue 8
    flipped = changed(lambda s: s.update(king_numbers={"Ben": 1}))
    table = score_record(flipped)
    assert [s.player for s in table.places[:2]] == ["Ben", "Aki"]
    assert table.tiebreaks_in("en") == ("Ben wins the tie on 350 against Aki: lower king number, 1 against 4.",)
    assert table.tiebreaks_in("ja") == ("350点でAkiと同点のBenが勝ち：キングナンバーが小さい（1対4）。",)


TWO = {
    "game": "kings",
    "players": ["Aki", "Ben"],
    "rounds": [
        {
            "devil": "green",
            "players": {
                "Aki": {
                    "king": "red",
                    "fronts": ["Healer", "Gambler"],
                    "bid": {"tricks": 3, "points": 70},
                    "tricks": 6,
                    "captured": {"red": 4, "blue": 3, "black": 3, "green": 2},
                    "king_played": True,
                },
                "Ben": {
                    "king": "blue",
                    "fronts": ["Ninja", "Samurai"],
                    "bid": {"tricks": 3, "points": 60},
                    "tricks": 3,
                    "captured": {"blue": 2, "green": 4},
                },
            },
        }
    ],
}


def test_two_players_score_a_hand_worked_round():
    table = score_record(TWO)
    # Aki: Healer 50 (3 blue + 2 green), red king used 4 × 20, most tricks 50, 2 green devil cards -20
    # Ben: bid 60, blue king unused 40, 4 green devil cards -40
    assert [(s.player, s.total) for s in table.places] == [("Aki", 160), ("Ben", 60)]


def test_two_players_refuse_a_devil_on_a_drafted_king_and_two_bids_before_round_three():
    bad = copy.deepcopy(TWO)
    bad["rounds"][0]["devil"] = "red"
    with pytest.raises(RuleViolation, match="nobody drafted"):
        score_record(bad)
    bad = copy.deepcopy(TWO)
    bad["rounds"][0]["players"]["Ben"]["bid"] = [{"tricks": 3, "points": 60}, {"tricks": 1, "points": 40}]
    with pytest.raises(RuleViolation, match="only a 2-player game's round 3"):
        score_record(bad)
