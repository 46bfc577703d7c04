"""F3 at the table: each pick leaves a line the table means — a word being typed is completed in
place, a line is continued, and a finished line is never given a second entry."""

import json
from pathlib import Path

from companion.table.suggest import completions
from scoring.registry import get

ROOT = Path(__file__).resolve().parents[2]


def at(game: str, example: str, entries: int):
    g = get(game)
    header, all_entries = g.split(json.loads((ROOT / "examples" / game / f"{example}.json").read_text()))
    return g.replay(header, all_entries[:entries])


def lines(position, typed: str) -> list[str]:
    return [line for _, _, line in completions(position, typed)]


def test_a_word_being_typed_is_completed_in_its_place():
    draft = at("kings", "game-5p", 3)
    assert lines(draft, "pick Ber") == ["pick Berserker"]
    assert lines(at("louder", "game-4p", 10), "dr") == ["draw"]


def test_a_finished_kings_card_is_offered_its_words_and_then_nothing_more():
    trick = at("kings", "game-5p", 40)
    assert get("kings").to_play(trick) == "Dan"
    assert lines(trick, "k1") == ["k1 king"]
    assert lines(trick, "k1 king") == []  # never "k1 king r1", a second card the line cannot take


def test_a_line_is_continued_word_by_word():
    assert lines(at("louder", "game-4p", 10), "place score:3") == ["place score:3 at 0,0"]  # the one free cell
    assert lines(at("louder", "game-4p", 10), "draw") == []
    lead = at("trickster", "game-4p-introductory", 1)
    assert "RGUA GNOM" in lines(lead, "RGUA")  # Dan's Nomad: the owner is implied


def test_a_value_after_a_name_goes_on_without_a_space():
    half = get("phantom").new({"players": ["Aki", "Ben", "Chie"]})
    assert lines(half, "Aki=1") == ["Aki=10"]
    assert lines(half, "Aki=10:") == ["Aki=10:blue"]
