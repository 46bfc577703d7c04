"""Sheriff's words: every sentence the table is told, English and Japanese side by side.

The engine and the telling (``told``) say *what* happened as facts with these keys
(``Fact("sheriff.leads", player="Aki", card=…)``); ``scoring.words.say`` words them for a viewer.
Card, suit and role names come from ``data/sheriff/game.toml`` (``name`` / ``name_ja``).

>>> from scoring.words import Fact, say
>>> card = Fact("sheriff.card", code="Kh")
>>> say(Fact("sheriff.leads", player="Aki", card=card)), say(Fact("sheriff.leads", player="Aki", card=card), "ja")
('Aki leads the K of hearts.', 'AkiがハートのKをリード。')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from scoring.data import load_toml
from scoring.words import words


@cache
def _data() -> dict:
    return load_toml("sheriff", "game.toml")  # read here, not from ``cards``: ``cards`` imports these words


def _suits() -> list[dict]:
    return _data()["suits"]


def _suit(v: Mapping[str, Any], field: str, none: str) -> str:
    return none if v["suit"] is None else _suits()[v["suit"]][field]


def _card(v: Mapping[str, Any], field: str, joker: str, shape: str) -> str:
    if v["code"] == "JO":
        return joker
    rank, letter = v["code"][:-1], v["code"][-1]
    return shape.format(rank=rank, suit=next(s for s in _suits() if s["letter"] == letter)[field])


def _role(v: Mapping[str, Any], field: str) -> str:
    row = next((r for r in _data()["roles"] if r["id"] == v["role"]), None)
    return v["role"] if row is None else row[field]


def _shown_ja(v: Mapping[str, Any]) -> str:
    """A typed line as a Japanese log lists it: a card by its Japanese name, a deal's or a sheet's
    words, roles and trump in Japanese (the ranks stay as the cards print them).

    >>> from scoring.words import Fact, say
    >>> [say(Fact("sheriff.shown", line=line), "ja") for line in ("Kh", "JO", "deal joker=Ben Aki=mayor trump=none")]
    ['ハートのK', 'ジョーカー', 'ディール ジョーカー=Ben Aki=市長 切り札=なし']
    """
    line = str(v["line"])
    if re.fullmatch(r"(?:10|[2-9AKQJ])[shdc]|JO", line):
        return _card({"code": line}, "name_ja", "ジョーカー", "{suit}の{rank}")
    said = {"deal": "ディール", "sheet": "得点表", "joker": "ジョーカー", "trump": "切り札", "none": "なし"}
    said |= {r["id"]: r["name_ja"] for r in _data()["roles"]} | {s["id"]: s["name_ja"] for s in _suits()}
    return "".join(said.get(w, w) for w in re.split(r"([\s=,:*])", line))


words(
    "sheriff",
    {
        # who played which card in a trick: "Aki Kh" / "Aki ハートのK"
        "who_played": (
            lambda v: f"{v['player']} {v['code']}",
            lambda v: f"{v['player']} " + _card(v, "name_ja", "ジョーカー", "{suit}の{rank}"),
        ),
        # an entry as the log lists it: its typed line; in Japanese its words and cards in Japanese
        "shown": (lambda v: v["line"], _shown_ja),
        # names from the data files
        "card": (
            lambda v: _card(v, "name", "Joker", "{rank} of {suit}"),
            lambda v: _card(v, "name_ja", "ジョーカー", "{suit}の{rank}"),
        ),
        "suit": (lambda v: _suit(v, "name", "no trump"), lambda v: _suit(v, "name_ja", "切り札なし")),
        "role": (lambda v: _role(v, "name"), lambda v: _role(v, "name_ja")),
        # things listed one after another: "Aki Kh, Ben Ah" / "Aki Kh、Ben Ah"
        "each": (lambda v: ", ".join(v["items"]), lambda v: "、".join(v["items"])),
        # why a whole trick is won
        "over_led": ("a trump ({trump}) over the led {lead}", "切り札の{trump}がリードの{lead}に勝つ"),
        "highest_trump": ("the highest trump ({trump})", "最も高い切り札（{trump}）"),
        "led_trump": ("the highest of the led trump ({trump})", "リードされた切り札（{trump}）で最高"),
        "led_suit": ("the highest of the led suit ({lead})", "リードの{lead}で最高"),
        "led_suit_no_trump": (
            "the highest of the led suit ({lead}); no trump was played",
            "リードの{lead}で最高、切り札は出ず",
        ),
        "won_with": ("the {card}, {reason}", "{card}、{reason}"),
        "joker_set_suit": (
            " The Joker was led, so the {card} set the suit.",
            "ジョーカーのリードで、{card}がスートを決定。",
        ),
        "joker_loses": (" {player}'s Joker always loses.", "{player}のジョーカーは必ず負け。"),
        "took": (
            "{played}: {player} takes trick {number} with {reason}.{note}",
            "{played}：{player}が第{number}トリック（{reason}）。{note}",
        ),
        # a card that does not end its trick
        "leads_joker": (
            "{player} leads the Joker: the next card sets the suit.",
            "{player}がジョーカーをリード：次のカードがスートを決めます。",
        ),
        "leads": ("{player} leads the {card}.", "{player}が{card}をリード。"),
        "sets_suit": (
            "{player} plays the {card}: {suit} to follow; {player} is winning.",
            "{player}が{card}：フォローするスートは{suit}、{player}が優勢。",
        ),
        "plays": ("{player} plays the {card}: {winner} is winning.", "{player}が{card}：{winner}が優勢。"),
        "plays_joker": (
            "{player} plays the {card} (it always loses): {winner} is winning.",
            "{player}が{card}（ジョーカーは必ず負けます）：{winner}が優勢。",
        ),
        # a deal's points, the top of the table
        "deal_scores": (
            "Deal {number} scores {points}. Totals: {totals}.",
            "第{number}ディールの得点：{points}。合計：{totals}。",
        ),
        "won": ("The game is over: {player} wins with {points}.", "ゲーム終了：{player}が{points}点で勝ちです。"),
        "tied": ("{players} tie at {points}: the game goes on.", "{players}が{points}点で同点：ゲームは続きます。"),
        # a deal's start
        "holds_role": ("{player} the {role}", "{player} {role}"),
        "trump_is": ("trump: {suit}", "切り札：{suit}"),
        "deal_started": (
            "Deal {number}: {held}; {trump}; {joker} holds the Joker.",
            "第{number}ディール：{held}。{trump}。ジョーカーは{joker}。",
        ),
        # what comes next
        "leads_trick": ("{player} leads trick {number}", "第{number}トリック：{player}がリード"),
        "to_play_after_joker": (
            "{player} to play — the Joker was led: this card sets the suit",
            "{player}の番 — ジョーカーがリードされたので、このカードがスートを決めます",
        ),
        "to_play": ("{player} to play — {suit} led", "{player}の番 — リードは{suit}"),
        "next_deal": (
            "Deal {number}: the Joker's holder, roles and trump (deal …), or its scores (sheet …)",
            "第{number}ディール：ジョーカーの持ち主・役割・切り札（deal …）か、得点表（sheet …）を入力",
        ),
        # the heading
        "target": ("target {target}", "目標{target}点"),
        # what may be typed next
        "deal_by_card": ("a deal card by card", "ディールを1枚ずつ記録"),
        "deal_sheet": ("a deal's scoresheet", "ディールの得点表"),
        "holds_joker": ("{player} holds the Joker", "{player}がジョーカー"),
        "role_of": ("{player}: the {role}", "{player}：{role}"),
        # a deal's score worked out (Scored.details and the board)
        "deal": ("Deal {number}", "第{number}ディール"),
        "indented": ("  {line}", "  {line}"),
        "sheriff_scored": (
            "{player} (Sheriff): {kings} King(s) = {kings}",
            "{player}（保安官）：キング{kings}枚 = {kings}",
        ),
        "robber_scored": ("{player} (Robber): {tens} ten(s) = {tens}", "{player}（強盗団）：10が{tens}枚 = {tens}"),
        "mayor_scored": (
            "{player} (Mayor): {queens} Queen(s) + {jacks} Jack(s) − {missed} King(s) not taken by the Sheriff "
            "− {tens} ten(s) taken by the Robber = {raw}{floor}",
            "{player}（市長）：クイーン{queens}枚 + ジャック{jacks}枚 − 保安官が取らなかったキング{missed}枚 "
            "− 強盗団が取った10 {tens}枚 = {raw}{floor}",
        ),
        # the arbiter's ruling, card by card
        "no_suit": ("none", "なし"),
        "ruling_suits": ("Trump: {trump}; led suit: {lead}.", "切り札：{trump}。リードのスート：{lead}。"),
        "ruling_card": ("{player}: {card} — {why}.", "{player}：{card}（{why}）。"),
        "why_joker": ("the Joker always loses", "ジョーカーは必ず負ける"),
        "why_trump": ("a trump", "切り札"),
        "why_led": ("the led suit", "リードのスート"),
        "why_neither": ("neither trump nor the led suit: cannot win", "切り札でもリードのスートでもないので勝てない"),
        "wins_trick": ("{player} wins the trick.", "{player}がトリックを取ります。"),
        # the board (``scoring.sheriff.board``)
        "board.over": ("The game is over.", "ゲーム終了。"),
        "board.deal": (
            "Deal {deal}: trump {trump}; {player} announced the Joker.",
            "第{deal}ディール：切り札 {trump}、ジョーカーは{player}。",
        ),
        "board.name": ("name", "名前"),
        "board.role": ("role", "役割"),
        "board.total": ("total", "合計"),
        "board.trick": ("Trick {trick}: {cards} — {verdict}", "第{trick}トリック：{cards} — {verdict}"),
        "board.winning": ("{player} is winning", "{player}が優勢"),
    },
)
