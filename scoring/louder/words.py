"""What the LOUDER TRICKSTAR table is told and refused, in English: the catalogue ``louder`` of
``scoring.words`` (its Japanese is ``locale/ja/LC_MESSAGES/louder.po``). The engine and the telling
say facts (``fact("told.drew", who="Aki", n=40)`` is the key ``louder.told.drew``); a screen says
them in its viewer's language.

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
from scoring.words import Fact, in_language, joined, say, teller, words

HIDDEN = "■"  # a placed card the table has not seen (``scoring.louder.engine.HIDDEN``)


fact = teller("louder")  # fact("told.drew", …) is the louder.told.drew fact


@cache
def _rows() -> dict[str, Mapping[str, Any]]:
    """Every kind of card the data names, by its id (its ``name``, ``name_ja``)."""
    cards = load_toml("louder", "cards.toml")
    return {e["id"]: e for e in (*cards["kind"], *cards["strategy_card"])}


def _name(kind: str, lang: str) -> str:
    """A kind of card by its name in ``lang`` (``Score``, ``スコア``), its id if the data has none."""
    return in_language(_rows()[kind], "name", lang) if kind in _rows() else kind


def _card(v: Mapping[str, Any], lang: str) -> str:
    """How the table says a card from its code: ``Trap 0``, ``スコア3``, ``Trickster``; a card the
    data does not name keeps its code, one the table has not seen is a face-down card."""
    code = str(v["code"])
    if code == HIDDEN:
        return say(fact("card.hidden"), lang)
    kind, colon, number = code.partition(":")
    if kind not in _rows():
        return code
    if not colon:
        return _name(kind, lang)
    return say(fact("card.numbered", name=_name(kind, lang), number=number), lang)


def _labelled(v: Mapping[str, Any], lang: str) -> str:
    """A card for a refusal: its name with the code a record types for it (``Trap 0 (trap:0)``,
    ``トラップ0（trap:0）``), its name alone where that is its code (``Trickster``, ``scout``).

    >>> say(fact("labelled", code="trap:0")), say(fact("labelled", code="trickster"), "ja")
    ('Trap 0 (trap:0)', 'トリックスター（trickster）')
    >>> say(fact("labelled", code="trickster")), say(fact("labelled", code="scout"), "ja")
    ('Trickster', 'scout')
    """
    code = str(v["code"])
    name = say(card(code), lang)
    return name if name.lower() == code else say(fact("labelled.coded", name=name, code=code), lang)


def _line(v: Mapping[str, Any], lang: str) -> str:
    """A turn's typed line as the log lists it: each command word said through the catalogue (in
    English the line as typed; in Japanese the move in Japanese, a strategy card by its name, the
    cells as typed); a line of no such command as it is.

    >>> say(fact("shown.line", line="use seeker at 0,-1 -1,-1"), "ja"), say(fact("shown.line", line="draw"), "ja")
    ('シーカーを使用：0,-1 -1,-1', '1枚引く')
    >>> say(fact("shown.line", line="use seeker at 0,-1 -1,-1")), say(fact("shown.line", line="use zzz"), "ja")
    ('use seeker at 0,-1 -1,-1', 'zzzを使用')
    """
    line = str(v["line"])
    first, _, rest = line.partition(" ")
    if first == "draw" and not rest:
        return say(fact("line.draw"), lang)
    if first == "use" and rest:
        code, _, cells = rest.partition(" ")
        cells = cells[3:] if cells.lower().startswith("at ") else cells  # an older record's line has no at
        used = fact("typed", code=code, name=fact("kind", kind=code))
        return say(fact("line.use", card=used, cells=cells) if cells else fact("line.use_alone", card=used), lang)
    return line


def _by_number(key: str, choices: Mapping[int, str], other: str) -> Callable[[Mapping[str, Any], str], str]:
    """An entry said by one of its forms as the number ``n`` chooses (``choices``, else ``other``)."""
    return lambda v, lang: say(fact(f"{key}.{choices.get(int(v['n']), other)}", n=v["n"]), lang)


def _nth(v: Mapping[str, Any], lang: str) -> str:
    """The ``n``-th card (``3rd``, ``3枚目``): the form the number's last digits choose."""
    n = int(v["n"])
    form = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return say(fact(f"refused.nth.{form}", n=n), lang)


words(
    "louder",
    {
        # cards: by the data's name (a kind with its number), a card the table has not seen face down
        "card": _card,
        "card.numbered": "{name} {number}",
        "card.hidden": "a face-down card",
        # a kind of card by its name alone (``Score``), its id if the data has none
        "kind": lambda v, lang: _name(str(v["kind"]), lang),
        # a kind with several numbers offered at once: "Score 1/3/5" / "スコア1/3/5"
        "kinds": "{kind} {numbers}",
        # cells, cards or players listed in a sentence (with ・ in Japanese)
        "and": lambda v, lang: joined(v["items"], lang, "louder.and"),
        "and.joint": ", ",
        "and.last": "{rest} and {last}",
        # a flip limit set away from the default, and several of them
        "limit": "{card} {n}",
        "limits": "{items:, }",
        # a heading's parts, and a scores line's
        "parts": "{items:, }",
        # the labels of what may be typed next
        "label.draw": "{n} left in the deck",
        "label.at": "where it goes",
        "label.says": "what they announce it as",
        "label.hands": "every hand left when the deck ran out",
        "label.cell": "empty",
        "label.at_cell": "an empty cell",
        "label.says_same": "announced as the card it is",
        "label.seen": "{card}, seen",
        "label.said": "said to be {card}",
        "label.unsaid": "not announced",
        "label.hand": "{player}'s hand ({n} card(s))",
        "label.nth": "{player} {n}/{held}: {card}",
        "label.left": "{card} ({n} not seen yet)",
        "label.row": "{x},{y}",
        # an entry as the log lists it (a placement never by its card)
        # a placement by its cell and what was announced (a ``typed`` card)
        "shown.placed": "placed a card at {x},{y}, saying {says}",
        # any other turn as the log lists it: its typed line, each command word said as below
        "shown.line": _line,
        "line.draw": "draw",
        "line.use": "use {card} at {cells}",
        "line.use_alone": "use {card}",
        # a card as a line types it: the English keeps what was typed (``code``, score:5), another
        # language may say its ``name`` (スコア5)
        "typed": "{code}",
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
        "prompt.hands.phone": "The deck is empty: every card left in each hand next (hands {example}).",
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
        # the new-game form: each option's explanation and title (in English the form names an
        # option by its key, which a record and the form's advanced line take)
        "option.first": "Who takes the first turn (default: the first player in seat order).",
        "option.first.title": "first",
        "option.flip_limits": "How many field cards each flipping card may turn, from the table's own cards "
        "(default: unverified placeholders).",
        "option.flip_limits.title": "flip_limits",
        "option.deck": "How many of each card the table's deck holds, by code: 39 placement and 33 strategy "
        "cards (default: unverified placeholders).",
        "option.deck.title": "deck",
        # the house rules (``scoring.louder.engine.HouseRules``): each one's explanation, title and choices
        "rule.seeker_mode": "The Seeker only looks: a Trap does not stop it and nothing is collected (default); "
        "or it collects what it flips, ignoring Traps.",
        "rule.seeker_mode.title": "seeker_mode",
        "rule.seeker_mode.peek": "peek",
        "rule.seeker_mode.safe_collect": "safe collect",
        "rule.destroyer_ignores_trap": "Whether the Destroyer ignores Traps (default off: like the Trickster).",
        "rule.destroyer_ignores_trap.title": "destroyer_ignores_trap",
        "rule.kept_card": "What a placement card left in hand costs at the end: its number plus one (default; an "
        "enemy:-2 kept costs -1, so it adds a point), or never less than nothing (the seed calls the total a minus "
        "score).",
        "rule.kept_card.title": "kept_card",
        "rule.kept_card.number_plus_one": "its number plus one",
        "rule.kept_card.never_a_gain": "never a gain",
    },
)

# What the table is refused and why (``fact("refused.…")`` in a RuleViolation): what was typed is
# said as typed (``{text!r}``), a card by its name (``labelled``: with its code).
words(
    "louder",
    {
        # a card named in a refusal, with its code: "Trap 0 (trap:0)", "Trickster"
        "labelled": _labelled,
        "labelled.coded": "{name} ({code})",
        # the line typed (``scoring.louder.notation``)
        "refused.line": "Type draw, place CARD at X,Y says CARD, use CARD X,Y …, or hands …",
        "refused.cell": "{text!r} is not a cell; write column,row like 0,1.",
        "refused.draw_alone": "Type draw alone: the player whose turn it is draws one card.",
        "refused.place_unsaid": "Say what the card is announced as: says score:5, or says same for the card itself "
        "(the rules: a placement is announced).",
        "refused.place_form": "Type a placement as place CARD at X,Y says CARD (place score:3 at 0,1 says score:5).",
        "refused.place_hidden": "Type the true card in place of {hidden}: the screen hides it while it is typed "
        "(place trap:0 at 1,0 says score:5).",
        "refused.use_form": "Type use, the strategy card, and the cells it flips (use trickster at 0,1 0,0).",
        # a typed name that starts several players' names, or none
        "refused.name_several": "{typed!r} could be {names: or }: type more of the name.",
        "refused.name_unknown": "{typed!r} is not a player of this game ({players:, }).",
        # a record's turns (``scoring.louder.record``)
        "refused.cell_form": "a cell is [column, row].",
        "refused.one_action": "a turn is exactly one action, not {actions: and }.",
        "refused.draw_form": 'a draw is written "draw": true, not {value!r}.',
        "refused.says_text": "what a player says is text (score:5), not {says!r}.",
        "refused.turn_form": 'a turn is {{"draw": true}}, {{"place": CARD, "at": [x, y], "says": ...}} or '
        '{{"use": CARD, "flip": [[x, y], ...]}}.',
        "refused.hands_early": "hands are revealed when the last card of the deck is drawn; {n} card(s) are left.",
        "refused.hands_last": "the hands are revealed once, at the very end.",
        # cards and decks (``scoring.louder.engine``)
        "refused.not_placement": "{text!r} is not a placement card (trap:N, score:N, enemy:N).",
        "refused.not_a_card": "{text!r} is not a card.",
        "refused.deck_count": "The deck's count of {code} must be a whole number from 0, not {count!r}.",
        "refused.deck_twice": "The deck lists {code} twice.",
        "refused.deck_size": "A deck holds {want_placement} placement and {want_strategy} strategy cards, "
        "not {placement} and {strategy}.",
        # a card one more than the deck holds: the n-th (an ordinal, by the number's last digits)
        "refused.none_in_deck": "There is no {card} in the deck this game was set up with: it holds none.{note}",
        "refused.one_more.one": "A {nth} {card}: the deck this game was set up with holds {holds}, "
        "and it is already on the table.{note}",
        "refused.one_more": "A {nth} {card}: the deck this game was set up with holds {holds}, "
        "and all {holds} are already on the table.{note}",
        "refused.nth": _nth,
        "refused.nth.st": "{n}st",
        "refused.nth.nd": "{n}nd",
        "refused.nth.rd": "{n}rd",
        "refused.nth.th": "{n}th",
        # after a refusal that counts against the data's deck
        "refused.default_deck": " (That is the default deck, unverified house-rule data: a table whose cards "
        "differ gives its own `deck` when it sets up.)",
        # the setup and a turn
        "refused.players": "LOUDER TRICKSTAR is for 3 or 4 players, not {n}.",
        "refused.over": "The game is over: the last card of the deck was drawn.",
        "refused.turn": "It is {turn}'s turn, not {player}'s.",
        "refused.deck_empty": "The deck is empty.",
        "refused.no_hand": "{player} has no cards in hand.",
        "refused.said_not_a_card": "A placement is announced as a placement card of the deck ({codes:, }), not {said}.",
        "refused.only_placement": "Only placement cards (trap, score, enemy) go on the field, not the {kind}.",
        "refused.taken": "There is already a card at {cell}.",
        "refused.not_next": "{cell} is not next to a card on the field (up, down, left or right; not diagonal).",
        "refused.not_strategy": "A {kind} card is placed on the field, not used: only strategy cards are used.",
        "refused.no_flip": "Only the Trickster, the Destroyer and the Seeker flip field cards, not the {kind}.",
        "refused.unseen": "The card at {cell} was left out of this record while the game ran (■): Companion "
        "cannot tell what it is, so it cannot follow a flip through it. Type its card into that placement "
        "(edit it) first.",
        # flips: the card as typed (``kind``) and by its name (``card``)
        "refused.flip_limit": "The {kind} flips at most {limit} card(s), not {n}.",
        "refused.trap": "Flipping a Trap ends the turn at once: no card is flipped after it.",
        "refused.flipped_twice": "A card is flipped once.",
        "refused.gap": "There is no card at {cell}: a gap stops the run.",
        "refused.not_along": "Flips go one card after another along a row or a column.",
        "refused.not_straight": "Flips go in one straight line, without turning.",
        "refused.not_end": "{cell} is not the end of a line: flips start at an end and go inward.",
        # the hands at the end
        "refused.reveal_early": "Hands are revealed when the game ends (the last card drawn).",
        "refused.reveal_all": "Reveal every player's hand.",
        "refused.reveal_unseen": "Type every card in {player}'s hand as it is shown (■ stands for a card nobody "
        "has seen).",
        "refused.reveal_count": "{player} holds {holds} card(s), not {n}.",
        "refused.reveal_total": "Every card is accounted for at the end: {placement} placement and {strategy} "
        "strategy cards, but the game has {want_placement} and {want_strategy}.",
        # a card shown more often than the deck holds: how often (``times``), who holds it, how many the
        # deck holds (``holds``), what nobody shows (``short``)
        "refused.reveal_over": "Every card is accounted for at the end, and the field, the rows and the hands "
        "show {card} {times} (in hand: {hands:, }), but the deck this game was set up with holds {holds}."
        "{short}{note}",
        "refused.times": _by_number("refused.times", {1: "one", 2: "two"}, "many"),
        "refused.times.one": "once",
        "refused.times.two": "twice",
        "refused.times.many": "{n} times",
        "refused.holds": _by_number("refused.holds", {0: "none"}, "some"),
        "refused.holds.none": "none",
        "refused.holds.some": "{n}",
        "refused.short": " Not accounted for: {cards:, }.",
        # the arbiter
        "refused.arbitrate": "LOUDER TRICKSTAR has no tricks to arbitrate; see companion rules louder flip.",
    },
)


def card(code: str) -> Fact:
    """A card as the table is told it, by its code (``■`` for one it has not seen)."""
    return fact("card", code=code)


def listed(items: list[Any] | tuple[Any, ...], how: str = "and") -> Fact:
    """Cells, cards or players in a sentence (``and``), flip limits (``limits``), a heading's or a
    scores line's parts (``parts``)."""
    return fact(how, items=tuple(items))
