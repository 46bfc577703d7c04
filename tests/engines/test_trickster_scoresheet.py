"""Scoresheet mode: the same scores from round-end tableau counts, and impossible sheets refused."""

import pytest

from scoring.errors import RuleViolation
from scoring.records import score_record

ISSUE_EXAMPLE = {
    "game": "trickster",
    "players": ["Aki", "Ben", "Chie", "Dan"],
    "rounds": [
        {"tableau": {"Aki": {"red": 2, "blue": 1}, "Ben": {"green": 3}, "Chie": {}, "Dan": {"red": 1}}},
        {"tableau": {}},
        {"tableau": {}},
    ],
}


def sheet(round1: dict, players=("Aki", "Ben", "Chie", "Dan")) -> dict:
    return {"game": "trickster", "players": list(players), "rounds": [{"tableau": round1}]}


def test_the_scoresheet_counts_missing_suits_and_players_as_zero():
    table = score_record(ISSUE_EXAMPLE)
    totals = {s.player: s.total for s in table.places}
    # Aki: 2 red and 1 blue are both sole majorities; Ben's 3 green too; Dan's single red is not
    assert totals == {"Aki": 0, "Ben": 0, "Chie": 0, "Dan": 1}
    assert [s.rank for s in table.places] == [1, 1, 1, 4]


@pytest.mark.parametrize(
    ("round1", "words"),
    [
        ({"Aki": {"red": 4}, "Ben": {"red": 4}}, "only 7 of each suit"),
        ({"Aki": {"red": -1}}, "whole number from 0"),
        ({"Aki": {"red": 1.5}}, "whole number from 0"),
        ({"Aki": {"red": True}}, "whole number from 0"),
        ({"Aki": {"pink": 1}}, "'pink' is not a suit"),
        ({"Zed": {"red": 1}}, "'Zed' is not a player"),
        ({"Aki": {"red": 8}}, "whole number from 0 to 7"),
    ],
)
def test_impossible_counts_are_refused_with_the_reason(round1, words):
    with pytest.raises(RuleViolation, match=words) as err:
        score_record(sheet(round1))
    assert "rounds[0].tableau" in err.value.reason


def test_too_many_rounds_and_bad_player_lists_are_refused():
    four = dict(ISSUE_EXAMPLE, rounds=ISSUE_EXAMPLE["rounds"] + [{"tableau": {}}])
    with pytest.raises(RuleViolation, match="at most 3 rounds"):
        score_record(four)
    with pytest.raises(RuleViolation, match="2–7 players"):
        score_record(sheet({}, players=("Aki",)))
    with pytest.raises(RuleViolation, match="different name"):
        score_record(sheet({}, players=("Aki", "Aki")))
    with pytest.raises(RuleViolation, match=r"(?i)unknown game"):
        score_record({"game": "poker", "players": ["Aki", "Ben"]})
