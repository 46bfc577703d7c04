"""LOUDER TRICKSTAR: every card is checked against the deck the table set up with.

The data's default deck is unverified house-rule data; a table whose cards differ gives its own
``deck`` in the record. A card beyond its count is refused as soon as it comes to light: placed,
used, or in the final reveal.
"""

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.data import load_toml
from scoring.errors import RuleViolation
from scoring.louder.engine import (
    OVER,
    PLACEMENT,
    Card,
    Drew,
    HandsRevealed,
    Header,
    Placed,
    Used,
    apply,
    default_deck,
    new_game,
    replay,
    score,
)
from scoring.louder.simulator import play_game
from scoring.records import read_record

ROOT = Path(__file__).resolve().parents[2]
P3 = ("Aki", "Ben", "Chie")
P4 = ("Aki", "Ben", "Chie", "Dan")


def example(name: str) -> dict:
    return json.loads((ROOT / "examples/louder" / name).read_text())


def standings(record: dict) -> list[tuple[str, int]]:
    return [(s.player, s.total) for s in read_record(record).standings.places]


def swap_in_hand(record: dict, player: str, old: str, new: str) -> dict:
    hand = record["hands"][player]
    hand[hand.index(old)] = new
    return record


def a_row_of(codes: list[str], game: Header | None = None):
    """Aki, Ben, Chie, … place these cards in turn, left to right along row 0."""
    s = new_game(game or Header(P3))
    for x, code in enumerate(codes):
        kind, _, number = code.partition(":")
        s = apply(s, Placed(s.turn, Card(kind, int(number)), (x, 0), "score:5"))
    return s


def own_deck(**changes: int) -> dict[str, int]:
    """The default deck with some counts changed (the caller keeps the totals at 39 and 33)."""
    deck = default_deck()
    for code, n in changes.items():
        deck[code.replace("_", ":").replace(":m", ":-")] = n
    return deck


# the final reveal


def test_a_fourteenth_trap_in_the_final_reveal_is_refused():
    record = swap_in_hand(example("game-4p.json"), "Ben", "score:2", "trap:0")
    with pytest.raises(RuleViolation) as err:
        read_record(record)
    assert err.value.rule == "louder.cards"
    assert "show Trap 0 (trap:0) 14 times (in hand: Aki 1, Ben 2, Chie 2)" in err.value.reason
    assert "holds 13. Not accounted for: score:2 ×1." in err.value.reason
    assert "トラップ0（trap:0）は14枚" in err.value.message("ja") and "この山札には13枚" in err.value.message("ja")


def test_a_score_six_in_the_final_reveal_is_refused():
    record = swap_in_hand(example("game-4p.json"), "Aki", "score:5", "score:6")
    with pytest.raises(
        RuleViolation,
        match=r"Score 6 \(score:6\) once .* holds none\. "
        r"Not accounted for: score:5 ×1",
    ) as err:
        read_record(record)
    assert err.value.rule == "louder.cards" and "スコア6（score:6）" in err.value.message("ja")


def test_a_twelfth_destroyer_in_the_final_reveal_is_refused():
    record = swap_in_hand(example("game-4p.json"), "Dan", "seeker", "destroyer")
    with pytest.raises(RuleViolation, match=r"Destroyer 12 times .* Not accounted for: seeker ×1"):
        read_record(record)


def test_the_default_deck_names_itself_as_unverified_in_a_refusal():
    with pytest.raises(RuleViolation, match="default deck, unverified house-rule data") as err:
        read_record(swap_in_hand(example("game-4p.json"), "Aki", "score:5", "score:6"))
    assert "既定の山札は未確認" in err.value.message("ja")


# as the cards come to light


def test_a_score_six_is_refused_when_placed():
    s = new_game(Header(P3))
    with pytest.raises(RuleViolation, match=r"There is no Score 6 \(score:6\) in the deck") as err:
        apply(s, Placed(0, Card("score", 6), (0, 0), "score:5"))
    assert err.value.rule == "louder.cards"
    assert "この山札にスコア6（score:6）はありません" in err.value.message("ja")


def test_a_fourteenth_trap_is_refused_when_placed():
    s = a_row_of(["trap:0"] * 13)
    with pytest.raises(
        RuleViolation,
        match=r"A 14th Trap 0 \(trap:0\): the deck this game was set up with "
        r"holds 13, and all 13 are already on the table",
    ) as err:
        apply(s, Placed(s.turn, Card("trap", 0), (13, 0)))
    assert err.value.rule == "louder.cards" and "14枚目" in err.value.message("ja")
    assert apply(s, Placed(s.turn, Card("score", 1), (13, 0))).field[(13, 0)] == Card("score", 1)


def test_a_card_collected_still_counts_against_the_deck():
    game = Header(P3, deck=own_deck(score_3=1, score_1=7))  # this table has a single Score 3
    s = a_row_of(["score:3"], game)
    s = apply(s, Used(s.turn, "trickster", ((0, 0),)))
    assert s.collected[1] == (Card("score", 3),) and s.field == {}
    with pytest.raises(RuleViolation, match=r"A 2nd Score 3 \(score:3\): .* holds 1"):
        apply(s, Placed(s.turn, Card("score", 3), (0, 0)))


def test_a_twelfth_trickster_is_refused_when_used():
    s = new_game(Header(P3))
    for _ in range(11):
        s = apply(s, Used(s.turn, "trickster"))
    with pytest.raises(RuleViolation, match=r"A 12th Trickster: the deck .* holds 11") as err:
        apply(s, Used(s.turn, "trickster"))
    assert err.value.rule == "louder.cards" and "トリックスター（trickster）" in err.value.message("ja")


def test_a_strategy_card_the_deck_does_not_hold_is_refused_and_a_placement_card_is_not_used():
    s = new_game(Header(P3))
    with pytest.raises(RuleViolation, match="There is no scout in the deck"):
        apply(s, Used(0, "scout"))
    with pytest.raises(RuleViolation, match="placed on the field, not used") as err:
        apply(s, Used(0, "score"))
    assert err.value.rule == "louder.strategy"


# the table's own deck


def test_a_table_with_its_own_deck_sets_it_in_the_header():
    record = example("opening-3p.json")
    record["turns"].append({"place": "score:6", "at": [2, 0], "says": "score:6"})
    with pytest.raises(RuleViolation, match=r"turns\[9\]: There is no Score 6"):
        read_record(record)
    record["deck"] = own_deck(score_6=1, score_1=5)  # one card of the default deck is a Score 6 here
    assert standings(record) == [("Aki", 5), ("Chie", 5), ("Ben", 0)]
    record["turns"].append({"place": "score:6", "at": [3, 0], "says": "score:1"})
    with pytest.raises(RuleViolation) as err:
        read_record(record)
    assert err.value.rule == "louder.cards"  # the table's own deck: no note about the default
    assert err.value.reason == (
        "turns[10]: A 2nd Score 6 (score:6): the deck this game was set up with holds 1, "
        "and it is already on the table."
    )


def test_a_table_may_give_strategy_cards_of_its_own_that_flip_nothing():
    deck = own_deck(seeker=8, scout=3)
    record = {"game": "louder", "players": list(P3), "deck": deck, "turns": [{"use": "scout"}]}
    assert read_record(record).standings.places
    record["turns"].append({"use": "scout", "flip": [[0, 0]]})
    with pytest.raises(RuleViolation, match="Only the Trickster, the Destroyer and the Seeker"):
        read_record(record)


@pytest.mark.parametrize(
    ("deck", "reason"),
    [
        ({"trap:0": -1}, r"deck: the count of trap:0 must be a whole number from 0, not -1"),
        ({"trap:0": 1.5}, r"deck: the count of trap:0 must be a whole number from 0, not 1\.5"),
        ({"trap:0": True}, r"deck: the count of trap:0 must be a whole number from 0, not True"),
        ({"wild:3": 1}, r"deck: 'wild:3' is not a placement card"),
        ({"score:x": 1}, r"deck: 'score:x' is not a placement card"),
        ({"": 1}, r"deck: A card is missing"),
        ({"Score:3": 1, "score:3": 1}, r"deck: The deck lists score:3 twice"),
        ({"trap:0": 40, "trickster": 32}, r"deck: A deck holds 39 placement and 33 strategy cards, not 40 and 32"),
        ({}, r"deck: A deck holds 39 placement and 33 strategy cards, not 0 and 0"),
        ([], r"deck: deck is written as \{…\}"),
    ],
)
def test_the_deck_header_is_checked(deck, reason):
    record = {"game": "louder", "players": list(P3), "deck": deck, "turns": []}
    with pytest.raises(RuleViolation, match=reason):
        read_record(record)


def test_the_default_deck_is_unverified_data_that_both_examples_fit():
    data = load_toml("louder", "cards.toml")
    assert data["verified"] is False
    deck = default_deck()
    kinds = Counter(code.partition(":")[0] for code in deck for _ in range(deck[code]))
    assert kinds == {"trap": 13, "score": 16, "enemy": 10, "trickster": 11, "destroyer": 11, "seeker": 11}
    assert all(1 <= int(c[6:]) <= 5 for c in deck if c.startswith("score:"))
    assert all(-2 <= int(c[6:]) <= 2 for c in deck if c.startswith("enemy:"))
    assert Header(P3).deck == deck == Header(P3, deck=dict(deck)).deck
    assert standings(example("game-4p.json")) == [("Dan", 11), ("Chie", -6), ("Ben", -9), ("Aki", -10)]
    assert standings(example("opening-3p.json")) == [("Aki", 5), ("Chie", 5), ("Ben", 0)]


def test_the_rules_text_states_the_default_deck_in_both_languages():
    deck = default_deck()
    scores = ", ".join(str(deck.get(f"score:{n}", 0)) for n in range(1, 6))
    enemies = ", ".join(str(deck.get(f"enemy:{n}", 0)) for n in (-2, -1, 1, 2))
    en = (ROOT / "data/louder/rules.en.md").read_text(encoding="utf-8")
    assert f"{deck['trap:0']} `trap:0`; `score:1`–`score:5` {scores};" in en
    assert f"`enemy:-2`, `-1`, `1`, `2` {enemies}; and 11 each" in en.replace("\n", " ")
    assert sum(deck.values()) == deck["trap:0"] + 16 + 10 + 33 and "enemy:0" not in deck
    ja = (ROOT / "data/louder/rules.ja.md").read_text(encoding="utf-8")
    assert f"`trap:0` {deck['trap:0']}枚" in ja and scores.replace(", ", "・") in ja
    assert enemies.replace(", ", "・") in ja


# simulated games


def as_record(game: Header, events) -> dict:
    """A simulated game written as its record, with the deck it was dealt in the header."""
    turns: list[dict] = []
    hands: dict = {}
    for e in events:
        if isinstance(e, Drew):
            turns.append({"draw": True})
        elif isinstance(e, Placed):
            turns.append({"place": e.card.code(), "at": list(e.cell), "says": e.said})
        elif isinstance(e, Used):
            turns.append({"use": e.card, "flip": [list(c) for c in e.flips]})
        elif isinstance(e, HandsRevealed):
            hands = {who: [c.code() for c in hand] for who, hand in zip(game.players, e.hands, strict=True)}
    return {"game": "louder", "players": list(game.players), "deck": dict(game.deck), "turns": turns, "hands": hands}


STRATEGY = ("trickster", "destroyer", "seeker", "scout")
decks = st.builds(
    lambda placement, strategy: dict(Counter(c.code() for c in placement) + Counter(strategy)),
    st.lists(st.builds(Card, st.sampled_from(PLACEMENT), st.integers(-3, 9)), min_size=39, max_size=39),
    st.lists(st.sampled_from(STRATEGY), min_size=33, max_size=33),
)


@settings(max_examples=30, deadline=None)
@given(decks, st.integers(0, 2**32 - 1), st.sampled_from([3, 4]))
def test_simulated_games_with_random_decks_always_replay_and_fit_their_deck(deck, seed, n):
    game = Header(P4[:n], deck=deck)
    events, final = play_game(game, seed)
    assert final.phase == OVER and final.revealed is not None
    assert replay(game, events) == final
    record = as_record(game, events)
    scored = read_record(record)
    assert scored.finished
    assert {s.player: s.total for s in scored.standings.places} == dict(zip(game.players, score(final), strict=True))
