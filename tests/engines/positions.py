"""Positions of recorded games, their boards as the table screen draws them, and lines typed from
what a game offers, for the game tests."""

from __future__ import annotations

from collections.abc import Callable

from companion.table.board_text import BoardText, board_text
from scoring.contract import Game
from scoring.game import Completion, Position
from scoring.registry import get


def after(game: Game, record: dict, n: int) -> Position:
    """The position of a recorded game after its first ``n`` entries."""
    header, entries = game.split(record)
    return game.replay(header, entries[:n])


def board(position: Position, lang: str = "en") -> BoardText:
    """The position's board (its game's ``board``) drawn as the table screen shows it in ``lang``."""
    return board_text(get(position.game).board(position), lang)


def texts(moves: list[Completion]) -> list[str]:
    return [m.text for m in moves]


def typed_through(
    game: Game, p: Position, line: str, pick: Callable[[list[Completion]], Completion] = lambda moves: moves[0]
) -> str:
    """``line`` with what ``legal`` offers next appended until it offers nothing more."""
    for _ in range(20):
        moves = game.completions(p, line)
        if not moves:
            return line
        line = f"{line} {pick(moves).text}"
    raise AssertionError(f"legal never ends: {line}")
