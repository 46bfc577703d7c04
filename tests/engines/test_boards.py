"""Every game's board is one picture for every viewer: cells and lines of facts (``scoring.board``),
with no word in any language outside its catalogue, drawn in English and in Japanese from the same
object; a game without a board of its own gives an empty one, which draws nothing."""

import json
import re
from pathlib import Path

import pytest

from companion.table.board_text import board_text
from scoring.board import Board, Cell, Line, Row
from scoring.registry import games, get
from scoring.words import Fact
from tests.engines.toy_game import HIGH_CARD

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = [
    (game.id, path)
    for game in games()
    for path in sorted((ROOT / "examples" / game.id).glob("*.json"))
    if not path.name.endswith(".expected.json")
]


def plain_words(board: Board) -> list[str]:
    """Every word of the board that is not a fact: names, numbers, card codes and signs."""
    found: list[str] = []
    for part in board.parts:
        said = [c.words for c in part.cells] if isinstance(part, Row) else [part.words, *part.items, part.tail]
        found += [w for w in said if not isinstance(w, Fact)]
    return found


@pytest.mark.parametrize(("game", "path"), EXAMPLES, ids=lambda x: x if isinstance(x, str) else x.stem)
def test_a_board_says_every_word_through_the_game_catalogue(game, path):
    """Whatever a board holds as a plain word is a name, a number, a card's code or a sign: a word
    of a language would bypass the catalogue and be shown in English to a Japanese table."""
    g = get(game)
    header, entries = g.split(json.loads(path.read_text()))
    names = sorted(header["players"], key=len, reverse=True)
    p = g.new(header)
    for entry in [None, *entries]:
        p = p if entry is None else g.apply(p, entry)
        board = g.board(p)
        assert all(isinstance(part, (Row, Line)) for part in board.parts)
        assert all(isinstance(c, Cell) for part in board.parts if isinstance(part, Row) for c in part.cells)
        for word in plain_words(board):
            for name in names:
                word = word.replace(name, "")
            assert not re.search(r"[a-z]{3,}|[\u3040-\u30ff\u4e00-\u9fff]", word), (game, len(p.entries), word)
        assert board_text(board, "en").totals == board_text(board, "ja").totals == board.totals


def test_a_game_without_a_board_of_its_own_draws_none():
    p = HIGH_CARD.new({"players": ["Aki", "Ben"]})
    assert HIGH_CARD.board(p) == Board() and not HIGH_CARD.board(p)
    assert board_text(HIGH_CARD.board(p), "ja").text == "" and not board_text(HIGH_CARD.board(p)).totals
