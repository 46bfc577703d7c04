"""What the LOUDER TRICKSTAR table is told, in English and Japanese side by side: the catalogue
``louder`` of ``scoring.words``. The engine and the telling say facts (``fact("told.drew", who="Aki",
n=40)`` is the key ``louder.told.drew``); a screen says them in its viewer's language.

A card is told by its code (``card("score:5")``) and named from the data file in the viewer's
language; a card the table has not seen is ``■`` and is told as a face-down card, never by its
code: a fact carries only what the table may see.

>>> from scoring.words import say
>>> say(card("score:5")), say(card("score:5"), "ja"), say(fact("told.drew", who="Aki", n=40), "ja")
('Score 5', 'スコア5', 'Akiが1枚引きました。山札は残り40枚です。')
>>> say(card("■"), "ja"), say(card("trickster"))
('伏せたカード', 'Trickster')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from scoring.data import load_toml
from scoring.words import Fact, joined, teller, words

HIDDEN = "■"  # a placed card the table has not seen (``scoring.louder.engine.HIDDEN``)


def _line_ja(v: Mapping[str, Any]) -> str:
    """A turn's typed line as a Japanese log lists it: the move in Japanese, a strategy card by its
    Japanese name, the cells as typed.

    >>> from scoring.words import say
    >>> say(fact("shown.line", line="use seeker 0,-1 -1,-1"), "ja"), say(fact("shown.line", line="draw"), "ja")
    ('シーカーを使用：0,-1 -1,-1', '1枚引く')
    """
    line = str(v["line"])
    first, _, rest = line.partition(" ")
    if first == "draw" and not rest:
        return "1枚引く"
    if first == "use" and rest:
        card, _, cells = rest.partition(" ")
        name = _names().get(card, (card, card))[1]
        return f"{name}を使用" + (f"：{cells}" if cells else "")
    return line


@cache
def _names() -> dict[str, tuple[str, str]]:
    """Every kind of card the data names, by its id: (English, Japanese)."""
    cards = load_toml("louder", "cards.toml")
    return {e["id"]: (e["name"], e["name_ja"]) for e in (*cards["kind"], *cards["strategy_card"])}


def _card(ja: int) -> Callable[[Mapping[str, Any]], str]:
    """How the table says a card from its code (``ja``: 0 for English, 1 for Japanese): ``Trap 0``,
    ``スコア3``, ``Trickster``; a card the data does not name keeps its code."""

    def said(v: Mapping[str, Any]) -> str:
        code = str(v["code"])
        if code == HIDDEN:
            return ("a face-down card", "伏せたカード")[ja]
        kind, colon, number = code.partition(":")
        if kind not in _names():
            return code
        name = _names()[kind][ja]
        if not colon:
            return name
        return f"{name}{number}" if ja else f"{name} {number}"

    return said


def _kind(ja: int) -> Callable[[Mapping[str, Any]], str]:
    """A kind of card by its name alone (``Score``, ``スコア``), its id if the data has none."""
    return lambda v: _names()[v["kind"]][ja] if v["kind"] in _names() else str(v["kind"])


words(
    "louder",
    {
        # cards
        "card": (_card(0), _card(1)),
        "kind": (_kind(0), _kind(1)),
        # a kind with several numbers offered at once: "Score 1/3/5" / "スコア1/3/5"
        "kinds": ("{kind} {numbers}", "{kind}{numbers}"),
        # cells, cards or players listed in a sentence (with ・ in Japanese)
        "and": (lambda v: joined(v["items"]), lambda v: joined(v["items"], "ja", "・")),
        # a flip limit set away from the default, and several of them
        "limit": ("{card} {n}", "{card} {n}"),
        "limits": (lambda v: ", ".join(v["items"]), lambda v: "・".join(v["items"])),
        # a heading's parts, and a scores line's
        "parts": (lambda v: ", ".join(v["items"]), lambda v: "、".join(v["items"])),
        # the labels of what may be typed next
        "label.draw": ("{n} left in the deck", "引く（山札残り{n}枚）"),
        "label.place": ("face down, typed hidden", "伏せて置く"),
        "label.use": ("a strategy card", "攻略カードを使う"),
        "label.at": ("where it goes", "置くマス"),
        "label.says": ("what they announce it as", "宣言するカード"),
        "label.hands": ("every hand left when the deck ran out", "山札が尽きた時の全員の手札"),
        "label.cell": ("empty", "空きマス"),
        "label.seen": ("{card}, seen", "{card}（公開済み）"),
        "label.said": ("said to be {card}", "「{card}」と宣言"),
        "label.unsaid": ("not announced", "宣言なし"),
        "label.hand": ("{player}'s hand ({n} card(s))", "{player}の手札（{n}枚）"),
        "label.left": ("{card} ({n} not seen yet)", "{card}（未確認{n}枚）"),
        "label.row": ("{x},{y}", "{x},{y}"),
        # an entry as the log lists it (a placement never by its card)
        # a placement by its cell and what was announced: as typed in English, by its name in Japanese
        "shown.placed": (
            lambda v: f"placed a card at {v['x']},{v['y']}, saying {v['says']}",
            lambda v: f"{v['x']},{v['y']}にカードを置き、「{v['said']}」と宣言",
        ),
        # any other turn as the log lists it: its typed line; in Japanese the move in Japanese
        "shown.line": (lambda v: v["line"], _line_ja),
        "shown.revealed": ("hands revealed", "手札公開"),
        # what a turn did
        "told.drew": ("{who} draws a card: {n} left in the deck.", "{who}が1枚引きました。山札は残り{n}枚です。"),
        "told.drew_last": (
            "{who} draws the last card of the deck: the game ends, and {who} does nothing more.",
            "{who}が山札の最後の1枚を引きました。ゲーム終了です（{who}はこれ以上何もしません）。",
        ),
        "told.placed": (
            "{who} places a card face down at {x},{y}, announcing {says}.",
            "{who}が{x},{y}にカードを伏せて置き、「{says}」と宣言しました。",
        ),
        "told.placed_silent": (
            "{who} places a card face down at {x},{y} without announcing it.",
            "{who}が{x},{y}にカードを伏せて置きました（宣言なし）。",
        ),
        "told.used": ("{who} uses the {card} without flipping.", "{who}が{card}を使いました（めくらず）。"),
        "told.peek": (
            "{who} uses the {card} and looks at {cells}: only {who} sees, and the cards stay face down.",
            "{who}が{card}で{cells}を見ました。見たのは{who}だけで、カードは伏せたままです。",
        ),
        # a card turned face up, and what its player had announced when it was not that
        "told.flip": ("{cell} {card}", "{cell}の{card}"),
        "told.flip_said": ("{cell} {card} (said {said})", "{cell}の{card}（宣言「{said}」）"),
        # one card flipped is "it", several "them" (Japanese says neither)
        "told.collected_one": (
            "{who} uses the {card}: flips {cards} and collects it: {gain:+d}, {total} in all.",
            "{who}が{card}で{cards}を獲得：{gain:+d}点（計{total}点）。",
        ),
        "told.collected": (
            "{who} uses the {card}: flips {cards} and collects them: {gain:+d}, {total} in all.",
            "{who}が{card}で{cards}を獲得：{gain:+d}点（計{total}点）。",
        ),
        "told.trapped_one": (
            "{who} uses the {card}: flips {cards}. The Trap ends the turn: it goes back face down.",
            "{who}が{card}で{cards}をめくり、トラップで手番終了：伏せて戻します。",
        ),
        "told.trapped": (
            "{who} uses the {card}: flips {cards}. The Trap ends the turn: they go back face down.",
            "{who}が{card}で{cards}をめくり、トラップで手番終了：伏せて戻します。",
        ),
        # the end
        "told.shown": ("The hands are shown.", "手札を公開しました。"),
        "told.hands": ("{who} keeps {cards}: {minus}.", "{who}の手札に{cards}：{minus}点。"),
        "told.hands_none": ("{who} keeps no placement card: 0.", "{who}の手札に配置カードはありません：0点。"),
        "told.final": ("Final scores: {scores}.", "最終得点：{scores}。"),
        "told.wins": ("{who} wins with {total}.", "{who}の勝ちです（{total}点）。"),
        "told.share": ("{who} tie at {total} and share the win.", "{who}が{total}点で並び、勝利を分け合います。"),
        # what comes next
        "prompt.turn": (
            "{who} to play: draw ({n} left), place a card face down, or use a strategy card.",
            "{who}の番：山札から引く（残り{n}枚）・カードを伏せて置く・攻略カードを使う。",
        ),
        "prompt.first": (
            "{who} to play: place the first card anywhere (at 0,0), draw ({n} left), or use a strategy card.",
            "{who}の番：最初のカードを置く（0,0に）・山札から引く（残り{n}枚）・攻略カードを使う。",
        ),
        "prompt.empty_hand": (
            "{who} to play: {who}'s hand is empty, so draw ({n} left).",
            "{who}の番：手札がないので山札から引きます（残り{n}枚）。",
        ),
        "prompt.hands": (
            "The deck is empty: type every card left in each hand (hands {example}).",
            "山札が尽きました：全員の手札に残ったカードを入力します（hands {example}）。",
        ),
        "prompt.over": ("The game is over: {winner}", "ゲーム終了：{winner}"),
        # the heading: what this table set away from the defaults
        "variant.limits": ("flip limits {limits}", "めくれる上限：{limits}"),
        "variant.deck": ("the table's own deck", "独自の山札"),
        "variant.safe_collect": ("the Seeker collects, ignoring Traps", "シーカーはトラップを無視して獲得"),
        "variant.destroyer": ("the Destroyer ignores Traps", "デストロイヤーはトラップを無視"),
        # a round's score as its parts: names and numbers, the same in both languages
        "score": ("{who}: {points} = {plus}{minus}", "{who}: {points} = {plus}{minus}"),
        "score.minus": (" − [{cards}]", " − [{cards}]"),
        # a refusal that would tell the table a hidden card, replaced (``Louder.mask``)
        "masked": (
            "The placed card cannot be placed (■): it is not in this game's deck, or every copy is already "
            "out. Check it; the reason is not shown, as it would tell the table the card.",
            "伏せたカードは置けません（■）：このゲームの山札にないか、すべて場に出ています。"
            "カードを確かめてください（理由は表示しません。カードが分かってしまうため）。",
        ),
        # the board (``scoring.louder.board``)
        "board.turn": ("Deck {n} · {who} to play", "山札{n}枚 · {who}の番"),
        "board.deck_out": ("The deck is empty: type the hands", "山札切れ：手札を入力"),
        "board.over": ("The game is over", "ゲーム終了"),
        "board.name": ("name", "名前"),
        "board.hand": ("hand", "手札"),
        "board.collected": ("collected", "獲得カード"),
        "board.points": ("points", "得点"),
        "board.used": ("used", "攻略"),
        "board.empty": ("The field is empty.", "場は空です。"),
        "board.cut": ("(more beyond)", "（続きあり）"),
    },
)


fact = teller("louder")  # fact("told.drew", …) is the louder.told.drew fact


def card(code: str) -> Fact:
    """A card as the table is told it, by its code (``■`` for one it has not seen)."""
    return fact("card", code=code)


def listed(items: list[Any] | tuple[Any, ...], how: str = "and") -> Fact:
    """Cells, cards or players in a sentence (``and``), flip limits (``limits``), a heading's or a
    scores line's parts (``parts``)."""
    return fact(how, items=tuple(items))
