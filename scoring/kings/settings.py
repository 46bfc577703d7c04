"""KINGs house rules: one for each open point of the rules reference, with its default."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from scoring.houserules import HouseRuleSet


@dataclass(frozen=True)
class HouseRules(HouseRuleSet):
    RULE: ClassVar[str] = "kings.house-rules"
    # each setting's choices; its words are the catalogue's (kings.rule.<name>, .title, .<choice>)
    DOCS: ClassVar[dict] = {
        "king_vs_king": ("later", "earlier"),
        "bid_miss_doubled": (True, False),
        "modified_count_for_fronts": (True, False),
        "samurai_cancelled_by_flag": (False, True),
        "cheerleader_gift": ("normal", "advanced"),
        "two_player_round3_double": (False, True),
        "two_player_white_king": (False, True),
        "bond_is_a_bid": (False, True),
    }
    #: sessions stored before ``bond_is_a_bid`` was a setting were scored with it on: they keep it
    KEPT: ClassVar[dict] = {"bond_is_a_bid": True}

    king_vs_king: str = "later"
    bid_miss_doubled: bool = True
    modified_count_for_fronts: bool = True
    samurai_cancelled_by_flag: bool = False
    cheerleader_gift: str = "normal"
    two_player_round3_double: bool = False
    two_player_white_king: bool = False
    bond_is_a_bid: bool = False
