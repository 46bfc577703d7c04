"""The Trickster board: tableaus by suit with this round's and the game's trouble points, the
hands, the pot and what it asks, the Timeline, the trash and the deck, and whose turn it is.

Every line fits 78 terminal cells (a Japanese character takes two), so the board takes the whole
width of an 80-column terminal; it carries the totals, so the standings table gives way to it.
In Japanese nothing is left in English: suits and cards are named in Japanese.
"""

from __future__ import annotations

from rich.cells import cell_len

from companion.boards import Board
from companion.text import pad  # every table's columns, padded by cells
from scoring.game import Position
from scoring.trickster.cards import code, heroes, suit_of, suits
from scoring.trickster.scoring import score_round
from scoring.trickster.state import REVEAL, SETUP, TRICK, RoundScore, State
from scoring.trickster.told import asks
from scoring.words import say

WIDTH = 78  # an 80-column terminal, less the board's margin


def _card(c: int, lang: str) -> str:
    """A card as the board shows it: its code, or in Japanese its suit and hero (黒野盗)."""
    if lang == "ja":
        return suits()[c & 7].name_ja + heroes()[c >> 3].name_ja
    return code(c)


def _cards(cards: tuple[int, ...], lang: str) -> list[str]:
    return [_card(c, lang) for c in cards]


def _wrap(head: str, words: list[str], tail: str = "", width: int = WIDTH) -> list[str]:
    """``head`` and the words, wrapped at ``width`` cells (later lines indented under the first
    word), then ``tail`` where it still fits."""
    lines: list[str] = []
    line = head
    indent = " " * min(cell_len(head), 10)
    for word in words:
        if cell_len(line) + 1 + cell_len(word) > width and line.strip():
            lines.append(line)
            line = indent + word
        else:
            line = f"{line}{'' if line.endswith(('：', ': ', ' ')) else ' '}{word}"
    if tail:
        if cell_len(line) + cell_len(tail) > width:
            lines.append(line)
            line = indent + tail.strip()
        else:
            line += tail
    lines.append(line)
    return lines


def _header(heads: list[str], ja: bool) -> str:
    """The column heads: name, one per suit, this round's trouble, the game's total, cards in hand."""
    return (
        pad("名前" if ja else "name", 8)
        + " ".join(pad(h, 2) for h in heads)
        + " "
        + pad("トラブル" if ja else "trouble", 9, right=True)
        + pad("合計" if ja else "total", 7, right=True)
        + pad("手札" if ja else "hand", 6, right=True)
    )


def _count_cell(count: int, sole_majority: bool) -> str:
    """A tableau's count of one suit: starred when it is the sole majority (those cards score no
    trouble), a dot when there are none."""
    return pad(f"{count}*" if sole_majority else str(count or "·"), 2)


def _player_row(state: State, p: int, counts: list[int], live: RoundScore, total: int) -> str:
    """One player's line: their tableau's counts by suit, this round's trouble, the total, the hand."""
    cells = " ".join(_count_cell(n, live.exempt[i] == p) for i, n in enumerate(counts))
    return (
        pad(state.players[p], 8)
        + cells
        + " "
        + pad(str(live.trouble[p]), 9, right=True)
        + pad(str(total), 7, right=True)
        + pad(str(state.hands[p].size), 6, right=True)
    )


def _trick_lines(state: State, lang: str) -> list[str]:
    """During a trick: who leads, who is the Trickster and whose turn it is, then the pot and what
    it asks."""
    if state.to_play is None:
        return []
    ja = lang == "ja"
    timeline = "タイムライン" if ja else "the Timeline"  # no card led yet: the Timeline leads
    leader = state.players[state.leader] if state.leader is not None else timeline
    who, trickster = state.players[state.to_play], state.players[state.trickster]
    if ja:
        turn = (
            f"第{state.round}ラウンド第{state.tricks + 1}トリック：リーダー{leader}、"
            f"トリックスター{trickster}、{who}の番。"
        )
    else:
        turn = (
            f"Round {state.round}, trick {state.tricks + 1}: {leader} leads, {trickster} is the Trickster; "
            f"{who} to play."
        )
    pattern = say(asks(state), lang)
    pot = _wrap(
        "卓中央：" if ja else "Pot:",
        _cards(state.pot, lang) or ["—"],
        f"（{pattern}）" if ja else f"  ({pattern})",
    )
    return [turn, *pot]


def _reveal_lines(state: State, lang: str) -> list[str]:
    """After the last trick: the cards left in hand are to be revealed."""
    if lang == "ja":
        return [f"第{state.round}ラウンド終了：残りの手札を公開（reveal …）。"]
    return [f"Round {state.round} is over: reveal the cards left in hand (reveal …)."]


def _setup_lines(state: State, lang: str) -> list[str]:
    """Between rounds: the next round is to be set up."""
    if lang == "ja":
        return [f"第{state.round + 1}ラウンドの準備：round …"]
    return [f"Set up round {state.round + 1}: round …"]


# what the board says under the players, by phase
_PHASE_LINES = {TRICK: _trick_lines, REVEAL: _reveal_lines, SETUP: _setup_lines}


def _timeline_lines(state: State, lang: str) -> list[str]:
    """The Timeline's cards, shown only during a trick."""
    if not state.timeline or state.phase != TRICK:
        return []
    n = len(state.timeline)
    head = f"タイムライン（{n}）：" if lang == "ja" else f"Timeline ({n}):"
    return _wrap(head, _cards(state.timeline, lang))


def _trash_lines(state: State, lang: str) -> list[str]:
    """The trash, then how many cards are left in the deck."""
    if lang == "ja":
        return _wrap("捨て札：", _cards(state.trash, lang) or ["—"], f"   山札：{len(state.deck)}")
    return _wrap("Trash:", _cards(state.trash, lang) or ["—"], f"   Deck: {len(state.deck)}")


def trickster_board(state: State, lang: str = "en") -> str:
    """Tableaus by suit with this round's trouble points (starred: the sole majority of a suit,
    scoring none), the game's total, the hands, then the trick, the pot, the Timeline and the
    trash."""
    ja = lang == "ja"
    if state.round == 0:  # what to type is the prompt's to say
        return (
            "第1ラウンドはまだ準備前です（F1：入力方法）。" if ja else "Round 1 is not set up yet (F1: how to type it)."
        )
    heads = [s.name_ja if ja else s.letter for s in suits()]
    counts = [[sum(1 for c in tableau if suit_of(c) == i) for i in range(len(heads))] for tableau in state.tableaus]
    live = score_round(counts)
    playing = state.phase in (TRICK, REVEAL)
    lines = [_header(heads, ja)]
    for p in range(len(state.players)):
        before = sum(r.trouble[p] for r in state.scores)
        total = before + (live.trouble[p] if playing else 0)
        lines.append(_player_row(state, p, counts[p], live, total))
    phase_lines = _PHASE_LINES.get(state.phase)
    if phase_lines is not None:
        lines += phase_lines(state, lang)
    lines += _timeline_lines(state, lang)
    lines += _trash_lines(state, lang)
    return "\n".join(lines)


def board(position: Position, lang: str = "en") -> Board:
    """The board of a session played card by card; a scoresheet has none (the standings say it all)."""
    state = position.state
    if not isinstance(state, State):  # a scoresheet
        return Board("")
    return Board(trickster_board(state, lang), totals=True)
