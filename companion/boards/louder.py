"""The LOUDER TRICKSTAR board: the field face down, hands, collected cards and whose turn it is.

It is drawn from what the table has seen (the position's public state, what ``GAME.public``
shows), never from the cards lying face down, in the players' language with no English left in
Japanese, and in at most 11 lines of 76 cells (an 80-column terminal).
"""

from __future__ import annotations

from rich.cells import cell_len

from companion.boards import Board
from companion.text import pad  # every table's columns, padded by cells
from scoring.game import Position
from scoring.louder.engine import OVER, State

WIDTH = 76  # the board's cells in an 80-column terminal (its padding and the screen's edge aside)
HEIGHT = 11  # the lines the table screen gives a board

_WORDS = {
    "deck": ("Deck {n}", "山札{n}枚"),
    "turn": ("{who} to play", "{who}の番"),
    "over": ("The deck is empty: type the hands", "山札切れ：手札を入力"),
    "done": ("The game is over", "ゲーム終了"),
    "name": ("name", "名前"),
    "hand": ("hand", "手札"),
    "collected": ("collected", "獲得カード"),
    "points": ("points", "得点"),
    "used": ("used", "攻略"),
    "empty": ("The field is empty.", "場は空です。"),
    "cut": ("(more beyond)", "（続きあり）"),
}


def _t(key: str, lang: str, **values: object) -> str:
    en, ja = _WORDS[key]
    return (ja if lang == "ja" else en).format(**values)


def _players(s: State, lang: str, finished: bool, totals: dict[str, int]) -> list[str]:
    """The status line, then one line per player: hand, collected numbers, points, strategy cards used."""
    if finished:
        status = _t("done", lang)
    elif s.phase == OVER:
        status = _t("over", lang)
    else:
        status = f"{_t('deck', lang, n=s.deck)} · {_t('turn', lang, who=s.players[s.turn])}"
    lines = [
        pad(status, 40),
        f"{pad(_t('name', lang), 8)} {pad(_t('hand', lang), 4, right=True)}  {pad(_t('collected', lang), 12)} "
        f"{pad(_t('points', lang), 6, right=True)} {pad(_t('used', lang), 4, right=True)}",
    ]
    for p, who in enumerate(s.players):
        got = " ".join(str(c.number) for c in s.collected[p]) or "—"
        while cell_len(got) > 12:  # the latest cards, when they do not all fit
            got = "…" + got[2:].partition(" ")[2]
        lines.append(f"{pad(who, 8)} {s.hands[p]:>4}  {pad(got, 12)} {totals.get(who, 0):>6} {len(s.strategy[p]):>4}")
    return lines


def _field(s: State, lang: str, width: int, rows: int) -> list[str]:
    """The field face down, with its coordinates (x across, y down), in ``width`` cells and ``rows``
    rows below its header: cut around its middle, and marked so, when it is larger."""
    if not s.field:
        return [_t("empty", lang)]
    xs = sorted({x for x, _ in s.field})
    ys = sorted({y for _, y in s.field})
    x0, x1, y0, y1 = xs[0], xs[-1], ys[0], ys[-1]
    columns = (width - 4) // 3
    cut = x1 - x0 + 1 > columns or y1 - y0 + 1 > rows
    if cut:  # room for the mark that says so
        columns = (width - 4 - 1 - cell_len(_t("cut", lang))) // 3
    if x1 - x0 + 1 > columns:
        x0 = (x0 + x1 - columns + 1) // 2
        x1 = x0 + columns - 1
    if y1 - y0 + 1 > rows:
        y0 = (y0 + y1 - rows + 1) // 2
        y1 = y0 + rows - 1
    lines = ["    " + "".join(f"{x:>3}" for x in range(x0, x1 + 1))]
    for y in range(y0, y1 + 1):
        lines.append(f"{y:>3} " + "".join("  ■" if (x, y) in s.field else "  ·" for x in range(x0, x1 + 1)))
    if cut:
        lines[0] += " " + _t("cut", lang)
    return lines


def louder_board(position: Position, lang: str = "en") -> str:
    """The board of a position: the players on the left, the field on the right (or below, when it
    is wide), everything from what the table has seen."""
    s = position.state.public
    totals = {st.player: st.total for st in position.scored.standings.places}
    left = _players(s, lang, position.finished, totals)
    side = WIDTH - 42
    span_x = (max(x for x, _ in s.field) - min(x for x, _ in s.field) + 1) if s.field else 0
    if span_x * 3 + 4 <= side or not s.field:
        right = _field(s, lang, side, HEIGHT - 1)
        lines = [
            pad(left[i] if i < len(left) else "", 42) + (right[i] if i < len(right) else "")
            for i in range(max(len(left), len(right)))
        ]
    else:
        lines = left + _field(s, lang, WIDTH, HEIGHT - len(left) - 1)
    return "\n".join(line.rstrip() for line in lines)


def board(position: Position, lang: str = "en") -> Board:
    return Board(louder_board(position, lang), totals=True)
