"""What could be typed next: the pick-list of the table screen (F3), from the game's legal moves."""

from __future__ import annotations

from scoring.game import Position
from scoring.registry import get


def choices(position: Position, typed: str = "", lang: str = "en") -> list[tuple[str, str]]:
    """(text to add, what it is) for each move the game allows next: after the start of an entry
    (a Trickster hero card), what completes it; otherwise the entries that may come next."""
    return [(m.text, m.label) for m in get(position.game).legal(position, typed, lang)]
