"""The Tricks and the Phantom board: totals, the last culprit and why."""

from __future__ import annotations

from scoring.game import Position
from scoring.standings import Scored
from screens.boards import Board
from screens.labels import t


def phantom_board(scored: Scored, lang: str = "en") -> str:
    """Totals, the last culprit and why, and what to type for the next half."""
    lines = ["   ".join(f"{s.player}: {s.total}" for s in scored.table.standings)]
    if scored.details:
        last = max(i for i, line in enumerate(scored.details) if not line.startswith(" "))
        lines += scored.details[last:]
    lines.append(t("Next half: NAME=CARD:COLOUR … point NAME>NAME … (fourth=N, double=NAME:yes, accuse=A>B)", lang))
    return "\n".join(lines)


def board(position: Position, lang: str = "en") -> Board:
    return Board(phantom_board(position.scored, lang))
