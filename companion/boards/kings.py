"""The KINGs board: each player's king, characters face up, bid, tricks, captured cards and total,
then the draft or the trick being played and who is winning it and why.

Every word comes from the game's data in the players' language (colours, characters, kings), and
every line fits the board's 78 cells at 80 columns (a Japanese character takes two cells).
"""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size

from companion.boards import Board
from companion.text import pad  # every table's columns, padded by cells
from scoring.game import Position
from scoring.kings.cards import JA_COLORS, character, code, name_ja
from scoring.kings.engine import BIDS, DEVIL, DRAFT, FRONTS, PLAY, State, devil_chooser, draft_order, tricks_per_round
from scoring.kings.game import GAME
from scoring.kings.told import why
from scoring.kings.trick import winning_play
from scoring.words import say

WIDTH = 78  # the board's cells at 80 columns (it has a cell of padding each side)

_WORDS = {
    "name": ("Name", "名前"),
    "king": ("King", "キング"),
    "fronts": ("Face up", "表のキャラ"),
    "picked": ("Picked", "ドラフト済み"),
    "bid": ("Bid", "ビッド"),
    "won": ("Won", "勝"),
    "captured": (" r b g k W R", "赤青緑黒白レ"),
    "total": ("Total", "合計"),
    "legend": (
        "* king played · captured: red blue green black, White Flags (W), Rares (R)",
        "* キング使用済み · 取ったカード：赤 青 緑 黒、白＝白旗、レ＝レア",
    ),
    "draft": (
        "Draft: {player} picks (pick {n} of {of}): red · Healer …",
        "ドラフト：{player}が選ぶ（{of}回中{n}回目）",
    ),
    "devil": (
        "Two players: {player} contracts an undrafted king to the Devil (green …)",
        "2人戦：{player}が選ばれなかったキングをデビルと契約",
    ),
    "fronts_now": (
        "Round {round}: characters face up — fronts Aki=Healer …",
        "第{round}ラウンド：キャラを公開 — fronts 名前=キャラ …",
    ),
    "bids_now": (
        "Round {round}: bids — bids Aki=Gambler:2/50 …",
        "第{round}ラウンド：ビッド — bids 名前=カード:ビッド …",
    ),
    "trick": ("Round {round}, trick {trick} of {of}: {played}", "第{round}ラウンド第{trick}/{of}トリック：{played}"),
    "leads": (
        "Round {round}, trick {trick} of {of}: {player} leads.",
        "第{round}ラウンド第{trick}/{of}トリック：{player}がリード",
    ),
    "winning": ("{winner} is winning with {why}", "{winner}が優勢：{why}"),
    "to_play": ("{player} to play.", "{player}の番。"),
    "over": ("The game is over.", "ゲーム終了。"),
}


def _t(key: str, lang: str, **values: object) -> str:
    en, ja = _WORDS[key]
    return (ja if lang == "ja" else en).format(**values)


def _fit(text: str) -> str:
    """A line cut to the board's width, with … where it was cut."""
    if cell_len(text) <= WIDTH:
        return text
    return set_cell_size(text, WIDTH - 1) + "…"


def _bid(s: State, p: int, lang: str) -> str:
    ja = lang == "ja"
    words = []
    for b in s.bids[p]:
        if b.kind == "tricks":
            words.append(f"{b.tricks}/{b.points}")
        elif b.kind == "devil_miss":
            words.append("ミス" if ja else "miss")
        else:
            other = s.players[b.other][:3] if b.other is not None else "?"
            kind = {"copy": ("copy", "コピー"), "bond": ("bond", "絆")}[b.kind][ja]
            words.append(f"{kind}:{other}")
    return ",".join(words) or "—"


def _king(s: State, p: int, lang: str) -> str:
    color = s.kings[p]
    if not color:
        return "—"
    used = "*" if s.king_round[p] is not None else ""
    return (JA_COLORS[color] if lang == "ja" else color) + used


def _fronts(s: State, p: int, lang: str) -> str:
    """The characters face up; in the draft, the characters picked so far."""
    shown = s.party[p] if s.phase == DRAFT else s.fronts[p]
    if lang == "ja":
        return "・".join(character(c).name_ja for c in shown) or "—"
    return ",".join(shown) or "—"


def kings_board(s: State, totals: dict[str, int] | None = None, lang: str = "en") -> str:
    """A KINGs table played trick by trick: each player's row, then the draft, the reveals or the
    trick being played and who is winning it and why (``GAME.prompt`` says what to type)."""
    names = s.players
    totals = totals or {}
    ja = lang == "ja"
    widths = (8, 6, 26 if ja else 22, 10, 3, 12, 5)
    chars = _t("picked" if s.phase == DRAFT else "fronts", lang)
    head = (_t("name", lang), _t("king", lang), chars, _t("bid", lang), _t("won", lang))
    lines = [
        " ".join(pad(w, n) for w, n in zip(head, widths, strict=False))
        + " "
        + pad(_t("captured", lang), widths[5])
        + " "
        + pad(_t("total", lang), widths[6], right=True)
    ]
    for p, who in enumerate(names):
        cap = "".join(f"{n:>2}" for n in s.captured[p])
        lines.append(
            " ".join(
                (
                    pad(who, widths[0]),
                    pad(_king(s, p, lang), widths[1]),
                    pad(_fronts(s, p, lang), widths[2]),
                    pad(_bid(s, p, lang), widths[3]),
                    pad(str(s.tricks[p]), widths[4], right=True),
                    pad(cap, widths[5]),
                    pad(str(totals.get(who, 0)), widths[6], right=True),
                )
            )
        )
    lines.append(_t("legend", lang))
    if s.phase == DRAFT:
        order = draft_order(s)
        lines.append(_t("draft", lang, player=names[order[len(s.picks)]], n=len(s.picks) + 1, of=len(order)))
    elif s.phase == DEVIL:
        lines.append(_t("devil", lang, player=names[devil_chooser(s)]))
    elif s.phase == FRONTS:
        lines.append(_t("fronts_now", lang, round=s.round))
    elif s.phase == BIDS:
        lines.append(_t("bids_now", lang, round=s.round))
    elif s.phase == PLAY and s.turns:
        to_play = names[s.turns[0]]
        trick, of = s.tricks_done + 1, tricks_per_round(len(names))
        if s.trick:
            played = " ".join(f"{names[x.player]}:{name_ja(x.card) if ja else code(x.card)}" for x in s.trick)
            lines.append(_t("trick", lang, round=s.round, trick=trick, of=of, played=played))
            winner = names[s.trick[winning_play(s.trick, s.game.rules)].player]
            lines.append(_t("winning", lang, winner=winner, why=say(why(s.trick, names, s.game.rules), lang)))
            lines.append(_t("to_play", lang, player=to_play))
        else:
            lines.append(_t("leads", lang, round=s.round, trick=trick, of=of, player=to_play))
    else:
        lines.append(_t("over", lang))
    return "\n".join(_fit(line.rstrip()) for line in lines)


def board(position: Position, lang: str = "en") -> Board:
    s = GAME.state(position)
    if s is None:  # a scoresheet: the standings say it all
        return Board("")
    totals = {x.player: x.total for x in position.scored.standings.places}
    return Board(kings_board(s, totals, lang), totals=True)
