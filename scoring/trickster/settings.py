"""House-rule settings: one for every point the rules reference marks UNVERIFIED.

Each setting has a name, the documented default and the choices; `describe()` lists them for
the user. A record or a session may override any of them by name. Their explanations, names and
choices are words of the game's catalogue (``setting.<name>`` in ``scoring.trickster.words``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from scoring.houserules import HouseRuleSet
from scoring.trickster.words import GAME, in_each_language
from scoring.words import template

# name -> its choices, the default first
CHOICES: dict[str, tuple] = {
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


@dataclass(frozen=True)
class HouseRules(HouseRuleSet):
    RULE: ClassVar[str] = "trickster.house-rules"
    # the core takes each text in every language of ``LANGS``: (choices, English, Japanese)
    DOCS: ClassVar[dict] = {name: (choices, *in_each_language(f"setting.{name}")) for name, choices in CHOICES.items()}
    WORDS: ClassVar[dict[tuple[str, Any], tuple[str, ...]]] = {
        (name, choice): in_each_language(f"setting.{name}.{choice}")
        for name, choices in CHOICES.items()
        for choice in choices
        if isinstance(choice, str)
    }
    # a setting's own name on the new-game form, which the core takes in Japanese only (in English
    # the form names it by its key)
    NAMES: ClassVar[dict[str, str]] = {name: str(template(f"{GAME}.setting.{name}.title", "ja")) for name in CHOICES}
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
