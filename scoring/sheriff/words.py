"""Sheriff's words: every sentence the table is told, in English (the Japanese is the game's
gettext catalogue, ``locale/ja/LC_MESSAGES/sheriff.po``).

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
from scoring.words import Fact, in_language, say, words


@cache
def _data() -> dict:
    return load_toml("sheriff", "game.toml")  # read here, not from ``cards``: ``cards`` imports these words


def _suits() -> list[dict]:
    return _data()["suits"]


def _suit(v: Mapping[str, Any], lang: str) -> str:
    """A suit by its name in the data (None: no trump)."""
    if v["suit"] is None:
        return say(Fact("sheriff.no_trump"), lang)
    return in_language(_suits()[v["suit"]], "name", lang)


def _card(v: Mapping[str, Any], lang: str) -> str:
    """A card by name: its rank and its suit's name from the data, or the Joker."""
    if v["code"] == "JO":
        return say(Fact("sheriff.joker"), lang)
    rank, letter = v["code"][:-1], v["code"][-1]
    suit = next(i for i, s in enumerate(_suits()) if s["letter"] == letter)
    return say(Fact("sheriff.rank_of_suit", rank=rank, suit=Fact("sheriff.suit", suit=suit)), lang)


def _role(v: Mapping[str, Any], lang: str) -> str:
    row = next((r for r in _data()["roles"] if r["id"] == v["role"]), None)
    return v["role"] if row is None else in_language(row, "name", lang)


CARD_CODE = re.compile(r"(?:10|[2-9AKQJ])[shdc]|JO")
#: the words of a ``deal`` or ``sheet`` line that the catalogue says (``line.<word>``)
LINE_WORDS = ("deal", "sheet", "joker", "trump", "none")


def _shown(v: Mapping[str, Any], lang: str) -> str:
    """A typed line as the log lists it, word by word: a card, a role and a suit as the catalogue
    shows what was typed (``sheriff.typed``: in English as typed, in Japanese by name), a deal's or
    a sheet's words as the catalogue says them (the ranks stay as the cards print them).

    >>> from scoring.words import Fact, say
    >>> [say(Fact("sheriff.shown", line=line), "ja") for line in ("Kh", "JO", "deal joker=Ben Aki=mayor trump=none")]
    ['ハートのK', 'ジョーカー', 'ディール ジョーカー=Ben Aki=市長 切り札=なし']
    >>> say(Fact("sheriff.shown", line="deal joker=Ben Aki=mayor trump=none"))
    'deal joker=Ben Aki=mayor trump=none'
    """
    line = str(v["line"])
    if CARD_CODE.fullmatch(line):
        return say(typed(line, Fact("sheriff.card", code=line)), lang)
    said: dict[str, Any] = {w: Fact(f"sheriff.line.{w}") for w in LINE_WORDS}
    said |= {r["id"]: typed(r["id"], Fact("sheriff.role", role=r["id"])) for r in _data()["roles"]}
    said |= {s["id"]: typed(s["id"], Fact("sheriff.suit", suit=i)) for i, s in enumerate(_suits())}
    return "".join(say(said.get(w, w), lang) for w in re.split(r"([\s=,:*])", line))


def typed(code: str, named: Fact) -> Fact:
    """What was typed (a card's code, a role, a suit) with what it names, as a line shows it."""
    return Fact("sheriff.typed", typed=code, named=named)


words(
    "sheriff",
    {
        # who played which card in a trick: "Aki Kh" / "Aki ハートのK"
        "who_played": "{player} {card}",
        # what was typed (a card's code, a role, a suit), as a line shows it: as typed, or its name
        "typed": "{typed}",
        # an entry as the log lists it: its typed line, word by word
        "shown": _shown,
        "line.deal": "deal",
        "line.sheet": "sheet",
        "line.joker": "joker",
        "line.trump": "trump",
        "line.none": "none",
        # names from the data files: a card (its rank and suit), a suit, a role
        "card": _card,
        "rank_of_suit": "{rank} of {suit}",
        "joker": "Joker",
        "suit": _suit,
        "no_trump": "no trump",
        "role": _role,
        # things listed one after another: "Aki Kh, Ben Ah" / "Aki Kh、Ben Ah"
        "each": "{items:, }",
        # why a whole trick is won
        "over_led": "a trump ({trump}) over the led {lead}",
        "highest_trump": "the highest trump ({trump})",
        "led_trump": "the highest of the led trump ({trump})",
        "led_suit": "the highest of the led suit ({lead})",
        "led_suit_no_trump": "the highest of the led suit ({lead}); no trump was played",
        "won_with": "the {card}, {reason}",
        "joker_set_suit": " The Joker was led, so the {card} set the suit.",
        "joker_loses": " {player}'s Joker always loses.",
        "took": "{played}: {player} takes trick {number} with {reason}.{note}",
        # a card that does not end its trick
        "leads_joker": "{player} leads the Joker: the next card sets the suit.",
        "leads": "{player} leads the {card}.",
        "sets_suit": "{player} plays the {card}: {suit} to follow; {player} is winning.",
        "plays": "{player} plays the {card}: {winner} is winning.",
        "plays_joker": "{player} plays the {card} (it always loses): {winner} is winning.",
        # a deal's points, the top of the table
        "deal_scores": "Deal {number} scores {points}. Totals: {totals}.",
        "won": "The game is over: {player} wins with {points}.",
        "tied": "{players} tie at {points}: the game goes on.",
        # a deal's start
        "holds_role": "{player} the {role}",
        "trump_is": "trump: {suit}",
        "deal_started": "Deal {number}: {held}; {trump}; {joker} holds the Joker.",
        # what comes next
        "leads_trick": "{player} leads trick {number}",
        "to_play_after_joker": "{player} to play — the Joker was led: this card sets the suit",
        "to_play": "{player} to play — {suit} led",
        "next_deal": "Deal {number}: the Joker's holder, roles and trump (deal …), or its scores (sheet …)",
        # the heading
        "target": "target {target}",
        # what may be typed next
        "deal_by_card": "a deal card by card",
        "deal_sheet": "a deal's scoresheet",
        "holds_joker": "{player} holds the Joker",
        "role_of": "{player}: the {role}",
        # a deal's score worked out (Scored.details and the board)
        "deal": "Deal {number}",
        "indented": "  {line}",
        "sheriff_scored": "{player} (Sheriff): {kings} King(s) = {kings}",
        "robber_scored": "{player} (Robber): {tens} ten(s) = {tens}",
        "mayor_scored": (
            "{player} (Mayor): {queens} Queen(s) + {jacks} Jack(s) − {missed} King(s) not taken by the Sheriff "
            "− {tens} ten(s) taken by the Robber = {raw}{floor}"
        ),
        # the arbiter's ruling, card by card
        "no_suit": "none",
        "ruling_suits": "Trump: {trump}; led suit: {lead}.",
        "ruling_card": "{player}: {card} — {why}.",
        "why_joker": "the Joker always loses",
        "why_trump": "a trump",
        "why_led": "the led suit",
        "why_neither": "neither trump nor the led suit: cannot win",
        "wins_trick": "{player} wins the trick.",
        # the board (``scoring.sheriff.board``)
        "board.over": "The game is over.",
        "board.deal": "Deal {deal}: trump {trump}; {player} announced the Joker.",
        "board.name": "name",
        "board.role": "role",
        "board.total": "total",
        "board.trick": "Trick {trick}: {cards} — {verdict}",
        "board.winning": "{player} is winning",
        # the house rules (``scoring.houserules``): what each does, and its name on the new-game form
        "rule.target": "The total that ends the game (default 8), agreed before play.",
        "rule.target.title": "target",
        # refusals: a card or a suit typed
        "refused.not_a_suit": "{text!r} is not a suit (spades, hearts, diamonds, clubs).",
        "refused.not_a_card": "{text!r} is not a Sheriff card (As, Kh, Qd, Jc, 10s, JO).",
        # a typed line
        "refused.not_a_role": "{text!r} in {line!r} is not a role: mayor, sheriff or robber (m, s, r).",
        "refused.not_a_trump": (
            "{text!r} in {line!r} is not a trump: spades, hearts, diamonds, clubs or none (s, h, d, c, n)."
        ),
        "refused.one_card": "Type one card (Kh, 10s, JO), or deal joker=… NAME=role … trump=….",
        "refused.not_your_turn": "It is {turn}'s turn to play, not {player}'s.",
        "refused.ranks": (
            "{text!r} in {line!r}: list the captured ranks as A, K, Q, J, 10 or JO, with *N for several (Q*3)."
        ),
        # the rules, card by card
        "refused.three_players": "Sheriff is a game for exactly 3 players.",
        "refused.deal_unfinished": "A new deal starts only after the last one ({phase} now).",
        "refused.roles_once": "Each role is held by exactly one player, not {roles:, }.",
        "refused.joker_holder": "The Joker holder is one of the three players.",
        "refused.trump": "Trump is one of the four suits, or no trump.",
        "refused.dealt": "The deal gives 7 of the 21 cards to each player, the Joker to its holder.",
        "refused.no_trick": "No trick is being played ({phase}).",
        "refused.turn": "It is {player}'s turn, not {other}'s.",
        "refused.no_such_card": "{value!r} is not a card.",
        "refused.played_already": "The {card} was already played this deal.",
        "refused.joker_announced": "{holder} announced the Joker; {player} cannot play it.",
        "refused.not_held": "{player} does not hold the {card}.",
        "refused.void": "{player} did not follow {suit} earlier this deal, so had none, yet now plays the {card}.",
        "refused.must_follow": "{player} holds {suit} and must follow.",
        # a record
        "refused.roles_given": "Each of mayor, sheriff and robber is held by exactly one player (given: {given:, }).",
        "refused.none_given": "none",
        "refused.not_a_rank": "{key!r} is not a rank ({ranks:, }).",
        "refused.too_many": "{total} × {rank} were captured; the deck holds {limit}.",
        "refused.not_threes": "{player} captured {count} cards, but every trick holds 3.",
        "refused.no_such_deal": (
            "No deal ends like this: the sheet gives {cards:, } cards. Every trick gives its winner 3 cards, so "
            "they won at least {won:, } tricks: {least}, but a deal has {tricks}."
        ),
        "refused.previous_unfinished": "the previous deal is unfinished.",
        "refused.seven_tricks": "a deal has exactly 7 tricks, not {count}.",
        "refused.three_cards": "a trick is one card from each of the 3 players.",
        "refused.deal_over": "the deal is over: 7 tricks were played.",
        "refused.no_deal": (
            "a deal starts with the Joker's holder, the roles and trump: "
            "deal joker=Ben Aki=mayor Ben=sheriff Chie=robber trump=spades."
        ),
        "refused.stopped": "the deal stopped after {count} tricks; a deal has 7.",
        "refused.ended": "the game already ended after deal {deal}: {player} leads alone with {points}.",
        # the arbiter
        "refused.trick_too_long": "A Sheriff trick has {most} cards, one per player, not {given}.",
        "refused.given_again": "The {card} ({code}) is given {times}: the 21-card deck holds each card once.",
        "refused.no_card": "A trick needs at least one card.",
        "refused.only_joker": (
            "Give the trick's other cards too: the Joker always loses, and the next card sets the suit to follow."
        ),
    },
)
