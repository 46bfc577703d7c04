"""A session applies only its new entry (``Game.step`` on the kept engine state), and that must be
the same as reading the whole record again: the same position, the same refusal, word for word."""

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.errors import RuleViolation
from scoring.records import split_record
from scoring.registry import get
from scoring.trickster.cards import Deck
from scoring.trickster.record import to_record
from scoring.trickster.simulator import play_game, public
from scoring.trickster.state import Game

EXAMPLES = sorted(p for p in Path(__file__).parents[2].glob("examples/*/*.json") if ".expected" not in p.name)


def same_steps(game_id: str, header: dict, entries: list) -> None:
    game = get(game_id)
    step = game.new(header)
    for k, entry in enumerate(entries, start=1):
        step = game.apply(step, entry)
        whole = game.replay(header, entries[:k])
        assert step.entries == whole.entries
        assert step.record == whole.record, f"entry {k}"
        assert step.scored == whole.scored, f"entry {k}"
        assert step.state == whole.state, f"entry {k}"


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_example_steps_to_the_positions_the_whole_record_reads(path: Path) -> None:
    game, header, entries = split_record(json.loads(path.read_text()))
    same_steps(game, header, entries)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 7), seed=st.integers(0, 10_000), deck=st.sampled_from(["introductory", "strategy"]))
def test_simulated_trickster_games_step_as_they_replay(players: int, seed: int, deck: str) -> None:
    names = ("Aki", "Ben", "Chie", "Dan", "Emi", "Fumi", "Gen")[:players]
    game = Game(names, Deck.preset(deck), seed % players)
    events = play_game(game, seed)[0]
    _, header, entries = split_record(to_record(game, [public(e) for e in events]))
    same_steps("trickster", header, entries)


def refusal(game_id: str, header: dict, entries: list, entry: object) -> RuleViolation:
    game = get(game_id)
    with pytest.raises(RuleViolation) as stepped:
        game.apply(game.replay(header, entries), entry)
    return stepped.value


def test_a_refused_step_is_worded_as_the_whole_record_words_it() -> None:
    path = Path(__file__).parents[2] / "examples/trickster/game-4p-introductory.json"
    _, header, entries = split_record(json.loads(path.read_text()))
    game = get("trickster")
    again = entries[5]  # a card already played
    err = refusal("trickster", header, entries[:8], again)
    assert err.reason.startswith("Entry 9: ")
    whole = game.replay(header, entries[:8])
    # the whole record read with the entry gives the same refusal, numbered the same
    with pytest.raises(RuleViolation) as read:
        game.replay(header, [*entries[:8], again])
    assert err.rule == read.value.rule
    assert err.reason.removeprefix("Entry 9: ") in read.value.reason
    assert whole.entries == tuple(entries[:8])  # nothing recorded is lost
    reveal_early = {"reveal": {p: [] for p in header["players"]}}
    early = refusal("trickster", header, entries[:3], reveal_early)
    assert early.rule == "trickster.round-end"
    assert "still being played" in early.reason


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), target=st.sampled_from([10, 15]))
def test_simulated_sheriff_games_step_as_they_replay(seed: int, target: int) -> None:
    from scoring.sheriff.engine import Game as SheriffGame
    from scoring.sheriff.engine import HouseRules
    from scoring.sheriff.record import to_record as sheriff_record
    from scoring.sheriff.simulator import play_game as play_sheriff
    from scoring.sheriff.simulator import public as sheriff_public

    game = SheriffGame(("Aki", "Ben", "Chie"), HouseRules(target=target))
    events = play_sheriff(game, seed)[0]
    _, header, entries = split_record(sheriff_record(game, [sheriff_public(e) for e in events]))
    same_steps("sheriff", header, entries)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([2, 4, 5]), seed=st.integers(0, 10_000))  # the rules are for 2, 4 or 5
def test_simulated_kings_games_step_as_they_replay(players: int, seed: int) -> None:
    from scoring.kings.engine import Game as KingsGame
    from scoring.kings.game_record import to_record as kings_record
    from scoring.kings.simulator import play_game as play_kings

    game = KingsGame(("Aki", "Ben", "Chie", "Dan", "Emi")[:players])
    events = play_kings(game, seed)[0]
    header, entries = get("kings").split(kings_record(game, events))
    same_steps("kings", header, entries)
