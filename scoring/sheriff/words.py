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
    },
)
