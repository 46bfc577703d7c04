"""Every game keeps the one contract (``scoring.game.Game``), checked the same way for all of them
over every worked example in ``examples/<game>/``: each entry is a typed line that reads back as
the same entry, the entries typed one by one score exactly what the whole record scores, and a
record split into a session's entries and built again is the same game."""

import json
from pathlib import Path

import pytest

from scoring.contract import Game
from scoring.registry import games, get

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
