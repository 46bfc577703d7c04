"""The new-game form's lines read into a session's header (``companion.table.header``), without a
screen: what the table sets in the form is what the session stores, and a line the form cannot
read is refused, naming the option, in the player's language (``companion.words``)."""

import pytest

from companion.table.header import Unreadable, chosen, header_of
from companion.words import t
from scoring.registry import get


def option(game: str, name: str):
    return next(o for o in get(game).options("en") if o.name == name)


def said(err: Unreadable, lang: str) -> str:
    return err.said(lambda label, **values: t(label, lang, **values))


def test_a_kings_table_types_each_players_king_by_the_starts_of_names_and_colours():
    kings = option("kings", "kings")
    header = header_of("Aki, Ben, Chie, Dan", [(kings, "a=r, ben=blu chie=WH d=g")])
    assert header == {
        "players": ["Aki", "Ben", "Chie", "Dan"],
        "kings": {"Aki": "red", "Ben": "blue", "Chie": "white", "Dan": "green"},
    }


def test_a_louder_table_that_lets_the_trickster_flip_four_keeps_the_other_limits():
    limits = option("louder", "flip_limits")
    assert header_of("Aki, Ben, Chie", [(limits, "tr=4")])["flip_limits"] == {
        "trickster": 4,
        "destroyer": 2,
        "seeker": 3,
    }
    assert "flip_limits" not in header_of("Aki, Ben, Chie", [(limits, "trickster=3 destroyer=2 seeker=3")])


def test_only_what_differs_from_a_default_goes_into_the_header():
    variant, floor = option("phantom", "variant"), option("phantom", "floor_zero")
    target = option("phantom", "target")
    assert chosen([(variant, "base"), (floor, False), (target, 0)], ["Aki", "Ben"]) == {}
    assert chosen([(variant, "poker"), (floor, True), (target, 3)], ["Aki", "Ben"]) == {
        "variant": "poker",
        "settings": {"floor_zero": True, "target": 3},
    }
    first = option("trickster", "first")
    assert chosen([(first, None)], ["Aki", "Ben"]) == {} and chosen([(first, "Ben")], []) == {"first": "Ben"}


def test_ak_for_a_king_at_a_table_of_aki_and_akira_is_refused_naming_the_option_in_both_languages():
    kings = option("kings", "kings")
    with pytest.raises(Unreadable) as err:
        header_of("Aki, Akira, Ben, Chie", [(kings, "ak=red")])
    assert said(err.value, "en") == "kings: ak could be Aki, Akira."
    assert said(err.value, "ja") == "kings：ak は Aki, Akira のどれか決まりません。"


def test_a_colour_no_king_has_is_refused_with_the_colours():
    with pytest.raises(Unreadable) as err:
        header_of("Aki, Ben, Chie, Dan", [(option("kings", "kings"), "a=pink")])
    assert said(err.value, "en") == "kings: pink is none of white, red, blue, green, black."


def test_the_advanced_line_wins_over_the_form_and_keeps_its_house_rules():
    floor, accusations = option("phantom", "floor_zero"), option("phantom", "phantom_accusations")
    header = header_of(
        "Aki, Ben, Chie",
        [(floor, True), (accusations, False)],
        '{"players": ["Aki", "Ben", "Chie", "Dan"], "settings": {"self_pointing": true}}',
    )
    assert header == {
        "players": ["Aki", "Ben", "Chie", "Dan"],
        "settings": {"floor_zero": True, "self_pointing": True},
    }


def test_an_advanced_line_that_is_no_json_object_says_so_in_japanese_too():
    with pytest.raises(Unreadable) as err:
        header_of("Aki, Ben", [], '["deck"]')
    assert (
        said(err.value, "ja")
        == 'オプションはJSONのオブジェクトで書きます（例：{"settings": {…}}）— オブジェクトではありません'
    )
    with pytest.raises(Unreadable) as err:
        header_of("Aki, Ben", [], '{"deck": ')
    assert said(err.value, "en").startswith('Options are a JSON object, like {"settings": {…}} — Expecting value')


def test_a_name_pasted_with_a_terminal_code_is_refused_on_the_line_or_in_the_advanced_fields():
    with pytest.raises(Unreadable) as err:
        header_of("Aki, B\x1b[41mEN", [])
    assert said(err.value, "en") == (
        "A player's name cannot hold a control character (terminal code): B␛[41mEN holds ␛. Type the name again."
    )
    with pytest.raises(Unreadable):
        header_of("Aki, Ben", [], '{"players": ["Aki", "\\u0007Ben"]}')
