"""The boards of the table screen: what each game shows the table, in the players' language.

A game that wants a board has a module here named after its id (``companion/boards/sheriff.py``)
with ``board(position, lang) -> Board``; ``board_for`` finds it through the game's registry id, so
no screen asks which game it is drawing. Each board is a pure function of a session's position.
They run in a worker thread (the record is replayed through the engine), never on the event loop.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from importlib.util import find_spec

from scoring.game import Position


@dataclass(frozen=True)
class Board:
    """The text to draw above the entries; ``totals`` when it carries the running totals itself
    (then a narrow terminal gives it the whole width instead of the standings table)."""

    text: str
    totals: bool = False


def board_for(position: Position, lang: str = "en") -> Board:
    """The board of the position's game, or an empty one for a game without a board module."""
    module = f"{__name__}.{position.game}"
    if not position.game.isidentifier() or find_spec(module) is None:
        return Board("")
    return import_module(module).board(position, lang)
