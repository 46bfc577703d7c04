"""KINGs house rules: one for each open point of the rules reference, with its default."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from scoring.houserules import HouseRuleSet

_DOCS: dict[str, tuple[tuple, str, str]] = {
    "king_vs_king": (
        ("later", "earlier"),
        "Two kings in one trick: the later one wins (rule of 2022-12-10, default) or the earlier one "
        "(the first test-play wording).",
        "1トリックにキング2枚：後出しが勝つ（2022-12-10のルール、既定）か先出しが勝つ（当初のルール）。",
    ),
    "bid_miss_doubled": (
        (True, False),
        "Round 3 doubles the Devil's bid-miss and Copy bids like any bid (default on).",
        "第3ラウンドにデビルのビッド外れとコピーのビッドも2倍にする（既定オン）。",
    ),
    "modified_count_for_fronts": (
        (True, False),
        "The Devil's +2 and the Fairy's Gift's +1 also count for the Hermit, Ninja, Maru and Neme "
        "trick conditions (default on).",
        "デビルの+2と妖精の加護の+1をハーミット・忍者・マル・ネムの勝利数条件にも使う（既定オン）。",
    ),
    "samurai_cancelled_by_flag": (
        (False, True),
        "A White Flag in the trick cancels the Samurai's black strength, as in the base-game expansion (default off).",
        "トリックに白旗があるとサムライの能力が無効になる（基本セット拡張のルール、既定オフ）。",
    ),
    "cheerleader_gift": (
        ("normal", "advanced"),
        "The Fairy's Gift between a Cheerleader and the partner: normal (one shared +1, default) or "
        "the advanced rule (only the user's side gets +1, so both never hit).",
        "チアリーダーとパートナーの妖精の加護：通常ルール（既定：共に+1）か上級ルール（使った側だけ+1、"
        "両方は成功しない）。",
    ),
    "two_player_round3_double": (
        (False, True),
        "Two players: whether round 3 doubles bid points (default off: the 2-player example scores "
        "70 + 60 = 130 for two round-3 bids).",
        "2人用：第3ラウンドのビッドを2倍にするか（既定オフ：例では70＋60＝130点）。",
    ),
    "two_player_white_king": (
        (False, True),
        'Two players: play the White King expansion ("use it once you know the game"): the White King '
        "joins the red, blue, green and black kings in every round's draft; unused it scores 60 each "
        "round, used 20/50/80/150 for 1/2/3/4 White Flags and Rares (default off).",
        "2人用：拡張の白のキング（「ゲームに慣れてから」）を毎ラウンドのドラフトに赤・青・緑・黒のキングと並べる。"
        "未使用なら毎ラウンド60点、使用済みなら白旗とレア1/2/3/4枚で20/50/80/150点（既定オフ）。",
    ),
}


@dataclass(frozen=True)
class HouseRules(HouseRuleSet):
    RULE: ClassVar[str] = "kings.house-rules"
    DOCS: ClassVar[dict] = _DOCS

    king_vs_king: str = "later"
    bid_miss_doubled: bool = True
    modified_count_for_fronts: bool = True
    samurai_cancelled_by_flag: bool = False
    WORDS: ClassVar[dict[tuple[str, Any], tuple[str, str]]] = {
        ("cheerleader_gift", "normal"): ("normal: one shared +1", "通常ルール：共に+1"),
        ("cheerleader_gift", "advanced"): ("advanced: the user's side +1", "上級ルール：使った側だけ+1"),
        ("king_vs_king", "later"): ("later", "後出しが勝つ"),
        ("king_vs_king", "earlier"): ("earlier", "先出しが勝つ"),
    }
    NAMES: ClassVar[dict[str, str]] = {
        "king_vs_king": "キング同士",
        "bid_miss_doubled": "第3ラウンドのビッド外れも2倍",
        "modified_count_for_fronts": "勝利数条件に修正後の数",
        "samurai_cancelled_by_flag": "白旗でサムライ無効",
        "cheerleader_gift": "チアリーダーと妖精の加護",
        "two_player_round3_double": "2人用：第3ラウンドのビッド2倍",
        "two_player_white_king": "2人用：白のキング",
    }
    cheerleader_gift: str = "normal"
    two_player_round3_double: bool = False
    two_player_white_king: bool = False
