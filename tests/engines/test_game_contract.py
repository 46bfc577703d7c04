"""Every game keeps the one contract (``scoring.contract.Game``), checked the same way for all of
them over every worked example in ``examples/<game>/``: each entry is a typed line that reads back
as the same entry, the entries typed one by one score exactly what the whole record scores, and a
record split into a session's entries and built again is the same game. What a session does is
written once (``scoring.game.RecordGame``): no game writes it again, a replay and an undo give the
positions the entries applied one by one gave, and a new game writes ten methods."""

import json
from pathlib import Path

import pytest

from scoring.contract import Game
from scoring.game import RecordGame
from scoring.registry import games, get
from tests.engines.toy_game import HIGH_CARD, HighCard

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = [
    (game.id, path)
    for game in games()
    for path in sorted((ROOT / "examples" / game.id).glob("*.json"))
    if not path.name.endswith(".expected.json")
]


def expected(path: Path) -> dict:
    return json.loads(path.with_name(path.stem + ".expected.json").read_text())


def test_every_game_keeps_the_contract_and_has_worked_examples():
    for game in games():
        assert isinstance(game, Game), game
        assert game.names.en and game.names.ja and game.players and game.header_keys >= {"players"}
        assert game.rules("en") and game.rules("ja")
        assert any(g == game.id for g, _ in EXAMPLES), f"{game.id} has no worked example"


@pytest.mark.parametrize(("game", "path"), EXAMPLES, ids=lambda x: x if isinstance(x, str) else x.stem)
def test_every_entry_is_a_typed_line_and_typing_them_scores_the_example(game, path):
    g = get(game)
    header, entries = g.split(json.loads(path.read_text()))
    p = g.new(header)
    for number, entry in enumerate(entries, start=1):
        line = g.format(entry)
        assert not line.startswith("{"), f"entry {number} has no typed line: {line}"
        assert g.parse(line, p) == entry, f"entry {number}: {line}"
        p = g.apply(p, g.parse(line, p))
    assert p.scored.standings.as_json() == expected(path)


@pytest.mark.parametrize(("game", "path"), EXAMPLES, ids=lambda x: x if isinstance(x, str) else x.stem)
def test_a_record_split_into_entries_and_built_again_is_the_same_game(game, path):
    g = get(game)
    record = json.loads(path.read_text())
    rebuilt = g.record(*g.split(record))
    assert g.split(rebuilt) == g.split(record)
    assert g.read(rebuilt).standings.as_json() == g.read(record).standings.as_json() == expected(path)


# What every game shares is written once (``scoring.game.RecordGame``), on the game's start and step.
SHARED = ("new", "apply", "replay", "undo", "to_play", "actors", "start_player", "first_player")
WRITTEN = {"start", "step", "score", "record", "split", "read", "parse_line", "format", "completions", "arbitrate"}


def test_no_game_writes_again_what_every_session_shares():
    for game in [*games(), HIGH_CARD]:
        assert [m for m in SHARED if getattr(type(game), m) is not getattr(RecordGame, m)] == [], game.id


def test_a_new_game_writes_the_ten_methods_the_guide_lists():
    written = {name for name, value in vars(HighCard).items() if callable(value)}
    assert written == WRITTEN
    assert isinstance(HIGH_CARD, Game) and HIGH_CARD.names.ja == "ハイカード" and HIGH_CARD.rules("ja")


@pytest.mark.parametrize(("game", "path"), EXAMPLES, ids=lambda x: x if isinstance(x, str) else x.stem)
def test_replay_undo_and_whose_turn_agree_with_the_entries_applied_one_by_one(game, path):
    g = get(game)
    header, entries = g.split(json.loads(path.read_text()))
    applied = [g.new(header)]
    for entry in entries:
        applied.append(g.apply(applied[-1], entry))
    for k, position in enumerate(applied):
        replayed = g.replay(header, entries[:k])
        assert (replayed.entries, replayed.scored) == (position.entries, position.scored), f"entry {k}"
        if k:
            back = g.undo(position)
            assert (back.entries, back.scored, back.state) == (
                applied[k - 1].entries,
                applied[k - 1].scored,
                applied[k - 1].state,
            )
    last = applied[-1]
    turns = [g.to_play(p) for p in applied]
    assert g.actors(last) == g.actors(g.replay(header, entries)) == turns[:-1]
    states = [g.to_play(p) and g.starts(p.state) for p in applied]
    start = next((who for who, first in zip(turns, states, strict=True) if first), g.first_player(header))
    assert g.start_player(last) == start
    with pytest.raises(IndexError):
        g.undo(applied[0])
