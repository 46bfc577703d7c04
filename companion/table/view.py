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

A page shown in two languages works the position out once (``table_facts``) and says it in each
(``said_view``), which is what ``table_view`` does in one step:

>>> facts = table_facts(after, before)
>>> said_view(facts, "ja").told == table_view(after, before, "ja").told
True
>>> said_view(facts, "ja").prompt
'第1トリック：Akiがリード'
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.table.board_text import BoardText, board_text
from scoring.board import Board
from scoring.errors import RuleViolation
from scoring.game import Position
from scoring.registry import get
from scoring.registry import name as game_name
from scoring.standings import Standings
from scoring.words import Words, say, say_all


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


@dataclass(frozen=True)
class TableFacts:
    """What the table sees of a position, in no language yet: the game's own facts and picture,
    worked out once, then said in each language a viewer reads (``said_view``)."""

    game: str
    heading: Words  #: the variant and who starts (``Game.heading``)
    players: tuple[str, ...]
    entries: int
    finished: bool
    board: Board  #: the game's board (``Game.board``)
    standings: Standings
    told: list[Words]  #: what the entry after ``before`` did
    prompt: Words
    problem: RuleViolation | None = None


def table_facts(position: Position, before: Position | None = None, problem: RuleViolation | None = None) -> TableFacts:
    """The facts of ``position``; with ``before`` (the position one entry earlier), what that entry
    did. Runs off the event loop: a board may read the record through the engine."""
    game = get(position.game)
    return TableFacts(
        game=game.id,
        heading=game.heading(position.header),
        players=tuple(position.header.get("players", ())),
        entries=len(position.entries),
        finished=position.finished,
        board=game.board(position),
        standings=position.scored.standings,
        told=game.told(before, position) if before is not None else [],
        prompt=game.prompt(position),
        problem=problem,
    )


def said_view(facts: TableFacts, lang: str = "en", phone: bool = False) -> TableView:
    """The view of a position's ``facts`` in ``lang``; on a ``phone`` (the pages), what comes next
    is said without keys (``scoring.words.say``)."""
    return TableView(
        game=facts.game,
        title=game_name(facts.game, lang),
        short=game_name(facts.game, lang, short=True),
        beside=say(facts.heading, lang),
        players=facts.players,
        entries=facts.entries,
        finished=facts.finished,
        board=board_text(facts.board, lang),
        standings=facts.standings,
        told=say_all(facts.told, lang),
        prompt=say(facts.prompt, lang, phone),
        problem=facts.problem,
    )


def table_view(
    position: Position,
    before: Position | None = None,
    lang: str = "en",
    problem: RuleViolation | None = None,
    phone: bool = False,
) -> TableView:
    """The view of ``position`` in ``lang``; with ``before`` (the position one entry earlier), what
    that entry did; ``phone``: as the pages say it (``said_view``). Runs off the event loop: a board
    may read the record through the engine."""
    return said_view(table_facts(position, before, problem), lang, phone)
