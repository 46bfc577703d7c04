"""The Sheriff board: roles, trump, captured cards and the trick being played; between deals the
last deal's score worked out. What comes next is the status line's (the game's ``prompt``)."""

from __future__ import annotations

from rich.cells import cell_len

from companion.boards import Board
from companion.text import (
    pad,  # every table's columns, padded by cells
    visible,
)
from scoring.game import Position
from scoring.sheriff.cards import JOKER, code, suits
from scoring.sheriff.engine import OVER, TRICK, State, trick_winner
from scoring.sheriff.told import deal_worked_out, role_name
from scoring.words import say, say_all

WIDTH = 78  # an 80-column terminal, less the board's padding


def wrap(line: str, width: int = WIDTH) -> list[str]:
    """``line`` in lines of at most ``width`` cells (a Japanese character takes two), broken at a
    space where there is one, continued under its indent.

    >>> wrap("Aki (Mayor): 1 Queen(s) + 0 Jack(s) − 2 King(s) not taken", 30)
    ['Aki (Mayor): 1 Queen(s) + 0', '  Jack(s) − 2 King(s) not', '  taken']
    """
    line = visible(line, one_line=True)
    indent = " " * (len(line) - len(line.lstrip()) + 2)
    out: list[str] = []
    while cell_len(line) > width:
        cut, used = 0, 0
        for i, ch in enumerate(line):
            used += cell_len(ch)
            if used > width:
                break
            cut = i + 1
        space = line.rfind(" ", len(indent) if out else 0, cut + 1)
        if space > len(indent):
            out.append(line[:space].rstrip())
            rest = line[space + 1 :]
        else:
            out.append(line[:cut])
            rest = line[cut:]
        line = indent + rest.lstrip()
    out.append(line)
    return out


_WORDS = {  # the board's words in Japanese (English is the key)
    "The game is over.": "ゲーム終了。",
    "no trump": "切り札なし",
    "name": "名前",
    "role": "役割",
    "total": "合計",
    "{player} is winning": "{player}が優勢",
    "Deal {deal}: trump {trump}; {player} announced the Joker.": (
        "第{deal}ディール：切り札 {trump}、ジョーカーは{player}。"
    ),
    "Trick {trick}: {cards} — {verdict}": "第{trick}トリック：{cards} — {verdict}",
}


def t(text: str, lang: str, /, **values: object) -> str:
    """``text`` in ``lang``, with ``{name}`` fields filled from ``values``."""
    return (_WORDS.get(text, text) if lang == "ja" else text).format(**values)


def _fit(lines: list[str]) -> str:
    return "\n".join(part for line in lines if line for part in wrap(line))


def sheriff_board(s: State, lang: str = "en") -> str:
    """A deal card by card: roles, trump, captured cards, the trick and who is winning it; between
    deals the last deal's score worked out."""
    if s.phase != TRICK:
        lines: list[str] = [t("The game is over.", lang)] if s.phase == OVER else []
        if s.scores:
            last = s.scores[-1]
            lines += say_all(deal_worked_out(s.players, len(s.scores), last), lang)
        return _fit(lines)
    totals = s.totals()
    suit_key = "name_ja" if lang == "ja" else "name"
    trump = suits()[s.trump][suit_key] if s.trump is not None else t("no trump", lang)
    lines = [
        t(
            "Deal {deal}: trump {trump}; {player} announced the Joker.",
            lang,
            deal=len(s.scores) + 1,
            trump=trump,
            player=s.players[s.joker],
        ),
        f"{pad(t('name', lang), 8)} {pad(t('role', lang), 8)}  A K Q J 10 JO  {pad(t('total', lang), 5, right=True)}",
    ]
    for p, who in enumerate(s.players):
        cap = " ".join(f"{n:>1}" for n in s.captured[p][:4]) + f" {s.captured[p][4]:>2} {s.captured[p][5]:>2}"
        lines.append(f"{pad(who, 8)} {pad(say(role_name(s.roles[p]), lang), 8)}  {cap}  {totals[p]:>5}")
    if s.trick and any(c != JOKER for _, c in s.trick):
        verdict = t("{player} is winning", lang, player=s.players[trick_winner(s.trick, s.trump)])
        lines.append(
            t(
                "Trick {trick}: {cards} — {verdict}",
                lang,
                trick=s.tricks_done + 1,
                cards=" ".join(code(c) for _, c in s.trick),
                verdict=verdict,
            )
        )
    return _fit(lines)


def board(position: Position, lang: str = "en") -> Board:
    return Board(sheriff_board(position.state, lang), totals=True)
