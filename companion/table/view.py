"""What the table shows of a session, worked out once after each change: the heading's parts, the
board, the standings, and what the table is told. The table screen only draws it (and words it in
its own labels); the live page to come builds on the same view.

>>> from scoring.registry import get
>>> sheriff = get("sheriff")
>>> before = sheriff.new({"players": ["Aki", "Ben", "Chie"]})
>>> deal = "deal joker=Ben Aki=mayor Ben=robber Chie=sheriff trump=spades"
>>> after = sheriff.apply(before, sheriff.parse(deal, before))
>>> shown = table_view(after, before)
>>> shown.told, shown.prompt
(['Deal 1: Aki the Mayor, Ben the Robber, Chie the Sheriff; trump: spades; Ben holds the Joker.'], 'Aki leads trick 1')
>>> shown.players, shown.finished, shown.board.totals
(('Aki', 'Ben', 'Chie'), False, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.table.board_text import BoardText, board_text
from scoring.errors import RuleViolation
from scoring.game import Position
from scoring.registry import get
from scoring.registry import name as game_name
from scoring.standings import Standings
from scoring.words import say, say_all


@dataclass(frozen=True)
class TableView:
    """A session as the table sees it now.

    ``told`` is what the last entry did, when the view follows one (``before``); ``prompt`` what
    comes next; ``problem`` why stored entries no longer replay (the session is read-only)."""

    game: str
    title: str  #: the game's name, in the view's language
    short: str  #: its short name, for a narrow heading
    beside: str  #: the variant and who starts (``Game.heading``)
    players: tuple[str, ...]
    entries: int
    finished: bool
    board: BoardText  #: the game's board (``Game.board``), drawn in the view's language
    standings: Standings
    told: list[str]
    prompt: str
    problem: RuleViolation | None = None

    @property
    def winners(self) -> list[str]:
        """Who shares first place."""
        return [s.player for s in self.standings.places if s.rank == 1]

    @property
    def top(self) -> int:
        """The winning total."""
        return next((s.total for s in self.standings.places if s.rank == 1), 0)


def table_view(
    position: Position,
    before: Position | None = None,
    lang: str = "en",
    problem: RuleViolation | None = None,
) -> TableView:
    """The view of ``position``; with ``before`` (the position one entry earlier), what that entry
    did. Runs off the event loop: a board may read the record through the engine."""
    game = get(position.game)
    told = say_all(game.told(before, position), lang) if before is not None else []
    return TableView(
        game=game.id,
        title=game_name(game.id, lang),
        short=game_name(game.id, lang, short=True),
        beside=say(game.heading(position.header), lang),
        players=tuple(position.header.get("players", ())),
        entries=len(position.entries),
        finished=position.finished,
        board=board_text(game.board(position), lang),
        standings=position.scored.standings,
        told=told,
        prompt=say(game.prompt(position), lang),
        problem=problem,
    )
