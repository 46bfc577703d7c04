"""Everything a Trickster table is told, in English and Japanese side by side: the catalogue that
turns the game's facts into words at the edge (``scoring.words.say``).

Cards, heroes and suits are named from the data files (``heroes.toml``, ``game.toml``), so a fact
keeps only a card's code or an index:

>>> from scoring.words import say
>>> say(card(0)), say(card(0), "ja")
('red Archivist', '赤の記録保管人')
>>> fact = said("to_play", player="Ben", pattern=said("follow", what=suit(0)))
>>> say(fact), say(fact, "ja")
('Ben to play: follow red.', 'Benの番：赤でフォロー。')
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from scoring.data import load_toml
from scoring.trickster.cards import Hero, code, heroes, name, name_ja, suits
from scoring.trickster.settings import SHORT, HouseRules
from scoring.words import Fact, teller, words

GAME = "trickster"


said = teller(GAME)  # said("played", player="Aki", …) is the trickster.played fact


# --- the names the data files give ---------------------------------------------------------------


@cache
def _cards_by_code() -> dict[str, int]:
    return {code(c): c for c in range(len(heroes()) * len(suits()))}


def card(c: int) -> Fact:
    """A card by name ("the red Guard" says it as ``the {card}``)."""
    return said("card", card=code(c))


def hero(index: int) -> Fact:
    """A hero by name (the Guard)."""
    return said("hero", hero=heroes()[index].code)


def suit(index: int) -> Fact:
    """A suit by name (red)."""
    return said("suit", suit=index)


def _card_name(v: Mapping[str, Any], ja: bool) -> str:
    c = _cards_by_code()[v["card"]]
    return name_ja(c) if ja else name(c)


def _short_ja(c: int) -> str:
    """A card in the fewest Japanese words: its suit, then its hero (黒野盗)."""
    return suits()[c & 7].name_ja + heroes()[c >> 3].name_ja


def _hero(hcode: str) -> Hero:
    return next(h for h in heroes() if h.code == hcode)


def _did(v: Mapping[str, Any], ja: bool) -> str:
    """What a hero's effect did, from the hero's own sentence in ``heroes.toml``."""
    h = _hero(v["hero"])
    return (h.did_ja if ja else h.did).format_map(v)


def _deck(v: Mapping[str, Any], ja: bool) -> str:
    deck = load_toml("trickster", "game.toml")["decks"][v["deck"]]
    return deck["name_ja" if ja else "name"]


def _chosen(v: Mapping[str, Any], ja: bool) -> str:
    """The heroes of a deck chosen hero by hero."""
    names = [_hero(h).name_ja if ja else _hero(h).name for h in v["heroes"]]
    return "英雄：" + "・".join(names) if ja else "heroes: " + ", ".join(names)


def _setup(v: Mapping[str, Any], ja: bool) -> str:
    """What a round's setup line holds: the trash, each tableau card, the Timeline."""
    r, k, tl, who = v["round"], v["trash"], v["timeline"], v["players"]
    if ja:
        tail = f"、タイムライン{tl}枚" if tl else ""
        return f"第{r}ラウンドの準備（round …）：捨て札{k}枚、{who}の場札{tail}。" + (
            "得点表だけなら（tableau …）。" if v["fresh"] else ""
        )
    tail = f", then the {tl} Timeline cards" if tl else ""
    text = f"Round {r}: type round, the {k} trash cards, then the tableau cards of {who}{tail}."
    return text + (" (Totals only: tableau …)" if v["fresh"] else "")


def _reveal(v: Mapping[str, Any], ja: bool) -> str:
    """The hands still held, to be typed after ``reveal``."""
    held = v["held"]
    if ja:
        cards = "、".join(f"{p} {n}枚" for p, n in held)
        return f"手札を公開（reveal …）：残りの手札を席順に（{cards}）。" if held else "手札を公開（reveal）。"
    if not held:
        return "Reveal the hands: type reveal."
    cards = ", ".join(f"{p} {n}" for p, n in held)
    return f"Reveal the hands: type reveal, then the cards left in hand in seat order ({cards})."


def _trouble(v: Mapping[str, Any], ja: bool) -> str:
    """A player's trouble points in a round, and the suits a sole majority exempts."""
    who, points, free = v["player"], v["points"], v["free"]
    if ja:
        note = f"（単独最多で免除：{'・'.join(suits()[s].name_ja for _, s in free)}）" if free else ""
        return f"{who}：{points}トラブルポイント{note}"
    note = " (sole majority, not counted: " + ", ".join(f"{n} {suits()[s].name}" for n, s in free) + ")"
    return f"{who}: {points} trouble{note if free else ''}"


def in_words(rules: HouseRules) -> list[Fact]:
    """The house rules set away from their defaults, each in a few table words (``SHORT``).

    >>> from scoring.words import say_all
    >>> say_all(in_words(HouseRules(trash_pick="top", distinct_enemies=True)))
    ['two different enemies', 'top trash card only']
    """
    return [said("house_rule", name=k, value=v) for k, v in rules.changed().items() if (k, v) in SHORT]


def _house_rule(v: Mapping[str, Any], ja: bool) -> str:
    return SHORT[(v["name"], v["value"])][1 if ja else 0]


#: a typed line's first word, as a Japanese log says it
_LINE_WORDS_JA = {"round": "ラウンドの準備：", "reveal": "手札の公開：", "tableau": "得点表："}


def _shown_ja(v: Mapping[str, Any]) -> str:
    """An entry's typed line as a Japanese log lists it: the move by its Japanese word and each
    card played or named by its suit and hero (黒野盗), a list of cards to set up or reveal a round
    by their codes, as typed.

    >>> from scoring.words import say
    >>> [say(said("shown", line=line), "ja") for line in ("KSCA BWIT GSCA", "bust Aki", "BSCI -", "round GPED BSOL")]
    ['黒ゴミ漁り：青目撃者 緑ゴミ漁り', 'Akiがドボン', '青子弟：対象なし', 'ラウンドの準備：GPED BSOL']
    """
    line = str(v["line"])
    first, _, rest = line.partition(" ")
    if first in _LINE_WORDS_JA:
        return _LINE_WORDS_JA[first] + rest
    if first == "bust" and rest:
        return f"{rest}がドボン"
    cards = _cards_by_code()
    if first not in cards:
        return line
    named = [_short_ja(cards[w]) if w in cards else "対象なし" if w == "-" else w for w in rest.split()]
    return _short_ja(cards[first]) + ("：" + " ".join(named) if named else "")


def _both(f: Any) -> tuple[Any, Any]:
    """An entry told by one function of the values and whether it is said in Japanese."""
    return (lambda v: f(v, False), lambda v: f(v, True))


words(
    GAME,
    {
        # names from the data files
        "card": _both(_card_name),
        "hero": (lambda v: _hero(v["hero"]).name, lambda v: _hero(v["hero"]).name_ja),
        "suit": (lambda v: suits()[v["suit"]].name, lambda v: suits()[v["suit"]].name_ja),
        "deck": _both(_deck),
        "heroes": _both(_chosen),
        "house_rule": _both(_house_rule),
        # what a played card's effect did
        "did": _both(_did),
        "then": "{did}: {more}",
        "unresolved": "its effect could not be resolved",
        "in_secret": "resolved in secret",
        "top_of_deck": "top card of the deck",
        "to_pot": ", which goes into the pot",
        "to_trash": ", which goes to the trash",
        # what the pot asks
        "follow": "follow {what}",
        "any_card": "any card",
        "no_match": "no match: a card sharing neither suit nor hero with any card in the pot",
        "no_match_pot": "no match: no suit or hero in the pot",
        # what the last entry did
        "played": "{player} played the {card}: {did}.",
        "round_timeline": (
            "Round {round} is set up: the Timeline leads the {card}; {trickster} holds the Trickster token."
        ),
        "round_led": "Round {round} is set up: {leader} leads.",
        "empty_busts": "{player} has no cards left and busts, taking the pot: {cards}.",
        "busts": ("{player} busts: no card in their hand follows ({pattern}). Takes the pot: {cards}."),
        "leader_busts": (
            "Everyone followed ({pattern}); the Leader's own effect put the second card in the pot, so "
            "(house rule special_case_buster=leader) {player}, the Leader, busts and takes the pot: {cards}."
        ),
        "trickster_busts": (
            "Everyone followed ({pattern}), so {player}, the Trickster, busts and takes the pot: {cards}."
        ),
        "hand_empty": "Round {round} is over: {players}'s hand is empty.",
        "timeline_used": "Round {round} is over: the Timeline is used up.",
        "trouble_points": "Round {round} trouble points: {points}.",
        "totals": "Totals: {totals}.",
        # players each with a number: "Aki 3, Ben 0" / "Aki 3・Ben 0"
        "each": (lambda v: ", ".join(v["items"]), lambda v: "・".join(v["items"])),
        "over": "The game is over.",
        "shared_win": "The game is over: {players} share the win with {total} trouble points.",
        "won": "The game is over: {player} wins with {total} trouble points.",
        # what comes next
        "setup": _both(_setup),
        "reveal": _both(_reveal),
        "leads": "{player} leads trick {trick}.",
        "the_timeline": "the Timeline",
        "to_play_any": "{player} to play: any card ({led} led the {card}).",
        "no_cards": "{player} to play: no cards left, so bust.",
        "to_play_or_bust": "{player} to play: {pattern} (or bust).",
        "to_play": "{player} to play: {pattern}.",
        "scoresheet": "Round {round}: type each tableau by suit (tableau Aki=R3,B1 …).",
        # the heading
        "parts": (lambda v: ", ".join(v["items"]), lambda v: "、".join(v["items"])),
        "timeline": "Timeline",
        "starts": "{player} starts",
        # what may be typed next (pick-list labels)
        "scoresheet_move": "scoresheet: each tableau by suit",
        # cards listed in a sentence (the pot a player takes): by code; in Japanese by suit and hero
        "cards": (
            lambda v: " ".join(v["cards"]),
            lambda v: "、".join(_short_ja(_cards_by_code()[c]) for c in v["cards"]),
        ),
        # an entry as the log lists it: its typed line; in Japanese its move and cards in words
        "shown": (lambda v: v["line"], _shown_ja),
        "set_up": "set up round {round}",
        "reveal_move": "reveal the cards left in hand",
        "bust_move": "bust: take the pot",
        "card_where": "{card} — {where}",
        "slot": "{what}: {card}",
        "trash_slot": "trash {i}/{of}",
        "tableau_slot": "{player}'s tableau",
        "timeline_slot": "Timeline {i}/{of}",
        "hand_slot": "{player}'s hand {i}/{of}",
        "enemy": "{player} — hand {hand}, tableau {tableau}",
        # where the table knows a card to be
        "in_trash": "in the trash",
        "in_pot": "in the pot",
        "on_timeline": "on the Timeline",
        "in_tableau": "in {player}'s tableau",
        "in_hand": "in {player}'s hand",
        "deck_top": "on top of the deck",
        "in_deck": "in the deck",
        "hand_or_deck": "in a hand or the deck",
        # each round's score as its parts
        "round": "Round {round}",
        "indented": "  {line}",
        "trouble": _both(_trouble),
        # the board (``scoring.trickster.board``): a card by its code, in Japanese its suit and hero (黒野盗)
        "board.card": (lambda v: v["card"], lambda v: _short_ja(_cards_by_code()[v["card"]])),
        "board.suit": (lambda v: suits()[v["suit"]].letter, lambda v: suits()[v["suit"]].name_ja),
        "board.name": "name",
        "board.trouble": "trouble",
        "board.total": "total",
        "board.hand": "hand",
        "board.not_set_up": "Round 1 is not set up yet (F1: how to type it).",
        "board.turn": "Round {round}, trick {trick}: {leader} leads, {trickster} is the Trickster; {player} to play.",
        "board.pot": "Pot:",
        "board.asks": "  ({pattern})",
        "board.reveal": "Round {round} is over: reveal the cards left in hand (reveal …).",
        "board.set_up": "Set up round {round}: round …",
        "board.timeline": "Timeline ({n}):",
        "board.trash": "Trash:",
        "board.deck": "   Deck: {n}",
    },
)


__all__ = ["card", "hero", "in_words", "said", "suit"]
