"""House-rule settings: one for every point the rules reference marks UNVERIFIED.

Each setting has a name, the documented default and the choices; `describe()` lists them for
the user. A record or a session may override any of them by name. Their explanations, names and
choices are words of the game's catalogue (``rule.<name>`` in ``scoring.trickster.words``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from scoring.houserules import HouseRuleSet
from scoring.trickster import words  # noqa: F401 - registers the settings' words (``rule.<name>``)


@dataclass(frozen=True)
class HouseRules(HouseRuleSet):
    RULE: ClassVar[str] = "trickster.house-rules"
    # each setting's choices, the default first; its words are the catalogue's (``rule.<name>``,
    # ``rule.<name>.title``, ``rule.<name>.<choice>`` in ``scoring.trickster.words``)
    DOCS: ClassVar[dict[str, tuple]] = {
        "special_case_buster": ("trickster", "leader"),
        "strict_targets": (True, False),
        "copy_copiers": (False, True),
        "copied_card_moves": (False, True),
        "inventor_resolves": (False, True),
        "distinct_enemies": (False, True),
        "trash_pick": ("any", "top"),
        "timeline_out_3p": ("end_round", "buster_leads"),
        "variant_round_trickster": ("keep_passing", "oldest"),
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
