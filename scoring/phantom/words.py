"""Tricks and the Phantom's words: every sentence the table is told, English and Japanese side by
side.

The scoring (``culprit``, ``incident``, ``record``) and the telling (``told``) say *what* happened
as facts with these keys; ``scoring.words.say`` words them for each viewer. Card names come from
``data/phantom/cards.toml`` (``name`` / ``name_ja``).

>>> from scoring.words import Fact, say
>>> fact = Fact("phantom.highest", card=Fact("phantom.card", value=10))
>>> say(fact), say(fact, "ja")
('The Politician (10) is the highest card in play: the culprit.', '政治家（10）が最も大きいカードなので犯人です。')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from scoring.data import load_toml
from scoring.words import words

PHANTOM = 1

#: each variant in table words, for the heading (English, Japanese)
VARIANTS = {
    "base": ("Base game", "基本ルール"),
    "poker": ("Poker", "ポーカー"),
    "fourth_person": ("The 4th Person", "4人目の人物"),
    "west_coast": ("West Coast", "西海岸"),
    "oshaberi": ("Oshaberi Sanniba", "おしゃべりサニ"),
}
#: a house rule set away from its default, in table words (English, Japanese)
RULES = {
    ("edition", "oink"): ("Oink deck", "オインク版"),
    ("correct_guess_points", "one"): ("1 point a find", "当てたら1点"),
    ("reversals", "swapped"): ("2 and 3 swapped", "2と3の逆転を交換"),
    ("escapes", "swapped"): ("escapes swapped", "逃がし役を交換"),
    ("courier_counts_phantom", False): ("the Courier ignores the Phantom", "運び屋は怪人を数えない"),
    ("detective_doubles_phantom", True): ("the Detective doubles the Phantom", "刑事は怪人の点も2倍"),
    ("phantom_penalty", 2): ("variation a", "バリエーションa"),
    ("phantom_accusations", True): ("variation b", "バリエーションb"),
    ("wrong_accusation_pays", "bank"): ("wrong calls pay nobody", "外れた宣言は誰にも払わない"),
    ("floor_zero", True): ("no total below 0", "0点未満なし"),
    ("five_player_second_half", "only_if_someone_guessed"): ("a 2nd half after a find", "当てたら後半戦"),
    ("self_pointing", True): ("pointing at oneself", "自分を指差せる"),
}
COLOURS = {"red": ("red", "赤"), "blue": ("blue", "青"), "yellow": ("yellow", "黄")}


def rule_key(name: str, value: Any) -> str | None:
    """The key of a house rule's words when it is set to ``value`` (None: no words for it)."""
    for (n, v), _ in RULES.items():
        if n == name and v == value and type(v) is type(value):
            return f"phantom.rule_{n}_{v}".lower()
    return None


@cache
def _cards() -> dict[int, dict]:
    # read here, not from ``culprit``: ``culprit`` imports these words
    return {row["value"]: row for row in load_toml("phantom", "cards.toml")["card"]}


def _card_en(v: Mapping[str, Any]) -> str:
    row = _cards()[v["value"]]
    return "Phantom" if v["value"] == PHANTOM else f"{row['name']} ({v['value']})"


def _card_ja(v: Mapping[str, Any]) -> str:
    row = _cards()[v["value"]]
    return row["name_ja"] if v["value"] == PHANTOM else f"{row['name_ja']}（{v['value']}）"


#: the words of a typed half, as a Japanese log says them (a name or a number stays)
_LINE_WORDS_JA = {
    "P": "怪人",
    "point": "指差し",
    "new": "新ラウンド",
    "more": "後半戦",
    "fourth": "4人目",
    "double": "ダブル",
    "yes": "受ける",
    "no": "降りる",
    "accuse": "怪人宣言",
    ">": "→",
    **{c: ja for c, (_, ja) in COLOURS.items()},
}


def _shown_ja(v: Mapping[str, Any]) -> str:
    """A typed half as a Japanese log lists it: its words in Japanese, the cards by their numbers.

    >>> from scoring.words import Fact, say
    >>> say(Fact("phantom.shown", line="Aki=10 Ben=P:red point Aki>Ben Ben>Aki new"), "ja")
    'Aki=10 Ben=怪人:赤 指差し Aki→Ben Ben→Aki 新ラウンド'
    """
    return "".join(_LINE_WORDS_JA.get(w, w) for w in re.split(r"([\s=,:>|])", str(v["line"])))


words(
    "phantom",
    {
        # who played which cards in a half: "Ben P" / "Ben 怪人" (the Phantom by its name)
        "who_played": (
            lambda v: f"{v['player']} " + " ".join(v["cards"]),
            lambda v: f"{v['player']} " + " ".join("怪人" if c == "P" else c for c in v["cards"]),
        ),
        # a half as the log lists it: its typed line; in Japanese its words in Japanese
        "shown": (lambda v: v["line"], _shown_ja),
        # a card by its name from the data file: "Politician (10)" / "政治家（10）"
        "card": (_card_en, _card_ja),
        # things listed one after another: "Aki 10, Ben P" / "Aki 10、Ben P"
        "each": (lambda v: ", ".join(v["items"]), lambda v: "、".join(v["items"])),
        # which card of a player's several (Poker): "second " / "2枚目の"
        "ordinal": (
            lambda v: ("first", "second", "third", "fourth")[v["k"]] + " ",
            lambda v: f"{v['k'] + 1}枚目の",
        ),
        # a half as the table names it
        "round": "Round {round}",
        "half": (
            "Round {round}, half {half}",
            lambda v: f"第{v['round']}ラウンド " + ("前半戦" if v["half"] == 1 else "後半戦"),
        ),
        "indented": "  {line}",
        # the culprit and why
        "ten_in_play": "The 10 is in play, so the {card} is the culprit.",
        "all_high": "Every other card in play is 5 or more, so the {card} is the culprit.",
        "escapes": "The {value} would be the culprit, but the {card} is in play, so the {value} escapes{then}",
        "then_culprit": ": the {value} is the culprit.",
        "highest": "The {card} is the highest card in play: the culprit.",
        "no_suspect": "No suspect can be the culprit: nobody scores for it.",
        "in_order": "The culprit is {which} in the order given.",
        "card_number": "card {number}",
        "no_card": "no card",
        # a half's points
        "detective": "The Detective is the culprit: every point from this culprit is doubled.",
        "declined": "{player} called Double and the other side declined: {player} scores 1 whatever the cards.",
        "played_culprit": "{player} played the culprit: +{gain}.",
        "played_culprit_double": "{player} played the culprit: +{gain} (Double accepted).",
        "fourth_found": "The 4th person is the culprit: {player} played the {card}: +{gain}.",
        "found": "{players} pointed at the culprit: +{each} each.",
        "found_minus": "{players} pointed at the culprit: +{each} each ({count} players − {found} who found it).",
        "pointed_phantom": "{player} pointed at {owner}'s Phantom and pays {take} to {owner}.",
        "called_right": "{player} rightly called {owner}'s {which}card the Phantom: takes 1 from {owner}.",
        "called_wrong_pays": "{player} wrongly called {owner}'s {which}card the Phantom: pays 1 to {owner}.",
        "called_wrong_loses": "{player} wrongly called {owner}'s {which}card the Phantom: loses 1.",
        # what the table is told after a half
        "fourth_card": "4th person {code}",
        "half_cards": "{where}: {shown}.",
        "nobody_found": "Nobody pointed at the culprit.",
        "won": "The game is over: {player} wins with {points}.",
        "tied": "{players} tie at {points}: the game goes on.",
        # what comes next
        "next_half": "{where}: {body}{accuse}{more}",
        "poker_cards": "1–3 cards each ({a}=8,P:red {b}=10 …), double={b}:yes|no",
        "cards_then_point": "each card ({fourth}{a}=10 {b}=P:red …), then point {a}>{b} …",
        "accuse": "; accuse={a}>{b}",
        "more_half": " (more: a second half)",
        # the heading
        "target": "target {target}",
        **{f"variant_{v}": pair for v, pair in VARIANTS.items()},
        **{f"rule_{n}_{v}".lower(): pair for (n, v), pair in RULES.items()},
        # what may be typed next
        **{f"colour_{c}": pair for c, pair in COLOURS.items()},
        "double_accepted": "{player} called Double, accepted",
        "double_declined": "{player} called Double, declined",
        "calls_phantom": "{player} calls {owner}'s card the Phantom",
        "players_card": "{player}'s card",
        "point": "who pointed at whom",
        "points_at": "{player} points at {target}",
        "new_round": "this half starts a new round",
        "second_half": "a second half for this round",
    },
)
