"""House rules: one named setting for every point a rules reference leaves open.

A game declares a frozen dataclass of its settings with the defaults, and documents each in
``DOCS`` as (choices, English, Japanese). Records and sessions override settings by name; every
override is checked, and ``describe`` lists them all for the user.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, ClassVar, TypeVar

from scoring.errors import RuleViolation
from scoring.words import in_languages

R = TypeVar("R", bound="HouseRuleSet")


class HouseRuleSet:
    RULE: ClassVar[str]  # the rules-text section that lists the house rules
    DOCS: ClassVar[dict[str, tuple[tuple, str, str]]]
    #: a choice's table words (English, Japanese), for a setting whose choices are words
    WORDS: ClassVar[dict[tuple[str, Any], tuple[str, str]]] = {}
    #: a setting's own name in Japanese, for the new-game form (in English the form names it by
    #: its key, which a record and the form's advanced line take)
    NAMES: ClassVar[dict[str, str]] = {}

    @classmethod
    def from_dict(cls: type[R], values: dict | None) -> R:
        """Settings from a record's ``"settings"`` object; unknown names and values are refused."""
        values = values or {}
        for key, value in values.items():
            if key not in cls.DOCS:
                raise RuleViolation(
                    cls.RULE,
                    f"Unknown house rule {key!r}; known: {', '.join(cls.DOCS)}.",
                    f"「{key}」というハウスルールはありません。",
                )
            choices = cls.DOCS[key][0]
            if value not in choices or type(value) is not type(choices[0]):
                raise RuleViolation(
                    cls.RULE,
                    f"House rule {key} takes {' or '.join(map(repr, choices))}, not {value!r}.",
                    f"ハウスルール {key} の値 {value!r} は使えません。",
                )
        return cls(**values)

    def changed(self) -> dict[str, Any]:
        """The settings that differ from the defaults."""
        default = type(self)()
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)  # type: ignore[arg-type]
            if getattr(self, f.name) != getattr(default, f.name)
        }

    def describe(self, lang: str = "en") -> list[tuple[str, Any, Any, str]]:
        """Every setting as (name, value, default, explanation), for screens and help texts."""
        default = type(self)()
        return [
            (f.name, getattr(self, f.name), getattr(default, f.name), in_languages(self.DOCS[f.name][1:], lang))
            for f in fields(self)
        ]  # type: ignore[arg-type]
