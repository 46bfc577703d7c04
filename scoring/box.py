"""What a game's box says about it, read without loading the game: its names (``data/<id>/box.toml``).

>>> box_names("sheriff").name("ja"), box_names("louder").name("en", short=True)
('シェリフ', 'LOUDER')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from scoring.data import load_toml
from scoring.words import Fact, text


@dataclass(frozen=True)
class Names:
    """A game's name as the box prints it, and a short one for narrow columns, in both languages."""

    en: str
    ja: str
    short_en: str = ""
    short_ja: str = ""

    def name(self, lang: str = "en", short: bool = False) -> str:
        long = getattr(self, lang, "") or self.en  # the fields are named by language: en, ja
        return (getattr(self, f"short_{lang}", "") or long) if short else long

    def said(self) -> Fact:
        """The name as a fact, said in each viewer's language (the box's words, as a refusal names
        the game).

        >>> from scoring.words import say
        >>> say(box_names("sheriff").said(), "ja")
        'シェリフ'
        """
        return text(self.en, self.ja)


@cache
def box_names(game: str) -> Names:
    """The names on a built-in game's box (the ones the game itself reads)."""
    return names_of(load_toml(game, "box.toml"))


def names_of(box: Mapping[str, Any]) -> Names:
    """The names a box's ``box.toml`` gives (``name``, ``name_ja``, ``short``, ``short_ja``).

    >>> names_of({"name": "High Card", "name_ja": "High Card (ja)"}).name("ja", short=True)
    'High Card (ja)'
    """
    return Names(box["name"], box["name_ja"], box.get("short", ""), box.get("short_ja", ""))
