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
        "kinds": "{kind} {numbers}",
        # cells, cards or players listed in a sentence (with ・ in Japanese)
        "and": lambda v, lang: joined(v["items"], lang, "louder.and"),
        "and.joint": ", ",
        "and.last": "{rest} and {last}",
        # a flip limit set away from the default, and several of them
        "limit": "{card} {n}",
        "limits": (lambda v: ", ".join(v["items"]), lambda v: "・".join(v["items"])),
        # a heading's parts, and a scores line's
        "parts": (lambda v: ", ".join(v["items"]), lambda v: "、".join(v["items"])),
        # the labels of what may be typed next
        "label.draw": "{n} left in the deck",
        "label.place": "face down, typed hidden",
        "label.use": "a strategy card",
        "label.at": "where it goes",
        "label.says": "what they announce it as",
        "label.hands": "every hand left when the deck ran out",
        "label.cell": "empty",
        "label.seen": "{card}, seen",
        "label.said": "said to be {card}",
        "label.unsaid": "not announced",
        "label.hand": "{player}'s hand ({n} card(s))",
        "label.left": "{card} ({n} not seen yet)",
        "label.row": "{x},{y}",
        # an entry as the log lists it (a placement never by its card)
        # a placement by its cell and what was announced: as typed in English, by its name in Japanese
        "shown.placed": (
            lambda v: f"placed a card at {v['x']},{v['y']}, saying {v['says']}",
            lambda v: f"{v['x']},{v['y']}にカードを置き、「{v['said']}」と宣言",
        ),
        # any other turn as the log lists it: its typed line; in Japanese the move in Japanese
        "shown.line": (lambda v: v["line"], _line_ja),
        "shown.revealed": "hands revealed",
        # what a turn did
        "told.drew": "{who} draws a card: {n} left in the deck.",
        "told.drew_last": "{who} draws the last card of the deck: the game ends, and {who} does nothing more.",
        "told.placed": "{who} places a card face down at {x},{y}, announcing {says}.",
        "told.placed_silent": "{who} places a card face down at {x},{y} without announcing it.",
        "told.used": "{who} uses the {card} without flipping.",
        "told.peek": "{who} uses the {card} and looks at {cells}: only {who} sees, and the cards stay face down.",
        # a card turned face up, and what its player had announced when it was not that
        "told.flip": "{cell} {card}",
        "told.flip_said": "{cell} {card} (said {said})",
        # one card flipped is "it", several "them" (Japanese says neither)
        "told.collected_one": "{who} uses the {card}: flips {cards} and collects it: {gain:+d}, {total} in all.",
        "told.collected": "{who} uses the {card}: flips {cards} and collects them: {gain:+d}, {total} in all.",
        "told.trapped_one": "{who} uses the {card}: flips {cards}. The Trap ends the turn: it goes back face down.",
        "told.trapped": "{who} uses the {card}: flips {cards}. The Trap ends the turn: they go back face down.",
        # the end
        "told.shown": "The hands are shown.",
        "told.hands": "{who} keeps {cards}: {minus}.",
        "told.hands_none": "{who} keeps no placement card: 0.",
        "told.final": "Final scores: {scores}.",
        "told.wins": "{who} wins with {total}.",
        "told.share": "{who} tie at {total} and share the win.",
        # what comes next
        "prompt.turn": "{who} to play: draw ({n} left), place a card face down, or use a strategy card.",
        "prompt.first": (
            "{who} to play: place the first card anywhere (at 0,0), draw ({n} left), or use a strategy card."
        ),
        "prompt.empty_hand": "{who} to play: {who}'s hand is empty, so draw ({n} left).",
        "prompt.hands": "The deck is empty: type every card left in each hand (hands {example}).",
        "prompt.over": "The game is over: {winner}",
        # the heading: what this table set away from the defaults
        "variant.limits": "flip limits {limits}",
        "variant.deck": "the table's own deck",
        "variant.safe_collect": "the Seeker collects, ignoring Traps",
        "variant.destroyer": "the Destroyer ignores Traps",
        # a round's score as its parts: names and numbers, the same in both languages
        "score": "{who}: {points} = {plus}{minus}",
        "score.minus": " − [{cards}]",
        # a refusal that would tell the table a hidden card, replaced (``Louder.mask``)
        "masked": "The placed card cannot be placed (■): it is not in this game's deck, or every copy is already "
        "out. Check it; the reason is not shown, as it would tell the table the card.",
        # the board (``scoring.louder.board``)
        "board.turn": "Deck {n} · {who} to play",
        "board.deck_out": "The deck is empty: type the hands",
        "board.over": "The game is over",
        "board.name": "name",
        "board.hand": "hand",
        "board.collected": "collected",
        "board.points": "points",
        "board.used": "used",
        "board.empty": "The field is empty.",
        "board.cut": "(more beyond)",
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
