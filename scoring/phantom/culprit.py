"""Who is the culprit, and why.

>>> from scoring.words import say
>>> c = find_culprit([(0, 10), (1, 5), (2, 9), (3, 1)], HouseRules())
>>> c.value, c.owner
(9, 2)
>>> say(c.lines[-1])
'The 10 would be the culprit, but the Forensic expert (5) is in play, so the 10 escapes: the 9 is the culprit.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

from scoring.data import load_toml
from scoring.houserules import HouseRuleSet
from scoring.phantom import words as _words  # noqa: F401  (the words a card and a culprit are said in)
from scoring.words import Fact, Words

PHANTOM = 1
FOURTH = -1  # the owner of the 4th person's card


@cache
def cards() -> dict[int, dict]:
    return {row["value"]: row for row in load_toml("phantom", "cards.toml")["card"]}


@cache
def variants() -> dict[str, dict]:
    return load_toml("phantom", "cards.toml")["variants"]


def card(v: int) -> Fact:
    """A card as the table says it: the Politician (10), 政治家（10） (``phantom.card``)."""
    return Fact("phantom.card", value=v)


@dataclass(frozen=True)
class HouseRules(HouseRuleSet):
    RULE: ClassVar[str] = "phantom.house-rules"
    DOCS: ClassVar[dict] = {
        "edition": (
            ("original", "oink"),
            "Base game deck: the original's 10 cards with one Phantom, or the Oink edition's 11 with two.",
            "基本ルールのデッキ：オリジナル版（怪人1枚）かオインク版（2枚）。",
        ),
        "correct_guess_points": (
            ("players_minus_correct", "one"),
            "Points for each player who found the culprit: players minus finders (Oink, default) or 1.",
            "犯人を当てた人の得点：人数−当てた人数（既定）か1点。",
        ),
        "reversals": (
            ("bar_owner_ten", "swapped"),
            "Bar owner (2) is the culprit with the 10 in play and the "
            "Courier (3) when all others are 5+ (default), or the other way round.",
            "バー店主（2）は10があれば犯人、運び屋（3）は他が全て5以上なら犯人（既定）、または逆。",
        ),
        "escapes": (
            ("forensic_ten", "swapped"),
            "The Forensic expert (5) lets the 10 escape and the Tool "
            "dealer (4) the 9 (default), or the other way round.",
            "鑑識屋（5）が10を、道具屋（4）が9を逃がす（既定）、または逆。",
        ),
        "courier_counts_phantom": (
            (True, False),
            "A Phantom in play (value 1) stops the Courier's 'all others 5 or more' (default on).",
            "怪人（1）も運び屋の「他が全て5以上」の判定に数える（既定オン）。",
        ),
        "detective_doubles_phantom": (
            (False, True),
            "A Detective culprit also doubles the Phantom's takings (default off).",
            "刑事が犯人の時、怪人が奪う点も2倍にする（既定オフ）。",
        ),
        "phantom_penalty": (
            (1, 2),
            "Points the Phantom takes from each player pointing at it (variation a: 2).",
            "怪人が指差した人から奪う点（バリエーションaは2点）。",
        ),
        "phantom_accusations": (
            (False, True),
            "Variation b: players may declare a card the Phantom.",
            "バリエーションb：「これは怪人だ!」宣言を使う。",
        ),
        "wrong_accusation_pays": (
            ("owner", "bank"),
            'Variation b: a wrong "this is the Phantom!" pays its 1 '
            "point to the owner of the card named (default), or to nobody.",
            "バリエーションb：外れた宣言の1点は、指したカードの持ち主に払う（既定）か、誰にも払わない。",
        ),
        "floor_zero": (
            (False, True),
            "Totals never go below 0 (default off: they may).",
            "合計を0点未満にしない（既定オフ）。",
        ),
        "target": (
            tuple(range(0, 31)),
            "Points that end the game; 0 means the variant's own (10, Poker 5).",
            "ゲーム終了の得点。0ならバリエーションの既定（10点、ポーカー5点）。",
        ),
        "five_player_second_half": (
            ("never", "only_if_someone_guessed"),
            "West Coast: no second half (as written, default), or one only when someone found the culprit.",
            "西海岸：後半戦なし（既定）か、誰かが犯人を当てた時だけ後半戦。",
        ),
        "self_pointing": (
            (False, True),
            "Whether a player may point at their own card (default no).",
            "自分のカードを指差せるか（既定：不可）。",
        ),
    }

    WORDS: ClassVar[dict[tuple[str, Any], tuple[str, str]]] = {
        ("edition", "original"): ("original", "オリジナル版"),
        ("edition", "oink"): ("oink", "オインク版"),
        ("correct_guess_points", "players_minus_correct"): ("players minus correct", "人数−当てた人数"),
        ("correct_guess_points", "one"): ("one", "1点"),
        ("reversals", "bar_owner_ten"): ("bar owner ten", "バー店主は10、運び屋は5以上"),
        ("reversals", "swapped"): ("swapped", "逆"),
        ("escapes", "forensic_ten"): ("forensic ten", "鑑識屋は10、道具屋は9"),
        ("escapes", "swapped"): ("swapped", "逆"),
        ("wrong_accusation_pays", "owner"): ("owner", "カードの持ち主"),
        ("wrong_accusation_pays", "bank"): ("bank", "誰にも払わない"),
        ("five_player_second_half", "never"): ("never", "後半戦なし"),
        ("five_player_second_half", "only_if_someone_guessed"): ("only if someone guessed", "当てた人がいれば後半戦"),
    }
    NAMES: ClassVar[dict[str, str]] = {
        "edition": "デッキ",
        "correct_guess_points": "当てた人の得点",
        "reversals": "バー店主と運び屋",
        "escapes": "鑑識屋と道具屋",
        "courier_counts_phantom": "運び屋の判定に怪人",
        "detective_doubles_phantom": "刑事で怪人の点も2倍",
        "phantom_penalty": "怪人が奪う点",
        "phantom_accusations": "怪人宣言（バリエーションb）",
        "wrong_accusation_pays": "外れた宣言の1点",
        "floor_zero": "0点未満なし",
        "target": "目標得点",
        "five_player_second_half": "西海岸の後半戦",
        "self_pointing": "自分を指差す",
    }
    edition: str = "original"
    correct_guess_points: str = "players_minus_correct"
    reversals: str = "bar_owner_ten"
    escapes: str = "forensic_ten"
    courier_counts_phantom: bool = True
    detective_doubles_phantom: bool = False
    phantom_penalty: int = 1
    phantom_accusations: bool = False
    wrong_accusation_pays: str = "owner"
    floor_zero: bool = False
    target: int = 0
    five_player_second_half: str = "never"
    self_pointing: bool = False


@dataclass(frozen=True)
class Culprit:
    value: int | None  # None: nobody is the culprit
    owner: int | None  # seat, FOURTH for the 4th person, None
    lines: tuple[Words, ...]


def find_culprit(in_play: Sequence[tuple[int, int]], rules: HouseRules) -> Culprit:
    """The culprit among (owner, value) cards in play, with the reasoning in plain words (facts)."""
    values = [v for _, v in in_play]
    owner_of = {v: o for o, v in in_play if v != PHANTOM}
    ten_rev, high_rev = (2, 3) if rules.reversals == "bar_owner_ten" else (3, 2)
    lines: list[Words] = []
    if ten_rev in values and 10 in values:
        lines.append(Fact("phantom.ten_in_play", card=card(ten_rev)))
        return Culprit(ten_rev, owner_of[ten_rev], tuple(lines))
    if high_rev in values:
        others = [v for v in values if v != high_rev and (rules.courier_counts_phantom or v != PHANTOM)]
        if others and all(v >= 5 for v in others):
            lines.append(Fact("phantom.all_high", card=card(high_rev)))
            return Culprit(high_rev, owner_of[high_rev], tuple(lines))
    ten_esc, nine_esc = (5, 4) if rules.escapes == "forensic_ten" else (4, 5)
    escapes = {}
    if ten_esc in values:
        escapes[10] = ten_esc
    if nine_esc in values:
        escapes[9] = nine_esc
    suspects = sorted((v for v in values if v != PHANTOM), reverse=True)
    for v in suspects:
        if v in escapes:
            lines.append(Fact("phantom.escapes", value=v, card=card(escapes[v]), then=""))
            continue
        if lines:  # the last card to escape names the culprit
            escaped = lines[-1]
            assert isinstance(escaped, Fact)
            lines[-1] = Fact(escaped.key, **{**escaped.values, "then": Fact("phantom.then_culprit", value=v)})
        else:
            lines.append(Fact("phantom.highest", card=card(v)))
        return Culprit(v, owner_of[v], tuple(lines))
    lines.append(Fact("phantom.no_suspect"))
    return Culprit(None, None, tuple(lines))
