"""Tricks and the Phantom behind the one contract: every half a typed line, the cards still in the
deal offered, and whatever is offered accepted."""

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.contract import Game
from scoring.errors import RuleViolation
from scoring.phantom.game import GAME
from scoring.phantom.record import hints
from scoring.registry import get
from scoring.words import say_all

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(p for p in (ROOT / "examples/phantom").glob("*.json") if not p.name.endswith(".expected.json"))
P4 = ("Aki", "Ben", "Chie", "Dan")


def example(name: str) -> dict:
    return json.loads((ROOT / "examples/phantom" / f"{name}.json").read_text())


def totals(position) -> dict[str, int]:
    return {s.player: s.total for s in position.scored.standings.places}


def texts(position, typed: str = "") -> list[str]:
    return [m.text for m in GAME.completions(position, typed)]


def test_the_registry_gives_the_phantom_game_and_it_keeps_the_contract():
    assert get("phantom") is GAME and isinstance(GAME, Game)
    assert GAME.names.ja == "トリックと怪人" and GAME.players == (2, 3, 4, 5)
    variant = GAME.options()[0]
    assert (variant.name, variant.default, variant.house_rule) == ("variant", "base", False)
    assert "poker" in variant.choices and variant.text("ja") != variant.text("en")
    assert {o.name for o in GAME.options() if o.house_rule} >= {"edition", "phantom_accusations", "target"}


def test_a_poker_players_one_card_kept_as_a_list_is_typed_alone_and_read_as_a_list():
    """Poker lays a list of cards: ``Aki=9`` is a list of one (once typed ``Aki=9,``, a comma that
    kept the line from going on to the next player); the comma is still read."""
    half = {
        "played": {"Aki": [{"card": "9", "hint": "blue"}], "Ben": [{"card": "7", "hint": "blue"}]},
        "double": {"by": "Aki", "accepted": False},
    }
    assert GAME.format(half) == "Aki=9 Ben=7:blue double=Aki:no"  # the 9 is always blue; the 7's colour is unsure
    p = GAME.new({"players": ["Aki", "Ben"], "variant": "poker"})
    assert GAME.parse(GAME.format(half), p) == half == GAME.parse("Aki=9, Ben=7:blue, double=Aki:no", p)
    # a list of one beside a single card (no Poker half lays so) keeps its comma
    mixed = {"played": {"Aki": [{"card": "8", "hint": "red"}], "Ben": {"card": "5", "hint": "red"}}}
    assert GAME.format(mixed) == "Aki=8, Ben=5"


@pytest.mark.parametrize(
    ("line", "twice"),
    [
        ("Aki=8:red,P:blue Ben=10:blue double=Ben:yes double=Ben:no", "double"),
        ("Aki=8:red Ben=10:blue double=Aki:yes double=Ben:no", "double"),
        ("fourth=6 fourth=7 Aki=8:red Ben=10:blue", "fourth"),
        ("Aki=8:red Ben=10:blue point Aki>Ben point Ben>Aki", "point"),
    ],
)
def test_a_poker_double_given_twice_is_refused_like_every_field_given_twice(line, twice):
    p = GAME.new({"players": ["Aki", "Ben"], "variant": "poker"})
    with pytest.raises(RuleViolation) as refused:
        GAME.parse(line, p)
    assert refused.value.reason == f"{twice} is given twice in {line!r}; give each once."
    assert "2回書かれています" in refused.value.message("ja")
    assert GAME.parse("Aki=8:red,P:blue Ben=10:blue double=Ben:no", p)["double"] == {"by": "Ben", "accepted": False}


def test_nobody_is_to_play_everyone_lays_a_card_at_once():
    p = GAME.replay(*GAME.split(example("base-4p")))
    assert GAME.to_play(p) is None


def test_the_second_half_offers_the_cards_the_first_did_not_show():
    """Aki 10, Ben 5, Chie 9 and Dan the Phantom in the first half: the original deck's one
    Phantom is gone, and so are those suspects."""
    header, entries = GAME.split(example("base-4p"))
    p = GAME.replay(header, entries[:1])
    assert texts(p) == ["Aki=", "new"]  # the next to lay; new: this half starts a new round
    assert texts(p, "Aki=") == ["8", "7", "6", "4", "3", "2"]
    assert say_all([m.label for m in GAME.completions(p, "Aki=")][:2], "ja") == ["マダム（8）", "実業家（7）"]
    assert texts(p, "Aki=8:red Ben=") == ["7", "6", "4", "3", "2"]
    assert texts(p, "Aki=6:") == ["yellow"] and texts(p, "Aki=7:") == ["red", "blue", "yellow"]
    assert texts(p, "Aki=6:yellow ") == ["Ben="] and texts(p, "point Aki>") == []
    # after the whole round, a new deal: every card again
    p = GAME.apply(p, entries[1])
    assert texts(p, "Aki=") == ["10", "9", "8", "7", "6", "5", "4", "3", "2", "P"]


def test_every_card_and_colour_offered_mid_round_is_accepted_and_one_not_offered_is_refused():
    header, entries = GAME.split(example("base-4p"))
    p = GAME.replay(header, entries[:1])
    for card in texts(p):
        for colour in texts(p, f"Aki={card}:"):
            rest = texts(p, f"Aki={card}:{colour} Ben=")[:3]
            words = [
                f"Aki={card}:{colour}",
                *(f"{who}={c}:{hints(int(c))[0]}" for who, c in zip(P4[1:], rest, strict=True)),
            ]
            line = " ".join([*words, "point Aki>Ben Ben>Aki Chie>Aki Dan>Aki"])
            assert GAME.apply(p, GAME.parse(line, p)).entries[-1]["played"]["Aki"]["card"] == card
    with pytest.raises(RuleViolation, match="appears twice in one deal") as err:
        GAME.apply(
            p, GAME.parse("Aki=10:blue Ben=8:red Chie=7:blue Dan=6:yellow point Aki>Ben Ben>Aki Chie>Aki Dan>Aki", p)
        )
    assert err.value.rule == "phantom.cards"


def test_the_oink_deck_offers_its_second_phantom_and_the_4th_person_its_card():
    players = ["Aki", "Ben", "Chie"]
    first = "Aki=10:blue Ben=P:red Chie=3:yellow point Aki>Ben Ben>Aki Chie>Aki"
    original = GAME.new({"players": players})
    oink = GAME.new({"players": players, "settings": {"edition": "oink"}})
    assert "P" not in texts(GAME.apply(original, GAME.parse(first, original)), "Aki=")
    oink = GAME.apply(oink, GAME.parse(first, oink))
    assert "P" in texts(oink, "Aki=") and "P" not in texts(oink, "Aki=P:red Ben=")  # the Oink deck's two are out
    fourth = GAME.new({"players": players, "variant": "fourth_person"})
    assert texts(fourth, "fourth=6 Aki=") == ["10", "9", "8", "7", "5", "4", "3", "2", "P"]
    assert texts(fourth, "fourth=") == texts(fourth, "Aki=")
    assert texts(fourth) == ["fourth=", "Aki="] and texts(fourth, "fourth=")[:2] == ["10", "9"]


def test_a_finished_game_offers_nothing():
    p = GAME.new({"players": ["Aki", "Ben"], "variant": "poker", "settings": {"target": 1}})
    p = GAME.apply(p, GAME.parse("Aki=10:blue Ben=2:yellow double=Aki:yes", p))
    p = GAME.apply(p, GAME.parse("Aki=9:blue Ben=3:yellow", p))
    assert p.finished and GAME.completions(p) == []


def test_the_arbiter_takes_the_variant_among_the_settings():
    lines = GAME.arbitrate(["10", "5", "9"], {"settings": {"variant": "base"}})
    assert lines[-2:] == ["The culprit is card 3 in the order given.", "Rule: Finding the culprit."]
    with pytest.raises(RuleViolation, match=r"holds 1\. For two") as err:
        GAME.arbitrate(["P", "P"], {"trump": None, "settings": {}})
    assert err.value.rule == "phantom.cards"
    assert (
        GAME.arbitrate(["P", "P", "8"], {"settings": {"variant": "west_coast"}})[-2]
        == "The culprit is card 3 in the order given."
    )


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([2, 3, 4]), st.sampled_from(["original", "oink"]))
def test_halves_made_only_of_what_legal_offers_are_always_accepted(seed, n, edition):
    """A table that only ever picks offered cards and colours is never refused: two whole rounds."""
    rng = random.Random(seed)
    players = list(P4[:n])
    p = GAME.new({"players": players, "settings": {"edition": edition}})
    for _ in range(4):
        if p.finished:
            break
        line = ""
        for who in players:
            card = rng.choice(texts(p, f"{line}{who}="))
            colour = rng.choice(texts(p, f"{line}{who}={card}:"))
            line += f"{who}={card}:{colour} "
        pointing = [f"{who}>{rng.choice([o for o in players if o != who])}" for who in players]
        p = GAME.apply(p, GAME.parse(line + "point " + " ".join(pointing), p))
    again = GAME.replay(p.header, p.entries)
    assert again.record == p.record and totals(again) == totals(p)
