"""The Trickster board: tableaus by suit with this round's and the game's trouble points, the
hands, the pot and what it asks, the Timeline, the trash and the deck, and whose turn it is.

Its rows take 54 cells, so the board fits an 80-column terminal with room to spare; it carries the
totals, so the standings table gives way to it. Cards are facts: their codes in English, their
suit and hero in Japanese (黒野盗).

>>> from scoring.trickster.game import GAME
>>> from scoring.words import say
>>> p = GAME.new({"players": ["Aki", "Ben"]})
>>> say(trickster_board(p.state).parts[0].words)
'Round 1 is not set up yet (F1: how to type it).'
"""

from __future__ import annotations

from scoring.board import Board, Cell, Line, Row, row
from scoring.trickster.cards import code, suit_of, suits
from scoring.trickster.scoring import score_round
from scoring.trickster.state import LEAD, REVEAL, SETUP, TRICK, UNKNOWN, RoundScore, State
from scoring.trickster.told import asks
from scoring.trickster.words import said
from scoring.words import Words


def _cards(cards: tuple[int, ...]) -> tuple[Words, ...]:
    return tuple(said("board.card", card=code(c)) for c in cards)


def _heading() -> Row:
    """The column heads: name, one per suit, this round's trouble, the game's total, cards in hand."""
    heads = [(" " if i else "", Cell(said("board.suit", suit=i), 2)) for i in range(len(suits()))]
    return row(
        Cell(said("board.name"), 8),
        *(c for pair in heads for c in pair),
        " ",
        Cell(said("board.trouble"), 9, right=True),
        Cell(said("board.total"), 7, right=True),
        Cell(said("board.hand"), 6, right=True),
        heading=True,
    )


def _count_cell(count: int, sole_majority: bool) -> Cell:
    """A tableau's count of one suit: starred when it is the sole majority (those cards score no
    trouble), a dot when there are none."""
    return Cell(f"{count}*" if sole_majority else str(count or "·"), 2)


def _player_row(state: State, p: int, counts: list[int], live: RoundScore, total: int) -> Row:
    """One player's row: their tableau's counts by suit, this round's trouble, the total, the hand."""
    cells = [(" " if i else "", _count_cell(n, live.exempt[i] == p)) for i, n in enumerate(counts)]
    return row(
        Cell(state.players[p], 8),
        *(c for pair in cells for c in pair),
        " ",
        Cell(str(live.trouble[p]), 9, right=True),
        Cell(str(total), 7, right=True),
        Cell(str(state.hands[p].size), 6, right=True),
    )


def _trick_lines(state: State) -> list[Line]:
    """During a trick: who leads, who is the Trickster and whose turn it is, then the pot and what
    it asks."""
    if state.to_play is None:
        return []
    # no card led yet: the Timeline leads
    leader = state.players[state.leader] if state.leader is not None else said("the_timeline")
    turn = said(
        "board.turn",
        round=state.round,
        trick=state.tricks + 1,
        leader=leader,
        trickster=state.players[state.trickster],
        player=state.players[state.to_play],
    )
    pot = Line(said("board.pot"), _cards(state.pot) or ("—",), said("board.asks", pattern=asks(state)))
    return [Line(turn), pot]


def _lead_lines(state: State) -> list[Line]:
    """A trick the Timeline leads, its card not typed yet: the table types the front card."""
    who = state.players[state.trickster]
    return [Line(said("board.timeline_leads", round=state.round, trick=state.tricks + 1, trickster=who))]


def _reveal_lines(state: State) -> list[Line]:
    """After the last trick: the cards left in hand are to be revealed."""
    return [Line(said("board.reveal", round=state.round))]


def _setup_lines(state: State) -> list[Line]:
    """Between rounds: the next round is to be set up."""
    return [Line(said("board.set_up", round=state.round + 1))]


# what the board says under the players, by phase
_PHASE_LINES = {TRICK: _trick_lines, LEAD: _lead_lines, REVEAL: _reveal_lines, SETUP: _setup_lines}


def _timeline_lines(state: State) -> list[Line]:
    """The Timeline's cards, shown only during a trick; those still to be typed as each leads, by
    their count."""
    if not state.timeline or state.phase not in (TRICK, LEAD):
        return []
    known = tuple(c for c in state.timeline if c != UNKNOWN)
    untyped = len(state.timeline) - len(known)
    rest = (said("board.untyped"),) if untyped else ()
    return [Line(said("board.timeline", n=len(state.timeline)), (*_cards(known), *rest))]


def trickster_board(state: State) -> Board:
    """Tableaus by suit with this round's trouble points (starred: the sole majority of a suit,
    scoring none), the game's total, the hands, then the trick, the pot, the Timeline and the
    trash."""
    if state.round == 0:  # what to type is the prompt's to say
        return Board((Line(said("board.not_set_up")),), totals=True)
    n = len(suits())
    counts = [[sum(1 for c in tableau if suit_of(c) == i) for i in range(n)] for tableau in state.tableaus]
    live = score_round(counts)
    playing = state.phase in (TRICK, LEAD, REVEAL)
    parts: list[Row | Line] = [_heading()]
    for p in range(len(state.players)):
        before = sum(r.trouble[p] for r in state.scores)
        total = before + (live.trouble[p] if playing else 0)
        parts.append(_player_row(state, p, counts[p], live, total))
    phase_lines = _PHASE_LINES.get(state.phase)
    if phase_lines is not None:
        parts += phase_lines(state)
    parts += _timeline_lines(state)
    parts.append(Line(said("board.trash"), _cards(state.trash) or ("—",), said("board.deck", n=len(state.deck))))
    return Board(tuple(parts), totals=True)
