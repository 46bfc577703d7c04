"""House-rule settings: one for every point the rules reference marks UNVERIFIED.

Each setting has a name, the documented default and the choices; `describe()` lists them for
the user. A record or a session may override any of them by name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from scoring.houserules import HouseRuleSet

# name -> (choices, English explanation, Japanese explanation)
_DOCS: dict[str, tuple[tuple, str, str]] = {
    "special_case_buster": (
        ("trickster", "leader"),
        "When the Leader's own effect put the second card in the pot and then everyone followed, "
        "who busts: the player who would have been the Trickster (default) or the Leader.",
        "リーダーの効果で2枚目が出た後に全員がフォローした場合にドボンする人：本来のトリックスター（既定）かリーダー。",
    ),
    "strict_targets": (
        (True, False),
        "An effect must be resolved with a choice that works whenever one exists (default on); "
        "off lets a player pick an enemy or card that makes the effect fail.",
        "効果を解決できる選択肢があれば必ずそれを選ぶ（既定）。オフなら失敗する対象を選んでもよい。",
    ),
    "copy_copiers": (
        (False, True),
        "Whether the Archivist or the General may copy an Archivist or a General (default: no).",
        "記録保管人・将軍が記録保管人・将軍の効果を使えるか（既定：使えない）。",
    ),
    "copied_card_moves": (
        (False, True),
        "Whether the effect an Archivist or a General uses may move the card it is using (the "
        "Archivist taking the trash's Revolutionary with that Revolutionary's own effect) (default: "
        "no, that card stays where it is).",
        "記録保管人・将軍が使う効果で、その効果のカード自体を動かせるか（捨て札の革命家の効果でその"
        "革命家を取るなど）（既定：動かせない、そのカードはその場に残る）。",
    ),
    "inventor_resolves": (
        (False, True),
        "Whether the card the Inventor turns into the pot has its effect resolved (default: no).",
        "発明家が卓中央に出したカードの効果を使うか（既定：使わない）。",
    ),
    "distinct_enemies": (
        (False, True),
        "With three or more players, whether an effect that names 'an enemy' twice needs two "
        "different enemies (default: no, the same enemy may be chosen twice).",
        "3人以上で「敵いずれか1人」が2回出る効果に別々の敵が必要か（既定：同じ敵でもよい）。",
    ),
    "trash_pick": (
        ("any", "top"),
        "Which trash cards an effect may take: any of the overlapping trash (default) or only the top one.",
        "効果で選べる捨て札：すべて（既定）か一番上だけ。",
    ),
    "timeline_out_3p": (
        ("end_round", "buster_leads"),
        "Three players, Timeline used up: the round ends as in the 2-player game (default), or "
        "play goes on as in the 4–7 player game, the last buster leading.",
        "3人でタイムラインが尽きた場合：2人用と同様にラウンド終了（既定）か、4-7人用と同様に直前にドボンした人がリードして続ける。",
    ),
    "variant_round_trickster": (
        ("keep_passing", "oldest"),
        "2–3 players: who holds the Trickster token at the start of rounds 2 and 3: it keeps passing "
        "left (default), or it goes back to the oldest player.",
        "2-3人：第2・第3ラウンド開始時のトリックスター：トークンを左へ渡し続ける（既定）か、最年長者に戻す。",
    ),
}


@dataclass(frozen=True)
class HouseRules(HouseRuleSet):
    RULE: ClassVar[str] = "trickster.house-rules"
    DOCS: ClassVar[dict] = _DOCS

    WORDS: ClassVar[dict[tuple[str, Any], tuple[str, str]]] = {
        ("special_case_buster", "trickster"): ("the Trickster", "トリックスター"),
        ("special_case_buster", "leader"): ("the Leader", "リーダー"),
        ("trash_pick", "any"): ("any", "すべて"),
        ("trash_pick", "top"): ("top", "一番上だけ"),
        ("timeline_out_3p", "end_round"): ("end round", "ラウンド終了"),
        ("timeline_out_3p", "buster_leads"): ("buster leads", "ドボンした人がリード"),
        ("variant_round_trickster", "keep_passing"): ("keep passing", "左へ渡し続ける"),
        ("variant_round_trickster", "oldest"): ("oldest", "最年長者に戻す"),
    }
    NAMES: ClassVar[dict[str, str]] = {
        "special_case_buster": "特例でドボンする人",
        "strict_targets": "解決できる対象を選ぶ",
        "copy_copiers": "コピー効果のコピー",
        "copied_card_moves": "使った効果のカードの移動",
        "inventor_resolves": "発明家のカードの効果",
        "distinct_enemies": "2人の敵は別人",
        "trash_pick": "選べる捨て札",
        "timeline_out_3p": "3人でタイムラインが尽きたら",
        "variant_round_trickster": "2-3人の各ラウンドのトリックスター",
    }
    special_case_buster: str = "trickster"
    strict_targets: bool = True
    copy_copiers: bool = False
    copied_card_moves: bool = False
    inventor_resolves: bool = False
    distinct_enemies: bool = False
    trash_pick: str = "any"
    timeline_out_3p: str = "end_round"
    variant_round_trickster: str = "keep_passing"


def describe(rules: HouseRules | None = None, lang: str = "en") -> list[tuple[str, object, object, str]]:
    """Every setting as (name, value, default, explanation), for screens and ``--help`` texts."""
    return (rules or HouseRules()).describe(lang)
