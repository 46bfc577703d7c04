"""One name matcher for the five games (``scoring.notation.player``): a typed name is the player it
is in any case, else the one player it starts; a start that fits several players, or none, is
refused naming them, in each game's own words as its players have always read them."""

import pytest

from scoring.errors import RuleViolation
from scoring.notation import fits
from scoring.registry import get

AKIS = ["Aki", "Akiko", "Akira", "Ben"]  # three names that start with "ak"

# each game's line naming "ak" where the player is typed, and "Eve" who is not at the table
LINES = {
    "trickster": ("tableau ak=R3", "tableau Eve=R3", "tableau akik=R3"),
    "louder": ("hands ak=trap:0", "hands Eve=", "hands akik=trap:0"),
    "kings": ("fronts ak=Healer", "fronts Eve=Healer", "fronts akik=Healer"),
    "sheriff": ("deal joker=ak Aki=mayor Akiko=sheriff Akira=robber", "deal joker=Eve Aki=mayor", "x"),
    "phantom": ("Aki=10 Ak=9 Akira=8 Ben=1 point Aki>Ben", "Aki=10 Eve=9 Akira=8 Ben=1 point Aki>Ben", "x"),
}
SEVERAL = {
    "trickster": (
        "'ak' could be Aki or Akiko or Akira: type more of the name.",
        "「ak」はAki・Akiko・Akiraのどれか分かりません。名前をもう少し入力してください。",
    ),
    "louder": (
        "'ak' could be Aki or Akiko or Akira: type more of the name.",
        "「ak」はAki・Akiko・Akiraのどれか分かりません。もう少し入力してください。",
    ),
    "kings": (
        "'ak' could be Aki, Akiko or Akira: type more of the name.",
        "「ak」はAki・Akiko・Akiraのどれか分かりません。名前をもう少し入力してください。",
    ),
    "sheriff": (
        "'ak' in 'deal joker=ak Aki=mayor Akiko=sheriff Akira=robber' could be Aki, Akiko or Akira: "
        "type more of the name.",
        "「ak」（deal joker=ak Aki=mayor Akiko=sheriff Akira=robber）はAki、Akiko、Akiraのどれか分かりません。"
        "名前をもう少し入力してください。",
    ),
    "phantom": (
        "'Ak' in 'Aki=10 Ak=9 Akira=8 Ben=1 point Aki>Ben' could be Aki, Akiko or Akira: type more of the name.",
        "「Ak」（Aki=10 Ak=9 Akira=8 Ben=1 point Aki>Ben）はAki、Akiko、Akiraのどれか分かりません。"
        "名前をもう少し入力してください。",
    ),
}
NOBODY = {
    "trickster": (
        "'Eve' is not a player of this game (Aki, Akiko, Akira, Ben).",
        "「Eve」はこのゲームのプレイヤーではありません（Aki・Akiko・Akira・Ben）。",
    ),
    "louder": (
        "'Eve' is not a player of this game (Aki, Akiko, Akira, Ben).",
        "「Eve」はこのゲームのプレイヤーではありません（Aki・Akiko・Akira・Ben）。",
    ),
    "kings": (
        "Nobody at this table is called 'Eve' (Aki, Akiko, Akira, Ben).",
        "「Eve」というプレイヤーはこの卓にいません（Aki、Akiko、Akira、Ben）。",
    ),
    "sheriff": (
        "'Eve' in 'deal joker=Eve Aki=mayor' is no player of this game (Aki, Akiko, Akira).",
        "「Eve」（deal joker=Eve Aki=mayor）はこのゲームのプレイヤーではありません（Aki、Akiko、Akira）。",
    ),
    "phantom": (
        "'Eve' in 'Aki=10 Eve=9 Akira=8 Ben=1 point Aki>Ben' is no player of this game (Aki, Akiko, Akira, Ben).",
        "「Eve」（Aki=10 Eve=9 Akira=8 Ben=1 point Aki>Ben）はこのゲームのプレイヤーではありません"
        "（Aki、Akiko、Akira、Ben）。",
    ),
}


def table(game: str):
    return get(game).replay({"players": AKIS[:3] if game == "sheriff" else AKIS}, [])


@pytest.mark.parametrize("game", LINES)
def test_ak_at_a_table_of_aki_akiko_and_akira_is_refused_naming_the_three_in_the_games_words(game):
    with pytest.raises(RuleViolation) as err:
        get(game).parse(LINES[game][0], table(game))
    assert (err.value.rule, err.value.reason, err.value.message("ja")) == ("record-format", *SEVERAL[game])


@pytest.mark.parametrize("game", LINES)
def test_eve_who_is_not_at_the_table_is_refused_naming_the_players_in_the_games_words(game):
    with pytest.raises(RuleViolation) as err:
        get(game).parse(LINES[game][1], table(game))
    assert (err.value.rule, err.value.reason, err.value.message("ja")) == ("record-format", *NOBODY[game])


@pytest.mark.parametrize("game", ["trickster", "louder", "kings"])
def test_akik_in_capitals_or_not_is_akiko_in_every_game(game):
    for typed in (LINES[game][2], LINES[game][2].replace("akik", "AKIK")):
        assert "Akiko" in str(get(game).parse(typed, table(game)))


def test_a_name_is_itself_in_any_case_before_it_is_the_start_of_a_longer_one():
    assert fits("aki", AKIS) == ["Aki"] and fits("AK", AKIS) == ["Aki", "Akiko", "Akira"]
    assert fits("ben", AKIS) == ["Ben"] and fits("Eve", AKIS) == [] and fits(" ", AKIS) == []
