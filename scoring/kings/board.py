"""The KINGs board: each player's king, characters face up, bid, tricks, captured cards and total,
then the draft or the trick being played and who is winning it and why.

Colours, characters and cards are facts, said from the game's data in the viewer's language; a line
too long for the board is cut rather than wrapped, so the players' rows stay in view.

>>> from scoring.kings.game import GAME, tracked
>>> from scoring.words import say
>>> p = GAME.new({"players": ["Aki", "Ben", "Chie", "Dan"]})
>>> shown = kings_board(tracked(p))
>>> say(shown.parts[-1].words), say(shown.parts[-1].words, "ja")
('Draft: Aki picks (pick 1 of 20): red · Healer …', 'ドラフト：Akiが選ぶ（20回中1回目）')
"""

from __future__ import annotations

from collections.abc import Mapping

from scoring.board import Board, Cell, Line, Row, row
from scoring.kings.engine import BIDS, DEVIL, DRAFT, FRONTS, PLAY, State, devil_chooser, draft_order, tricks_per_round
from scoring.kings.told import why
from scoring.kings.trick import winning_play
from scoring.kings.words import fact
from scoring.words import Words

# the columns' widths in terminal cells: name, king, characters (in Japanese 26), bid, tricks won,
# captured cards, total
WIDTHS = (8, 6, 22, 10, 3, 12, 5)
CHARACTERS_WIDE = 26  # Japanese names of two characters take about twice the room


def _bid(s: State, p: int) -> Words:
    said: list[Words] = []
    for b in s.bids[p]:
        if b.kind == "tricks":
            said.append(f"{b.tricks}/{b.points}")
        elif b.kind == "devil_miss":
            said.append(fact("board.miss"))
        else:
            other = s.players[b.other][:3] if b.other is not None else "?"
            said.append(fact(f"board.{b.kind}", other=other))
    return fact("board.bids", items=tuple(said))


def _king(s: State, p: int) -> Words:
    color = s.kings[p]
    if not color:
        return "—"
    return fact("board.king_cell", color=fact("color", color=color), used="*" if s.king_round[p] is not None else "")


def _characters(s: State, p: int) -> Words:
    """The characters face up; in the draft, the characters picked so far."""
    shown = s.party[p] if s.phase == DRAFT else s.fronts[p]
    return fact("board.characters", items=tuple(fact("character", name=c) for c in shown))


def _row(*cells: Cell, heading: bool = False) -> Row:
    """Cells a space apart."""
    return row(*(c for i, cell in enumerate(cells) for c in ((" ", cell) if i else (cell,))), heading=heading)


def _heading(s: State) -> Row:
    name, king, chars, bid, won, captured, total = WIDTHS
    return _row(
        Cell(fact("board.name"), name),
        Cell(fact("board.king"), king),
        Cell(fact("board.picked" if s.phase == DRAFT else "board.fronts"), chars, wide=CHARACTERS_WIDE),
        Cell(fact("board.bid"), bid),
        Cell(fact("board.won"), won),
        Cell(fact("board.captured"), captured),
        Cell(fact("board.total"), total, right=True),
        heading=True,
    )


def _player(s: State, p: int, points: int) -> Row:
    name, king, chars, bid, won, captured, total = WIDTHS
    return _row(
        Cell(s.players[p], name),
        Cell(_king(s, p), king),
        Cell(_characters(s, p), chars, wide=CHARACTERS_WIDE),
        Cell(_bid(s, p), bid),
        Cell(str(s.tricks[p]), won, right=True),
        Cell("".join(f"{n:>2}" for n in s.captured[p]), captured),
        Cell(str(points), total, right=True),
    )


def _phase(s: State) -> list[Words]:
    """What the table is doing: the draft, the Devil's contract, turning characters up, bidding,
    or the trick being played and who is winning it and why."""
    names = s.players
    if s.phase == DRAFT:
        order = draft_order(s)
        return [fact("board.draft", player=names[order[len(s.picks)]], n=len(s.picks) + 1, of=len(order))]
    if s.phase == DEVIL:
        return [fact("board.devil", player=names[devil_chooser(s)])]
    if s.phase == FRONTS:
        return [fact("board.fronts_now", round=s.round)]
    if s.phase == BIDS:
        return [fact("board.bids_now", round=s.round)]
    if s.phase != PLAY or not s.turns:
        return [fact("over")]
    to_play = names[s.turns[0]]
    trick, of = s.tricks_done + 1, tricks_per_round(len(names))
    if not s.trick:
        return [fact("board.leads", round=s.round, trick=trick, of=of, player=to_play)]
    played = tuple(fact("board.play", player=names[x.player], card=fact("board.card", card=x.card)) for x in s.trick)
    winner = names[s.trick[winning_play(s.trick, s.game.rules)].player]
    return [
        fact("board.trick", round=s.round, trick=trick, of=of, played=fact("spaced", items=played)),
        fact("board.winning", winner=winner, why=why(s.trick, names, s.game.rules)),
        fact("board.to_play", player=to_play),
    ]


def kings_board(s: State, totals: Mapping[str, int] | None = None) -> Board:
    """A KINGs table played trick by trick: each player's row, the legend, then the draft, the
    reveals or the trick being played and who is winning it and why (``GAME.prompt`` says what
    to type)."""
    totals = totals or {}
    rows = [_player(s, p, totals.get(who, 0)) for p, who in enumerate(s.players)]
    said = [fact("board.legend"), *_phase(s)]
    return Board((_heading(s), *rows, *(Line(x, cut=True) for x in said)), totals=True)
