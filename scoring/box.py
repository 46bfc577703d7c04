"""What a game's box says about it, read without loading the game: its names (``data/<id>/box.toml``).

>>> box_names("sheriff").name("ja"), box_names("louder").name("en", short=True)
('シェリフ', 'LOUDER')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from scoring.data import load_toml


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


@cache
def box_names(game: str) -> Names:
    """The names on a built-in game's box (the ones the game itself reads)."""
    box = load_toml(game, "box.toml")
    return Names(box["name"], box["name_ja"], box.get("short", ""), box.get("short_ja", ""))
